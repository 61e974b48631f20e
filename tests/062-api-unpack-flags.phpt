--TEST--
MsgPack\Unpacker flags: BIGINT_AS_FLOAT (default: decimal string), MAPS_AS_OBJECTS, TIMESTAMP_AS_DATETIME (UTC, negative seconds, nanoseconds), their combinations, through the function and the class
--FILE--
<?php
use MsgPack\Unpacker;

foreach (['BIGINT_AS_GMP', 'BIGINT_AS_FLOAT', 'MAPS_AS_OBJECTS', 'TIMESTAMP_AS_DATETIME', 'PHP_OBJECTS'] as $c) {
    echo $c, " = ", constant("MsgPack\\Unpacker::$c"), "\n";
}

echo "-- big uint64\n";
// a uint64 within 32 bits is an int whatever the flag (beyond 32 bits: tests 192, 193)
foreach (['cf000000007fffffff', 'cf8000000000000000', 'cfffffffffffffffff', '92cf8000000000000001cd0001'] as $hex) {
    foreach ([0, Unpacker::BIGINT_AS_FLOAT] as $flags) {
        echo "$hex/$flags: ";
        var_dump(MsgPack\unpack(hex2bin($hex), $flags));
    }
}
// keys stay decimal strings whatever the mode: an array key is no float
var_dump(MsgPack\unpack(hex2bin('81cfffffffffffffffffc3'), Unpacker::BIGINT_AS_FLOAT));
// ... and when the value holds keys of its own (the key was once judged by the value's last key:
// "invalid map key of type map at offset 11")
var_dump(MsgPack\unpack(hex2bin('81cfffffffffffffffff810101'), Unpacker::BIGINT_AS_FLOAT));
try {
    MsgPack\unpack(hex2bin('81c0810101'));
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n"; // the nil key's own offset
    unset($e);
}

echo "-- maps as objects\n";
foreach (['80', '81a16180', '82a1619281a162c001a16380', '920180', '81017b', '9190'] as $hex) {
    echo "$hex: ";
    var_dump(MsgPack\unpack(hex2bin($hex), Unpacker::MAPS_AS_OBJECTS));
    echo "$hex as arrays: ", json_encode(MsgPack\unpack(hex2bin($hex))), "\n";
}

echo "-- timestamps as DateTimeImmutable\n";
$inputs = [
    'd6ff00000000', 'd6ff5e0fe485', 'd6ffffffffff',
    'd7ff000000015e0fe485', 'd7ffee6b27ff00000003', 'd7ff00000004ffffffff',
    'c70cff00000000ffffffffffffffff', 'c70cff3b9ac9ffffffffffffffffff', 'c70cff1dcd6500fffffffff8000000',
    'c70cff000003e7000000000000000a', 'c70cff00000000000000e8d4a51000',
];
foreach ($inputs as $hex) {
    $d = MsgPack\unpack(hex2bin($hex), Unpacker::TIMESTAMP_AS_DATETIME);
    $t = MsgPack\unpack(hex2bin($hex));
    // seconds beyond 32 bits: on 32-bit PHP a float (%d would not print it) and getTimestamp() a DateRangeError
    printf("%s: %s %s | %s %s.%09d | ts %s\n", $hex, get_class($d), $d->format('Y-m-d H:i:s.u e'),
        get_class($t), $t->seconds, $t->nanoseconds, $d->format('U'));
}
var_dump(MsgPack\unpack(hex2bin('92d6ff00000001c0'), Unpacker::TIMESTAMP_AS_DATETIME));

echo "-- combined, through the class\n";
$u = new Unpacker(Unpacker::MAPS_AS_OBJECTS | Unpacker::TIMESTAMP_AS_DATETIME | Unpacker::BIGINT_AS_FLOAT);
var_dump($u->unpack(hex2bin('83a174d6ff00000002a162cfffffffffffffffffa16d81a16e80')));
$u->feed(hex2bin('81a174d6ff00000003'));
var_dump($u->tryUnpack());
?>
--EXPECT--
BIGINT_AS_GMP = 1
BIGINT_AS_FLOAT = 2
MAPS_AS_OBJECTS = 4
TIMESTAMP_AS_DATETIME = 8
PHP_OBJECTS = 16
-- big uint64
cf000000007fffffff/0: int(2147483647)
cf000000007fffffff/2: int(2147483647)
cf8000000000000000/0: string(19) "9223372036854775808"
cf8000000000000000/2: float(9.223372036854776E+18)
cfffffffffffffffff/0: string(20) "18446744073709551615"
cfffffffffffffffff/2: float(1.8446744073709552E+19)
92cf8000000000000001cd0001/0: array(2) {
  [0]=>
  string(19) "9223372036854775809"
  [1]=>
  int(1)
}
92cf8000000000000001cd0001/2: array(2) {
  [0]=>
  float(9.223372036854776E+18)
  [1]=>
  int(1)
}
array(1) {
  ["18446744073709551615"]=>
  bool(true)
}
array(1) {
  ["18446744073709551615"]=>
  array(1) {
    [1]=>
    int(1)
  }
}
MsgPack\UnpackException: invalid map key of type nil at offset 1
-- maps as objects
80: object(stdClass)#1 (0) {
}
80 as arrays: []
81a16180: object(stdClass)#2 (1) {
  ["a"]=>
  object(stdClass)#1 (0) {
  }
}
81a16180 as arrays: {"a":[]}
82a1619281a162c001a16380: object(stdClass)#3 (2) {
  ["a"]=>
  array(2) {
    [0]=>
    object(stdClass)#2 (1) {
      ["b"]=>
      NULL
    }
    [1]=>
    int(1)
  }
  ["c"]=>
  object(stdClass)#1 (0) {
  }
}
82a1619281a162c001a16380 as arrays: {"a":[{"b":null},1],"c":[]}
920180: array(2) {
  [0]=>
  int(1)
  [1]=>
  object(stdClass)#3 (0) {
  }
}
920180 as arrays: [1,[]]
81017b: object(stdClass)#3 (1) {
  ["1"]=>
  int(123)
}
81017b as arrays: {"1":123}
9190: array(1) {
  [0]=>
  array(0) {
  }
}
9190 as arrays: [[]]
-- timestamps as DateTimeImmutable
d6ff00000000: DateTimeImmutable 1970-01-01 00:00:00.000000 UTC | MsgPack\Timestamp 0.000000000 | ts 0
d6ff5e0fe485: DateTimeImmutable 2020-01-04 01:04:05.000000 UTC | MsgPack\Timestamp 1578099845.000000000 | ts 1578099845
d6ffffffffff: DateTimeImmutable 2106-02-07 06:28:15.000000 UTC | MsgPack\Timestamp 4294967295.000000000 | ts 4294967295
d7ff000000015e0fe485: DateTimeImmutable 2156-02-10 07:32:21.000000 UTC | MsgPack\Timestamp 5873067141.000000000 | ts 5873067141
d7ffee6b27ff00000003: DateTimeImmutable 2378-04-22 19:24:51.999999 UTC | MsgPack\Timestamp 12884901891.999999999 | ts 12884901891
d7ff00000004ffffffff: DateTimeImmutable 2106-02-07 06:28:15.000000 UTC | MsgPack\Timestamp 4294967295.000000001 | ts 4294967295
c70cff00000000ffffffffffffffff: DateTimeImmutable 1969-12-31 23:59:59.000000 UTC | MsgPack\Timestamp -1.000000000 | ts -1
c70cff3b9ac9ffffffffffffffffff: DateTimeImmutable 1969-12-31 23:59:59.999999 UTC | MsgPack\Timestamp -1.999999999 | ts -1
c70cff1dcd6500fffffffff8000000: DateTimeImmutable 1965-09-30 13:17:52.500000 UTC | MsgPack\Timestamp -134217728.500000000 | ts -134217728
c70cff000003e7000000000000000a: DateTimeImmutable 1970-01-01 00:00:10.000000 UTC | MsgPack\Timestamp 10.000000999 | ts 10
c70cff00000000000000e8d4a51000: DateTimeImmutable 33658-09-27 01:46:40.000000 UTC | MsgPack\Timestamp 1000000000000.000000000 | ts 1000000000000
array(2) {
  [0]=>
  object(DateTimeImmutable)#1 (3) {
    ["date"]=>
    string(26) "1970-01-01 00:00:01.000000"
    ["timezone_type"]=>
    int(3)
    ["timezone"]=>
    string(3) "UTC"
  }
  [1]=>
  NULL
}
-- combined, through the class
object(stdClass)#8 (3) {
  ["t"]=>
  object(DateTimeImmutable)#5 (3) {
    ["date"]=>
    string(26) "1970-01-01 00:00:02.000000"
    ["timezone_type"]=>
    int(3)
    ["timezone"]=>
    string(3) "UTC"
  }
  ["b"]=>
  float(1.8446744073709552E+19)
  ["m"]=>
  object(stdClass)#7 (1) {
    ["n"]=>
    object(stdClass)#6 (0) {
    }
  }
}
array(1) {
  [0]=>
  object(stdClass)#7 (1) {
    ["t"]=>
    object(DateTimeImmutable)#8 (3) {
      ["date"]=>
      string(26) "1970-01-01 00:00:03.000000"
      ["timezone_type"]=>
      int(3)
      ["timezone"]=>
      string(3) "UTC"
    }
  }
}
