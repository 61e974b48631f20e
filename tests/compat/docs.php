<?php
// Runs every ```php, ```sh, ```js and ```python block and every marked table of README.md,
// CONTRIBUTING.md and docs/*.md, compares what each prints with the results the document shows, and
// checks that every byte string of the prose is one that a checked block or table of the same file
// shows or uses; and runs the run lines of the examples as they are written.
// The convention is in CONTRIBUTING.md, "Docs"; python blocks show their results as sh blocks do,
// with `# => RESULT`.
//   php -n tests/compat/docs.php OURS_PHP REFERENCE_PHP NODE PYTHON FILE...
// OURS_PHP and REFERENCE_PHP are JSON lists (the php binary and its -n -d extension=... options);
// NODE is the JSON list of the node command, or [] when node or tests/compat/js's packages are
// missing, PYTHON that of a python3 that imports msgpack, or [] (the js or python blocks are then
// skipped, and counted so). Each block and each table runs in its own process, php blocks and
// tables with this build unless marked <!-- run: pecl-2.2 -->, sh and python blocks in the
// repository's root (sh with bash), js blocks with node in tests/compat/js.
// A FILE ending in .php is an example (examples/*.php): each command of its opening comment that
// starts with `php ` is a run line; it must load this build with `php -n` (no ini file, so that no
// other module named msgpack is loaded), and runs with bash in the root as it is written (with
// MSGPACK_JS_MODULES naming tests/compat/js, and REDIS_SO and MSGPACK_REDIS_PORT when the
// environment has them: a run line that uses $REDIS_SO without them is not run, and counted so);
// it must exit 0 and write nothing to stderr.
// Prints each failure, then: N passed, N failed, N skipped (one check per block, table or run
// line, and one per byte string of the prose that nothing checks).

[, $ours, $ref, $node, $python] = array_slice($argv, 0, 5);
$ours = json_decode($ours, true);
$ref = json_decode($ref, true);
$node = json_decode($node, true);
$python = json_decode($python, true);
$files = array_slice($argv, 5);
$root = dirname(__DIR__, 2);

const MARKER = '/^<!-- (not run(?::.*)?|run|run: pecl-2\.2|table: (.+) => \$(\d+)) -->\s*$/';
// A byte string of the prose: a code span of 3 bytes or more, spaced or not (unspaced, with a
// letter: `1514862245` is a number), and nothing else but a ".." or "..." after them (more bytes
// follow).
const HEX_SPAN = '/^((?:[0-9a-f]{2} ){2,}[0-9a-f]{2}|(?=[0-9]*[a-f])(?:[0-9a-f]{2}){3,})(?: ?\.\.\.?)?$/';

// What starts a result comment: `// => ` in php and js, `# => ` in sh and python.
function result_mark(string $lang): string
{
    return $lang === 'sh' || $lang === 'python' ? '# => ' : '// => ';
}

/**
 * The checks of one file: its fenced blocks and marked tables, and the code spans of the rest.
 * @return array{0: list<array>, 1: list<array{line: int, text: string}>, 2: list<string>}
 */
function parse_file(string $file): array
{
    $lines = file($file, FILE_IGNORE_NEW_LINES);
    $items = [];
    $prose = [];     // the code spans outside checked blocks and tables
    $errors = [];
    $n = count($lines);
    // what the markers before the next block or table say: $mode is null (no marker), 'run',
    // 'skip' (with $why) or 'ref'; $table the template of a table
    $reset = function () use (&$mode, &$why, &$table, &$marker) {
        $mode = $why = $table = $marker = null;
    };
    $reset();
    for ($i = 0; $i < $n; $i++) {
        $l = $lines[$i];
        if (preg_match(MARKER, $l, $m)) {
            if (str_starts_with($m[1], 'not run')) {
                $mode = 'skip';
                $why = trim(substr($m[1], strlen('not run:')));
            } elseif ($m[1] === 'run') {
                $mode = 'run';
            } elseif ($m[1] === 'run: pecl-2.2') {
                $mode = 'ref';
            } else {
                $table = ['template' => $m[2], 'expected' => (int) $m[3]];
            }
            $marker ??= $i + 1;
            continue;
        }
        // a fence may be indented (in a list item): so are its lines
        if (preg_match('/^( *)```(\S*)/', $l, $m)) {
            $start = $i + 1;
            $code = [];
            for ($i++; $i < $n && !preg_match('/^ *```\s*$/', $lines[$i]); $i++) {
                $code[] = preg_replace('/^ {0,' . strlen($m[1]) . '}/', '', $lines[$i]);
            }
            $lang = $m[2];
            $runs = in_array($lang, ['php', 'sh', 'js', 'python'], true);
            if ($table !== null || ($marker !== null && !$runs)) {
                $errors[] = "$file:$marker: a marker before a ```$lang block, which it does not apply to";
                $runs = false;
            } elseif ($lang === 'sh' && ($mode === null || $mode === 'ref' || ($mode === 'skip' && $why === ''))) {
                // a command may install, build, or run the suite (which runs this script): each sh
                // block says whether it runs, and why not
                $errors[] = "$file:$start: a ```sh block needs <!-- run --> or <!-- not run: WHY --> on the line before it";
                $runs = false;
            } elseif ($runs) {
                $items[] = ['kind' => 'block', 'lang' => $lang, 'file' => $file, 'line' => $start,
                    'code' => $code, 'mode' => $mode === 'run' || $mode === null ? 'ours' : $mode];
            }
            if ($mode === 'skip' || !$runs) {
                foreach ($code as $k => $c) {
                    $prose = array_merge($prose, code_spans($c, $start + 1 + $k, true));
                }
            }
            $reset();
            continue;
        }
        if ($table !== null && str_starts_with($l, '|')) {
            $rows = [];
            for (; $i < $n && str_starts_with($lines[$i], '|'); $i++) {
                $rows[] = ['line' => $i + 1, 'cells' => table_cells($lines[$i])];
            }
            $i--;
            if ($mode === 'skip') {
                $errors[] = "$file:$marker: <!-- not run --> before a table";
            }
            // the header and the |---| line are not rows
            $items[] = $table + ['kind' => 'table', 'file' => $file, 'line' => $rows[0]['line'],
                'rows' => array_slice($rows, 2), 'mode' => $mode === 'ref' ? 'ref' : 'ours'];
            $reset();
            continue;
        }
        if ($marker !== null && trim($l) !== '') {
            $errors[] = "$file:$marker: a marker followed by neither a block nor a table";
            $reset();
        }
        // a code span may go on to the next line of a paragraph
        $span = $l;
        $first = $i + 1;
        while (substr_count($span, '`') % 2 === 1 && $i + 1 < $n && trim($lines[$i + 1]) !== '') {
            $span .= ' ' . $lines[++$i];
        }
        $prose = array_merge($prose, code_spans($span, $first, false));
    }
    if ($marker !== null) {
        $errors[] = "$file:$marker: a marker at the end of the file";
    }
    return [$items, $prose, $errors];
}

/** @return list<array{line: int, text: string}> */
function code_spans(string $text, int $line, bool $whole): array
{
    if ($whole) {
        // a line of a block that is not run: its words stand for code spans
        return array_map(fn ($w) => ['line' => $line, 'text' => $w],
            preg_split('/[\s"\',;()]+/', $text, -1, PREG_SPLIT_NO_EMPTY));
    }
    preg_match_all('/`([^`]+)`/', $text, $m);
    return array_map(fn ($t) => ['line' => $line, 'text' => $t], $m[1]);
}

/** @return list<string> the cells of a table line, `\|` unescaped */
function table_cells(string $line): array
{
    $cells = preg_split('/(?<!\\\\)\|/', trim(trim($line), '|'));
    return array_map(fn ($c) => str_replace('\\|', '|', trim($c)), $cells);
}

// The program a block runs as: after each line with a result comment (and a run of result-only
// lines after it: more lines of the same result), a separator is printed, so that the output
// splits into one piece per result (and the rest after the last one).
function instrument(string $lang, array $code, ?array &$expected): string
{
    $mark = result_mark($lang);
    $sep = ['php' => 'echo "\x1e";', 'sh' => "printf '\\036'", 'js' => 'process.stdout.write("\x1e");',
        'python' => 'print("\x1e", end="")'][$lang];
    $out = [];
    $expected = [];
    $open = false;   // the last line was a result: a result-only line continues it
    foreach ($code as $l) {
        $at = strpos($l, $mark);
        if ($at !== false && ($lang === 'sh' || $lang === 'python' || (!str_contains(substr($l, 0, $at), '"//') && !str_contains(substr($l, 0, $at), "'//")))) {
            $shown = substr($l, $at + strlen($mark));
            if ($open && trim(substr($l, 0, $at)) === '') {
                array_pop($out);
                $expected[count($expected) - 1] .= "\n" . $shown;
            } else {
                $out[] = $l;
                $expected[] = $shown;
            }
            // python: the separator goes at the indentation of the line it follows (a block's body)
            $out[] = ($lang === 'python' ? preg_replace('/^(\s*).*$/s', '$1', $l) : '') . $sep;
            $open = true;
            continue;
        }
        $out[] = $l;
        $open = false;
    }
    return ($lang === 'php' ? "<?php\n" : '') . implode("\n", $out) . "\n";
}

// The program of a marked table: each pair of cells one eval()'d statement, its warnings and
// exceptions printed as its result, so that a row fails alone.
function table_program(array $t, ?array &$expected, array &$problems): string
{
    $out = ["<?php",
        "function bytes(string \$hex): string { return hex2bin(preg_replace('/\\s+/', '', \$hex)); }",
        "set_error_handler(function (\$no, \$msg) { echo '[warning: ', \$msg, ']'; return true; });"];
    $expected = [];
    preg_match_all('/\$(\d+)/', $t['template'], $m);
    $columns = array_unique(array_merge(array_map('intval', $m[1]), [$t['expected']]));
    foreach ($t['rows'] as $r) {
        $spans = [];
        // a cell's `code` spans, or its text when it has none
        foreach ($columns as $c) {
            $cell = $r['cells'][$c - 1] ?? '';
            preg_match_all('/`([^`]+)`/', $cell, $s);
            $spans[$c] = $s[1] ?: ($cell === '' ? [] : [$cell]);
        }
        $counts = array_unique(array_map('count', $spans));
        if (count($counts) !== 1 || reset($counts) === 0) {
            $problems[] = "line {$r['line']}: columns " . implode(', ', $columns) .
                ' must hold as many `code` spans (or one text) each, at least one';
            continue;
        }
        foreach (array_keys($spans[$t['expected']]) as $k) {
            $code = preg_replace_callback('/\$(\d+)/', fn ($x) => $spans[(int) $x[1]][$k], $t['template']);
            $expected[] = ['line' => $r['line'], 'code' => $code, 'shown' => $spans[$t['expected']][$k]];
            $out[] = 'try { eval(' . var_export("echo $code;", true) . '); } catch (Throwable $e) { echo "[", get_class($e), ": ", $e->getMessage(), "]"; }';
            $out[] = 'echo "\x1e";';
        }
    }
    return implode("\n", $out) . "\n";
}

// Whether what a line printed is what its result shows: bytes shown spaced (`81 a1 61 01`) match
// without the spaces, and bytes that end in `...` match the start of what was printed.
function same(string $shown, string $got): bool
{
    $got = preg_replace('/\n\z/', '', $got);
    if ($got === $shown) {
        return true;
    }
    if (preg_match('/^((?:[0-9a-f]{2} ?)+?) ?(\.\.\.)?$/', $shown, $m)) {
        $bytes = str_replace(' ', '', $m[1]);
        return isset($m[2]) ? str_starts_with($got, $bytes) : $got === $bytes;
    }
    return $got === $shown;
}

// Runs a program: php from a file (as a reader runs it: STDIN and the like are defined), node
// and python from their standard input (node resolves the imports of a module read so from $cwd),
// bash from its argument. $env: variables added to the environment.
function run(string $lang, array $cmd, string $program, ?string $cwd = null, array $env = []): array
{
    $tmp = null;
    if ($lang === 'php') {
        $tmp = tempnam(sys_get_temp_dir(), 'msgpack-doc');
        file_put_contents($tmp, $program);
        $cmd[] = $tmp;
        $program = '';
    } elseif ($lang === 'sh') {
        $cmd = array_merge($cmd, ['-c', $program]);
        $program = '';
    } elseif ($lang === 'python') {
        $cmd[] = '-';
    }
    $p = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $cwd,
        $env ? array_merge(getenv(), $env) : null);
    fwrite($pipes[0], $program);
    fclose($pipes[0]);
    $stdout = stream_get_contents($pipes[1]);
    $stderr = stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    if ($tmp !== null) {
        unlink($tmp);
    }
    return [$rc, $stdout, $stderr];
}

// The hex bytes a checked block or table holds: its results, and the byte strings of its code
// (`"\x92\x01"`, `hex2bin('9201')`, `bytes('92 01')`, bare hex), so that a byte string of the prose
// can be looked up in them.
function checked_bytes(string $text): string
{
    $hex = '';
    preg_match_all('/(?:\\\\x[0-9a-fA-F]{2})+|(?:[0-9a-f]{2} ?)+/', $text, $m);
    foreach ($m[0] as $run) {
        $hex .= strtolower(str_replace(['\\x', ' '], '', $run)) . '|';
    }
    return $hex;
}

// every error shown, and apart from what the program prints
$phpOptions = ['-d', 'display_errors=stderr', '-d', 'error_reporting=-1'];
$passed = $failed = $skipped = $notRun = 0;
$fail = function (string $where, array $problems) use (&$failed) {
    $failed++;
    echo "FAIL $where\n";
    foreach ($problems as $p) {
        echo "     $p\n";
    }
};
// An example's run lines (the commands of its opening comment that start with `php `), each run
// as it is written: they must load this build with php -n (no ini file may load another module
// named msgpack: Debian's php8.2-memcached pulls in PECL's), exit 0 and write nothing to stderr.
$run_example = function (string $file) use (&$passed, &$notRun, $fail, $root) {
    $lines = [];
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $k => $l) {
        if ($k === 0 && str_starts_with($l, '<?php')) {
            continue;
        }
        if (!str_starts_with($l, '//')) {
            break;
        }
        if (preg_match('#^//\s+(php\s.*)$#', $l, $m)) {
            $lines[] = [$k + 1, trim($m[1])];
        }
    }
    if (!$lines) {
        $fail("$file: no run line (a comment line `//   php -n -d extension=modules/msgpack.so $file` at the top)", []);
        return;
    }
    $env = ['MSGPACK_JS_MODULES' => "$root/tests/compat/js"];
    foreach ($lines as [$line, $cmd]) {
        $where = "$file:$line";
        if (!preg_match('#^php -n (-d \S+ )*-d extension=modules/msgpack\.so\b#', $cmd)) {
            $fail("$where: the run line must load this build with php -n: php -n -d extension=modules/msgpack.so ...", [$cmd]);
            continue;
        }
        if (str_contains($cmd, '$REDIS_SO') && (getenv('REDIS_SO') === false || getenv('MSGPACK_REDIS_PORT') === false)) {
            $notRun++;
            echo "NOT RUN $where: needs REDIS_SO (phpredis built with msgpack) and a redis-server (scripts/integration runs it)\n";
            continue;
        }
        [$rc, $stdout, $stderr] = run('sh', ['bash'], "timeout 120 $cmd", $root, $env);
        $problems = [];
        if ($rc !== 0) {
            $problems[] = "exit $rc: " . json_encode(substr(trim($stdout), -300));
        }
        if ($stderr !== '') {
            $problems[] = 'stderr: ' . trim($stderr);
        }
        if ($problems) {
            $fail("$where: $cmd", $problems);
        } else {
            $passed++;
        }
    }
};
foreach ($files as $file) {
    if (str_ends_with($file, '.php')) {
        $run_example($file);
        continue;
    }
    [$items, $prose, $errors] = parse_file($file);
    foreach ($errors as $e) {
        $fail($e, []);
    }
    $checked = '';
    foreach ($items as $b) {
        $where = "{$b['file']}:{$b['line']}" . ($b['mode'] === 'ref' ? ' (PECL msgpack 2.2)' : '');
        if ($b['mode'] === 'skip') {
            $notRun++;
            continue;
        }
        $problems = [];
        if ($b['kind'] === 'table') {
            $where .= ' (table)';
            $program = table_program($b, $expected, $problems);
            $checked .= checked_bytes(implode("\n", array_column($expected, 'code')) . "\n" .
                implode("\n", array_column($expected, 'shown')));
            [$rc, $stdout, $stderr] = run('php', array_merge($b['mode'] === 'ref' ? $ref : $ours, $phpOptions), $program);
        } else {
            $checked .= checked_bytes(implode("\n", $b['code']));
            if ($b['lang'] === 'js' && !$node) {
                $skipped++;
                echo "SKIP $where: node or the packages of tests/compat/js are missing\n";
                continue;
            }
            if ($b['lang'] === 'python' && !$python) {
                $skipped++;
                echo "SKIP $where: no python3 that imports msgpack (Debian: python3-msgpack)\n";
                continue;
            }
            $program = instrument($b['lang'], $b['code'], $expected);
            $expected = array_map(fn ($e) => ['shown' => $e], $expected);
            [$rc, $stdout, $stderr] = match ($b['lang']) {
                'php' => run('php', array_merge($b['mode'] === 'ref' ? $ref : $ours, $phpOptions), $program),
                'sh' => run('sh', ['bash'], $program, $root),
                'js' => run('js', array_merge($node, ['--input-type=module']), $program, "$root/tests/compat/js"),
                'python' => run('python', $python, $program, $root),
            };
        }
        $pieces = explode("\x1e", $stdout);
        $rest = array_pop($pieces);
        if ($rc !== 0) {
            $problems[] = "exit $rc";
        }
        if ($stderr !== '') {
            $problems[] = 'stderr: ' . trim($stderr);
        }
        if (count($pieces) !== count($expected)) {
            $problems[] = sprintf('%d of %d results reached', count($pieces), count($expected));
        }
        foreach ($pieces as $k => $got) {
            if (isset($expected[$k]) && !same($expected[$k]['shown'], $got)) {
                $problems[] = isset($expected[$k]['line'])
                    ? sprintf("line %d: %s shown %s, printed %s", $expected[$k]['line'], $expected[$k]['code'], json_encode($expected[$k]['shown']), json_encode($got))
                    : sprintf("result %d: shown %s, printed %s", $k + 1, json_encode($expected[$k]['shown']), json_encode($got));
            }
        }
        if ($rest !== '') {
            $problems[] = 'printed without a result comment: ' . json_encode($rest);
        }
        if ($problems) {
            $fail($where, $problems);
        } else {
            $passed++;
        }
    }
    // A byte string of the prose (or of a block that is not run) must be one that a checked block
    // or table of the file shows or uses: then it cannot drift from what the code does.
    foreach ($prose as $s) {
        if (preg_match(HEX_SPAN, $s['text'], $m) && !str_contains($checked, str_replace(' ', '', $m[1]))) {
            $fail("$file:{$s['line']}: the bytes `{$s['text']}` are checked by no block or table of the file", []);
        }
    }
}
echo "$notRun blocks marked not run (and run lines that need what this run has not)\n";
echo "$passed passed, $failed failed, $skipped skipped\n";
exit($failed ? 1 : 0);
