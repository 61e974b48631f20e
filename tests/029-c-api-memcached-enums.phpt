--TEST--
C API: enum cases through php-memcached (php_msgpack_serialize()/php_msgpack_unserialize()): an object holding a case read twice, cases read back many times, a case the enum no longer has (PECL msgpack issues 181, 183, 186)
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
// extension first (run-tests.php would load it before ours). The server is started here, apart
// from the child's output: a child that crashes ends the test instead of leaving it waiting.
$port = 20000 + getmypid() % 20000;
$null = ['file', '/dev/null', 'w'];
$server = proc_open(['memcached', '-l', '127.0.0.1', '-p', (string) $port, '-U', '0', '-u', 'root', '-m', '16', '-c', '64'],
    [0 => ['file', '/dev/null', 'r'], 1 => $null, 2 => $null], $pipes);
$cmd = [PHP_BINARY, '-n', '-d', 'extension=' . realpath(__DIR__ . '/../modules/msgpack.so'),
    '-d', 'extension=igbinary', '-d', 'extension=memcached', __DIR__ . '/029-c-api-memcached-enums.inc', (string) $port];
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
echo stream_get_contents($pipes[1]);
proc_close($p);
proc_terminate($server);
proc_close($server);
?>
--EXPECTF--
bool(true)
-- #181: an object holding a case, stored and read twice
bool(true)
bool(true)
object(stdClass)#%d (1) {
  ["one"]=>
  enum(Random::One)
}
object(stdClass)#%d (1) {
  ["one"]=>
  enum(Random::One)
}
bool(true)
-- #183: cases read back many times, then the enum itself
200 of 200 the same case
array(5) {
  ["case1"]=>
  enum(Random::One)
  ["case2"]=>
  enum(Random::Two)
  ["case3"]=>
  enum(Random::Three)
  ["case4"]=>
  enum(Random::Four)
  ["case5"]=>
  enum(Random::Five)
}
enum(Random::Three)
NULL
array(5) {
  [0]=>
  enum(Random::One)
  [1]=>
  enum(Random::Two)
  [2]=>
  enum(Random::Three)
  [3]=>
  enum(Random::Four)
  [4]=>
  enum(Random::Five)
}
-- #186: a stored case the enum no longer has, or that names a constant
STORED: 
Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)
STORED: 
Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)
STORED: enum(TestEnum::A)
