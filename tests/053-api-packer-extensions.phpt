--TEST--
MsgPack\Packer: flags kept by the object, registerExtension() (class, subclasses, interfaces, order, replacement, errors)
--FILE--
<?php
use MsgPack\{Packer, Ext, Timestamp, Bin};

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo $label, ': ', is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

interface Money {}
class Euro implements Money { public function __construct(public int $cents) {} }
class Cent extends Euro {}
final class Point { public function __construct(public int $x, public int $y) {} }
class Uuid { public function __construct(public string $hex) {} }

echo "-- the flags of the constructor apply to pack()\n";
$p = new Packer(Packer::DETECT_BIN | Packer::FLOAT32);
attempt('detect + float32', fn() => $p->pack(["\xff", 'é', 0.5]));
attempt('default', fn() => (new Packer())->pack(["\xff", 0.5]));

echo "-- an extension: the encoder's string is the payload, in the shortest ext form\n";
$p = new Packer();
$p->registerExtension(Point::class, 1, fn(Point $pt) => pack('nn', $pt->x, $pt->y));
$p->registerExtension(Uuid::class, -100, fn(Uuid $u) => hex2bin($u->hex));
attempt('Point (fixext4)', fn() => $p->pack(new Point(1, 2)));
attempt('Uuid (fixext16)', fn() => $p->pack(['id' => new Uuid('00112233445566778899aabbccddeeff')]));
attempt('empty payload (ext8)', fn() => (function () {
    $q = new Packer();
    $q->registerExtension(Point::class, 127, fn() => '');
    return $q->pack(new Point(0, 0));
})());
attempt('3-byte payload (ext8)', fn() => (function () {
    $q = new Packer();
    $q->registerExtension(Point::class, -128, fn() => 'abc');
    return $q->pack(new Point(0, 0));
})());
attempt('the compatible reader reads it as MsgPack\Ext', fn() => msgpack_unpack($p->pack(new Point(1, 2))));

echo "-- subclasses and interfaces; the object's own class first, else the first registered that matches\n";
$p = new Packer();
$p->registerExtension(Money::class, 10, fn($m) => 'money');
$p->registerExtension(Euro::class, 11, fn($m) => 'euro');
attempt('Euro (own class)', fn() => $p->pack(new Euro(5)));
attempt('Cent (first match: the interface)', fn() => $p->pack(new Cent(5)));
$p->registerExtension(Cent::class, 12, fn($m) => 'cent');
attempt('Cent (own class)', fn() => $p->pack(new Cent(5)));
$p->registerExtension(Cent::class, 13, fn($m) => 'cent again');
attempt('registered again: replaced', fn() => $p->pack(new Cent(5)));
attempt('the function knows no extensions', fn() => MsgPack\pack(new Cent(5)));

echo "-- extensions come before MsgPack\\ values, DateTime and PHP_OBJECTS\n";
$p = new Packer(Packer::PHP_OBJECTS);
$p->registerExtension(DateTimeInterface::class, 20, fn($d) => $d->format('Y'));
$p->registerExtension(Bin::class, 21, fn($b) => 'B');
$p->registerExtension(Point::class, 22, fn($b) => 'P');
attempt('DateTime', fn() => $p->pack(new DateTimeImmutable('2001-01-01')));
attempt('Bin', fn() => $p->pack(new Bin('x')));
attempt('Point with PHP_OBJECTS', fn() => $p->pack([new Point(1, 1), new Point(1, 1)]));
attempt('Ext still written as itself', fn() => $p->pack(new Ext(1, 'a')));
attempt('Timestamp still written as itself', fn() => $p->pack(new Timestamp(1)));

echo "-- errors\n";
$p = new Packer();
attempt('type 128', fn() => $p->registerExtension(Point::class, 128, 'strval'));
attempt('type -129', fn() => $p->registerExtension(Point::class, -129, 'strval'));
attempt('unknown class', fn() => $p->registerExtension('No\\Such\\Klass', 1, 'strval'));
attempt('not callable', fn() => $p->registerExtension(Point::class, 1, 'no_such_function'));
$p->registerExtension(Point::class, 1, fn($pt) => $pt->x);
attempt('encoder returns an int', fn() => $p->pack(['a' => new Point(1, 2)]));
$p->registerExtension(Point::class, 1, fn($pt) => null);
attempt('encoder returns null', fn() => $p->pack(new Point(1, 2)));
$p->registerExtension(Point::class, 1, fn($pt) => throw new DomainException('no'));
attempt('encoder throws: its exception', fn() => $p->pack(new Point(1, 2)));

echo "-- the encoder may use and change the packer\n";
$p = new Packer();
$p->registerExtension(Point::class, 1, function (Point $pt) use (&$p) {
    $p->registerExtension(Point::class, 2, fn() => 'second');
    return $p->pack([$pt->x]) . $p->packInt($pt->y);
});
attempt('first', fn() => $p->pack(new Point(1, 2)));
attempt('second', fn() => $p->pack(new Point(1, 2)));

echo "-- a packer held by its own encoder is collected\n";
$p = new Packer();
$p->registerExtension(Point::class, 1, function () use ($p) { return ''; });
$w = WeakReference::create($p);
unset($p);
gc_collect_cycles();
var_dump($w->get());

echo "-- the packer cannot be cloned or serialized\n";
attempt('clone', fn() => clone new Packer());
attempt('serialize', fn() => serialize(new Packer()));
?>
--EXPECT--
-- the flags of the constructor apply to pack()
detect + float32: 93c401ffa2c3a9ca3f000000
default: 92a1ffcb3fe0000000000000
-- an extension: the encoder's string is the payload, in the shortest ext form
Point (fixext4): d60100010002
Uuid (fixext16): 81a26964d89c00112233445566778899aabbccddeeff
empty payload (ext8): c7007f
3-byte payload (ext8): c70380616263
the compatible reader reads it as MsgPack\Ext: \MsgPack\Ext::__set_state(array(
   'type' => 1,
   'data' => '' . "\0" . '' . "\0" . '',
))
-- subclasses and interfaces; the object's own class first, else the first registered that matches
Euro (own class): d60b6575726f
Cent (first match: the interface): c7050a6d6f6e6579
Cent (own class): d60c63656e74
registered again: replaced: c70a0d63656e7420616761696e
the function knows no extensions: 81a563656e747305
-- extensions come before MsgPack\ values, DateTime and PHP_OBJECTS
DateTime: d61432303031
Bin: d41542
Point with PHP_OBJECTS: 92d41650d41650
Ext still written as itself: d40161
Timestamp still written as itself: d6ff00000001
-- errors
type 128: ValueError: MsgPack\Packer::registerExtension(): Argument #2 ($type) must be between -128 and 127
type -129: ValueError: MsgPack\Packer::registerExtension(): Argument #2 ($type) must be between -128 and 127
unknown class: ValueError: MsgPack\Packer::registerExtension(): Argument #1 ($class) must be the name of an existing class or interface, "No\Such\Klass" given
not callable: TypeError: MsgPack\Packer::registerExtension(): Argument #3 ($encode) must be a valid callback, function "no_such_function" not found or invalid function name
encoder returns an int: MsgPack\PackException: the extension encoder for Point returned int, expected a string
encoder returns null: MsgPack\PackException: the extension encoder for Point returned null, expected a string
encoder throws: its exception: DomainException: no
-- the encoder may use and change the packer
first: c70301910102
second: c706027365636f6e64
-- a packer held by its own encoder is collected
NULL
-- the packer cannot be cloned or serialized
clone: Error: Trying to clone an uncloneable object of class MsgPack\Packer
serialize: Exception: Serialization of 'MsgPack\Packer' is not allowed
