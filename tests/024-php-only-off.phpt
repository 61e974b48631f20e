--TEST--
php_only off: objects as property lists (assoc) or maps, no reference tags, maps as objects with assoc off
--FILE--
<?php
class Typed { public int $i = 5; public ?string $s = null; public array $arr = []; protected $p = 'p'; private $q = 'q'; }
class Ser { public $x = 5; function __serialize(): array { return ['x' => $this->x]; } function __unserialize(array $d): void { $this->x = $d['x']; } }
enum Suit { case Spades; }
ini_set('msgpack.php_only', 0);
echo "assoc on\n";
echo bin2hex(msgpack_pack(new Typed)), "\n";
echo bin2hex(msgpack_pack(new Ser)), "\n";
echo bin2hex(msgpack_pack(Suit::Spades)), "\n";
$a = ['x']; echo bin2hex(msgpack_pack([&$a, &$a])), "\n";
$o = new stdClass; echo bin2hex(msgpack_pack([$o, $o])), "\n";
var_dump(msgpack_unpack(hex2bin('80')));
var_dump(msgpack_unpack(hex2bin('81a161c0')));
echo "assoc off\n";
ini_set('msgpack.assoc', 0);
echo bin2hex(msgpack_pack(new Typed)), "\n";
var_dump(msgpack_unpack(hex2bin('82a16101a162910c')));
var_dump(msgpack_unpack(hex2bin('80')));
?>
--EXPECTF--
assoc on
9505c090a170a171
82c0a3536572c081a17805
82c006a453756974a6537061646573
9291a17891a178
929090
array(0) {
}
array(1) {
  ["a"]=>
  NULL
}
assoc off
85a16905a173c0a361727290a4002a0070a170a80054797065640071a171
object(stdClass)#3 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(1) {
    [0]=>
    int(12)
  }
}
object(stdClass)#3 (0) {
}
