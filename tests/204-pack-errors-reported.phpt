--TEST--
Packing errors are reported by the API, not the encoder: each exception is what the encoder met, chained as when it was met (under an exception a destructor throws while the encoder returns, over one pending before), and each notice comes at the moment its nil is written, between the output of the user code around it
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
class Boom {
    public function __construct(public string $name) {}
    public function __destruct() { echo "destructor of {$this->name}\n"; throw new RuntimeException("from the destructor of {$this->name}"); }
}
class A {}
class B {}
class LoopA {
    public function __construct(public bool $loud = false) {}
    public function __destruct() {
        if ($this->loud) {
            echo "destructor of the LoopA a transformer made\n";
            throw new RuntimeException('from the destructor of LoopA');
        }
    }
}
class LoopB {}
class SerBoom { public function __serialize() { return new Boom('__serialize()'); } }
class SleepLoud {
    public $a = 1;
    public function __sleep() { echo "__sleep()\n"; return ['a', 'nope']; }
}
class SleepNone { public function __sleep() { echo "__sleep() with no array\n"; return 5; } }
class Loud implements JsonSerializable {
    public function __construct(public string $name) {}
    public function jsonSerialize(): mixed { echo "jsonSerialize() of {$this->name}\n"; return $this->name; }
}

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo "$label: ", is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$label:";
        for ($x = $e; $x; $x = $x->getPrevious()) {
            echo ' ', get_class($x), ' (', $x->getMessage(), ')';
        }
        echo "\n";
    }
}

echo "-- a destructor that throws after the error: its exception goes over the error's\n";
$ext = new MsgPack\Packer();
$ext->registerExtension(A::class, 1, fn($o) => new Boom('the payload'));
attempt('an extension encoder returns an object', fn() => $ext->pack([new A]));
$loop = new MsgPack\Packer();
$loop->registerTransformer(LoopA::class, fn($o) => new LoopB);
$loop->registerTransformer(LoopB::class, fn($o) => new LoopA(true));
attempt('the transformers loop', fn() => $loop->pack([new LoopA]));

echo "-- a destructor that throws before the error: the error goes over its exception\n";
attempt('__serialize() returns an object, msgpack_pack', fn() => msgpack_pack([new SerBoom]));
attempt('__serialize() returns an object, MsgPack\pack', fn() => MsgPack\pack([new SerBoom], MsgPack\Packer::PHP_OBJECTS));

echo "-- notices where the nil is written\n";
attempt('msgpack_pack', fn() => msgpack_pack([new SleepLoud, new SleepNone, fopen('php://memory', 'r'), function () {}]));
attempt('MsgPack\pack PHP_OBJECTS', fn() => MsgPack\pack([new SleepLoud, new SleepNone], MsgPack\Packer::PHP_OBJECTS));
attempt('MsgPack\pack, a resource between two objects', fn() => MsgPack\pack([new Loud('first'), fopen('php://memory', 'r'), new Loud('second')]));

echo "-- an error handler that throws on the notice: the walk goes on, the refusal goes over its exception\n";
set_error_handler(function (int $no, string $message) {
    echo "handler: $message\n";
    throw new LogicException('from the handler');
});
attempt('msgpack_pack', fn() => msgpack_pack([fopen('php://memory', 'r'), function () {}]));
restore_error_handler();
?>
--EXPECTF--
-- a destructor that throws after the error: its exception goes over the error's
destructor of the payload
an extension encoder returns an object: RuntimeException (from the destructor of the payload) MsgPack\PackException (the extension encoder for A returned Boom, expected a string)
destructor of the LoopA a transformer made
the transformers loop: RuntimeException (from the destructor of LoopA) MsgPack\PackException (the transformer for LoopB returned an object of class LoopA, which the transformer for LoopA would transform again: the transformers loop)
-- a destructor that throws before the error: the error goes over its exception
destructor of __serialize()
__serialize() returns an object, msgpack_pack: TypeError (SerBoom::__serialize() must return an array) RuntimeException (from the destructor of __serialize())
destructor of __serialize()
__serialize() returns an object, MsgPack\pack: TypeError (SerBoom::__serialize() must return an array) RuntimeException (from the destructor of __serialize())
-- notices where the nil is written
__sleep()

Notice: [msgpack] (msgpack_serialize_class) "nope" returned as member variable from __sleep() but does not exist in %s on line %d
__sleep() with no array

Warning: msgpack_pack(): SleepNone::__sleep() should return an array only containing the names of instance-variables to serialize in %s on line %d

Warning: [msgpack] (php_msgpack_serialize_zval) type is unsupported, encoded as null in %s on line %d
msgpack_pack: Exception (Serialization of 'Closure' is not allowed)
__sleep()

Notice: [msgpack] (msgpack_serialize_class) "nope" returned as member variable from __sleep() but does not exist in %s on line %d
__sleep() with no array

Warning: MsgPack\pack(): SleepNone::__sleep() should return an array only containing the names of instance-variables to serialize in %s on line %d
MsgPack\pack PHP_OBJECTS: 9283c0a9536c6565704c6f7564a16101a46e6f7065c0c0
jsonSerialize() of first
MsgPack\pack, a resource between two objects: MsgPack\PackException (a resource (stream) cannot be packed)
-- an error handler that throws on the notice: the walk goes on, the refusal goes over its exception
handler: [msgpack] (php_msgpack_serialize_zval) type is unsupported, encoded as null
msgpack_pack: Exception (Serialization of 'Closure' is not allowed) LogicException (from the handler)
