--TEST--
Objects: class entry, public/protected/private properties, inheritance, stdClass, uninitialized typed properties, objects in references (bytes as PECL msgpack writes them)
--FILE--
<?php
class Foo { public $a = 1; }
class Bar { public $pub = 1; protected $b = 2; private $c = 3; }
class Child extends Bar { private $c = 'child'; public $d = 4; }
class Typed { public int $i = 5; public ?string $s = null; public array $arr = []; public int $uninit; }
function show($label, $v) {
    $p = msgpack_pack($v);
    echo "$label: ", bin2hex($p), "\n";
    var_dump(msgpack_unpack($p));
}
show('public', new Foo);
show('visibility', new Bar);
show('parent private', new Child);
show('empty stdClass', new stdClass);
show('stdClass numeric', (object) ['a' => 1, 5 => 2]);
show('uninitialized typed', new Typed);
$f = new Foo;
show('object in a reference', [&$f]);
// properties written under another visibility than declared are re-mangled on read
var_dump(msgpack_unpack(hex2bin('83c0a3426172a162a178a163a179')));
?>
--EXPECTF--
public: 82c0a3466f6fa16101
object(Foo)#2 (1) {
  ["a"]=>
  int(1)
}
visibility: 84c0a3426172a370756201a4002a006202a600426172006303
object(Bar)#2 (3) {
  ["pub"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Bar":private]=>
  int(3)
}
parent private: 86c0a54368696c64a370756201a4002a006202a600426172006303a8004368696c640063a56368696c64a16404
object(Child)#2 (5) {
  ["pub"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Bar":private]=>
  int(3)
  ["c":"Child":private]=>
  string(5) "child"
  ["d"]=>
  int(4)
}
empty stdClass: 81c0a8737464436c617373
object(stdClass)#2 (0) {
}
stdClass numeric: 83c0a8737464436c617373a16101a13502
object(stdClass)#2 (2) {
  ["a"]=>
  int(1)
  ["5"]=>
  int(2)
}
uninitialized typed: 84c0a55479706564a16905a173c0a361727290
object(Typed)#2 (3) {
  ["i"]=>
  int(5)
  ["s"]=>
  NULL
  ["arr"]=>
  array(0) {
  }
  ["uninit"]=>
  uninitialized(int)
}
object in a reference: 9183c001c0a3466f6fa16101
array(1) {
  [0]=>
  object(Foo)#2 (1) {
    ["a"]=>
    int(1)
  }
}
object(Bar)#2 (3) {
  ["pub"]=>
  int(1)
  ["b":protected]=>
  string(1) "x"
  ["c":"Bar":private]=>
  string(1) "y"
}
