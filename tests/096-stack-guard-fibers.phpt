--TEST--
C stack guard: in fibers of 64 KiB, 128 KiB and 256 KiB, values of 3,000 and 40,000 levels through every entry point end in a clean error, with msgpack.max_depth at its default and at 0
--INI--
pcre.jit=0
--FILE--
<?php
use MsgPack\Packer;
use MsgPack\Unpacker;

// The deep values are built (and freed) on the main stack: freeing them is the engine's own
// recursion. Each fiber only packs and unpacks them.
$lists = $maps = $inputs = $records = [];
foreach ([3000, 40000] as $n) {
    $l = 1;
    $m = 'leaf';
    for ($i = 0; $i < $n; $i++) {
        $l = [$l];
        $m = ['k' => $m];
    }
    $lists[$n] = $l;
    $maps[$n] = $m;
    $inputs[$n] = str_repeat("\x91", $n) . "\x01";
    // RECORDS: a map of one key nested n levels, as records: the declaration of ['k'] as
    // structure 0x40 (ext -1, fixext 1), then n - 1 uses of it
    $records[$n] = "\xd4\x72\x40\x91\xa1k" . str_repeat("\x40", $n - 1) . "\xa4leaf";
}
unset($l, $m);

function outcome(callable $f): string
{
    error_clear_last();
    try {
        $r = @$f();
    } catch (Throwable $e) {
        return get_class($e) . ': ' . preg_replace('/level \d+, offset \d+|level \d+/', 'level N', $e->getMessage());
    }
    $w = error_get_last();
    $what = is_string($r) ? 'string(' . strlen($r) . ')' : var_export($r, true);
    return $what . ($w ? ', ' . preg_replace('/level \d+/', 'level N', $w['message']) : '');
}

$entries = [
    'msgpack_pack' => fn ($n) => msgpack_pack($GLOBALS['lists'][$n]),
    'msgpack_pack (maps)' => fn ($n) => msgpack_pack($GLOBALS['maps'][$n]),
    'msgpack_unpack' => fn ($n) => msgpack_unpack($GLOBALS['inputs'][$n]),
    'msgpack_unpack (template)' => fn ($n) => msgpack_unpack($GLOBALS['inputs'][$n], []),
    'MessagePack::pack' => fn ($n) => (new MessagePack())->pack($GLOBALS['lists'][$n]),
    'MessagePack::unpack' => fn ($n) => (new MessagePack())->unpack($GLOBALS['inputs'][$n]),
    'MessagePackUnpacker' => function ($n) {
        $u = new MessagePackUnpacker();
        foreach (str_split($GLOBALS['inputs'][$n], 1000) as $piece) {
            $u->feed($piece);
        }
        return $u->execute() ? $u->data() : false;
    },
    'MsgPack\pack' => fn ($n) => MsgPack\pack($GLOBALS['lists'][$n]),
    'MsgPack\unpack' => fn ($n) => MsgPack\unpack($GLOBALS['inputs'][$n]),
    'Packer::pack (RECORDS)' => fn ($n) => (new Packer(Packer::RECORDS))->pack($GLOBALS['maps'][$n]),
    'Unpacker::unpack (RECORDS)' => fn ($n) => (new Unpacker(Unpacker::RECORDS))->unpack($GLOBALS['records'][$n]),
    'Unpacker streamed' => function ($n) {
        $u = new Unpacker(0, false, 1000000);
        foreach (str_split($GLOBALS['inputs'][$n], 1000) as $piece) {
            $u->feed($piece);
        }
        foreach ($u as $v) {
            return $v;
        }
        return 'nothing';
    },
];

foreach (['64K', '128K', '256K'] as $size) {
    foreach (['4096', '0'] as $max) {
        foreach ([3000, 40000] as $n) {
            ini_set('fiber.stack_size', $size);
            ini_set('msgpack.max_depth', $max);
            echo "-- fiber.stack_size=$size msgpack.max_depth=$max, $n levels\n";
            $fiber = new Fiber(function () use ($entries, $n) {
                foreach ($entries as $name => $f) {
                    printf("%-27s %s\n", $name, outcome(fn () => $f($n)));
                }
            });
            $fiber->start();
        }
    }
}
// The offset names the container the stack was full at, not one as deep before it: maps take
// more stack a level than lists, so a list as deep as lists go in this fiber, then maps nested
// until the stack is full: the error is at a map of the second element.
ini_set('fiber.stack_size', '64K');
ini_set('msgpack.max_depth', '0');
(new Fiber(function () {
    $lo = 1;
    $hi = 100000;
    while ($lo < $hi) {
        $mid = intdiv($lo + $hi + 1, 2);
        try {
            MsgPack\unpack(str_repeat("\x91", $mid) . "\x90");
            $lo = $mid;
        } catch (MsgPack\UnpackException $e) {
            $hi = $mid - 1;
        }
    }
    $list = str_repeat("\x91", $lo - 1) . "\x90"; // inside the outer list: as deep as lists go
    $bytes = "\x92" . $list . str_repeat("\x81\xa1a", 100000) . "\xc0";
    try {
        MsgPack\unpack($bytes);
    } catch (MsgPack\UnpackException $e) {
        $at = $e->getPosition();
        $maps = 1 + strlen($list);
        echo "error at a map of the second element: ",
            var_export($at >= $maps && ($at - $maps) % 3 === 0 && $bytes[$at] === "\x81", true), "\n";
        echo preg_replace('/level \d+, offset \d+/', 'level N, offset N', $e->getMessage()), "\n";
    }
}))->start();
echo "done\n";
?>
--EXPECT--
-- fiber.stack_size=64K msgpack.max_depth=4096, 3000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=64K msgpack.max_depth=4096, 40000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=64K msgpack.max_depth=0, 3000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=64K msgpack.max_depth=0, 40000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=128K msgpack.max_depth=4096, 3000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=128K msgpack.max_depth=4096, 40000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=128K msgpack.max_depth=0, 3000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=128K msgpack.max_depth=0, 40000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=256K msgpack.max_depth=4096, 3000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=256K msgpack.max_depth=4096, 40000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=256K msgpack.max_depth=0, 3000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
-- fiber.stack_size=256K msgpack.max_depth=0, 40000 levels
msgpack_pack                false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_pack (maps)         false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
msgpack_unpack (template)   false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::pack           false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePack::unpack         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
MessagePackUnpacker         false
MsgPack\pack                MsgPack\PackException: the C stack is full at nesting level N
MsgPack\unpack              MsgPack\UnpackException: the C stack is full at nesting level N
Packer::pack (RECORDS)      MsgPack\PackException: the C stack is full at nesting level N
Unpacker::unpack (RECORDS)  MsgPack\UnpackException: the C stack is full at nesting level N
Unpacker streamed           MsgPack\UnpackException: the C stack is full at nesting level N
error at a map of the second element: true
the C stack is full at nesting level N, offset N
done
