--TEST--
MsgPack\Unpacker::RECORDS reads msgpackr's two-byte identifiers: shared structures past 32 (60 00 ...), d5 72 declarations, msgpackr's rule of which first byte takes a second; one-shot, streams split at every byte, typed readers
--FILE--
<?php
use MsgPack\{Packer, Unpacker, UnpackException};

function lists(int $n): array
{
    return array_map(fn ($i) => ["k$i"], $n ? range(0, $n - 1) : []);
}
function reader(?array $structures, int $flags = 0): Unpacker
{
    $u = new Unpacker(Unpacker::RECORDS | $flags);
    return $structures === null ? $u : $u->withStructures($structures);
}
// each read as msgpackr 2.1.3 reads it (tests/compat/cross-records.sh checks what both write)
function read(string $hex, ?array $structures = null, int $flags = 0): void
{
    echo $hex, " => ", json_encode(reader($structures, $flags)->unpack(hex2bin($hex))), "\n";
}

echo "-- shared structures: numbers 0-31 one byte, 32 and up two (low 5 bits in 60-7f, then the rest)\n";
read('9540005f1f600020610021' . '7f003f', lists(64));
read('936001cc406302cc637f02cc7f', lists(128));
read('944000640201607c027ffd03', lists(8160));
echo "-- a second byte 0 is the structure of the first byte's slot itself, another the number it completes\n";
read('92' . '6000' . 'a178' . '6001' . 'a179', lists(65));

echo "-- declared in the data: d5 72 <60-7f> <second>, then references in two bytes\n";
read('92d572600091a16101600002');
read('93d572610191a16101d572610091a16202610103');
read('93d5727fff91a16101d5727f0091a162027fff03');
echo "-- msgpackr's rule: a first byte reads a second only while its slot holds a two-byte structure (here none: 7f is the int)\n";
read('92d5727fff91a161017f');
echo "-- after 40 shared structures, msgpackr's own ones (d5 72 68 00 ...)\n";
read('95' . '6700' . '27' . 'd5726800' . '91a3637578' . '01' . '6800' . '02' . '5f1f' . '4000', lists(40));

echo "-- the form is the slot's: a one-byte declaration there (d4 72 60) makes 60 one byte again\n";
read('93d4726091a16101' . '6002' . '03', lists(40));
echo "-- and a two-byte declaration (d5 72 60 00) replaces the one-byte structure of its slot\n";
read('93d4726091a16101d572600091a16202600003');
echo "-- without a two-byte structure in its slot, 60-7f is a one-byte record or the int\n";
read('93d4726591a16101' . '6505' . '66');
read('93' . '6601' . '7f');
echo "-- MAPS_AS_OBJECTS: stdClass\n";
var_dump(reader(lists(33), Unpacker::MAPS_AS_OBJECTS)->unpack(hex2bin('92600020d572610091a17802')));

echo "-- the bytes this extension packs (test 163) read back; and what a packer with 100 shared writes\n";
$structures = lists(100);
$p = (new Packer(Packer::RECORDS))->withStructures($structures, null, 100);
$value = ['list' => [['k99' => 1], ['k32' => 2], ['x' => 3, 'y' => 4], ['x' => 5, 'y' => 6]], 'k64' => ['k65' => 7]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader($structures)->unpack($bytes) === $value);

echo "-- streams: feed() at every byte, tryUnpack() and foreach; declarations carry over to the next values\n";
$stream = $bytes . hex2bin('6302' . '01') . hex2bin('d572670391a17a09' . '6703' . '0a');
$expect = [$value, ['k99' => 1], ['z' => 9], ['z' => 10]];
foreach ([1, 2, 3, 5, strlen($stream)] as $chunk) {
    $u = reader($structures);
    $got = [];
    foreach (str_split($stream, $chunk) as $piece) {
        $u->feed($piece);
        foreach ($u->tryUnpack() as $v) {
            $got[] = $v;
        }
    }
    $u2 = reader($structures);
    $got2 = [];
    foreach (str_split($stream, $chunk) as $piece) {
        $u2->feed($piece);
        foreach ($u2 as $v) {
            $got2[] = $v;
        }
    }
    echo "pieces of $chunk: ", var_export($got === $expect && $got2 === $expect && $u->remaining() === 0, true), "\n";
}
echo "-- a two-byte reference cut between its bytes waits for the second\n";
$u = reader(lists(40));
$u->feed("\x92\x60");
var_dump($u->tryUnpack());
$u->feed("\x00\x20\x40\x00");
echo json_encode($u->tryUnpack()), "\n";

echo "-- typed readers: a two-byte record or a d5 72 declaration is a map\n";
$u = reader(lists(40));
$u->feed(hex2bin('600020' . '92' . '6100' . '21' . '6200' . '22' . 'd572680091a17805' . '6800' . '06' . '6700' . '27'));
foreach (['unpackInt', 'unpackExt', 'unpackArrayHeader'] as $method) {
    try {
        $u->$method();
    } catch (UnpackException $e) {
        echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
    }
}
echo json_encode($u->unpackMap()), "\n";
echo json_encode($u->unpackArray()), "\n";
try {
    $u->unpackExt();
} catch (UnpackException $e) {
    echo get_class($e), "(", $e->getPosition(), "): ", $e->getMessage(), "\n";
}
$u->skipValue(); // the declaration is decoded and dropped: 68 00 is known after it
echo json_encode($u->unpack()), "\n";
echo json_encode($u->unpackMap()), "\n";
echo $u->remaining(), " bytes left\n";
echo "-- typed readers fed a byte at a time: InsufficientDataException (nothing consumed) until the value is whole\n";
$bytes = hex2bin('92' . 'd572610191a16101' . '6101' . '02') . hex2bin('d572620091a16203');
$u = reader(lists(40));
$short = 0;
$got = [];
foreach (str_split($bytes) as $byte) {
    $u->feed($byte);
    try {
        $got[] = count($got) === 0 ? $u->unpackArray() : $u->unpackMap();
    } catch (MsgPack\InsufficientDataException $e) {
        $short++;
    }
}
echo json_encode($got), " after $short short reads, ", $u->remaining(), " bytes left\n";
?>
--EXPECT--
-- shared structures: numbers 0-31 one byte, 32 and up two (low 5 bits in 60-7f, then the rest)
9540005f1f6000206100217f003f => [{"k0":0},{"k31":31},{"k32":32},{"k33":33},{"k63":63}]
936001cc406302cc637f02cc7f => [{"k64":64},{"k99":99},{"k127":127}]
944000640201607c027ffd03 => [{"k0":0},{"k100":1},{"k4000":2},{"k8159":3}]
-- a second byte 0 is the structure of the first byte's slot itself, another the number it completes
926000a1786001a179 => [{"k32":"x"},{"k64":"y"}]
-- declared in the data: d5 72 <60-7f> <second>, then references in two bytes
92d572600091a16101600002 => [{"a":1},{"a":2}]
93d572610191a16101d572610091a16202610103 => [{"a":1},{"b":2},{"a":3}]
93d5727fff91a16101d5727f0091a162027fff03 => [{"a":1},{"b":2},{"a":3}]
-- msgpackr's rule: a first byte reads a second only while its slot holds a two-byte structure (here none: 7f is the int)
92d5727fff91a161017f => [{"a":1},127]
-- after 40 shared structures, msgpackr's own ones (d5 72 68 00 ...)
95670027d572680091a3637578016800025f1f4000 => [{"k39":39},{"cux":1},{"cux":2},{"k31":31},{"k0":0}]
-- the form is the slot's: a one-byte declaration there (d4 72 60) makes 60 one byte again
93d4726091a16101600203 => [{"a":1},{"a":2},3]
-- and a two-byte declaration (d5 72 60 00) replaces the one-byte structure of its slot
93d4726091a16101d572600091a16202600003 => [{"a":1},{"b":2},{"b":3}]
-- without a two-byte structure in its slot, 60-7f is a one-byte record or the int
93d4726591a16101650566 => [{"a":1},{"a":5},102]
9366017f => [102,1,127]
-- MAPS_AS_OBJECTS: stdClass
array(2) {
  [0]=>
  object(stdClass)#2 (1) {
    ["k32"]=>
    int(32)
  }
  [1]=>
  object(stdClass)#3 (1) {
    ["x"]=>
    int(2)
  }
}
-- the bytes this extension packs (test 163) read back; and what a packer with 100 shared writes
d572640292a46c697374a36b363494630201600002d572650292a178a179030465020506610107
bool(true)
-- streams: feed() at every byte, tryUnpack() and foreach; declarations carry over to the next values
pieces of 1: true
pieces of 2: true
pieces of 3: true
pieces of 5: true
pieces of 53: true
-- a two-byte reference cut between its bytes waits for the second
array(0) {
}
[[{"k32":32},{"k0":0}]]
-- typed readers: a two-byte record or a d5 72 declaration is a map
MsgPack\UnpackException(0): expected int, found record at offset 0
MsgPack\UnpackException(0): expected ext, found record at offset 0
MsgPack\UnpackException(0): expected array, found record at offset 0
{"k32":32}
[{"k33":33},{"k34":34}]
MsgPack\UnpackException(10): expected ext, found record at offset 10
{"x":6}
{"k39":39}
0 bytes left
-- typed readers fed a byte at a time: InsufficientDataException (nothing consumed) until the value is whole
[[{"a":1},{"a":2}],{"b":3}] after 18 short reads, 0 bytes left
