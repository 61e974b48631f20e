--TEST--
MsgPack\Unpacker::RECORDS streaming: structures declared once per stream (msgpackr's sequential mode), values split anywhere, errors in a stream
--FILE--
<?php
use MsgPack\Unpacker;

// what msgpackr 2.1.3 writes with {sequential: true, useRecords: true} for {a:1,b:'x'}, {a:2,b:'y'},
// [{c:1},{a:3,b:'z'}], {c:2}: each structure declared once, in the first value that uses it
$stream = hex2bin('d4724092a161a16201a178' . '4002a179' . '92d4724191a163014003a17a' . '4102');

echo "-- fed whole\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed($stream);
echo json_encode($u->tryUnpack()), "\n";

echo "-- fed byte by byte, values taken as they complete\n";
$u = new Unpacker(Unpacker::RECORDS);
$got = [];
for ($i = 0; $i < strlen($stream); $i++) {
    $u->feed($stream[$i]);
    foreach ($u as $v) {
        $got[] = $i . ':' . json_encode($v);
    }
}
echo implode("\n", $got), "\n";
var_dump($u->remaining());

echo "-- every split in two\n";
$bad = 0;
for ($i = 0; $i <= strlen($stream); $i++) {
    $u = new Unpacker(Unpacker::RECORDS | Unpacker::MAPS_AS_OBJECTS);
    $u->feed(substr($stream, 0, $i));
    $a = $u->tryUnpack();
    $u->feed(substr($stream, $i));
    $all = array_merge($a, $u->tryUnpack());
    if (json_encode($all) !== '[{"a":1,"b":"x"},{"a":2,"b":"y"},[{"c":1},{"a":3,"b":"z"}],{"c":2}]') {
        $bad++;
    }
}
echo "$bad splits differ\n";

echo "-- a new unpacker knows no structure; unpack() does not touch the stream's\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('d4724091a16101'));
echo json_encode($u->tryUnpack()), "\n";
try {
    $u->unpack(hex2bin('4005'));
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}
$u->feed(hex2bin('4005'));
echo json_encode($u->tryUnpack()), "\n";

echo "-- a record before its declaration is ints, as msgpackr reads it: the stream goes on with them\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('01' . '4101' . '02'));
foreach ([1, 2] as $_) {
    try {
        echo json_encode($u->tryUnpack()), "\n";
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
    }
}
echo "-- a field list that is no array cannot be framed: the stream stops there\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('d47240a161'));
try {
    $u->tryUnpack();
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}
echo "-- a declaration refused by the decoder (duplicate names) is consumed; the stream goes on\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('d4724092a161a1610102' . '07'));
try {
    $u->tryUnpack();
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}
echo json_encode($u->tryUnpack()), "\n";
echo "-- a refused redefinition forgets the identifier, for the scanner and the decoder alike: its\n";
echo "-- bytes are ints again, never framed with one structure and read with another\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('d4724091a16101' . 'd4724092a162a1620203' . '400405' . '06' . 'd4723f92a163a1640708' . '7f0909' . '0a'));
for ($k = 0; $k < 7; $k++) {
    try {
        echo json_encode($u->tryUnpack()), "\n";
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
    }
}
echo "-- a value refused before a declaration it holds takes that identifier with it\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(hex2bin('d4724091a16101' . '9281c001d4724092a161a1620102' . '400304' . '07'));
for ($k = 0; $k < 4; $k++) {
    try {
        echo json_encode($u->tryUnpack()), "\n";
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
    }
}
echo "-- nesting too deep in a stream\n";
$u = new Unpacker(Unpacker::RECORDS, false, 2);
$u->feed(hex2bin('d4724091a161' . '404001'));
try {
    $u->tryUnpack();
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}
?>
--EXPECT--
-- fed whole
[{"a":1,"b":"x"},{"a":2,"b":"y"},[{"c":1},{"a":3,"b":"z"}],{"c":2}]
-- fed byte by byte, values taken as they complete
10:{"a":1,"b":"x"}
14:{"a":2,"b":"y"}
26:[{"c":1},{"a":3,"b":"z"}]
28:{"c":2}
int(0)
-- every split in two
0 splits differ
-- a new unpacker knows no structure; unpack() does not touch the stream's
[{"a":1}]
MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
[{"a":5}]
-- a record before its declaration is ints, as msgpackr reads it: the stream goes on with them
[1,65,1,2]
[]
-- a field list that is no array cannot be framed: the stream stops there
MsgPack\UnpackException(3): record field list is not an array at offset 3
-- a declaration refused by the decoder (duplicate names) is consumed; the stream goes on
MsgPack\UnpackException(6): duplicate record field name at offset 6
[7]
-- a refused redefinition forgets the identifier, for the scanner and the decoder alike: its
-- bytes are ints again, never framed with one structure and read with another
[{"a":1}]
MsgPack\UnpackException(13): duplicate record field name at offset 13
[64,4,5,6]
MsgPack\UnpackException(21): invalid record identifier (outside 0x40-0x7f) at offset 21
[127,9,9,10]
[]
[]
-- a value refused before a declaration it holds takes that identifier with it
[{"a":1}]
MsgPack\UnpackException(9): invalid map key of type nil at offset 9
[64,3,4,7]
[]
-- nesting too deep in a stream
MsgPack\UnpackException(7): maximum nesting depth of 2 exceeded at offset 7
