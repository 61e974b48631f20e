--TEST--
The eight int formats (0xcc-0xd3) read without a branch per format: every size and sign (values within 32 bits; beyond them tests 192, 193), at the end of the input and before other bytes, truncated, uint64 beyond PHP_INT_MAX; lists that start with a number (read without a call per element) holding anything else too
--EXTENSIONS--
msgpack
--FILE--
<?php
use MsgPack\Unpacker;
use MsgPack\UnpackException;

$cases = [
    'cc00', 'ccff', 'cd0000', 'cd8001', 'cdffff', 'ce00000000', 'ce7fffffff',
    'cf0000000000000000', 'cf000000007fffffff',
    'd000', 'd07f', 'd080', 'd0ff', 'd17fff', 'd18000', 'd1ffff', 'd27fffffff', 'd280000000', 'd2ffffffff',
    'd3000000007fffffff', 'd3ffffffff80000000', 'd3ffffffffffffffff', 'd3ffffffffffff7fff',
];
foreach ($cases as $hex) {
    // alone (fewer than 8 bytes follow the format byte for the small ones), and first of an
    // array whose next value follows the int's bytes
    $alone = MsgPack\unpack(hex2bin($hex));
    $inArray = MsgPack\unpack(hex2bin('92' . $hex . 'a178'));
    // an int as its decimal digits: var_export(PHP_INT_MIN) is "-2147483647-1" on 32-bit PHP
    printf("%-22s %s %s\n", $hex, is_int($alone) ? (string) $alone : var_export($alone, true), $inArray[0] === $alone && $inArray[1] === 'x' ? 'same in array' : 'DIFFERS in array');
}

echo "-- beyond PHP_INT_MAX\n";
foreach (['cf8000000000000000', 'cfffffffffffffffff'] as $hex) {
    var_dump(msgpack_unpack(hex2bin($hex)));
    var_dump(MsgPack\unpack(hex2bin('91' . $hex), Unpacker::BIGINT_AS_FLOAT));
}

echo "-- truncated\n";
foreach (['cc', 'cd00', 'ce000000', 'cf00000000000000', 'd0', 'd100', 'd2000000', 'd300000000000000', '92cd00'] as $hex) {
    try {
        MsgPack\unpack(hex2bin($hex));
        echo "$hex: no exception\n";
    } catch (UnpackException $e) {
        printf("%s: %s at %d\n", $hex, $e->getMessage(), $e->getPosition());
    }
}
echo "-- lists that start with a number\n";
$lists = [
    // every kind after a number, and the last elements within 9 bytes of the end
    '9b' . '01' . 'e0' . 'cb3ff8000000000000' . 'cd0102' . 'a3616263' . 'c0' . 'c3' . '92' . '7f' . 'cb4000000000000000' . '81a16b05' . 'ca3fc00000' . 'ff',
    '93cb3ff0000000000000cb4000000000000000cb4008000000000000',
    '9340' . '7f' . 'd3fffffffffffffffe',
    '92' . 'cf8000000000000000' . '01',
    '9201cb3ff0000000000000',
    '9301cb3ff00000',   // truncated double at the end
    '9201d3ffff',       // truncated int64 at the end
];
foreach ($lists as $hex) {
    try {
        echo $hex, ': ', json_encode(MsgPack\unpack(hex2bin($hex))), "\n";
    } catch (UnpackException $e) {
        printf("%s at %d\n", $e->getMessage(), $e->getPosition());
    }
}
echo "-- with RECORDS, 0x40-0x7f in a list of numbers is a record once declared, else the int\n";
$u = new Unpacker(Unpacker::RECORDS);
echo json_encode($u->unpack(hex2bin('93' . '01' . '40' . '7f'))), "\n";
echo json_encode($u->unpack(hex2bin('93' . '01' . 'd47240' . '91a178' . '05' . '40' . '06'))), "\n";
// without the flag: 1, an ext 0x72 and ["x"], then bytes left over
try {
    MsgPack\unpack(hex2bin('93' . '01' . 'd47240' . '91a178' . '05' . '40' . '06'));
} catch (UnpackException $e) {
    printf("%s at %d\n", $e->getMessage(), $e->getPosition());
}
var_dump(MsgPack\unpack(hex2bin('93' . '01' . 'd47240' . '91a178')));
echo "-- a random mix of sizes and signs within 32 bits (up to 62 bits: tests 192, 193)\n";
mt_srand(85);
$values = [];
for ($i = 0; $i < 2000; $i++) {
    $values[] = (mt_rand(0, 1) ? 1 : -1) * (mt_rand() >> mt_rand(0, 30));
}
$packed = MsgPack\pack($values);
var_dump(MsgPack\unpack($packed) === $values, msgpack_unpack($packed) === $values);
echo bin2hex(substr($packed, 0, 40)), "\n";
?>
--EXPECT--
cc00                   0 same in array
ccff                   255 same in array
cd0000                 0 same in array
cd8001                 32769 same in array
cdffff                 65535 same in array
ce00000000             0 same in array
ce7fffffff             2147483647 same in array
cf0000000000000000     0 same in array
cf000000007fffffff     2147483647 same in array
d000                   0 same in array
d07f                   127 same in array
d080                   -128 same in array
d0ff                   -1 same in array
d17fff                 32767 same in array
d18000                 -32768 same in array
d1ffff                 -1 same in array
d27fffffff             2147483647 same in array
d280000000             -2147483648 same in array
d2ffffffff             -1 same in array
d3000000007fffffff     2147483647 same in array
d3ffffffff80000000     -2147483648 same in array
d3ffffffffffffffff     -1 same in array
d3ffffffffffff7fff     -32769 same in array
-- beyond PHP_INT_MAX
string(19) "9223372036854775808"
array(1) {
  [0]=>
  float(9.223372036854776E+18)
}
string(20) "18446744073709551615"
array(1) {
  [0]=>
  float(1.8446744073709552E+19)
}
-- truncated
cc: insufficient data at offset 0 at 0
cd00: insufficient data at offset 0 at 0
ce000000: insufficient data at offset 0 at 0
cf00000000000000: insufficient data at offset 0 at 0
d0: insufficient data at offset 0 at 0
d100: insufficient data at offset 0 at 0
d2000000: insufficient data at offset 0 at 0
d300000000000000: insufficient data at offset 0 at 0
92cd00: insufficient data at offset 1 at 1
-- lists that start with a number
9b01e0cb3ff8000000000000cd0102a3616263c0c3927fcb400000000000000081a16b05ca3fc00000ff: [1,-32,1.5,258,"abc",null,true,[127,2],{"k":5},1.5,-1]
93cb3ff0000000000000cb4000000000000000cb4008000000000000: [1,2,3]
93407fd3fffffffffffffffe: [64,127,-2]
92cf800000000000000001: ["9223372036854775808",1]
9201cb3ff0000000000000: [1,1]
9301cb3ff00000: insufficient data at offset 2 at 2
9201d3ffff: insufficient data at offset 2 at 2
-- with RECORDS, 0x40-0x7f in a list of numbers is a record once declared, else the int
[1,64,127]
[1,{"x":5},{"x":6}]
unexpected trailing bytes at offset 8 at 8
array(3) {
  [0]=>
  int(1)
  [1]=>
  object(MsgPack\Ext)#1 (2) {
    ["type"]=>
    int(114)
    ["data"]=>
    string(1) "@"
  }
  [2]=>
  array(1) {
    [0]=>
    string(1) "x"
  }
}
-- a random mix of sizes and signs within 32 bits (up to 62 bits: tests 192, 193)
bool(true)
bool(true)
dc07d0d1fe34d1fd9ed2fd036ba7ce42f5cb9dd1d1c6025cd2f8bb33d2cd05f9ce06af5164cd02ad
