--TEST--
MsgPack\Bin, MsgPack\Map, Timestamp::fromDateTime()/toDateTime(): construction, packing (new and compatible API), round trips with msgpack_unpack()
--FILE--
<?php
use MsgPack\{Bin, Map, Timestamp, Packer};

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo $label, ': ', is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- Bin\n";
$b = new Bin("\x00\x01");
var_dump(bin2hex($b->data));
attempt('pack', fn() => MsgPack\pack($b));
attempt('pack 300 bytes (bin16)', fn() => substr(MsgPack\pack(new Bin(str_repeat('x', 300))), 0, 4));
attempt('pack with BIN_STRINGS', fn() => MsgPack\pack([$b, 'ab'], Packer::BIN_STRINGS));
attempt('msgpack_pack (php_only on)', fn() => msgpack_pack($b));
attempt('msgpack_pack round trip', fn() => msgpack_unpack(msgpack_pack(['k' => $b])));
attempt('readonly', function () use ($b) { $b->data = 'x'; });
attempt('constructed twice', fn() => $b->__construct('x'));
attempt('no argument', fn() => new Bin());
attempt('without its constructor: nil', fn() => MsgPack\pack((new ReflectionClass(Bin::class))->newInstanceWithoutConstructor()));
attempt('final', fn() => (new ReflectionClass(Bin::class))->isFinal());

echo "-- Map: a map even when a list or empty\n";
$m = new Map([1, 2]);
var_dump($m);
attempt('list', fn() => MsgPack\pack($m));
attempt('empty', fn() => MsgPack\pack(new Map([])));
attempt('assoc', fn() => MsgPack\pack(new Map(['a' => [1]])));
attempt('inner lists stay lists', fn() => MsgPack\pack(new Map([[1], new Map([])])));
attempt('with DETECT_BIN', fn() => MsgPack\pack(new Map(["\xff"]), Packer::DETECT_BIN));
attempt('msgpack_pack', fn() => msgpack_pack([new Map(['x']), new Map([])]));
attempt('msgpack_pack round trip', fn() => msgpack_unpack(msgpack_pack(new Map([5 => 'x', 6 => 'y']))));
attempt('takes an id as an array does (back-reference after it)', function () {
    $o = new stdClass();
    $v = msgpack_unpack(msgpack_pack([new Map(['a' => 1]), $o, $o]));
    return $v[1] === $v[2];
});
$arr = [1];
$m2 = new Map($arr);
$arr[] = 2;
attempt('a copy of the array', fn() => $m2->value);
attempt('readonly', function () use ($m) { $m->value = []; });
attempt('without its constructor: nil', fn() => MsgPack\pack((new ReflectionClass(Map::class))->newInstanceWithoutConstructor()));
attempt('deep Map past the depth limit', function () {
    ini_set('msgpack.max_depth', 2);
    try {
        return MsgPack\pack(new Map([new Map([new Map([])])]));
    } finally {
        ini_restore('msgpack.max_depth');
    }
});

echo "-- Timestamp::fromDateTime(): seconds and the microseconds of PHP as nanoseconds\n";
// seconds with %s: beyond 32 bits they are a float on 32-bit PHP (tests 194 and 195 check the type)
foreach (['@0', '@1514862245', '2018-01-02 03:04:05.123456 UTC', '@-1', '@-0.5', '1900-01-01 00:00:00.000001 UTC',
    '2018-01-02 04:04:05.5 Europe/Paris'] as $s) {
    $t = Timestamp::fromDateTime(new DateTimeImmutable($s));
    printf("%-34s %s %d\n", $s, $t->seconds, $t->nanoseconds);
}
$t = Timestamp::fromDateTime(new DateTime('@86400'));
printf("%-34s %s %d\n", 'DateTime (mutable)', $t->seconds, $t->nanoseconds);
attempt('not a DateTimeInterface', fn() => Timestamp::fromDateTime(new stdClass()));

echo "-- toDateTime(): a DateTimeImmutable in UTC, nanoseconds truncated to microseconds\n";
foreach ([[0, 0], [1514862245, 123456789], [1514862245, 999999999], [-1, 500000000], [-62135596800, 0], [17179869184, 1]] as [$s, $ns]) {
    $d = (new Timestamp($s, $ns))->toDateTime();
    printf("%s.%09d: %s %s %s\n", $s, $ns, get_class($d), $d->format('Y-m-d\TH:i:s.uP'), $d->format('U'));
}
attempt('without its constructor', fn() => (new ReflectionClass(Timestamp::class))->newInstanceWithoutConstructor()->toDateTime());

echo "-- round trips through the compatible reader\n";
foreach (['2018-01-02 03:04:05.123456 UTC', '@-0.5', '@4294967296', '@17179869184', '1000-06-15 12:00:00 UTC'] as $s) {
    $d = new DateTimeImmutable($s);
    $bytes = MsgPack\pack($d);
    $back = msgpack_unpack($bytes);
    printf("%s: %s %s\n", $s, bin2hex($bytes), $back->toDateTime() == $d ? 'same instant' : 'DIFFERENT');
}
?>
--EXPECT--
-- Bin
string(4) "0001"
pack: c4020001
pack 300 bytes (bin16): c5012c78
pack with BIN_STRINGS: 92c4020001c4026162
msgpack_pack (php_only on): c4020001
msgpack_pack round trip: array (
  'k' => '' . "\0" . '',
)
readonly: Error: Cannot modify readonly property MsgPack\Bin::$data
constructed twice: Error: Cannot modify readonly property MsgPack\Bin::$data
no argument: ArgumentCountError: MsgPack\Bin::__construct() expects exactly 1 argument, 0 given
without its constructor: nil: c0
final: true
-- Map: a map even when a list or empty
object(MsgPack\Map)#4 (1) {
  ["value"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
list: 8200010102
empty: 80
assoc: 81a1619101
inner lists stay lists: 820091010180
with DETECT_BIN: 8100c401ff
msgpack_pack: 928100a17880
msgpack_pack round trip: array (
  5 => 'x',
  6 => 'y',
)
takes an id as an array does (back-reference after it): true
a copy of the array: array (
  0 => 1,
)
readonly: Error: Cannot modify readonly property MsgPack\Map::$value
without its constructor: nil: c0
deep Map past the depth limit: MsgPack\PackException: the value nests deeper than msgpack.max_depth (2 levels)
-- Timestamp::fromDateTime(): seconds and the microseconds of PHP as nanoseconds
@0                                 0 0
@1514862245                        1514862245 0
2018-01-02 03:04:05.123456 UTC     1514862245 123456000
@-1                                -1 0
@-0.5                              -1 500000000
1900-01-01 00:00:00.000001 UTC     -2208988800 1000
2018-01-02 04:04:05.5 Europe/Paris 1514862245 500000000
DateTime (mutable)                 86400 0
not a DateTimeInterface: TypeError: MsgPack\Timestamp::fromDateTime(): Argument #1 ($dateTime) must be of type DateTimeInterface, stdClass given
-- toDateTime(): a DateTimeImmutable in UTC, nanoseconds truncated to microseconds
0.000000000: DateTimeImmutable 1970-01-01T00:00:00.000000+00:00 0
1514862245.123456789: DateTimeImmutable 2018-01-02T03:04:05.123456+00:00 1514862245
1514862245.999999999: DateTimeImmutable 2018-01-02T03:04:05.999999+00:00 1514862245
-1.500000000: DateTimeImmutable 1969-12-31T23:59:59.500000+00:00 -1
-62135596800.000000000: DateTimeImmutable 0001-01-01T00:00:00.000000+00:00 -62135596800
17179869184.000000001: DateTimeImmutable 2514-05-30T01:53:04.000000+00:00 17179869184
without its constructor: Error: MsgPack\Timestamp object is not initialized
-- round trips through the compatible reader
2018-01-02 03:04:05.123456 UTC: d7ff1d6f28005a4af6a5 same instant
@-0.5: c70cff1dcd6500ffffffffffffffff same instant
@4294967296: d7ff0000000100000000 same instant
@17179869184: c70cff000000000000000400000000 same instant
1000-06-15 12:00:00 UTC: c70cff00000000fffffff8e0573cc0 same instant
