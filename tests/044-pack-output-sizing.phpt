--TEST--
Output buffer: a long outermost list sized from its progress (uniform entries, large entries first or last, ints, nested lists, memory_limit close to the output) writes the same bytes as its entries packed one by one
--INI--
memory_limit=256M
--FILE--
<?php
// Past 1 MB of output, a long outermost list grows its buffer to what the rest of the list
// should take (bytes per entry so far). The bytes must not depend on it: each list is compared
// with its array32/array16 header followed by its entries packed one by one.
function expected(array $list): string {
    $n = count($list);
    $head = $n < 16 ? chr(0x90 | $n) : ($n < 65536 ? "\xdc" . pack('n', $n) : "\xdd" . pack('N', $n));
    return $head . implode('', array_map('msgpack_pack', $list));
}
function row(int $i): array {
    return ['id' => $i, 'name' => "user$i", 'score' => $i / 7, 'ok' => $i % 3 != 0, 'tags' => ['a', $i % 5]];
}
$cases = [
    'rows' => fn () => array_map('row', range(1, 40000)),
    'large first' => fn () => array_merge([str_repeat('a', 1 << 20)], array_fill(0, 1000, str_repeat('b', 300)), range(1, 200000)),
    'large last' => fn () => array_merge(range(1, 300000), [str_repeat('z', 3 << 20)]),
    'ints' => fn () => range(-500000, 500000),
    'strings' => fn () => array_map(fn ($i) => str_repeat(chr(65 + $i % 26), $i % 300), range(1, 30000)),
    'nested' => fn () => [array_map('row', range(1, 20000)), array_map('row', range(1, 20000))],
];
foreach ($cases as $name => $make) {
    $list = $make();
    memory_reset_peak_usage();
    $before = memory_get_usage();
    $p = msgpack_pack($list);
    $peak = memory_get_peak_usage() - $before;
    $q = MsgPack\pack($list);
    printf("%s: %d bytes, %s, %s, unpacked %s, peak within 32x: %s\n", $name, strlen($p),
        $p === expected($list) ? 'same' : 'DIFFERENT', $q === $p ? 'same as MsgPack\pack' : 'MsgPack\pack DIFFERENT',
        msgpack_unpack($p) === $list ? 'equal' : 'DIFFERENT', $peak < 32 * strlen($p) + (1 << 20) ? 'yes' : "no ($peak)");
    unset($list, $p, $q);
}
// the uniform rows: the buffer is sized once, not grown to twice the output
$list = array_map('row', range(1, 60000));
memory_reset_peak_usage();
$before = memory_get_usage();
$p = msgpack_pack($list);
$peak = memory_get_peak_usage() - $before;
echo 'rows: peak below 1.25x the output: ', $peak < 1.25 * strlen($p) ? 'yes' : "no ($peak for " . strlen($p) . ')', "\n";
unset($p);
// memory_limit a little above what the output needs: the estimate stays within half of what is left
ini_set('memory_limit', (string) (memory_get_usage(true) + 10 * (1 << 20)));
$p = msgpack_pack($list);
echo strlen($p), ' ', $p === expected($list) ? 'same' : 'DIFFERENT', "\n";
--EXPECT--
rows: 1953849 bytes, same, same as MsgPack\pack, unpacked equal, peak within 32x: yes
large first: 2220134 bytes, same, same as MsgPack\pack, unpacked equal, peak within 32x: yes
large last: 4514286 bytes, same, same as MsgPack\pack, unpacked equal, peak within 32x: yes
ints: 4802858 bytes, same, same as MsgPack\pack, unpacked equal, peak within 32x: yes
strings: 4546203 bytes, same, same as MsgPack\pack, unpacked equal, peak within 32x: yes
nested: 1941983 bytes, same, same as MsgPack\pack, unpacked equal, peak within 32x: yes
rows: peak below 1.25x the output: yes
2936707 same
