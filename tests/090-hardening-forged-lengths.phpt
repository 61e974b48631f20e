--TEST--
Hardening: forged lengths and counts (0xffffffff with little data) fail at once without allocating for them
--FILE--
<?php
// under valgrind (run-tests -m) everything is much slower
$slow = getenv('USE_ZEND_ALLOC') === '0' ? 60.0 : 1.0;
$forged = [
    'str32'   => "\xdb\xff\xff\xff\xffabc",
    'bin32'   => "\xc6\xff\xff\xff\xffabc",
    'array32' => "\xdd\xff\xff\xff\xff\x01\x02\x03",
    'map32'   => "\xdf\xff\xff\xff\xff\xa1a\x01",
    'ext32'   => "\xc9\xff\xff\xff\xff\x05abc",
    'str16'   => "\xda\xff\xffabc",
    'bin16'   => "\xc5\xff\xffabc",
    'array16' => "\xdc\xff\xff\x01\x02",
    'map16'   => "\xde\xff\xff\x01\x02",
    'ext16'   => "\xc8\xff\xff\x01ab",
    'str8'    => "\xd9\xffabc",
    'ext8'    => "\xc7\xff\x01ab",
    'array in array'   => "\x92\x01\xdd\xff\xff\xff\xff\x01",
    'map as map value' => "\x81\xa1k\xdf\xff\xff\xff\xff\x01\x02",
    'str32 map key'    => "\x81\xdb\xff\xff\xff\xff\x01",
    'array32 as key'   => "\x81\xdd\xff\xff\xff\xff\x01",
    'object, forged property count' => "\xdf\xff\xff\xff\xff\xc0\xa8stdClass\xa1a\x01",
    'class name str32' => "\x82\xc0\xdb\xff\xff\xff\xffstd",
    'array32 of 2^31'  => "\xdd\x80\x00\x00\x00\xc0",
    'map32 of 2^31'    => "\xdf\x80\x00\x00\x00\xc0\xc0",
    'count = bytes + 1' => "\x93\x01\x02",
    'map count = bytes / 2 + 1' => "\x83\x01\x02\x03\x04",
];
$t0 = microtime(true);
memory_reset_peak_usage();
$base = memory_get_usage();
foreach ([true, false] as $php_only) {
    ini_set('msgpack.php_only', $php_only ? '1' : '0');
    foreach ($forged as $name => $bytes) {
        $r = $php_only ? msgpack_unpack($bytes) : @msgpack_unpack($bytes);
        if ($php_only) {
            echo str_pad($name, 32), var_export($r, true), "\n";
        } elseif ($r !== false) {
            echo "$name: not false with php_only off\n";
        }
    }
}
$growth = memory_get_peak_usage() - $base;
echo $growth < 2 * 1024 * 1024 ? "peak memory growth below 2MB\n" : "peak memory growth $growth\n";
$t = microtime(true) - $t0;
echo $t < $slow ? "fast\n" : "slow: $t s\n";

echo "-- nested containers, each declaring as many elements as bytes follow it\n";
// (checked per level only, the counts would pay for the same bytes at every level again)
foreach (["\xdd", "\xdf"] as $head) {
    $levels = 2000;
    $pad = 100000;
    $total = $levels * 5 + $pad;
    $bytes = '';
    for ($i = 0; $i < $levels; $i++) {
        $n = $total - ($i + 1) * 5;
        $bytes .= $head . pack('N', $head === "\xdd" ? $n : intdiv($n, 2));
    }
    $bytes .= str_repeat("\xc0", $pad);
    memory_reset_peak_usage();
    $base = memory_get_usage();
    var_dump(@msgpack_unpack($bytes));
    $growth = memory_get_peak_usage() - $base;
    echo $growth < 48 * strlen($bytes) ? "peak memory growth linear in the input\n" : "peak memory growth $growth for " . strlen($bytes) . " bytes\n";
}
echo "-- a forged count deep down\n";
memory_reset_peak_usage();
$base = memory_get_usage();
$bytes = str_repeat("\x91", 3000) . "\xdb\xff\xff\xff\xff";
var_dump(@msgpack_unpack($bytes));
$growth = memory_get_peak_usage() - $base;
echo $growth < 2 * 1024 * 1024 ? "peak memory growth below 2MB\n" : "peak memory growth $growth\n";
?>
--EXPECTF--

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
str32                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bin32                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
array32                         false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
map32                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
ext32                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
str16                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bin16                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
array16                         false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
map16                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
ext16                           false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
str8                            false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
ext8                            false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
array in array                  false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
map as map value                false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
str32 map key                   false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
array32 as key                  false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
object, forged property count   false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
class name str32                false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
array32 of 2^31                 false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
map32 of 2^31                   false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
count = bytes + 1               false

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
map count = bytes / 2 + 1       false
peak memory growth below 2MB
fast
-- nested containers, each declaring as many elements as bytes follow it
bool(false)
peak memory growth linear in the input
bool(false)
peak memory growth linear in the input
-- a forged count deep down
bool(false)
peak memory growth below 2MB
