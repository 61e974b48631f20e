--TEST--
FLOAT32_DECIMAL_FIT (msgpackr's DECIMAL_FIT): float32 only for floats whose decimal form survives it; float32 read back as its decimal of up to 7 digits
--FILE--
<?php
use MsgPack\{Packer, Unpacker};

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo $label, ': ', is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

$fit = new Packer(Packer::FLOAT32_DECIMAL_FIT);
echo "-- packing: float32 when the decimal form comes back, else float64\n";
foreach ([7.99, 0.1, 1.5, 0.0, -0.0, -7.99, 123456.7, 1234567.0, 9999999.0, 12345678.0, 16777215.0,
          1.2345678, 0.123456789, 1e-7, 3.4e38, 3.5e38, 1e-45, M_PI, 1.0E+25, 100.25, 0.3]
         as $f) {
    $packed = $fit->pack($f);
    printf("%-20s %s\n", var_export($f, true), bin2hex($packed));
}
attempt('INF', fn() => $fit->pack(INF));
attempt('-INF', fn() => $fit->pack(-INF));
attempt('NAN', fn() => $fit->pack(NAN));
attempt('in a list and a map', fn() => $fit->pack([7.99, 'p' => 0.1, 'q' => M_PI]));
attempt('packFloat() follows the flag', fn() => $fit->packFloat(7.99));
attempt('packFloat() with a float that does not fit', fn() => $fit->packFloat(M_PI));
attempt('packFloat32() and packFloat64() do not', fn() => $fit->packFloat32(M_PI) . $fit->packFloat64(7.99));
attempt('MsgPack\pack() takes the flag', fn() => MsgPack\pack(7.99, Packer::FLOAT32_DECIMAL_FIT));
attempt('FLOAT32 stays as it is', fn() => MsgPack\pack(M_PI, Packer::FLOAT32));
attempt('FLOAT32 | FLOAT32_DECIMAL_FIT', fn() => new Packer(Packer::FLOAT32 | Packer::FLOAT32_DECIMAL_FIT));

echo "-- unpacking: float32 as its decimal of up to 7 significant digits\n";
$u = new Unpacker(Unpacker::FLOAT32_DECIMAL_FIT);
foreach (['ca40ffae14', 'ca3dcccccd', 'ca3fc00000', 'ca00000000', 'ca80000000', 'ca4b7fffff', 'ca4b800001',
          'ca40490fdb', 'ca7f800000', 'caff800000', 'ca00000001', 'ca7f7fffff', 'cb401ff5c28f5c28f6'] as $hex) {
    printf("%s  %s  plain: %s\n", $hex, var_export($u->unpack(hex2bin($hex)), true),
        var_export(MsgPack\unpack(hex2bin($hex)), true));
}
var_dump(is_nan($u->unpack(hex2bin('ca7fc00000'))));
var_dump(MsgPack\unpack(hex2bin('92ca40ffae14ca3dcccccd'), Unpacker::FLOAT32_DECIMAL_FIT));
$u->feed(hex2bin('ca40ffae14'));
var_dump($u->tryUnpack());

echo "-- every float the packer writes as float32 reads back the same\n";
mt_srand(7);
$n32 = $bad = 0;
for ($i = 0; $i < 20000; $i++) {
    $f = round(mt_rand(-10000000, 10000000) / 10 ** mt_rand(0, 9), mt_rand(0, 9));
    $packed = $fit->pack($f);
    $n32 += $packed[0] === "\xca";
    $back = $u->unpack($packed);
    if ($back !== $f) {
        $bad++;
        echo "differs: ", var_export($f, true), ' ', bin2hex($packed), ' ', var_export($back, true), "\n";
    }
}
echo "float32: ", $n32 > 5000 ? 'many' : $n32, ", differ: $bad\n";
?>
--EXPECT--
-- packing: float32 when the decimal form comes back, else float64
7.99                 ca40ffae14
0.1                  ca3dcccccd
1.5                  ca3fc00000
0.0                  ca00000000
-0.0                 ca80000000
-7.99                cac0ffae14
123456.7             ca47f1205a
1234567.0            ca4996b438
9999999.0            ca4b18967f
12345678.0           cb41678c29c0000000
16777215.0           cb416fffffe0000000
1.2345678            cb3ff3c0ca2a5b1d5d
0.123456789          cb3fbf9add3739635f
1.0E-7               ca33d6bf95
3.4E+38              ca7f7fc99e
3.5E+38              cb47f074f8c4d3cd7b
1.0E-45              cb3696d601ad376ab9
3.141592653589793    cb400921fb54442d18
1.0E+25              ca69045951
100.25               ca42c88000
0.3                  ca3e99999a
INF: ca7f800000
-INF: caff800000
NAN: ca7fc00000
in a list and a map: 8300ca40ffae14a170ca3dcccccda171cb400921fb54442d18
packFloat() follows the flag: ca40ffae14
packFloat() with a float that does not fit: cb400921fb54442d18
packFloat32() and packFloat64() do not: ca40490fdbcb401ff5c28f5c28f6
MsgPack\pack() takes the flag: ca40ffae14
FLOAT32 stays as it is: ca40490fdb
FLOAT32 | FLOAT32_DECIMAL_FIT: ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) cannot combine MsgPack\Packer::FLOAT32 and MsgPack\Packer::FLOAT32_DECIMAL_FIT
-- unpacking: float32 as its decimal of up to 7 significant digits
ca40ffae14  7.99  plain: 7.989999771118164
ca3dcccccd  0.1  plain: 0.10000000149011612
ca3fc00000  1.5  plain: 1.5
ca00000000  0.0  plain: 0.0
ca80000000  -0.0  plain: -0.0
ca4b7fffff  16777220.0  plain: 16777215.0
ca4b800001  16777220.0  plain: 16777218.0
ca40490fdb  3.141593  plain: 3.1415927410125732
ca7f800000  INF  plain: INF
caff800000  -INF  plain: -INF
ca00000001  1.401298E-45  plain: 1.401298464324817E-45
ca7f7fffff  3.402823E+38  plain: 3.4028234663852886E+38
cb401ff5c28f5c28f6  7.99  plain: 7.99
bool(true)
array(2) {
  [0]=>
  float(7.99)
  [1]=>
  float(0.1)
}
array(1) {
  [0]=>
  float(7.99)
}
-- every float the packer writes as float32 reads back the same
float32: many, differ: 0
