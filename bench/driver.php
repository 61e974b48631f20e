<?php
// Runs the benchmark for scripts/bench (see there for the options): starts a worker once per
// contender per round (bench/worker.php with exactly the module it needs, or bench/js/worker.mjs
// in node for msgpackr), runs round r of every contender before round r+1 (so that the machine's
// noise hits all alike), keeps the best time of each, and writes the table, a JSON file and an
// SVG chart of speed relative to PECL msgpack.
// Run with php -n: this process loads no serializer.
require __DIR__ . '/cases.inc.php';
require __DIR__ . '/report.inc.php';

$opt = getopt('', ['root:', 'data:', 'rounds:', 'cases:', 'contenders:', 'target-ms:', 'json:', 'svg:',
    'md:', 'quick', 'instructions::', 'calls:', 'module:']);
$root = $opt['root'];
$data = $opt['data'];
$quick = isset($opt['quick']);
$rounds = (int) ($opt['rounds'] ?? ($quick ? 1 : 5));
$target_ms = (int) ($opt['target-ms'] ?? ($quick ? 2 : 20));
$instructions = $opt['instructions'] ?? null;
if ($instructions === false) {
    $instructions = 'ours';
}

// A contender is a worker command and the cases it runs: name => [label, command, cases (null:
// all), PHP's arguments (null: not a PHP worker, which --instructions cannot count)]. A worker
// takes the arguments of bench/worker.php (see there) and prints the same JSON lines.
function php_contender(string $label, array $php_args, ?array $cases = null): array
{
    return [$label, array_merge([PHP_BINARY, '-n', '-d', 'memory_limit=-1'], $php_args,
        [__DIR__ . '/worker.php']), $cases, $php_args];
}

// --module: another build of this extension for its contenders (the typed branch's, say)
$module = $opt['module'] ?? "$root/modules/msgpack.so";
if (!is_file($module)) {
    fwrite(STDERR, "no module at $module\n");
    exit(2);
}
$module = realpath($module); // PHP looks for a relative extension= in its extension_dir
$ours = ['-d', "extension=$module"];
$contenders = [
    'ours' => php_contender('this extension (msgpack_pack)', $ours),
    'ours_ns' => php_contender('this extension (MsgPack\pack)', $ours),
    'ours_records' => php_contender('this extension (MsgPack\pack, RECORDS)', $ours),
    // small records, one value per call, with the value's key lists shared in advance: against
    // ours_ns (the same values as plain maps) and ours_records (each value declares its own)
    'ours_shared' => php_contender('this extension (MsgPack\Unpacker, shared structures)', $ours, ['person', 'row']),
    'pecl' => php_contender('PECL msgpack', ['-d', 'extension=msgpack.so']),
    'igbinary' => php_contender('igbinary', ['-d', 'extension=igbinary.so']),
    'serialize' => php_contender('serialize()', []),
    'json' => php_contender('JSON', []),
    'copy' => php_contender('copy (substr)', [], ['string_1mb']),
];

// Typed decoding (issue 22; bench/typed/typed.inc.php): the typed cases' bytes decoded into
// arrays, and into the classes of bench/typed/model.php by unpackAs(), by a hand-written mapper,
// by Symfony Serializer and by JMS Serializer (those two from bench/typed/vendor, which
// scripts/bench installs with Composer). Decoding only; they run the typed cases and only they do.
$typed_cases = ['typed_order', 'typed_rows'];
$contenders += [
    'typed_arrays' => php_contender('MsgPack\unpack() into arrays', $ours, $typed_cases),
    'typed_ours' => php_contender('MsgPack\unpackAs() into classes', $ours, $typed_cases),
    'typed_hand' => php_contender('MsgPack\unpack() + hand-written mapper', $ours, $typed_cases),
    'typed_symfony' => php_contender('MsgPack\unpack() + Symfony Serializer', $ours, $typed_cases),
    'typed_jms' => php_contender('MsgPack\unpack() + JMS Serializer', $ours, $typed_cases),
];

// Partial decoding (issue 35; bench/partial/partial.inc.php): the value at a path of the partial
// cases' bytes (named values at several paths for partial_row), by unpack() of the whole value
// and indexing (the baseline), by unpack() with the path (unpackPaths()), and by an Unpacker
// stepped by hand. Decoding only; they run the partial cases and only they do.
$partial_cases = ['partial_twitter', 'partial_citm', 'partial_row'];
$contenders += [
    'partial_full' => php_contender('MsgPack\unpack() of all, then indexed', $ours, $partial_cases),
    'partial_path' => php_contender('MsgPack\unpack() with the path (unpackPaths())', $ours, $partial_cases),
    'partial_stop' => php_contender('MsgPack\unpack() with the path, STOP_AT_PATH', $ours, $partial_cases),
    'partial_stepped' => php_contender('MsgPack\Unpacker stepped by hand', $ours, $partial_cases),
];

// msgpackr in node (bench/js/worker.mjs, msgpackr from bench/js/node_modules, which scripts/bench
// installs), on the cases both languages hold alike: the JSON documents and the generated values
// that are JSON (person, row, rows_1000; the generated ones are built here by cases.inc.php and
// handed to node as JSON, so that the values are the same).
$wants_js = !isset($opt['contenders']) || preg_grep('/^msgpackr/', explode(',', $opt['contenders']));
$js_values = null;
$js = $wants_js ? bench_node($root) : 'not asked for';
$js_cases = ['twitter', 'citm_catalog', 'canada', 'person', 'row', 'rows_1000'];
if (is_array($js)) {
    $js_values = tempnam(sys_get_temp_dir(), 'msgpack-bench-values.');
    register_shutdown_function(fn () => @unlink($js_values));
    $node = [$js['path'], "$root/bench/js/worker.mjs", '--values', $js_values];
    $contenders += [
        'msgpackr' => ["msgpackr (Packr useRecords: false)", $node, $js_cases, null],
        'msgpackr_records' => ["msgpackr (Packr, records)", $node, $js_cases, null],
        // the same shape as ours_shared: structures given to both sides, one value per call
        'msgpackr_shared' => ["msgpackr (Packr, shared structures)", $node, ['person', 'row'], null],
    ];
}

if (isset($opt['contenders'])) {
    $keep = explode(',', $opt['contenders']);
    $contenders = array_intersect_key($contenders, array_flip($keep));
} elseif ($instructions === 'ours') {
    $contenders = array_intersect_key($contenders, ['ours' => 1, 'ours_ns' => 1, 'ours_records' => 1,
        'ours_shared' => 1, 'typed_arrays' => 1, 'typed_ours' => 1, 'partial_full' => 1, 'partial_path' => 1, 'partial_stop' => 1]);
}
$js_missing = !is_array($js) && $wants_js && $instructions === null
    ? "\n*** msgpackr is NOT measured: $js ***\n*** the msgpackr contenders are left out of this run ***\n\n" : null;
if ($js_missing !== null) {
    // not a test: the run goes on without them, but nobody should read the table as complete
    // (said again after the table)
    fwrite(STDERR, $js_missing);
}
if ($instructions !== null) {
    foreach ($contenders as $name => $c) {
        if ($c[3] === null) {
            echo "$name: not counted: callgrind counts the instructions of PHP workers only (node's JIT compiles as it runs)\n";
            unset($contenders[$name]);
        }
    }
}

$all_cases = bench_cases($data);
$cases = array_keys($all_cases);
if (isset($opt['cases'])) {
    // a comma-separated list of names or regular expressions: "twitter,rows" keeps rows_1000 too
    $cases = array_values(array_filter($cases, function ($c) use ($opt) {
        foreach (explode(',', $opt['cases']) as $want) {
            if ($want !== '' && preg_match('/' . str_replace('/', '\/', $want) . '/', $c)) {
                return true;
            }
        }
        return false;
    }));
} elseif ($quick || $instructions !== null) {
    // the large steps of the series take seconds each (minutes under callgrind)
    $cases = array_values(array_diff($cases, ['scale_100k', 'scale_1M']));
}
if (!$cases) {
    fwrite(STDERR, "no case matches\n");
    exit(2);
}

// The typed contenders that cannot run: typed_ours without unpackAs() in the module (before the
// typed branch is merged; --module points at a build that has it), Symfony and JMS when
// Composer did not install them (said loudly, before and after the table, as for msgpackr).
$typed_missing = $no_unpack_as = null;
if (array_intersect($cases, $typed_cases)) {
    if (isset($contenders['typed_ours'])) {
        [, $has] = run_command(array_merge([PHP_BINARY, '-n'], $ours,
            ['-r', 'echo function_exists("MsgPack\\unpackAs") ? "yes" : "no";']));
        if ($has !== 'yes') {
            $no_unpack_as = "$module has no MsgPack\\unpackAs()";
            fwrite(STDERR, "typed_ours: skipped: $no_unpack_as (scripts/bench --module PATH runs another build)\n");
            unset($contenders['typed_ours']);
        }
    }
    $vendor = typed_vendor($root);
    if (!is_array($vendor) && array_intersect_key($contenders, ['typed_symfony' => 1, 'typed_jms' => 1])) {
        $typed_missing = "\n*** Symfony and JMS Serializer are NOT measured: $vendor ***\n"
            . "*** typed_symfony and typed_jms are left out of this run ***\n\n";
        fwrite(STDERR, $typed_missing);
        unset($contenders['typed_symfony'], $contenders['typed_jms']);
    }
}

// typed_vendor ROOT: the versions Composer installed into bench/typed/vendor (name => version),
// or why they cannot run (a string).
function typed_vendor(string $root)
{
    $dir = "$root/bench/typed/vendor";
    if (!is_file("$dir/autoload.php") || !is_file("$dir/composer/installed.json")) {
        return "they are not installed in $dir (scripts/bench installs them with Composer)";
    }
    $installed = json_decode(file_get_contents("$dir/composer/installed.json"), true);
    $versions = [];
    foreach ($installed['packages'] ?? $installed as $p) {
        $versions[$p['name']] = ltrim($p['version'], 'v');
    }
    if (!isset($versions['symfony/serializer'], $versions['jms/serializer'])) {
        return "the install in $dir is incomplete (scripts/bench installs them with Composer)";
    }
    return $versions;
}

// contender_cases CONTENDER CASES: the cases of CASES a contender runs: those it names, or when
// it names none, all but the typed and the partial ones.
function contender_cases(array $contender, array $cases, array $all_cases): array
{
    if ($contender[2] !== null) {
        return array_values(array_intersect($cases, $contender[2]));
    }
    return array_values(array_filter($cases, fn ($c) => !in_array($all_cases[$c][1], ['typed', 'partial'], true)));
}

// worker_command CONTENDER ARGS...: the command line of one worker process.
function worker_command(array $contender, array $args): array
{
    return array_merge($contender[1], $args);
}

// bench_node ROOT: node and msgpackr as installed for bench/js/worker.mjs, ['path', 'node',
// 'msgpackr', 'native'], or why they cannot run (a string).
function bench_node(string $root)
{
    $path = trim((string) shell_exec('command -v node 2>/dev/null'));
    if ($path === '') {
        return 'node is not installed';
    }
    if (!is_file("$root/bench/js/node_modules/msgpackr/package.json")) {
        return "msgpackr is not installed in $root/bench/js/node_modules (scripts/bench installs it with npm ci)";
    }
    [$rc, $out, $err] = run_command([$path, "$root/bench/js/worker.mjs", 'version']);
    $v = json_decode($out, true);
    if ($rc !== 0 || !is_array($v)) {
        return "bench/js/worker.mjs does not run: " . trim($err);
    }
    return ['path' => $path] + $v;
}

// run_command ARGV: [exit code, stdout, stderr]
function run_command(array $argv): array
{
    $p = proc_open($argv, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [proc_close($p), $out, $err];
}

// the versions of the contenders that run a case of this run only
$meta = bench_meta(array_filter($contenders, fn ($c) => contender_cases($c, $cases, $all_cases)), is_array($js) ? $js : null,
    array_intersect_key($contenders, ['typed_symfony' => 1, 'typed_jms' => 1]) ? typed_vendor($root) : null);
if (isset($opt['module'])) {
    $meta['module'] = $module;
}

if ($js_values !== null) {
    // the generated values node runs, as JSON (the documents it reads from their files)
    $values = [];
    foreach (array_intersect($cases, $js_cases) as $case) {
        if ($all_cases[$case][1] !== 'documents') {
            $values[$case] = $all_cases[$case][0]();
        }
    }
    file_put_contents($js_values, json_encode((object) $values, JSON_THROW_ON_ERROR));
}

if ($instructions !== null) {
    $calls = (int) ($opt['calls'] ?? 3);
    $results = [];
    foreach ($cases as $case) {
        foreach ($contenders as $name => $c) {
            if (!contender_cases($c, [$case], $all_cases)) {
                continue;
            }
            $ir = ['pack' => null];
            // the typed and partial contenders decode only
            $decode_only = in_array($all_cases[$case][1], ['typed', 'partial'], true);
            foreach ($decode_only ? ['none', 'unpack'] : ['none', 'pack', 'unpack'] as $op) {
                $argv = array_merge(['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null'],
                    worker_command($c, ['instr', $name, $data, $case, $op, (string) $calls]));
                [$rc, $out, $err] = run_command($argv);
                if ($rc !== 0 || !preg_match('/Collected : (\d+)/', $err, $m)) {
                    fwrite(STDERR, "$name $case $op: callgrind failed\n$err");
                    exit(1);
                }
                $ir[$op] = (int) $m[1];
            }
            // the cost of building the case and its bytes is in all three runs: the difference is the calls
            $results[$case][$name] = [
                'pack_ir' => $ir['pack'] === null ? null : intdiv($ir['pack'] - $ir['none'], $calls),
                'unpack_ir' => intdiv($ir['unpack'] - $ir['none'], $calls),
                'bytes' => (int) $out,
            ];
            fprintf(STDERR, "%-16s %-14s pack %12s  unpack %12d instructions\n", $case, $name,
                $results[$case][$name]['pack_ir'] ?? '-', $results[$case][$name]['unpack_ir']);
        }
    }
    $typed = print_instructions($results, $contenders, $all_cases);
    $partial = print_partial($results, $contenders, $all_cases, 'unpack_ir');
    $json = $opt['json'] ?? "$root/bench/out/instructions.json";
    @mkdir(dirname($json), 0777, true);
    file_put_contents($json, json_encode(['meta' => $meta + ['calls' => $calls], 'instructions' => $results,
        'summary' => ['typed' => $typed, 'partial' => $partial]], JSON_PRETTY_PRINT) . "\n");
    echo "instructions per call written to $json\n";
    exit(0);
}

$results = [];
$names = array_keys($contenders);
for ($r = 0; $r < $rounds; $r++) {
    // a different contender starts each round, so that none always runs first after a pause
    $order = array_merge(array_slice($names, $r % count($names)), array_slice($names, 0, $r % count($names)));
    foreach ($order as $name) {
        $c = $contenders[$name];
        $run = contender_cases($c, $cases, $all_cases);
        if (!$run) {
            continue;
        }
        $t = microtime(true);
        [$rc, $out, $err] = run_command(worker_command($c, ['time', $name, $data, implode(',', $run),
            (string) $target_ms, $r === 0 ? '1' : '0']));
        if ($rc !== 0) {
            fwrite(STDERR, "$name failed (exit $rc):\n$err");
            exit(1);
        }
        foreach (explode("\n", trim($out)) as $line) {
            $row = json_decode($line, true);
            $prev = $results[$row['case']][$name] ?? null;
            if ($prev !== null) {
                // null: not measured (the typed and partial contenders do not pack)
                $row['pack_ns'] = $row['pack_ns'] === null ? null : min($row['pack_ns'], $prev['pack_ns']);
                $row['unpack_ns'] = min($row['unpack_ns'], $prev['unpack_ns']);
                $row += $prev;
            }
            $results[$row['case']][$name] = $row;
        }
        fprintf(STDERR, "round %d/%d %-16s %5.1f s\n", $r + 1, $rounds, $name, microtime(true) - $t);
    }
}

$meta += ['rounds' => $rounds, 'target_ms' => $target_ms];
if ($js_missing !== null) {
    $meta['msgpackr'] = "not measured: $js";
}
if ($typed_missing !== null) {
    $meta['typed_mappers'] = 'not measured: ' . typed_vendor($root);
}
if ($no_unpack_as !== null) {
    $meta['typed_ours'] = "not measured: $no_unpack_as";
}
$summary = print_report($results, $contenders, $all_cases, $meta);
$json = $opt['json'] ?? "$root/bench/out/bench.json";
$svg = $opt['svg'] ?? "$root/bench/out/bench.svg";
@mkdir(dirname($json), 0777, true);
@mkdir(dirname($svg), 0777, true);
file_put_contents($json, json_encode(['meta' => $meta, 'results' => $results, 'summary' => $summary],
    JSON_PRETTY_PRINT) . "\n");
file_put_contents($svg, bench_svg($results, $contenders, $all_cases, $meta));
$md = $opt['md'] ?? "$root/bench/out/bench.md";
@mkdir(dirname($md), 0777, true);
file_put_contents($md, bench_markdown($results, $all_cases, $meta));
echo "written: $json, $svg, $md\n";
if ($js_missing !== null) {
    fwrite(STDERR, $js_missing);
}
if ($typed_missing !== null) {
    fwrite(STDERR, $typed_missing);
}
