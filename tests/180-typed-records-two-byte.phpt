--TEST--
Typed decoding reads records of msgpackr's two-byte identifiers (more than 32 shared structures, d5 72 declarations) into classes; unknown identifiers fail as in plain decoding
--FILE--
<?php
use MsgPack\{Packer, Unpacker, UnpackException};
final class Point { public int $x; public int $y; }
$lists = array_map(fn ($i) => ["f$i"], range(0, 39));
$lists[35] = ['x', 'y'];
$p = (new Packer(Packer::RECORDS))->withStructures($lists, null, 40);
$bytes = $p->pack([['x' => 1, 'y' => 2], ['x' => 3, 'y' => 4]]);
echo bin2hex($bytes), "\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures($lists);
var_dump($u->unpackAs($bytes, 'list<Point>'));
// the value's own structure, declared with d5 72 after 40 shared ones
$own = $p->pack([['y' => 5, 'x' => 6]]);
echo bin2hex($own), "\n";
var_dump($u->unpackAs($own, 'list<Point>'));
// the same declaration without shared structures: a two-byte structure of the input
var_dump(MsgPack\unpackAs(hex2bin('91d572680092a179a17805'."06"), 'list<Point>', Unpacker::RECORDS));
// a second byte naming no structure
foreach (['916305', '9163'] as $hex) {
    try {
        $u->unpackAs(hex2bin($hex), 'list<Point>');
    } catch (UnpackException $e) {
        echo get_class($e), ': ', $e->getMessage(), ' @', $e->getPosition(), ' ', $e->getPath(), "\n";
    }
}
// an identifier the shared structures lack where an int is expected
try {
    (new Unpacker(Unpacker::RECORDS))->withStructures([['a']])->unpackAs("\x91\x45", 'list<int>');
} catch (UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), ' @', $e->getPosition(), ' ', $e->getPath(), "\n";
}

--EXPECT--
926300010263000304
array(2) {
  [0]=>
  object(Point)#3 (2) {
    ["x"]=>
    int(1)
    ["y"]=>
    int(2)
  }
  [1]=>
  object(Point)#4 (2) {
    ["x"]=>
    int(3)
    ["y"]=>
    int(4)
  }
}
91d572680092a179a1780506
array(1) {
  [0]=>
  object(Point)#4 (2) {
    ["x"]=>
    int(6)
    ["y"]=>
    int(5)
  }
}
array(1) {
  [0]=>
  object(Point)#4 (2) {
    ["x"]=>
    int(6)
    ["y"]=>
    int(5)
  }
}
MsgPack\UnpackException: unknown record identifier 0x63 0x05 (structure 195), not among the shared structures (reload them) at offset 1 @1 $[0]
MsgPack\InsufficientDataException: insufficient data at offset 1 @1 $[0]
MsgPack\UnpackException: unknown record identifier, not among the shared structures (reload them) at offset 1 @1 $[0]
