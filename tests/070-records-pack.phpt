--TEST--
MsgPack\Packer::RECORDS: maps and objects' public properties as msgpackr's records (ext 0x72), exact bytes; ints 64..127 as uint8; 64 structures, then plain maps
--FILE--
<?php
use MsgPack\Packer;

$p = new Packer(Packer::RECORDS);
function show(string $label, string $bytes): void { echo "$label: ", bin2hex($bytes), "\n"; }

echo "-- the bytes msgpackr 2.1.3 writes with useRecords (checked in tests/compat/cross-records.sh)\n";
// d4 72 40: structure 0x40 declared, its field list, then the first record's values inline;
// 40: a later record of it; a new key order is a new structure
show('repeated maps', $p->pack([['a' => 1, 'b' => 2], ['a' => 3, 'b' => 4], ['b' => 5, 'a' => 6]]));
show('nested, same structure', $p->pack(['a' => ['a' => ['a' => 1]]]));
show('ints 0x40-0x7f', $p->pack([63, 64, 100, 127, 128, -1, ['x' => 64]]));
show('one map', $p->pack(['id' => 7]));

echo "-- each pack() declares its structures again\n";
show('first', $p->pack(['a' => 1]));
show('second', $p->pack(['a' => 1]));
show('function', MsgPack\pack([['k' => 'v'], ['k' => 'w']], Packer::RECORDS));

echo "-- keys\n";
show('int keys', $p->pack([[1 => 'x', 7 => 'y', 'z' => 'w'], [1 => 'p', 7 => 'q', 'z' => 'r']]));
// an int key 64..127 in a field list is uint8 too: the reader reads names as values
show('int keys 64..127', $p->pack([64 => 'a', 127 => 'b', 128 => 'c']));
show('negative and big keys', $p->pack([-1 => 1, 2147483647 => 2]));   // PHP_INT_MAX of 64-bit PHP: tests 192, 193
show('str8 key', $p->pack([str_repeat('k', 40) => 1]));

echo "-- lists, empty maps, ARRAYS_AS_MAPS\n";
show('list', $p->pack([1, 2, 3]));
show('empty', $p->pack([]));
show('empty object', $p->pack(new stdClass()));
show('arrays as maps', (new Packer(Packer::RECORDS | Packer::ARRAYS_AS_MAPS))->pack([[5, 6], [7, 8]]));
show('MsgPack\Map stays a map', $p->pack([new MsgPack\Map(['a' => 1]), new MsgPack\Map(['a' => 2])]));

echo "-- objects: their public, initialized properties\n";
class Point { public int $x = 1; public int $y = 2; protected $hidden = 3; private $secret = 4; public int $unset; }
$o = new stdClass();
$o->x = 5;
$o->y = 6;
show('objects', $p->pack([new Point(), new Point(), $o, ['x' => 7, 'y' => 8]]));
show('JsonSerializable, DateTime stay theirs', $p->pack([new ArrayObject([]), new DateTimeImmutable('@64')]));

echo "-- 64 structures, then plain maps; known ones stay records\n";
$shapes = [];
for ($i = 0; $i < 66; $i++) {
    $shapes[] = ["k$i" => $i];
}
$shapes[] = ['k0' => 'again'];
$shapes[] = ['k65' => 'plain again'];
$b = $p->pack($shapes);
echo strlen($b), "\n";
echo substr_count($b, "\xd4\x72"), " declarations\n";
show('the 64th', substr($b, strpos($b, "\xd4\x72\x7f"), 10));
show('tail', substr($b, -30));

echo "-- an ext 0x72 of 1 or 2 bytes takes the ext8 form (its fixext forms would read as declarations)\n";
show('ext 0x72', $p->pack([new MsgPack\Ext(0x72, '@'), new MsgPack\Ext(0x72, 'ab'), new MsgPack\Ext(0x72, 'abcd'), new MsgPack\Ext(0x71, 'a')]));
echo "-- typed writer\n";
show('packExt(0x72, "@")', $p->packExt(0x72, '@'));
show('packExt(0x72, "@") without RECORDS', (new Packer())->packExt(0x72, '@'));
show('packInt(100)', $p->packInt(100));
show('packInt(63)', $p->packInt(63));
show('packInt(100) without RECORDS', (new Packer())->packInt(100));

echo "-- flags\n";
try {
    new Packer(Packer::RECORDS | Packer::PHP_OBJECTS);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    MsgPack\pack([], Packer::RECORDS | Packer::PHP_OBJECTS);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump(Packer::RECORDS);
?>
--EXPECT--
-- the bytes msgpackr 2.1.3 writes with useRecords (checked in tests/compat/cross-records.sh)
repeated maps: 93d4724092a161a1620102400304d4724192a162a1610506
nested, same structure: d4724091a161404001
ints 0x40-0x7f: 973fcc40cc64cc7fcc80ffd4724091a178cc40
one map: d4724091a2696407
-- each pack() declares its structures again
first: d4724091a16101
second: d4724091a16101
function: 92d4724091a16ba17640a177
-- keys
int keys: 92d47240930107a17aa178a179a17740a170a171a172
int keys 64..127: d4724093cc40cc7fcc80a161a162a163
negative and big keys: d4724092ffce7fffffff0102
str8 key: d4724091d9286b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b01
-- lists, empty maps, ARRAYS_AS_MAPS
list: 93010203
empty: 90
empty object: 80
arrays as maps: d47240920001400506400708
MsgPack\Map stays a map: 9281a1610181a16102
-- objects: their public, initialized properties
objects: 94d4724092a178a1790102400102400506400708
JsonSerializable, DateTime stay theirs: 9280d6ff00000040
-- 64 structures, then plain maps; known ones stay records
607
64 declarations
the 64th: d4727f91a36b36333f81
tail: a36b3635cc4140a5616761696e81a36b3635ab706c61696e20616761696e
-- an ext 0x72 of 1 or 2 bytes takes the ext8 form (its fixext forms would read as declarations)
ext 0x72: 94c7017240c702726162d67261626364d47161
-- typed writer
packExt(0x72, "@"): c7017240
packExt(0x72, "@") without RECORDS: d47240
packInt(100): cc64
packInt(63): 3f
packInt(100) without RECORDS: 64
-- flags
ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) cannot combine MsgPack\Packer::RECORDS and MsgPack\Packer::PHP_OBJECTS
ValueError: MsgPack\pack(): Argument #2 ($flags) cannot combine MsgPack\Packer::RECORDS and MsgPack\Packer::PHP_OBJECTS
int(32)
