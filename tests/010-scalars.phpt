--TEST--
Scalars: null, bools, ints at every format boundary within 32 bits, floats, and decoding every int width (ints beyond 32 bits: tests 192 for 64-bit PHP, 193 for 32-bit PHP)
--FILE--
<?php
function show($v) {
    $bin = msgpack_pack($v);
    // an int as its decimal digits: var_export(PHP_INT_MIN) is "-2147483647-1" on 32-bit PHP
    echo str_pad(is_int($v) ? (string) $v : var_export($v, true), 22), ' ', bin2hex($bin), ' ';
    $back = msgpack_unpack($bin);
    var_dump($back);
    if ($back !== $v && !(is_float($v) && is_nan($v) && is_nan($back))) {
        echo "  ROUND TRIP MISMATCH\n";
    }
}

echo "-- null, bools\n";
show(null);
show(false);
show(true);

echo "-- non-negative ints\n";
foreach ([0, 1, 127, 128, 255, 256, 65535, 65536, 2147483647] as $v) {
    show($v);
}

echo "-- negative ints\n";
foreach ([-1, -32, -33, -128, -129, -32768, -32769, -2147483647 - 1] as $v) {   // -2147483648 is a float literal on 32-bit PHP
    show($v);
}

echo "-- floats (cb)\n";
foreach ([0.0, -0.0, 1.5, -2.25, 0.1, 1e300, INF, -INF, NAN] as $v) {
    show($v);
}
var_dump(fdiv(1, msgpack_unpack(msgpack_pack(-0.0))));  // the sign of -0.0 survives

echo "-- floats with msgpack.force_f32=1 (ca)\n";
ini_set('msgpack.force_f32', '1');
foreach ([1.5, -2.25, 0.1, INF] as $v) {
    $bin = msgpack_pack($v);
    echo bin2hex($bin), ' ';
    var_dump(msgpack_unpack($bin));
}
var_dump(bin2hex(msgpack_pack(7)));  // ints are not affected
ini_set('msgpack.force_f32', '0');

echo "-- decoding every int width, unsigned\n";
foreach (['00', '7f', 'cc00', 'ccff', 'cd0000', 'cdffff', 'ce00000000', 'ce7fffffff',
          'cf0000000000000000', 'cf000000007fffffff'] as $h) {
    echo str_pad($h, 20), ' ';
    var_dump(msgpack_unpack(hex2bin($h)));
}

echo "-- uint64 above PHP_INT_MAX: decimal string\n";
foreach (['cf8000000000000000', 'cf8000000000000001', 'cfffffffffffffffff'] as $h) {
    echo str_pad($h, 20), ' ';
    var_dump(msgpack_unpack(hex2bin($h)));
}

echo "-- decoding every int width, signed\n";
foreach (['e0', 'ff', 'd000', 'd07f', 'd080', 'd0ff', 'd10000', 'd17fff', 'd18000', 'd1ffff',
          'd200000000', 'd27fffffff', 'd280000000', 'd2ffffffff',
          'd30000000000000000', 'd3000000007fffffff', 'd3ffffffff80000000', 'd3ffffffffffffffff'] as $h) {
    echo str_pad($h, 20), ' ';
    var_dump(msgpack_unpack(hex2bin($h)));
}

echo "-- float32 widened to double\n";
foreach (['ca3fc00000', 'ca3dcccccd', 'cabf800000', 'ca7f800000', 'ca00000001'] as $h) {
    echo str_pad($h, 20), ' ';
    var_dump(msgpack_unpack(hex2bin($h)));
}
var_dump(is_nan(msgpack_unpack(hex2bin('ca7fc00000'))));
var_dump(msgpack_unpack(hex2bin('cb3ff8000000000000')));
?>
--EXPECT--
-- null, bools
NULL                   c0 NULL
false                  c2 bool(false)
true                   c3 bool(true)
-- non-negative ints
0                      00 int(0)
1                      01 int(1)
127                    7f int(127)
128                    cc80 int(128)
255                    ccff int(255)
256                    cd0100 int(256)
65535                  cdffff int(65535)
65536                  ce00010000 int(65536)
2147483647             ce7fffffff int(2147483647)
-- negative ints
-1                     ff int(-1)
-32                    e0 int(-32)
-33                    d0df int(-33)
-128                   d080 int(-128)
-129                   d1ff7f int(-129)
-32768                 d18000 int(-32768)
-32769                 d2ffff7fff int(-32769)
-2147483648            d280000000 int(-2147483648)
-- floats (cb)
0.0                    cb0000000000000000 float(0)
-0.0                   cb8000000000000000 float(-0)
1.5                    cb3ff8000000000000 float(1.5)
-2.25                  cbc002000000000000 float(-2.25)
0.1                    cb3fb999999999999a float(0.1)
1.0E+300               cb7e37e43c8800759c float(1.0E+300)
INF                    cb7ff0000000000000 float(INF)
-INF                   cbfff0000000000000 float(-INF)
NAN                    cb7ff8000000000000 float(NAN)
float(-INF)
-- floats with msgpack.force_f32=1 (ca)
ca3fc00000 float(1.5)
cac0100000 float(-2.25)
ca3dcccccd float(0.10000000149011612)
ca7f800000 float(INF)
string(2) "07"
-- decoding every int width, unsigned
00                   int(0)
7f                   int(127)
cc00                 int(0)
ccff                 int(255)
cd0000               int(0)
cdffff               int(65535)
ce00000000           int(0)
ce7fffffff           int(2147483647)
cf0000000000000000   int(0)
cf000000007fffffff   int(2147483647)
-- uint64 above PHP_INT_MAX: decimal string
cf8000000000000000   string(19) "9223372036854775808"
cf8000000000000001   string(19) "9223372036854775809"
cfffffffffffffffff   string(20) "18446744073709551615"
-- decoding every int width, signed
e0                   int(-32)
ff                   int(-1)
d000                 int(0)
d07f                 int(127)
d080                 int(-128)
d0ff                 int(-1)
d10000               int(0)
d17fff               int(32767)
d18000               int(-32768)
d1ffff               int(-1)
d200000000           int(0)
d27fffffff           int(2147483647)
d280000000           int(-2147483648)
d2ffffffff           int(-1)
d30000000000000000   int(0)
d3000000007fffffff   int(2147483647)
d3ffffffff80000000   int(-2147483648)
d3ffffffffffffffff   int(-1)
-- float32 widened to double
ca3fc00000           float(1.5)
ca3dcccccd           float(0.10000000149011612)
cabf800000           float(-1)
ca7f800000           float(INF)
ca00000001           float(1.401298464324817E-45)
bool(true)
float(1.5)
