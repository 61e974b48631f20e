--TEST--
Map keys through the key cache: every cached length, keys that differ only in the middle, sets of colliding keys evicting each other, reuse across calls
--FILE--
<?php
function u(string $hex) { return msgpack_unpack(hex2bin($hex)); }

echo "-- short keys that differ in one byte (2, 3, 4, 7, 8, 9 and 16 bytes)\n";
// fixmap of 2: "ab" => 1, "ac" => 2 ; "abc" => 3, "axc" => 4 ; ...
var_dump(u('82a2616201a2616302'));
var_dump(u('82a361626303a361786304'));
var_dump(u('82a46162636405a46162786406'));
var_dump(u('82a7616263646566670aa761626378656667' . '0b'));
var_dump(u('82a86162636465666768' . '0ca861626364656678' . '68' . '0d'));
$k9 = 'abcdefghi';
$k16a = 'abcdefgh' . 'ijklmnop';
$k16b = 'abcdefgh' . 'ijklmnoq';
var_dump(msgpack_unpack(msgpack_pack([$k9 => 1, 'abcdefghX' => 2, $k16a => 3, $k16b => 4])));

echo "-- every length from 2 to 70 bytes, twice (cached, then read from the cache)\n";
$m = [];
for ($len = 2; $len <= 70; $len++) {
    $m[str_repeat('k', $len)] = $len;
    $m[str_repeat('k', $len - 1) . 'z'] = -$len;
}
$packed = msgpack_pack($m);
var_dump(strlen($packed), md5($packed));
var_dump(msgpack_unpack($packed) === $m, msgpack_unpack($packed) === $m);

echo "-- keys equal but for a middle byte land in one set; three of them take turns\n";
$long = [];
foreach (['A', 'B', 'C'] as $c) {
    $long[] = str_repeat('x', 12) . $c . str_repeat('y', 12);
}
$rows = [];
for ($i = 0; $i < 50; $i++) {
    $rows[] = [$long[0] => $i, $long[1] => $i * 2, $long[2] => $i * 3];
}
$packed = msgpack_pack($rows);
$back = msgpack_unpack($packed);
var_dump($back === $rows, array_keys($back[49]), $back[49]);

echo "-- thousands of distinct keys push each other out; values and keys stay right\n";
$big = [];
for ($i = 0; $i < 5000; $i++) {
    $big["key-$i-" . str_repeat(chr(97 + $i % 26), $i % 40)] = $i;
}
$packed = msgpack_pack($big);
for ($round = 0; $round < 3; $round++) {
    var_dump(msgpack_unpack($packed) === $big);
}

echo "-- a key kept by the caller is not changed by later calls\n";
$first = msgpack_unpack(msgpack_pack(['shared_key' => 1]));
$keys = array_keys($first);
$second = msgpack_unpack(msgpack_pack(['shared_key' => 2]));
$keys[0] .= '!';
var_dump($keys, $first, $second);
?>
--EXPECT--
-- short keys that differ in one byte (2, 3, 4, 7, 8, 9 and 16 bytes)
array(2) {
  ["ab"]=>
  int(1)
  ["ac"]=>
  int(2)
}
array(2) {
  ["abc"]=>
  int(3)
  ["axc"]=>
  int(4)
}
array(2) {
  ["abcd"]=>
  int(5)
  ["abxd"]=>
  int(6)
}
array(2) {
  ["abcdefg"]=>
  int(10)
  ["abcxefg"]=>
  int(11)
}
array(2) {
  ["abcdefgh"]=>
  int(12)
  ["abcdefxh"]=>
  int(13)
}
array(4) {
  ["abcdefghi"]=>
  int(1)
  ["abcdefghX"]=>
  int(2)
  ["abcdefghijklmnop"]=>
  int(3)
  ["abcdefghijklmnoq"]=>
  int(4)
}
-- every length from 2 to 70 bytes, twice (cached, then read from the cache)
int(5363)
string(32) "c438546dd4398c6258951a3d65caae0c"
bool(true)
bool(true)
-- keys equal but for a middle byte land in one set; three of them take turns
bool(true)
array(3) {
  [0]=>
  string(25) "xxxxxxxxxxxxAyyyyyyyyyyyy"
  [1]=>
  string(25) "xxxxxxxxxxxxByyyyyyyyyyyy"
  [2]=>
  string(25) "xxxxxxxxxxxxCyyyyyyyyyyyy"
}
array(3) {
  ["xxxxxxxxxxxxAyyyyyyyyyyyy"]=>
  int(49)
  ["xxxxxxxxxxxxByyyyyyyyyyyy"]=>
  int(98)
  ["xxxxxxxxxxxxCyyyyyyyyyyyy"]=>
  int(147)
}
-- thousands of distinct keys push each other out; values and keys stay right
bool(true)
bool(true)
bool(true)
-- a key kept by the caller is not changed by later calls
array(1) {
  [0]=>
  string(11) "shared_key!"
}
array(1) {
  ["shared_key"]=>
  int(1)
}
array(1) {
  ["shared_key"]=>
  int(2)
}
