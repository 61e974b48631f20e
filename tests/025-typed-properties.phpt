--TEST--
Typed properties are checked on unpack as unserialize() checks them; classes that cannot be unserialized
--FILE--
<?php
class Typed { public int $i = 0; public ?Typed $next = null; public readonly string $r; }
// a well-typed value fills the properties, readonly ones included
$ok = msgpack_unpack(hex2bin('84c0a55479706564a16907a46e657874c0a172a3616263'));
var_dump($ok);
// a value of the wrong type is refused as unserialize() refuses it
try {
    var_dump(msgpack_unpack(hex2bin('82c0a55479706564a169a3616263')));
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    var_dump(msgpack_unpack(hex2bin('82c0a55479706564a46e65787405')));
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// compare: unserialize() says the same
try {
    unserialize('O:5:"Typed":1:{s:1:"i";s:3:"abc";}');
} catch (TypeError $e) {
    echo "unserialize: ", $e->getMessage(), "\n";
}
// classes that may not be unserialized, abstract classes, interfaces
abstract class Abs {}
foreach (['82c0a7436c6f73757265a16101', '81c0a3416273', '81c0a84974657261746f72'] as $hex) {
    try {
        var_dump(msgpack_unpack(hex2bin($hex)));
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
// packing a Closure is refused
try {
    msgpack_pack(function () {});
} catch (Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECTF--
object(Typed)#1 (3) {
  ["i"]=>
  int(7)
  ["next"]=>
  NULL
  ["r"]=>
  string(3) "abc"
}
TypeError: Cannot assign string to property Typed::$i of type int
TypeError: Cannot assign int to property Typed::$next of type ?Typed
unserialize: Cannot assign string to property Typed::$i of type int
Exception: Unserialization of 'Closure' is not allowed
Error: Cannot instantiate abstract class Abs
Error: Cannot instantiate interface Iterator
Exception: Serialization of 'Closure' is not allowed
