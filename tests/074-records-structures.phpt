--TEST--
MsgPack\Packer::withStructures() / MsgPack\Unpacker::withStructures(): shared structures agreed in advance, identifiers 0x40... as msgpackr's `structures` option; new ones declared after them
--FILE--
<?php
use MsgPack\{Packer, Unpacker};

$structures = [['a', 'b'], ['x']];
$value = [['a' => 1, 'b' => 2], ['x' => 3], ['c' => 4], ['c' => 5], ['x' => ['a' => 6, 'b' => 7]]];

echo "-- packing: shared ones are never declared; a new one takes the next identifier\n";
$p = (new Packer(Packer::RECORDS))->withStructures($structures);
var_dump($p instanceof Packer);
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
echo bin2hex($p->pack(['x' => 1])), "\n";

echo "-- unpacking them, and what msgpackr 2.1.3 writes with {structures, shouldShareStructure: () => false}\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures($structures);
echo json_encode($u->unpack($bytes)), "\n";
echo json_encode($u->unpack(hex2bin('954001024103d4726091a16304600541400607'))), "\n";
echo json_encode($u->unpack(hex2bin('4101'))), "\n";
echo "-- a declaration may replace a shared structure for one value only (msgpackr restores it)\n";
echo json_encode($u->unpack(hex2bin('92d4724091a17a014002'))), "\n";
echo json_encode($u->unpack(hex2bin('400102'))), "\n";
echo "-- msgpackr without shouldShareStructure writes a new shape as an undeclared shared one (42):\n";
echo "-- only a reader holding msgpackr's updated list can read it; others are told to reload it\n";
try {
    $u->unpack(hex2bin('9540010241034204420541400607'));
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}

echo "-- without withStructures, the shared ones are unknown\n";
try {
    (new Unpacker(Unpacker::RECORDS))->unpack(hex2bin('400102'));
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}

echo "-- int names, and 32 shared structures: new ones take 0x60 and on\n";
$many = [];
for ($i = 0; $i < 32; $i++) {
    $many[] = ["s$i", $i];
}
$p = (new Packer(Packer::RECORDS))->withStructures($many);
$v = [];
for ($i = 0; $i < 34; $i++) {
    $v[] = ["s$i" => 0, $i => 1];
}
$b = $p->pack($v);
echo bin2hex(substr($b, 0, 12)), " ... ", bin2hex(substr($b, -24)), "\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures($many);
var_dump($u->unpack($b) === $v);

echo "-- streams start from the shared structures\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures($structures);
$u->feed(hex2bin('400102' . 'd4724291a16305' . '4206' . '4107'));
echo json_encode($u->tryUnpack()), "\n";

echo "-- bad lists\n";
foreach ([[['a', 'a']], [['a', 1, '1']], [['a', null]], ['a'], [['k' => 'a']], ['x' => ['a']], array_fill(0, 33, ['a']), array_fill(0, 65, ['a']), array_fill(0, 8161, ['a'])] as $bad) {
    foreach ([new Packer(Packer::RECORDS), new Unpacker(Unpacker::RECORDS)] as $o) {
        try {
            $o->withStructures($bad);
            echo "accepted\n";
        } catch (ValueError $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}
echo "-- without RECORDS the structures would never be used: a ValueError (test 152)\n";
try {
    (new Packer())->withStructures($structures);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
echo "-- a stream value refused after redeclaring a shared identifier: the identifier is the shared structure\n";
echo "-- again for the decoder and the scanner alike (a regression: the decoder still took it as shared, and crashed)\n";
foreach (["92d4724092a161a162010281c001", "92d4724092a161a161010281c001"] as $first) {
    $u = (new Unpacker(Unpacker::RECORDS))->withStructures([['a', 'b']]);
    $u->feed(hex2bin($first));
    try {
        $u->tryUnpack();
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
    }
    $u->feed(hex2bin("400102"));
    echo json_encode($u->tryUnpack()), "\n";
    $u->feed(hex2bin("d4724092a178a179" . "0304" . "400506"));
    echo json_encode($u->tryUnpack()), "\n";
}
?>
--EXPECT--
-- packing: shared ones are never declared; a new one takes the next identifier
bool(true)
954001024103d4724291a16304420541400607
4101
-- unpacking them, and what msgpackr 2.1.3 writes with {structures, shouldShareStructure: () => false}
[{"a":1,"b":2},{"x":3},{"c":4},{"c":5},{"x":{"a":6,"b":7}}]
[{"a":1,"b":2},{"x":3},{"c":4},{"c":5},{"x":{"a":6,"b":7}}]
{"x":1}
-- a declaration may replace a shared structure for one value only (msgpackr restores it)
[{"z":1},{"z":2}]
{"a":1,"b":2}
-- msgpackr without shouldShareStructure writes a new shape as an undeclared shared one (42):
-- only a reader holding msgpackr's updated list can read it; others are told to reload it
MsgPack\UnpackException(6): unknown record identifier, not among the shared structures (reload them) at offset 6
-- without withStructures, the shared ones are unknown
MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
-- int names, and 32 shared structures: new ones take 0x60 and on
dc0022400001410001420001 ... 0001d4726092a3733332200001d4726192a3733333210001
bool(true)
-- streams start from the shared structures
[{"a":1,"b":2},{"c":5},{"c":6},{"x":7}]
-- bad lists
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must contain unique field names, structure 0 repeats one
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must contain unique field names, structure 0 repeats one
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must contain unique field names, structure 0 repeats one
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must contain unique field names, structure 0 repeats one
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must contain field names of type string or int, structure 0 has null
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must contain field names of type string or int, structure 0 has null
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must contain lists of field names, structure 0 is not one
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must contain lists of field names, structure 0 is not one
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must contain lists of field names, structure 0 is not one
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must contain lists of field names, structure 0 is not one
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must be a list of structures
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must be a list of structures
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must hold at most 32 structures, 33 given
accepted
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must hold at most 32 structures, 65 given
accepted
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must hold at most 32 structures, 8161 given
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must hold at most 8160 structures, 8161 given
-- without RECORDS the structures would never be used: a ValueError (test 152)
ValueError: MsgPack\Packer::withStructures() needs a packer made with MsgPack\Packer::RECORDS
-- a stream value refused after redeclaring a shared identifier: the identifier is the shared structure
-- again for the decoder and the scanner alike (a regression: the decoder still took it as shared, and crashed)
MsgPack\UnpackException(12): invalid map key of type nil at offset 12
[{"a":1,"b":2}]
[{"x":3,"y":4},{"x":5,"y":6}]
MsgPack\UnpackException(7): duplicate record field name at offset 7
[{"a":1,"b":2}]
[{"x":3,"y":4},{"x":5,"y":6}]