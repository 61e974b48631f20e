--TEST--
INI settings: names, PECL defaults, and each one changes behaviour
--FILE--
<?php
$expected = [
    'msgpack.error_display' => '1',
    'msgpack.php_only' => '1',
    'msgpack.assoc' => '1',
    'msgpack.illegal_key_insert' => '0',
    'msgpack.use_str8_serialization' => '1',
    'msgpack.force_f32' => '0',
    'msgpack.max_depth' => '4096',
];
$all = ini_get_all('msgpack', false);
foreach ($expected as $name => $default) {
    printf("%-32s %-6s %s\n", $name, var_export(ini_get($name), true),
        array_key_exists($name, $all) && $all[$name] === $default ? 'default ok' : 'WRONG DEFAULT');
}
var_dump(count($all));

function h($v) { return bin2hex(msgpack_pack($v)); }
function u(string $hex) { return msgpack_unpack(hex2bin($hex)); }

echo "-- msgpack.error_display\n";
var_dump(u('c1'));
var_dump(ini_set('msgpack.error_display', '0'));
var_dump(u('c1'));                 // silent, still false
var_dump(u('92'));
var_dump(u('0101'));               // extra bytes: silent, value returned
var_dump(u('81c3a161'));           // illegal key: silent
var_dump(u('c705ff0000000001'));
ini_set('msgpack.error_display', '1');

echo "-- msgpack.php_only\n";
$a = [1];
$r = [&$a, &$a];
var_dump(h($r));
ini_set('msgpack.php_only', '0');
var_dump(h($r));
var_dump(u('80'));
var_dump(u('82c0a3466f6fa16101'));  // the nil key is no class entry with php_only off
ini_set('msgpack.php_only', '1');
var_dump(u('80'));

echo "-- msgpack.assoc\n";
ini_set('msgpack.assoc', '0');
var_dump(u('81a16101'));
ini_set('msgpack.assoc', '1');
var_dump(u('81a16101'));

echo "-- msgpack.illegal_key_insert\n";
ini_set('msgpack.error_display', '0');
var_dump(u('81c3a161'));
ini_set('msgpack.illegal_key_insert', '1');
var_dump(u('81c3a161'));
ini_set('msgpack.illegal_key_insert', '0');
ini_set('msgpack.error_display', '1');

echo "-- msgpack.use_str8_serialization\n";
$s = str_repeat('s', 40);
var_dump(substr(h($s), 0, 6));
ini_set('msgpack.use_str8_serialization', '0');
var_dump(substr(h($s), 0, 6));
var_dump(substr(h(['k' => $s]), 0, 12));   // keys and values alike
ini_set('msgpack.use_str8_serialization', '1');

echo "-- msgpack.force_f32\n";
var_dump(h(0.25));
ini_set('msgpack.force_f32', '1');
var_dump(h(0.25));
var_dump(h([1.0, 2]));
ini_set('msgpack.force_f32', '0');

echo "-- msgpack.max_depth\n";
$deep = [[[[1]]]];                 // four levels of arrays
var_dump(h($deep));
ini_set('msgpack.max_depth', '3');
var_dump(msgpack_pack($deep));
var_dump(u('9191919101'));
var_dump(u('91919101'));           // three levels are allowed
ini_set('msgpack.max_depth', '4');
var_dump(h($deep));
var_dump(u('9191919101') === $deep);
ini_restore('msgpack.max_depth');
var_dump(ini_get('msgpack.max_depth'));
?>
--EXPECTF--
msgpack.error_display            '1'    default ok
msgpack.php_only                 '1'    default ok
msgpack.assoc                    '1'    default ok
msgpack.illegal_key_insert       '0'    default ok
msgpack.use_str8_serialization   '1'    default ok
msgpack.force_f32                '0'    default ok
msgpack.max_depth                '4096' default ok
int(7)
-- msgpack.error_display

Warning: [msgpack] (php_msgpack_unserialize) Parse error in %s on line %d
bool(false)
string(1) "1"
bool(false)
bool(false)
int(1)
array(1) {
  [1]=>
  string(1) "a"
}
bool(false)
-- msgpack.php_only
string(22) "9282c001000182c0020002"
string(10) "9291019101"
array(0) {
}

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(2) {
  [""]=>
  string(3) "Foo"
  ["a"]=>
  int(1)
}
object(stdClass)#%d (0) {
}
-- msgpack.assoc
object(stdClass)#%d (1) {
  ["a"]=>
  int(1)
}
array(1) {
  ["a"]=>
  int(1)
}
-- msgpack.illegal_key_insert
array(1) {
  [1]=>
  string(1) "a"
}
array(2) {
  [0]=>
  bool(true)
  [1]=>
  string(1) "a"
}
-- msgpack.use_str8_serialization
string(6) "d92873"
string(6) "da0028"
string(12) "81a16bda0028"
-- msgpack.force_f32
string(18) "cb3fd0000000000000"
string(10) "ca3e800000"
string(14) "92ca3f80000002"
-- msgpack.max_depth
string(10) "9191919101"

Warning: [msgpack] (php_msgpack_serialize) Maximum nesting depth of 3 exceeded in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded in %s on line %d
bool(false)
array(1) {
  [0]=>
  array(1) {
    [0]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
}
string(10) "9191919101"
bool(true)
string(4) "4096"
