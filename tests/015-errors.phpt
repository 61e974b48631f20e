--TEST--
Errors: parse errors, truncated input, extra bytes, empty input
--FILE--
<?php
function u(string $hex) { return msgpack_unpack(hex2bin(str_replace(' ', '', $hex))); }

echo "-- empty string: NULL, silently\n";
var_dump(msgpack_unpack(''));

echo "-- 0xc1 (never used)\n";
var_dump(u('c1'));
var_dump(u('92 01 c1'));
var_dump(u('81 a1 61 c1'));
var_dump(u('81 c1 01'));

echo "-- truncated input\n";
var_dump(u('91'));
var_dump(u('a3 61 62'));
var_dump(u('cb 00 00'));
var_dump(u('82 01 02 03'));

echo "-- extra bytes: warning, the value is still returned\n";
var_dump(u('00 00'));
var_dump(u('91 00 c1'));
var_dump(u('c0 c0'));

echo "-- every prefix of a packed value is insufficient data\n";
$value = [
    'int' => [0, -1, 127, 128, -33, 65536, -32769, 2147483647, -2147483647 - 1],
    'float' => [1.5, -0.0],
    'str' => ['', 'a', str_repeat('b', 40), str_repeat('c', 300)],
    'map' => [1 => 'x', 'y' => [null, true, false]],
    'ext' => new MsgPack\Ext(3, 'abcde'),
    'ts' => [new MsgPack\Timestamp(1, 0), new MsgPack\Timestamp(1, 1), new MsgPack\Timestamp(-1, 1)],
    'list' => range(1, 20),
];
$bin = msgpack_pack($value);
$messages = [];
set_error_handler(function ($no, $msg) use (&$messages) {
    $messages[$msg] = ($messages[$msg] ?? 0) + 1;
    return true;
});
$bad = 0;
for ($i = 1; $i < strlen($bin); $i++) {
    if (msgpack_unpack(substr($bin, 0, $i)) !== false) {
        $bad++;
    }
}
var_dump(serialize(msgpack_unpack($bin)) === serialize($value)); // exactly: -0.0, null and false told apart
// the 64-bit int formats as bytes (a PHP int of 32-bit PHP packs as none of them)
$ints64 = hex2bin('93cf7fffffffffffffffd38000000000000000cfffffffffffffffff');
for ($i = 1; $i < strlen($ints64); $i++) {
    if (msgpack_unpack(substr($ints64, 0, $i)) !== false) {
        $bad++;
    }
}
restore_error_handler();
echo strlen($bin) - 1 + strlen($ints64) - 1, " prefixes, $bad not false\n";
ksort($messages);
foreach ($messages as $msg => $n) {
    echo "$n x $msg\n";
}

echo "-- a throwing error handler\n";
set_error_handler(function ($no, $msg) { throw new ErrorException($msg); });
try {
    var_dump(u('c1'));
} catch (ErrorException $e) {
    echo 'caught: ', $e->getMessage(), "\n";
}
try {
    var_dump(u('92 a3 61'));
} catch (ErrorException $e) {
    echo 'caught: ', $e->getMessage(), "\n";
}
restore_error_handler();
var_dump(u('92 01 02'));
?>
--EXPECTF--
-- empty string: NULL, silently
NULL
-- 0xc1 (never used)

Warning: [msgpack] (php_msgpack_unserialize) Parse error in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Parse error in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Parse error in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Parse error in %s on line %d
bool(false)
-- truncated input

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- extra bytes: warning, the value is still returned

Warning: [msgpack] (php_msgpack_unserialize) Extra bytes in %s on line %d
int(0)

Warning: [msgpack] (php_msgpack_unserialize) Extra bytes in %s on line %d
array(1) {
  [0]=>
  int(0)
}

Warning: [msgpack] (php_msgpack_unserialize) Extra bytes in %s on line %d
NULL
-- every prefix of a packed value is insufficient data
bool(true)
526 prefixes, 0 not false
526 x [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
-- a throwing error handler
caught: [msgpack] (php_msgpack_unserialize) Parse error
caught: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
