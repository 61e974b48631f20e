--TEST--
Output buffer: small outputs built on the stack and allocated at their exact size, outputs across that boundary, packing again from __serialize() while packing
--FILE--
<?php
// Small outputs are built in a buffer on the stack and copied out at their exact size; a larger
// one moves to the heap on the way. Outputs around that boundary (1023 bytes), and packing
// called again from user code while a value is being packed.
function str_item(string $s): string {
    // the encoding written by hand: fixstr, str8, str16, str32
    $n = strlen($s);
    return ($n < 32 ? chr(0xa0 | $n) : ($n < 256 ? "\xd9" . chr($n) : ($n < 65536 ? "\xda" . pack('n', $n) : "\xdb" . pack('N', $n)))) . $s;
}
foreach ([1018, 1019, 1020, 1021, 1022, 1023, 1024, 4070, 4071, 4072, 70000] as $total) {
    // a string alone: 3 bytes of header (str16) from 256 bytes on
    $s = str_repeat('s', $total - ($total > 65540 ? 5 : 3));
    $p = msgpack_pack($s);
    echo $total, ': ', strlen($p), ' ', $p === str_item($s) ? 'same' : 'DIFFERENT', ' ', bin2hex(substr($p, 0, 6)), "\n";
}
// an array crossing the boundary inside its last item: 3 bytes of array16 header, 15 str8
// items of 66 bytes, then one fixstr of 27 to 32 bytes
foreach ([26, 27, 28, 29, 30, 31] as $last) {
    $items = array_fill(0, 15, str_repeat('a', 64));
    $items[] = str_repeat('z', $last);
    $p = msgpack_pack($items);
    $expected = "\xdc" . pack('n', 16) . implode('', array_map('str_item', $items));
    echo 'array of ', strlen($p), ' bytes: ', $p === $expected ? 'same' : 'DIFFERENT', "\n";
    var_dump(msgpack_unpack($p) === $items);
}
class Nested {
    public $inner = [1, 2, 3];
    function __serialize(): array {
        // packing again while the outer value is being packed: a buffer of its own
        return ['packed' => msgpack_pack($this->inner), 'ns' => MsgPack\pack(str_repeat('n', 2000)), 'big' => str_repeat('b', 1500)];
    }
    function __unserialize(array $data): void { $this->inner = $data; }
}
$p = msgpack_pack([new Nested, 'after']);
echo strlen($p), ' ', bin2hex(substr($p, 0, 40)), ' ', bin2hex(substr($p, -8)), "\n";
$v = msgpack_unpack($p);
echo bin2hex($v[0]->inner['packed']), ' ', strlen($v[0]->inner['ns']), ' ', strlen($v[0]->inner['big']), ' ', $v[1], "\n";
$m = new MessagePack();
echo bin2hex($m->pack(['a' => 1])), ' ', strlen($m->pack(str_repeat('x', 5000))), "\n";
echo bin2hex(MsgPack\pack('')), ' ', bin2hex(msgpack_pack([])), ' ', bin2hex(msgpack_pack(null)), "\n";
// records write their heads and their ints 64..127 through the same buffer: across the boundary
// at every offset (a regression: they appended with smart_str, which reallocated the stack buffer)
use MsgPack\{Packer, Unpacker};
$bad = 0;
for ($n = 505; $n <= 515; $n++) {
    $ints = array_fill(0, $n, 100);                  // cc 64 each
    $p = MsgPack\pack($ints, Packer::RECORDS);
    $bad += $p !== "\xdc" . pack('n', $n) . str_repeat("\xcc\x64", $n);
    $maps = array_map(fn ($i) => ["k$i" => 1], range(1, $n >> 2));  // a declaration each
    $p = MsgPack\pack($maps, Packer::RECORDS);
    $bad += MsgPack\unpack($p, Unpacker::RECORDS) !== $maps;
    $ext = array_fill(0, $n >> 1, new MsgPack\Ext(0x72, "\x01"));  // ext8, 4 bytes each
    $p = MsgPack\pack($ext, Packer::RECORDS);
    $bad += $p !== "\xdc" . pack('n', $n >> 1) . str_repeat("\xc7\x01\x72\x01", $n >> 1);
}
echo "records across the boundary: $bad wrong\n";
// an error leaves nothing behind: a resource warns and packs as nil, too deep is false
$f = fopen('php://memory', 'r');
echo bin2hex(@msgpack_pack([$f])), "\n";
ini_set('msgpack.max_depth', 3);
var_dump(@msgpack_pack([[[[1]]]]));
?>
--EXPECT--
1018: 1018 same da03f7737373
1019: 1019 same da03f8737373
1020: 1020 same da03f9737373
1021: 1021 same da03fa737373
1022: 1022 same da03fb737373
1023: 1023 same da03fc737373
1024: 1024 same da03fd737373
4070: 4070 same da0fe3737373
4071: 4071 same da0fe4737373
4072: 4072 same da0fe5737373
70000: 70000 same db0001116b73
array of 1020 bytes: same
bool(true)
array of 1021 bytes: same
bool(true)
array of 1022 bytes: same
bool(true)
array of 1023 bytes: same
bool(true)
array of 1024 bytes: same
bool(true)
array of 1025 bytes: same
bool(true)
3546 9282c0a64e6573746564c083a67061636b6564a493010203a26e73da07d3da07d06e6e6e6e6e6e6e 6262a56166746572
93010203 2003 1500 after
81a16101 5003
a0 90 c0
records across the boundary: 0 wrong
91c0
bool(false)
