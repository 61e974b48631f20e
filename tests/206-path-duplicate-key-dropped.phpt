--TEST--
Partial decoding: the value of a key given twice that the second one replaces is kept until the call ends, as the decoder keeps what it drops: a failed read runs no destructor of it and frees no object the decoder still holds
--SKIPIF--
<?php if (!extension_loaded('msgpack')) die('skip msgpack not loaded'); ?>
--FILE--
<?php
use MsgPack\{Unpacker, UnpackException};

class Noisy
{
    public int $n = 0;
    function __destruct() { echo "destructor of Noisy {$this->n}\n"; }
}
// {"a": {"n": 1}, "a": {"n": 2}, "b": <cut>}
$cut = hex2bin('83a16181a16e01a16181a16e02a162');
try {
    var_dump(MsgPack\unpackAs($cut, Noisy::class, 0, ['a']));
} catch (UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo "complete: the last one counts, the first is destroyed when the call ends\n";
var_dump(MsgPack\unpackAs($cut . "\xc0", Noisy::class, 0, ['a']));

// the first value a stdClass the decoder remembers (a failed call marks its objects: valgrind
// reported the write into the freed one); STOP_AT_PATH takes the first and reads no further
foreach ([Unpacker::MAPS_AS_OBJECTS, Unpacker::MAPS_AS_OBJECTS | Unpacker::STOP_AT_PATH] as $flags) {
    try {
        var_dump(MsgPack\unpack($cut, $flags, ['a']));
    } catch (UnpackException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    var_dump(MsgPack\unpack($cut . "\xc0", $flags, ['a']));
}
// two paths to one key given three times: both the last value, the table of values found whole
// {0: [0], 0: [1], 0: 1.5}
var_dump(MsgPack\unpackPaths(hex2bin('8300910000910100ca3fc00000'), ['a' => [0], 'b' => [0], 'c' => [0, 0]], 0, 'none'));
echo "done\n";
?>
--EXPECT--
MsgPack\InsufficientDataException: insufficient data at offset 15
complete: the last one counts, the first is destroyed when the call ends
destructor of Noisy 1
object(Noisy)#3 (1) {
  ["n"]=>
  int(2)
}
destructor of Noisy 2
MsgPack\InsufficientDataException: insufficient data at offset 15
object(stdClass)#2 (1) {
  ["n"]=>
  int(2)
}
object(stdClass)#2 (1) {
  ["n"]=>
  int(1)
}
object(stdClass)#2 (1) {
  ["n"]=>
  int(1)
}
array(3) {
  ["a"]=>
  float(1.5)
  ["b"]=>
  float(1.5)
  ["c"]=>
  string(4) "none"
}
done
