<?php
// Loaded by the fuzzer at the start of each PHP request: the classes, and the PHP-level part
// of one fuzz iteration. A broken invariant is reported in $GLOBALS['__fuzz_fail'], on which
// the harness aborts.
require __DIR__ . '/classes.inc.php';
require __DIR__ . '/../tests/compat/path-text.inc.php';

// One input: the PHP-level entry points: the functions with the INI settings in force, then the
// streaming unpacker (if the extension has it) fed the input in chunks.
function __fuzz_php(string $data): void
{
    // the decoder itself, with each set of options (C, in msgpack_fuzzer.c)
    __fuzz_decode($data);
    // msgpack_unserialize() is msgpack_unpack(): the same result
    if (!__fuzz_steady($data)) {
        // no comparison below could hold (nor mutate.php's); the entry points above ran
        $GLOBALS['__fuzz_unsteady'] = true;
        return;
    }
    $whole = __fuzz_result(fn () => msgpack_unpack($data));
    if (__fuzz_result(fn () => msgpack_unserialize($data)) !== $whole) {
        $GLOBALS['__fuzz_fail'] = "msgpack_unserialize() and msgpack_unpack() differ";
        return;
    }
    try {
        $v = msgpack_unpack($data);
        if ($v !== false && !__fuzz_round_trip($v)) {
            return;
        }
    } catch (Throwable $e) {
    }
    __fuzz_templates($data);
    if (isset($GLOBALS['__fuzz_fail'])) {
        return;
    }
    if (class_exists('MsgPack\Unpacker', false)) {
        __fuzz_api($data);
        if (isset($GLOBALS['__fuzz_fail'])) {
            return;
        }
    }
    if (class_exists('MessagePack', false)) {
        // the class with its options gives what the functions give with the same INI settings
        foreach ([[true, true], [false, false]] as [$php_only, $assoc]) {
            $m = new MessagePack($php_only);
            $m->setOption(MessagePack::OPT_ASSOC, $assoc);
            $got = __fuzz_result(fn () => $m->unpack($data));
            $want = __fuzz_with_ini(['msgpack.php_only' => $php_only ? '1' : '0', 'msgpack.assoc' => $assoc ? '1' : '0'],
                fn () => __fuzz_result(fn () => msgpack_unpack($data)));
            if ($got !== $want) {
                $GLOBALS['__fuzz_fail'] = "MessagePack(php_only " . var_export($php_only, true) . ", assoc "
                    . var_export($assoc, true) . ")->unpack() and msgpack_unpack() with those INI settings differ";
                return;
            }
        }
    }
    if (!class_exists('MessagePackUnpacker', false)) {
        return;
    }
    $n = strlen($data);
    // the values read from the string with execute($data, $offset), then fed at once, in
    // pieces, byte by byte (short inputs: a long one takes quadratic time), with reset() after
    // each value (PECL's usual loop): the same values come out
    foreach ([true, false] as $php_only) {
        [$expected, $count] = __fuzz_by_offset($data, $php_only);
        $chunks = $n <= 64 ? [max(1, $n), 1, 7] : [$n, 13, intdiv($n, 3)];
        if (!$php_only) {
            $chunks = [max(1, $n), max(1, intdiv($n, 3))];
        }
        foreach ($chunks as $chunk) {
            foreach ($php_only && $chunk === $chunks[2] ? [false, true] : [false] as $reset) {
                if (__fuzz_stream($data, $chunk, $php_only, $reset, $count) !== $expected) {
                    $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker: other values fed in pieces of $chunk"
                        . ($reset ? ' with reset()' : '') . " than read from the string";
                    return;
                }
            }
            if (__fuzz_string_pieces($data, $chunk, $php_only) !== $expected) {
                $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker: other values from strings of $chunk bytes"
                    . " than read from the whole string";
                return;
            }
        }
    }
}

// The templates: what was decoded is made into objects of the fuzzer's classes (a class name, an
// instance, a list template, a keyed template), through each API that takes one. Bytes that do
// not decode give false with any template (the failure shows); the entry points give the same.
function __fuzz_templates(string $data): void
{
    static $templates = null;
    $templates ??= ['FzTyped', 'FzPlain', 'FzReadonly', 'FzMagic', new FzWakeup, [FzTyped::class],
        ['i' => 'FzPlain', 'self' => [FzTyped::class], 0 => 'FzTyped'], [[FzPlain::class]], [],
        'FzShaped', 'FzChild', ['o' => new FzChild, 'l' => [['a' => null, 'd' => null]], 3 => 'FzPlain']];
    // false read from bytes that are not the value false: a decoding failure
    $failed = __fuzz_result(fn () => msgpack_unpack($data)) === serialize(false) && ($data[0] ?? '') !== "\xc2";
    foreach ($templates as $i => $tpl) {
        $r = __fuzz_result(fn () => msgpack_unpack($data, $tpl));
        if ($failed && $r !== serialize(false)) {
            $GLOBALS['__fuzz_fail'] = "templates: bytes that do not decode give other than false with template $i";
            return;
        }
    }
    if (!class_exists('MessagePackUnpacker', false)) {
        return;
    }
    $got = __fuzz_result(fn () => (new MessagePack(false))->unpack($data, 'FzTyped'));
    if ($got !== __fuzz_with_ini(['msgpack.php_only' => '0'], fn () => __fuzz_result(fn () => msgpack_unpack($data, 'FzTyped')))) {
        $GLOBALS['__fuzz_fail'] = "templates: MessagePack(false)->unpack() and msgpack_unpack() with php_only off differ";
        return;
    }
    // data() of a value that is the whole input gives what msgpack_unpack() gives
    $u = new MessagePackUnpacker();
    $offset = 0;
    try {
        $whole = @$u->execute($data, $offset) && $offset === strlen($data);
    } catch (Throwable $e) {
        $whole = false;
    }
    if ($whole && __fuzz_result(fn () => $u->data([FzPlain::class])) !== __fuzz_result(fn () => msgpack_unpack($data, [FzPlain::class]))) {
        $GLOBALS['__fuzz_fail'] = "templates: MessagePackUnpacker::data() and msgpack_unpack() differ";
    }
}

// What $f returns, serialized (object identity inside the value and references shown), or the
// class and message of what it throws: results of two calls compared exactly. Warnings are not
// part of it.
function __fuzz_result(callable $f): string
{
    try {
        $v = @$f();
    } catch (Throwable $e) {
        return 'throws ' . get_class($e) . ': ' . $e->getMessage();
    }
    try {
        return serialize($v);
    } catch (Throwable $e) {
        return 'serialize() throws ' . get_class($e);
    }
}

// Whether the values of data are the same each time they are read. A DateTime whose date is a
// relative time ("a": the time zone Alpha) is now, another one at each read, and no comparison of
// two reads can hold for it; only the Date classes do that, named in the input.
function __fuzz_steady(string $data): bool
{
    if (stripos($data, 'date') === false) {
        return true;
    }
    $reads = function () use ($data): string {
        $all = [__fuzz_result(fn () => msgpack_unpack($data))];
        foreach ([true, false] as $php_only) {
            $all[] = serialize(__fuzz_by_offset($data, $php_only));
        }
        $all[] = __fuzz_api_stream($data, MsgPack\Unpacker::PHP_OBJECTS, true, strlen($data), true, null);
        return implode("\0", $all);
    };
    return $reads() === $reads();
}

// $f() with the INI settings $ini, restored after.
function __fuzz_with_ini(array $ini, callable $f): mixed
{
    $old = [];
    foreach ($ini as $k => $v) {
        $old[$k] = ini_set($k, $v);
    }
    try {
        return $f();
    } finally {
        foreach ($old as $k => $v) {
            ini_set($k, $v);
        }
    }
}

// A value read by msgpack_unpack() packs again and reads back; from the second round trip on, the
// bytes stay the same (as in the C part: the first may differ, a float32 widened, a map of keys
// 0..n-1 become a list, a __unserialize() that stores more than __serialize() gives), unless
// the value holds PHP references (a back-reference to a plain value reads as a reference of its
// own). False is a failure.
function __fuzz_round_trip(mixed $v): bool
{
    $refs = preg_match('/[;{]R:\d+;/', __fuzz_result(fn () => $v)) === 1;
    $p = [];
    for ($i = 0; $i < 3; $i++) {
        try {
            $p[$i] = msgpack_pack($v);
        } catch (Throwable $e) {
            $p[$i] = false;
        }
        if (!is_string($p[$i])) {
            // deeper than msgpack.max_depth, a __sleep()/__serialize() of the fuzzer's classes
            // refusing: only the first time (what was read back from bytes packs again)
            if ($i === 0) {
                return true;
            }
            $GLOBALS['__fuzz_fail'] = "a value read back does not pack (round trip $i)";
            return false;
        }
        if ($i === 2) {
            break;
        }
        try {
            $v = @msgpack_unpack($p[$i]);
        } catch (Throwable $e) {
            $v = false;
        }
        if ($v === false && $p[$i] !== "\xc2") {
            $GLOBALS['__fuzz_fail'] = "a decoded value, packed again, does not decode (round trip " . ($i + 1) . ")";
            return false;
        }
    }
    if (!$refs && ini_get('msgpack.assoc') && $p[1] !== $p[2]) {
        $GLOBALS['__fuzz_fail'] = "the second and third round trips give other bytes";
        return false;
    }
    return true;
}

// The values execute($data, $offset) reads from offset to offset ([serialized, count]): it
// moves $offset past a value it skips (one it could not build), so the end is plain to see.
function __fuzz_by_offset(string $data, bool $php_only): array
{
    $n = strlen($data);
    $u = new MessagePackUnpacker($php_only);
    $out = [];
    for ($off = 0; $off < $n;) {
        $before = $off;
        try {
            if (@$u->execute($data, $off)) {
                $out[] = $u->data();
            }
        } catch (Throwable $e) {
            $out[] = get_class($e);
        }
        if ($off <= $before) {
            break;
        }
    }
    try {
        return [serialize($out), count($out)];
    } catch (Throwable $e) {
        return [get_class($e), count($out)];
    }
}

// The values execute($s, $offset) reads when each call gets a new string: what the last one did
// not consume (an incomplete int, length or payload), then the next $chunk bytes of the input.
// The value in progress goes on from string to string, so the same values come out as from the
// whole string.
function __fuzz_string_pieces(string $data, int $chunk, bool $php_only): string
{
    $n = strlen($data);
    $u = new MessagePackUnpacker($php_only);
    $out = [];
    $s = '';
    for ($i = 0; $i < $n; $i += $chunk) {
        $s .= substr($data, $i, $chunk);
        for ($off = 0; $off < strlen($s);) {
            $before = $off;
            try {
                if (@$u->execute($s, $off)) {
                    $out[] = $u->data();
                    continue;
                }
            } catch (Throwable $e) {
                $out[] = get_class($e);
            }
            if ($off <= $before) {
                break;
            }
        }
        $s = substr($s, $off);
    }
    try {
        return serialize($out);
    } catch (Throwable $e) {
        return get_class($e);
    }
}

// Feeds the input in pieces of $chunk bytes and drains the unpacker (calling reset() after each
// value if $reset); returns what came out, serialized. execute() says false (without a warning,
// as PECL's) for more bytes needed, for invalid bytes, and for a value that it could not build
// and skipped: after each piece it is called until false; after the last one until $count
// values are out, or it said false n + 1 times, so that what follows skipped values comes out.
function __fuzz_stream(string $data, int $chunk, bool $php_only, bool $reset, int $count): string
{
    return __fuzz_stream_pieces($data === '' ? [] : str_split($data, $chunk), $php_only, $reset, $count);
}

// The same for the input cut into the given pieces (fuzz/mutate.php: pieces of random sizes).
function __fuzz_stream_pieces(array $pieces, bool $php_only, bool $reset, int $count): string
{
    $n = strlen(implode('', $pieces));
    $u = new MessagePackUnpacker($php_only);
    $out = [];
    foreach ($pieces as $k => $piece) {
        $u->feed($piece);
        $last = $k === count($pieces) - 1;
        for ($falses = 0; $falses <= ($last ? $n : 0) && !($last && $falses > 0 && count($out) >= $count);) {
            try {
                if (@$u->execute()) {
                    $out[] = $u->data();
                    if ($reset) {
                        $u->reset();
                    }
                } else {
                    $falses++;
                }
            } catch (Throwable $e) {
                $out[] = get_class($e);
            }
            // every value takes at least one byte: more values than bytes is a loop
            if (count($out) > $n + 1) {
                $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker::execute() returned true more often than there are bytes";
                return '';
            }
        }
    }
    try {
        return serialize($out);
    } catch (Throwable $e) {
        return get_class($e);
    }
}

// The MsgPack\ API: MsgPack\unpack() with each set of flags; MsgPack\Unpacker with the
// allow-list and registered ext decoders (one returning, one throwing, one for timestamps), whole
// and streamed in pieces. Errors are exceptions with an offset inside the input; a stream gives
// the same values and errors whatever the pieces.
function __fuzz_api(string $data): void
{
    static $flag_sets = null;
    $flag_sets ??= array_merge([
        0,
        MsgPack\Unpacker::BIGINT_AS_FLOAT | MsgPack\Unpacker::TIMESTAMP_AS_DATETIME,
        MsgPack\Unpacker::MAPS_AS_OBJECTS,
        MsgPack\Unpacker::PHP_OBJECTS,
        MsgPack\Unpacker::PHP_OBJECTS | MsgPack\Unpacker::MAPS_AS_OBJECTS | MsgPack\Unpacker::TIMESTAMP_AS_DATETIME,
        MsgPack\Unpacker::RECORDS,
        MsgPack\Unpacker::RECORDS | MsgPack\Unpacker::MAPS_AS_OBJECTS | MsgPack\Unpacker::TIMESTAMP_AS_DATETIME,
    ], extension_loaded('gmp') ? [MsgPack\Unpacker::BIGINT_AS_GMP] : []);
    $n = strlen($data);
    foreach ($flag_sets as $flags) {
        $read = false;
        $v = null;
        try {
            $v = MsgPack\unpack($data, $flags);
            $read = true;
        } catch (Throwable $e) {
            if (!__fuzz_api_error_ok($e, $n)) {
                return;
            }
        }
        if (!__fuzz_paths($data, $flags, $v, $read)) {
            return;
        }
    }
    if (!__fuzz_records_round_trip($data)) {
        return;
    }
    if (!__fuzz_typed($data)) {
        return;
    }
    foreach ([[MsgPack\Unpacker::PHP_OBJECTS, true], [MsgPack\Unpacker::PHP_OBJECTS, ['FzPlain', 'fzwakeup', 'FzTyped', 'FzBacked']],
              [MsgPack\Unpacker::MAPS_AS_OBJECTS, false], [MsgPack\Unpacker::RECORDS, false],
              [MsgPack\Unpacker::RECORDS | MsgPack\Unpacker::MAPS_AS_OBJECTS, false],
              // shared structures, which a stream value may redeclare and then be refused
              [MsgPack\Unpacker::RECORDS, false, [['a', 'b'], ['x', 'y', 'z'], [0, 1]]],
              // past 32: msgpackr's two-byte identifiers (60 00 ... for numbers 32-39)
              [MsgPack\Unpacker::RECORDS, false, __fuzz_two_byte_structures()]] as $setting) {
        [$flags, $allowed] = $setting;
        $structures = $setting[2] ?? null;
        $whole = __fuzz_api_stream($data, $flags, $allowed, $n, true, $structures);
        if (isset($GLOBALS['__fuzz_fail'])) {
            return;
        }
        foreach ($n <= 64 ? [1, 7] : [13, max(1, intdiv($n, 3))] as $chunk) {
            if (__fuzz_api_stream($data, $flags, $allowed, $chunk, false, $structures) !== $whole) {
                $GLOBALS['__fuzz_fail'] ??= "MsgPack\\Unpacker: other values fed in pieces of $chunk than at once";
                return;
            }
        }
        if (!__fuzz_api_reader($data, $flags, $allowed, $structures)) {
            return;
        }
    }
}

// Partial decoding: a path into a value MsgPack\unpack() reads whole gives what the same path
// takes in that value, or a PathException naming the first step that is not there (the steps
// drawn from the value's keys, then made to miss); unpackPaths() gives the same in one pass;
// STOP_AT_PATH gives a value or a PathException (it stops at a key's first occurrence, where
// unpack() keeps the last). Into bytes unpack() does not read, a path gives a value or an
// UnpackException within the input. Objects other than stdClass (PHP_OBJECTS, timestamps) end
// the comparison: what a path takes in them is not what get_object_vars() shows here.
function __fuzz_paths(string $data, int $flags, mixed $whole, bool $read): bool
{
    $n = strlen($data);
    $paths = [];
    mt_srand(crc32($data) ^ $flags); // the same paths each time an input runs
    for ($i = 0; $i < 3; $i++) {
        $path = [];
        $node = $whole;
        while ((is_array($node) || $node instanceof stdClass) && mt_rand(0, 4) !== 0) {
            $entries = is_array($node) ? $node : get_object_vars($node);
            if (!$entries) {
                break;
            }
            $keys = array_keys($entries);
            $k = $keys[mt_rand(0, count($keys) - 1)];
            $path[] = $k;
            $node = $entries[$k];
        }
        $paths[] = $path;
        $paths[] = array_merge($path, [mt_rand(0, 1) ? mt_rand(-1, 3) : ['a', '', '0', 'x'][mt_rand(0, 3)]]);
    }
    foreach ($paths as $path) {
        $expected = $read ? __fuzz_take_path($whole, $path) : null;
        foreach ([0, MsgPack\Unpacker::STOP_AT_PATH] as $stop) {
            try {
                $got = [true, MsgPack\unpack($data, $flags | $stop, $path)];
            } catch (MsgPack\PathException $e) {
                $got = [false, $e->getPath()];
            } catch (Throwable $e) {
                if (!__fuzz_api_error_ok($e, $n)) {
                    return false;
                }
                if ($read && $e instanceof MsgPack\UnpackException) {
                    $GLOBALS['__fuzz_fail'] = "MsgPack\\unpack() with a path: " . get_class($e) . ": " . $e->getMessage()
                        . " where the whole value reads";
                    return false;
                }
                continue;
            }
            if ($expected === null || $stop) {
                continue;
            }
            // (with PHP_OBJECTS a value may hold PHP references, whose serialize() depends on how
            // many hold the arrays in them: there only where the path ends is compared)
            $php_objects = ($flags & MsgPack\Unpacker::PHP_OBJECTS) !== 0;
            if ($got[0] !== $expected[0] || ($got[0] ? !$php_objects && serialize($got[1]) !== serialize($expected[1])
                    : $got[1] !== $expected[1])) {
                $GLOBALS['__fuzz_fail'] = "MsgPack\\unpack() with path " . json_encode($path) . " (flags $flags): "
                    . ($got[0] ? 'a value' : "missing at $got[1]") . ', in the whole value: '
                    . ($expected[0] ? 'a value' : "missing at $expected[1]");
                return false;
            }
        }
        if ($expected !== null) {
            try {
                $both = MsgPack\unpackPaths($data, ['p' => $path], $flags, 'default');
                $want = $expected[0] ? $expected[1] : 'default';
                if (($flags & MsgPack\Unpacker::PHP_OBJECTS) === 0 ? serialize($both['p']) !== serialize($want)
                        : ($both['p'] === 'default') !== ($want === 'default')) {
                    $GLOBALS['__fuzz_fail'] = "MsgPack\\unpackPaths() with path " . json_encode($path) . " (flags $flags) differs";
                    return false;
                }
            } catch (Throwable $e) {
                $GLOBALS['__fuzz_fail'] = "MsgPack\\unpackPaths(): " . get_class($e) . ": " . $e->getMessage() . " where the whole value reads";
                return false;
            }
        }
    }
    return true;
}

// [true, value] at $path in $v, [false, the path to the first step that is not there], or null
// where the path meets an object other than stdClass (see __fuzz_paths()).
function __fuzz_take_path(mixed $v, array $path): ?array
{
    foreach ($path as $i => $step) {
        if (is_object($v) && !$v instanceof stdClass) {
            return null;
        }
        $entries = is_object($v) ? get_object_vars($v) : $v;
        if (is_array($entries) && array_key_exists($step, $entries)) {
            $v = $entries[$step];
        } else {
            return [false, msgpack_test_path_text(array_slice($path, 0, $i + 1))];
        }
    }
    return is_object($v) && !$v instanceof stdClass ? null : [true, $v];
}

// Typed decoding into the fuzzer's declared types, with a few sets of flags: an error is an
// UnpackException within the input (a ValueError would be the plan's fault: the types hold), a
// success a value of the type; without flags, what was read packs and reads back the same (but
// for string keys: PHP makes "0", "1" ints, and such an array packs as a list).
function __fuzz_typed(string $data): bool
{
    static $types = null;
    $types ??= [
        'FzTypedRoot' => fn ($v) => $v instanceof FzTypedRoot,
        '?FzTypedPoint' => fn ($v) => $v === null || $v instanceof FzTypedPoint,
        'list<FzTypedPoint|int>' => fn ($v) => is_array($v) && array_is_list($v)
            && !array_filter($v, fn ($e) => !($e instanceof FzTypedPoint || is_int($e))),
        'array<string, FzTypedLeaf>' => fn ($v) => is_array($v) && !array_filter($v, fn ($e) => !$e instanceof FzTypedLeaf),
        'int|string|bool|null' => fn ($v) => $v === null || is_int($v) || is_string($v) || is_bool($v),
        'FzLevel|FzBacked|FzTypedLeaf|list<float>' => fn ($v) => $v instanceof FzLevel || $v instanceof FzBacked
            || $v instanceof FzTypedLeaf || (is_array($v) && !array_filter($v, fn ($e) => !is_float($e))),
    ];
    $n = strlen($data);
    foreach ($types as $type => $is_of_type) {
        foreach ([0, MsgPack\Unpacker::FORBID_UNKNOWN_KEYS, MsgPack\Unpacker::PHP_OBJECTS | MsgPack\Unpacker::TIMESTAMP_AS_DATETIME,
                  MsgPack\Unpacker::RECORDS | MsgPack\Unpacker::MAPS_AS_OBJECTS] as $flags) {
            try {
                $v = @MsgPack\unpackAs($data, $type, $flags);
            } catch (MsgPack\UnpackException $e) {
                $path = $e->getPath();
                if (!__fuzz_api_error_ok($e, $n)) {
                    return false;
                }
                if ($path !== '' && $path[0] !== '$') {
                    $GLOBALS['__fuzz_fail'] = "unpackAs($type): a path that does not start at \$: $path";
                    return false;
                }
                continue;
            } catch (ValueError | TypeError $e) {
                $GLOBALS['__fuzz_fail'] = "unpackAs($type): " . get_class($e) . ': ' . $e->getMessage();
                return false;
            } catch (Throwable $e) {
                continue; // what code of the input's classes throws (PHP_OBJECTS in the mixed part)
            }
            if (!$is_of_type($v)) {
                $GLOBALS['__fuzz_fail'] = "unpackAs($type) returned a " . get_debug_type($v);
                return false;
            }
            if ($flags !== 0 || str_contains($type, 'string,')) {
                continue;
            }
            try {
                $bytes = MsgPack\pack($v);
            } catch (MsgPack\PackException $e) {
                continue; // deeper than msgpack.max_depth, which pack() follows and unpackAs() does not
            }
            try {
                $again = MsgPack\unpackAs($bytes, $type);
            } catch (Throwable $e) {
                $GLOBALS['__fuzz_fail'] = "unpackAs($type): what was read does not pack and read back: " . $e->getMessage();
                return false;
            }
            if (serialize($again) !== serialize($v)) {
                $GLOBALS['__fuzz_fail'] = "unpackAs($type): what was read packs and reads back otherwise";
                return false;
            }
        }
    }
    return true;
}

// The item-by-item readers of MsgPack\Unpacker on the input fed in random pieces, called at random
// (the choices from a seed made of the input, so that an input replays the same): a call that
// throws a MsgPack\ exception takes nothing (remaining() unchanged) and names an offset within what
// was fed; one that returns takes at least one byte (read(0)/skip(0) excepted) and never more than
// was buffered; the stream always ends, its bytes all fed and read or skipped.
// 40 shared structures "k0".."k39" (every seventh from 3 with a second field, "name"; number 5
// none): numbers 32-39 take msgpackr's two-byte identifiers (60 00 ... 67 00).
function __fuzz_two_byte_structures(): array
{
    static $lists = null;
    return $lists ??= array_map(fn ($i) => $i === 5 ? [] : ($i % 7 === 3 ? ["k$i", 'name'] : ["k$i"]), range(0, 39));
}

function __fuzz_api_reader(string $data, int $flags, array|bool $allowed, ?array $structures): bool
{
    static $ops = ['unpackNil', 'unpackBool', 'unpackInt', 'unpackFloat', 'unpackStr', 'unpackBin', 'unpackArray',
        'unpackMap', 'unpackExt', 'unpackArrayHeader', 'unpackMapHeader', 'skipValue', 'unpack', 'skip', 'read',
        'tryUnpack', 'foreach', 'reset'];
    $u = __fuzz_api_unpacker($flags, $allowed);
    if ($structures !== null) {
        $u->withStructures($structures);
    }
    $n = strlen($data);
    // a generator of its own: mutate.php draws from $rand() in the same process
    $state = (crc32($data) ^ $flags) & 0x7fffffff;
    $rand = function (int $lo, int $hi) use (&$state): int {
        $state = ($state * 1103515245 + 12345) & 0x7fffffff;
        return $lo + ($state >> 8) % ($hi - $lo + 1);
    };
    $fed = 0;     // bytes fed since the stream (re)started: offsets count from there
    $base = 0;    // where in $data the stream (re)started
    $stalled = 0; // calls since the last byte fed or taken
    while (true) {
        if ($fed + $base < $n && $rand(0, 2) === 0) {
            $piece = $rand(1, max(1, min(16, $n - $base - $fed)));
            $u->feed(substr($data, $base + $fed, $piece));
            $fed += $piece;
            $stalled = 0;
            continue;
        }
        $before = $u->remaining();
        if ($before === 0 && $base + $fed >= $n) {
            break;
        }
        if (++$stalled > 1000) {
            // at the end of the input one call in two is a skip, of one byte one time in two
            $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker reader: the stream does not end ($n bytes, $fed fed)";
            return false;
        }
        // at the end of the input, bytes no read takes are skipped one at a time
        $op = $base + $fed >= $n && $rand(0, 1) === 0 ? 'skip' : $ops[$rand(0, count($ops) - 1)];
        $arg = $op === 'skip' || $op === 'read' ? $rand(0, 1) === 0 ? 1 : $rand(0, $before + 1) : null;
        try {
            switch ($op) {
                case 'skip':
                case 'read':
                    $r = $u->$op($arg);
                    if ($op === 'read' && strlen($r) !== $arg) {
                        $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker::read($arg) returned " . strlen($r) . " bytes";
                        return false;
                    }
                    break;
                case 'tryUnpack':
                    @$u->tryUnpack();
                    break;
                case 'foreach':
                    foreach ($u as $v) {
                        if ($rand(0, 3) === 0) {
                            break;
                        }
                    }
                    break;
                case 'reset':
                    if ($rand(0, 7) !== 0) {
                        continue 2;
                    }
                    $u->reset();
                    if ($u->remaining() !== 0) {
                        $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker::reset() left " . $u->remaining() . " bytes";
                        return false;
                    }
                    // a new stream: what was fed and not taken is fed again, offsets from 0
                    $base += $fed - $before;
                    $fed = 0;
                    continue 2;
                default:
                    @$u->$op();
                    break;
            }
        } catch (MsgPack\Exception $e) {
            $after = $u->remaining();
            $stalled = $after !== $before ? 0 : $stalled;
            $at = $e instanceof MsgPack\UnpackException ? $e->getPosition() : 0;
            if ($at < 0 || $at > $fed) {
                $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker::$op(): " . get_class($e) . " at offset $at of $fed bytes fed: "
                    . $e->getMessage();
                return false;
            }
            // an identifier with no structure is an error only with shared structures (the
            // decoder's rule, which the scanner must follow after a skip too); without them only
            // a two-byte one whose second byte names no structure is ("never declared", as
            // msgpackr refuses it)
            if ($structures === null && str_contains($e->getMessage(), 'not among the shared structures')) {
                $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker::$op(): an unknown record identifier without shared structures: "
                    . $e->getMessage();
                return false;
            }
            // a typed read, skip(), read() take nothing when they fail; whole values the decoder
            // refused are consumed, and tryUnpack() and the iterator take the values before
            $decoder_refused = $op === 'tryUnpack' || $op === 'foreach'
                || !($e instanceof MsgPack\InsufficientDataException)
                && !str_starts_with($e->getMessage(), 'expected ') && !str_starts_with($e->getMessage(), 'unexpected byte 0xc1')
                && !str_starts_with($e->getMessage(), 'maximum nesting depth')
                && !str_starts_with($e->getMessage(), 'record field list')
                && !str_starts_with($e->getMessage(), 'unknown record identifier');
            if ($after !== $before && (!$decoder_refused || $after > $before)) {
                $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker::$op() failed (" . $e->getMessage() . ") and took "
                    . ($before - $after) . " bytes";
                return false;
            }
            continue;
        } catch (Throwable $e) {
            // user code of the ext decoders (DomainException): the value is consumed
            $stalled = $u->remaining() !== $before ? 0 : $stalled;
            continue;
        }
        $after = $u->remaining();
        if ($after !== $before) {
            $stalled = 0;
        }
        if ($after > $before || ($after === $before && !in_array($op, ['skip', 'read', 'tryUnpack', 'foreach'], true))) {
            $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker::$op() returned and remaining() went from $before to $after";
            return false;
        }
    }
    return true;
}

// Records: a value read with RECORDS packs again with RECORDS and reads back the same (the
// structures of a value are its own: a value packed alone declares what it uses). Arrays only:
// a stdClass property named with a NUL first reads as a mangled name, which packing leaves out.
function __fuzz_records_round_trip(string $data): bool
{
    foreach ([MsgPack\Unpacker::RECORDS, MsgPack\Unpacker::RECORDS | MsgPack\Unpacker::TIMESTAMP_AS_DATETIME] as $flags) {
        try {
            $v = MsgPack\unpack($data, $flags);
        } catch (Throwable $e) {
            continue;
        }
        try {
            $bytes = MsgPack\pack($v, MsgPack\Packer::RECORDS);
        } catch (MsgPack\PackException $e) {
            continue; // deeper than msgpack.max_depth
        }
        try {
            $again = MsgPack\unpack($bytes, $flags);
        } catch (Throwable $e) {
            $GLOBALS['__fuzz_fail'] = "records: a value packed again does not read back: " . $e->getMessage();
            return false;
        }
        if (serialize($again) !== serialize($v)) {
            $GLOBALS['__fuzz_fail'] = "records: a value packed again reads back different";
            return false;
        }
    }
    return true;
}

function __fuzz_api_unpacker(int $flags, array|bool $allowed): MsgPack\Unpacker
{
    $u = new MsgPack\Unpacker($flags, $allowed, 64);
    $u->registerExtension(1, fn (string $d) => strrev($d));
    $u->registerExtension(2, function (string $d) { throw new DomainException('ext 2'); });
    $u->registerExtension(-1, fn (string $d) => new FzPlain);
    return $u;
}

// An exception of the MsgPack\ API: its offset is inside the input (the end for missing data).
function __fuzz_api_error_ok(Throwable $e, int $n): bool
{
    if ($e instanceof MsgPack\UnpackException) {
        $at = $e->getPosition();
        $max = $e instanceof MsgPack\InsufficientDataException ? $n : $n - 1;
        if ($at < 0 || $at > $max) {
            $GLOBALS['__fuzz_fail'] = "MsgPack\\ API: " . get_class($e) . " at offset $at of $n bytes: " . $e->getMessage();
            return false;
        }
    }
    return true;
}

// The values and errors of a stream fed in pieces of $chunk bytes, serialized; the unpacker's
// own unpack() of the whole input (when $whole) on the way.
function __fuzz_api_stream(string $data, int $flags, array|bool $allowed, int $chunk, bool $whole, ?array $structures = null): string
{
    $u = __fuzz_api_unpacker($flags, $allowed);
    if ($structures !== null) {
        $u->withStructures($structures);
    }
    $n = strlen($data);
    if ($whole) {
        try {
            @$u->unpack($data);
        } catch (Throwable $e) {
            if (!__fuzz_api_error_ok($e, $n)) {
                return '';
            }
        }
    }
    $out = [];
    $stuck = false;
    for ($i = 0; $i < $n; $i += $chunk) {
        $u->feed(substr($data, $i, $chunk));
        // until nothing more comes; bytes refused stop the stream (the same error again)
        while (!$stuck) {
            try {
                $values = @$u->tryUnpack();
                if ($values === []) {
                    break;
                }
                array_push($out, ...$values);
            } catch (Throwable $e) {
                if (!__fuzz_api_error_ok($e, $n)) {
                    return '';
                }
                $error = get_class($e) . ($e instanceof MsgPack\UnpackException ? '@' . $e->getPosition() : '');
                $stuck = $out !== [] && end($out) === $error;
                if (!$stuck) {
                    $out[] = $error;
                }
            }
            if (count($out) > $n) {
                $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker: more values and errors than bytes";
                return '';
            }
        }
    }
    $left = $u->remaining();
    if ($left < 0 || $left > $n) {
        $GLOBALS['__fuzz_fail'] = "MsgPack\\Unpacker: remaining() $left of $n bytes";
        return '';
    }
    try {
        return @serialize([$out, $left]);
    } catch (Throwable $e) {
        return get_class($e);
    }
}
