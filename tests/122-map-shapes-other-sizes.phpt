--TEST--
Map shapes: maps with the same first key and other sizes landing in one template slot (within a value, and kept from call to call for small inputs) are read as they are, never from the template of another size
--FILE--
<?php
// A template (decode_map_shaped) is found by its first key and its size: a map of 17 entries
// whose first key lands in the slot of a 2-entry map of that key must not be filled from the
// 2-entry table (find_shape() compares the sizes; without that check this value crashed).
$big = ['id' => 1, 'b' => 2];
for ($i = 2; $i <= 16; $i++) {
    $big["k$i"] = $i;
}
$v = [str_repeat('x', 5000), [['id' => 1, 'b' => 2], $big]];
$p = msgpack_pack($v);
echo strlen($p), ' ', bin2hex(substr($p, 0, 4)), ' ', bin2hex(substr($p, 5004)), "\n";
var_dump(msgpack_unpack($p) === $v, MsgPack\unpack($p) === $v);
$u = msgpack_unpack($p);
var_dump(count($u[1][0]), count($u[1][1]), array_key_exists('k2', $u[1][0]), $u[1][1]['k16']);

// Every size from 2 to 80 with one first key, in one value, ascending then descending: 79 sizes
// in 64 slots, so that sizes share slots whatever the slot hash is, in both orders.
function sized(int $n, int $tag): array {
    $m = ['id' => $tag];
    for ($i = 1; $i < $n; $i++) {
        $m["f$i"] = $i * 3 + $tag;
    }
    return $m;
}
$maps = [str_repeat('p', 300)];
foreach ([range(2, 80), range(80, 2)] as $tag => $sizes) {
    foreach ($sizes as $n) {
        $maps[] = sized($n, $tag);
    }
}
$p = msgpack_pack($maps);
echo strlen($p), ' ', md5($p), "\n";
$ok = true;
foreach ([msgpack_unpack($p), MsgPack\unpack($p), (new MessagePack())->unpack($p)] as $u) {
    $ok = $ok && $u === $maps;
    foreach ($u as $i => $m) {
        if ($i > 0 && (array_key_exists('f' . count($m), $m) || !array_key_exists('f' . (count($m) - 1), $m))) {
            $ok = false;
        }
    }
}
var_dump($ok);

// Small inputs (under 256 bytes): the shapes are kept from call to call (a shape met twice at
// its index), found by first key and size as well. Each size twice (kept), then all sizes again
// in both orders: a kept shape of another size in the index of a map must not be used.
$sized = [];
foreach (range(2, 40) as $n) {
    $sized[$n] = msgpack_pack(sized($n, 0));
}
echo strlen($sized[40]), "\n";
$ok = true;
foreach ([range(2, 40), range(2, 40), range(40, 2), range(2, 40)] as $round) {
    foreach ($round as $n) {
        foreach ([0, 1] as $_) {
            $u = msgpack_unpack($sized[$n]);
            if ($u !== sized($n, 0) || array_key_exists("f$n", $u) || MsgPack\unpack($sized[$n]) !== sized($n, 0)) {
                echo "size $n read wrong\n";
                $ok = false;
            }
        }
    }
}
var_dump($ok);
?>
--EXPECT--
5090 92da1388 9282a2696401a16202de0011a2696401a16202a26b3202a26b3303a26b3404a26b3505a26b3606a26b3707a26b3808a26b3909a36b31300aa36b31310ba36b31320ca36b31330da36b31340ea36b31350fa36b313610
bool(true)
bool(true)
int(2)
int(17)
bool(false)
int(16)
33012 6d0069c61645f5321220f5d750c78113
bool(true)
193
bool(true)
