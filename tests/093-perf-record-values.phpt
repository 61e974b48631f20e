--TEST--
Records: values read as those of a map of a known shape, a nested record, an int in the identifier range, input cut short (int values beyond 32 bits: tests 192, 193)
--FILE--
<?php
// Records: the values of a record are read as those of a map of a known shape (fixstr, nil,
// bools and ints of up to 32 bits in the loop, the others by the general decoder; 0x40-0x7f
// may name a structure).
$values = [null, false, true, 0, 63, 64, 127, 128, 65536, 2147483647, -1, -32, -33, -2147483647,
    '', 'a', str_repeat('s', 31), str_repeat('t', 32), 1.5, [1, 2], ['k' => 'v']];
$rows = [];
foreach ($values as $i => $v) {
    $rows[] = ['key' => $i, 'value' => $v];
}
$s = MsgPack\pack($rows, MsgPack\Packer::RECORDS);
echo bin2hex($s), "\n";
$u = MsgPack\unpack($s, MsgPack\Unpacker::RECORDS);
var_dump($u === $rows);
foreach ($u as $row) {
    echo $row['key'], ': ', var_export($row['value'], true), "\n";
}
// a record whose value is a record of another structure (0x41 names it) and one whose value is
// 0x42, no structure (the int 66)
$nested = [['key' => 1, 'value' => 'x'], ['key' => 2, 'value' => ['p' => 1, 'q' => 2]],
    ['key' => 3, 'value' => ['p' => 3, 'q' => 4]], ['key' => 4, 'value' => 66]];
$s = MsgPack\pack($nested, MsgPack\Packer::RECORDS);
echo bin2hex($s), "\n";
var_dump(MsgPack\unpack($s, MsgPack\Unpacker::RECORDS) === $nested);
// cut short in the last record's second value
$s = MsgPack\pack([['key' => 1, 'value' => 'v'], ['key' => 2, 'value' => 'vw']], MsgPack\Packer::RECORDS);
for ($cut = 1; $cut <= 3; $cut++) {
    try {
        var_dump(MsgPack\unpack(substr($s, 0, -$cut), MsgPack\Unpacker::RECORDS));
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
dc0015d4724092a36b6579a576616c756500c04001c24002c340030040043f4005cc404006cc7f4007cc804008ce000100004009ce7fffffff400aff400be0400cd0df400dd280000001400ea0400fa1614010bf737373737373737373737373737373737373737373737373737373737373734011d92074747474747474747474747474747474747474747474747474747474747474744012cb3ff800000000000040139201024014d4724191a16ba176
bool(true)
0: NULL
1: false
2: true
3: 0
4: 63
5: 64
6: 127
7: 128
8: 65536
9: 2147483647
10: -1
11: -32
12: -33
13: -2147483647
14: ''
15: 'a'
16: 'sssssssssssssssssssssssssssssss'
17: 'tttttttttttttttttttttttttttttttt'
18: 1.5
19: array (
  0 => 1,
  1 => 2,
)
20: array (
  'k' => 'v',
)
94d4724092a36b6579a576616c756501a1784002d4724192a170a171010240034103044004cc42
bool(true)
MsgPack\InsufficientDataException: insufficient data at offset 20
MsgPack\InsufficientDataException: insufficient data at offset 20
MsgPack\InsufficientDataException: insufficient data at offset 20
