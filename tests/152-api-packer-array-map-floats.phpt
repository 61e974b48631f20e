--TEST--
MsgPack\Packer::packArray(), packMap(), packFloat32(), packFloat64(); MsgPack\Timestamp::now(); withStructures() without RECORDS is a ValueError
--FILE--
<?php
use MsgPack\{Packer, Unpacker, Timestamp};

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo $label, ': ', is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

$p = new Packer();
echo "-- packArray(): any array as the list of its values\n";
attempt('a list', fn() => $p->packArray([1, 2, 3]));
attempt('a map', fn() => $p->packArray(['a' => 1, 'b' => 'x']));
attempt('holes', fn() => $p->packArray([3 => 'c', 1 => 'a']));
attempt('empty', fn() => $p->packArray([]));
attempt('nested maps stay maps', fn() => $p->packArray(['k' => ['a' => 1]]));
attempt('16 values (array16)', fn() => $p->packArray(array_combine(range(100, 115), range(0, 15))));
attempt('not an array', fn() => $p->packArray('x'));

echo "-- packMap(): any array as a map\n";
attempt('a list', fn() => $p->packMap(['a', 'b']));
attempt('a map', fn() => $p->packMap(['a' => 1]));
attempt('empty', fn() => $p->packMap([]));
attempt('nested lists stay lists', fn() => $p->packMap([[1, 2]]));
attempt('16 entries (map16)', fn() => $p->packMap(range(0, 15)));

echo "-- the packer's flags and registrations apply inside\n";
$q = new Packer(Packer::DETECT_BIN | Packer::FLOAT32);
$q->registerTransformer(ArrayObject::class, fn(ArrayObject $a) => $a->getArrayCopy());
attempt('packArray with DETECT_BIN, FLOAT32, a transformer', fn() => $q->packArray(['k' => "\xff", 0.5, new ArrayObject([1])]));
attempt('packMap with DETECT_BIN (keys too)', fn() => $q->packMap(["\xff" => 'é']));
$r = new Packer(Packer::RECORDS);
attempt('packMap with RECORDS (a record)', fn() => $r->packMap(['a' => 1]));
attempt('packMap of a list with RECORDS', fn() => $r->packMap([7]));
attempt('packArray with RECORDS (records inside)', fn() => $r->packArray([['a' => 1], ['a' => 2]]));
attempt('a cycle inside', fn() => (function () use ($p) { $a = [1]; $a[] = &$a; return $p->packArray(['x' => $a]); })());
ini_set('msgpack.max_depth', '2');
attempt('depth limit', fn() => $p->packArray([[[1]]]));
ini_restore('msgpack.max_depth');
attempt('round trip', fn() => MsgPack\unpack($p->packMap(['x', 'y'])));

echo "-- packFloat32(), packFloat64(): whatever the flags\n";
attempt('packFloat32(0.5)', fn() => $p->packFloat32(0.5));
attempt('packFloat32(7.99)', fn() => $p->packFloat32(7.99));
attempt('packFloat32(1e40) (inf)', fn() => $p->packFloat32(1e40));
attempt('packFloat32(NAN)', fn() => $p->packFloat32(NAN));
attempt('packFloat32(3) (an int)', fn() => $p->packFloat32(3));
attempt('packFloat64(0.5)', fn() => $p->packFloat64(0.5));
attempt('packFloat64(-0.0)', fn() => $p->packFloat64(-0.0));
attempt('packFloat64(0.5) with FLOAT32', fn() => (new Packer(Packer::FLOAT32))->packFloat64(0.5));
attempt('packFloat32("x")', fn() => $p->packFloat32("x"));

echo "-- Timestamp::now()\n";
$before = microtime(true);
$now = Timestamp::now();
$after = microtime(true);
var_dump($now instanceof Timestamp);
var_dump($now->nanoseconds >= 0 && $now->nanoseconds < 1000000000);
$t = $now->seconds + $now->nanoseconds / 1e9;
var_dump($t >= floor($before) && $t <= $after + 1);
var_dump(strlen(MsgPack\pack($now)) === 10 || strlen(MsgPack\pack($now)) === 6);
var_dump(MsgPack\unpack(MsgPack\pack($now)) == $now);
attempt('an argument', fn() => Timestamp::now(1));

echo "-- withStructures() without RECORDS\n";
attempt('Packer', fn() => (new Packer())->withStructures([['a']]));
attempt('Unpacker', fn() => (new Unpacker())->withStructures([['a']]));
attempt('Packer with RECORDS', fn() => (new Packer(Packer::RECORDS))->withStructures([['a']]) instanceof Packer);
attempt('Unpacker with RECORDS', fn() => (new Unpacker(Unpacker::RECORDS))->withStructures([['a']]) instanceof Unpacker);
?>
--EXPECT--
-- packArray(): any array as the list of its values
a list: 93010203
a map: 9201a178
holes: 92a163a161
empty: 90
nested maps stay maps: 9181a16101
16 values (array16): dc0010000102030405060708090a0b0c0d0e0f
not an array: TypeError: MsgPack\Packer::packArray(): Argument #1 ($value) must be of type array, string given
-- packMap(): any array as a map
a list: 8200a16101a162
a map: 81a16101
empty: 80
nested lists stay lists: 8100920102
16 entries (map16): de001000000101020203030404050506060707080809090a0a0b0b0c0c0d0d0e0e0f0f
-- the packer's flags and registrations apply inside
packArray with DETECT_BIN, FLOAT32, a transformer: 93c401ffca3f0000009101
packMap with DETECT_BIN (keys too): 81c401ffa2c3a9
packMap with RECORDS (a record): d4724091a16101
packMap of a list with RECORDS: d47240910007
packArray with RECORDS (records inside): 92d4724091a161014002
a cycle inside: MsgPack\PackException: an array contains itself (through a reference)
depth limit: MsgPack\PackException: the value nests deeper than msgpack.max_depth (2 levels)
round trip: array (
  0 => 'x',
  1 => 'y',
)
-- packFloat32(), packFloat64(): whatever the flags
packFloat32(0.5): ca3f000000
packFloat32(7.99): ca40ffae14
packFloat32(1e40) (inf): ca7f800000
packFloat32(NAN): ca7fc00000
packFloat32(3) (an int): ca40400000
packFloat64(0.5): cb3fe0000000000000
packFloat64(-0.0): cb8000000000000000
packFloat64(0.5) with FLOAT32: cb3fe0000000000000
packFloat32("x"): TypeError: MsgPack\Packer::packFloat32(): Argument #1 ($value) must be of type float, string given
-- Timestamp::now()
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
an argument: ArgumentCountError: MsgPack\Timestamp::now() expects exactly 0 arguments, 1 given
-- withStructures() without RECORDS
Packer: ValueError: MsgPack\Packer::withStructures() needs a packer made with MsgPack\Packer::RECORDS
Unpacker: ValueError: MsgPack\Unpacker::withStructures() needs an unpacker made with MsgPack\Unpacker::RECORDS
Packer with RECORDS: true
Unpacker with RECORDS: true
