--TEST--
The decoder only reports (issue 33): the warnings of what it meets come as it meets them (before a __wakeup() of the value, after an autoloader's output), from every entry point; what PHP's unserialize() raises is raised by every API, MessagePackUnpacker and sessions included, whatever msgpack.error_display says
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
session.serialize_handler=msgpack
session.use_cookies=0
session.use_strict_mode=0
session.cache_limiter=
session.save_handler=files
--EXTENSIONS--
session
--FILE--
<?php
ob_start(); // no headers sent: the session can start
set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
spl_autoload_register(function ($class) { echo "autoload($class)\n"; });

class Waker {
    public $n;
    public function __wakeup() { echo "__wakeup({$this->n})\n"; }
}
final class Plain { public $a; }
readonly class Sealed { public function __construct(public int $x = 0) {} }

function show(string $what, callable $f): void {
    echo "-- $what\n";
    try {
        $v = $f();
        echo "=> ", json_encode($v), "\n";
    } catch (Throwable $e) {
        echo "=> ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$waker = "\x82\xc0\xa5Waker\xa1n\x01";
$illegal = "\x81\xc3\x02";                          // {true: 2}
$serializable = "\x82\xc0\x03\xa5Plain\xa1x";         // Serializable entry of a class without unserialize()
$missing = "\x82\xc0\xa7Missing\xa1a\x01";            // autoloaded in vain, then the callback
$list = "\x94" . $waker . $illegal . $serializable . $missing;

function no_class($class) { echo "callback($class)\n"; }
ini_set('unserialize_callback_func', 'no_class');

// the warnings as the decoder meets them, __wakeup() once the value is whole
show('msgpack_unpack()', fn () => is_array(msgpack_unpack($list)));
show('MessagePack::unpack()', fn () => is_array((new MessagePack(true))->unpack($list)));
// PECL's unpacker gives none of its own warnings, unserialize()'s all the same
show('MessagePackUnpacker', function () use ($list) {
    $u = new MessagePackUnpacker(true);
    $u->feed($list);
    return $u->execute() && is_array($u->data());
});
// msgpack.error_display off: PECL's warnings go, unserialize()'s stay
ini_set('msgpack.error_display', '0');
show('msgpack_unpack(), error_display off', fn () => is_array(msgpack_unpack($list)));
ini_set('msgpack.error_display', '1');
// the MsgPack\ API: unserialize_callback_func's warning
show('MsgPack\Unpacker PHP_OBJECTS', fn () => get_class((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($missing)));

// what unserialize() raises, from every entry point
$closure = "\x81\xa1x\x82\xc0\xa7Closure\xa1a\x01";
$sealed = "\x82\xc0\xa6Sealed\xa1z\x01";
foreach (['Closure' => $closure, 'Sealed' => $sealed] as $name => $bytes) {
    show("msgpack_unpack() $name", fn () => msgpack_unpack($bytes));
    ini_set('msgpack.error_display', '0');
    show("msgpack_unpack() $name, error_display off", fn () => msgpack_unpack($bytes));
    ini_set('msgpack.error_display', '1');
    show("MessagePackUnpacker $name", function () use ($bytes) {
        $u = new MessagePackUnpacker(true);
        $u->feed($bytes);
        return $u->execute();
    });
    show("MsgPack\\unpack() $name", fn () => (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bytes));
    show("session_decode() $name", function () use ($bytes) {
        session_start();
        try {
            return session_decode("\x81\xa1s" . $bytes);
        } finally {
            session_abort();
        }
    });
}
?>
--EXPECT--
-- msgpack_unpack()
warning: [msgpack] (msgpack_unserialize_map_item) illegal key type
warning: [msgpack] (msgpack_unserialize_map_item) Class Plain has no unserializer
autoload(Missing)
callback(Missing)
autoload(Missing)
warning: msgpack_unpack(): Function no_class() hasn't defined the class it was called for
__wakeup(1)
=> true
-- MessagePack::unpack()
warning: [msgpack] (msgpack_unserialize_map_item) illegal key type
warning: [msgpack] (msgpack_unserialize_map_item) Class Plain has no unserializer
autoload(Missing)
callback(Missing)
autoload(Missing)
warning: MessagePack::unpack(): Function no_class() hasn't defined the class it was called for
__wakeup(1)
=> true
-- MessagePackUnpacker
autoload(Missing)
callback(Missing)
autoload(Missing)
warning: MessagePackUnpacker::execute(): Function no_class() hasn't defined the class it was called for
__wakeup(1)
=> true
-- msgpack_unpack(), error_display off
autoload(Missing)
callback(Missing)
autoload(Missing)
warning: msgpack_unpack(): Function no_class() hasn't defined the class it was called for
__wakeup(1)
=> true
-- MsgPack\Unpacker PHP_OBJECTS
autoload(Missing)
callback(Missing)
autoload(Missing)
warning: MsgPack\Unpacker::unpack(): Function no_class() hasn't defined the class it was called for
=> "__PHP_Incomplete_Class"
-- msgpack_unpack() Closure
=> Exception: Unserialization of 'Closure' is not allowed
-- msgpack_unpack() Closure, error_display off
=> Exception: Unserialization of 'Closure' is not allowed
-- MessagePackUnpacker Closure
=> Exception: Unserialization of 'Closure' is not allowed
-- MsgPack\unpack() Closure
=> Exception: Unserialization of 'Closure' is not allowed
-- session_decode() Closure
=> Exception: Unserialization of 'Closure' is not allowed
-- msgpack_unpack() Sealed
=> Error: Cannot create dynamic property Sealed::$z
-- msgpack_unpack() Sealed, error_display off
=> Error: Cannot create dynamic property Sealed::$z
-- MessagePackUnpacker Sealed
=> Error: Cannot create dynamic property Sealed::$z
-- MsgPack\unpack() Sealed
=> Error: Cannot create dynamic property Sealed::$z
-- session_decode() Sealed
=> Error: Cannot create dynamic property Sealed::$z
