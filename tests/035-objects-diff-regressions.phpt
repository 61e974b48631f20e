--TEST--
Found by tests/compat/diff-objects.sh: recursive arrays with php_only off, private names of other classes, Serializable without unserializer
--FILE--
<?php
class V { public $pub = 1; }
class C extends V { }
class P { public $a = 1; }
// php_only off: an array met again inside itself is nil, as PECL msgpack writes it (the
// outermost array is not watched, so a cycle through it is written once more)
ini_set('msgpack.php_only', 0);
$r = [1, 2]; $r[] = &$r;
echo bin2hex(msgpack_pack($r)), "\n";
$m = ['a' => 1]; $m['self'] = &$m;
echo bin2hex(msgpack_pack(['root' => $m])), "\n";
$x = new P; $x->a = [$x, $x];
echo bin2hex(msgpack_pack($x)), "\n";
ini_set('msgpack.php_only', 1);
// a private name of another class (a parent's too) is not re-mangled, as unserialize() does
var_dump(msgpack_unpack(hex2bin('82c0a150a800' . bin2hex('Other') . '006107')));
var_dump(msgpack_unpack(hex2bin('82c0a143a600560070756209')));
var_dump(msgpack_unpack(hex2bin('82c0a143a600430070756209')));
// the Serializable marker on a class without unserialize(), or an unknown class
var_dump(msgpack_unpack(hex2bin('82c003a150a464617461')));
var_dump(msgpack_unpack(hex2bin('82c003a451717171a464617461')));
ini_set('msgpack.error_display', 0);
var_dump(get_class(msgpack_unpack(hex2bin('82c003a451717171a464617461'))));
?>
--EXPECTF--
930102930102c0
81a4726f6f7482a16101a473656c66c0
919291c091c0
object(P)#2 (2) {
  ["a"]=>
  int(1)
  ["a":"Other":private]=>
  int(7)
}
object(C)#2 (2) {
  ["pub"]=>
  int(1)
  ["pub":"V":private]=>
  int(9)
}
object(C)#2 (1) {
  ["pub"]=>
  int(9)
}

Warning: [msgpack] (msgpack_unserialize_map_item) Class P has no unserializer in %s on line %d
object(P)#2 (1) {
  ["a"]=>
  int(1)
}

Warning: [msgpack] (msgpack_unserialize_map_item) Class __PHP_Incomplete_Class has no unserializer in %s on line %d
object(__PHP_Incomplete_Class)#2 (1) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(4) "Qqqq"
}
string(22) "__PHP_Incomplete_Class"
