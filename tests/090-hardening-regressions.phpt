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
