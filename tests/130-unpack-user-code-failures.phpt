--TEST--
php_only reading: autoloaders and unserialize_callback_func that throw (class entry, Serializable, enum), classes that cannot be instantiated, an enum case whose value cannot be evaluated, Serializable payloads cut, of another type or refused, dynamic properties a class forbids, typed properties (a reference, entries before the class entry), __wakeup() that throws before the next, map keys whose conversion throws
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
spl_autoload_register(function (string $c) {
    if (str_starts_with($c, 'Throw')) {
        throw new RuntimeException("autoloader: $c");
    }
});
abstract class AbstractThing { public $a; }
interface SomeInterface {}
enum SomeEnum { case A; }
enum BadConst: int { case A = UNDEFINED_CONST_X; }
readonly class ReadOnlyPoint { public int $x; }
class TypedArr { public ?array $a = null; }
class TypedInt { public int $a = 0; }
class WithData {
    public $d;
    public function __unserialize(array $d): void { echo '__unserialize(', json_encode($d), ")\n"; $this->d = $d; }
}
class Cust implements Serializable {
    public $v;
    public function serialize() { return 'p'; }
    public function unserialize($s) { if ($s === 'bad') throw new UnexpectedValueException("refused: $s"); $this->v = $s; }
}
class WakeThrows { public function __wakeup() { echo "WakeThrows::__wakeup\n"; throw new LogicException('from __wakeup'); } }
class WakeLog { public function __wakeup() { echo "WakeLog::__wakeup\n"; } }
class P { public $a; public $b; }

$s = fn(string $t) => bin2hex(chr(0xa0 | strlen($t)) . $t);
$inputs = [
    'class entry, the autoloader throws' => '81c0' . $s('ThrowingClass'),
    'Serializable, the autoloader throws' => '82c003' . $s('ThrowingCust') . $s('payload'),
    'enum, the autoloader throws' => '82c006' . $s('ThrowingEnum') . $s('A'),
    'an abstract class' => '82c0' . $s('AbstractThing') . $s('a') . '01',
    'an interface' => '81c0' . $s('SomeInterface'),
    'an enum as a class entry' => '81c0' . $s('SomeEnum'),
    'an enum case whose value cannot be evaluated' => '82c006' . $s('BadConst') . $s('A'),
    'Serializable, cut after the class name' => '82c003' . $s('Cust'),
    'Serializable, a payload that is no string' => '82c003' . $s('Cust') . '05',
    'Serializable, unserialize() throws' => '82c003' . $s('Cust') . $s('bad'),
    'Serializable, read' => '82c003' . $s('Cust') . $s('good'),
    'a dynamic property on a readonly class' => '83c0' . $s('ReadOnlyPoint') . $s('x') . '01' . $s('zz') . '02',
    'a typed property given a reference' => '82c0' . $s('TypedArr') . $s('a') . '82c001' . $s('x') . '01',
    'entries before the class entry, into __unserialize() data' => '83' . $s('x') . '01' . $s('y') . '02' . 'c0' . $s('WithData'),
    'an entry before the class entry, of the wrong type' => '82' . $s('a') . $s('text') . 'c0' . $s('TypedInt'),
    '__wakeup() throws, the next is not called' => '92' . '81c0' . $s('WakeThrows') . '81c0' . $s('WakeLog'),
    'two objects of a class, keys as str 8 in the second' => '92' . '83c0' . $s('P') . $s('a') . '01' . $s('b') . '02'
        . '83c0' . $s('P') . 'd90161' . '03' . 'd90162' . '04',
];
function show($v): string {
    return str_replace("\n", ' ', var_export($v, true));
}
foreach ($inputs as $name => $hex) {
    echo "-- $name: $hex\n";
    $bin = hex2bin($hex);
    set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
    try {
        echo show(msgpack_unpack($bin)), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    restore_error_handler();
    try {
        $r = show((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bin));
    } catch (Throwable $e) {
        $r = get_class($e) . ': ' . $e->getMessage();
    }
    echo "MsgPack\\Unpacker: $r\n";
}

echo "-- unserialize_callback_func that throws, for a class entry, a Serializable and an enum\n";
function callback_throws(string $c) {
    throw new DomainException("callback: $c");
}
ini_set('unserialize_callback_func', 'callback_throws');
foreach (['81c0' . $s('NoSuchClass'), '82c003' . $s('NoSuchCust') . $s('p'), '82c006' . $s('NoSuchEnum') . $s('A')] as $hex) {
    try {
        var_dump(msgpack_unpack(hex2bin($hex)));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
ini_restore('unserialize_callback_func');

echo "-- a map key whose conversion to a string throws (php_only off)\n";
ini_set('msgpack.php_only', '0');
set_error_handler(function ($no, $msg) {
    if (str_contains($msg, 'Array to string')) {
        throw new ErrorException($msg);
    }
    echo "warning: $msg\n";
    return true;
});
try {
    var_dump(msgpack_unpack(hex2bin('82' . $s('k') . '01' . '920102' . $s('v'))));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
restore_error_handler();
echo "-- the same, the conversion's warning shown\n";
var_dump(@msgpack_unpack(hex2bin('82' . $s('k') . '01' . '920102' . $s('v'))));

echo "-- an ext decoder that returns a reference\n";
$u = new MsgPack\Unpacker();
$u->registerExtension(5, function &(string $data) {
    static $held;
    $held = "decoded $data";
    return $held;
});
var_dump($u->unpack(hex2bin('92d40578d40579')));
?>
--EXPECT--
-- class entry, the autoloader throws: 81c0ad5468726f77696e67436c617373
RuntimeException: autoloader: ThrowingClass
MsgPack\Unpacker: RuntimeException: autoloader: ThrowingClass
-- Serializable, the autoloader throws: 82c003ac5468726f77696e6743757374a77061796c6f6164
RuntimeException: autoloader: ThrowingCust
MsgPack\Unpacker: RuntimeException: autoloader: ThrowingCust
-- enum, the autoloader throws: 82c006ac5468726f77696e67456e756da141
RuntimeException: autoloader: ThrowingEnum
MsgPack\Unpacker: RuntimeException: autoloader: ThrowingEnum
-- an abstract class: 82c0ad41627374726163745468696e67a16101
Error: Cannot instantiate abstract class AbstractThing
MsgPack\Unpacker: Error: Cannot instantiate abstract class AbstractThing
-- an interface: 81c0ad536f6d65496e74657266616365
Error: Cannot instantiate interface SomeInterface
MsgPack\Unpacker: Error: Cannot instantiate interface SomeInterface
-- an enum as a class entry: 81c0a8536f6d65456e756d
Error: Cannot instantiate enum SomeEnum
MsgPack\Unpacker: Error: Cannot instantiate enum SomeEnum
-- an enum case whose value cannot be evaluated: 82c006a8426164436f6e7374a141
Error: Undefined constant "UNDEFINED_CONST_X"
MsgPack\Unpacker: Error: Undefined constant "UNDEFINED_CONST_X"
-- Serializable, cut after the class name: 82c003a443757374
warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
false
MsgPack\Unpacker: MsgPack\InsufficientDataException: insufficient data at offset 8
-- Serializable, a payload that is no string: 82c003a44375737405
warning: [msgpack] (php_msgpack_unserialize) Invalid Serializable payload
false
MsgPack\Unpacker: MsgPack\UnpackException: invalid Serializable payload at offset 8
-- Serializable, unserialize() throws: 82c003a443757374a3626164
UnexpectedValueException: refused: bad
MsgPack\Unpacker: UnexpectedValueException: refused: bad
-- Serializable, read: 82c003a443757374a4676f6f64
\Cust::__set_state(array(    'v' => 'good', ))
MsgPack\Unpacker: \Cust::__set_state(array(    'v' => 'good', ))
-- a dynamic property on a readonly class: 83c0ad526561644f6e6c79506f696e74a17801a27a7a02
Error: Cannot create dynamic property ReadOnlyPoint::$zz
MsgPack\Unpacker: Error: Cannot create dynamic property ReadOnlyPoint::$zz
-- a typed property given a reference: 82c0a85479706564417272a16182c001a17801
\TypedArr::__set_state(array(    'a' =>    array (     'x' => 1,   ), ))
MsgPack\Unpacker: \TypedArr::__set_state(array(    'a' =>    array (     'x' => 1,   ), ))
-- entries before the class entry, into __unserialize() data: 83a17801a17902c0a85769746844617461
__unserialize({"x":1,"y":2})
\WithData::__set_state(array(    'd' =>    array (     'x' => 1,     'y' => 2,   ), ))
__unserialize({"x":1,"y":2})
MsgPack\Unpacker: \WithData::__set_state(array(    'd' =>    array (     'x' => 1,     'y' => 2,   ), ))
-- an entry before the class entry, of the wrong type: 82a161a474657874c0a85479706564496e74
TypeError: Cannot assign string to property TypedInt::$a of type int
MsgPack\Unpacker: TypeError: Cannot assign string to property TypedInt::$a of type int
-- __wakeup() throws, the next is not called: 9281c0aa57616b655468726f777381c0a757616b654c6f67
WakeThrows::__wakeup
LogicException: from __wakeup
WakeThrows::__wakeup
MsgPack\Unpacker: LogicException: from __wakeup
-- two objects of a class, keys as str 8 in the second: 9283c0a150a16101a1620283c0a150d9016103d9016204
array (   0 =>    \P::__set_state(array(      'a' => 1,      'b' => 2,   )),   1 =>    \P::__set_state(array(      'a' => 3,      'b' => 4,   )), )
MsgPack\Unpacker: array (   0 =>    \P::__set_state(array(      'a' => 1,      'b' => 2,   )),   1 =>    \P::__set_state(array(      'a' => 3,      'b' => 4,   )), )
-- unserialize_callback_func that throws, for a class entry, a Serializable and an enum
DomainException: callback: NoSuchClass
DomainException: callback: NoSuchCust
DomainException: callback: NoSuchEnum
-- a map key whose conversion to a string throws (php_only off)
warning: [msgpack] (msgpack_unserialize_map_item) illegal key type
ErrorException: Array to string conversion
-- the same, the conversion's warning shown
array(2) {
  ["k"]=>
  int(1)
  ["Array"]=>
  string(1) "v"
}
-- an ext decoder that returns a reference
array(2) {
  [0]=>
  string(9) "decoded x"
  [1]=>
  string(9) "decoded y"
}
