--TEST--
Hardening: inputs found by the fuzzer (fuzz/), each once a crash, a leak or a wrong result
--FILE--
<?php
echo "-- use after free: a back-reference made a reference inside a map with integer keys, read as an object (assoc off)\n";
// 89 {127: {}, {2: <back-ref 2, marker 2>, 0: 1, 1: 2}: <back-ref 2>, ...cut}
ini_set('msgpack.assoc', '0');
foreach (['0', '1'] as $insert) {
    ini_set('msgpack.illegal_key_insert', $insert);
    var_dump(@msgpack_unpack(hex2bin('897f808302' . '82c0026702' . '00010102' . '82c0026702')));
}
var_dump(@msgpack_unpack(hex2bin('9280' . '8302' . '82c0026702' . '0001' . '82c0026702')));
ini_set('msgpack.assoc', '1');
echo "-- leak: a key of another type after the key PHP_INT_MAX, with illegal_key_insert (no next index)\n";
ini_set('msgpack.illegal_key_insert', '1');
var_dump(@msgpack_unpack(hex2bin('82' . bin2hex(msgpack_pack(PHP_INT_MAX)) . '01' . '9101' . '920102')));
ini_set('msgpack.illegal_key_insert', '0');
echo "-- __unserialize() data with assoc off: the array __serialize() returned, maps in it arrays\n";
class M {
    public $d;
    function __serialize(): array { return ['x' => ['y' => 1], 'l' => [1, 2]]; }
    function __unserialize(array $a): void { $this->d = $a; }
}
ini_set('msgpack.assoc', '0');
var_dump(msgpack_unpack(msgpack_pack(new M)));
ini_set('msgpack.assoc', '1');
echo "-- memory: nested arrays each declaring every byte that follows as an element\n";
$levels = 300;
$total = $levels * 5 + 20000;
$bytes = '';
for ($i = 0; $i < $levels; $i++) {
    $bytes .= "\xdd" . pack('N', $total - ($i + 1) * 5);
}
$bytes .= str_repeat("\xc0", 20000);
memory_reset_peak_usage();
$base = memory_get_usage();
var_dump(@msgpack_unpack($bytes));
echo memory_get_peak_usage() - $base < 4 * 1024 * 1024 ? "below 4MB\n" : "too much memory\n";
use MsgPack\Unpacker as U;
echo "-- a record declaration whose field list the input ends (the byte after it was read)\n";
foreach (['d4724093a26161a3626262', 'd4724093a26161', 'd47240'] as $hex) {
    try { var_dump(MsgPack\unpack(hex2bin($hex), U::RECORDS)); } catch (MsgPack\UnpackException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
echo "-- unpackAs(): an unknown key whose value the input ends (the byte after it was read)\n";
final class FuzzP { public int $a = 0; }
foreach (['81a17a', '82a16101a17a'] as $hex) {
    try { var_dump(MsgPack\unpackAs(hex2bin($hex), FuzzP::class)); } catch (MsgPack\UnpackException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
echo "-- PHP_OBJECTS | MAPS_AS_OBJECTS: what __serialize() returned for a class not allowed, its maps arrays\n";
$b = MsgPack\pack(new DateTimeImmutable('2020-01-01 00:00:00 UTC'), MsgPack\Packer::PHP_OBJECTS);
var_dump(MsgPack\unpack($b, U::PHP_OBJECTS | U::MAPS_AS_OBJECTS));
var_dump(MsgPack\unpack(hex2bin('82c0a3466f6fc081a17881a17901'), U::PHP_OBJECTS | U::MAPS_AS_OBJECTS));
var_dump(MsgPack\unpack(hex2bin('82c0a3466f6fa17881a17901'), U::PHP_OBJECTS | U::MAPS_AS_OBJECTS));
?>
--EXPECTF--
-- use after free: a back-reference made a reference inside a map with integer keys, read as an object (assoc off)
bool(false)
bool(false)
bool(false)
-- leak: a key of another type after the key PHP_INT_MAX, with illegal_key_insert (no next index)
array(1) {
  [%d]=>
  int(1)
}
-- __unserialize() data with assoc off: the array __serialize() returned, maps in it arrays
object(M)#1 (1) {
  ["d"]=>
  array(2) {
    ["x"]=>
    array(1) {
      ["y"]=>
      int(1)
    }
    ["l"]=>
    array(2) {
      [0]=>
      int(1)
      [1]=>
      int(2)
    }
  }
}
-- memory: nested arrays each declaring every byte that follows as an element
bool(false)
below 4MB
-- a record declaration whose field list the input ends (the byte after it was read)
MsgPack\InsufficientDataException: insufficient data at offset 11
MsgPack\InsufficientDataException: insufficient data at offset 7
MsgPack\InsufficientDataException: insufficient data at offset 0
-- unpackAs(): an unknown key whose value the input ends (the byte after it was read)
MsgPack\InsufficientDataException: insufficient data at offset 3
MsgPack\InsufficientDataException: insufficient data at offset 6
-- PHP_OBJECTS | MAPS_AS_OBJECTS: what __serialize() returned for a class not allowed, its maps arrays
object(__PHP_Incomplete_Class)#%d (4) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(17) "DateTimeImmutable"
  ["date"]=>
  string(26) "2020-01-01 00:00:00.000000"
  ["timezone_type"]=>
  int(3)
  ["timezone"]=>
  string(3) "UTC"
}
object(__PHP_Incomplete_Class)#%d (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(3) "Foo"
  ["x"]=>
  array(1) {
    ["y"]=>
    int(1)
  }
}
object(__PHP_Incomplete_Class)#%d (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(3) "Foo"
  ["x"]=>
  object(stdClass)#%d (1) {
    ["y"]=>
    int(1)
  }
}
