<?php
// The partial-decoding contenders of scripts/bench (issue 35), for bench/worker.php: each one
// reads the value at a path (or the values at several named paths) of a partial case's bytes
// (partial_twitter, partial_citm, partial_row; bench/cases.inc.php), and its result is checked
// against the value at that path in the case's own value before it is timed.
//
//   partial_full     MsgPack\unpack($bytes), then the path taken in the array: the baseline
//   partial_path     MsgPack\unpack($bytes, 0, $path); MsgPack\unpackPaths($bytes, $paths) for
//                    named paths (partial_row)
//   partial_stop     the same with Unpacker::STOP_AT_PATH: the read stops once it has the values
//   partial_stepped  a MsgPack\Unpacker stepped by hand, as a user does without paths: feed(),
//                    then per step unpackMapHeader() and the keys read with unpack() (the values
//                    of other keys skipValue()d), or unpackArrayHeader() and skipValue() for the
//                    items before the index; then unpack() of the value (of each value of the
//                    last map, for named paths)
//
// partial_stepped and partial_stop stop reading once they have the value: the rest of the input
// is neither read nor checked, and of a key given twice the first counts. unpack() with a path reads every
// container on the way to its end (the last of a key given twice counts, as in unpack(), and
// the whole input must be one value), so it steps over every item after the value too.
// The hand-stepper takes an int step as a list index and a string step as a map key, which is
// what the three cases' paths are (a user knows the shape of the data); it reads all of its
// named paths' last steps from one map (the row's), the steps before them being the same.

// A case's paths (its third field): ['path' => list] or ['paths' => [name => list]].
// [the single path or null, the named paths or null]
function bench_partial_spec(array $spec): array
{
    return [$spec['path'] ?? null, $spec['paths'] ?? null];
}

// The value at $path in $value (an array as unpack() builds it, or the case's own value).
function bench_partial_at($value, array $path)
{
    foreach ($path as $step) {
        if (!is_array($value) || !array_key_exists($step, $value)) {
            throw new RuntimeException('no ' . json_encode($step) . ' on the path ' . json_encode($path));
        }
        $value = $value[$step];
    }
    return $value;
}

// What the contenders must return for a case: the value at the path, or the values at the
// named paths by their names, taken in the case's value (built without MessagePack).
function bench_partial_expected(array $spec, $value)
{
    [$path, $paths] = bench_partial_spec($spec);
    if ($path !== null) {
        return bench_partial_at($value, $path);
    }
    $out = [];
    foreach ($paths as $name => $p) {
        $out[$name] = bench_partial_at($value, $p);
    }
    return $out;
}

// One step of the hand-stepper: past the map's key $step (string), or past the items of a list
// before index $step (int); the Unpacker is then at the value of the step.
function bench_partial_step(MsgPack\Unpacker $u, $step): void
{
    if (is_int($step)) {
        $n = $u->unpackArrayHeader();
        if ($step >= $n) {
            throw new RuntimeException("index $step of a list of $n");
        }
        for ($i = 0; $i < $step; $i++) {
            $u->skipValue();
        }
        return;
    }
    for ($n = $u->unpackMapHeader(); $n > 0; $n--) {
        if ($u->unpack() === $step) {
            return;
        }
        $u->skipValue();
    }
    throw new RuntimeException("no key $step");
}

// The hand-stepper: a closure of one argument (the bytes). One Unpacker per process, reset() at
// every call (a stepper that stopped early leaves the rest of the bytes buffered).
function bench_partial_stepped(?array $path, ?array $paths): Closure
{
    $u = new MsgPack\Unpacker();
    if ($path !== null) {
        return function (string $s) use ($u, $path) {
            $u->reset();
            $u->feed($s);
            foreach ($path as $step) {
                bench_partial_step($u, $step);
            }
            return $u->unpack();
        };
    }
    // named paths: the same steps to one map, then a key of that map each
    $prefix = null;
    $names = [];
    foreach ($paths as $name => $p) {
        $key = array_pop($p);
        if (($prefix ??= $p) !== $p || !is_string($key)) {
            throw new LogicException('the hand-stepper reads named paths that end in keys of one map only');
        }
        $names[$key] = $name;
    }
    $want = count($names);
    return function (string $s) use ($u, $prefix, $names, $want) {
        $u->reset();
        $u->feed($s);
        foreach ($prefix as $step) {
            bench_partial_step($u, $step);
        }
        $got = [];
        for ($n = $u->unpackMapHeader(); $n > 0 && count($got) < $want; $n--) {
            $key = $u->unpack();
            if (is_string($key) && isset($names[$key]) && !isset($got[$names[$key]])) {
                $got[$names[$key]] = $u->unpack();
            } else {
                $u->skipValue();
            }
        }
        if (count($got) < $want) {
            throw new RuntimeException('keys missing: ' . implode(', ', array_diff($names, array_keys($got))));
        }
        // in the order of the paths, as unpackPaths() returns them
        $out = [];
        foreach ($names as $name) {
            $out[$name] = $got[$name];
        }
        return $out;
    };
}

// The contender's reading of a case's bytes, a closure of one argument (the bytes).
function bench_partial_unpack(string $contender, array $spec): Closure
{
    [$path, $paths] = bench_partial_spec($spec);
    switch ($contender) {
        case 'partial_full':
            if ($path !== null) {
                return fn (string $s) => bench_partial_at(MsgPack\unpack($s), $path);
            }
            return function (string $s) use ($paths) {
                $value = MsgPack\unpack($s);
                $out = [];
                foreach ($paths as $name => $p) {
                    $out[$name] = bench_partial_at($value, $p);
                }
                return $out;
            };
        case 'partial_path':
            return $path !== null ? fn (string $s) => MsgPack\unpack($s, 0, $path)
                : fn (string $s) => MsgPack\unpackPaths($s, $paths);
        case 'partial_stop':
            $stop = MsgPack\Unpacker::STOP_AT_PATH;
            return $path !== null ? fn (string $s) => MsgPack\unpack($s, $stop, $path)
                : fn (string $s) => MsgPack\unpackPaths($s, $paths, $stop);
        case 'partial_stepped':
            return bench_partial_stepped($path, $paths);
    }
    throw new LogicException("unknown partial contender $contender");
}

// The check a contender passes before it is counted or timed: its result for the case's bytes
// is === the value at the path(s) of the case's value (the same types, keys in the same order).
// Null, or what is wrong.
function bench_partial_check(array $spec, $value, Closure $unpack, string $bytes): ?string
{
    try {
        $want = bench_partial_expected($spec, $value);
        $got = $unpack($bytes);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
    return $got === $want ? null : var_export($got, true) . ' instead of ' . var_export($want, true);
}
