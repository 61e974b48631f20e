--TEST--
Strings: fixstr/str8/str16/str32 at every length boundary, str8 switch, bin8/16/32 decoding, binary safety
--FILE--
<?php
// header of the packed form, the length it announces, and whether the payload and the round trip are intact
function show(int $len, string $fill = 'x') {
    $s = str_repeat($fill, $len);
    $bin = msgpack_pack($s);
    $payload_at = strlen($bin) - $len;
    $head = bin2hex(substr($bin, 0, $payload_at));
    $ok = substr($bin, $payload_at) === $s && msgpack_unpack($bin) === $s;
    printf("%6d %-12s %s\n", $len, $head, $ok ? 'ok' : 'BROKEN');
}

echo "-- default (str8 on)\n";
foreach ([0, 1, 31, 32, 255, 256, 65535, 65536] as $len) {
    show($len);
}
var_dump(bin2hex(msgpack_pack('abc')));
var_dump(bin2hex(msgpack_pack(str_repeat('z', 32))) === 'd920' . str_repeat('7a', 32));

echo "-- msgpack.use_str8_serialization=0\n";
ini_set('msgpack.use_str8_serialization', '0');
foreach ([31, 32, 255, 256] as $len) {
    show($len);
}
// str8 is still read
var_dump(msgpack_unpack(hex2bin('d903616263')));
ini_set('msgpack.use_str8_serialization', '1');

echo "-- all 256 byte values, no UTF-8 check\n";
$all = '';
for ($i = 0; $i < 256; $i++) {
    $all .= chr($i);
}
$bin = msgpack_pack($all);
var_dump(bin2hex(substr($bin, 0, 3)), msgpack_unpack($bin) === $all);
var_dump(bin2hex(msgpack_pack("\x00\xff\xc1")));
var_dump(bin2hex(msgpack_unpack(hex2bin('a300ffc1'))));
var_dump(msgpack_unpack(msgpack_pack("\xc3\x28")) === "\xc3\x28");  // invalid UTF-8 kept as is

echo "-- str headers on read\n";
var_dump(msgpack_unpack(hex2bin('a0')));
var_dump(msgpack_unpack(hex2bin('d900')));
var_dump(msgpack_unpack(hex2bin('da0000')));
var_dump(msgpack_unpack(hex2bin('db00000000')));
var_dump(msgpack_unpack(hex2bin('da0003') . 'abc'));
var_dump(msgpack_unpack(hex2bin('db00000003') . 'abc'));

echo "-- bin8/16/32 decode to strings\n";
var_dump(msgpack_unpack(hex2bin('c400')));
var_dump(bin2hex(msgpack_unpack(hex2bin('c40300ff61'))));
var_dump(bin2hex(msgpack_unpack(hex2bin('c5000300ff61'))));
var_dump(bin2hex(msgpack_unpack(hex2bin('c60000000300ff61'))));
$big = str_repeat("\x01\x02", 40000);
var_dump(msgpack_unpack("\xc6\x00\x01\x38\x80" . $big) === $big);
var_dump(msgpack_unpack("\xc5\x01\x00" . str_repeat('b', 256)) === str_repeat('b', 256));

echo "-- strings inside containers\n";
var_dump(bin2hex(msgpack_pack(['', 'a', str_repeat('q', 32)])) === '93a0a161d920' . str_repeat('71', 32));
var_dump(msgpack_unpack(hex2bin('92c4026869a26869')));
?>
--EXPECT--
-- default (str8 on)
     0 a0           ok
     1 a1           ok
    31 bf           ok
    32 d920         ok
   255 d9ff         ok
   256 da0100       ok
 65535 daffff       ok
 65536 db00010000   ok
string(8) "a3616263"
bool(true)
-- msgpack.use_str8_serialization=0
    31 bf           ok
    32 da0020       ok
   255 da00ff       ok
   256 da0100       ok
string(3) "abc"
-- all 256 byte values, no UTF-8 check
string(6) "da0100"
bool(true)
string(8) "a300ffc1"
string(6) "00ffc1"
bool(true)
-- str headers on read
string(0) ""
string(0) ""
string(0) ""
string(0) ""
string(3) "abc"
string(3) "abc"
-- bin8/16/32 decode to strings
string(0) ""
string(6) "00ff61"
string(6) "00ff61"
string(6) "00ff61"
bool(true)
bool(true)
-- strings inside containers
bool(true)
array(2) {
  [0]=>
  string(2) "hi"
  [1]=>
  string(2) "hi"
}
