--TEST--
Strings of 2 to 32 bytes copied by two overlapping moves: every length, as the last bytes of the input, in lists (value cache on and off), as map keys and as the values of maps of one shape
--EXTENSIONS--
msgpack
--FILE--
<?php
function text(int $len, int $seed): string
{
    $s = '';
    for ($i = 0; $i < $len; $i++) {
        $s .= chr(($i * 31 + $seed * 7 + 1) % 256);
    }
    return $s;
}

echo "-- each length alone, its bytes the last of the input\n";
foreach (range(0, 40) as $len) {
    $s = text($len, $len);
    $got = MsgPack\unpack(MsgPack\pack($s));
    $old = msgpack_unpack(msgpack_pack($s));
    printf("%2d %s %s\n", $len, $got === $s && $old === $s ? 'ok' : 'WRONG', bin2hex(substr($got, 0, 3) . substr($got, -3)));
}

echo "-- lists of every length, unique strings (the value cache turns off) and repeated ones\n";
$unique = [];
$repeated = [];
for ($i = 0; $i < 600; $i++) {
    $unique[] = text(2 + $i % 31, $i);
    $repeated[] = text(2 + $i % 31, $i % 5);
}
var_dump(MsgPack\unpack(MsgPack\pack($unique)) === $unique);
var_dump(MsgPack\unpack(MsgPack\pack($repeated)) === $repeated);
var_dump(msgpack_unpack(msgpack_pack($unique)) === $unique);

echo "-- keys of every length, and rows of one shape whose values have every length\n";
$map = [];
foreach (range(2, 40) as $len) {
    $map[text($len, 100 + $len)] = $len;
}
var_dump(MsgPack\unpack(MsgPack\pack($map)) === $map);
$rows = [];
for ($i = 0; $i < 300; $i++) {
    $rows[] = ['name' => text(2 + $i % 33, $i), 'code' => text(2 + ($i * 7) % 33, $i + 1), 'n' => $i];
}
var_dump(MsgPack\unpack(MsgPack\pack($rows)) === $rows);
echo bin2hex(MsgPack\unpack(MsgPack\pack($rows))[32]['name']), "\n";

echo "-- a copy changed after unpacking changes no other\n";
$list = MsgPack\unpack(MsgPack\pack([text(20, 1), text(20, 1)]));
$list[0][0] = 'X';
echo bin2hex($list[0]), "\n", bin2hex($list[1]), "\n";
?>
--EXPECT--
-- each length alone, its bytes the last of the input
 0 ok 
 1 ok 0808
 2 ok 0f2e0f2e
 3 ok 163554163554
 4 ok 1d3c5b3c5b7a
 5 ok 2443626281a0
 6 ok 2b4a6988a7c6
 7 ok 325170aecdec
 8 ok 395877d4f312
 9 ok 405f7efa1938
10 ok 476685203f5e
11 ok 4e6d8c466584
12 ok 5574936c8baa
13 ok 5c7b9a92b1d0
14 ok 6382a1b8d7f6
15 ok 6a89a8defd1c
16 ok 7190af042342
17 ok 7897b62a4968
18 ok 7f9ebd506f8e
19 ok 86a5c47695b4
20 ok 8daccb9cbbda
21 ok 94b3d2c2e100
22 ok 9bbad9e80726
23 ok a2c1e00e2d4c
24 ok a9c8e7345372
25 ok b0cfee5a7998
26 ok b7d6f5809fbe
27 ok beddfca6c5e4
28 ok c5e403cceb0a
29 ok cceb0af21130
30 ok d3f211183756
31 ok daf9183e5d7c
32 ok e1001f6483a2
33 ok e807268aa9c8
34 ok ef0e2db0cfee
35 ok f61534d6f514
36 ok fd1c3bfc1b3a
37 ok 042342224160
38 ok 0b2a49486786
39 ok 1231506e8dac
40 ok 19385794b3d2
-- lists of every length, unique strings (the value cache turns off) and repeated ones
bool(true)
bool(true)
bool(true)
-- keys of every length, and rows of one shape whose values have every length
bool(true)
bool(true)
e1001f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1e0
-- a copy changed after unpacking changes no other
5827466584a3c2e1001f3e5d7c9bbad9f8173655
0827466584a3c2e1001f3e5d7c9bbad9f8173655
