--TEST--
Partial decoding on untrusted input: the values stepped over are checked for their framing (truncation, 0xc1, counts the input cannot hold), the whole input is still one value, the nesting limit counts from the root, and a path of any length is safe
--FILE--
<?php
use function MsgPack\{pack, unpack, unpackPaths};
use MsgPack\{Unpacker, UnpackException, PathException};

function attempt(string $label, callable $read) {
    try {
        $v = $read();
        echo $label, ': ', json_encode($v), "\n";
    } catch (UnpackException $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), ' @', $e->getPosition(), "\n";
    }
}
$doc = pack(['skip' => ['a' => str_repeat('x', 40), 'b' => [1, 2.5, null]], 'want' => 7, 'rest' => [true, 'tail']]);
echo bin2hex($doc), "\n";
attempt('whole', fn() => unpack($doc, 0, ['want']));
// cut anywhere: the path fails as unpack() does, with InsufficientDataException
foreach ([1, 6, 10, 50, 60, strlen($doc) - 1] as $len) {
    attempt("cut at $len", fn() => unpack(substr($doc, 0, $len), 0, ['want']));
}
// bytes after the value: refused, after the path was found
attempt('trailing', fn() => unpack($doc . "\xc0", 0, ['want']));
// 0xc1 inside a value stepped over, before and after the one found
attempt('0xc1 before', fn() => unpack(str_replace("\xcb", "\xc1", $doc), 0, ['want']));
attempt('0xc1 after', fn() => unpack(substr($doc, 0, -5) . "\xc1tail", 0, ['want']));
// counts and lengths no input of this size can hold
attempt('array32 of 4294967295', fn() => unpack("\x82\xa1s\xdd\xff\xff\xff\xff\xa1w\x01", 0, ['w']));
attempt('map16 of 65535', fn() => unpack("\x82\xa1s\xde\xff\xff\xa1w\x01", 0, ['w']));
attempt('str32 of 4294967295', fn() => unpack("\x82\xa1s\xdb\xff\xff\xff\xff\xa1w\x01", 0, ['w']));
attempt('bin32 of 4294967295', fn() => unpack("\x82\xa1s\xc6\xff\xff\xff\xff\xa1w\x01", 0, ['w']));
attempt('ext32 of 4294967295', fn() => unpack("\x82\xa1s\xc9\xff\xff\xff\xff\x01\xa1w\x01", 0, ['w']));
attempt('index in a huge list', fn() => unpack("\xdd\xff\xff\xff\xff\x01", 0, [2000000000]));
// values stepped over are framed, not decoded: what unpack() refuses inside them passes
$badKey = "\x82\xa1s\x81\x90\x01\xa1w\x01"; // {"s": {[]: 1}, "w": 1}: a list as a map key
attempt('bad key, whole', fn() => unpack($badKey));
attempt('bad key, path', fn() => unpack($badKey, 0, ['w']));
attempt('bad key on the path', fn() => unpack($badKey, 0, ['s', 'x']));
$deep = "\x82\xa1s" . str_repeat("\x91", 5000) . "\x01\xa1w\x01";
attempt('deep, whole', fn() => unpack($deep));
attempt('deep, path', fn() => unpack($deep, 0, ['w']));
// the nesting limit counts the levels of the path: the value found is as deep as it is in the whole
$nested = pack([[[['deep' => [1, [2]]]]]]);
$u = new Unpacker(0, false, 5);
attempt('depth 5, whole', fn() => $u->unpack($nested));
attempt('depth 5, path', fn() => $u->unpack($nested, [0, 0, 0, 'deep']));
attempt('depth 5, path deeper', fn() => $u->unpack($nested, [0, 0, 0, 'deep', 1, 0]));
$u = new Unpacker(0, false, 6);
attempt('depth 6, path', fn() => $u->unpack($nested, [0, 0, 0, 'deep']));
// a path of 100000 steps: into input nested that deep, refused at the nesting limit; in a flat
// value, missing at its first step; several such paths share their steps
$long = array_fill(0, 100000, 0);
attempt('long path, deep input', fn() => unpack(str_repeat("\x91", 100000) . "\x01", 0, $long));
attempt('long path, flat input', fn() => unpack(pack([[1]]), 0, $long));
attempt('long paths', fn() => unpackPaths(pack([1]), ['a' => $long, 'b' => array_merge($long, ['x'])], 0, 'none'));
$longer = new Unpacker(0, false, 200000);
// no nesting limit: the C stack guard stops the walk (the level it stops at depends on the stack)
try {
    $v = $longer->unpack(str_repeat("\x91", 100000) . "\x01", $long);
    echo 'long path, no limit: ', json_encode($v), "\n";
} catch (UnpackException $e) {
    echo 'long path, no limit: ', preg_replace('/\d+/', 'N', $e->getMessage()), "\n";
}
?>
--EXPECT--
83a4736b697082a161d92878787878787878787878787878787878787878787878787878787878787878787878787878787878a1629301cb4004000000000000c0a477616e7407a47265737492c3a47461696c
whole: 7
cut at 1: MsgPack\InsufficientDataException: insufficient data at offset 1 @1
cut at 6: MsgPack\InsufficientDataException: insufficient data at offset 6 @6
cut at 10: MsgPack\InsufficientDataException: insufficient data at offset 9 @9
cut at 50: MsgPack\InsufficientDataException: insufficient data at offset 9 @9
cut at 60: MsgPack\InsufficientDataException: insufficient data at offset 55 @55
cut at 82: MsgPack\InsufficientDataException: insufficient data at offset 78 @78
trailing: MsgPack\UnpackException: unexpected trailing bytes at offset 83 @83
0xc1 before: MsgPack\UnpackException: unexpected byte 0xc1 at offset 55 @55
0xc1 after: MsgPack\UnpackException: unexpected byte 0xc1 at offset 78 @78
array32 of 4294967295: MsgPack\InsufficientDataException: insufficient data at offset 11 @11
map16 of 65535: MsgPack\InsufficientDataException: insufficient data at offset 9 @9
str32 of 4294967295: MsgPack\InsufficientDataException: insufficient data at offset 3 @3
bin32 of 4294967295: MsgPack\InsufficientDataException: insufficient data at offset 3 @3
ext32 of 4294967295: MsgPack\InsufficientDataException: insufficient data at offset 3 @3
index in a huge list: MsgPack\InsufficientDataException: insufficient data at offset 6 @6
bad key, whole: MsgPack\UnpackException: invalid map key of type array at offset 4 @4
bad key, path: 1
bad key on the path: MsgPack\UnpackException: invalid map key of type array at offset 4 @4
deep, whole: MsgPack\UnpackException: maximum nesting depth of 4096 exceeded at offset 4098 @4098
deep, path: 1
depth 5, whole: MsgPack\UnpackException: maximum nesting depth of 5 exceeded at offset 11 @11
depth 5, path: MsgPack\UnpackException: maximum nesting depth of 5 exceeded at offset 11 @11
depth 5, path deeper: MsgPack\UnpackException: maximum nesting depth of 5 exceeded at offset 11 @11
depth 6, path: [1,[2]]
long path, deep input: MsgPack\UnpackException: maximum nesting depth of 4096 exceeded at offset 4096 @4096
long path, flat input: MsgPack\PathException: path not found: $[0][0] is not a map or list (offset 2) @2
long paths: {"a":"none","b":"none"}
long path, no limit: the C stack is full at nesting level N, offset N
