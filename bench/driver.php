<?php
// Runs the benchmark for scripts/bench (see there for the options): starts bench/worker.php once
// per contender per round, each with exactly the module it needs, runs round r of every contender
// before round r+1 (so that the machine's noise hits all alike), keeps the best time of each, and
// writes the table, a JSON file and an SVG chart of speed relative to PECL msgpack.
// Run with php -n: this process loads no serializer.
require __DIR__ . '/cases.inc.php';
require __DIR__ . '/report.inc.php';

$opt = getopt('', ['root:', 'data:', 'rounds:', 'cases:', 'contenders:', 'target-ms:', 'json:', 'svg:',
    'md:', 'quick', 'instructions::', 'calls:']);
$root = $opt['root'];
$data = $opt['data'];
$quick = isset($opt['quick']);
$rounds = (int) ($opt['rounds'] ?? ($quick ? 1 : 5));
$target_ms = (int) ($opt['target-ms'] ?? ($quick ? 2 : 20));
$instructions = $opt['instructions'] ?? null;
if ($instructions === false) {
    $instructions = 'ours';
}

// name => [label, php arguments, cases it runs (null: all)]
$ours = ['-d', "extension=$root/modules/msgpack.so"];
$contenders = [
    'ours' => ['this extension (msgpack_pack)', $ours, null],
    'ours_ns' => ['this extension (MsgPack\pack)', $ours, null],
    'ours_records' => ['this extension (MsgPack\pack, RECORDS)', $ours, null],
    // small records, one value per call, with the value's key lists shared in advance: against
    // ours_ns (the same values as plain maps) and ours_records (each value declares its own)
    'ours_shared' => ['this extension (MsgPack\Unpacker, shared structures)', $ours, ['person', 'row']],
    'pecl' => ['PECL msgpack', ['-d', 'extension=msgpack.so'], null],
    'igbinary' => ['igbinary', ['-d', 'extension=igbinary.so'], null],
    'serialize' => ['serialize()', [], null],
    'json' => ['JSON', [], null],
    'copy' => ['copy (substr)', [], ['string_1mb']],
];
if (isset($opt['contenders'])) {
    $keep = explode(',', $opt['contenders']);
    $contenders = array_intersect_key($contenders, array_flip($keep));
} elseif ($instructions === 'ours') {
    $contenders = array_intersect_key($contenders, ['ours' => 1, 'ours_ns' => 1, 'ours_records' => 1,
        'ours_shared' => 1]);
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

// worker_command CONTENDER ARGS...: the command line of one worker process.
function worker_command(array $contender, array $args): array
{
    return array_merge([PHP_BINARY, '-n', '-d', 'memory_limit=-1'], $contender[1],
        [__DIR__ . '/worker.php'], $args);
}

// run_command ARGV: [exit code, stdout, stderr]
function run_command(array $argv): array
{
    $p = proc_open($argv, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [proc_close($p), $out, $err];
}

$meta = bench_meta($contenders);

if ($instructions !== null) {
    $calls = (int) ($opt['calls'] ?? 3);
    $results = [];
    foreach ($cases as $case) {
        foreach ($contenders as $name => $c) {
            if ($c[2] !== null && !in_array($case, $c[2], true)) {
                continue;
            }
            $ir = [];
            foreach (['none', 'pack', 'unpack'] as $op) {
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
                'pack_ir' => intdiv($ir['pack'] - $ir['none'], $calls),
                'unpack_ir' => intdiv($ir['unpack'] - $ir['none'], $calls),
                'bytes' => (int) $out,
            ];
            fprintf(STDERR, "%-16s %-10s pack %12d  unpack %12d instructions\n", $case, $name,
                $results[$case][$name]['pack_ir'], $results[$case][$name]['unpack_ir']);
        }
    }
    print_instructions($results, $contenders);
    $json = $opt['json'] ?? "$root/bench/out/instructions.json";
    @mkdir(dirname($json), 0777, true);
    file_put_contents($json, json_encode(['meta' => $meta + ['calls' => $calls], 'instructions' => $results],
        JSON_PRETTY_PRINT) . "\n");
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
        $run = $c[2] === null ? $cases : array_values(array_intersect($cases, $c[2]));
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
                $row['pack_ns'] = min($row['pack_ns'], $prev['pack_ns']);
                $row['unpack_ns'] = min($row['unpack_ns'], $prev['unpack_ns']);
                $row += $prev;
            }
            $results[$row['case']][$name] = $row;
        }
        fprintf(STDERR, "round %d/%d %-10s %5.1f s\n", $r + 1, $rounds, $name, microtime(true) - $t);
    }
}

$meta += ['rounds' => $rounds, 'target_ms' => $target_ms];
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
file_put_contents($md, bench_markdown($results, $all_cases));
echo "written: $json, $svg, $md\n";
