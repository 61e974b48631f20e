--TEST--
msgpack.max_depth=0 or a huge value stays within what the C stack holds: 200,000 levels fail cleanly
--INI--
msgpack.max_depth=0
--FILE--
<?php
$n = 200000;
var_dump(@msgpack_unpack(str_repeat("\x91", $n) . "\x00"));
echo error_get_last()['message'], "\n";
$v = [];
for ($i = 0; $i < $n; $i++) {
    $v = [$v];
}
var_dump(@msgpack_pack($v));
echo preg_replace('/\d+/', 'N', error_get_last()['message']), "\n";
ini_set('msgpack.max_depth', '100000000');
var_dump(@msgpack_pack($v));
// within the limit deep values still work
ini_set('msgpack.max_depth', '10000');
$v = 1;
for ($i = 0; $i < 9000; $i++) {
    $v = [$v];
}
$p = msgpack_pack($v);
var_dump(strlen($p), msgpack_unpack($p) === $v);
?>
--EXPECT--
bool(false)
[msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded
bool(false)
[msgpack] (php_msgpack_serialize) Maximum nesting depth of N exceeded
bool(false)
int(9001)
bool(true)
