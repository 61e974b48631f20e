--TEST--
Small inputs: map shapes kept from call to call, and every way the input leaves them (another key, a duplicate, a numeric or int key, other key forms, input cut short, a nil key, assoc off)
--FILE--
<?php
// Small inputs: the shapes of their maps are kept from call to call.
function show($hex) {
    $v = msgpack_unpack(hex2bin($hex));
    var_dump($v);
}
$a = ['id' => 1, 'name' => 'ab', 'tags' => ['x' => true, 'y' => null]];
$s = msgpack_pack($a);
echo bin2hex($s), "\n";
for ($i = 0; $i < 4; $i++) {
    var_dump(msgpack_unpack($s) === $a);
}
var_dump(msgpack_unpack($s));
// same first key and size, another key after it: the kept shape is left
$b = ['id' => 2, 'nick' => 'cd', 'tags' => ['x' => false, 'z' => 1]];
$sb = msgpack_pack($b);
for ($i = 0; $i < 3; $i++) {
    var_dump(msgpack_unpack($s) === $a, msgpack_unpack($sb) === $b);
}
var_dump(msgpack_unpack($sb));
// a duplicate key where the kept shape has another
show('83a1610ca1620da163' . '0e');
show('83a1610ca1620da163' . '0e');
show('83a16101a16202a16103');
// a numeric string key
show('83a16101a2313002a16303');
// str 8, str 16 and bin 8 forms of the keys of the kept shape
show('83d9016101d9016202d9016303');
show('83da00016101a16202a16303');
show('83c4016101c4016202c4016303');
// fewer bytes than the kept shape needs
show('83a16101a16202a163');
show('83a16101a16202');
show('83a16101a16202a16303');
// an int key at the place of a string key
show('83a161010102a16303');
// nested maps of the same shape in one small value
$n = [['p' => 1, 'q' => 2], ['p' => 3, 'q' => 4], ['p' => 5, 'r' => 6], ['p' => 7, 'q' => 8]];
for ($i = 0; $i < 3; $i++) {
    var_dump(msgpack_unpack(msgpack_pack($n)) === $n);
}
var_dump(msgpack_unpack(msgpack_pack($n)));
// a nil key after the plain entries (php_only): the map becomes an object
class Foo { public $a = 'default a'; public $b = 'default b'; }
$h = '82a16101a16202';
for ($i = 0; $i < 3; $i++) var_dump(msgpack_unpack(hex2bin($h)));
var_dump(msgpack_unpack(hex2bin('82a16101c0a3466f6f')));
var_dump(msgpack_unpack(hex2bin('82a16101c0a3466f6f')));
var_dump(msgpack_unpack(hex2bin($h)));
// maps as objects (msgpack.assoc off; PECL 2.2, the reference here, has no such setting: the
// output is that of main before kept shapes)
ini_set('msgpack.assoc', 0);
for ($i = 0; $i < 3; $i++) var_dump(msgpack_unpack(hex2bin($h)));
var_dump(msgpack_unpack(hex2bin('82a1610aa1300b')));
var_dump(msgpack_unpack(hex2bin('82a1610aa1300b')));
ini_set('msgpack.assoc', 1);
var_dump(msgpack_unpack(hex2bin('82a1610aa1300b')));
var_dump(msgpack_unpack(hex2bin($h)));
?>
--EXPECTF--
83a2696401a46e616d65a26162a47461677382a178c3a179c0
bool(true)
bool(true)
bool(true)
bool(true)
array(3) {
  ["id"]=>
  int(1)
  ["name"]=>
  string(2) "ab"
  ["tags"]=>
  array(2) {
    ["x"]=>
    bool(true)
    ["y"]=>
    NULL
  }
}
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(3) {
  ["id"]=>
  int(2)
  ["nick"]=>
  string(2) "cd"
  ["tags"]=>
  array(2) {
    ["x"]=>
    bool(false)
    ["z"]=>
    int(1)
  }
}
array(3) {
  ["a"]=>
  int(12)
  ["b"]=>
  int(13)
  ["c"]=>
  int(14)
}
array(3) {
  ["a"]=>
  int(12)
  ["b"]=>
  int(13)
  ["c"]=>
  int(14)
}
array(2) {
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
array(3) {
  ["a"]=>
  int(1)
  [10]=>
  int(2)
  ["c"]=>
  int(3)
}
array(3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["c"]=>
  int(3)
}
array(3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["c"]=>
  int(3)
}
array(3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["c"]=>
  int(3)
}

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
array(3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["c"]=>
  int(3)
}
array(3) {
  ["a"]=>
  int(1)
  [1]=>
  int(2)
  ["c"]=>
  int(3)
}
bool(true)
bool(true)
bool(true)
array(4) {
  [0]=>
  array(2) {
    ["p"]=>
    int(1)
    ["q"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["p"]=>
    int(3)
    ["q"]=>
    int(4)
  }
  [2]=>
  array(2) {
    ["p"]=>
    int(5)
    ["r"]=>
    int(6)
  }
  [3]=>
  array(2) {
    ["p"]=>
    int(7)
    ["q"]=>
    int(8)
  }
}
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
object(Foo)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  string(9) "default b"
}
object(Foo)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  string(9) "default b"
}
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
object(stdClass)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
object(stdClass)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
object(stdClass)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
object(stdClass)#1 (2) {
  ["a"]=>
  int(10)
  ["0"]=>
  int(11)
}
object(stdClass)#1 (2) {
  ["a"]=>
  int(10)
  ["0"]=>
  int(11)
}
array(2) {
  ["a"]=>
  int(10)
  [0]=>
  int(11)
}
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
