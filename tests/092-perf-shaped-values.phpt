--TEST--
Maps of a known shape: values read in the entry loop (fixstr, nil, bools, ints up to 32 bits, float64) and by the general decoder, and input cut short in them (ints beyond 32 bits: tests 192, 193)
--FILE--
<?php
// Maps of a known shape in an input of 256 bytes or more: their values are read in the entry
// loop when they are fixstr, nil, bools, ints of up to 32 bits or float64, else by the general
// decoder.
$values = [null, false, true, 0, 63, 64, 127, 128, 255, 256, 65535, 65536, 2147483647,
    -1, -32, -33, -128, -129, -32768, -32769, -2147483647 - 1, '', 'a', str_repeat('s', 31),
    str_repeat('t', 32), 1.5, [1, 2], ['k' => 'v']];
$rows = [];
foreach ($values as $i => $v) {
    $rows[] = ['key' => $i, 'value' => $v, 'last' => 'x'];
}
$s = msgpack_pack($rows);
echo strlen($s) >= 256 ? "long input\n" : "short input\n";
echo bin2hex(substr($s, 0, 64)), "\n";
$u = msgpack_unpack($s);
var_dump($u === $rows);
foreach ($u as $row) {
    // an int as its decimal digits: var_export(PHP_INT_MIN) is "-2147483647-1" on 32-bit PHP
    echo $row['key'], ': ', is_int($row['value']) ? (string) $row['value'] : var_export($row['value'], true), "\n";
}
// cut short in a value of the last row (a fixstr, a uint 16 and 32, a str 8, a float64,
// nothing), or after a whole value with an entry missing: no value, a warning
$rows20 = array_fill(0, 20, ['key' => 1, 'value' => 'v', 'last' => 'x']);
foreach (['a36162', 'cd01', 'ce0102', 'd9', 'cb3ff80000', '', 'c0', 'c3', '05', 'e0', 'cb3ff8000000000000'] as $tail) {
    $bytes = "\xdc\x00\x15" . substr(msgpack_pack($rows20), 3) . hex2bin('83a36b657901a576616c7565' . $tail);
    echo "'$tail': ", strlen($bytes), " bytes\n";
    var_dump(msgpack_unpack($bytes));
}
?>
--EXPECTF--
long input
dc001c83a36b657900a576616c7565c0a46c617374a17883a36b657901a576616c7565c2a46c617374a17883a36b657902a576616c7565c3a46c617374a17883
bool(true)
0: NULL
1: false
2: true
3: 0
4: 63
5: 64
6: 127
7: 128
8: 255
9: 256
10: 65535
11: 65536
12: 2147483647
13: -1
14: -32
15: -33
16: -128
17: -129
18: -32768
19: -32769
20: -2147483648
21: ''
22: 'a'
23: 'sssssssssssssssssssssssssssssss'
24: 'tttttttttttttttttttttttttttttttt'
25: 1.5
26: array (
  0 => 1,
  1 => 2,
)
27: array (
  'k' => 'v',
)
'a36162': 438 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'cd01': 437 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'ce0102': 438 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'd9': 436 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'cb3ff80000': 440 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'': 435 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'c0': 436 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'c3': 436 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'05': 436 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'e0': 436 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
'cb3ff8000000000000': 444 bytes

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
