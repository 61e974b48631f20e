--TEST--
MsgPack\Unpacker with shared structures: an identifier with no structure is an UnpackException (the writer's list grew: reload it and retry), one-shot and in a stream
--FILE--
<?php
use MsgPack\{Packer, Unpacker, UnpackException};

function show(Throwable $e): void
{
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}

$store = [['a', 'b']];
$p = (new Packer(Packer::RECORDS))->withStructures($store, function (array $s) use (&$store) {
    $store = $s;
});
$old = $store;
$bytes = $p->pack(['list' => [['a' => 1, 'b' => 2], ['c' => 3]]]);
echo bin2hex($bytes), "\n";

echo "-- a reader with the old list: told where, then reloads and retries\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures($old);
try {
    $u->unpack($bytes);
} catch (UnpackException $e) {
    show($e);
    $u->withStructures($store);
    echo json_encode($u->unpack($bytes)), "\n";
}
echo "-- the offset of the record inside the value\n";
$more = $p->pack([['a' => 1, 'b' => 2], ['e' => 3]]);
echo bin2hex($more), "\n";
try {
    $u->unpack($more);
} catch (UnpackException $e) {
    show($e);
}
echo json_encode($u->withStructures($store)->unpack($more)), "\n";

echo "-- in a stream, whole or byte by byte: the same error, nothing consumed; reloading starts the stream over\n";
foreach ([strlen($bytes), 1] as $chunk) {
    $u = (new Unpacker(Unpacker::RECORDS))->withStructures($old);
    $u->feed("\x40\x05\x06");
    foreach (str_split($bytes, $chunk) as $piece) {
        $u->feed($piece);
    }
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
    $u->withStructures($store);
    foreach ($u as $v) {
        echo json_encode($v), "\n";
    }
}

echo "-- an empty shared list makes every identifier with no structure an error\n";
try {
    (new Unpacker(Unpacker::RECORDS))->withStructures([])->unpack("\x92\x01\x7f");
} catch (UnpackException $e) {
    show($e);
}
echo "-- declared in the value: known\n";
echo json_encode((new Unpacker(Unpacker::RECORDS))->withStructures([])->unpack(hex2bin('92d4727f91a17101' . '7f02'))), "\n";
echo "-- ints 64..127 as a sharing writer writes them (uint8) read as ints\n";
echo json_encode((new Unpacker(Unpacker::RECORDS))->withStructures([])->unpack(hex2bin('92cc40cc7f'))), "\n";
echo "-- without withStructures an identifier with no structure stays the int (writers that know no records)\n";
echo json_encode((new Unpacker(Unpacker::RECORDS))->unpack("\x92\x01\x7f")), "\n";
echo json_encode(MsgPack\unpack("\x92\x01\x7f", Unpacker::RECORDS)), "\n";
?>
--EXPECT--
41924001024203
-- a reader with the old list: told where, then reloads and retries
MsgPack\UnpackException(0): unknown record identifier, not among the shared structures (reload them) at offset 0
{"list":[{"a":1,"b":2},{"c":3}]}
-- the offset of the record inside the value
924001024303
MsgPack\UnpackException(4): unknown record identifier, not among the shared structures (reload them) at offset 4
[{"a":1,"b":2},{"e":3}]
-- in a stream, whole or byte by byte: the same error, nothing consumed; reloading starts the stream over
{"a":5,"b":6}
MsgPack\UnpackException(3): unknown record identifier, not among the shared structures (reload them) at offset 3
MsgPack\UnpackException(3): unknown record identifier, not among the shared structures (reload them) at offset 3
7 bytes left
{"list":[{"a":1,"b":2},{"c":3}]}
{"a":5,"b":6}
MsgPack\UnpackException(3): unknown record identifier, not among the shared structures (reload them) at offset 3
MsgPack\UnpackException(3): unknown record identifier, not among the shared structures (reload them) at offset 3
7 bytes left
{"list":[{"a":1,"b":2},{"c":3}]}
-- an empty shared list makes every identifier with no structure an error
MsgPack\UnpackException(2): unknown record identifier, not among the shared structures (reload them) at offset 2
-- declared in the value: known
[{"q":1},{"q":2}]
-- ints 64..127 as a sharing writer writes them (uint8) read as ints
[64,127]
-- without withStructures an identifier with no structure stays the int (writers that know no records)
[1,127]
[1,127]
