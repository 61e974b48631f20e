--TEST--
MsgPack\Unpacker::BIGINT_AS_GMP with ext/gmp loaded but gmp_init() disabled: a uint64 beyond PHP_INT_MAX fails with the engine's Error, nothing half-built; smaller ints are read as ints
--EXTENSIONS--
gmp
--INI--
disable_functions=gmp_init
--FILE--
<?php
foreach (['cfffffffffffffffff', '92cf7fffffffffffffffcf8000000000000000', 'cd0102'] as $hex) {
    try {
        var_dump(MsgPack\unpack(hex2bin($hex), MsgPack\Unpacker::BIGINT_AS_GMP));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$u = new MsgPack\Unpacker(MsgPack\Unpacker::BIGINT_AS_GMP);
$u->feed(hex2bin('01cfffffffffffffffff02'));
try {
    var_dump($u->tryUnpack());
    var_dump($u->tryUnpack());
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($u->tryUnpack(), $u->remaining());
?>
--EXPECT--
Error: Invalid callback gmp_init, function "gmp_init" not found or invalid function name
Error: Invalid callback gmp_init, function "gmp_init" not found or invalid function name
int(258)
array(1) {
  [0]=>
  int(1)
}
Error: Invalid callback gmp_init, function "gmp_init" not found or invalid function name
array(1) {
  [0]=>
  int(2)
}
int(0)
