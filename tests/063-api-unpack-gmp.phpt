--TEST--
MsgPack\Unpacker::BIGINT_AS_GMP: uint64 beyond PHP_INT_MAX as GMP numbers (ext/gmp loaded)
--EXTENSIONS--
gmp
--FILE--
<?php
use MsgPack\Unpacker;

// a uint64 within 32 bits stays an int (beyond 32 bits: tests 192, 193)
foreach (['cf000000007fffffff', 'cf8000000000000000', 'cfffffffffffffffff', '93cf8000000000000001cd0001d3ffffffffffffffff'] as $hex) {
    $v = MsgPack\unpack(hex2bin($hex), Unpacker::BIGINT_AS_GMP);
    echo "$hex: ";
    var_dump($v);
}
$u = new Unpacker(Unpacker::BIGINT_AS_GMP);
$v = $u->unpack(hex2bin('cfffffffffffffffff'));
var_dump($v instanceof GMP, gmp_strval($v), gmp_strval($v + 1));
// keys stay decimal strings
var_dump($u->unpack(hex2bin('81cf800000000000000001')));
$u->feed(hex2bin('cf8000000000000000cf'));
var_dump($u->tryUnpack(), $u->remaining());
?>
--EXPECT--
cf000000007fffffff: int(2147483647)
cf8000000000000000: object(GMP)#1 (1) {
  ["num"]=>
  string(19) "9223372036854775808"
}
cfffffffffffffffff: object(GMP)#2 (1) {
  ["num"]=>
  string(20) "18446744073709551615"
}
93cf8000000000000001cd0001d3ffffffffffffffff: array(3) {
  [0]=>
  object(GMP)#1 (1) {
    ["num"]=>
    string(19) "9223372036854775809"
  }
  [1]=>
  int(1)
  [2]=>
  int(-1)
}
bool(true)
string(20) "18446744073709551615"
string(20) "18446744073709551616"
array(1) {
  ["9223372036854775808"]=>
  int(1)
}
array(1) {
  [0]=>
  object(GMP)#1 (1) {
    ["num"]=>
    string(19) "9223372036854775808"
  }
}
int(1)
