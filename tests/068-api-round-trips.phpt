--TEST--
MsgPack\ API: the spec's types round-trip: bytes -> MsgPack\unpack() -> MsgPack\pack() give the same bytes (bin, ext of every size, timestamps of the three widths and negative seconds; ints within 32 bits: beyond them tests 192, 193; uint64 as GMP: test 069)
--EXTENSIONS--
msgpack
--FILE--
<?php
use MsgPack\{Packer, Unpacker, Bin, Ext, Timestamp};

function trip(string $label, string $hex, int $unpackFlags = 0, int $packFlags = 0): void {
    $v = MsgPack\unpack(hex2bin($hex), $unpackFlags);
    $back = bin2hex(MsgPack\pack($v, $packFlags));
    printf("%-22s %s %s\n", $label, $back === $hex ? 'same' : "DIFFERENT: $back", get_debug_type($v));
}

trip('nil', 'c0');
trip('false, true', '92c2c3');
trip('ints', '9b007fcc80cd0100ce00010000ce7fffffffffe0d0dfd18000d280000000');
trip('float64', 'cb3ff8000000000000');
trip('float32', 'ca3fc00000', 0, Packer::FLOAT32);
trip('str 5, 32, 256 bytes', '93a568656c6c6fd920' . str_repeat('61', 32) . 'da0100' . str_repeat('62', 256));
trip('bin8 as bin', 'c403010203', 0, Packer::BIN_STRINGS);
trip('bin16 as bin', 'c50100' . str_repeat('ff', 256), 0, Packer::BIN_STRINGS);
trip('bin detected', 'c40280ff', 0, Packer::DETECT_BIN);
foreach ([1, 2, 4, 8, 16] as $n) {
    $fmt = ['1' => 'd4', '2' => 'd5', '4' => 'd6', '8' => 'd7', '16' => 'd8'][$n];
    trip("fixext$n", $fmt . '2a' . str_repeat('ab', $n));
}
trip('ext8 (3 bytes)', 'c703' . '80' . 'abcdef');
trip('ext16 (256 bytes)', 'c80100' . '7f' . str_repeat('cd', 256));
trip('ext32 (65536 bytes)', 'c900010000' . '01' . str_repeat('ee', 65536));
trip('timestamp 32', 'd6ff5a4af6a5');
// the 64-bit words written out: pack('J') is not available on 32-bit PHP
trip('timestamp 64', 'd7ff' . '1d6f34545a4af6a5');                     // 123456789 << 34 | 1514862245
trip('timestamp 96', 'c70cff' . '00000005' . 'ffffffffffffffff');     // 5 ns, -1 s
trip('timestamp 96 (-2^40)', 'c70cff' . '3b9ac9ff' . 'ffffff0000000000');     // 999999999 ns, -(1 << 40) s
trip('timestamp 64 as Date', 'd7ff' . '1d6f28005a4af6a5', Unpacker::TIMESTAMP_AS_DATETIME);     // 123456000 << 34 | 1514862245
trip('negative as Date', 'c70cff' . '1dcd6500' . 'fffffffffffffffe', Unpacker::TIMESTAMP_AS_DATETIME);     // 500000000 ns, -2 s
trip('map', '82a161c0a16291c3');
trip('map as stdClass', '82a16101a16280', Unpacker::MAPS_AS_OBJECTS);

echo "-- the values themselves\n";
var_dump(bin2hex(MsgPack\unpack(MsgPack\pack(new Bin("\x00\xff")))));
var_dump(MsgPack\unpack(MsgPack\pack(new Ext(-128, ''))));
var_dump(MsgPack\unpack(MsgPack\pack(new Timestamp(-1, 999999999))));
$d = new DateTimeImmutable('1969-12-31 23:59:59.5 UTC');
var_dump(serialize(MsgPack\unpack(MsgPack\pack($d), Unpacker::TIMESTAMP_AS_DATETIME)) === serialize($d));

echo "-- uint64 beyond PHP_INT_MAX\n";
var_dump(MsgPack\unpack(hex2bin('cfffffffffffffffff')));
?>
--EXPECTF--
nil                    same null
false, true            same array
ints                   same array
float64                same float
float32                same float
str 5, 32, 256 bytes   same array
bin8 as bin            same string
bin16 as bin           same string
bin detected           same string
fixext1                same MsgPack\Ext
fixext2                same MsgPack\Ext
fixext4                same MsgPack\Ext
fixext8                same MsgPack\Ext
fixext16               same MsgPack\Ext
ext8 (3 bytes)         same MsgPack\Ext
ext16 (256 bytes)      same MsgPack\Ext
ext32 (65536 bytes)    same MsgPack\Ext
timestamp 32           same MsgPack\Timestamp
timestamp 64           same MsgPack\Timestamp
timestamp 96           same MsgPack\Timestamp
timestamp 96 (-2^40)   same MsgPack\Timestamp
timestamp 64 as Date   same DateTimeImmutable
negative as Date       same DateTimeImmutable
map                    same array
map as stdClass        same stdClass
-- the values themselves
string(4) "00ff"
object(MsgPack\Ext)#%d (2) {
  ["type"]=>
  int(-128)
  ["data"]=>
  string(0) ""
}
object(MsgPack\Timestamp)#%d (2) {
  ["seconds"]=>
  int(-1)
  ["nanoseconds"]=>
  int(999999999)
}
bool(true)
-- uint64 beyond PHP_INT_MAX
string(20) "18446744073709551615"
