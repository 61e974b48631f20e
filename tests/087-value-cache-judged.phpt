--TEST--
Value cache judged every 128 misses: late repeats still shared, rows of unique names and emails turn it off at the 256th miss, unique strings at the 128th; copies changed after unpack
--INI--
pcre.jit=0
--FILE--
<?php
// The value cache judges itself every 128 misses (judge_value_cache()): off at the 128th with
// fewer than 8 hits, off at every 256th with fewer hits than half the misses. The values are the
// same either way; what changes is which copies share one string, shown by debug_zval_dump()'s
// refcounts (a string held by N elements: refcount(N)).
function s(string $v): string {
    $n = strlen($v);
    return ($n < 32 ? chr(0xa0 | $n) : "\xd9" . chr($n)) . $v;
}
function arr(array $items): string {
    return "\xdd" . pack('N', count($items)) . implode('', array_map('s', $items));
}
// how many distinct strings hold each value: the sum of 1/refcount over its copies
function allocations(array $v): array {
    ob_start();
    debug_zval_dump($v);
    preg_match_all('/string\(\d+\) "([^"]*)" refcount\((\d+)\)/', ob_get_clean(), $m, PREG_SET_ORDER);
    $n = [];
    foreach ($m as [, $s, $rc]) {
        $n[$s] = ($n[$s] ?? 0) + 1 / $rc;
    }
    return array_map('round', $n);
}
echo "-- repeats that come late, after 240 unique strings: all shared\n";
$items = [];
for ($i = 0; $i < 10; $i++) {
    $items[] = 'en';
}
$unique = [];
for ($i = 0; $i < 240; $i++) {
    $unique[] = sprintf('logo-%03d.png', $i);
}
$items = array_merge($items, $unique, $unique);
$v = msgpack_unpack(arr($items));
var_dump($v === $items);
$a = allocations($v);
var_dump(count($a), array_sum($a), $a['en'], $a['logo-000.png'], $a['logo-239.png']);
echo "-- rows in a list: two unique strings for a repeated one; at the 256th miss every miss is sampled for the keys' verdicts, which a list has not: the cache goes off at the 512th\n";
$items = [];
for ($i = 0; $i < 300; $i++) {
    array_push($items, "name$i", "name$i@example.org", sprintf('2024-01-%02d 12:00:00', 1 + $i % 10));
}
$v = msgpack_unpack(arr($items));
var_dump($v === $items);
$a = allocations($v);
var_dump(count($a), array_sum($a), $a['2024-01-01 12:00:00'], $a['2024-01-10 12:00:00']);
echo "-- shared copies changed after unpack: the others keep their value\n";
$v[2] .= '!';
$v[5][0] = 'X';
var_dump($v[2], $v[5], $v[32], $v[35]);
echo "-- unique strings only: off at the 128th miss\n";
$items = [];
for ($i = 0; $i < 200; $i++) {
    $items[] = md5((string) $i);
}
$items = array_merge($items, $items);
$v = msgpack_unpack(arr($items));
var_dump($v === $items);
$a = allocations($v);
var_dump(count($a), array_sum($a), $a[md5('0')], $a[md5('199')]);
?>
--EXPECT--
-- repeats that come late, after 240 unique strings: all shared
bool(true)
int(241)
float(244)
float(1)
float(1)
float(1)
-- rows in a list: two unique strings for a repeated one; at the 256th miss every miss is sampled for the keys' verdicts, which a list has not: the cache goes off at the 512th
bool(true)
int(610)
float(660)
float(6)
float(6)
-- shared copies changed after unpack: the others keep their value
string(20) "2024-01-01 12:00:00!"
string(19) "X024-01-02 12:00:00"
string(19) "2024-01-01 12:00:00"
string(19) "2024-01-02 12:00:00"
-- unique strings only: off at the 128th miss
bool(true)
int(200)
float(400)
float(2)
float(2)
