--TEST--
Arrays and maps: lists vs maps, key handling, container headers, nesting, references, illegal and duplicate keys
--FILE--
<?php
function h($v) { return bin2hex(msgpack_pack($v)); }
function u(string $hex) { return msgpack_unpack(hex2bin($hex)); }

echo "-- lists vs maps\n";
var_dump(h([]));
var_dump(h([1, 2, 3]));
var_dump(h([0 => 'a', 2 => 'b']));
var_dump(h([1 => 'a', 0 => 'b']));          // not in list order: a map
var_dump(h(['a' => 1, 'b' => [true, null]]));
var_dump(h([-1 => 'n', 2147483647 => 'm']));   // PHP_INT_MAX of 64-bit PHP: tests 192, 193
var_dump(h(['10' => 'x', '010' => 'y']));   // "10" is the int key 10, "010" stays a string
$l = [1, 2, 3];
unset($l[1]);
var_dump(h($l));                              // a hole: a map
var_dump(h(array_values($l)));

echo "-- map decoding\n";
var_dump(u('82a16101a1629101'));
var_dump(u('8201a16102a162'));
var_dump(u('82a23130a178a3303130a179'));   // numeric string key becomes int 10
var_dump(u('81ffc3'));
var_dump(u('81d0ffa16e'));                 // negative int key
var_dump(u('81cf8000000000000000a178'));   // uint64 key beyond PHP_INT_MAX: string key
var_dump(u('81c4026b6bc3'));               // bin key is a string key

echo "-- array16/32 and map16/32 headers\n";
foreach ([15, 16, 65535, 65536] as $n) {
    $list = range(1, $n);
    $map = array_combine(array_map(fn($i) => "k$i", $list), $list);
    $lb = msgpack_pack($list);
    $mb = msgpack_pack($map);
    printf("%6d list %-10s map %-10s round trip %s\n", $n,
        bin2hex(substr($lb, 0, $n < 16 ? 1 : ($n < 65536 ? 3 : 5))),
        bin2hex(substr($mb, 0, $n < 16 ? 1 : ($n < 65536 ? 3 : 5))),
        var_export(msgpack_unpack($lb) === $list && msgpack_unpack($mb) === $map, true));
}
var_dump(u('dc000201c0'));
var_dump(u('dd00000001c3'));
var_dump(u('de0001a16101'));
var_dump(u('df0000000101a162'));
var_dump(u('dc0000'), u('dd00000000'));

echo "-- nested\n";
$nested = ['a' => [1, [2, [3, []]]], 'b' => ['x' => ['y' => ['z' => 'deep']]], 'c' => [[], [[]]]];
var_dump(h($nested));
var_dump(u(h($nested)) === $nested);

echo "-- empty map\n";
var_dump(u('80'));                      // php_only on (default): stdClass
ini_set('msgpack.php_only', '0');
var_dump(u('80'), u('de0000'), u('df00000000'));
var_dump(u('81a16180'));
ini_set('msgpack.php_only', '1');
var_dump(u('de0000'));

echo "-- msgpack.assoc=0: maps become stdClass\n";
ini_set('msgpack.assoc', '0');
var_dump(u('82a16101a16281a163c3'));
var_dump(u('9281a16101' . '90'));      // lists stay arrays
var_dump(u('80'));
ini_set('msgpack.assoc', '1');

echo "-- references to arrays\n";
$a = ['foo'];
$x = [&$a, &$a];
var_dump(h($x));
$y = u(h($x));
var_dump($y);
$y[0][] = 'bar';                        // the two entries still share one array
var_dump(count($y[1]));
$m = ['k' => 1];
$w = ['a' => &$m, 'b' => &$m, 'c' => $m];
var_dump(h($w));
$e = [];
$z = [&$e, &$e];
var_dump(h($z));                        // an empty array is 90 even in a reference
ini_set('msgpack.php_only', '0');
var_dump(h($x));                        // references are not tagged with php_only off
ini_set('msgpack.php_only', '1');

echo "-- references to scalars are not preserved\n";
$s = 1;
$r = [&$s, &$s];
var_dump(h($r));
$back = u(h($r));
$back[0] = 2;
var_dump($back[1]);
$str = 'str';
var_dump(h(['p' => &$str, 'q' => &$str]));

echo "-- illegal key types\n";
var_dump(u('81c3a161'));               // true -> "1" -> 1
var_dump(u('82c2a161c3a162'));         // false -> ""
var_dump(u('81cb3ff8000000000000a178'));
var_dump(u('8180a161'));               // an object key: the entry is dropped
echo "-- msgpack.illegal_key_insert=1\n";
ini_set('msgpack.illegal_key_insert', '1');
var_dump(u('82a178a179c3a161'));
var_dump(u('8192010201'));
ini_set('msgpack.illegal_key_insert', '0');

echo "-- duplicate keys: the last one wins\n";
var_dump(u('83a16101a16102a16103'));
var_dump(u('8301a16101a162a131a163'));   // 1, 1 and "1" are one key
var_dump(u('8201a161019101'));
?>
--EXPECTF--
-- lists vs maps
string(2) "90"
string(8) "93010203"
string(14) "8200a16102a162"
string(14) "8201a16100a162"
string(18) "82a16101a16292c3c0"
string(22) "82ffa16ece7fffffffa16d"
string(20) "820aa178a3303130a179"
string(10) "8200010203"
string(6) "920103"
-- map decoding
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(1) {
    [0]=>
    int(1)
  }
}
array(2) {
  [1]=>
  string(1) "a"
  [2]=>
  string(1) "b"
}
array(2) {
  [10]=>
  string(1) "x"
  ["010"]=>
  string(1) "y"
}
array(1) {
  [-1]=>
  bool(true)
}
array(1) {
  [-1]=>
  string(1) "n"
}
array(1) {
  ["9223372036854775808"]=>
  string(1) "x"
}
array(1) {
  ["kk"]=>
  bool(true)
}
-- array16/32 and map16/32 headers
    15 list 9f         map 8f         round trip true
    16 list dc0010     map de0010     round trip true
 65535 list dcffff     map deffff     round trip true
 65536 list dd00010000 map df00010000 round trip true
array(2) {
  [0]=>
  int(1)
  [1]=>
  NULL
}
array(1) {
  [0]=>
  bool(true)
}
array(1) {
  ["a"]=>
  int(1)
}
array(1) {
  [1]=>
  string(1) "b"
}
array(0) {
}
array(0) {
}
-- nested
string(64) "83a16192019202920390a16281a17881a17981a17aa464656570a16392909190"
bool(true)
-- empty map
object(stdClass)#%d (0) {
}
array(0) {
}
array(0) {
}
array(0) {
}
array(1) {
  ["a"]=>
  array(0) {
  }
}
object(stdClass)#%d (0) {
}
-- msgpack.assoc=0: maps become stdClass
object(stdClass)#%d (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  object(stdClass)#%d (1) {
    ["c"]=>
    bool(true)
  }
}
array(2) {
  [0]=>
  object(stdClass)#%d (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  array(0) {
  }
}
object(stdClass)#%d (0) {
}
-- references to arrays
string(28) "9282c00100a3666f6f82c0020002"
array(2) {
  [0]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
  [1]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
}
int(2)
string(44) "83a16182c001a16b01a16282c0020002a16381a16b01"
string(14) "929082c0020002"
string(22) "9291a3666f6f91a3666f6f"
-- references to scalars are not preserved
string(6) "920101"
int(1)
string(26) "82a170a3737472a171a3737472"
-- illegal key types

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(1) {
  [1]=>
  string(1) "a"
}

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(2) {
  [""]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(1) {
  ["1.5"]=>
  string(1) "x"
}

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(0) {
}
-- msgpack.illegal_key_insert=1

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(3) {
  ["x"]=>
  string(1) "y"
  [0]=>
  bool(true)
  [1]=>
  string(1) "a"
}

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(2) {
  [0]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
  [1]=>
  int(1)
}
-- duplicate keys: the last one wins
array(1) {
  ["a"]=>
  int(3)
}
array(1) {
  [1]=>
  string(1) "c"
}
array(1) {
  [1]=>
  array(1) {
    [0]=>
    int(1)
  }
}
