<?php
// Runs every ```php block of README.md, CONTRIBUTING.md and docs/*.md and compares what each
// marked line prints with its result comment (the convention is in CONTRIBUTING.md, "Docs").
//   php -n tests/compat/docs.php OURS_PHP_COMMAND REFERENCE_PHP_COMMAND FILE...
// Each command is a JSON list (the php binary and its -n -d extension=... options). A block runs
// in its own process; one preceded by <!-- not run --> is left out, one preceded by
// <!-- run: pecl-2.2 --> runs with the reference module (Debian's PECL msgpack 2.2) instead.
// Prints each failure, then: N passed, N failed (one check per block run).

[$self, $ours, $ref] = array_slice($argv, 0, 3);
$ours = json_decode($ours, true);
$ref = json_decode($ref, true);
$files = array_slice($argv, 3);
const MARK = '// => ';

/** @return list<array{file: string, line: int, code: string, mode: string}> */
function php_blocks(string $file): array
{
    $lines = file($file, FILE_IGNORE_NEW_LINES);
    $blocks = [];
    $mode = 'ours';
    for ($i = 0; $i < count($lines); $i++) {
        $l = $lines[$i];
        if (preg_match('/^<!-- (not run|run: pecl-2\.2) -->\s*$/', $l, $m)) {
            $mode = $m[1] === 'not run' ? 'skip' : 'ref';
            continue;
        }
        if (preg_match('/^```(\S*)/', $l, $m)) {
            $start = $i + 1;
            $code = [];
            for ($i++; $i < count($lines) && !preg_match('/^```\s*$/', $lines[$i]); $i++) {
                $code[] = $lines[$i];
            }
            if ($m[1] === 'php') {
                $blocks[] = ['file' => $file, 'line' => $start, 'code' => $code, 'mode' => $mode];
            }
            $mode = 'ours';
            continue;
        }
        if (trim($l) !== '') {
            $mode = 'ours';   // a marker applies to the block right after it only
        }
    }
    return $blocks;
}

// The program a block runs as: after each line with a result comment, a separator is printed,
// so that the output splits into one piece per marked line (and the rest after the last one).
function instrument(array $code, ?array &$expected): string
{
    $out = [];
    $expected = [];
    foreach ($code as $l) {
        $out[] = $l;
        $at = strpos($l, MARK);
        if ($at !== false && !str_contains(substr($l, 0, $at), '"//') && !str_contains(substr($l, 0, $at), "'//")) {
            $expected[] = substr($l, $at + strlen(MARK));
            $out[] = 'echo "\x1e";';
        }
    }
    return "<?php\n" . implode("\n", $out) . "\n";
}

function run(array $cmd, string $program): array
{
    $tmp = tempnam(sys_get_temp_dir(), 'msgpack-doc');
    file_put_contents($tmp, $program);
    $p = proc_open(array_merge($cmd, ['-d', 'display_errors=stderr', '-d', 'error_reporting=-1', $tmp]),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $stdout = stream_get_contents($pipes[1]);
    $stderr = stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    unlink($tmp);
    return [$rc, $stdout, $stderr];
}

$passed = $failed = 0;
$notRun = 0;
foreach ($files as $file) {
    foreach (php_blocks($file) as $b) {
        $where = "{$b['file']}:{$b['line']}" . ($b['mode'] === 'ref' ? ' (PECL msgpack 2.2)' : '');
        if ($b['mode'] === 'skip') {
            $notRun++;
            continue;
        }
        $program = instrument($b['code'], $expected);
        [$rc, $stdout, $stderr] = run($b['mode'] === 'ref' ? $ref : $ours, $program);
        $pieces = explode("\x1e", $stdout);
        $rest = array_pop($pieces);
        $problems = [];
        if ($rc !== 0) {
            $problems[] = "exit $rc";
        }
        if ($stderr !== '') {
            $problems[] = 'stderr: ' . trim($stderr);
        }
        if (count($pieces) !== count($expected)) {
            $problems[] = sprintf('%d of %d marked lines reached', count($pieces), count($expected));
        }
        foreach ($pieces as $k => $got) {
            if (isset($expected[$k]) && preg_replace('/\n\z/', '', $got) !== $expected[$k]) {
                $problems[] = sprintf("result %d: shown %s, printed %s", $k + 1, json_encode($expected[$k]), json_encode($got));
            }
        }
        if ($rest !== '') {
            $problems[] = 'printed without a result comment: ' . json_encode($rest);
        }
        if ($problems) {
            $failed++;
            echo "FAIL $where\n";
            foreach ($problems as $p) {
                echo "     $p\n";
            }
        } else {
            $passed++;
        }
    }
}
echo "$notRun blocks marked not run\n";
echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
