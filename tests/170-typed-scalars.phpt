--TEST--
MsgPack\unpackAs(): scalar types (int, float, string, bool, true, false, null, mixed), nullable and union types, resolved by the wire type; every mismatch an UnpackException with its message, offset and path
--FILE--
<?php
function show(string $hex, string $type, int $flags = 0): void {
    try {
        $v = MsgPack\unpackAs(hex2bin($hex), $type, $flags);
        // an int as its decimal digits: var_export(PHP_INT_MIN) is "-2147483647-1" on 32-bit PHP
        $shown = is_string($v) ? 'bytes ' . bin2hex($v)
            : (is_int($v) ? (string) $v : str_replace("\n", ' ', var_export($v, true)));
        echo "$type <- $hex: ", $shown, ' (', get_debug_type($v), ")\n";
    } catch (MsgPack\UnpackException $e) {
        echo "$type <- $hex: ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}

echo "-- int: every int format\n";
// values within 32 bits (beyond them, ints on 64-bit PHP only: tests 192, 193)
foreach (['00', '7f', 'ff', 'e0', 'cc80', 'ccff', 'cd0100', 'ce00010000', 'ce7fffffff', 'cf000000007fffffff',
          'd080', 'd18000', 'd280000000', 'd3ffffffff80000000'] as $hex) {
    show($hex, 'int');
}
show('cf8000000000000000', 'int');
show('cfffffffffffffffff', '?int');
show('ca3f800000', 'int');
show('a131', 'int');
show('c0', 'int');
show('c3', 'int');
show('90', 'int');
show('80', 'int');
show('d6ff00000000', 'int');

echo "-- float: float32, float64, and ints made floats\n";
foreach (['ca3fc00000', 'cb3ff8000000000000', 'cb7ff0000000000000', '05', 'ff', 'd38000000000000000', 'cfffffffffffffffff'] as $hex) {
    show($hex, 'float');
}
show('ca40ffae14', 'float');
show('ca40ffae14', 'float', MsgPack\Unpacker::FLOAT32_DECIMAL_FIT);
show('a3312e35', 'float');
show('c2', 'float');

echo "-- string: from str and bin, any length form\n";
foreach (['a0', 'a161', 'd903616263', 'da0003616263', 'db00000003616263', 'c403ff00fe', 'c50001ff', 'c600000001ff'] as $hex) {
    show($hex, 'string');
}
show('05', 'string');
show('c0', 'string');

echo "-- bool, true, false, null\n";
show('c2', 'bool');
show('c3', 'bool');
show('c3', 'true');
show('c2', 'true');
show('c2', 'false');
show('c3', 'false');
show('00', 'bool');
show('c0', 'null');
show('00', 'null');

echo "-- nullable and unions: one member per wire type\n";
show('c0', '?int');
show('05', '?int');
show('a161', '?int');
show('05', 'int|string');
show('a161', 'int|string');
show('c0', 'int|string');
show('c0', 'int|string|null');
show('05', 'int|float');
show('cb4004000000000000', 'int|float');
show('cfffffffffffffffff', 'int|float'); // an int beyond PHP_INT_MAX: the float
show('05', 'float|string');
show('c3', 'int|bool');
show('c2', 'int|true');
show('c3', 'int|true');
show('c2', 'string|false');
show('92c3c0', 'int|bool');

echo "-- mixed: as unpack() reads it, with the flags\n";
show('82a16101a162920102', 'mixed');
show('c0', 'mixed');
show('cfffffffffffffffff', 'mixed');
show('cfffffffffffffffff', 'mixed', MsgPack\Unpacker::BIGINT_AS_FLOAT);
show('81a16101', 'mixed', MsgPack\Unpacker::MAPS_AS_OBJECTS);
show('c1', 'mixed');

echo "-- names are case-insensitive, spaces allowed\n";
show('05', 'INT');
show('05', ' ? Int ');
show('05', "string |\tint");

echo "-- the value must be the whole input\n";
show('0505', 'int');
show('', 'int');
show('cd01', 'int');
show('c1', 'int');
--EXPECT--
-- int: every int format
int <- 00: 0 (int)
int <- 7f: 127 (int)
int <- ff: -1 (int)
int <- e0: -32 (int)
int <- cc80: 128 (int)
int <- ccff: 255 (int)
int <- cd0100: 256 (int)
int <- ce00010000: 65536 (int)
int <- ce7fffffff: 2147483647 (int)
int <- cf000000007fffffff: 2147483647 (int)
int <- d080: -128 (int)
int <- d18000: -32768 (int)
int <- d280000000: -2147483648 (int)
int <- d3ffffffff80000000: -2147483648 (int)
int <- cf8000000000000000: MsgPack\UnpackException: Expected int, got 9223372036854775808 (beyond PHP_INT_MAX) at $ [offset 0, path $]
?int <- cfffffffffffffffff: MsgPack\UnpackException: Expected ?int, got 18446744073709551615 (beyond PHP_INT_MAX) at $ [offset 0, path $]
int <- ca3f800000: MsgPack\UnpackException: Expected int, got float at $ [offset 0, path $]
int <- a131: MsgPack\UnpackException: Expected int, got str at $ [offset 0, path $]
int <- c0: MsgPack\UnpackException: Expected int, got nil at $ [offset 0, path $]
int <- c3: MsgPack\UnpackException: Expected int, got true at $ [offset 0, path $]
int <- 90: MsgPack\UnpackException: Expected int, got array at $ [offset 0, path $]
int <- 80: MsgPack\UnpackException: Expected int, got map at $ [offset 0, path $]
int <- d6ff00000000: MsgPack\UnpackException: Expected int, got ext -1 at $ [offset 0, path $]
-- float: float32, float64, and ints made floats
float <- ca3fc00000: 1.5 (float)
float <- cb3ff8000000000000: 1.5 (float)
float <- cb7ff0000000000000: INF (float)
float <- 05: 5.0 (float)
float <- ff: -1.0 (float)
float <- d38000000000000000: -9.223372036854776E+18 (float)
float <- cfffffffffffffffff: 1.8446744073709552E+19 (float)
float <- ca40ffae14: 7.989999771118164 (float)
float <- ca40ffae14: 7.99 (float)
float <- a3312e35: MsgPack\UnpackException: Expected float, got str at $ [offset 0, path $]
float <- c2: MsgPack\UnpackException: Expected float, got false at $ [offset 0, path $]
-- string: from str and bin, any length form
string <- a0: bytes  (string)
string <- a161: bytes 61 (string)
string <- d903616263: bytes 616263 (string)
string <- da0003616263: bytes 616263 (string)
string <- db00000003616263: bytes 616263 (string)
string <- c403ff00fe: bytes ff00fe (string)
string <- c50001ff: bytes ff (string)
string <- c600000001ff: bytes ff (string)
string <- 05: MsgPack\UnpackException: Expected string, got int at $ [offset 0, path $]
string <- c0: MsgPack\UnpackException: Expected string, got nil at $ [offset 0, path $]
-- bool, true, false, null
bool <- c2: false (bool)
bool <- c3: true (bool)
true <- c3: true (bool)
true <- c2: MsgPack\UnpackException: Expected true, got false at $ [offset 0, path $]
false <- c2: false (bool)
false <- c3: MsgPack\UnpackException: Expected false, got true at $ [offset 0, path $]
bool <- 00: MsgPack\UnpackException: Expected bool, got int at $ [offset 0, path $]
null <- c0: NULL (null)
null <- 00: MsgPack\UnpackException: Expected null, got int at $ [offset 0, path $]
-- nullable and unions: one member per wire type
?int <- c0: NULL (null)
?int <- 05: 5 (int)
?int <- a161: MsgPack\UnpackException: Expected ?int, got str at $ [offset 0, path $]
int|string <- 05: 5 (int)
int|string <- a161: bytes 61 (string)
int|string <- c0: MsgPack\UnpackException: Expected int|string, got nil at $ [offset 0, path $]
int|string|null <- c0: NULL (null)
int|float <- 05: 5 (int)
int|float <- cb4004000000000000: 2.5 (float)
int|float <- cfffffffffffffffff: 1.8446744073709552E+19 (float)
float|string <- 05: 5.0 (float)
int|bool <- c3: true (bool)
int|true <- c2: MsgPack\UnpackException: Expected int|true, got false at $ [offset 0, path $]
int|true <- c3: true (bool)
string|false <- c2: false (bool)
int|bool <- 92c3c0: MsgPack\UnpackException: Expected int|bool, got array at $ [offset 0, path $]
-- mixed: as unpack() reads it, with the flags
mixed <- 82a16101a162920102: array (   'a' => 1,   'b' =>    array (     0 => 1,     1 => 2,   ), ) (array)
mixed <- c0: NULL (null)
mixed <- cfffffffffffffffff: bytes 3138343436373434303733373039353531363135 (string)
mixed <- cfffffffffffffffff: 1.8446744073709552E+19 (float)
mixed <- 81a16101: (object) array(    'a' => 1, ) (stdClass)
mixed <- c1: MsgPack\UnpackException: unexpected byte 0xc1 at offset 0 [offset 0, path $]
-- names are case-insensitive, spaces allowed
INT <- 05: 5 (int)
 ? Int  <- 05: 5 (int)
string |	int <- 05: 5 (int)
-- the value must be the whole input
int <- 0505: MsgPack\UnpackException: unexpected trailing bytes at offset 1 [offset 1, path ]
int <- : MsgPack\InsufficientDataException: insufficient data at offset 0 [offset 0, path $]
int <- cd01: MsgPack\InsufficientDataException: insufficient data at offset 0 [offset 0, path $]
int <- c1: MsgPack\UnpackException: unexpected byte 0xc1 at offset 0 [offset 0, path $]
