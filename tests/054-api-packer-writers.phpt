--TEST--
MsgPack\Packer typed writers: packNil/Bool/Int/Float/Str/Bin/ArrayHeader/MapHeader/Ext, shortest forms, boundaries (ints and counts beyond 32 bits: tests 192, 193), errors; a stream written piece by piece
--FILE--
<?php
use MsgPack\Packer;

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        $hex = bin2hex($r);
        echo $label, ': ', strlen($hex) > 40 ? substr($hex, 0, 32) . '... (' . strlen($r) . ' bytes)' : $hex, "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

$p = new Packer();
attempt('nil', fn() => $p->packNil());
attempt('false', fn() => $p->packBool(false));
attempt('true', fn() => $p->packBool(true));
foreach ([0, 127, 128, 255, 256, 65535, 65536, 2147483647, -1, -32, -33, -128, -129,
    -32768, -32769, -2147483647 - 1] as $n) {
    attempt("int $n", fn() => $p->packInt($n));
}
attempt('float 1.5', fn() => $p->packFloat(1.5));
attempt('float from int', fn() => $p->packFloat(2));
attempt('float NAN', fn() => $p->packFloat(NAN));
attempt('float32 packer', fn() => (new Packer(Packer::FLOAT32))->packFloat(1.5));
foreach ([0, 31, 32, 255, 256, 65535, 65536] as $n) {
    attempt("str $n", fn() => $p->packStr(str_repeat('s', $n)));
}
attempt('str is str even with BIN_STRINGS', fn() => (new Packer(Packer::BIN_STRINGS))->packStr('a'));
attempt('str is str even with DETECT_BIN', fn() => (new Packer(Packer::DETECT_BIN))->packStr("\xff"));
foreach ([0, 1, 255, 256, 65535, 65536] as $n) {
    attempt("bin $n", fn() => $p->packBin(str_repeat('b', $n)));
}
foreach ([0, 15, 16, 65535, 65536, 2147483647] as $n) {
    attempt("array header $n", fn() => $p->packArrayHeader($n));
    attempt("map header $n", fn() => $p->packMapHeader($n));
}
foreach ([0, 1, 2, 3, 4, 5, 8, 16, 17, 255, 256, 65535, 65536] as $n) {
    attempt("ext $n", fn() => $p->packExt(5, str_repeat('e', $n)));
}
attempt('ext type -128', fn() => $p->packExt(-128, 'a'));
attempt('ext type 127', fn() => $p->packExt(127, 'a'));

echo "-- errors\n";
attempt('array header -1', fn() => $p->packArrayHeader(-1));
attempt('map header -1', fn() => $p->packMapHeader(-1));
attempt('ext type 128', fn() => $p->packExt(128, ''));
attempt('ext type -129', fn() => $p->packExt(-129, ''));
attempt('int from string', fn() => $p->packInt('12'));
attempt('int from array', fn() => $p->packInt([]));

echo "-- a stream written piece by piece reads back with the compatible reader\n";
$stream = $p->packMapHeader(3)
    . $p->packStr('rows') . $p->packArrayHeader(2) . $p->packInt(1) . $p->packFloat(0.5)
    . $p->packStr('blob') . $p->packBin("\x00\xff")
    . $p->packStr('none') . $p->packNil();
echo bin2hex($stream), "\n";
var_dump(msgpack_unpack($stream) === ['rows' => [1, 0.5], 'blob' => "\x00\xff", 'none' => null]);
var_dump($stream === $p->pack(['rows' => [1, 0.5], 'blob' => new MsgPack\Bin("\x00\xff"), 'none' => null]));
?>
--EXPECT--
nil: c0
false: c2
true: c3
int 0: 00
int 127: 7f
int 128: cc80
int 255: ccff
int 256: cd0100
int 65535: cdffff
int 65536: ce00010000
int 2147483647: ce7fffffff
int -1: ff
int -32: e0
int -33: d0df
int -128: d080
int -129: d1ff7f
int -32768: d18000
int -32769: d2ffff7fff
int -2147483648: d280000000
float 1.5: cb3ff8000000000000
float from int: cb4000000000000000
float NAN: cb7ff8000000000000
float32 packer: ca3fc00000
str 0: a0
str 31: bf737373737373737373737373737373... (32 bytes)
str 32: d9207373737373737373737373737373... (34 bytes)
str 255: d9ff7373737373737373737373737373... (257 bytes)
str 256: da010073737373737373737373737373... (259 bytes)
str 65535: daffff73737373737373737373737373... (65538 bytes)
str 65536: db000100007373737373737373737373... (65541 bytes)
str is str even with BIN_STRINGS: a161
str is str even with DETECT_BIN: a1ff
bin 0: c400
bin 1: c40162
bin 255: c4ff6262626262626262626262626262... (257 bytes)
bin 256: c5010062626262626262626262626262... (259 bytes)
bin 65535: c5ffff62626262626262626262626262... (65538 bytes)
bin 65536: c6000100006262626262626262626262... (65541 bytes)
array header 0: 90
map header 0: 80
array header 15: 9f
map header 15: 8f
array header 16: dc0010
map header 16: de0010
array header 65535: dcffff
map header 65535: deffff
array header 65536: dd00010000
map header 65536: df00010000
array header 2147483647: dd7fffffff
map header 2147483647: df7fffffff
ext 0: c70005
ext 1: d40565
ext 2: d5056565
ext 3: c70305656565
ext 4: d60565656565
ext 5: c705056565656565
ext 8: d7056565656565656565
ext 16: d80565656565656565656565656565656565
ext 17: c711056565656565656565656565656565656565
ext 255: c7ff0565656565656565656565656565... (258 bytes)
ext 256: c8010005656565656565656565656565... (260 bytes)
ext 65535: c8ffff05656565656565656565656565... (65539 bytes)
ext 65536: c9000100000565656565656565656565... (65542 bytes)
ext type -128: d48061
ext type 127: d47f61
-- errors
array header -1: ValueError: MsgPack\Packer::packArrayHeader(): Argument #1 ($count) must be between 0 and 4294967295
map header -1: ValueError: MsgPack\Packer::packMapHeader(): Argument #1 ($count) must be between 0 and 4294967295
ext type 128: ValueError: MsgPack\Packer::packExt(): Argument #1 ($type) must be between -128 and 127
ext type -129: ValueError: MsgPack\Packer::packExt(): Argument #1 ($type) must be between -128 and 127
int from string: 0c
int from array: TypeError: MsgPack\Packer::packInt(): Argument #1 ($value) must be of type int, array given
-- a stream written piece by piece reads back with the compatible reader
83a4726f77739201cb3fe0000000000000a4626c6f62c40200ffa46e6f6e65c0
bool(true)
bool(true)
