--TEST--
Dates from timestamps (unpack() with TIMESTAMP_AS_DATETIME, Timestamp::toDateTime(), unpackAs() into DateTimeImmutable and DateTime) equal what setTimestamp() makes in UTC (on 32-bit PHP, beyond its ints, what '@seconds' makes), at the calendar's edges and on random instants within and beyond 2^40 seconds
--FILE--
<?php
use MsgPack\{Unpacker, Timestamp};
$utc = new DateTimeZone('UTC');
$instants = [0, -1, 1, 59, 60, 86399, 86400, -86400, -86401, 951782400, 951868800, 68169600 * 2 + 1,
    2147483647, 2147483648, -2147483648, -2147483649, 253402300799, 253402300800, -62135596800,
    -62135596801, -62167219200, -62167219201, 4102444800, 1099511627776, -1099511627776,
    1099511627775, -1099511627775, 1099511627777, -1099511627777, 7258118400, -12219292800];
// mt_rand() takes PHP ints (32 bits on 32-bit PHP): each instant from two draws, uniform on
// [-2^40, 2^40) and [-5 * 10^9, 5 * 10^9), the same on both
mt_srand(7);
for ($i = 0; $i < 1000; $i++) {
    $instants[] = mt_rand(-1048576, 1048575) * 1048576 + mt_rand(0, 1048575);
    $instants[] = mt_rand(-50000, 49999) * 100000 + mt_rand(0, 99999);
}
// an int where PHP's int holds it, else (32-bit PHP) the whole float the arithmetic gives, exact
// here (-2147483648 is a float there: the minus applies to the float 2147483648)
$instants = array_map(fn($s) => $s >= PHP_INT_MIN && $s <= PHP_INT_MAX ? (int) $s : $s, $instants);
$beyond = count(array_filter($instants, fn($s) => $s < -2147483648 || $s > 2147483647));
echo "$beyond instants beyond 32 bits, ", count(array_filter($instants, 'is_float')) === (PHP_INT_SIZE === 4 ? $beyond : 0)
    ? "ints where PHP's ints have 64 bits, floats where they have 32" : "WRONG TYPES",
    "; random ones from ", implode(', ', array_map(fn($s) => sprintf('%.0f', $s), array_slice($instants, 31, 4))), "\n";
$bad = 0;
foreach ($instants as $k => $s) {
    $us = ($k * 7919) % 1000000;
    $ts = new Timestamp($s, $us * 1000 + 999);
    // setTimestamp() takes an int: beyond PHP's ints (32-bit PHP) the date '@seconds' makes
    $ref = is_int($s) ? (new DateTimeImmutable('1970-01-01', $utc))->setTimestamp($s)
        : (new DateTimeImmutable(sprintf('@%.0f', $s)))->setTimezone($utc);
    $ref = $ref->setTime((int) $ref->format('H'), (int) $ref->format('i'), (int) $ref->format('s'), $us);
    $refm = DateTime::createFromImmutable($ref);
    $bytes = MsgPack\pack($ts);
    $got = [
        'unpack' => MsgPack\unpack($bytes, Unpacker::TIMESTAMP_AS_DATETIME),
        'toDateTime' => $ts->toDateTime(),
        'unpackAs immutable' => MsgPack\unpackAs($bytes, DateTimeImmutable::class),
        'unpackAs mutable' => MsgPack\unpackAs($bytes, DateTime::class),
    ];
    foreach ($got as $how => $d) {
        $r = $d instanceof DateTime ? $refm : $ref;
        $f = 'Y-m-d H:i:s.u e N z t L W U';
        if (get_class($d) !== get_class($r) || $d->format($f) !== $r->format($f)
            || (clone $d)->modify('+1 day')?->format($f) !== (clone $r)->modify('+1 day')?->format($f)
            || serialize($d) !== serialize($r) || $d != $r
            // getTimestamp() throws DateRangeError beyond PHP's ints: there, the 'U' format
            || (is_int($s) ? $d->getTimestamp() !== $s : $d->format('U') !== sprintf('%.0f', $s))) {
            if ($bad++ < 5) echo "$how differs at $s: ", $d->format($f), " vs ", $r->format($f), "\n";
        }
    }
}
echo count($instants), " instants, $bad differences\n";

var_dump(MsgPack\unpack(MsgPack\pack(new Timestamp(951782400, 123456789)), Unpacker::TIMESTAMP_AS_DATETIME));

--EXPECT--
1586 instants beyond 32 bits, ints where PHP's ints have 64 bits, floats where they have 32; random ones from -485147614012, -2427824714, 796250656979, 928722279
2031 instants, 0 differences
object(DateTimeImmutable)#11 (3) {
  ["date"]=>
  string(26) "2000-02-29 00:00:00.123456"
  ["timezone_type"]=>
  int(3)
  ["timezone"]=>
  string(3) "UTC"
}
