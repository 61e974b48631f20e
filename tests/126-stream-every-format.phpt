--TEST--
Streams: one value of every format (each fixext size, ext 8/16/32, str/bin/array/map 8/16/32, every int and float, values within 32 bits: beyond them tests 192, 193) framed by the scanner, fed at once, byte by byte and in pieces, to MsgPack\Unpacker and MessagePackUnpacker
--FILE--
<?php
// Each value is written by hand in the form named (the 32-bit forms with small lengths, as
// no writer makes them), and read through a stream: the scanner must find where each ends,
// whatever piece of it has arrived. Read alone by MsgPack\unpack(), each gives the reference.
$x = fn(int $n, string $c = 'x') => bin2hex(str_repeat($c, $n));
$values = [
    'nil' => 'c0', 'false' => 'c2', 'true' => 'c3',
    'positive fixint' => '7f', 'negative fixint' => 'e0',
    'uint8' => 'ccff', 'uint16' => 'cdffff', 'uint32' => 'ce7fffffff', 'uint64' => 'cf000000007fffffff',
    'int8' => 'd080', 'int16' => 'd18000', 'int32' => 'd280000000', 'int64' => 'd3ffffffff80000000',
    'float32' => 'ca3fc00000', 'float64' => 'cb3ff8000000000000',
    'fixstr' => 'a3616263', 'str8' => 'd903616263', 'str16' => 'da0003616263', 'str32' => 'db00000003616263',
    'bin8' => 'c403646566', 'bin16' => 'c50003646566', 'bin32' => 'c600000003646566',
    'fixarray' => '920102', 'array16' => 'dc00020102', 'array32' => 'dd000000020102',
    'fixmap' => '81a16101', 'map16' => 'de0001a16101', 'map32' => 'df00000001a16101',
    'fixext1' => 'd405' . $x(1), 'fixext2' => 'd505' . $x(2), 'fixext4' => 'd605' . $x(4),
    'fixext8' => 'd705' . $x(8), 'fixext16' => 'd805' . $x(16),
    'ext8' => 'c70305' . $x(3), 'ext16' => 'c8000305' . $x(3), 'ext32' => 'c90000000305' . $x(3),
    'timestamp 32' => 'd6ff00000001', 'timestamp 64' => 'd7ff0000000400000001',
    'timestamp 96' => 'c70cff000000010000000000000001',
    'nested' => '92d805' . $x(16) . '81a178c70105' . $x(1),
];
$stream = '';
$expected = [];
foreach ($values as $name => $hex) {
    $stream .= hex2bin($hex) . "\x2a"; // each value, then the int 42
    $expected[] = MsgPack\unpack(hex2bin($hex));
    $expected[] = 42;
}
echo strlen($stream), ' bytes, ', count($expected), " values\n";
foreach (array_keys($values) as $i => $name) {
    echo "$name: ", serialize($expected[2 * $i]), "\n";
}

function api_stream(string $stream, int $piece): array {
    $u = new MsgPack\Unpacker();
    $out = [];
    for ($i = 0; $i < strlen($stream); $i += $piece) {
        $u->feed(substr($stream, $i, $piece));
        foreach ($u->tryUnpack() as $v) {
            $out[] = $v;
        }
    }
    if ($u->remaining() !== 0) {
        $out[] = 'remaining ' . $u->remaining();
    }
    return $out;
}
function compat_stream(string $stream, int $piece): array {
    $u = new MessagePackUnpacker();
    $out = [];
    for ($i = 0; $i < strlen($stream); $i += $piece) {
        $u->feed(substr($stream, $i, $piece));
        while ($u->execute()) {
            $out[] = $u->data();
            $u->reset();
        }
    }
    return $out;
}
// MessagePackUnpacker gives what msgpack_unpack() gives for each value (PECL's reader)
$each = [];
foreach ($values as $hex) {
    $each[] = msgpack_unpack(hex2bin($hex));
    $each[] = 42;
}
foreach ([strlen($stream), 1, 2, 3, 5, 7, 16, 17] as $piece) {
    echo "pieces of $piece: MsgPack\\Unpacker ", serialize(api_stream($stream, $piece)) === serialize($expected) ? 'same' : 'DIFFERENT',
        ', MessagePackUnpacker ', serialize(compat_stream($stream, $piece)) === serialize($each) ? 'same' : 'DIFFERENT', "\n";
}
$iter = [];
$u = new MsgPack\Unpacker();
$u->feed($stream);
foreach ($u as $v) {
    $iter[] = $v;
}
var_dump(serialize($iter) === serialize($expected));
?>
--EXPECT--
292 bytes, 80 values
nil: N;
false: b:0;
true: b:1;
positive fixint: i:127;
negative fixint: i:-32;
uint8: i:255;
uint16: i:65535;
uint32: i:2147483647;
uint64: i:2147483647;
int8: i:-128;
int16: i:-32768;
int32: i:-2147483648;
int64: i:-2147483648;
float32: d:1.5;
float64: d:1.5;
fixstr: s:3:"abc";
str8: s:3:"abc";
str16: s:3:"abc";
str32: s:3:"abc";
bin8: s:3:"def";
bin16: s:3:"def";
bin32: s:3:"def";
fixarray: a:2:{i:0;i:1;i:1;i:2;}
array16: a:2:{i:0;i:1;i:1;i:2;}
array32: a:2:{i:0;i:1;i:1;i:2;}
fixmap: a:1:{s:1:"a";i:1;}
map16: a:1:{s:1:"a";i:1;}
map32: a:1:{s:1:"a";i:1;}
fixext1: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:1:"x";}
fixext2: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:2:"xx";}
fixext4: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:4:"xxxx";}
fixext8: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:8:"xxxxxxxx";}
fixext16: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:16:"xxxxxxxxxxxxxxxx";}
ext8: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:3:"xxx";}
ext16: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:3:"xxx";}
ext32: O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:3:"xxx";}
timestamp 32: O:17:"MsgPack\Timestamp":2:{s:7:"seconds";i:1;s:11:"nanoseconds";i:0;}
timestamp 64: O:17:"MsgPack\Timestamp":2:{s:7:"seconds";i:1;s:11:"nanoseconds";i:1;}
timestamp 96: O:17:"MsgPack\Timestamp":2:{s:7:"seconds";i:1;s:11:"nanoseconds";i:1;}
nested: a:2:{i:0;O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:16:"xxxxxxxxxxxxxxxx";}i:1;a:1:{s:1:"x";O:11:"MsgPack\Ext":2:{s:4:"type";i:5;s:4:"data";s:1:"x";}}}
pieces of 292: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 1: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 2: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 3: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 5: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 7: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 16: MsgPack\Unpacker same, MessagePackUnpacker same
pieces of 17: MsgPack\Unpacker same, MessagePackUnpacker same
bool(true)
