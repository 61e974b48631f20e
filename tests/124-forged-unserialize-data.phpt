--TEST--
php_only: forged entries after the __unserialize() data of an object (a plain entry, a second data entry, data that is no array) are refused with "Invalid __unserialize() data", __unserialize() never called
--FILE--
<?php
// `c0 "Class" c0 <array>` is an object of a class with __unserialize() and the array it gets:
// nothing may follow the array (no encoder writes more), and there is one array only.
class WithData {
    public $a;
    public function __serialize(): array { return ['a' => $this->a]; }
    public function __unserialize(array $d): void { echo '__unserialize(', json_encode($d), ")\n"; $this->a = $d['a'] ?? null; }
}
$s = fn(string $t) => bin2hex(chr(0xa0 | strlen($t)) . $t);
$head = 'c0' . $s('WithData') . 'c0' . '81' . $s('a') . '01';
$inputs = [
    'the data alone' => '82' . $head,
    'a str key after the data' => '83' . $head . $s('b') . '02',
    'an int key after the data' => '83' . $head . '0502',
    'a second data entry' => '84' . $head . 'c0' . '81' . $s('a') . '02',
    'data that is no array' => '82' . 'c0' . $s('WithData') . 'c0' . '05',
    'an entry before the data (the data replaces it)' => '83' . 'c0' . $s('WithData') . $s('b') . '02' . 'c0' . '81' . $s('a') . '01',
];
$o = new WithData;
$o->a = 1;
echo bin2hex(msgpack_pack($o)), "\n";

foreach ($inputs as $name => $hex) {
    echo "-- $name: $hex\n";
    $bin = hex2bin($hex);
    set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
    var_dump(msgpack_unpack($bin));
    restore_error_handler();
    try {
        var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bin));
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
82c0a85769746844617461c081a16101
-- the data alone: 82c0a85769746844617461c081a16101
__unserialize({"a":1})
object(WithData)#4 (1) {
  ["a"]=>
  int(1)
}
__unserialize({"a":1})
object(WithData)#4 (1) {
  ["a"]=>
  int(1)
}
-- a str key after the data: 83c0a85769746844617461c081a16101a16202
warning: [msgpack] (php_msgpack_unserialize) Invalid __unserialize() data
bool(false)
MsgPack\UnpackException: invalid __unserialize() data at offset 18
-- an int key after the data: 83c0a85769746844617461c081a161010502
warning: [msgpack] (php_msgpack_unserialize) Invalid __unserialize() data
bool(false)
MsgPack\UnpackException: invalid __unserialize() data at offset 17
-- a second data entry: 84c0a85769746844617461c081a16101c081a16102
warning: [msgpack] (php_msgpack_unserialize) Invalid __unserialize() data
bool(false)
MsgPack\UnpackException: invalid __unserialize() data at offset 20
-- data that is no array: 82c0a85769746844617461c005
warning: [msgpack] (php_msgpack_unserialize) Invalid __unserialize() data
bool(false)
MsgPack\UnpackException: invalid __unserialize() data at offset 12
-- an entry before the data (the data replaces it): 83c0a85769746844617461a16202c081a16101
__unserialize({"a":1})
object(WithData)#5 (1) {
  ["a"]=>
  int(1)
}
__unserialize({"a":1})
object(WithData)#5 (1) {
  ["a"]=>
  int(1)
}
