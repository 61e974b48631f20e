--TEST--
The eight int formats (0xcc-0xd3) read without a branch per format: every size and sign, at the end of the input and before other bytes, truncated, uint64 beyond PHP_INT_MAX
--EXTENSIONS--
msgpack
--FILE--
<?php
use MsgPack\Unpacker;
use MsgPack\UnpackException;

$cases = [
    'cc00', 'ccff', 'cd0000', 'cd8001', 'cdffff', 'ce00000000', 'ce80000001', 'ceffffffff',
    'cf0000000000000000', 'cf7fffffffffffffff', 'cf0000010000000001',
    'd000', 'd07f', 'd080', 'd0ff', 'd17fff', 'd18000', 'd1ffff', 'd27fffffff', 'd280000000', 'd2ffffffff',
    'd37fffffffffffffff', 'd38000000000000000', 'd3ffffffffffffffff', 'd3fffffeffffffffff',
];
foreach ($cases as $hex) {
    // alone (fewer than 8 bytes follow the format byte for the small ones), and first of an
    // array whose next value follows the int's bytes
    $alone = MsgPack\unpack(hex2bin($hex));
    $inArray = MsgPack\unpack(hex2bin('92' . $hex . 'a178'));
    printf("%-22s %s %s\n", $hex, var_export($alone, true), $inArray[0] === $alone && $inArray[1] === 'x' ? 'same in array' : 'DIFFERS in array');
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
echo "-- a random mix of sizes and signs\n";
mt_srand(85);
$values = [];
for ($i = 0; $i < 2000; $i++) {
    $values[] = (mt_rand(0, 1) ? 1 : -1) * (mt_rand() >> mt_rand(0, 30)) * (mt_rand(0, 1) ? 1 : 1 << 31);
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
ce80000001             2147483649 same in array
ceffffffff             4294967295 same in array
cf0000000000000000     0 same in array
cf7fffffffffffffff     9223372036854775807 same in array
cf0000010000000001     1099511627777 same in array
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
d37fffffffffffffff     9223372036854775807 same in array
d38000000000000000     -9223372036854775807-1 same in array
d3ffffffffffffffff     -1 same in array
d3fffffeffffffffff     -1099511627777 same in array
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
-- a random mix of sizes and signs
bool(true)
bool(true)
dc07d0d3ffffff1a00000000ce000c6f7bcd0512d1d1c6ce0003d44ccf00202aa480000000cd05f9
