--TEST--
32-bit PHP: ints beyond zend_long (uint32 beyond PHP_INT_MAX, int64 and uint64 beyond 32 bits): the compatible API's float, decimal strings and string keys (PECL's warning for a uint32 key), the MsgPack\ API's BIGINT flags, unpackAs() errors, floats and GMP numbers packed, header counts refused, timestamp seconds as floats; the inputs of test 192
--SKIPIF--
<?php if (PHP_INT_SIZE !== 4) die("skip 32-bit PHP only: ints beyond 32 bits are not PHP ints there"); ?>
--EXTENSIONS--
gmp
--FILE--
<?php
use MsgPack\{Packer, Unpacker};

// The inputs of test 192 (the rows of tests 010-170 that hold only on 64-bit PHP) on 32-bit PHP,
// where PHP_INT_MAX is 2^31-1 and an int literal beyond it a float:
// - msgpack_unpack() and the other compatible readers: a uint32 beyond PHP_INT_MAX is a float (as PECL
//   msgpack), a uint64 or int64 beyond it its decimal string; as a map key, the decimal string key,
//   with PECL's "illegal key type" warning for the uint32;
// - the MsgPack\ API: the BIGINT flags (decimal string, float, GMP), string keys; unpackAs() into
//   int an UnpackException, into float the float;
// - floats are packed as floats, GMP numbers as the ints they hold; packInt() and the header writers
//   take ints only; a header count beyond PHP_INT_MAX is an UnpackException;
// - timestamp seconds beyond PHP's ints are whole floats, packed back to the same bytes.

// A PHP value, the bytes msgpack_pack() writes of it and what msgpack_unpack() reads back (as test 010)
function compat_show($v): void {
    $bin = msgpack_pack($v);
    echo str_pad(var_export($v, true), 22), ' ', bin2hex($bin), ' ';
    $back = msgpack_unpack($bin);
    var_dump($back);
    if ($back !== $v) {
        echo "  ROUND TRIP MISMATCH\n";
    }
}
function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo $label, ': ', is_string($r) ? bin2hex($r) : 'no error', "\n";
    } catch (MsgPack\UnpackException $e) {
        printf("%s: %s(%d): %s\n", $label, get_class($e), $e->getPosition(), $e->getMessage());
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}
function typed(string $hex, string $type, int $flags = 0): void {   // as test 170
    try {
        $v = MsgPack\unpackAs(hex2bin($hex), $type, $flags);
        $shown = is_string($v) ? 'bytes ' . bin2hex($v)
            : ($v instanceof GMP ? "GMP $v" : str_replace("\n", ' ', var_export($v, true)));
        echo "$type <- $hex: ", $shown, ' (', get_debug_type($v), ")\n";
    } catch (MsgPack\UnpackException $e) {
        echo "$type <- $hex: ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}
enum Level: int { case Low = 1; case High = 300; case Negative = -5; }

var_dump(PHP_INT_SIZE, PHP_INT_MAX, PHP_INT_MIN);

echo "-- 010: PHP values beyond 32 bits through msgpack_pack() and msgpack_unpack()\n";
foreach ([4294967295, 4294967296, PHP_INT_MAX, -2147483648, -2147483649, PHP_INT_MIN] as $v) {
    compat_show($v);
}
echo "-- 010: msgpack_unpack() of ints beyond 32 bits\n";
foreach (['ce80000000', 'ceffffffff', 'cf0000000080000000', 'cf00000000ffffffff', 'cf0000000100000000',
          'cf7fffffffffffffff', 'd3ffffffff7fffffff', 'd37fffffffffffffff', 'd38000000000000000'] as $h) {
    echo str_pad($h, 20), ' ';
    var_dump(msgpack_unpack(hex2bin($h)));
}
echo "-- 010: msgpack_unserialize() and MessagePack::unpack() read them as msgpack_unpack()\n";
foreach (['msgpack_unserialize', [new MessagePack(), 'unpack']] as $reader) {
    var_dump($reader(hex2bin('94ce80000000ceffffffffcf0000000100000000d3ffffffff7fffffff')));
}

echo "-- 012: map keys beyond 32 bits\n";
var_dump(bin2hex(msgpack_pack([-1 => 'n', PHP_INT_MAX => 'm'])));
foreach (['81ce80000001a178', '81ceffffffffa178', '81cf0000000080000000a178', '81cf0000000100000000a178',
          '81d3ffffffff7fffffffa178', '81d38000000000000000a178'] as $h) {
    echo "$h:\n";
    var_dump(msgpack_unpack(hex2bin($h)));
}
// through the MsgPack\ API
var_dump(MsgPack\unpack(hex2bin('83ce80000001a178cf0000000100000000a179d3ffffffff7fffffffa17a')));

echo "-- 050: MsgPack\\pack() of PHP values beyond 32 bits, flags beyond 32 bits\n";
foreach ([4294967295, 4294967296, PHP_INT_MAX, -2147483648, -2147483649, PHP_INT_MIN] as $v) {
    echo var_export($v, true), ': ', bin2hex(MsgPack\pack($v)), "\n";
}
// 1 << 40 is 0 on 32-bit PHP (a shift past the width of an int)
foreach (['1 << 40' => 1 << 40, '-1' => -1, 'PHP_INT_MIN' => PHP_INT_MIN] as $label => $flags) {
    attempt("pack(), flags $label", fn() => MsgPack\pack(1, $flags));
    attempt("new Packer(), flags $label", fn() => new Packer($flags));
}

echo "-- 054: Packer::packInt(), packArrayHeader(), packMapHeader() of ints beyond 32 bits\n";
$p = new Packer();
foreach ([4294967295, 4294967296, PHP_INT_MAX, -2147483649, PHP_INT_MIN] as $n) {
    attempt("int $n", fn() => $p->packInt($n));
}
foreach ([4294967295, 4294967296, PHP_INT_MAX] as $n) {
    attempt("array header $n", fn() => $p->packArrayHeader($n));
    attempt("map header $n", fn() => $p->packMapHeader($n));
}

echo "-- 060: MsgPack\\unpack() of ints and timestamp seconds beyond 32 bits\n";
foreach (['ce80000000', 'ceffffffff', 'cf0000000100000000', 'cf7fffffffffffffff', 'd3ffffffff7fffffff', 'd38000000000000000',
          'd6ff80000000', 'd6ffffffffff', 'c70cff000000000000000400000000', 'c70cff00000000ffffffff7fffffff'] as $hex) {
    echo $hex, ": ";
    var_dump(MsgPack\unpack(hex2bin($hex)));
}

// Timestamps made of such seconds (floats on 32-bit PHP) pack to the same bytes and read back equal
foreach ([4294967295, 4294967296, 17179869183, 17179869184, -2147483649, 1099511627776] as $seconds) {
    $t = new MsgPack\Timestamp($seconds, 5);
    $bin = MsgPack\pack($t);
    $back = MsgPack\unpack($bin);
    echo var_export($t->seconds, true), ': ', bin2hex($bin), ' ', bin2hex(msgpack_pack($t)), ' ', var_export($back->seconds, true),
        ' ', $back == $t ? 'equal' : 'DIFFERENT', "\n";
}

echo "-- 061: MsgPack\\unpack() and Unpacker flags beyond 32 bits\n";
// 1 << 40 is 0 on 32-bit PHP (a shift past the width of an int)
foreach (['1 << 40' => 1 << 40, '-1' => -1, 'PHP_INT_MIN' => PHP_INT_MIN] as $label => $flags) {
    attempt("unpack(), flags $label", fn() => MsgPack\unpack("\x01", $flags));
    attempt("new Unpacker(), flags $label", fn() => new Unpacker($flags));
}

echo "-- 062: BIGINT_AS_FLOAT\n";
foreach (['ce80000000', 'ceffffffff', 'cf0000000100000000', 'cf7fffffffffffffff', 'd3ffffffff7fffffff', 'd38000000000000000'] as $hex) {
    foreach ([0, Unpacker::BIGINT_AS_FLOAT] as $flags) {
        echo "$hex/$flags: ";
        var_dump(MsgPack\unpack(hex2bin($hex), $flags));
    }
}
var_dump(MsgPack\unpack(hex2bin('83ce80000001c3cf0000000100000000c2d3ffffffff7fffffffc0'), Unpacker::BIGINT_AS_FLOAT));
echo "-- 062: timestamps with seconds beyond 32 bits: Timestamp, DateTimeImmutable, packed back\n";
foreach (['d6ff80000000', 'd6ffffffffff', 'd7ff000000015e0fe485', 'd7ffee6b27ff00000003', 'd7ff00000004ffffffff',
          'c70cff00000000000000e8d4a51000', 'c70cff00000000ffffffff7fffffff'] as $hex) {
    $d = MsgPack\unpack(hex2bin($hex), Unpacker::TIMESTAMP_AS_DATETIME);
    $t = MsgPack\unpack(hex2bin($hex));
    echo "$hex: ", get_class($d), ' ', $d->format('Y-m-d H:i:s.u e'), ' U ', $d->format('U'),
        ' | seconds ', var_export($t->seconds, true), ' ns ', $t->nanoseconds, ' | packed ', bin2hex(MsgPack\pack($t)),
        ' | toDateTime() ', $t->toDateTime()->format('Y-m-d H:i:s.u U'), "\n";
}

echo "-- 063: BIGINT_AS_GMP\n";
foreach (['ce80000000', 'ceffffffff', 'cf0000000100000000', 'cf7fffffffffffffff', 'd3ffffffff7fffffff', 'd38000000000000000'] as $hex) {
    echo "$hex: ";
    var_dump(MsgPack\unpack(hex2bin($hex), Unpacker::BIGINT_AS_GMP));
}
$u = new Unpacker(Unpacker::BIGINT_AS_GMP);
var_dump($u->unpack(hex2bin('83ce8000000101cf000000010000000002d3ffffffff7fffffff03')));

echo "-- 068: round trips bytes -> MsgPack\\unpack() -> MsgPack\\pack()\n";
function trip(string $label, string $hex, int $unpackFlags = 0, int $packFlags = 0): void {
    $v = MsgPack\unpack(hex2bin($hex), $unpackFlags);
    $back = bin2hex(MsgPack\pack($v, $packFlags));
    printf("%-22s %s %s\n", $label, $back === $hex ? 'same' : "DIFFERENT: $back", get_debug_type($v));
}
foreach ([0, Unpacker::BIGINT_AS_FLOAT, Unpacker::BIGINT_AS_GMP] as $flags) {
    echo "flags $flags\n";
    trip('ints', '9a007fcc80cd0100ce00010000cf0000000100000000ffe0d0dfd18000', $flags);
    trip('int64 min', 'd38000000000000000', $flags);
    trip('uint32 max', 'ceffffffff', $flags);
    trip('int64 -2^31-1', 'd3ffffffff7fffffff', $flags);
}

echo "-- 069: GMP numbers read (BIGINT_AS_GMP) and packed\n";
foreach (['cf7fffffffffffffff', 'd38000000000000000', 'ce80000000', 'ceffffffff', 'd3ffffffff7fffffff'] as $hex) {
    $v = MsgPack\unpack(hex2bin($hex), Unpacker::BIGINT_AS_GMP);
    printf("%s: %s %s -> %s\n", $hex, get_debug_type($v), (string) $v, bin2hex(MsgPack\pack($v)));
}
foreach (['2147483647', '2147483648', '4294967295', '-2147483648', '-2147483649', '9223372036854775807'] as $n) {
    printf("gmp %s -> %s\n", $n, bin2hex(MsgPack\pack(gmp_init($n))));
}

echo "-- 070: RECORDS with a key beyond 32 bits\n";
echo 'negative and big keys: ', bin2hex((new Packer(Packer::RECORDS))->pack([-1 => 1, PHP_INT_MAX => 2])), "\n";
var_dump(MsgPack\unpack(hex2bin('92d4724091cf0000000100000000a16140a162'), Unpacker::RECORDS));

echo "-- 085: every int format beyond 32 bits, alone and first in an array\n";
foreach (['ce80000001', 'ceffffffff', 'cf7fffffffffffffff', 'cf0000010000000001', 'd37fffffffffffffff',
          'd38000000000000000', 'd3fffffeffffffffff'] as $hex) {
    $alone = MsgPack\unpack(hex2bin($hex));
    $inArray = MsgPack\unpack(hex2bin('92' . $hex . 'a178'));
    printf("%-22s %s %s\n", $hex, var_export($alone, true), $inArray[0] === $alone && $inArray[1] === 'x' ? 'same in array' : 'DIFFERS in array');
}
echo "-- 085: a random mix of sizes and signs up to 62 bits, written from GMP numbers\n";
mt_srand(85);
$big = [];
for ($i = 0; $i < 2000; $i++) {
    $big[] = gmp_mul((mt_rand(0, 1) ? 1 : -1) * (mt_rand() >> mt_rand(0, 30)), mt_rand(0, 1) ? 1 : gmp_pow(2, 31));
}
$packed = MsgPack\pack($big);
$strings = array_map('gmp_strval', $big);
var_dump(array_map('strval', MsgPack\unpack($packed)) === $strings,
    array_map('strval', MsgPack\unpack($packed, Unpacker::BIGINT_AS_GMP)) === $strings,
    array_map('strval', msgpack_unpack($packed)) === $strings);
echo bin2hex(substr($packed, 0, 40)), "\n";

echo "-- 092: maps of a known shape whose values are ints beyond 32 bits\n";
$rows = [];
foreach ([4294967295, 4294967296, -2147483649, PHP_INT_MAX, PHP_INT_MIN, 2147483648] as $i => $v) {
    $rows[] = ['key' => $i, 'value' => $v, 'last' => 'x'];
}
for ($i = count($rows); $i < 20; $i++) {
    $rows[] = ['key' => $i, 'value' => null, 'last' => 'x'];
}
$s = msgpack_pack($rows);
echo strlen($s) >= 256 ? "long input\n" : "short input\n";
$u = msgpack_unpack($s);
var_dump($u === $rows);
for ($i = 0; $i < 6; $i++) {
    echo $u[$i]['key'], ': ', bin2hex(msgpack_pack($u[$i]['value'])), ' ', var_export($u[$i]['value'], true), "\n";
}
// the same shape, the values in the uint32, uint64 and int64 formats
$hex = '';
$wire = ['ce80000000', 'ceffffffff', 'cf0000000100000000', 'cf7fffffffffffffff', 'd3ffffffff7fffffff', 'd38000000000000000'];
for ($i = 0; $i < 20; $i++) {
    $hex .= '83a36b6579' . sprintf('%02x', $i) . 'a576616c7565' . ($wire[$i] ?? 'c0') . 'a46c617374a178';
}
$s = hex2bin('dc0014' . $hex);
echo strlen($s) >= 256 ? "long input\n" : "short input\n";
foreach ([msgpack_unpack($s), MsgPack\unpack($s)] as $u) {
    for ($i = 0; $i < 6; $i++) {
        echo $wire[$i], ': ', var_export($u[$i]['value'], true), "\n";
    }
}

echo "-- 093: records whose values are ints beyond 32 bits\n";
$rows = [['key' => 0, 'value' => 4294967296], ['key' => 1, 'value' => -2147483649]];
$s = MsgPack\pack($rows, Packer::RECORDS);
echo bin2hex($s), "\n";
$u = MsgPack\unpack($s, Unpacker::RECORDS);
var_dump($u === $rows);
var_dump(MsgPack\unpack(hex2bin('92d4724092a36b6579a576616c756500cf00000001000000004001d3ffffffff7fffffff'), Unpacker::RECORDS));

echo "-- 126: a stream of ints beyond 32 bits, fed whole and in pieces\n";
$stream = hex2bin('ceffffffff' . '2a' . 'cf7fffffffffffffff' . '2a' . 'd38000000000000000' . '2a' . 'ce80000000');
function big_streams(string $stream, int $piece): array {
    $api = $compat = [];
    $u = new Unpacker();
    $c = new MessagePackUnpacker();
    for ($i = 0; $i < strlen($stream); $i += $piece) {
        $u->feed(substr($stream, $i, $piece));
        foreach ($u->tryUnpack() as $v) {
            $api[] = $v;
        }
        $c->feed(substr($stream, $i, $piece));
        while ($c->execute()) {
            $compat[] = $c->data();
            $c->reset();
        }
    }
    return [serialize($api), serialize($compat)];
}
[$api, $compat] = big_streams($stream, strlen($stream));
echo "MsgPack\\Unpacker: $api\nMessagePackUnpacker: $compat\n";
foreach ([1, 2, 3, 5, 7] as $piece) {
    echo "pieces of $piece: ", big_streams($stream, $piece) === [$api, $compat] ? 'same' : 'DIFFERENT', "\n";
}

echo "-- 140: Unpacker::unpackInt() beyond 32 bits, with each BIGINT flag\n";
foreach ([0, Unpacker::BIGINT_AS_FLOAT, Unpacker::BIGINT_AS_GMP] as $flags) {
    $u = new Unpacker($flags);
    $u->feed(hex2bin('ce80000000' . 'cf7fffffffffffffff' . 'd3ffffffff7fffffff' . 'd38000000000000000' . 'ce7fffffff'));
    for ($i = 0; $i < 5; $i++) {
        $v = $u->unpackInt();
        echo "$flags: ", get_debug_type($v), ' ', $v instanceof GMP ? $v : var_export($v, true), "\n";
    }
}
echo "-- 140: array and map headers of counts beyond PHP_INT_MAX\n";
function t(callable $f): void {   // as test 140
    try {
        var_dump($f());
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    }
}
$u = new Unpacker();
$u->feed(hex2bin('01' . 'ddffffffff'));
t(fn() => $u->unpackInt());
t(fn() => $u->unpackArrayHeader());
t(fn() => $u->remaining());
$u = new Unpacker();
$u->feed(hex2bin('df80000000'));
t(fn() => $u->unpackMapHeader());
t(fn() => $u->remaining());
$u = new Unpacker();
$u->feed(hex2bin('dd7fffffff' . 'df7fffffff'));
t(fn() => $u->unpackArrayHeader());
t(fn() => $u->unpackMapHeader());

echo "-- 170: MsgPack\\unpackAs() of ints beyond 32 bits\n";
foreach (['ce80000000', 'ceffffffff', 'cf0000000100000000', 'cf7fffffffffffffff', 'd3ffffffff7fffffff', 'd38000000000000000'] as $hex) {
    typed($hex, 'int');
    typed($hex, 'float');
    typed($hex, 'int|float'); // the float, as the int does not fit
}
typed('ceffffffff', '?int');
foreach ([0, Unpacker::BIGINT_AS_FLOAT, Unpacker::BIGINT_AS_GMP] as $flags) {
    typed('ceffffffff', 'mixed', $flags);
    typed('d3ffffffff7fffffff', 'mixed', $flags);
}
typed('81ceffffffff01', 'array<int, int>');
typed('81d3ffffffff7fffffff01', 'array<int, int>');
typed('81ceffffffff01', 'array<array-key, int>');
typed('81d3ffffffff7fffffff01', 'array<array-key, int>');
typed('91ceffffffff', 'array<int>');
typed('ceffffffff', 'Level');
typed('d3ffffffff7fffffff', 'Level');
?>
--EXPECTF--
int(4)
int(2147483647)
int(-2147483648)
-- 010: PHP values beyond 32 bits through msgpack_pack() and msgpack_unpack()
4294967295.0           cb41efffffffe00000 float(4294967295)
4294967296.0           cb41f0000000000000 float(4294967296)
2147483647             ce7fffffff int(2147483647)
-2147483648.0          cbc1e0000000000000 float(-2147483648)
-2147483649.0          cbc1e0000000200000 float(-2147483649)
-2147483647-1          d280000000 int(-2147483648)
-- 010: msgpack_unpack() of ints beyond 32 bits
ce80000000           float(2147483648)
ceffffffff           float(4294967295)
cf0000000080000000   string(10) "2147483648"
cf00000000ffffffff   string(10) "4294967295"
cf0000000100000000   string(10) "4294967296"
cf7fffffffffffffff   string(19) "9223372036854775807"
d3ffffffff7fffffff   string(11) "-2147483649"
d37fffffffffffffff   string(19) "9223372036854775807"
d38000000000000000   string(20) "-9223372036854775808"
-- 010: msgpack_unserialize() and MessagePack::unpack() read them as msgpack_unpack()
array(4) {
  [0]=>
  float(2147483648)
  [1]=>
  float(4294967295)
  [2]=>
  string(10) "4294967296"
  [3]=>
  string(11) "-2147483649"
}
array(4) {
  [0]=>
  float(2147483648)
  [1]=>
  float(4294967295)
  [2]=>
  string(10) "4294967296"
  [3]=>
  string(11) "-2147483649"
}
-- 012: map keys beyond 32 bits
string(22) "82ffa16ece7fffffffa16d"
81ce80000001a178:

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(1) {
  ["2147483649"]=>
  string(1) "x"
}
81ceffffffffa178:

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d
array(1) {
  ["4294967295"]=>
  string(1) "x"
}
81cf0000000080000000a178:
array(1) {
  ["2147483648"]=>
  string(1) "x"
}
81cf0000000100000000a178:
array(1) {
  ["4294967296"]=>
  string(1) "x"
}
81d3ffffffff7fffffffa178:
array(1) {
  ["-2147483649"]=>
  string(1) "x"
}
81d38000000000000000a178:
array(1) {
  ["-9223372036854775808"]=>
  string(1) "x"
}
array(3) {
  ["2147483649"]=>
  string(1) "x"
  ["4294967296"]=>
  string(1) "y"
  ["-2147483649"]=>
  string(1) "z"
}
-- 050: MsgPack\pack() of PHP values beyond 32 bits, flags beyond 32 bits
4294967295.0: cb41efffffffe00000
4294967296.0: cb41f0000000000000
2147483647: ce7fffffff
-2147483648.0: cbc1e0000000000000
-2147483649.0: cbc1e0000000200000
-2147483647-1: d280000000
pack(), flags 1 << 40: 01
new Packer(), flags 1 << 40: no error
pack(), flags -1: ValueError: MsgPack\pack(): Argument #2 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0xffffff00 given
new Packer(), flags -1: ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0xffffff00 given
pack(), flags PHP_INT_MIN: ValueError: MsgPack\pack(): Argument #2 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0x80000000 given
new Packer(), flags PHP_INT_MIN: ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) must be a combination of MsgPack\Packer flags, unknown bits 0x80000000 given
-- 054: Packer::packInt(), packArrayHeader(), packMapHeader() of ints beyond 32 bits
int 4294967295: TypeError: MsgPack\Packer::packInt(): Argument #1 ($value) must be of type int, float given
int 4294967296: TypeError: MsgPack\Packer::packInt(): Argument #1 ($value) must be of type int, float given
int 2147483647: ce7fffffff
int -2147483649: TypeError: MsgPack\Packer::packInt(): Argument #1 ($value) must be of type int, float given
int -2147483648: d280000000
array header 4294967295: TypeError: MsgPack\Packer::packArrayHeader(): Argument #1 ($count) must be of type int, float given
map header 4294967295: TypeError: MsgPack\Packer::packMapHeader(): Argument #1 ($count) must be of type int, float given
array header 4294967296: TypeError: MsgPack\Packer::packArrayHeader(): Argument #1 ($count) must be of type int, float given
map header 4294967296: TypeError: MsgPack\Packer::packMapHeader(): Argument #1 ($count) must be of type int, float given
array header 2147483647: dd7fffffff
map header 2147483647: df7fffffff
-- 060: MsgPack\unpack() of ints and timestamp seconds beyond 32 bits
ce80000000: string(10) "2147483648"
ceffffffff: string(10) "4294967295"
cf0000000100000000: string(10) "4294967296"
cf7fffffffffffffff: string(19) "9223372036854775807"
d3ffffffff7fffffff: string(11) "-2147483649"
d38000000000000000: string(20) "-9223372036854775808"
d6ff80000000: object(MsgPack\Timestamp)#4 (2) {
  ["seconds"]=>
  float(2147483648)
  ["nanoseconds"]=>
  int(0)
}
d6ffffffffff: object(MsgPack\Timestamp)#4 (2) {
  ["seconds"]=>
  float(4294967295)
  ["nanoseconds"]=>
  int(0)
}
c70cff000000000000000400000000: object(MsgPack\Timestamp)#4 (2) {
  ["seconds"]=>
  float(17179869184)
  ["nanoseconds"]=>
  int(0)
}
c70cff00000000ffffffff7fffffff: object(MsgPack\Timestamp)#4 (2) {
  ["seconds"]=>
  float(-2147483649)
  ["nanoseconds"]=>
  int(0)
}
4294967295.0: d7ff00000014ffffffff d7ff00000014ffffffff 4294967295.0 equal
4294967296.0: d7ff0000001500000000 d7ff0000001500000000 4294967296.0 equal
17179869183.0: d7ff00000017ffffffff d7ff00000017ffffffff 17179869183.0 equal
17179869184.0: c70cff000000050000000400000000 c70cff000000050000000400000000 17179869184.0 equal
-2147483649.0: c70cff00000005ffffffff7fffffff c70cff00000005ffffffff7fffffff -2147483649.0 equal
1099511627776.0: c70cff000000050000010000000000 c70cff000000050000010000000000 1099511627776.0 equal
-- 061: MsgPack\unpack() and Unpacker flags beyond 32 bits
unpack(), flags 1 << 40: no error
new Unpacker(), flags 1 << 40: no error
unpack(), flags -1: ValueError: MsgPack\unpack(): Argument #2 ($flags) contains unknown flags (0xfffffe00)
new Unpacker(), flags -1: ValueError: MsgPack\Unpacker::__construct(): Argument #1 ($flags) contains unknown flags (0xfffffe00)
unpack(), flags PHP_INT_MIN: ValueError: MsgPack\unpack(): Argument #2 ($flags) contains unknown flags (0x80000000)
new Unpacker(), flags PHP_INT_MIN: ValueError: MsgPack\Unpacker::__construct(): Argument #1 ($flags) contains unknown flags (0x80000000)
-- 062: BIGINT_AS_FLOAT
ce80000000/0: string(10) "2147483648"
ce80000000/2: float(2147483648)
ceffffffff/0: string(10) "4294967295"
ceffffffff/2: float(4294967295)
cf0000000100000000/0: string(10) "4294967296"
cf0000000100000000/2: float(4294967296)
cf7fffffffffffffff/0: string(19) "9223372036854775807"
cf7fffffffffffffff/2: float(9.223372036854776E+18)
d3ffffffff7fffffff/0: string(11) "-2147483649"
d3ffffffff7fffffff/2: float(-2147483649)
d38000000000000000/0: string(20) "-9223372036854775808"
d38000000000000000/2: float(-9.223372036854776E+18)
array(3) {
  ["2147483649"]=>
  bool(true)
  ["4294967296"]=>
  bool(false)
  ["-2147483649"]=>
  NULL
}
-- 062: timestamps with seconds beyond 32 bits: Timestamp, DateTimeImmutable, packed back
d6ff80000000: DateTimeImmutable 2038-01-19 03:14:08.000000 UTC U 2147483648 | seconds 2147483648.0 ns 0 | packed d6ff80000000 | toDateTime() 2038-01-19 03:14:08.000000 2147483648
d6ffffffffff: DateTimeImmutable 2106-02-07 06:28:15.000000 UTC U 4294967295 | seconds 4294967295.0 ns 0 | packed d6ffffffffff | toDateTime() 2106-02-07 06:28:15.000000 4294967295
d7ff000000015e0fe485: DateTimeImmutable 2156-02-10 07:32:21.000000 UTC U 5873067141 | seconds 5873067141.0 ns 0 | packed d7ff000000015e0fe485 | toDateTime() 2156-02-10 07:32:21.000000 5873067141
d7ffee6b27ff00000003: DateTimeImmutable 2378-04-22 19:24:51.999999 UTC U 12884901891 | seconds 12884901891.0 ns 999999999 | packed d7ffee6b27ff00000003 | toDateTime() 2378-04-22 19:24:51.999999 12884901891
d7ff00000004ffffffff: DateTimeImmutable 2106-02-07 06:28:15.000000 UTC U 4294967295 | seconds 4294967295.0 ns 1 | packed d7ff00000004ffffffff | toDateTime() 2106-02-07 06:28:15.000000 4294967295
c70cff00000000000000e8d4a51000: DateTimeImmutable 33658-09-27 01:46:40.000000 UTC U 1000000000000 | seconds 1000000000000.0 ns 0 | packed c70cff00000000000000e8d4a51000 | toDateTime() 33658-09-27 01:46:40.000000 1000000000000
c70cff00000000ffffffff7fffffff: DateTimeImmutable 1901-12-13 20:45:51.000000 UTC U -2147483649 | seconds -2147483649.0 ns 0 | packed c70cff00000000ffffffff7fffffff | toDateTime() 1901-12-13 20:45:51.000000 -2147483649
-- 063: BIGINT_AS_GMP
ce80000000: object(GMP)#2 (1) {
  ["num"]=>
  string(10) "2147483648"
}
ceffffffff: object(GMP)#2 (1) {
  ["num"]=>
  string(10) "4294967295"
}
cf0000000100000000: object(GMP)#2 (1) {
  ["num"]=>
  string(10) "4294967296"
}
cf7fffffffffffffff: object(GMP)#2 (1) {
  ["num"]=>
  string(19) "9223372036854775807"
}
d3ffffffff7fffffff: object(GMP)#2 (1) {
  ["num"]=>
  string(11) "-2147483649"
}
d38000000000000000: object(GMP)#2 (1) {
  ["num"]=>
  string(20) "-9223372036854775808"
}
array(3) {
  ["2147483649"]=>
  int(1)
  ["4294967296"]=>
  int(2)
  ["-2147483649"]=>
  int(3)
}
-- 068: round trips bytes -> MsgPack\unpack() -> MsgPack\pack()
flags 0
ints                   DIFFERENT: 9a007fcc80cd0100ce00010000aa34323934393637323936ffe0d0dfd18000 array
int64 min              DIFFERENT: b42d39323233333732303336383534373735383038 string
uint32 max             DIFFERENT: aa34323934393637323935 string
int64 -2^31-1          DIFFERENT: ab2d32313437343833363439 string
flags 2
ints                   DIFFERENT: 9a007fcc80cd0100ce00010000cb41f0000000000000ffe0d0dfd18000 array
int64 min              DIFFERENT: cbc3e0000000000000 float
uint32 max             DIFFERENT: cb41efffffffe00000 float
int64 -2^31-1          DIFFERENT: cbc1e0000000200000 float
flags 1
ints                   same array
int64 min              same GMP
uint32 max             same GMP
int64 -2^31-1          same GMP
-- 069: GMP numbers read (BIGINT_AS_GMP) and packed
cf7fffffffffffffff: GMP 9223372036854775807 -> cf7fffffffffffffff
d38000000000000000: GMP -9223372036854775808 -> d38000000000000000
ce80000000: GMP 2147483648 -> ce80000000
ceffffffff: GMP 4294967295 -> ceffffffff
d3ffffffff7fffffff: GMP -2147483649 -> d3ffffffff7fffffff
gmp 2147483647 -> ce7fffffff
gmp 2147483648 -> ce80000000
gmp 4294967295 -> ceffffffff
gmp -2147483648 -> d280000000
gmp -2147483649 -> d3ffffffff7fffffff
gmp 9223372036854775807 -> cf7fffffffffffffff
-- 070: RECORDS with a key beyond 32 bits
negative and big keys: d4724092ffce7fffffff0102
array(2) {
  [0]=>
  array(1) {
    ["4294967296"]=>
    string(1) "a"
  }
  [1]=>
  array(1) {
    ["4294967296"]=>
    string(1) "b"
  }
}
-- 085: every int format beyond 32 bits, alone and first in an array
ce80000001             '2147483649' same in array
ceffffffff             '4294967295' same in array
cf7fffffffffffffff     '9223372036854775807' same in array
cf0000010000000001     '1099511627777' same in array
d37fffffffffffffff     '9223372036854775807' same in array
d38000000000000000     '-9223372036854775808' same in array
d3fffffeffffffffff     '-1099511627777' same in array
-- 085: a random mix of sizes and signs up to 62 bits, written from GMP numbers
bool(true)
bool(true)
bool(true)
dc07d0d3ffffff1a00000000ce000c6f7bcd0512d1d1c6ce0003d44ccf00202aa480000000cd05f9
-- 092: maps of a known shape whose values are ints beyond 32 bits
long input
bool(true)
0: cb41efffffffe00000 4294967295.0
1: cb41f0000000000000 4294967296.0
2: cbc1e0000000200000 -2147483649.0
3: ce7fffffff 2147483647
4: d280000000 -2147483647-1
5: cb41e0000000000000 2147483648.0
long input
ce80000000: 2147483648.0
ceffffffff: 4294967295.0
cf0000000100000000: '4294967296'
cf7fffffffffffffff: '9223372036854775807'
d3ffffffff7fffffff: '-2147483649'
d38000000000000000: '-9223372036854775808'
ce80000000: '2147483648'
ceffffffff: '4294967295'
cf0000000100000000: '4294967296'
cf7fffffffffffffff: '9223372036854775807'
d3ffffffff7fffffff: '-2147483649'
d38000000000000000: '-9223372036854775808'
-- 093: records whose values are ints beyond 32 bits
92d4724092a36b6579a576616c756500cb41f00000000000004001cbc1e0000000200000
bool(true)
array(2) {
  [0]=>
  array(2) {
    ["key"]=>
    int(0)
    ["value"]=>
    string(10) "4294967296"
  }
  [1]=>
  array(2) {
    ["key"]=>
    int(1)
    ["value"]=>
    string(11) "-2147483649"
  }
}
-- 126: a stream of ints beyond 32 bits, fed whole and in pieces
MsgPack\Unpacker: a:7:{i:0;s:10:"4294967295";i:1;i:42;i:2;s:19:"9223372036854775807";i:3;i:42;i:4;s:20:"-9223372036854775808";i:5;i:42;i:6;s:10:"2147483648";}
MessagePackUnpacker: a:7:{i:0;d:4294967295;i:1;i:42;i:2;s:19:"9223372036854775807";i:3;i:42;i:4;s:20:"-9223372036854775808";i:5;i:42;i:6;d:2147483648;}
pieces of 1: same
pieces of 2: same
pieces of 3: same
pieces of 5: same
pieces of 7: same
-- 140: Unpacker::unpackInt() beyond 32 bits, with each BIGINT flag
0: string '2147483648'
0: string '9223372036854775807'
0: string '-2147483649'
0: string '-9223372036854775808'
0: int 2147483647
2: float 2147483648.0
2: float 9.223372036854776E+18
2: float -2147483649.0
2: float -9.223372036854776E+18
2: int 2147483647
1: GMP 2147483648
1: GMP 9223372036854775807
1: GMP -2147483649
1: GMP -9223372036854775808
1: int 2147483647
-- 140: array and map headers of counts beyond PHP_INT_MAX
int(1)
MsgPack\UnpackException(1): a count of 4294967295 items, beyond PHP_INT_MAX, at offset 1
int(5)
MsgPack\UnpackException(0): a count of 2147483648 items, beyond PHP_INT_MAX, at offset 0
int(5)
int(2147483647)
int(2147483647)
-- 170: MsgPack\unpackAs() of ints beyond 32 bits
int <- ce80000000: MsgPack\UnpackException: Expected int, got 2147483648 (beyond PHP_INT_MAX) at $ [offset 0, path $]
float <- ce80000000: 2147483648.0 (float)
int|float <- ce80000000: 2147483648.0 (float)
int <- ceffffffff: MsgPack\UnpackException: Expected int, got 4294967295 (beyond PHP_INT_MAX) at $ [offset 0, path $]
float <- ceffffffff: 4294967295.0 (float)
int|float <- ceffffffff: 4294967295.0 (float)
int <- cf0000000100000000: MsgPack\UnpackException: Expected int, got 4294967296 (beyond PHP_INT_MAX) at $ [offset 0, path $]
float <- cf0000000100000000: 4294967296.0 (float)
int|float <- cf0000000100000000: 4294967296.0 (float)
int <- cf7fffffffffffffff: MsgPack\UnpackException: Expected int, got 9223372036854775807 (beyond PHP_INT_MAX) at $ [offset 0, path $]
float <- cf7fffffffffffffff: 9.223372036854776E+18 (float)
int|float <- cf7fffffffffffffff: 9.223372036854776E+18 (float)
int <- d3ffffffff7fffffff: MsgPack\UnpackException: Expected int, got -2147483649 (below PHP_INT_MIN) at $ [offset 0, path $]
float <- d3ffffffff7fffffff: -2147483649.0 (float)
int|float <- d3ffffffff7fffffff: -2147483649.0 (float)
int <- d38000000000000000: MsgPack\UnpackException: Expected int, got -9223372036854775808 (below PHP_INT_MIN) at $ [offset 0, path $]
float <- d38000000000000000: -9.223372036854776E+18 (float)
int|float <- d38000000000000000: -9.223372036854776E+18 (float)
?int <- ceffffffff: MsgPack\UnpackException: Expected ?int, got 4294967295 (beyond PHP_INT_MAX) at $ [offset 0, path $]
mixed <- ceffffffff: bytes 34323934393637323935 (string)
mixed <- d3ffffffff7fffffff: bytes 2d32313437343833363439 (string)
mixed <- ceffffffff: 4294967295.0 (float)
mixed <- d3ffffffff7fffffff: -2147483649.0 (float)
mixed <- ceffffffff: GMP 4294967295 (GMP)
mixed <- d3ffffffff7fffffff: GMP -2147483649 (GMP)
array<int, int> <- 81ceffffffff01: MsgPack\UnpackException: Expected an int key, got 4294967295 (beyond PHP_INT_MAX) at $ [offset 1, path $]
array<int, int> <- 81d3ffffffff7fffffff01: MsgPack\UnpackException: Expected an int key, got -2147483649 (below PHP_INT_MIN) at $ [offset 1, path $]
array<array-key, int> <- 81ceffffffff01: array (   '4294967295' => 1, ) (array)
array<array-key, int> <- 81d3ffffffff7fffffff01: array (   '-2147483649' => 1, ) (array)
array<int> <- 91ceffffffff: MsgPack\UnpackException: Expected int, got 4294967295 (beyond PHP_INT_MAX) at $[0] [offset 1, path $[0]]
Level <- ceffffffff: MsgPack\UnpackException: Invalid Level value 4294967295 at $ [offset 0, path $]
Level <- d3ffffffff7fffffff: MsgPack\UnpackException: Invalid Level value -2147483649 at $ [offset 0, path $]
