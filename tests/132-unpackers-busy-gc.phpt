--TEST--
Unpackers: calls from their own callbacks while busy (withStructures(), __destruct()), an error put off by tryUnpack() and dropped with the unpacker or seen by the GC, the iterator seen by the GC through yield from, cycles through an ext decoder and a subclass's properties, registerExtension() when Closure::fromCallable() refuses
--FILE--
<?php
echo "-- withStructures() from an ext decoder of the same unpacker\n";
$u = new MsgPack\Unpacker();
$u->registerExtension(5, function (string $d) use (&$u) {
    try {
        $u->withStructures([['a']]);
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    return "ext $d";
});
var_dump($u->unpack(hex2bin('d40578')));

echo "-- an error put off by tryUnpack(), dropped with the unpacker\n";
$u = new MsgPack\Unpacker();
$u->feed("\x01\xc1");
var_dump($u->tryUnpack());
$w = WeakReference::create($u);
unset($u);
var_dump($w->get());

echo "-- the same, the unpacker seen by the GC first\n";
$u = new MsgPack\Unpacker();
$u->feed("\x01\x02\xc1");
var_dump($u->tryUnpack());
$copy = $u;
unset($copy); // a possible root: the GC looks at it
gc_collect_cycles();
try {
    $u->tryUnpack();
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- the iterator, held by a generator (yield from), seen by the GC\n";
$u = new MsgPack\Unpacker();
$u->feed("\x01\x92\x02\x03\x04");
function values(MsgPack\Unpacker $u) {
    yield from $u;
}
$gen = values($u);
var_dump($gen->current());
$copy = $gen;
unset($copy);
gc_collect_cycles();
$gen->next();
var_dump($gen->current());
$gen->next();
var_dump($gen->current(), $u->remaining());

echo "-- an unpacker in a cycle through its ext decoder, with an error put off\n";
$u = new MsgPack\Unpacker();
$u->registerExtension(5, function ($d) use ($u) { return $d; });
$u->feed("\x01\xc1");
$u->tryUnpack();
$w = WeakReference::create($u);
unset($u);
var_dump($w->get() !== null);
gc_collect_cycles();
var_dump($w->get());

echo "-- registerExtension(): Closure::fromCallable() refuses what the argument check took\n";
class Base { public static function dec($d) { return "base $d"; } }
class Child extends Base {
    public static function register(MsgPack\Unpacker $u): void {
        // "parent::dec" is deprecated: the argument check warns, then Closure::fromCallable()
        // warns again, and this handler throws the second time
        $n = 0;
        set_error_handler(function ($no, $msg) use (&$n) {
            if (++$n > 1) {
                throw new ErrorException($msg);
            }
            return true;
        });
        try {
            $u->registerExtension(5, 'parent::dec');
            echo "registered\n";
        } catch (Throwable $e) {
            // PHP 8.2: the deprecation the handler throws; 8.4: "Failed to create closure"
            echo $e instanceof ErrorException || $e instanceof TypeError ? 'refused' : get_class($e), "\n";
        }
        restore_error_handler();
    }
}
$u = new MsgPack\Unpacker();
Child::register($u);
var_dump($u->unpack(hex2bin('d40578')));

echo "-- MessagePackUnpacker: a subclass with properties in a cycle\n";
class MyUnpacker extends MessagePackUnpacker { public $self; public $tag = 'mine'; }
$m = new MyUnpacker();
$m->self = $m;
$m->feed("\x81\xa1k\x01");
var_dump($m->execute(), $m->data());
$w = WeakReference::create($m);
unset($m);
gc_collect_cycles();
var_dump($w->get());

echo "-- MessagePackUnpacker::__destruct() from a __wakeup() of the value it decodes\n";
class Wakes {
    public function __wakeup() {
        try {
            $GLOBALS['mu']->__destruct();
        } catch (Error $e) {
            echo get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
$mu = new MessagePackUnpacker();
$mu->feed(msgpack_pack(new Wakes));
var_dump($mu->execute(), get_class($mu->data()));

echo "-- MessagePack::unpack() of the empty string with a template that fails\n";
try {
    var_dump((new MessagePack())->unpack('', 'NoSuchClassAnywhere'));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
-- withStructures() from an ext decoder of the same unpacker
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
string(5) "ext x"
-- an error put off by tryUnpack(), dropped with the unpacker
array(1) {
  [0]=>
  int(1)
}
NULL
-- the same, the unpacker seen by the GC first
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
MsgPack\UnpackException: unexpected byte 0xc1 at offset 2
-- the iterator, held by a generator (yield from), seen by the GC
int(1)
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(3)
}
int(4)
int(0)
-- an unpacker in a cycle through its ext decoder, with an error put off
bool(true)
NULL
-- registerExtension(): Closure::fromCallable() refuses what the argument check took
refused
object(MsgPack\Ext)#%d (2) {
  ["type"]=>
  int(5)
  ["data"]=>
  string(1) "x"
}
-- MessagePackUnpacker: a subclass with properties in a cycle
bool(true)
array(1) {
  ["k"]=>
  int(1)
}
NULL
-- MessagePackUnpacker::__destruct() from a __wakeup() of the value it decodes
Error: Cannot use MessagePackUnpacker while it is decoding
bool(true)
string(5) "Wakes"
-- MessagePack::unpack() of the empty string with a template that fails
Error: [msgpack] (msgpack_convert_object) Class 'NoSuchClassAnywhere' not found
