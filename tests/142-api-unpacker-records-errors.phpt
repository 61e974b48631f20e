--TEST--
MsgPack\Unpacker with RECORDS: a record the scanner refuses in a value that ends short is named as such (not as nesting too deep), in one-shot and stream reads alike; skip() past 0xc1 keeps 64..127 plain ints without shared structures; d4 alone is too little to tell an ext from a declaration
--EXTENSIONS--
msgpack
--FILE--
<?php
use MsgPack\Unpacker;

function show(callable $f): void
{
    try {
        var_dump($f());
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
    }
}

echo "-- an unknown identifier inside a value that ends short\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures([['a']]);
show(fn () => $u->unpack("\x95\x41"));
$s = (new Unpacker(Unpacker::RECORDS))->withStructures([['a']]);
$s->feed("\x95\x41");
show(fn () => $s->tryUnpack());

echo "-- a declaration whose field list is no array, in a value that ends short\n";
show(fn () => MsgPack\unpack("\x95\xd4\x72\x40\x01", Unpacker::RECORDS));
$s = new Unpacker(Unpacker::RECORDS);
$s->feed("\x95\xd4\x72\x40\x01");
show(fn () => $s->tryUnpack());

echo "-- 0xc1 skipped: 0x40 is the int it is without shared structures\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed("\xc1\x40");
show(fn () => $u->unpack());
$u->skip(1);
show(fn () => $u->unpack());
echo "-- the same after a value scanned in part\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed("\x92\x01");
var_dump($u->tryUnpack());
$u->skip(2);
$u->feed("\x40");
show(fn () => $u->unpackInt());
echo "-- with shared structures it stays an unknown identifier\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures([['a']]);
$u->feed("\xc1\x42");
$u->skip(1);
show(fn () => $u->unpack());

echo "-- d4 alone: insufficient data, then the declaration read as a map\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed("\xd4");
show(fn () => $u->unpackMap());
var_dump($u->remaining());
$u->feed("\x72\x40\x91\xa1a\x01");
show(fn () => $u->unpackMap());
echo "-- without RECORDS d4 alone is an ext: the wrong type is known at once\n";
$u = new Unpacker();
$u->feed("\xd4");
show(fn () => $u->unpackMap());
?>
--EXPECT--
-- an unknown identifier inside a value that ends short
MsgPack\UnpackException(1): unknown record identifier, not among the shared structures (reload them) at offset 1
MsgPack\UnpackException(1): unknown record identifier, not among the shared structures (reload them) at offset 1
-- a declaration whose field list is no array, in a value that ends short
MsgPack\UnpackException(4): record field list is not an array at offset 4
MsgPack\UnpackException(4): record field list is not an array at offset 4
-- 0xc1 skipped: 0x40 is the int it is without shared structures
MsgPack\UnpackException(0): unexpected byte 0xc1 at offset 0
int(64)
-- the same after a value scanned in part
array(0) {
}
int(64)
-- with shared structures it stays an unknown identifier
MsgPack\UnpackException(1): unknown record identifier, not among the shared structures (reload them) at offset 1
-- d4 alone: insufficient data, then the declaration read as a map
MsgPack\InsufficientDataException(0): insufficient data at offset 0
int(1)
array(1) {
  ["a"]=>
  int(1)
}
-- without RECORDS d4 alone is an ext: the wrong type is known at once
MsgPack\UnpackException(0): expected map, found ext at offset 0
