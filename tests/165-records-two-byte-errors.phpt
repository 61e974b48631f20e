--TEST--
Records, two-byte identifiers: unknown identifiers (one-shot and in streams, named with their number), d5 72 declarations forged or truncated at every byte, a refused stream value forgets what it declared, limits of withStructures(), memory in proportion to the structures
--FILE--
<?php
use MsgPack\{Packer, Unpacker, UnpackException};

function lists(int $n): array
{
    return array_map(fn ($i) => ["k$i"], $n ? range(0, $n - 1) : []);
}
function show(Throwable $e): void
{
    echo get_class($e), $e instanceof UnpackException ? "(" . $e->getPosition() . ")" : "", ": ", $e->getMessage(), "\n";
}
function attempt(string $hex, ?array $structures = null): void
{
    echo "$hex: ";
    $u = new Unpacker(Unpacker::RECORDS);
    if ($structures !== null) {
        $u->withStructures($structures);
    }
    try {
        $v = $u->unpack(hex2bin($hex));
        echo "value: ", json_encode($v), "\n";
    } catch (UnpackException $e) {
        show($e);
    }
}

echo "-- a second byte naming no structure (msgpackr refuses it too: 'Record id is not defined')\n";
attempt('926000206005', lists(40));
attempt('9160fe', lists(8160));
attempt('92d572600091a16101600301');
attempt('92d572600091a161016000');
echo "-- a first byte whose slot is empty: with shared structures an unknown record, as for one byte\n";
attempt('916800', lists(40));
echo "-- a stream: the same errors, nothing consumed; reloading the list starts the stream over\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures(lists(40));
$u->feed(hex2bin('600020' . '6101' . '05'));
try {
    foreach ($u as $v) {
        echo json_encode($v), "\n";
    }
} catch (UnpackException $e) {
    show($e);
}
try {
    $u->tryUnpack();
} catch (UnpackException $e) {
    show($e);
}
echo $u->remaining(), " bytes left\n";
$u->withStructures(lists(66));
echo json_encode($u->tryUnpack()), "\n";

echo "-- forged d5 72 identifiers: a first byte outside 60-7f\n";
attempt('d572400091a16101');
attempt('d5725f0091a16101');
attempt('d572800091a16101');
attempt('d572e50191a16101');
echo "-- field lists and names of the wrong type, duplicates, as for d4 72 (at the list: offset 4)\n";
attempt('d5726000a16101');
attempt('d5726000c0');
attempt('d572600092a161c00101');
attempt('d572600092a161a1610102');
echo "-- ext 0x72 of two bytes in other forms is no declaration (a MsgPack\\Ext): ext8\n";
$v = (new Unpacker(Unpacker::RECORDS))->unpack(hex2bin('c702726000'));
echo get_class($v), " ", $v->type, " ", bin2hex($v->data), "\n";
echo "-- and RECORDS writes such an ext in that form, never d5 72\n";
echo bin2hex((new Packer(Packer::RECORDS))->packExt(0x72, "\x60\x00")), "\n";

echo "-- a d5 72 declaration and its records truncated at every byte\n";
$full = hex2bin('94d572610091a16101d572610191a16202' . '610103' . '610004');
attempt(bin2hex($full));
for ($i = 0; $i < strlen($full); $i++) {
    attempt(bin2hex(substr($full, 0, $i)));
}
echo "-- the same fed to a stream byte by byte: one value, once whole\n";
$u = new Unpacker(Unpacker::RECORDS);
$got = [];
foreach (str_split($full) as $byte) {
    $u->feed($byte);
    foreach ($u->tryUnpack() as $v) {
        $got[] = $v;
    }
}
echo json_encode($got), "\n";

echo "-- a stream value refused after declaring over shared slot 37 (one-byte, then two-byte): the shared structure is back\n";
foreach (['d4726591a16101', 'd572650091a16101', 'd572650191a16101'] as $declaration) {
    $u = (new Unpacker(Unpacker::RECORDS))->withStructures(lists(40));
    // the second declaration repeats a name: the decoder refuses the value, the stream goes on
    $u->feed(hex2bin('92' . $declaration . 'd4725e92a162a1620102' . '650025' . '6501'));
    for ($k = 0; $k < 3; $k++) {
        try {
            foreach ($u as $v) {
                echo json_encode($v), "\n";
            }
        } catch (UnpackException $e) {
            show($e);
        }
    }
}

echo "-- limits: 8160 structures (msgpackr's most)\n";
try {
    (new Unpacker(Unpacker::RECORDS))->withStructures(lists(8161));
} catch (ValueError $e) {
    show($e);
}
try {
    (new Packer(Packer::RECORDS))->withStructures(lists(8161), null, 8160);
} catch (ValueError $e) {
    show($e);
}
try {
    (new Packer(Packer::RECORDS))->withStructures(lists(33));
} catch (ValueError $e) {
    show($e);
}
foreach ([-1, 8161] as $max) {
    try {
        (new Packer(Packer::RECORDS))->withStructures([], null, $max);
    } catch (ValueError $e) {
        show($e);
    }
}
echo count((new Packer(Packer::RECORDS))->withStructures(lists(8160), null, 8160)->structures()), "\n";
echo "-- a list growing to its maxShared: past it, new key lists are the value's own\n";
$saved = [];
$p = (new Packer(Packer::RECORDS))->withStructures(lists(8159), function (array $s) use (&$saved) {
    $saved = $s;
}, 8160);
echo bin2hex($p->pack([['x' => 1], ['y' => 2]])), " ", count($saved), "\n";

echo "-- memory: the tables grow with the structures used, not to 8160 slots\n";
$list32 = lists(32);
$list40 = lists(40);
$before = memory_get_usage();
$u32 = (new Unpacker(Unpacker::RECORDS))->withStructures($list32);
$mid = memory_get_usage();
$u40 = (new Unpacker(Unpacker::RECORDS))->withStructures($list40);
$after = memory_get_usage();
// 8 structures more (two copies of each table: the shared one and the stream's): far less than
// the 64 KB of 8160 slots
var_dump(($after - $mid) - ($mid - $before) < 16384);
echo "-- a declaration of the last number a two-byte identifier names allocates little (a stream keeps it)\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('d4724090'));
$u->tryUnpack();
$base = memory_get_usage();
$u->feed(hex2bin('93d5727f0091a16101d5727fff91a16202' . '7fff03'));
echo json_encode($u->tryUnpack()), "\n";
var_dump(memory_get_usage() - $base < 8192);
?>
--EXPECT--
-- a second byte naming no structure (msgpackr refuses it too: 'Record id is not defined')
926000206005: MsgPack\UnpackException(4): unknown record identifier 0x60 0x05 (structure 192), not among the shared structures (reload them) at offset 4
9160fe: MsgPack\UnpackException(1): unknown record identifier 0x60 0xfe (structure 8160), not among the shared structures (reload them) at offset 1
92d572600091a16101600301: MsgPack\UnpackException(9): unknown record identifier 0x60 0x03 (structure 128), never declared at offset 9
92d572600091a161016000: MsgPack\InsufficientDataException(11): insufficient data at offset 11
-- a first byte whose slot is empty: with shared structures an unknown record, as for one byte
916800: MsgPack\UnpackException(1): unknown record identifier, not among the shared structures (reload them) at offset 1
-- a stream: the same errors, nothing consumed; reloading the list starts the stream over
{"k32":32}
MsgPack\UnpackException(3): unknown record identifier 0x61 0x01 (structure 65), not among the shared structures (reload them) at offset 3
MsgPack\UnpackException(3): unknown record identifier 0x61 0x01 (structure 65), not among the shared structures (reload them) at offset 3
3 bytes left
[{"k65":5}]
-- forged d5 72 identifiers: a first byte outside 60-7f
d572400091a16101: MsgPack\UnpackException(0): invalid two-byte record identifier (first byte outside 0x60-0x7f) at offset 0
d5725f0091a16101: MsgPack\UnpackException(0): invalid two-byte record identifier (first byte outside 0x60-0x7f) at offset 0
d572800091a16101: MsgPack\UnpackException(0): invalid two-byte record identifier (first byte outside 0x60-0x7f) at offset 0
d572e50191a16101: MsgPack\UnpackException(0): invalid two-byte record identifier (first byte outside 0x60-0x7f) at offset 0
-- field lists and names of the wrong type, duplicates, as for d4 72 (at the list: offset 4)
d5726000a16101: MsgPack\UnpackException(4): record field list is not an array at offset 4
d5726000c0: MsgPack\UnpackException(4): record field list is not an array at offset 4
d572600092a161c00101: MsgPack\UnpackException(7): invalid record field name (not a string or an int) at offset 7
d572600092a161a1610102: MsgPack\UnpackException(7): duplicate record field name at offset 7
-- ext 0x72 of two bytes in other forms is no declaration (a MsgPack\Ext): ext8
MsgPack\Ext 114 6000
-- and RECORDS writes such an ext in that form, never d5 72
c702726000
-- a d5 72 declaration and its records truncated at every byte
94d572610091a16101d572610191a16202610103610004: value: [{"a":1},{"b":2},{"b":3},{"a":4}]
: MsgPack\InsufficientDataException(0): insufficient data at offset 0
94: MsgPack\InsufficientDataException(1): insufficient data at offset 1
94d5: MsgPack\InsufficientDataException(1): insufficient data at offset 1
94d572: MsgPack\InsufficientDataException(1): insufficient data at offset 1
94d57261: MsgPack\InsufficientDataException(1): insufficient data at offset 1
94d5726100: MsgPack\InsufficientDataException(1): insufficient data at offset 1
94d572610091: MsgPack\InsufficientDataException(6): insufficient data at offset 6
94d572610091a1: MsgPack\InsufficientDataException(6): insufficient data at offset 6
94d572610091a161: MsgPack\InsufficientDataException(8): insufficient data at offset 8
94d572610091a16101: MsgPack\InsufficientDataException(9): insufficient data at offset 9
94d572610091a16101d5: MsgPack\InsufficientDataException(9): insufficient data at offset 9
94d572610091a16101d572: MsgPack\InsufficientDataException(9): insufficient data at offset 9
94d572610091a16101d57261: MsgPack\InsufficientDataException(9): insufficient data at offset 9
94d572610091a16101d5726101: MsgPack\InsufficientDataException(9): insufficient data at offset 9
94d572610091a16101d572610191: MsgPack\InsufficientDataException(14): insufficient data at offset 14
94d572610091a16101d572610191a1: MsgPack\InsufficientDataException(14): insufficient data at offset 14
94d572610091a16101d572610191a162: MsgPack\InsufficientDataException(16): insufficient data at offset 16
94d572610091a16101d572610191a16202: MsgPack\InsufficientDataException(17): insufficient data at offset 17
94d572610091a16101d572610191a1620261: MsgPack\InsufficientDataException(17): insufficient data at offset 17
94d572610091a16101d572610191a162026101: MsgPack\InsufficientDataException(19): insufficient data at offset 19
94d572610091a16101d572610191a16202610103: MsgPack\InsufficientDataException(20): insufficient data at offset 20
94d572610091a16101d572610191a1620261010361: MsgPack\InsufficientDataException(20): insufficient data at offset 20
94d572610091a16101d572610191a162026101036100: MsgPack\InsufficientDataException(22): insufficient data at offset 22
-- the same fed to a stream byte by byte: one value, once whole
[[{"a":1},{"b":2},{"b":3},{"a":4}]]
-- a stream value refused after declaring over shared slot 37 (one-byte, then two-byte): the shared structure is back
MsgPack\UnpackException(14): duplicate record field name at offset 14
{"k37":37}
MsgPack\UnpackException(21): unknown record identifier 0x65 0x01 (structure 69), not among the shared structures (reload them) at offset 21
MsgPack\UnpackException(21): unknown record identifier 0x65 0x01 (structure 69), not among the shared structures (reload them) at offset 21
MsgPack\UnpackException(15): duplicate record field name at offset 15
{"k37":37}
MsgPack\UnpackException(22): unknown record identifier 0x65 0x01 (structure 69), not among the shared structures (reload them) at offset 22
MsgPack\UnpackException(22): unknown record identifier 0x65 0x01 (structure 69), not among the shared structures (reload them) at offset 22
MsgPack\UnpackException(15): duplicate record field name at offset 15
{"k37":37}
MsgPack\UnpackException(22): unknown record identifier 0x65 0x01 (structure 69), not among the shared structures (reload them) at offset 22
MsgPack\UnpackException(22): unknown record identifier 0x65 0x01 (structure 69), not among the shared structures (reload them) at offset 22
-- limits: 8160 structures (msgpackr's most)
ValueError: MsgPack\Unpacker::withStructures(): Argument #1 ($structures) must hold at most 8160 structures, 8161 given
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must hold at most 8160 structures, 8161 given
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must hold at most 32 structures, 33 given
ValueError: MsgPack\Packer::withStructures(): Argument #3 ($maxShared) must be between 0 and 8160
ValueError: MsgPack\Packer::withStructures(): Argument #3 ($maxShared) must be between 0 and 8160
8160
-- a list growing to its maxShared: past it, new key lists are the value's own
927ffd01d57260fe91a17902 8160
-- memory: the tables grow with the structures used, not to 8160 slots
bool(true)
-- a declaration of the last number a two-byte identifier names allocates little (a stream keeps it)
[[{"a":1},{"b":2},{"b":3}]]
bool(true)
