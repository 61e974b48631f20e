--TEST--
APCu: a value that cannot be packed is not stored (the exception or the warning reaches the caller); a value whose __wakeup() throws is not fetched
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
class Wakes { public $a = 1; public function __wakeup() { throw new RuntimeException('from __wakeup'); } }
var_dump(apcu_store('w', new Wakes));
try {
    var_dump(apcu_fetch('w'));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    var_dump(apcu_store('c', [function () {}]));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(apcu_exists('c'));
ini_set('msgpack.max_depth', '3');
var_dump(@apcu_store('d', [[[[1]]]]), error_get_last()['message'], apcu_exists('d'));
var_dump(apcu_store('ok', [[[1]]]), apcu_fetch('ok'));
?>
--EXPECT--
bool(true)
RuntimeException: from __wakeup
Exception: Serialization of 'Closure' is not allowed
bool(false)
bool(false)
string(69) "[msgpack] (php_msgpack_serialize) Maximum nesting depth of 3 exceeded"
bool(false)
bool(true)
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
