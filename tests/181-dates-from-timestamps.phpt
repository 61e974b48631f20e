--TEST--
Dates from timestamps (unpack() with TIMESTAMP_AS_DATETIME, Timestamp::toDateTime(), unpackAs() into DateTimeImmutable and DateTime) equal what setTimestamp() makes in UTC, at the calendar's edges and on random instants within and beyond 2^40 seconds
--FILE--
<?php
use MsgPack\{Unpacker, Timestamp};
$utc = new DateTimeZone('UTC');
$instants = [0, -1, 1, 59, 60, 86399, 86400, -86400, -86401, 951782400, 951868800, 68169600 * 2 + 1,
    2147483647, 2147483648, -2147483648, -2147483649, 253402300799, 253402300800, -62135596800,
    -62135596801, -62167219200, -62167219201, 4102444800, 1099511627776, -1099511627776,
    1099511627775, -1099511627775, 1099511627777, -1099511627777, 7258118400, -12219292800];
mt_srand(7);
for ($i = 0; $i < 1000; $i++) {
    $instants[] = mt_rand(-1099511627776, 1099511627776);
    $instants[] = mt_rand(-5000000000, 5000000000);
}
$bad = 0;
foreach ($instants as $k => $s) {
    $us = ($k * 7919) % 1000000;
    $ts = new Timestamp($s, $us * 1000 + 999);
    $ref = (new DateTimeImmutable('1970-01-01', $utc))->setTimestamp($s);
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
            || serialize($d) !== serialize($r) || $d != $r || $d->getTimestamp() !== $s) {
            if ($bad++ < 5) echo "$how differs at $s: ", $d->format($f), " vs ", $r->format($f), "\n";
        }
    }
}
echo count($instants), " instants, $bad differences\n";

var_dump(MsgPack\unpack(MsgPack\pack(new Timestamp(951782400, 123456789)), Unpacker::TIMESTAMP_AS_DATETIME));

--EXPECT--
2031 instants, 0 differences
object(DateTimeImmutable)#11 (3) {
  ["date"]=>
  string(26) "2000-02-29 00:00:00.123456"
  ["timezone_type"]=>
  int(3)
  ["timezone"]=>
  string(3) "UTC"
}
