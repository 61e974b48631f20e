--TEST--
MsgPack\Unpacker::BIGINT_AS_GMP without ext/gmp: a MsgPack\Exception when the flags are given, before any input is read
--SKIPIF--
<?php if (extension_loaded('gmp')) die('skip ext/gmp is loaded'); ?>
--FILE--
<?php
use MsgPack\Unpacker;

foreach ([fn () => new Unpacker(Unpacker::BIGINT_AS_GMP), fn () => MsgPack\unpack("\x01", Unpacker::BIGINT_AS_GMP),
          fn () => MsgPack\unpack("\xc1", Unpacker::BIGINT_AS_GMP | Unpacker::MAPS_AS_OBJECTS)] as $f) {
    try {
        $f();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
// without the flag the decimal string
var_dump(MsgPack\unpack(hex2bin('cfffffffffffffffff')));
?>
--EXPECT--
MsgPack\Exception: MsgPack\Unpacker::BIGINT_AS_GMP needs the gmp extension, which is not loaded
MsgPack\Exception: MsgPack\Unpacker::BIGINT_AS_GMP needs the gmp extension, which is not loaded
MsgPack\Exception: MsgPack\Unpacker::BIGINT_AS_GMP needs the gmp extension, which is not loaded
string(20) "18446744073709551615"
