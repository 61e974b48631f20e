<?php
// Loaded by the fuzzer at the start of each PHP request: the classes, and the PHP-level part
// of one fuzz iteration. A broken invariant is reported in $GLOBALS['__fuzz_fail'], on which
// the harness aborts.
require __DIR__ . '/classes.inc.php';

// One input: the PHP-level entry points: the functions with the INI settings in force, then the
// streaming unpacker (if the extension has it) fed the input in chunks.
function __fuzz_php(string $data): void
{
    // the decoder itself, with each set of options (C, in msgpack_fuzzer.c)
    __fuzz_decode($data);
    foreach ([msgpack_unpack(...), msgpack_unserialize(...)] as $i => $f) {
        try {
            $v = $f($data);
            if ($i === 0 && $v !== false) {
                // what was read can be written again
                $p = msgpack_pack($v);
                if (is_string($p)) {
                    msgpack_unpack($p);
                }
            }
        } catch (Throwable $e) {
        }
    }
    if (!class_exists('MessagePackUnpacker', false)) {
        return;
    }
    $n = strlen($data);
    // byte by byte for short inputs (a long one would take quadratic time)
    $chunks = $n <= 256 ? [1, max(1, intdiv($n, 3))] : [13, intdiv($n, 3)];
    foreach ($chunks as $chunk) {
        try {
            __fuzz_stream($data, $chunk);
        } catch (Throwable $e) {
        }
    }
}

function __fuzz_stream(string $data, int $chunk): void
{
    $n = strlen($data);
    $u = new MessagePackUnpacker();
    $got = 0;
    for ($i = 0; $i < $n; $i += $chunk) {
        $u->feed(substr($data, $i, $chunk));
        $k = 0;
        while ($u->execute()) {
            $u->data();
            $u->reset();
            // every value takes at least one byte: more values than bytes is a loop
            if (++$k > $n || ++$got > $n) {
                $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker::execute() returned true more often than there are bytes";
                return;
            }
        }
    }
    // execute() with the string and an offset
    $u = new MessagePackUnpacker();
    $off = 0;
    $k = 0;
    while ($off < $n && $u->execute($data, $off)) {
        $u->data();
        $u->reset();
        if (++$k > $n) {
            $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker::execute(\$str, \$offset) does not advance";
            return;
        }
    }
}
