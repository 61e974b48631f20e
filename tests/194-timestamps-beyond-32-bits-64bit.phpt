--TEST--
MsgPack\Timestamp on 64-bit PHP: seconds beyond 32 bits are an int (timestamps of the three forms, negative ones too, INT64_MAX and 2^53 + 1), packed back to the same bytes, their dates exact (toDateTime(), TIMESTAMP_AS_DATETIME, unpackAs()); fromDateTime() before 1901 and after 2038; the constructor with floats and with PHP_INT_MAX, PHP_INT_MIN (test 195: the same on 32-bit PHP)
--SKIPIF--
<?php if (PHP_INT_SIZE !== 8) die("skip 64-bit PHP only"); ?>
--FILE--
<?php
use MsgPack\{Timestamp, Unpacker};

// the date of $dec seconds (a decimal string, exact) and $ns nanoseconds as PHP makes it from '@seconds'
function ref_date(string $dec, int $ns): string {
    return (new DateTimeImmutable("@$dec"))->format('Y-m-d H:i:s') . sprintf('.%06d', intdiv($ns, 1000)) . ' UTC';
}
function date_of(DateTimeInterface $d): string {
    return get_class($d) . ' ' . $d->format('Y-m-d H:i:s.u e');
}

echo "-- read: seconds are an int, also beyond 32 bits\n";
// [bytes, the seconds they hold, nanoseconds]
$rows = [
    ['d6ff7fffffff', '2147483647', 0],
    ['d6ff80000000', '2147483648', 0],
    ['d6ffffffffff', '4294967295', 0],
    ['d7ff0000000480000000', '2147483648', 1],
    ['d7ff0000000100000000', '4294967296', 0],
    ['d7ffee6b27ffffffffff', '17179869183', 999999999],
    ['c70cff000000000000000400000000', '17179869184', 0],
    ['c70cff000003e8000000e8d4a51000', '1000000000000', 1000],
    ['c70cff3b9ac9ff001fffffffffffff', '9007199254740991', 999999999],
    ['c70cff00000000ffffffff80000000', '-2147483648', 0],
    ['c70cff3b9ac9ffffffffff7fffffff', '-2147483649', 999999999],
    ['c70cff00000000ffffffff7c558180', '-2208988800', 0],
    ['c70cff00000000fffffff1868b8400', '-62167219200', 0],
    ['c70cff00000000ffe0000000000001', '-9007199254740991', 0],
    ['c70cff000003e88000000000000000', '-9223372036854775808', 1000],
    ['c70cff3b9ac9ff7fffffffffffffff', '9223372036854775807', 999999999],
    ['c70cff000000000020000000000001', '9007199254740993', 0],
];
foreach ($rows as [$hex, $dec, $ns]) {
    $bytes = hex2bin($hex);
    $want = (int) $dec;
    $t = msgpack_unpack($bytes);
    $u = MsgPack\unpack($bytes);
    $ok = $t instanceof Timestamp && $t->seconds === $want && $t->nanoseconds === $ns
        && $u instanceof Timestamp && $u->seconds === $want && $u->nanoseconds === $ns;
    printf("%-30s %-25s %s\n", $hex, var_export($t->seconds, true), $ok ? 'ok' : 'WRONG');
    // packed back to the bytes it was read from
    $same = bin2hex(msgpack_pack($t)) === $hex && bin2hex(MsgPack\pack($t)) === $hex
        && bin2hex(MsgPack\pack([$u]))  === '91' . $hex;
    // the dates: all four the instant '@seconds' makes
    $ref = ref_date($dec, $ns);
    $dates = [
        'toDateTime' => $t->toDateTime(),
        'TIMESTAMP_AS_DATETIME' => MsgPack\unpack($bytes, Unpacker::TIMESTAMP_AS_DATETIME),
        'unpackAs DateTimeImmutable' => MsgPack\unpackAs($bytes, DateTimeImmutable::class),
        'unpackAs DateTime' => MsgPack\unpackAs($bytes, DateTime::class),
    ];
    $differ = [];
    foreach ($dates as $how => $d) {
        $class = $how === 'unpackAs DateTime' ? 'DateTime' : 'DateTimeImmutable';
        if (date_of($d) !== "$class $ref" || $d->format('U') !== $dec) {
            $differ[] = "$how: " . date_of($d) . ' ' . $d->format('U');
        }
    }
    printf("  %s, %s\n", $same ? 'packed back the same' : 'PACKED DIFFERENTLY', $ref);
    foreach ($differ as $line) {
        echo "  DIFFERENT DATE $line\n";
    }
}

echo "-- var_dump\n";
var_dump(msgpack_unpack(hex2bin('d7ffa1dcd7c9ffffffff')));          // 2^33 - 1 s, 678901234 ns
var_dump(MsgPack\unpack(hex2bin('c70cff3b9ac9fffffffff1868b8400')));
var_dump(msgpack_unpack(hex2bin('92d6ffffffffffd6ff7fffffff')));
echo (new ReflectionProperty(Timestamp::class, 'seconds'))->getType(), "\n";

echo "-- fromDateTime(): before 1901 and after 2038 the seconds are an int\n";
foreach (['1900-01-01 UTC', '1000-06-15 12:00:00.25 UTC', '0001-01-01 UTC', '1901-12-13 20:45:51.5 UTC',
    '1901-12-13 20:45:52 UTC', '2038-01-19 03:14:07.75 UTC', '2038-01-19 03:14:08 UTC', '2100-01-01 UTC',
    '9999-12-31 23:59:59.999999 UTC', '2500-01-01 12:00:00 Europe/Paris'] as $s) {
    foreach ([new DateTimeImmutable($s), new DateTime($s)] as $d) {
        $t = Timestamp::fromDateTime($d);
        $back = $t->toDateTime();
        printf("%-32s %-17s %-15s %9d %-30s %s\n", $s, get_class($d), var_export($t->seconds, true), $t->nanoseconds,
            bin2hex(MsgPack\pack($t)), $back == $d && $back->format('U.u') === $d->format('U.u')
            && bin2hex(MsgPack\pack($d)) === bin2hex(MsgPack\pack($t)) ? 'same instant back' : 'DIFFERENT');
    }
}

echo "-- the constructor: int or a whole float of the 64-bit range, kept as an int\n";
$floats = [0.0, -0.0, 2147483647.0, -2147483648.0, 2147483648.0, -2147483649.0, 4294967296.0, -4294967296.0,
    17179869184.0, 253402300799.0, 2.0 ** 53, -(2.0 ** 53), 2.0 ** 53 + 2, -(2.0 ** 63),
    1.5, -0.5, 0.1, 4294967296.5, -2147483648.5,
    2.0 ** 63, -(2.0 ** 63) - 2048, 1e19, -1e19, 1e300, NAN, INF, -INF];
foreach ($floats as $f) {
    try {
        $t = new Timestamp($f, 5);
        printf("%-24s %-25s %s\n", var_export($f, true), var_export($t->seconds, true), bin2hex(msgpack_pack($t)));
    } catch (Throwable $e) {
        printf("%-24s %s: %s\n", var_export($f, true), get_class($e), $e->getMessage());
    }
}
foreach (['4294967296', '-5', 'x'] as $s) {
    try {
        $t = new Timestamp($s);
        printf("%-24s %s\n", var_export($s, true), var_export($t->seconds, true));
    } catch (Throwable $e) {
        printf("%-24s %s: %s\n", var_export($s, true), get_class($e), $e->getMessage());
    }
}

echo "-- PHP_INT_MAX and PHP_INT_MIN (64 bits here)\n";
// (these rows were in test 013's table, the dates in test 134)
foreach ([[PHP_INT_MAX, 0], [PHP_INT_MIN, 999999999]] as [$s, $ns]) {
    $bin = msgpack_pack(new Timestamp($s, $ns));
    $back = msgpack_unpack($bin);
    printf("%20d %9d %-30s %s\n", $s, $ns, bin2hex($bin),
        $back instanceof Timestamp && $back->seconds === $s && $back->nanoseconds === $ns ? 'ok' : 'BROKEN');
}
echo (new Timestamp(PHP_INT_MAX, 999999999))->toDateTime()->format('Y-m-d H:i:s.u e'), "\n";
echo (new Timestamp(PHP_INT_MIN, 1000))->toDateTime()->format('Y-m-d H:i:s.u e'), "\n";
?>
--EXPECTF--
-- read: seconds are an int, also beyond 32 bits
d6ff7fffffff                   2147483647                ok
  packed back the same, 2038-01-19 03:14:07.000000 UTC
d6ff80000000                   2147483648                ok
  packed back the same, 2038-01-19 03:14:08.000000 UTC
d6ffffffffff                   4294967295                ok
  packed back the same, 2106-02-07 06:28:15.000000 UTC
d7ff0000000480000000           2147483648                ok
  packed back the same, 2038-01-19 03:14:08.000000 UTC
d7ff0000000100000000           4294967296                ok
  packed back the same, 2106-02-07 06:28:16.000000 UTC
d7ffee6b27ffffffffff           17179869183               ok
  packed back the same, 2514-05-30 01:53:03.999999 UTC
c70cff000000000000000400000000 17179869184               ok
  packed back the same, 2514-05-30 01:53:04.000000 UTC
c70cff000003e8000000e8d4a51000 1000000000000             ok
  packed back the same, 33658-09-27 01:46:40.000001 UTC
c70cff3b9ac9ff001fffffffffffff 9007199254740991          ok
  packed back the same, 285428751-11-12 07:36:31.999999 UTC
c70cff00000000ffffffff80000000 -2147483648               ok
  packed back the same, 1901-12-13 20:45:52.000000 UTC
c70cff3b9ac9ffffffffff7fffffff -2147483649               ok
  packed back the same, 1901-12-13 20:45:51.999999 UTC
c70cff00000000ffffffff7c558180 -2208988800               ok
  packed back the same, 1900-01-01 00:00:00.000000 UTC
c70cff00000000fffffff1868b8400 -62167219200              ok
  packed back the same, 0000-01-01 00:00:00.000000 UTC
c70cff00000000ffe0000000000001 -9007199254740991         ok
  packed back the same, -285424812-02-20 16:23:29.000000 UTC
c70cff000003e88000000000000000 -9223372036854775807-1    ok
  packed back the same, -292277022657-01-27 08:29:52.000001 UTC
c70cff3b9ac9ff7fffffffffffffff 9223372036854775807       ok
  packed back the same, 292277026596-12-04 15:30:07.999999 UTC
c70cff000000000020000000000001 9007199254740993          ok
  packed back the same, 285428751-11-12 07:36:33.000000 UTC
-- var_dump
object(MsgPack\Timestamp)#%d (2) {
  ["seconds"]=>
  int(8589934591)
  ["nanoseconds"]=>
  int(678901234)
}
object(MsgPack\Timestamp)#%d (2) {
  ["seconds"]=>
  int(-62167219200)
  ["nanoseconds"]=>
  int(999999999)
}
array(2) {
  [0]=>
  object(MsgPack\Timestamp)#%d (2) {
    ["seconds"]=>
    int(4294967295)
    ["nanoseconds"]=>
    int(0)
  }
  [1]=>
  object(MsgPack\Timestamp)#%d (2) {
    ["seconds"]=>
    int(2147483647)
    ["nanoseconds"]=>
    int(0)
  }
}
int|float
-- fromDateTime(): before 1901 and after 2038 the seconds are an int
1900-01-01 UTC                   DateTimeImmutable -2208988800             0 c70cff00000000ffffffff7c558180 same instant back
1900-01-01 UTC                   DateTime          -2208988800             0 c70cff00000000ffffffff7c558180 same instant back
1000-06-15 12:00:00.25 UTC       DateTimeImmutable -30595924800    250000000 c70cff0ee6b280fffffff8e0573cc0 same instant back
1000-06-15 12:00:00.25 UTC       DateTime          -30595924800    250000000 c70cff0ee6b280fffffff8e0573cc0 same instant back
0001-01-01 UTC                   DateTimeImmutable -62135596800            0 c70cff00000000fffffff1886e0900 same instant back
0001-01-01 UTC                   DateTime          -62135596800            0 c70cff00000000fffffff1886e0900 same instant back
1901-12-13 20:45:51.5 UTC        DateTimeImmutable -2147483649     500000000 c70cff1dcd6500ffffffff7fffffff same instant back
1901-12-13 20:45:51.5 UTC        DateTime          -2147483649     500000000 c70cff1dcd6500ffffffff7fffffff same instant back
1901-12-13 20:45:52 UTC          DateTimeImmutable -2147483648             0 c70cff00000000ffffffff80000000 same instant back
1901-12-13 20:45:52 UTC          DateTime          -2147483648             0 c70cff00000000ffffffff80000000 same instant back
2038-01-19 03:14:07.75 UTC       DateTimeImmutable 2147483647      750000000 d7ffb2d05e007fffffff           same instant back
2038-01-19 03:14:07.75 UTC       DateTime          2147483647      750000000 d7ffb2d05e007fffffff           same instant back
2038-01-19 03:14:08 UTC          DateTimeImmutable 2147483648              0 d6ff80000000                   same instant back
2038-01-19 03:14:08 UTC          DateTime          2147483648              0 d6ff80000000                   same instant back
2100-01-01 UTC                   DateTimeImmutable 4102444800              0 d6fff4865700                   same instant back
2100-01-01 UTC                   DateTime          4102444800              0 d6fff4865700                   same instant back
9999-12-31 23:59:59.999999 UTC   DateTimeImmutable 253402300799    999999000 c70cff3b9ac6180000003afff4417f same instant back
9999-12-31 23:59:59.999999 UTC   DateTime          253402300799    999999000 c70cff3b9ac6180000003afff4417f same instant back
2500-01-01 12:00:00 Europe/Paris DateTimeImmutable 16725265200             0 d7ff00000003e4e74b30           same instant back
2500-01-01 12:00:00 Europe/Paris DateTime          16725265200             0 d7ff00000003e4e74b30           same instant back
-- the constructor: int or a whole float of the 64-bit range, kept as an int
0.0                      0                         d7ff0000001400000000
-0.0                     0                         d7ff0000001400000000
2147483647.0             2147483647                d7ff000000147fffffff
-2147483648.0            -2147483648               c70cff00000005ffffffff80000000
2147483648.0             2147483648                d7ff0000001480000000
-2147483649.0            -2147483649               c70cff00000005ffffffff7fffffff
4294967296.0             4294967296                d7ff0000001500000000
-4294967296.0            -4294967296               c70cff00000005ffffffff00000000
17179869184.0            17179869184               c70cff000000050000000400000000
253402300799.0           253402300799              c70cff000000050000003afff4417f
9007199254740992.0       9007199254740992          c70cff000000050020000000000000
-9007199254740992.0      -9007199254740992         c70cff00000005ffe0000000000000
9007199254740994.0       9007199254740994          c70cff000000050020000000000002
-9.223372036854776E+18   -9223372036854775807-1    c70cff000000058000000000000000
1.5                      ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
-0.5                     ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
0.1                      ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
4294967296.5             ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
-2147483648.5            ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
9.223372036854776E+18    9223372036854775807       c70cff000000057fffffffffffffff
-9.223372036854778E+18   ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
1.0E+19                  ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
-1.0E+19                 ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
1.0E+300                 ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
NAN                      ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
INF                      ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
-INF                     ValueError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be a whole number within the 64-bit range
'4294967296'             4294967296
'-5'                     -5
'x'                      TypeError: MsgPack\Timestamp::__construct(): Argument #1 ($seconds) must be of type int|float, string given
-- PHP_INT_MAX and PHP_INT_MIN (64 bits here)
 9223372036854775807         0 c70cff000000007fffffffffffffff ok
-9223372036854775808 999999999 c70cff3b9ac9ff8000000000000000 ok
292277026596-12-04 15:30:07.999999 UTC
-292277022657-01-27 08:29:52.000001 UTC
