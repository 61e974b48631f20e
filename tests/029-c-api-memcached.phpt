--TEST--
C API: php-memcached built with msgpack support stores and reads values through php_msgpack_serialize()/php_msgpack_unserialize()
--SKIPIF--
<?php
$ext = ini_get('extension_dir');
if (!is_file("$ext/memcached.so") || !is_file("$ext/igbinary.so")) die("skip memcached.so or igbinary.so is not in extension_dir ($ext): make test sets it to modules/; docs/install.md, Running the tests");
if (!is_executable('/usr/bin/memcached')) die('skip memcached server is not installed');
if (!is_file(__DIR__ . '/../modules/msgpack.so')) die('skip needs the built modules/msgpack.so');
// under valgrind (run-tests -m) the memcached server inherits an fd limit it refuses to start with
if (getenv('USE_ZEND_ALLOC') === '0') die('skip not under valgrind: the memcached server cannot start there');
?>
--FILE--
<?php
// memcached.so needs our symbols when it is loaded, so it runs in a child PHP that loads this
// extension first (run-tests.php would load it before ours).
$cmd = [PHP_BINARY, '-n', '-d', 'extension=' . realpath(__DIR__ . '/../modules/msgpack.so'),
    '-d', 'extension=igbinary', '-d', 'extension=memcached', __DIR__ . '/029-c-api-memcached.inc'];
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
echo stream_get_contents($pipes[1]);
proc_close($p);
?>
--EXPECT--
bool(true)
bool(true)
array(3) {
  ["a"]=>
  int(1)
  ["p"]=>
  object(Point)#2 (2) {
    ["x"]=>
    int(1)
    ["y"]=>
    array(2) {
      [0]=>
      int(2)
      [1]=>
      int(3)
    }
  }
  ["f"]=>
  float(0.25)
}
bool(false)
bool(true)
