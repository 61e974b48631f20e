--TEST--
APCu: apc.serializer=msgpack stores and fetches through this extension
--EXTENSIONS--
apcu
--SKIPIF--
<?php if (!extension_loaded('apcu')) die('skip APCu is not installed');
ob_start(); phpinfo(INFO_MODULES); if (!preg_match('/MessagePack APCu Serializer ABI => 0/', ob_get_clean())) die('skip built without APCu headers'); ?>
--INI--
apc.enable_cli=1
apc.serializer=msgpack
--FILE--
<?php
class Point { public $x = 1; public $y = 2; }
var_dump(ini_get('apc.serializer'));
$info = apcu_cache_info(true);
var_dump(apcu_store('k', ['list' => [1, 2, 3], 'obj' => new Point, 'f' => 1.5]));
var_dump(apcu_fetch('k'));
$p = new Point; $p->x = 'shared';
apcu_store('shared', [$p, $p]);
$v = apcu_fetch('shared');
var_dump($v[0] === $v[1], $v[0]->x);
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
preg_match('/MessagePack APCu Serializer ABI => (.*)/', $info, $m);
var_dump($m[1]);
// our serializer is the one in use: it warns about resources, PHP's serializer does not
apcu_store('res', ['r' => STDIN]);
var_dump(apcu_fetch('res'));
?>
--EXPECTF--
string(7) "msgpack"
bool(true)
array(3) {
  ["list"]=>
  array(3) {
    [0]=>
    int(1)
    [1]=>
    int(2)
    [2]=>
    int(3)
  }
  ["obj"]=>
  object(Point)#1 (2) {
    ["x"]=>
    int(1)
    ["y"]=>
    int(2)
  }
  ["f"]=>
  float(1.5)
}
bool(true)
string(6) "shared"
string(1) "0"

Warning: [msgpack] (php_msgpack_serialize_zval) type is unsupported, encoded as null in %s on line %d
array(1) {
  ["r"]=>
  NULL
}
