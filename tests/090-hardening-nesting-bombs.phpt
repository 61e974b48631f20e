--TEST--
Hardening: nesting bombs fail quickly with the depth error, in bounded memory (4096 levels of objects take 2.2MB)
--INI--
pcre.jit=0
--FILE--
<?php
// under valgrind (run-tests -m) everything is much slower
$slow = getenv('USE_ZEND_ALLOC') === '0' ? 60.0 : 1.0;
$bombs = [
    'arrays "\x91" x 1e6'            => str_repeat("\x91", 1000000),
    'maps "\x81\xa0" x 1e6'          => str_repeat("\x81\xa0", 1000000),
    'map keys "\x81" x 1e6'          => str_repeat("\x81", 1000000),
    'nil-keyed maps "\x82\xc0" x 1e6' => str_repeat("\x82\xc0", 1000000),
    'references "\x82\xc0\x01\x01" x 1e6' => str_repeat("\x82\xc0\x01\x01", 1000000),
    'objects "\x82\xc0\xa1X\xa1p" x 1e6' => str_repeat("\x82\xc0\xa1X\xa1p", 1000000),
    'array16 "\xdc\x00\x01" x 1e6'   => str_repeat("\xdc\x00\x01", 1000000),
    'map32 "\xdf\x00\x00\x00\x01\x01" x 1e6' => str_repeat("\xdf\x00\x00\x00\x01\x01", 1000000),
    'lists of two "\x92\x01" x 1e6'  => str_repeat("\x92\x01", 1000000),
];
$errors = [];
// the level at which the C stack is full depends on the build: N
set_error_handler(function ($no, $msg) use (&$errors) { $errors[preg_replace('/level \d+/', 'level N', $msg)] = true; return true; });
foreach (['1', '0'] as $php_only) {
    ini_set('msgpack.php_only', $php_only);
    echo "php_only $php_only\n";
    foreach ($bombs as $name => $bytes) {
        $errors = [];
        memory_reset_peak_usage();
        $base = memory_get_usage();
        $t = microtime(true);
        $r = msgpack_unpack($bytes);
        $t = microtime(true) - $t;
        $growth = memory_get_peak_usage() - $base;
        printf("  %-42s %s, %s, %s, %s\n", $name, var_export($r, true), implode(' / ', array_keys($errors)),
            $t < $slow ? 'fast' : "slow ($t s)", $growth < 4 * 1024 * 1024 ? 'memory < 4MB' : "memory +$growth");
    }
}
echo "-- the exact limit: 4096 levels read, 4097 not\n";
var_dump(is_array(msgpack_unpack(str_repeat("\x91", 4096) . "\x01")));
var_dump(msgpack_unpack(str_repeat("\x91", 4097) . "\x01"));
echo implode(' / ', array_keys($errors)), "\n";
echo "-- msgpack.max_depth=0: as deep as the C stack allows, and still an error, not a crash\n";
ini_set('msgpack.max_depth', '0');
$errors = [];
var_dump(msgpack_unpack(str_repeat("\x91", 1000000)));
echo implode(' / ', array_keys($errors)), "\n";
echo "done\n";
?>
--EXPECT--
php_only 1
  arrays "\x91" x 1e6                        false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  maps "\x81\xa0" x 1e6                      false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  map keys "\x81" x 1e6                      false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  nil-keyed maps "\x82\xc0" x 1e6            false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  references "\x82\xc0\x01\x01" x 1e6        false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  objects "\x82\xc0\xa1X\xa1p" x 1e6         false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  array16 "\xdc\x00\x01" x 1e6               false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  map32 "\xdf\x00\x00\x00\x01\x01" x 1e6     false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  lists of two "\x92\x01" x 1e6              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
php_only 0
  arrays "\x91" x 1e6                        false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  maps "\x81\xa0" x 1e6                      false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  map keys "\x81" x 1e6                      false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  nil-keyed maps "\x82\xc0" x 1e6            false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  references "\x82\xc0\x01\x01" x 1e6        false, [msgpack] (msgpack_unserialize_map_item) illegal key type / [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  objects "\x82\xc0\xa1X\xa1p" x 1e6         false, [msgpack] (msgpack_unserialize_map_item) illegal key type / [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  array16 "\xdc\x00\x01" x 1e6               false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  map32 "\xdf\x00\x00\x00\x01\x01" x 1e6     false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
  lists of two "\x92\x01" x 1e6              false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded, fast, memory < 4MB
-- the exact limit: 4096 levels read, 4097 not
bool(true)
bool(false)
[msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded
-- msgpack.max_depth=0: as deep as the C stack allows, and still an error, not a crash
bool(false)
[msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
done
