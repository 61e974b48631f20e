--TEST--
Packing: __serialize(), Serializable::serialize() and __sleep() that throw or return the wrong type, an error handler that throws, an object the packer alone keeps alive, Ext/Timestamp/Bin made without their constructor, property tables with int keys and more than 128 entries
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
class SerThrows { public function __serialize(): array { throw new RuntimeException('from __serialize'); } }
class SerInt { public function __serialize() { return 5; } }
class CustThrows implements Serializable {
    public function serialize() { throw new RuntimeException('from serialize'); }
    public function unserialize($s) {}
}
class CustNull implements Serializable {
    public function serialize() { return null; }
    public function unserialize($s) {}
}
class CustInt implements Serializable {
    public function serialize() { return 5; }
    public function unserialize($s) {}
}
class SleepThrows { public $a = 1; public function __sleep() { throw new RuntimeException('from __sleep'); } }
class SleepMissing { public $a = 1; public function __sleep() { return ['a', 'nope']; } }

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo "$label: ", is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
function each_api(string $label, $v): void {
    attempt("$label, msgpack_pack", fn() => msgpack_pack($v));
    attempt("$label, MessagePack", fn() => (new MessagePack(true))->pack($v));
    attempt("$label, MsgPack\\pack PHP_OBJECTS", fn() => MsgPack\pack($v, MsgPack\Packer::PHP_OBJECTS));
}

echo "-- user code that throws or returns the wrong type\n";
each_api('__serialize() throws', [1, new SerThrows, 2]);
each_api('__serialize() returns an int', ['k' => new SerInt]);
each_api('Serializable::serialize() throws', [new CustThrows]);
each_api('Serializable::serialize() returns null', [new CustNull, 1]);
each_api('Serializable::serialize() returns an int', [new CustInt]);
each_api('__sleep() throws', [new SleepThrows]);

echo "-- a notice turned into an exception by the error handler\n";
set_error_handler(function ($no, $msg) { throw new ErrorException($msg, 0, $no); });
each_api('__sleep() names a missing property', [new SleepMissing, 'after']);
restore_error_handler();
attempt('the same, notice shown', fn() => @msgpack_pack([new SleepMissing, 'after']));

echo "-- an object only the packer still holds\n";
// A's property holds the object Kept; the __serialize() of a later object drops it: the
// packer holds what it has written until the end (its back-reference ids name them), then
// releases it, and the destructor runs after the bytes are made.
class Kept { public $n = 'kept'; public function __destruct() { echo "Kept destroyed\n"; } }
class Holder { public $k; }
class Dropper {
    public function __construct(private Holder $h) {}
    public function __serialize(): array { $this->h->k = null; echo "dropped\n"; return ['x' => 1]; }
}
$h = new Holder;
$h->k = new Kept;
$v = [$h, new Dropper($h)];
$b = msgpack_pack($v);
echo "packed: ", bin2hex($b), "\n";
unset($v, $h);
echo "after unset\n";

echo "-- MsgPack\\ value classes made without their constructor (unserialize())\n";
foreach (['O:11:"MsgPack\Ext":0:{}', 'O:17:"MsgPack\Timestamp":0:{}', 'O:11:"MsgPack\Bin":0:{}'] as $s) {
    $o = unserialize($s);
    attempt(get_class($o), fn() => MsgPack\pack([$o, 1]));
    attempt(get_class($o) . ', msgpack_pack', fn() => msgpack_pack([$o, 1]));
}

echo "-- properties read as json_encode() reads them: int keys, more than 128 entries\n";
// ArrayObject gives its storage as its properties: int keys are written as ints
attempt('ArrayObject of a list', fn() => MsgPack\pack(new ArrayObject([5 => 'a', 'k' => 'b', 7 => 'c'])));
echo json_encode(new ArrayObject([5 => 'a', 'k' => 'b', 7 => 'c'])), "\n";
$o = new stdClass;
for ($i = 0; $i < 150; $i++) {
    $o->{"p$i"} = $i;
}
$b = MsgPack\pack($o);
echo strlen($b), ' ', bin2hex(substr($b, 0, 12)), ' ... ', bin2hex(substr($b, -6)), "\n";
var_dump(MsgPack\unpack($b) === get_object_vars($o));
?>
--EXPECT--
-- user code that throws or returns the wrong type
__serialize() throws, msgpack_pack: RuntimeException: from __serialize
__serialize() throws, MessagePack: RuntimeException: from __serialize
__serialize() throws, MsgPack\pack PHP_OBJECTS: RuntimeException: from __serialize
__serialize() returns an int, msgpack_pack: TypeError: SerInt::__serialize() must return an array
__serialize() returns an int, MessagePack: TypeError: SerInt::__serialize() must return an array
__serialize() returns an int, MsgPack\pack PHP_OBJECTS: TypeError: SerInt::__serialize() must return an array
Serializable::serialize() throws, msgpack_pack: RuntimeException: from serialize
Serializable::serialize() throws, MessagePack: RuntimeException: from serialize
Serializable::serialize() throws, MsgPack\pack PHP_OBJECTS: RuntimeException: from serialize
Serializable::serialize() returns null, msgpack_pack: 92c001
Serializable::serialize() returns null, MessagePack: 92c001
Serializable::serialize() returns null, MsgPack\pack PHP_OBJECTS: 92c001
Serializable::serialize() returns an int, msgpack_pack: Exception: CustInt::serialize() must return a string or NULL
Serializable::serialize() returns an int, MessagePack: Exception: CustInt::serialize() must return a string or NULL
Serializable::serialize() returns an int, MsgPack\pack PHP_OBJECTS: Exception: CustInt::serialize() must return a string or NULL
__sleep() throws, msgpack_pack: RuntimeException: from __sleep
__sleep() throws, MessagePack: RuntimeException: from __sleep
__sleep() throws, MsgPack\pack PHP_OBJECTS: RuntimeException: from __sleep
-- a notice turned into an exception by the error handler
__sleep() names a missing property, msgpack_pack: ErrorException: [msgpack] (msgpack_serialize_class) "nope" returned as member variable from __sleep() but does not exist
__sleep() names a missing property, MessagePack: ErrorException: [msgpack] (msgpack_serialize_class) "nope" returned as member variable from __sleep() but does not exist
__sleep() names a missing property, MsgPack\pack PHP_OBJECTS: ErrorException: [msgpack] (msgpack_serialize_class) "nope" returned as member variable from __sleep() but does not exist
the same, notice shown: 9283c0ac536c6565704d697373696e67a16101a46e6f7065c0a56166746572
-- an object only the packer still holds
dropped
Kept destroyed
packed: 9282c0a6486f6c646572a16b82c0a44b657074a16ea46b65707482c0a744726f70706572c081a17801
after unset
-- MsgPack\ value classes made without their constructor (unserialize())
MsgPack\Ext: 92c001
MsgPack\Ext, msgpack_pack: 92c001
MsgPack\Timestamp: 92c001
MsgPack\Timestamp, msgpack_pack: 92c001
MsgPack\Bin: 92c001
MsgPack\Bin, msgpack_pack: 92c001
-- properties read as json_encode() reads them: int keys, more than 128 entries
ArrayObject of a list: 8305a161a16ba16207a163
{"5":"a","k":"b","7":"c"}
815 de0096a2703000a2703101a2 ... 70313439cc95
bool(true)
