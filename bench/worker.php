<?php
// One contender in one process: loaded by bench/driver.php with exactly the module the contender
// needs (ours and PECL msgpack are both named msgpack and never share a process).
//
//   php worker.php time CONTENDER DATA_DIR CASES TARGET_MS CHECK
//       one round over CASES (comma-separated); prints one JSON line per case:
//       pack and unpack ns per call, bytes, decoded memory, whether the value round-trips
//   php worker.php instr CONTENDER DATA_DIR CASE OP CALLS
//       builds CASE and its bytes, unpacks them once, then calls OP (none|pack|unpack) CALLS times: the driver runs
//       this under callgrind with OP none and OP pack/unpack and takes the difference
//
// The typed_* contenders (bench/typed/typed.inc.php) decode only: their bytes are MsgPack\pack()'s,
// their pack time is null, and before a case is timed its result is checked against the expected
// object graph (a wrong result is an error, exit 1: a fast wrong mapping is no speed).
// The partial_* contenders (bench/partial/partial.inc.php) likewise: MsgPack\pack()'s bytes,
// decoding only, their result (the value at the case's path) checked before it is timed.
require __DIR__ . '/cases.inc.php';

// name => [pack, unpack]; the driver loads the module each one needs.
function bench_codecs(): array
{
    return [
        'ours' => ['msgpack_pack', 'msgpack_unpack'],
        'ours_ns' => ['MsgPack\pack', 'MsgPack\unpack'],
        // msgpackr's records (issue 12): repeated key lists declared once
        'ours_records' => [fn ($v) => MsgPack\pack($v, MsgPack\Packer::RECORDS),
            fn ($s) => MsgPack\unpack($s, MsgPack\Unpacker::RECORDS)],
        // shared structures (issue 21): set up per value by bench_shared(), see there
        'ours_shared' => [null, null],
        'pecl' => ['msgpack_pack', 'msgpack_unpack'],
        'igbinary' => ['igbinary_serialize', 'igbinary_unserialize'],
        'serialize' => ['serialize', 'unserialize'],
        'json' => ['json_encode', fn ($s) => json_decode($s, true)],
        // a fresh copy of the same bytes: the floor for the 1 MB string
        'copy' => [fn ($v) => substr($v, 1), fn ($s) => substr($s, 1)],
    ];
}

// ours_shared: a Packer and an Unpacker given, with withStructures(), every key list of $value,
// as two processes that agreed on them in advance would be: the bytes carry no key and no
// declaration, only identifiers and values (msgpackr's `structures`). [pack, unpack] closures.
function bench_shared($value): array
{
    $lists = [];
    $walk = function ($v) use (&$walk, &$lists) {
        if (is_array($v)) {
            if ($v && !array_is_list($v)) {
                $lists[serialize(array_keys($v))] = array_keys($v);
            }
            array_map($walk, $v);
        }
    };
    $walk($value);
    $lists = array_values($lists);
    $p = (new MsgPack\Packer(MsgPack\Packer::RECORDS))->withStructures($lists, null, max(32, count($lists)));
    $u = (new MsgPack\Unpacker(MsgPack\Unpacker::RECORDS))->withStructures($lists);
    return [Closure::fromCallable([$p, 'pack']), Closure::fromCallable([$u, 'unpack'])];
}

// Calls $fn($arg) often enough to last about $target_ns, twice, and returns the best ns per call.
function bench_time(callable $fn, $arg, int $target_ns): float
{
    $fn($arg); // warm-up: the allocator's first growth and cold caches are not the codec's
    $t = hrtime(true);
    $fn($arg);
    $once = max(1, hrtime(true) - $t);
    $calls = (int) max(1, min(1000000, intdiv($target_ns, $once)));
    // the best of two loops: the first loop of a process can run several times slower while the
    // heap settles (a 1 MB copy: 160 us, then 17 us), and which contender meets that is chance
    $best = INF;
    for ($loop = 0; $loop < 2; $loop++) {
        $t = hrtime(true);
        for ($i = 0; $i < $calls; $i++) {
            $fn($arg);
        }
        $best = min($best, (hrtime(true) - $t) / $calls);
    }
    return $best;
}

$mode = $argv[1];
// as closures: a call through a function's name looks the name up (lowercased: a copy for
// MsgPack\pack) on every call, a cost of the harness that would count as the codec's
$shared = $argv[2] === 'ours_shared';
$typed = str_starts_with($argv[2], 'typed_');
$partial = str_starts_with($argv[2], 'partial_');
if ($typed) {
    require __DIR__ . '/typed/typed.inc.php';
    $pack = Closure::fromCallable('MsgPack\pack');
} elseif ($partial) {
    require __DIR__ . '/partial/partial.inc.php';
    $pack = Closure::fromCallable('MsgPack\pack');
} elseif (!$shared) {
    [$pack, $unpack] = array_map(fn ($f) => Closure::fromCallable($f), bench_codecs()[$argv[2]]);
}

// typed_*: the decoding of CASE, checked. Exits on a wrong result.
function bench_typed_prepare(string $contender, string $case, array $value, string $bytes): Closure
{
    $unpack = bench_typed_unpack($contender, $case);
    $wrong = bench_typed_check($contender, $case, $value, $unpack, $bytes);
    if ($wrong !== null) {
        fwrite(STDERR, "$contender $case: wrong result: $wrong\n");
        exit(1);
    }
    return $unpack;
}

// partial_*: the reading of CASE's path(s), checked. Exits on a wrong result.
function bench_partial_prepare(string $contender, string $case, array $spec, $value, string $bytes): Closure
{
    $unpack = bench_partial_unpack($contender, $spec);
    $wrong = bench_partial_check($spec, $value, $unpack, $bytes);
    if ($wrong !== null) {
        fwrite(STDERR, "$contender $case: wrong result: $wrong\n");
        exit(1);
    }
    return $unpack;
}

$all = bench_cases($argv[3]);
// the cases hold no cycles; a collection inside a timed loop would be noise (JMS leaves a cycle
// of five objects, about 900 bytes, per call: kept until the process ends, a few hundred KB)
gc_disable();

if ($mode === 'instr') {
    [$build] = $all[$argv[4]];
    $value = $build();
    if ($shared) {
        [$pack, $unpack] = bench_shared($value);
    }
    $bytes = $pack($value);
    if ($typed) {
        $unpack = bench_typed_prepare($argv[2], $argv[4], $value, $bytes);
    } elseif ($partial) {
        $unpack = bench_partial_prepare($argv[2], $argv[4], $all[$argv[4]][2], $value, $bytes);
    }
    // one call of each before counting: the first call also binds symbols and grows the heap
    $unpack($bytes);
    $op = $argv[5] === 'pack' ? $pack : ($argv[5] === 'unpack' ? $unpack : null);
    $arg = $argv[5] === 'pack' ? $value : $bytes;
    $calls = $op ? (int) $argv[6] : 0;
    for ($i = 0; $i < $calls; $i++) {
        $op($arg);
    }
    echo strlen($bytes), "\n";
    exit(0);
}

$target_ns = (int) $argv[5] * 1000000;
foreach (explode(',', $argv[4]) as $name) {
    [$build] = $all[$name];
    $value = $build();
    if ($shared) {
        [$pack, $unpack] = bench_shared($value);
    }
    $bytes = $pack($value);
    $out = ['case' => $name, 'bytes' => strlen($bytes)];
    if ($typed) {
        // checked in every process, not only in the first round's
        $unpack = bench_typed_prepare($argv[2], $name, $value, $bytes);
    } elseif ($partial) {
        $unpack = bench_partial_prepare($argv[2], $name, $all[$name][2], $value, $bytes);
    }
    if ($argv[6]) {
        // serialize() tells apart what == does not (objects of another class, 1 vs 1.0); a typed
        // contender's result is not the value but passed bench_typed_check(), a partial one
        // bench_partial_check()
        $out['roundtrip'] = $typed || $partial || serialize($unpack($bytes)) === serialize($value);
        $before = memory_get_usage();
        if ($partial) {
            // what a call takes at its height (the whole document, for partial_full), not only
            // what it returns
            memory_reset_peak_usage();
        }
        $decoded = $unpack($bytes);
        $out['memory'] = memory_get_usage() - $before;
        if ($partial) {
            $out['peak'] = memory_get_peak_usage() - $before;
        }
        unset($decoded);
    }
    $out['pack_ns'] = $typed || $partial ? null : bench_time($pack, $value, $target_ns);
    $out['unpack_ns'] = bench_time($unpack, $bytes, $target_ns);
    echo json_encode($out), "\n";
    unset($value, $bytes);
}
