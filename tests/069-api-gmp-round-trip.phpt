--TEST--
MsgPack\ API: a uint64 read as GMP (BIGINT_AS_GMP) packs back to the same bytes; GMP values within 64 bits are ints, beyond them a PackException (ints read as ints or GMP numbers by the platform: tests 192, 193)
--EXTENSIONS--
msgpack
gmp
--FILE--
<?php
use MsgPack\Unpacker;

foreach (['cfffffffffffffffff', 'cf8000000000000000', 'd280000000', '7f'] as $hex) {
    $v = MsgPack\unpack(hex2bin($hex), Unpacker::BIGINT_AS_GMP);
    printf("%s: %s %s -> %s\n", $hex, get_debug_type($v), (string) $v, bin2hex(MsgPack\pack($v)));
}
foreach (['0', '-33', '4294967296', '-9223372036854775808'] as $n) {
    printf("gmp %s -> %s\n", $n, bin2hex(MsgPack\pack(gmp_init($n))));
}
foreach (['18446744073709551616', '-9223372036854775809'] as $n) {
    try {
        MsgPack\pack([1, gmp_init($n)]);
    } catch (MsgPack\PackException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
cfffffffffffffffff: GMP 18446744073709551615 -> cfffffffffffffffff
cf8000000000000000: GMP 9223372036854775808 -> cf8000000000000000
d280000000: int -2147483648 -> d280000000
7f: int 127 -> 7f
gmp 0 -> 00
gmp -33 -> d0df
gmp 4294967296 -> cf0000000100000000
gmp -9223372036854775808 -> d38000000000000000
MsgPack\PackException: the GMP value 18446744073709551616 is beyond the 64-bit ints of MessagePack
MsgPack\PackException: the GMP value -9223372036854775809 is beyond the 64-bit ints of MessagePack
