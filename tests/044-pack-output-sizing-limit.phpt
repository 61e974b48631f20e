--TEST--
Output buffer: a long list whose large entries are in the middle, then many small ones, packs under a memory_limit that the output and the input fit in (the rate of the large entries alone reserved ~3 GB for the rest, and the new block did not fit beside the old one: a fatal error, found in review)
--INI--
memory_limit=160M
--FILE--
<?php
$list = [];
for ($i = 0; $i < 200000; $i++) {
    $list[] = str_repeat('s', 20);
}
$big = str_repeat('b', 10000);
for ($i = 0; $i < 2000; $i++) {
    $list[] = $big;
}
for ($i = 0; $i < 500000; $i++) {
    $list[] = 1;
}
$p = msgpack_pack($list);
echo strlen($p), ' ', md5($p), "\n";
echo bin2hex(substr($p, 0, 8)), ' ', bin2hex(substr($p, 4400005, 8)), ' ', bin2hex(substr($p, -4)), "\n";
var_dump(MsgPack\pack($list) === $p);
?>
--EXPECT--
24706005 3180f7206357ca2da731fc791e7ca509
dd000ab630b47373 6262626262626262 01010101
bool(true)
