--TEST--
Limits: huge declared sizes fail fast without big allocations; nesting depth limits on pack and unpack
--INI--
memory_limit=256M
--FILE--
<?php
echo "-- declared sizes far beyond the input\n";
$start = memory_get_peak_usage();
foreach ([
    'array32' => 'ddffffffff0102',
    'map32'   => 'dfffffffff0102',
    'str32'   => 'dbffffffff6162',
    'bin32'   => 'c6ffffffff6162',
    'ext32'   => 'c9ffffffff0161',
    'array16' => 'dcffff01',
    'map16'   => 'deffff0101',
    'str16'   => 'daffff61',
    'nested'  => str_repeat('ddfffffff0', 20) . '00',
    'inner'   => '9301' . 'dfffffffff' . 'c0',
] as $name => $hex) {
    $r = @msgpack_unpack(hex2bin($hex));
    echo str_pad($name, 8), ' ', var_export($r, true), ' ', error_get_last()['message'] ?? '-', "\n";
    error_clear_last();
}
$grown = memory_get_peak_usage() - $start;
echo $grown < 1024 * 1024 ? "peak memory grew by less than 1MB\n" : "peak memory grew by $grown bytes\n";
var_dump(msgpack_unpack(hex2bin('dbffffffff')));
// the ext 32 through the MsgPack\ API (its length check once wrapped to 0 with a 32-bit size_t)
foreach (['MsgPack\unpack' => fn ($b) => MsgPack\unpack($b), 'unpackAs mixed' => fn ($b) => MsgPack\unpackAs($b, 'mixed'),
    'Unpacker' => fn ($b) => (new MsgPack\Unpacker())->unpack($b)] as $name => $read) {
    try {
        $read(hex2bin('c9ffffffff0161'));
    } catch (MsgPack\UnpackException $e) {
        echo $name, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- unpack: nesting deeper than msgpack.max_depth\n";
var_dump(msgpack_unpack(str_repeat("\x91", 5000) . "\x00"));
var_dump(msgpack_unpack(str_repeat("\x81\x00", 5000) . "\x00"));
var_dump(msgpack_unpack(str_repeat("\x91", 4097) . "\x00"));
$ok = msgpack_unpack(str_repeat("\x91", 4096) . "\x00");   // exactly the limit
$depth = 0;
for ($x = $ok; is_array($x); $x = $x[0]) {
    $depth++;
}
var_dump($depth, $x);

echo "-- pack: nesting deeper than msgpack.max_depth\n";
$a = 0;
for ($i = 0; $i < 5000; $i++) {
    $a = [$a];
}
var_dump(msgpack_pack($a));
// 30,000 levels: a debug PHP cannot free much deeper values itself (its frames are larger)
$deep = 'leaf';
for ($i = 0; $i < 30000; $i++) {
    $deep = ['k' => $deep];
}
var_dump(msgpack_pack($deep));
unset($deep);

echo "-- with msgpack.max_depth raised, depth 5000 works\n";
ini_set('msgpack.max_depth', '5000');
$bin = msgpack_pack($a);
var_dump(strlen($bin), $bin === str_repeat("\x91", 5000) . "\x00");
var_dump(msgpack_unpack($bin) === $a);
var_dump(msgpack_unpack(str_repeat("\x91", 5001) . "\x00"));
ini_restore('msgpack.max_depth');

echo "-- many containers in one value (the decoder's id table grows meanwhile)\n";
$v = array_fill(0, 300, ['a' => [1, [2]], 'b' => [], 3 => ['c' => ['d' => 'e']]]);
var_dump(msgpack_unpack(msgpack_pack($v)) === $v);
ini_set('msgpack.assoc', '0');
$o = msgpack_unpack(msgpack_pack(['x' => array_fill(0, 50, ['q' => [1, [2]]])]));
var_dump(count($o->x), $o->x[49]->q);
ini_set('msgpack.assoc', '1');
// a back-reference map whose ignored key holds 40 nested arrays
$r = msgpack_unpack("\x92\x91\x05\x82\xc0\x02" . str_repeat("\x91", 40) . "\x00\x02");
var_dump(is_array($r) && count($r) === 2 && $r[0] === [5]);
?>
--EXPECTF--
-- declared sizes far beyond the input
array32  false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
map32    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
str32    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
bin32    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
ext32    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
array16  false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
map16    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
str16    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
nested   false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
inner    false [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
peak memory grew by less than 1MB

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
MsgPack\unpack: MsgPack\InsufficientDataException: insufficient data at offset 0
unpackAs mixed: MsgPack\InsufficientDataException: insufficient data at offset 0
Unpacker: MsgPack\InsufficientDataException: insufficient data at offset 0
-- unpack: nesting deeper than msgpack.max_depth

Warning: [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded in %s on line %d
bool(false)
int(4096)
int(0)
-- pack: nesting deeper than msgpack.max_depth

Warning: [msgpack] (php_msgpack_serialize) Maximum nesting depth of 4096 exceeded in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_serialize) Maximum nesting depth of 4096 exceeded in %s on line %d
bool(false)
-- with msgpack.max_depth raised, depth 5000 works
int(5001)
bool(true)
bool(true)

Warning: [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded in %s on line %d
bool(false)
-- many containers in one value (the decoder's id table grows meanwhile)
bool(true)
int(50)
array(2) {
  [0]=>
  int(1)
  [1]=>
  array(1) {
    [0]=>
    int(2)
  }
}
bool(true)
