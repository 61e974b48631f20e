--TEST--
Map shapes: keys of 2 to 15 bytes checked against the template's in 8-byte words, keys differing at their first, 8th, 9th or last byte or in length, in short and long inputs, and keys near the end of the input (checked byte by byte) or cut short there
--FILE--
<?php
// Maps of one shape are copies of the first whose keys are checked against the input's bytes; keys
// of 2 to 15 bytes are compared in 8-byte words (16 bytes of input must remain, else byte by
// byte). Keys that differ from the template's in their last byte, at the 8th and 9th, in length
// only, or that are cut short by the end of the input, must leave the template exactly there.
$keys = ['ab', 'abcdefg', 'abcdefgh', 'abcdefghi', 'abcdefghijklmno', 'abcdefghijklmnop'];
foreach ($keys as $k) {
    $len = strlen($k);
    $variants = [
        'same' => $k,
        'last' => substr($k, 0, -1) . 'Z',
        'first' => 'Z' . substr($k, 1),
        'shorter' => substr($k, 0, -1),
        'longer' => $k . 'q',
    ];
    if ($len >= 9) {
        $variants['8th'] = substr_replace($k, 'Z', 7, 1);
        $variants['9th'] = substr_replace($k, 'Z', 8, 1);
    }
    foreach ($variants as $name => $v) {
        // a template map, then one whose second key is the variant, then the template's again
        $rows = [['id' => 1, $k => 'x', 'z' => 2], ['id' => 2, $v => 'y', 'z' => 3], ['id' => 3, $k => 'w', 'z' => 4]];
        // a short input (shapes kept from call to call) and a long one (shapes of the value)
        foreach (['', str_repeat('.', 300)] as $pad) {
            $s = msgpack_pack([$rows, $pad]);
            $u = msgpack_unpack($s);
            echo $len, ' ', $name, ' ', strlen($s), ': ', $u === [$rows, $pad] ? 'same' : 'DIFFERENT', ' ', json_encode(array_keys($u[0][1])), "\n";
        }
    }
}
// the last map's keys end the input (a long value before them): fewer than 16 bytes follow them, byte by byte
$rows = [str_repeat('.', 300), ['k1' => 1, 'abcdefghij' => 2], ['k1' => 3, 'abcdefghij' => 4]];
$s = msgpack_pack([$rows]);
echo bin2hex(substr($s, -40)), "\n";
var_dump(msgpack_unpack($s) === [$rows]);
$rows[2] = ['k1' => 3, 'abcdefghiZ' => 4];
$s = msgpack_pack([$rows]);
echo bin2hex(substr($s, -40)), "\n";
var_dump(msgpack_unpack($s) === [$rows]);
// cut short inside the last key, and inside its value
var_dump(@msgpack_unpack(substr($s, 0, -3)), @msgpack_unpack(substr($s, 0, -1)));
try {
    MsgPack\unpack(substr($s, 0, -3));
} catch (MsgPack\Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
2 same 42: same ["id","ab","z"]
2 same 344: same ["id","ab","z"]
2 last 42: same ["id","aZ","z"]
2 last 344: same ["id","aZ","z"]
2 first 42: same ["id","Zb","z"]
2 first 344: same ["id","Zb","z"]
2 shorter 41: same ["id","a","z"]
2 shorter 343: same ["id","a","z"]
2 longer 43: same ["id","abq","z"]
2 longer 345: same ["id","abq","z"]
7 same 57: same ["id","abcdefg","z"]
7 same 359: same ["id","abcdefg","z"]
7 last 57: same ["id","abcdefZ","z"]
7 last 359: same ["id","abcdefZ","z"]
7 first 57: same ["id","Zbcdefg","z"]
7 first 359: same ["id","Zbcdefg","z"]
7 shorter 56: same ["id","abcdef","z"]
7 shorter 358: same ["id","abcdef","z"]
7 longer 58: same ["id","abcdefgq","z"]
7 longer 360: same ["id","abcdefgq","z"]
8 same 60: same ["id","abcdefgh","z"]
8 same 362: same ["id","abcdefgh","z"]
8 last 60: same ["id","abcdefgZ","z"]
8 last 362: same ["id","abcdefgZ","z"]
8 first 60: same ["id","Zbcdefgh","z"]
8 first 362: same ["id","Zbcdefgh","z"]
8 shorter 59: same ["id","abcdefg","z"]
8 shorter 361: same ["id","abcdefg","z"]
8 longer 61: same ["id","abcdefghq","z"]
8 longer 363: same ["id","abcdefghq","z"]
9 same 63: same ["id","abcdefghi","z"]
9 same 365: same ["id","abcdefghi","z"]
9 last 63: same ["id","abcdefghZ","z"]
9 last 365: same ["id","abcdefghZ","z"]
9 first 63: same ["id","Zbcdefghi","z"]
9 first 365: same ["id","Zbcdefghi","z"]
9 shorter 62: same ["id","abcdefgh","z"]
9 shorter 364: same ["id","abcdefgh","z"]
9 longer 64: same ["id","abcdefghiq","z"]
9 longer 366: same ["id","abcdefghiq","z"]
9 8th 63: same ["id","abcdefgZi","z"]
9 8th 365: same ["id","abcdefgZi","z"]
9 9th 63: same ["id","abcdefghZ","z"]
9 9th 365: same ["id","abcdefghZ","z"]
15 same 81: same ["id","abcdefghijklmno","z"]
15 same 383: same ["id","abcdefghijklmno","z"]
15 last 81: same ["id","abcdefghijklmnZ","z"]
15 last 383: same ["id","abcdefghijklmnZ","z"]
15 first 81: same ["id","Zbcdefghijklmno","z"]
15 first 383: same ["id","Zbcdefghijklmno","z"]
15 shorter 80: same ["id","abcdefghijklmn","z"]
15 shorter 382: same ["id","abcdefghijklmn","z"]
15 longer 82: same ["id","abcdefghijklmnoq","z"]
15 longer 384: same ["id","abcdefghijklmnoq","z"]
15 8th 81: same ["id","abcdefgZijklmno","z"]
15 8th 383: same ["id","abcdefgZijklmno","z"]
15 9th 81: same ["id","abcdefghZjklmno","z"]
15 9th 383: same ["id","abcdefghZjklmno","z"]
16 same 84: same ["id","abcdefghijklmnop","z"]
16 same 386: same ["id","abcdefghijklmnop","z"]
16 last 84: same ["id","abcdefghijklmnoZ","z"]
16 last 386: same ["id","abcdefghijklmnoZ","z"]
16 first 84: same ["id","Zbcdefghijklmnop","z"]
16 first 386: same ["id","Zbcdefghijklmnop","z"]
16 shorter 83: same ["id","abcdefghijklmno","z"]
16 shorter 385: same ["id","abcdefghijklmno","z"]
16 longer 85: same ["id","abcdefghijklmnopq","z"]
16 longer 387: same ["id","abcdefghijklmnopq","z"]
16 8th 84: same ["id","abcdefgZijklmnop","z"]
16 8th 386: same ["id","abcdefgZijklmnop","z"]
16 9th 84: same ["id","abcdefghZjklmnop","z"]
16 9th 386: same ["id","abcdefghZjklmnop","z"]
2e2e2e2e2e2e82a26b3101aa6162636465666768696a0282a26b3103aa6162636465666768696a04
bool(true)
2e2e2e2e2e2e82a26b3101aa6162636465666768696a0282a26b3103aa6162636465666768695a04
bool(true)
bool(false)
bool(false)
MsgPack\InsufficientDataException: insufficient data at offset 327
