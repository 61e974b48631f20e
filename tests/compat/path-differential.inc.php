<?php
// The differential of partial decoding (issue 35): the value MsgPack\unpack() gives at a path
// against the same path taken in the value unpack() decodes whole, on the benchmark documents,
// generated rows, and the cross-language vectors of msgpack-test-suite.json (each encoding as it
// is, so every format and width is stepped over, and all of them in one list and one map), plain
// and as records, with arrays and with MAPS_AS_OBJECTS; paths that are there (every one of a
// small value, a sample of a large one) and paths that are not (an index past the end, a key no
// map has, a step into a scalar), one by one, through unpackPaths() in batches, and through an
// Unpacker's stream, with and without STOP_AT_PATH (no key is given twice in these inputs); and
// mutated inputs: where unpack() reads the whole, a path reads the same.
//
//   php -n -d extension=msgpack.so path-differential.inc.php [DATA_DIR [VECTORS [SCALE]]]
//
// SCALE (default 1) multiplies the paths sampled and the mutations. Prints each failure and a
// closing "N passed, N failed" line (one check per path read).
use MsgPack\{Packer, Unpacker, PathException, UnpackException};

require __DIR__ . '/path-text.inc.php';

$data_dir = $argv[1] ?? __DIR__ . '/../../../shared/bench-data';
$vectors = $argv[2] ?? __DIR__ . '/../../../shared/msgpack-test-suite.json';
$scale = (float) ($argv[3] ?? 1);
mt_srand(35);
$passed = $failed = 0;
$reported = 0;

function fail(string $what): void
{
    global $failed, $reported;
    $failed++;
    if ($reported++ < 30) {
        echo "FAIL: $what\n";
    }
}

// The oracle: [true, value] at the path in a decoded value, or [false, the path to the first
// missing step].
function navigate($v, array $path, bool $any_object = false): array
{
    foreach ($path as $i => $step) {
        if (is_array($v) && array_key_exists($step, $v)) {
            $v = $v[$step];
        } elseif (($v instanceof stdClass || ($any_object && is_object($v)))
                && array_key_exists((string) $step, $props = get_object_vars($v))) {
            $v = $props[(string) $step];
        } else {
            return [false, msgpack_test_path_text(array_slice($path, 0, $i + 1))];
        }
    }
    return [true, $v];
}

// What one read gave: [true, value], [false, getPath()] or ['error', message].
function read(callable $f): array
{
    try {
        return [true, $f()];
    } catch (PathException $e) {
        return [false, $e->getPath()];
    } catch (UnpackException $e) {
        return ['error', get_class($e) . ': ' . $e->getMessage()];
    }
}

function same($a, $b): bool
{
    // serialize() tells apart 1 and 1.0, and a NAN is itself
    return serialize($a) === serialize($b);
}

function show(array $r): string
{
    return $r[0] === true ? 'value ' . substr(serialize($r[1]), 0, 120) : ($r[0] === false ? "missing at $r[1]" : $r[1]);
}

// Decoded objects are stepped into when they are maps (MAPS_AS_OBJECTS), or with PHP_OBJECTS any
// object: the path is then taken in the decoded value. An ext (a MsgPack\Timestamp) is no map.
// Every path of a value (its containers' keys and indexes), up to $max (a sample beyond).
function all_paths($v, int $max): array
{
    $paths = [[]];
    $queue = [[[], $v]];
    while ($queue && count($paths) < $max * 4) {
        [$path, $node] = array_shift($queue);
        $node = is_object($node) ? get_object_vars($node) : $node;
        if (!is_array($node)) {
            continue;
        }
        foreach ($node as $k => $child) {
            $paths[] = $p = array_merge($path, [$k]);
            $queue[] = [$p, $child];
        }
    }
    if (count($paths) > $max) {
        shuffle($paths);
        $paths = array_slice($paths, 0, $max);
    }
    return $paths;
}

// A random path down the value (random depth), and variants of it that are not there.
function random_path($v): array
{
    $path = [];
    while (true) {
        $node = is_object($v) ? get_object_vars($v) : $v;
        if (!is_array($node) || !$node || mt_rand(0, 5) === 0) {
            return $path;
        }
        $keys = array_keys($node);
        $k = $keys[mt_rand(0, count($keys) - 1)];
        $path[] = $k;
        $v = $node[$k];
    }
}

function missing_variants(array $path, $v): array
{
    $out = [];
    $out[] = array_merge($path, ['no such key']);
    $out[] = array_merge($path, [1000000]);
    $out[] = array_merge($path, [-1, 'x']);
    if ($path) {
        $last = array_pop($path);
        $out[] = array_merge($path, [is_int($last) ? $last + 100000 : $last . '~']);
    }
    return $out;
}

// Checks the paths of one input read with $flags against the whole value.
function check_input(string $label, string $bytes, int $flags, array $paths, ?Unpacker $u = null): void
{
    global $passed;
    $whole = read(fn () => $u ? $u->unpack($bytes) : MsgPack\unpack($bytes, $flags));
    if ($whole[0] !== true) {
        fail("$label: the whole value does not decode: " . show($whole));
        return;
    }
    $batch = [];
    foreach ($paths as $n => $path) {
        $want = navigate($whole[1], $path, ($flags & Unpacker::PHP_OBJECTS) !== 0);
        $got = read(fn () => $u ? $u->unpack($bytes, $path) : MsgPack\unpack($bytes, $flags, $path));
        if ($got[0] !== $want[0] || !same($got[1], $want[1])) {
            fail("$label " . json_encode($path) . ': ' . show($got) . ', whole value: ' . show($want));
        } else {
            $passed++;
        }
        $batch["p$n"] = $path;
        if (count($batch) === 40 || $n === array_key_last($paths)) {
            check_batch($label, $bytes, $flags, $whole[1], $batch, $u);
            $batch = [];
        }
    }
}

// unpackPaths(): the same values, in one pass, the missing ones given the default.
function check_batch(string $label, string $bytes, int $flags, $whole, array $batch, ?Unpacker $u): void
{
    global $passed;
    $default = new stdClass();
    $got = read(fn () => $u ? $u->unpackPaths($bytes, $batch, $default) : MsgPack\unpackPaths($bytes, $batch, $flags, $default));
    if ($got[0] !== true) {
        fail("$label unpackPaths: " . show($got));
        return;
    }
    foreach ($batch as $name => $path) {
        $want = navigate($whole, $path, ($flags & Unpacker::PHP_OBJECTS) !== 0);
        $value = $got[1][$name] ?? null;
        if ($want[0] ? !same($value, $want[1]) : $value !== $default) {
            fail("$label unpackPaths " . json_encode($path) . ': ' . substr(serialize($value), 0, 120) . ', whole value: ' . show($want));
            return;
        }
    }
    $passed++;
}

// The same paths through a stream: each read consumes one value of the buffer.
function check_stream(string $label, string $bytes, array $paths): void
{
    global $passed;
    $whole = MsgPack\unpack($bytes);
    $u = new Unpacker();
    $u->feed($bytes);
    foreach ($paths as $path) {
        $u->feed($bytes); // one value ahead: each read takes the head of the buffer
        $want = navigate($whole, $path);
        $got = read(fn () => $u->unpack(null, $path));
        if ($got[0] !== $want[0] || !same($got[1], $want[1])) {
            fail("$label stream " . json_encode($path) . ': ' . show($got) . ', whole value: ' . show($want));
            return;
        }
    }
    if ($u->remaining() !== strlen($bytes)) {
        fail("$label stream: " . $u->remaining() . ' bytes left, not one value');
        return;
    }
    $passed++;
}

// Mutated inputs: where unpack() reads the whole value, every path reads what it has; where it
// does not, a path read may succeed or fail, but only with MsgPack\UnpackException.
function check_mutations(string $label, string $bytes, int $count): void
{
    global $passed;
    $whole = MsgPack\unpack($bytes);
    for ($i = 0; $i < $count; $i++) {
        $m = $bytes;
        for ($k = mt_rand(1, 3); $k > 0; $k--) {
            $at = mt_rand(0, strlen($m) - 1);
            switch (mt_rand(0, 3)) {
                case 0: $m[$at] = chr(mt_rand(0, 255)); break;
                case 1: $m = substr($m, 0, $at); break;
                case 2: $m = substr($m, 0, $at) . chr(mt_rand(0x80, 0xdf)) . substr($m, $at); break;
                case 3: $m = substr($m, 0, $at) . substr($m, $at + mt_rand(1, 4)); break;
            }
            if ($m === '') {
                $m = "\x80";
            }
        }
        $decoded = read(fn () => MsgPack\unpack($m));
        $paths = $decoded[0] === true ? all_paths($decoded[1], 12) : [random_path($whole), random_path($whole)];
        foreach ($paths as $path) {
            try {
                // stopping early reads less of the input: any outcome but a crash or another error
                read(fn () => MsgPack\unpack($m, Unpacker::STOP_AT_PATH, $path));
                $got = read(fn () => MsgPack\unpack($m, 0, $path));
            } catch (Throwable $e) {
                fail("$label mutation " . bin2hex(substr($m, 0, 40)) . ' ' . json_encode($path) . ': ' . get_class($e) . ': ' . $e->getMessage());
                continue;
            }
            if ($decoded[0] === true) {
                $want = navigate($decoded[1], $path);
                if ($got[0] !== $want[0] || !same($got[1], $want[1])) {
                    fail("$label mutation " . bin2hex(substr($m, 0, 40)) . ' ' . json_encode($path) . ': ' . show($got) . ', whole value: ' . show($want));
                    continue;
                }
            }
            $passed++;
        }
    }
}

// The documents and generated values, and how many paths of each.
$inputs = [];
foreach (['twitter' => 4000, 'citm_catalog' => 3000, 'canada' => 800] as $name => $n) {
    $file = "$data_dir/$name.json";
    if (is_file($file)) {
        $inputs[$name] = [json_decode(file_get_contents($file), true), (int) ($n * $scale)];
    } else {
        fail("$file is missing");
    }
}
$rows = [];
for ($i = 0; $i < 1000; $i++) {
    $rows[] = ['id' => $i, 'name' => "user$i", 'score' => $i / 7, 'tags' => $i % 3 ? ['a', "t$i"] : [], 'null' => null,
        7 => 'int key', '-1' => 'negative', '' => 'empty', "odd \"key\"\n" => $i % 2 === 0];
}
$inputs['rows'] = [$rows, (int) (3000 * $scale)];

foreach ($inputs as $name => [$value, $n]) {
    $bytes = MsgPack\pack($value);
    $paths = all_paths($value, $n);
    for ($i = 0; $i < $n / 4; $i++) {
        $paths = array_merge($paths, missing_variants(random_path($value), $value));
    }
    check_input($name, $bytes, 0, $paths);
    check_input("$name MAPS_AS_OBJECTS", $bytes, Unpacker::MAPS_AS_OBJECTS, array_slice($paths, 0, (int) ($n / 4)));
    // stopping at the values asked reads the same where no key is given twice (pack() gives none)
    check_input("$name STOP_AT_PATH", $bytes, Unpacker::STOP_AT_PATH, array_slice($paths, 0, (int) ($n / 2)));
    $records = MsgPack\pack($value, Packer::RECORDS);
    check_input("$name RECORDS", $records, Unpacker::RECORDS, array_slice($paths, 0, (int) ($n / 2)));
    check_stream($name, $bytes, array_slice($paths, 0, 50));
    // PECL's format through msgpack_pack(), read with PHP_OBJECTS (the whole value, then the path)
    check_input("$name PHP_OBJECTS", msgpack_pack($value), Unpacker::PHP_OBJECTS, array_slice($paths, 0, 200));
}
// shared structures: an Unpacker given the key lists beforehand
$lists = [array_keys($rows[0])];
$packer = (new Packer(Packer::RECORDS))->withStructures($lists);
check_input('rows shared structures', $packer->pack($rows), 0, all_paths($rows, (int) (500 * $scale)),
    (new Unpacker(Unpacker::RECORDS))->withStructures($lists));

// The cross-language vectors, each encoding as it is; then all of them in one list and in one map
$suite = is_file($vectors) ? json_decode(file_get_contents($vectors), true) : null;
if (!is_array($suite)) {
    fail("$vectors is missing");
} else {
    $encodings = [];
    foreach ($suite as $file => $cases) {
        foreach ($cases as $case) {
            foreach ($case['msgpack'] as $hex) {
                $encodings[] = hex2bin(str_replace('-', '', $hex));
            }
        }
    }
    $usable = [];
    foreach ($encodings as $i => $bytes) {
        $whole = read(fn () => MsgPack\unpack($bytes));
        if ($whole[0] !== true) {
            continue; // an ext type the API reads only with a decoder, say
        }
        $usable[] = $bytes;
        $paths = array_merge(all_paths($whole[1], 200), missing_variants(random_path($whole[1]), $whole[1]));
        check_input("vector $i " . bin2hex(substr($bytes, 0, 12)), $bytes, 0, $paths);
    }
    $n = count($usable);
    $list = "\xdd" . pack('N', $n) . implode('', $usable);
    check_input('vectors in a list', $list, 0, array_merge(all_paths(MsgPack\unpack($list), 2000), [[$n], [$n + 5, 0]]));
    $map = "\xdf" . pack('N', $n);
    foreach ($usable as $i => $bytes) {
        $map .= MsgPack\pack("v$i") . $bytes;
    }
    check_input('vectors in a map', $map, 0, array_merge(all_paths(MsgPack\unpack($map), 2000), [['v' . $n], ["v$n", 'x']]));
    check_input('vectors in a map STOP_AT_PATH', $map, Unpacker::STOP_AT_PATH, all_paths(MsgPack\unpack($map), 2000));
    check_mutations('vectors in a map', $map, (int) (300 * $scale));
}
check_mutations('rows', MsgPack\pack(array_slice($rows, 0, 20)), (int) (1500 * $scale));
if (isset($inputs['twitter'])) {
    check_mutations('twitter', MsgPack\pack(array_slice($inputs['twitter'][0]['statuses'], 0, 3)), (int) (300 * $scale));
}

echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
