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
    __fuzz_templates($data);
    if (class_exists('MessagePack', false)) {
        foreach ([[true, true], [false, false]] as [$php_only, $assoc]) {
            try {
                $m = new MessagePack($php_only);
                $m->setOption(MessagePack::OPT_ASSOC, $assoc);
                $m->unpack($data);
            } catch (Throwable $e) {
            }
        }
    }
    if (!class_exists('MessagePackUnpacker', false)) {
        return;
    }
    $n = strlen($data);
    // fed at once, in pieces, byte by byte (short inputs: a long one takes quadratic time):
    // the same values come out
    foreach ([true, false] as $php_only) {
        $whole = __fuzz_stream($data, max(1, $n), $php_only);
        $chunks = $n <= 64 ? [1, 7] : [13, intdiv($n, 3)];
        if (!$php_only) {
            $chunks = [max(1, intdiv($n, 3))];
        }
        foreach ($chunks as $chunk) {
            if (__fuzz_stream($data, $chunk, $php_only) !== $whole) {
                $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker: other values when fed in pieces of $chunk";
                return;
            }
        }
    }
    // reset() after each value (PECL's usual loop) loses none of the bytes after it
    foreach ([max(1, $n), 7] as $chunk) {
        if (__fuzz_stream($data, $chunk, true, true) !== __fuzz_stream($data, max(1, $n), true)) {
            $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker: reset() after each value in pieces of $chunk changes the values";
            return;
        }
    }
    __fuzz_execute_offset($data);
}

// The templates: what was decoded is made into objects of the fuzzer's classes (a class name, an
// instance, a list template, a keyed template), through each API that takes one.
function __fuzz_templates(string $data): void
{
    static $templates = null;
    $templates ??= ['FzTyped', 'FzPlain', 'FzReadonly', 'FzMagic', new FzWakeup, [FzTyped::class],
        ['i' => 'FzPlain', 'self' => [FzTyped::class], 0 => 'FzTyped'], [[FzPlain::class]], []];
    foreach ($templates as $tpl) {
        try {
            msgpack_unpack($data, $tpl);
        } catch (Throwable $e) {
        }
    }
    if (!class_exists('MessagePackUnpacker', false)) {
        return;
    }
    try {
        (new MessagePack(false))->unpack($data, 'FzTyped');
    } catch (Throwable $e) {
    }
    try {
        $u = new MessagePackUnpacker();
        if (@$u->execute($data, $offset)) {
            $u->data([FzPlain::class]);
        }
    } catch (Throwable $e) {
    }
}

// Drains the unpacker after each piece (calling reset() after each value if $reset); returns
// what came out, serialized.
function __fuzz_stream(string $data, int $chunk, bool $php_only, bool $reset = false): string
{
    $n = strlen($data);
    $u = new MessagePackUnpacker($php_only);
    $out = [];
    for ($i = 0; $i < $n; $i += $chunk) {
        $u->feed(substr($data, $i, $chunk));
        // until execute() says false without a warning: a value that cannot be built is
        // skipped with a warning and false, and values after it may be there already
        for ($calls = 0; ; $calls++) {
            error_clear_last();
            try {
                if (!@$u->execute()) {
                    $e = error_get_last()['message'] ?? null;
                    // (bad bytes and too deep nesting stop the unpacker till reset())
                    if ($e === null || $calls > $n || str_contains($e, 'Parse error') || str_contains($e, 'depth')) {
                        break;
                    }
                    continue;
                }
                $out[] = $u->data();
                if ($reset) {
                    $u->reset();
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

// execute($str, $offset) from offset to offset, and reset() after each value.
function __fuzz_execute_offset(string $data): void
{
    $n = strlen($data);
    $u = new MessagePackUnpacker();
    $off = 0;
    $k = 0;
    try {
        while ($off < $n && $u->execute($data, $off)) {
            $u->data();
            $u->reset();
            if (++$k > $n) {
                $GLOBALS['__fuzz_fail'] = "MessagePackUnpacker::execute(\$str, \$offset) does not advance";
                return;
            }
        }
    } catch (Throwable $e) {
    }
}
