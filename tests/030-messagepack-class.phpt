--TEST--
MessagePack class: constants, constructor, setOption(), pack(), unpack(), unpacker(), clone
--FILE--
<?php
class A { public $a = 1; protected $b = 2; }

echo "-- constants\n";
var_dump(MessagePack::OPT_PHPONLY, MessagePack::OPT_ASSOC, MessagePack::OPT_FORCE_F32);
$p = (new ReflectionMethod('MessagePack', '__construct'))->getParameters()[0];
var_dump($p->getName(), $p->isOptional());

echo "-- default: msgpack.php_only (on)\n";
$m = new MessagePack();
echo bin2hex($m->pack(new A)), "\n";
echo bin2hex($m->pack([1, 2, 'k' => 1.5])), "\n";
var_dump($m->unpack($m->pack(new A)));

echo "-- constructor argument\n";
$off = new MessagePack(false);
echo bin2hex($off->pack(new A)), "\n";
ini_set('msgpack.php_only', '0');
echo bin2hex((new MessagePack())->pack(new A)), "\n";
echo bin2hex((new MessagePack(true))->pack(new A)), "\n";
ini_set('msgpack.php_only', '1');
echo "-- the object keeps its options whatever the INI says later\n";
echo bin2hex($off->pack(new A)), "\n";
echo bin2hex(msgpack_pack(new A)), "\n";

echo "-- setOption\n";
$m = new MessagePack();
var_dump($m->setOption(MessagePack::OPT_PHPONLY, false));
echo bin2hex($m->pack(new A)), "\n";
var_dump($m->unpack(hex2bin('82c0a141a16101')));
var_dump($m->setOption(MessagePack::OPT_PHPONLY, 1));
var_dump($m->unpack(hex2bin('82c0a141a16101')));
var_dump($m->setOption(MESSAGEPACK_OPT_FORCE_F32, true));
echo bin2hex($m->pack(1.5)), "\n";
var_dump($m->setOption(MessagePack::OPT_FORCE_F32, false));
echo bin2hex($m->pack(1.5)), "\n";
var_dump($m->setOption(MessagePack::OPT_ASSOC, false));
var_dump($m->unpack(hex2bin('81a16101')));
var_dump($m->setOption(MessagePack::OPT_ASSOC, true));
var_dump($m->unpack(hex2bin('81a16101')));
var_dump($m->setOption(12345, true));
ini_set('msgpack.error_display', '0');
var_dump($m->setOption(12345, true));
ini_set('msgpack.error_display', '1');

echo "-- other INI settings are read at each call\n";
$m = new MessagePack();
$s = str_repeat('x', 40);
echo bin2hex(substr($m->pack($s), 0, 2)), "\n";
ini_set('msgpack.use_str8_serialization', '0');
echo bin2hex(substr($m->pack($s), 0, 3)), "\n";
ini_set('msgpack.use_str8_serialization', '1');

echo "-- unpack: errors as msgpack_unpack()\n";
var_dump($m->unpack(''));
var_dump($m->unpack(hex2bin('92')));
var_dump($m->unpack(hex2bin('c1')));
var_dump($m->unpack(hex2bin('0102')));
var_dump($m->unpack(hex2bin('93010203'), null));

echo "-- pack: depth error\n";
ini_set('msgpack.max_depth', '3');
var_dump($m->pack([[[[1]]]]));
ini_restore('msgpack.max_depth');

echo "-- unpacker() inherits php_only and assoc\n";
$m = new MessagePack(false);
$m->setOption(MessagePack::OPT_ASSOC, false);
$u = $m->unpacker();
var_dump(get_class($u));
$u->feed(hex2bin('81a16101'));
var_dump($u->execute(), $u->data());
$u->feed(hex2bin('82c0a141a16101'));
var_dump($u->execute(), $u->data());
$u = (new MessagePack(true))->unpacker();
$u->feed(hex2bin('82c0a141a16101'));
var_dump($u->execute(), $u->data());

echo "-- clone keeps the options\n";
$m = new MessagePack(false);
$c = clone $m;
echo bin2hex($c->pack(new A)), "\n";
$c->setOption(MessagePack::OPT_PHPONLY, true);
echo bin2hex($c->pack(new A)), "\n";
echo bin2hex($m->pack(new A)), "\n";

echo "-- subclass without parent constructor\n";
class M2 extends MessagePack { function __construct() {} }
echo bin2hex((new M2)->pack([1])), "\n";

echo "-- argument types\n";
try { $m->setOption('x', 1); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { $m->unpack([]); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECTF--
-- constants
int(-1001)
int(-1002)
int(-1003)
string(3) "opt"
bool(true)
-- default: msgpack.php_only (on)
83c0a141a16101a4002a006202
8300010102a16bcb3ff8000000000000
object(A)#%d (2) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
}
-- constructor argument
920102
920102
83c0a141a16101a4002a006202
-- the object keeps its options whatever the INI says later
920102
83c0a141a16101a4002a006202
-- setOption
bool(true)
920102

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(2) {
  [""]=>
  string(1) "A"
  ["a"]=>
  int(1)
}
bool(true)
object(A)#%d (2) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
}
bool(true)
ca3fc00000
bool(true)
cb3ff8000000000000
bool(true)
object(stdClass)#%d (1) {
  ["a"]=>
  int(1)
}
bool(true)
array(1) {
  ["a"]=>
  int(1)
}

Warning: [msgpack] (MessagePack::setOption) error setting msgpack option in %s on line %d
bool(false)
bool(false)
-- other INI settings are read at each call
d928
da0028
-- unpack: errors as msgpack_unpack()
NULL

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Parse error in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Extra bytes in %s on line %d
int(1)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
-- pack: depth error

Warning: [msgpack] (php_msgpack_serialize) Maximum nesting depth of 3 exceeded in %s on line %d
bool(false)
-- unpacker() inherits php_only and assoc
string(19) "MessagePackUnpacker"
bool(true)
object(stdClass)#%d (1) {
  ["a"]=>
  int(1)
}
bool(true)
object(stdClass)#%d (2) {
  [""]=>
  string(1) "A"
  ["a"]=>
  int(1)
}
bool(true)
object(A)#%d (2) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
}
-- clone keeps the options
920102
83c0a141a16101a4002a006202
920102
-- subclass without parent constructor
9101
-- argument types
MessagePack::setOption(): Argument #1 ($option) must be of type int, string given
MessagePack::unpack(): Argument #1 ($str) must be of type string, array given
