--TEST--
float32 (ca) and float64 (cb) elements of lists, after ints and after each other, through the decoder's path for lists of numbers and its general path, written by FLOAT32, msgpack.force_f32 and by hand
--FILE--
<?php
// A list whose first element is an int or a float64 is read by a loop for numbers; a float32
// element there (and a float64 one after it) must be read as its own format, 4 or 8 bytes.
$lists = [
    'ints, then float32' => [1, 1.5, 2.25, -0.5, 3, 0.125, 7],
    'float32 first' => [1.5, 1, 2.25, 2],
    'a float32 last, fewer than 9 bytes after it' => [1, 2, 0.5],
];
foreach ($lists as $name => $list) {
    echo "-- $name\n";
    $b = (new MsgPack\Packer(MsgPack\Packer::FLOAT32))->pack($list);
    echo bin2hex($b), "\n";
    var_dump(msgpack_unpack($b) === $list, MsgPack\unpack($b) === $list);
    ini_set('msgpack.force_f32', '1');
    var_dump(msgpack_pack($list) === $b);
    ini_set('msgpack.force_f32', '0');
    $mp = new MessagePack();
    $mp->setOption(MessagePack::OPT_FORCE_F32, true);
    var_dump($mp->pack($list) === $b, $mp->unpack($b) === $list);
}

echo "-- by hand: int, float32, float64, float32, int\n";
$b = hex2bin('95' . '01' . 'ca3fc00000' . 'cb400c000000000000' . 'cabf000000' . 'cd0100');
var_dump(msgpack_unpack($b), MsgPack\unpack($b));
echo "-- float64 first, then float32 elements\n";
$b = hex2bin('94' . 'cb3ff8000000000000' . 'ca40100000' . 'ca40200000' . '05');
var_dump(msgpack_unpack($b));
echo "-- float32 values that are not exact in float32\n";
$b = (new MsgPack\Packer(MsgPack\Packer::FLOAT32))->pack([1, 0.1, 1e40, -1e-50]);
echo bin2hex($b), "\n";
var_dump(MsgPack\unpack($b));
?>
--EXPECT--
-- ints, then float32
9701ca3fc00000ca40100000cabf00000003ca3e00000007
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- float32 first
94ca3fc0000001ca4010000002
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- a float32 last, fewer than 9 bytes after it
930102ca3f000000
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- by hand: int, float32, float64, float32, int
array(5) {
  [0]=>
  int(1)
  [1]=>
  float(1.5)
  [2]=>
  float(3.5)
  [3]=>
  float(-0.5)
  [4]=>
  int(256)
}
array(5) {
  [0]=>
  int(1)
  [1]=>
  float(1.5)
  [2]=>
  float(3.5)
  [3]=>
  float(-0.5)
  [4]=>
  int(256)
}
-- float64 first, then float32 elements
array(4) {
  [0]=>
  float(1.5)
  [1]=>
  float(2.25)
  [2]=>
  float(2.5)
  [3]=>
  int(5)
}
-- float32 values that are not exact in float32
9401ca3dcccccdca7f800000ca80000000
array(4) {
  [0]=>
  int(1)
  [1]=>
  float(0.10000000149011612)
  [2]=>
  float(INF)
  [3]=>
  float(-0)
}
