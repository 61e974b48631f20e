--TEST--
Partial decoding with Unpacker::STOP_AT_PATH: the read stops once the values asked are read (the first of a key given twice counts, what follows is not checked); a path not there is still known only at the end of its container; no effect with RECORDS or PHP_OBJECTS
--FILE--
<?php
use function MsgPack\{pack, unpack, unpackPaths};
use MsgPack\{Packer, Unpacker, PathException, UnpackException};

function attempt(string $label, callable $read) {
    try {
        $result = json_encode($read());
    } catch (UnpackException $e) {
        $result = get_class($e) . ': ' . $e->getMessage();
    }
    echo $label, ': ', $result, "\n";
}
var_dump(Unpacker::STOP_AT_PATH);
$doc = pack(['a' => 1, 'b' => ['x' => 2, 'y' => 3], 'c' => str_repeat('z', 20)]);
echo bin2hex($doc), "\n";
// the same values where the input is whole and has no key twice
attempt('b.x', fn() => unpack($doc, Unpacker::STOP_AT_PATH, ['b', 'x']));
attempt('paths', fn() => unpackPaths($doc, ['y' => ['b', 'y'], 'a' => ['a'], 'none' => ['b', 'q']], Unpacker::STOP_AT_PATH, 'none'));
attempt('missing', fn() => unpack($doc, Unpacker::STOP_AT_PATH, ['b', 'q']));
// what follows the value asked is not read: a cut or trailing bytes there are no error...
$cut = substr($doc, 0, -5);
attempt('cut, stop', fn() => unpack($cut, Unpacker::STOP_AT_PATH, ['b', 'x']));
attempt('cut, whole', fn() => unpack($cut, 0, ['b', 'x']));
attempt('trailing, stop', fn() => unpack($doc . "\xc1", Unpacker::STOP_AT_PATH, ['a']));
attempt('trailing, whole', fn() => unpack($doc . "\xc1", 0, ['a']));
// ...but a path not there needs all of its container, and the bytes before the value are read
attempt('cut, missing key', fn() => unpack(substr($doc, 0, -1), Unpacker::STOP_AT_PATH, ['q']));
attempt('bad byte before', fn() => unpack("\x82\xa1a\xc1\xa1b\x01", Unpacker::STOP_AT_PATH, ['b']));
// of a key given twice the first counts, where unpack() keeps the last
$dup = "\x83\xa1k\x01\xa1k\x02\xa1m\x81\xa1k\x03"; // {"k": 1, "k": 2, "m": {"k": 3}}
attempt('dup, whole', fn() => unpack($dup, 0, ['k']));
attempt('dup, stop', fn() => unpack($dup, Unpacker::STOP_AT_PATH, ['k']));
attempt('dup, both', fn() => unpackPaths($dup, [['k'], ['m', 'k']], Unpacker::STOP_AT_PATH));
// a path that goes on through a value found: that value's bytes walked again, stopping there too
attempt('prefix paths', fn() => unpackPaths(pack(['a' => ['x' => 1, 'y' => 2], 'b' => 3]), [['a'], ['a', 'x']], Unpacker::STOP_AT_PATH));
// the Unpacker: a stream's value is consumed whole all the same
$u = new Unpacker(Unpacker::STOP_AT_PATH);
$u->feed($doc . pack('next'));
attempt('stream', fn() => $u->unpack(path: ['a']));
attempt('stream after', fn() => $u->unpack());
// RECORDS: all is read (a structure declared after the value asked is for the values after it)
$records = pack([['id' => 1, 'n' => 'a'], ['id' => 2, 'n' => 'b'], ['q' => 1, 'r' => 2]], Packer::RECORDS);
attempt('records, trailing', fn() => unpack($records . "\xc1", Unpacker::RECORDS | Unpacker::STOP_AT_PATH, [0, 'id']));
// PHP_OBJECTS: the whole value is decoded first
attempt('php objects, trailing', fn() => unpack(msgpack_pack(['a' => 1]) . "\xc1", Unpacker::PHP_OBJECTS | Unpacker::STOP_AT_PATH, ['a']));
// no effect without a path
attempt('no path, trailing', fn() => unpack($doc . "\xc1", Unpacker::STOP_AT_PATH));
?>
--EXPECT--
int(256)
83a16101a16282a17802a17903a163b47a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a
b.x: 2
paths: {"y":3,"a":1,"none":"none"}
missing: MsgPack\PathException: path not found: $.b has no key "q" (offset 6)
cut, stop: 2
cut, whole: MsgPack\InsufficientDataException: insufficient data at offset 15
trailing, stop: 1
trailing, whole: MsgPack\UnpackException: unexpected trailing bytes at offset 36
cut, missing key: MsgPack\InsufficientDataException: insufficient data at offset 15
bad byte before: MsgPack\UnpackException: unexpected byte 0xc1 at offset 3
dup, whole: 2
dup, stop: 1
dup, both: [1,3]
prefix paths: [{"x":1,"y":2},1]
stream: 1
stream after: "next"
records, trailing: MsgPack\UnpackException: unexpected trailing bytes at offset 27
php objects, trailing: MsgPack\UnpackException: unexpected trailing bytes at offset 4
no path, trailing: MsgPack\UnpackException: unexpected trailing bytes at offset 36
