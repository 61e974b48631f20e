--TEST--
Value cache: strings that differ only in the middle (same first and last 8 bytes, same length) or in one byte of a short string each share one string per value
--INI--
pcre.jit=0
--FILE--
<?php
// The slot hash of the value cache once read the first and last 8 bytes only: dates, image
// paths and URLs of a document, which share both, all fell in one 2-way set and evicted each
// other, so that no copy was shared. debug_zval_dump() shows the sharing: refcount(N) for a
// string held by the N elements that have it.
function s(string $v): string {
    $n = strlen($v);
    return ($n < 32 ? chr(0xa0 | $n) : "\xd9" . chr($n)) . $v;
}
// A 250-byte first element brings the input past 256 bytes (shorter ones do not use the cache);
// it is dropped by un().
function arr(array $items): string {
    return "\xdc" . pack('n', count($items) + 1) . s(str_repeat('.', 250)) . implode('', array_map('s', $items));
}
function un(string $bytes): array {
    $v = msgpack_unpack($bytes);
    array_shift($v);
    return $v;
}
function refcounts(array $v): string {
    ob_start();
    debug_zval_dump($v);
    preg_match_all('/string\(\d+\) "([^"]*)" (refcount\(\d+\)|interned)/', ob_get_clean(), $m, PREG_SET_ORDER);
    $out = [];
    foreach ($m as [, $s, $rc]) {
        $out[$s] = "$s $rc";
    }
    return implode("\n", $out) . "\n";
}
echo "-- dates: 8 distinct, each 3 times, in turn\n";
$dates = [];
for ($i = 0; $i < 8; $i++) {
    $dates[] = sprintf('Sun Aug 31 00:%02d:%02d +0000 2014', 16 + $i, 6 * $i);
}
$items = array_merge($dates, $dates, $dates);
$v = un(arr($items));
var_dump($v === $items);
echo refcounts($v);
echo "-- image paths of 32 bytes (all the bytes hashed)\n";
$paths = [];
for ($i = 0; $i < 6; $i++) {
    $paths[] = '/images/UE0AAAAACEKo' . chr(ord('6') + $i) . 'QAAAAZDSVRN';
}
$items = array_merge($paths, array_reverse($paths));
$v = un(arr($items));
var_dump($v === $items);
echo refcounts($v);
echo "-- URLs of 75 bytes differing in the middle\n";
$urls = [];
for ($i = 0; $i < 5; $i++) {
    $urls[] = sprintf('http://pbs.twimg.com/profile_images/50%02d000000000000000/abcdefgh_normal.jpeg', $i * 7);
}
$items = array_merge($urls, $urls);
$v = un(arr($items));
var_dump($v === $items, strlen($urls[0]));
echo refcounts($v);
echo "-- 6- and 7-byte strings differing in one inner byte\n";
$short = [];
foreach (['ab%dxyz', 'ab%dxy', 'a%dxyzw'] as $f) {
    for ($i = 0; $i < 4; $i++) {
        $short[] = sprintf($f, $i);
    }
}
$items = array_merge($short, $short);
$v = un(arr($items));
var_dump($v === $items);
echo refcounts($v);
echo "-- a shared copy changed after unpack (copy on write): the others keep their value\n";
$v = un(arr(array_merge($dates, $dates, $dates)));
$v[0][0] = 'M';
$v[8] .= '!';
var_dump($v[0], $v[8], $v[16], $v[1] === $dates[1], $v[17] === $dates[1]);
echo refcounts($v);
?>
--EXPECT--
-- dates: 8 distinct, each 3 times, in turn
bool(true)
Sun Aug 31 00:16:00 +0000 2014 refcount(3)
Sun Aug 31 00:17:06 +0000 2014 refcount(3)
Sun Aug 31 00:18:12 +0000 2014 refcount(3)
Sun Aug 31 00:19:18 +0000 2014 refcount(3)
Sun Aug 31 00:20:24 +0000 2014 refcount(3)
Sun Aug 31 00:21:30 +0000 2014 refcount(3)
Sun Aug 31 00:22:36 +0000 2014 refcount(3)
Sun Aug 31 00:23:42 +0000 2014 refcount(3)
-- image paths of 32 bytes (all the bytes hashed)
bool(true)
/images/UE0AAAAACEKo6QAAAAZDSVRN refcount(2)
/images/UE0AAAAACEKo7QAAAAZDSVRN refcount(2)
/images/UE0AAAAACEKo8QAAAAZDSVRN refcount(2)
/images/UE0AAAAACEKo9QAAAAZDSVRN refcount(2)
/images/UE0AAAAACEKo:QAAAAZDSVRN refcount(2)
/images/UE0AAAAACEKo;QAAAAZDSVRN refcount(2)
-- URLs of 75 bytes differing in the middle
bool(true)
int(76)
http://pbs.twimg.com/profile_images/5000000000000000000/abcdefgh_normal.jpeg refcount(2)
http://pbs.twimg.com/profile_images/5007000000000000000/abcdefgh_normal.jpeg refcount(2)
http://pbs.twimg.com/profile_images/5014000000000000000/abcdefgh_normal.jpeg refcount(2)
http://pbs.twimg.com/profile_images/5021000000000000000/abcdefgh_normal.jpeg refcount(2)
http://pbs.twimg.com/profile_images/5028000000000000000/abcdefgh_normal.jpeg refcount(2)
-- 6- and 7-byte strings differing in one inner byte
bool(true)
ab0xyz refcount(2)
ab1xyz refcount(2)
ab2xyz refcount(2)
ab3xyz refcount(2)
ab0xy refcount(2)
ab1xy refcount(2)
ab2xy refcount(2)
ab3xy refcount(2)
a0xyzw refcount(2)
a1xyzw refcount(2)
a2xyzw refcount(2)
a3xyzw refcount(2)
-- a shared copy changed after unpack (copy on write): the others keep their value
string(30) "Mun Aug 31 00:16:00 +0000 2014"
string(31) "Sun Aug 31 00:16:00 +0000 2014!"
string(30) "Sun Aug 31 00:16:00 +0000 2014"
bool(true)
bool(true)
Mun Aug 31 00:16:00 +0000 2014 refcount(1)
Sun Aug 31 00:17:06 +0000 2014 refcount(3)
Sun Aug 31 00:18:12 +0000 2014 refcount(3)
Sun Aug 31 00:19:18 +0000 2014 refcount(3)
Sun Aug 31 00:20:24 +0000 2014 refcount(3)
Sun Aug 31 00:21:30 +0000 2014 refcount(3)
Sun Aug 31 00:22:36 +0000 2014 refcount(3)
Sun Aug 31 00:23:42 +0000 2014 refcount(3)
Sun Aug 31 00:16:00 +0000 2014! refcount(1)
Sun Aug 31 00:16:00 +0000 2014 refcount(1)
