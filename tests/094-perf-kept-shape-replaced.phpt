--TEST--
Small inputs: a kept shape dropped or replaced by the maps inside a map being copied from it (run under valgrind: the copy borrows its keys)
--FILE--
<?php
// A kept shape left by a map inside a map being copied from it: the outer map's copy still
// reads the keys of the shape it was copied from (long keys, which no key cache holds).
$k1 = str_repeat('k', 70);
$k2 = str_repeat('m', 69) . '2';
$outer = fn ($inner) => [$k1 => $inner, $k2 => 3];
$a = $outer([$k1 => 1, 'zz' => 2]);
for ($i = 0; $i < 4; $i++) {
    $s = msgpack_pack($a);
    $v = msgpack_unpack($s);
    var_dump(strlen($s), $v === $a);
    unset($v);
}
var_dump(array_map(fn ($x) => is_array($x) ? array_keys($x) : $x, msgpack_unpack(msgpack_pack($a))));
// A kept shape replaced by the maps inside a map being copied from it: the outer map's shape is
// kept (second call), then two inner maps of another shape at the same place among the kept
// shapes (the same slot of shape_slot()) make theirs kept in its stead while the outer one is
// read from it (its last two keys long ones).
$k2 = str_repeat('p', 65);
$k3 = str_repeat('q', 65);
$inner = ['at' => 1, 'y' => 2];
$b = ['k1' => $inner, $k2 => $inner, $k3 => 3];
$s = msgpack_pack($b);
var_dump(strlen($s));
for ($i = 0; $i < 5; $i++) {
    $v = msgpack_unpack($s);
    var_dump($v === $b);
    unset($v);
}
var_dump(array_map(fn ($x) => is_array($x) ? array_keys($x) : $x, array_values(msgpack_unpack($s))));
?>
--EXPECT--
int(224)
bool(true)
int(224)
bool(true)
int(224)
bool(true)
int(224)
bool(true)
array(2) {
  ["kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"]=>
  array(2) {
    [0]=>
    string(70) "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"
    [1]=>
    string(2) "zz"
  }
  ["mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm2"]=>
  int(3)
}
int(155)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(3) {
  [0]=>
  array(2) {
    [0]=>
    string(2) "at"
    [1]=>
    string(1) "y"
  }
  [1]=>
  array(2) {
    [0]=>
    string(2) "at"
    [1]=>
    string(1) "y"
  }
  [2]=>
  int(3)
}
