--TEST--
msgpack.max_depth=0 or a huge value: the C stack itself is the limit, checked where the recursion runs; deeper values fail cleanly
--INI--
pcre.jit=0
msgpack.max_depth=0
--FILE--
<?php
// Deeper than any build's stack holds for packing. The engine frees a nested array by recursion,
// which a value this deep overflows on some builds (32-bit x86, arm64 and s390x under qemu):
// the value is freed from the top, one level at a time (unnest()).
$n = 200000;
function unnest(array &$v): void
{
    while ($v) {
        $v = $v[0]; // the outer level goes, its only element is held here
    }
}
$level = fn () => preg_replace('/level \d+/', 'level N', error_get_last()['message']);
var_dump(@msgpack_unpack(str_repeat("\x91", 200000) . "\x00"));
echo $level(), "\n";
$v = [];
for ($i = 0; $i < $n; $i++) {
    $v = [$v];
}
var_dump(@msgpack_pack($v));
echo $level(), "\n";
ini_set('msgpack.max_depth', '100000000');
var_dump(@msgpack_pack($v));
echo $level(), "\n";
unnest($v);
// the limit stops where the stack is full, wherever the call started: 5,000 levels in,
// a value of 100,000 levels still fails cleanly
function nest(int $k, string $bytes)
{
    return $k ? nest($k - 1, $bytes) : @msgpack_unpack($bytes);
}
var_dump(nest(5000, str_repeat("\x91", 100000) . "\x00"));
echo $level(), "\n";
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
[msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
bool(false)
[msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
bool(false)
[msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
bool(false)
[msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
int(9001)
bool(true)
