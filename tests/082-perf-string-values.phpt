--TEST--
Short string values through the value cache (cached_value): shared copies, lengths, collisions, the bail-out, a decode inside the decode
--FILE--
<?php
// Short string values through the value cache: copies of the same bytes share one string in a
// value; the values must be what they were, whatever their length, their form, and whatever
// runs while the value is decoded.
function s(string $v): string {
    $n = strlen($v);
    return ($n < 32 ? chr(0xa0 | $n) : ($n < 256 ? "\xd9" . chr($n) : "\xda" . pack('n', $n))) . $v;
}
function bin(string $v): string { return "\xc4" . chr(strlen($v)) . $v; }
// Inputs of 256 bytes or more: shorter ones do not use the cache (see msgpack_decoder_init()).
// The padding is a first element, dropped by un().
function arr(string ...$items): string { return "\xdc" . pack('n', count($items) + 1) . s(str_repeat('.', 260)) . implode('', $items); }
function un($v) {
    array_shift($v);
    return $v;
}
$long = str_repeat('0123456789abcdef', 64);          // 1024 bytes: the longest cached
$longer = $long . 'x';                                 // 1025: not cached
$v = un(msgpack_unpack(arr(s('en'), s('en'), bin('en'), s('fr'), s($long), s($long), s($longer), s($longer), s('ab'), s('ba'))));
var_dump(array_map('strlen', $v), $v[0], $v[2], $v[3], $v[8], $v[9], $v[4] === $long, $v[5] === $long, $v[6] === $longer);
echo "-- a copy changed: the others stay\n";
$v[0] .= '!';
$v[4][0] = 'X';
var_dump($v[0], $v[1], $v[2], substr($v[4], 0, 4), substr($v[5], 0, 4));
echo "-- strings that share their hash slot and length\n";
$items = [];
for ($i = 0; $i < 3000; $i++) {
    $items[] = s(sprintf('k%05d', $i % 1500));
}
$v = un(msgpack_unpack(arr(...$items)));
$ok = true;
foreach ($v as $i => $x) {
    $ok = $ok && $x === sprintf('k%05d', $i % 1500);
}
var_dump(count($v), $ok);
echo "-- unique strings first (the cache turns off), repeated ones after\n";
$items = [];
for ($i = 0; $i < 300; $i++) {
    $items[] = s(md5((string) $i));
}
for ($i = 0; $i < 10; $i++) {
    $items[] = s('again');
}
$v = un(msgpack_unpack(arr(...$items)));
var_dump(count($v), $v[0], $v[299], $v[300], $v[309]);
echo "-- a string value equal to a key\n";
var_dump(msgpack_unpack("\x92\x81\xa2id\xa2id\x81\xa2id\xa2id"));
echo "-- a decode inside the decode (an ext decoder calls msgpack_unpack())\n";
$u = new MsgPack\Unpacker();
$u->registerExtension(5, function (string $payload) {
    return msgpack_unpack($payload);
});
$inner = "\x93" . s('shared') . s('inner') . s('inner');
$bytes = arr(s('shared'), s('outer'), "\xc7" . chr(strlen($inner)) . "\x05" . $inner, s('shared'), s('outer'));
var_dump(un($u->unpack($bytes)));
echo "-- in the next call\n";
var_dump(un(msgpack_unpack(arr(s('shared'), s('shared')))));
echo "-- memory: 1000 copies of a 500-byte string are one string\n";
$bytes = arr(...array_fill(0, 1000, s(str_repeat('m', 500))));
$before = memory_get_usage();
$v = un(msgpack_unpack($bytes));
$used = memory_get_usage() - $before;
var_dump(count($v), $v[999] === str_repeat('m', 500), $used < 100000 ? 'shared' : "not shared: $used bytes");
?>
--EXPECT--
array(10) {
  [0]=>
  int(2)
  [1]=>
  int(2)
  [2]=>
  int(2)
  [3]=>
  int(2)
  [4]=>
  int(1024)
  [5]=>
  int(1024)
  [6]=>
  int(1025)
  [7]=>
  int(1025)
  [8]=>
  int(2)
  [9]=>
  int(2)
}
string(2) "en"
string(2) "en"
string(2) "fr"
string(2) "ab"
string(2) "ba"
bool(true)
bool(true)
bool(true)
-- a copy changed: the others stay
string(3) "en!"
string(2) "en"
string(2) "en"
string(4) "X123"
string(4) "0123"
-- strings that share their hash slot and length
int(3000)
bool(true)
-- unique strings first (the cache turns off), repeated ones after
int(310)
string(32) "cfcd208495d565ef66e7dff9f98764da"
string(32) "ef0d3930a7b6c95bd2b32ed45989c61f"
string(5) "again"
string(5) "again"
-- a string value equal to a key
array(2) {
  [0]=>
  array(1) {
    ["id"]=>
    string(2) "id"
  }
  [1]=>
  array(1) {
    ["id"]=>
    string(2) "id"
  }
}
-- a decode inside the decode (an ext decoder calls msgpack_unpack())
array(5) {
  [0]=>
  string(6) "shared"
  [1]=>
  string(5) "outer"
  [2]=>
  array(3) {
    [0]=>
    string(6) "shared"
    [1]=>
    string(5) "inner"
    [2]=>
    string(5) "inner"
  }
  [3]=>
  string(6) "shared"
  [4]=>
  string(5) "outer"
}
-- in the next call
array(2) {
  [0]=>
  string(6) "shared"
  [1]=>
  string(6) "shared"
}
-- memory: 1000 copies of a 500-byte string are one string
int(1000)
bool(true)
string(6) "shared"
