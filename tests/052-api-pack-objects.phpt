--TEST--
MsgPack\pack(): objects without PHP_OBJECTS (DateTimeInterface, JsonSerializable, enums, public properties), resources, cycles; PHP_OBJECTS writes what msgpack_pack() writes
--INI--
msgpack.php_only=1
msgpack.assoc=1
--FILE--
<?php
use MsgPack\Packer;

function show(string $label, mixed $v, int $flags = 0): void {
    try {
        $hex = bin2hex(MsgPack\pack($v, $flags));
        echo $label, ': ', $hex, "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

enum Suit: string { case Hearts = 'H'; case Spades = 'S'; }
enum Level: int { case Low = 1; case High = 300; }
enum Pure { case One; }

class Point { public $x = 1; public $y = [2]; protected $hidden = 3; private $secret = 4; }
class Typed { public int $set = 5; public int $unset; public ?Point $p = null; }
class WithMagic {
    public $a = 1;
    public function __serialize(): array { return ['ignored']; }
    public function __sleep() { return []; }
}
class Json implements JsonSerializable {
    public function __construct(private mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
class Throws implements JsonSerializable {
    public function jsonSerialize(): mixed { throw new LogicException('from jsonSerialize'); }
}
class MyDate extends DateTimeImmutable {
    public function getTimestamp(): int { return 42; } // not consulted
}
class NotInitialized extends DateTime { public function __construct() {} }

echo "-- DateTimeInterface: a timestamp, the shortest of the three forms\n";
show('epoch', new DateTimeImmutable('@0'));
show('32-bit', new DateTime('@1514862245'));
show('2^32 - 1', new DateTime('@4294967295'));
show('64-bit (microseconds)', new DateTimeImmutable('2018-01-02 03:04:05.123456 UTC'));
show('64-bit (2^32 s)', new DateTimeImmutable('@4294967296'));
show('96-bit (2^34 s)', new DateTimeImmutable('@17179869184'));
show('96-bit (negative)', new DateTimeImmutable('@-1'));
show('96-bit (-0.5 s)', new DateTimeImmutable('@-0.5'));
show('time zone does not matter', new DateTime('2018-01-02 04:04:05', new DateTimeZone('Europe/Paris')));
show('subclass, own getTimestamp() ignored', new MyDate('@1514862245'));
$modified = new DateTime('@1514862245');
$modified->modify('+1 day');
show('after modify()', $modified);
show('not initialized', new NotInitialized());

echo "-- JsonSerializable: what jsonSerialize() returns\n";
show('array', new Json(['a' => 1]));
show('scalar', new Json('str'));
show('nested', new Json(new Json([new Json(1)])));
show('returns itself', new class implements JsonSerializable { public function jsonSerialize(): mixed { return $this; } });
show('throws', new Throws());

echo "-- enums: a backed enum is its value, a pure one the map of its public property\n";
show('string backed', Suit::Hearts);
show('int backed', [Level::Low, Level::High]);
show('pure', Pure::One);

echo "-- other objects: the map of their public, initialized properties\n";
show('Point', new Point());
show('typed', new Typed());
show('magic methods ignored', new WithMagic());
show('stdClass', (object) ['a' => 1, 'b' => (object) []]);
$dyn = new stdClass();
$dyn->{'0'} = 'zero';
show('numeric property name', $dyn);
show('closure', function () {});
show('generator', (function () { yield 1; })());
show('same object twice, no back-references', [$p = new Point(), $p]);

echo "-- resources and cycles are PackExceptions\n";
show('resource', ['a' => STDERR]);
$o = new stdClass();
$o->self = $o;
show('object cycle', $o);
show('object cycle, deeper', [[$o]]);
$o2 = new stdClass();
$o2->list = [1, $o2];
show('object cycle through an array', $o2);
$a = [1];
$a[] = &$a;
show('array cycle', $a);
$fp = fopen('php://memory', 'r');
fclose($fp);
show('closed resource', $fp);

echo "-- PHP_OBJECTS: the bytes of msgpack_pack() with php_only on\n";
$ref = [1];
$values = [
    'Point' => new Point(),
    'shared' => [$p, $p],
    'references' => [&$ref, &$ref],
    'enum' => [Suit::Hearts, Suit::Hearts, Pure::One],
    'DateTime' => new DateTimeImmutable('@0'),
    'stdClass' => (object) ['a' => 1],
    'magic' => new WithMagic(),
    'Json' => new Json([1]),
];
foreach ($values as $label => $v) {
    $ours = MsgPack\pack($v, Packer::PHP_OBJECTS);
    echo $label, ': ', $ours === msgpack_pack($v) ? 'same' : 'DIFFERENT', ' ', strlen($ours) > 60 ? substr(bin2hex($ours), 0, 80) . '...' : bin2hex($ours), "\n";
}
show('closure', function () {}, Packer::PHP_OBJECTS);
show('resource', STDERR, Packer::PHP_OBJECTS);
?>
--EXPECT--
-- DateTimeInterface: a timestamp, the shortest of the three forms
epoch: d6ff00000000
32-bit: d6ff5a4af6a5
2^32 - 1: d6ffffffffff
64-bit (microseconds): d7ff1d6f28005a4af6a5
64-bit (2^32 s): d7ff0000000100000000
96-bit (2^34 s): c70cff000000000000000400000000
96-bit (negative): c70cff00000000ffffffffffffffff
96-bit (-0.5 s): c70cff1dcd6500ffffffffffffffff
time zone does not matter: d6ff5a4af6a5
subclass, own getTimestamp() ignored: d6ff5a4af6a5
after modify(): d6ff5a4c4825
not initialized: Error: The DateTimeInterface object has not been correctly initialized by its constructor
-- JsonSerializable: what jsonSerialize() returns
array: 81a16101
scalar: a3737472
nested: 9101
returns itself: MsgPack\PackException: the value nests deeper than msgpack.max_depth (4096 levels)
throws: LogicException: from jsonSerialize
-- enums: a backed enum is its value, a pure one the map of its public property
string backed: a148
int backed: 9201cd012c
pure: 81a46e616d65a34f6e65
-- other objects: the map of their public, initialized properties
Point: 82a17801a1799102
typed: 82a373657405a170c0
magic methods ignored: 81a16101
stdClass: 82a16101a16280
numeric property name: 81a130a47a65726f
closure: MsgPack\PackException: an object of class Closure cannot be packed
generator: MsgPack\PackException: an object of class Generator cannot be packed
same object twice, no back-references: 9282a17801a179910282a17801a1799102
-- resources and cycles are PackExceptions
resource: MsgPack\PackException: a resource (stream) cannot be packed
object cycle: MsgPack\PackException: an object of class stdClass contains itself
object cycle, deeper: MsgPack\PackException: an object of class stdClass contains itself
object cycle through an array: MsgPack\PackException: an object of class stdClass contains itself
array cycle: MsgPack\PackException: an array contains itself (through a reference)
closed resource: MsgPack\PackException: a resource (Unknown) cannot be packed
-- PHP_OBJECTS: the bytes of msgpack_pack() with php_only on
Point: same 85c0a5506f696e74a17801a1799102a9002a0068696464656e03ad00506f696e740073656372657404
shared: same 9285c0a5506f696e74a17801a1799102a9002a0068696464656e03ad00506f696e74007365637265740482c0040002
references: same 9282c001000182c0020002
enum: same 9382c006a453756974a648656172747382c004000282c006a450757265a34f6e65
DateTime: same 82c0b14461746554696d65496d6d757461626c65c083a464617465ba313937302d30312d30312030...
stdClass: same 82c0a8737464436c617373a16101
magic: same 82c0a9576974684d61676963c091a769676e6f726564
Json: same 82c0a44a736f6ea7004a736f6e00769101
closure: MsgPack\PackException: an object of class Closure cannot be packed with PHP_OBJECTS: PHP does not allow its serialization
resource: MsgPack\PackException: a resource (stream) cannot be packed
