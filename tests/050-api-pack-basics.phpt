--TEST--
MsgPack\pack(): plain values in their shortest forms (ints within 32 bits; beyond: tests 192, 193), FLOAT32, ARRAYS_AS_MAPS, references as values, flag errors
--FILE--
<?php
use MsgPack\Packer;

function show(string $label, mixed $v, int $flags = 0): void {
    $hex = bin2hex(MsgPack\pack($v, $flags));
    echo $label, ': ', strlen($hex) > 48 ? substr($hex, 0, 40) . '... (' . strlen($hex) / 2 . ' bytes)' : $hex, "\n";
}

echo "-- scalars\n";
foreach ([null, false, true, 0, 127, 128, 255, 256, 65535, 65536, 2147483647,
    -1, -32, -33, -128, -129, -32768, -32769, -2147483647 - 1] as $v) {
    show(is_int($v) ? (string) $v : var_export($v, true), $v);   // var_export(PHP_INT_MIN) is "-2147483647-1" on 32-bit PHP
}
show('1.5', 1.5);
show('-0.0', -0.0);
show('INF', INF);

echo "-- strings: str8 for 32..255 bytes, never bin by default\n";
foreach ([0, 1, 31, 32, 255, 256, 65535, 65536] as $n) {
    show("str $n", str_repeat('s', $n));
}
show('invalid UTF-8 stays str', "\xff");

echo "-- arrays\n";
show('[]', []);
show('list', [1, 'a', [true]]);
show('list 16', range(1, 16));
show('map', ['a' => 1, 5 => 'b']);
show('holed list is a map', [0 => 'a', 2 => 'b']);

echo "-- FLOAT32\n";
show('1.5', 1.5, Packer::FLOAT32);
show('0.1', 0.1, Packer::FLOAT32);
show('[0.25]', [0.25], Packer::FLOAT32);
show('int stays int', 1, Packer::FLOAT32);

echo "-- ARRAYS_AS_MAPS\n";
show('[]', [], Packer::ARRAYS_AS_MAPS);
show('list', ['a', 'b'], Packer::ARRAYS_AS_MAPS);
show('nested', [[1], ['k' => []]], Packer::ARRAYS_AS_MAPS);
show('map unchanged', ['k' => 1], Packer::ARRAYS_AS_MAPS);

echo "-- references are their values\n";
$x = 5;
$a = [&$x, &$x];
show('[&$x, &$x]', $a);
$inner = [1];
$b = ['r' => &$inner, 's' => &$inner];
show('shared array ref', $b);

echo "-- every flag is a class constant\n";
var_dump(Packer::BIN_STRINGS, Packer::DETECT_BIN, Packer::FLOAT32, Packer::ARRAYS_AS_MAPS, Packer::PHP_OBJECTS);
show('all compatible flags', ['x', 1.5, [1]], Packer::BIN_STRINGS | Packer::FLOAT32 | Packer::ARRAYS_AS_MAPS | Packer::PHP_OBJECTS);

echo "-- bad flags are ValueErrors, for the function and the class\n";
foreach ([Packer::BIN_STRINGS | Packer::DETECT_BIN, 256, 1 << 30] as $flags) {   // 1 << 40 and -1: tests 192, 193
    foreach ([fn() => MsgPack\pack(1, $flags), fn() => new Packer($flags)] as $f) {
        try {
            $f();
            echo "no error\n";
        } catch (ValueError $e) {
            echo get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}

echo "-- depth: past msgpack.max_depth is a PackException, nothing is returned\n";
ini_set('msgpack.max_depth', 3);
show('3 levels', [[[1]]]);
try {
    MsgPack\pack([[[[1]]]]);
} catch (MsgPack\PackException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
    var_dump($e instanceof MsgPack\Exception, $e instanceof RuntimeException);
}
?>
--EXPECT--
-- scalars
NULL: c0
false: c2
true: c3
0: 00
127: 7f
128: cc80
255: ccff
256: cd0100
65535: cdffff
65536: ce00010000
2147483647: ce7fffffff
-1: ff
-32: e0
-33: d0df
-128: d080
-129: d1ff7f
-32768: d18000
-32769: d2ffff7fff
-2147483648: d280000000
1.5: cb3ff8000000000000
-0.0: cb8000000000000000
INF: cb7ff0000000000000
-- strings: str8 for 32..255 bytes, never bin by default
str 0: a0
str 1: a173
str 31: bf73737373737373737373737373737373737373... (32 bytes)
str 32: d920737373737373737373737373737373737373... (34 bytes)
str 255: d9ff737373737373737373737373737373737373... (257 bytes)
str 256: da01007373737373737373737373737373737373... (259 bytes)
str 65535: daffff7373737373737373737373737373737373... (65538 bytes)
str 65536: db00010000737373737373737373737373737373... (65541 bytes)
invalid UTF-8 stays str: a1ff
-- arrays
[]: 90
list: 9301a16191c3
list 16: dc00100102030405060708090a0b0c0d0e0f10
map: 82a1610105a162
holed list is a map: 8200a16102a162
-- FLOAT32
1.5: ca3fc00000
0.1: ca3dcccccd
[0.25]: 91ca3e800000
int stays int: 01
-- ARRAYS_AS_MAPS
[]: 80
list: 8200a16101a162
nested: 82008100010181a16b80
map unchanged: 81a16b01
-- references are their values
[&$x, &$x]: 920505
shared array ref: 82a1729101a1739101
-- every flag is a class constant
int(1)
int(2)
int(4)
int(8)
int(16)
all compatible flags: 8300c4017801ca3fc0000002810001
-- bad flags are ValueErrors, for the function and the class
ValueError: MsgPack\pack(): Argument #2 ($flags) cannot combine MsgPack\Packer::BIN_STRINGS and MsgPack\Packer::DETECT_BIN
ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) cannot combine MsgPack\Packer::BIN_STRINGS and MsgPack\Packer::DETECT_BIN
ValueError: MsgPack\pack(): Argument #2 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0x100 given
ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0x100 given
ValueError: MsgPack\pack(): Argument #2 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0x40000000 given
ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0x40000000 given
-- depth: past msgpack.max_depth is a PackException, nothing is returned
3 levels: 91919101
MsgPack\PackException: the value nests deeper than msgpack.max_depth (3 levels)
bool(true)
bool(true)
