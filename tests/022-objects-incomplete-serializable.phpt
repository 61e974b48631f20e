--TEST--
Objects: unknown classes (__PHP_Incomplete_Class), autoload, unserialize_callback_func, Serializable
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// An unknown class becomes __PHP_Incomplete_Class and is written back under its own name.
$p = hex2bin('83c0a7556e6b6e6f776ea16101a4002a006202');
$o = msgpack_unpack($p);
var_dump($o);
echo bin2hex(msgpack_pack($o)), "\n";
var_dump(msgpack_pack($o) === $p);

// autoload runs first
spl_autoload_register(function ($class) {
    echo "autoload($class)\n";
    if ($class === 'Loaded') {
        eval('class Loaded { public $a; }');
    }
});
var_dump(msgpack_unpack(hex2bin('82c0a64c6f61646564a16101')));

// then unserialize_callback_func
function define_it($class) {
    echo "callback($class)\n";
    if ($class === 'ByCallback') {
        eval('class ByCallback { public $a; }');
    }
}
ini_set('unserialize_callback_func', 'define_it');
var_dump(msgpack_unpack(hex2bin('82c0aa427943616c6c6261636ba16102')));
var_dump(get_class(msgpack_unpack(hex2bin('81c0a74e6f7448657265'))));

// Serializable
class Cust implements Serializable {
    public $v = 'v';
    function serialize() { return "payload"; }
    function unserialize($s) { echo "unserialize($s)\n"; $this->v = $s; }
}
$p = msgpack_pack(new Cust);
echo bin2hex($p), "\n";
var_dump(msgpack_unpack($p));
?>
--EXPECTF--
object(__PHP_Incomplete_Class)#1 (3) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(7) "Unknown"
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
}
83c0a7556e6b6e6f776ea16101a4002a006202
bool(true)
autoload(Loaded)
object(Loaded)#3 (1) {
  ["a"]=>
  int(1)
}
autoload(ByCallback)
callback(ByCallback)
object(ByCallback)#3 (1) {
  ["a"]=>
  int(2)
}
autoload(NotHere)
callback(NotHere)
autoload(NotHere)

Warning: msgpack_unpack(): Function define_it() hasn't defined the class it was called for in %s on line %d
string(22) "__PHP_Incomplete_Class"
82c003a443757374a77061796c6f6164
unserialize(payload)
object(Cust)#3 (1) {
  ["v"]=>
  string(7) "payload"
}
