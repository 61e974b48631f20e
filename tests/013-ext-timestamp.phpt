--TEST--
MsgPack\Ext and MsgPack\Timestamp: decoding every ext format, shortest re-encoding, constructor checks, invalid timestamps
--FILE--
<?php
function ext_line(string $hex) {
    $v = msgpack_unpack(hex2bin($hex));
    if (!$v instanceof MsgPack\Ext) {
        echo "$hex: not an Ext: ", var_export($v, true), "\n";
        return;
    }
    printf("%-22s type %4d len %3d data %-12s -> %s\n", strlen($hex) > 22 ? substr($hex, 0, 19) . '...' : $hex,
        $v->type, strlen($v->data), strlen($v->data) > 6 ? bin2hex(substr($v->data, 0, 6)) : bin2hex($v->data),
        strlen($hex) > 40 ? bin2hex(substr(msgpack_pack($v), 0, 8)) . '...' : bin2hex(msgpack_pack($v)));
}

echo "-- fixext and ext8/16/32 decode, re-encoded in the shortest form\n";
ext_line('d40161');
ext_line('d5fe0102');
ext_line('d6050a0b0c0d');
ext_line('d7050102030405060708');
ext_line('d87f' . str_repeat('ab', 16));
ext_line('c70003');
ext_line('c703800a0b0c');
ext_line('c7010561');                    // ext8 with one byte: fixext1 when written again
ext_line('c8000305616263');
ext_line('c800000c');
ext_line('c9000000020c6162');
ext_line('c9000000100c' . str_repeat('cd', 16));
ext_line('c7ff01' . str_repeat('11', 255));
ext_line('c8010001' . str_repeat('22', 256));
ext_line('c90001000001' . str_repeat('33', 65536));

echo "-- Ext built in PHP\n";
foreach ([[1, ''], [1, 'a'], [-128, 'ab'], [127, 'abc'], [0, 'abcd'], [2, '12345678'], [3, str_repeat('x', 16)], [4, str_repeat('y', 17)]] as [$t, $d]) {
    echo $t, ' ', strlen($d), ' ', bin2hex(msgpack_pack(new MsgPack\Ext($t, $d))), "\n";
}
$e = new MsgPack\Ext(9, "\x00\xff");
var_dump($e->type, bin2hex($e->data));
var_dump(serialize(msgpack_unpack(msgpack_pack($e))) === serialize($e));
var_dump(bin2hex(msgpack_pack(['e' => $e, 'l' => [$e, $e]])));
ini_set('msgpack.php_only', '0');
var_dump(bin2hex(msgpack_pack($e)));      // also with php_only off
ini_set('msgpack.php_only', '1');

echo "-- Ext constructor checks and readonly properties\n";
foreach ([-129, 128, PHP_INT_MAX, PHP_INT_MIN] as $t) {
    try {
        new MsgPack\Ext($t, '');
        echo "no exception for $t\n";
    } catch (ValueError $x) {
        echo get_class($x), ': ', $x->getMessage(), "\n";
    }
}
foreach (['type' => 1, 'data' => 'x'] as $prop => $value) {
    try {
        $e->$prop = $value;
        echo "modified $prop\n";
    } catch (Error $x) {
        echo get_class($x), ': ', $x->getMessage(), "\n";
    }
}
try {
    $e->__construct(1, 'z');
    echo "constructed twice\n";
} catch (Error $x) {
    echo get_class($x), ': ', $x->getMessage(), "\n";
}
var_dump($e->type, bin2hex($e->data));
try {
    new MsgPack\Ext('x', 'y');
} catch (TypeError $x) {
    echo get_class($x), "\n";
}

echo "-- Timestamp: the three forms both ways\n";
// seconds beyond 32 bits are floats on 32-bit PHP (the literals, and what is read back); %s, as
// printf('%d') of such a float is garbage there. PHP_INT_MAX and PHP_INT_MIN: tests 194 and 195.
foreach ([[0, 0], [1514862245, 0], [4294967295, 0], [1514862245, 678901234], [0, 1],
          [4294967296, 0], [17179869183, 999999999], [17179869184, 0], [-1, 0], [-1, 999999999],
          [-62167219200, 0]] as [$s, $ns]) {
    $bin = msgpack_pack(new MsgPack\Timestamp($s, $ns));
    $back = msgpack_unpack($bin);
    printf("%20s %9d %-30s %s\n", $s, $ns, bin2hex($bin),
        $back instanceof MsgPack\Timestamp && $back->seconds === $s && $back->nanoseconds === $ns ? 'ok' : 'BROKEN');
}
// the int64 extremes of the 96-bit form, read and written back (by both APIs) as they were
foreach (['c70cff000000007fffffffffffffff', 'c70cff3b9ac9ff7fffffffffffffff', 'c70cff3b9ac9ff8000000000000000'] as $hex) {
    $back = msgpack_unpack(hex2bin($hex));
    echo $hex, ' ', $back instanceof MsgPack\Timestamp && bin2hex(msgpack_pack($back)) === $hex
        && bin2hex(MsgPack\pack($back)) === $hex ? 'written back the same' : 'CHANGED', "\n";
}
var_dump(msgpack_unpack(hex2bin('d6ff5a4af6a5')));
var_dump(msgpack_unpack(hex2bin('d7ffa1dcd7c85a4af6a5')));
var_dump(msgpack_unpack(hex2bin('c70cff3b9ac9ffffffffffffffffff')));
$t = new MsgPack\Timestamp(5);
var_dump($t->seconds, $t->nanoseconds);
try {
    $t->seconds = 6;
} catch (Error $x) {
    echo $x->getMessage(), "\n";
}
foreach ([-1, 1000000000] as $ns) {
    try {
        new MsgPack\Timestamp(0, $ns);
    } catch (ValueError $x) {
        echo $x->getMessage(), "\n";
    }
}

echo "-- invalid timestamps: warning and false\n";
var_dump(msgpack_unpack(hex2bin('c705ff0000000001')));            // 5-byte payload
var_dump(msgpack_unpack(hex2bin('d4ff00')));                      // 1-byte payload
var_dump(msgpack_unpack(hex2bin('d8ff' . str_repeat('00', 16))));  // 16-byte payload
var_dump(msgpack_unpack(hex2bin('c700ff')));                      // empty payload
var_dump(msgpack_unpack(hex2bin('d7ffee6b280000000000')));        // 64-bit form, 1000000000 ns
var_dump(msgpack_unpack(hex2bin('d7ffffffffff00000000')));        // 64-bit form, 2^30-1 ns
var_dump(msgpack_unpack(hex2bin('c70cff3b9aca000000000000000000'))); // 96-bit form, 1000000000 ns
var_dump(msgpack_unpack(hex2bin('92c0c705ff0000000001')));        // also inside an array

echo "-- truncated ext\n";
var_dump(msgpack_unpack(hex2bin('d601aabb')));
var_dump(msgpack_unpack(hex2bin('c70501aa')));
var_dump(msgpack_unpack(hex2bin('c9ffffffff01')));
?>
--EXPECTF--
-- fixext and ext8/16/32 decode, re-encoded in the shortest form
d40161                 type    1 len   1 data 61           -> d40161
d5fe0102               type   -2 len   2 data 0102         -> d5fe0102
d6050a0b0c0d           type    5 len   4 data 0a0b0c0d     -> d6050a0b0c0d
d7050102030405060708   type    5 len   8 data 010203040506 -> d7050102030405060708
d87fabababababababa... type  127 len  16 data abababababab -> d87fabababababababababababababababab
c70003                 type    3 len   0 data              -> c70003
c703800a0b0c           type -128 len   3 data 0a0b0c       -> c703800a0b0c
c7010561               type    5 len   1 data 61           -> d40561
c8000305616263         type    5 len   3 data 616263       -> c70305616263
c800000c               type   12 len   0 data              -> c7000c
c9000000020c6162       type   12 len   2 data 6162         -> d50c6162
c9000000100ccdcdcdc... type   12 len  16 data cdcdcdcdcdcd -> d80ccdcdcdcdcdcd...
c7ff011111111111111... type    1 len 255 data 111111111111 -> c7ff011111111111...
c801000122222222222... type    1 len 256 data 222222222222 -> c801000122222222...
c900010000013333333... type    1 len 65536 data 333333333333 -> c900010000013333...
-- Ext built in PHP
1 0 c70001
1 1 d40161
-128 2 d5806162
127 3 c7037f616263
0 4 d60061626364
2 8 d7023132333435363738
3 16 d80378787878787878787878787878787878
4 17 c711047979797979797979797979797979797979
int(9)
string(4) "00ff"
bool(true)
string(36) "82a165d50900ffa16c92d50900ffd50900ff"
string(8) "d50900ff"
-- Ext constructor checks and readonly properties
ValueError: MsgPack\Ext::__construct(): Argument #1 ($type) must be between -128 and 127
ValueError: MsgPack\Ext::__construct(): Argument #1 ($type) must be between -128 and 127
ValueError: MsgPack\Ext::__construct(): Argument #1 ($type) must be between -128 and 127
ValueError: MsgPack\Ext::__construct(): Argument #1 ($type) must be between -128 and 127
Error: Cannot modify readonly property MsgPack\Ext::$type
Error: Cannot modify readonly property MsgPack\Ext::$data
Error: Cannot modify readonly property MsgPack\Ext::$type
int(9)
string(4) "00ff"
TypeError
-- Timestamp: the three forms both ways
                   0         0 d6ff00000000                   ok
          1514862245         0 d6ff5a4af6a5                   ok
          4294967295         0 d6ffffffffff                   ok
          1514862245 678901234 d7ffa1dcd7c85a4af6a5           ok
                   0         1 d7ff0000000400000000           ok
          4294967296         0 d7ff0000000100000000           ok
         17179869183 999999999 d7ffee6b27ffffffffff           ok
         17179869184         0 c70cff000000000000000400000000 ok
                  -1         0 c70cff00000000ffffffffffffffff ok
                  -1 999999999 c70cff3b9ac9ffffffffffffffffff ok
        -62167219200         0 c70cff00000000fffffff1868b8400 ok
c70cff000000007fffffffffffffff written back the same
c70cff3b9ac9ff7fffffffffffffff written back the same
c70cff3b9ac9ff8000000000000000 written back the same
object(MsgPack\Timestamp)#%d (2) {
  ["seconds"]=>
  int(1514862245)
  ["nanoseconds"]=>
  int(0)
}
object(MsgPack\Timestamp)#%d (2) {
  ["seconds"]=>
  int(1514862245)
  ["nanoseconds"]=>
  int(678901234)
}
object(MsgPack\Timestamp)#%d (2) {
  ["seconds"]=>
  int(-1)
  ["nanoseconds"]=>
  int(999999999)
}
int(5)
int(0)
Cannot modify readonly property MsgPack\Timestamp::$seconds
MsgPack\Timestamp::__construct(): Argument #2 ($nanoseconds) must be between 0 and 999999999
MsgPack\Timestamp::__construct(): Argument #2 ($nanoseconds) must be between 0 and 999999999
-- invalid timestamps: warning and false

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp length in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp length in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp length in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp length in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp nanoseconds in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp nanoseconds in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp nanoseconds in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid timestamp length in %s on line %d
bool(false)
-- truncated ext

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
