--TEST--
Hardening: a failed unpack of data with objects never runs their destructors (compatible API and MsgPack\Unpacker)
--FILE--
<?php
class D {
    public $n;
    function __destruct() { echo "D::__destruct {$this->n}\n"; }
}
class W {
    public $d;
    function __wakeup() { throw new RuntimeException('wakeup fails'); }
}
$a = new D; $a->n = 1;
$b = new D; $b->n = 2;
$packed = [
    'list' => msgpack_pack([$a, $b]),
    'map' => msgpack_pack(['x' => $a, 'y' => ['z' => $b], 'again' => $a]),
    'nested' => msgpack_pack([[[$a]], [$b, [$a, $b]]]),
    'reference' => msgpack_pack([&$a, &$a, $b]),
];
$a->n = $b->n = 'original';
echo "-- cut before the end, at every offset\n";
$false = 0;
foreach ($packed as $p) {
    for ($i = 1; $i < strlen($p); $i++) {
        $false += @msgpack_unpack(substr($p, 0, $i)) === false;
    }
}
echo "$false false\n";
echo "-- a valid object map followed by a cut value\n";
var_dump(@msgpack_unpack("\x92" . substr(msgpack_pack($a), 0) . "\xdb\x00\x00\x00\x09abc"));
echo "-- objects as keys of a map (illegal key type), then data missing\n";
$obj = msgpack_pack($a);
var_dump(@msgpack_unpack("\x82" . $obj . "\x01" . $obj));
echo "-- broken data after the objects: 0xc1\n";
var_dump(@msgpack_unpack("\x93" . $obj . $obj . "\xc1"));
echo "-- an exception from __wakeup after the objects were built\n";
try {
    msgpack_unpack(msgpack_pack([$a, new W, $b]));
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
echo "-- a type error for a typed property after the objects were built\n";
class T { public int $i = 0; }
try {
    msgpack_unpack("\x92" . $obj . "\x82\xc0\xa1T\xa1i\xa1x");
} catch (TypeError $e) {
    echo get_class($e), "\n";
}
echo "-- MsgPack\\Unpacker: cut values, trailing bytes, a throwing ext decoder, a stream's refused value\n";
$u = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
$u->registerExtension(1, function () { throw new LogicException('decoder fails'); });
$thrown = [];
foreach ($packed as $p) {
    for ($i = 1; $i < strlen($p); $i++) {
        try {
            $u->unpack(substr($p, 0, $i));
        } catch (Exception $e) {
            $thrown[get_class($e)] = ($thrown[get_class($e)] ?? 0) + 1;
        }
    }
}
try {
    $u->unpack("\x92" . $obj . "\x01\xc1");   // trailing bytes after a whole value
} catch (Exception $e) {
    $thrown[get_class($e)] = ($thrown[get_class($e)] ?? 0) + 1;
}
foreach (["\x92" . $obj . "\xc1", "\x92" . $obj . "\xd4\x01\x00", "\x93" . $obj . $obj . "\xd4\xff\x00", "\x92" . $obj . "\x81\xc2\x01"] as $in) {
    try {
        $u->unpack($in);
    } catch (Exception $e) {
        $thrown[get_class($e)] = ($thrown[get_class($e)] ?? 0) + 1;
    }
    $stream = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
    $stream->registerExtension(1, function () { throw new LogicException('decoder fails'); });
    $stream->feed($in);
    try {
        $stream->tryUnpack();
    } catch (Exception $e) {
        $thrown[get_class($e)] = ($thrown[get_class($e)] ?? 0) + 1;
    }
}
ksort($thrown);
print_r($thrown);
echo "-- a whole value does destruct its objects\n";
$r = msgpack_unpack($packed['list']);
unset($r);
unset($a, $b);
echo "done\n";
?>
--EXPECT--
-- cut before the end, at every offset
95 false
-- a valid object map followed by a cut value
bool(false)
-- objects as keys of a map (illegal key type), then data missing
bool(false)
-- broken data after the objects: 0xc1
bool(false)
-- an exception from __wakeup after the objects were built
wakeup fails
-- a type error for a typed property after the objects were built
TypeError
-- MsgPack\Unpacker: cut values, trailing bytes, a throwing ext decoder, a stream's refused value
Array
(
    [LogicException] => 2
    [MsgPack\InsufficientDataException] => 95
    [MsgPack\UnpackException] => 7
)
-- a whole value does destruct its objects
D::__destruct 1
D::__destruct 2
D::__destruct original
D::__destruct original
done
