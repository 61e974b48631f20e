--TEST--
MsgPack\Timestamp and MsgPack\Map constructed twice (their readonly properties refuse it), Timestamp::fromDateTime() of a DateTime whose constructor never ran, and the extremes of toDateTime()
--FILE--
<?php
function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo "$label: ", is_object($r) ? get_class($r) . ' ' . json_encode($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$t = new MsgPack\Timestamp(1, 2);
attempt('Timestamp constructed twice', fn() => $t->__construct(3, 4));
attempt('the first values stay', fn() => [$t->seconds, $t->nanoseconds]);
$m = new MsgPack\Map(['a' => 1]);
attempt('Map constructed twice', fn() => $m->__construct(['b' => 2]));
attempt('the first value stays', fn() => $m->value);
class LazyDate extends DateTimeImmutable { public function __construct() {} }
attempt('fromDateTime() of a DateTime never constructed', fn() => MsgPack\Timestamp::fromDateTime(new LazyDate));
// the int64 extremes, read from bytes: on 32-bit PHP their seconds are floats (-2^63 exact, 2^63-1
// rounded to 2^63, which stands for INT64_MAX); new Timestamp(PHP_INT_MAX) etc.: tests 194 and 195
attempt('toDateTime() at INT64_MAX seconds', fn() => msgpack_unpack(hex2bin('c70cff3b9ac9ff7fffffffffffffff'))->toDateTime()->format('Y-m-d H:i:s.u e'));
attempt('toDateTime() at INT64_MIN seconds', fn() => msgpack_unpack(hex2bin('c70cff000003e88000000000000000'))->toDateTime()->format('Y-m-d H:i:s.u e'));
?>
--EXPECT--
Timestamp constructed twice: Error: Cannot modify readonly property MsgPack\Timestamp::$seconds
the first values stay: array (
  0 => 1,
  1 => 2,
)
Map constructed twice: Error: Cannot modify readonly property MsgPack\Map::$value
the first value stays: array (
  'a' => 1,
)
fromDateTime() of a DateTime never constructed: Error: The DateTimeInterface object has not been correctly initialized by its constructor
toDateTime() at INT64_MAX seconds: '292277026596-12-04 15:30:07.999999 UTC'
toDateTime() at INT64_MIN seconds: '-292277022657-01-27 08:29:52.000001 UTC'
