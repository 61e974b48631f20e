--TEST--
MsgPack\Unpacker::RECORDS: records read as arrays, or stdClass with MAPS_AS_OBJECTS; without the flag ext 0x72 is a MsgPack\Ext and 0x40-0x7f are ints
--FILE--
<?php
use MsgPack\Unpacker;

function dump(string $hex, int $flags = Unpacker::RECORDS): void
{
    echo "$hex:\n";
    var_dump(MsgPack\unpack(hex2bin($hex), $flags));
}

echo "-- what msgpackr 2.1.3 writes for [{a:1,b:2},{a:3,b:4},{b:5,a:6},{}] with useRecords\n";
dump('94d4724092a161a1620102400304d4724192a162a1610506d4724290');
dump('94d4724092a161a1620102400304d4724192a162a1610506d4724290', Unpacker::RECORDS | Unpacker::MAPS_AS_OBJECTS);

echo "-- nested records of the structure being declared; ints as uint8\n";
dump('d4724091a161404001');
dump('96cc40cc64cc7fcc80ffd4724091a178cc40');

echo "-- names PHP reads as ints, int and bin names\n";
dump('92d4724093a131a2303705a17a0203400405' . '06');
dump('92d4724093a131a23037a17a01020340040506');
dump('d4724092c4016b00a16a01');
dump('d4724092a131a1780102', Unpacker::RECORDS | Unpacker::MAPS_AS_OBJECTS);

echo "-- a structure redefined (msgpackr cycles through its 64 identifiers)\n";
dump('93d4724091a16101d4724091a162024003');

echo "-- the values are any values: lists, plain maps, other records, ext\n";
dump('d4724093a161a162a16393c0c3c281a178d4724091a179cb3ff8000000000000d6ff00000040', Unpacker::RECORDS | Unpacker::TIMESTAMP_AS_DATETIME);

echo "-- without RECORDS: ext 0x72 is MsgPack\\Ext, 0x40-0x7f ints\n";
dump('92d4724040', 0);
echo "-- with RECORDS, other ext 0x72 forms than d4 are no declarations (msgpackr's neither)\n";
dump('92c701724001', Unpacker::RECORDS);
echo "-- the class, the function, and with other flags\n";
$u = new Unpacker(Unpacker::RECORDS | Unpacker::BIGINT_AS_FLOAT);
var_dump($u->unpack(hex2bin('92d4724091a161cfffffffffffffffff40cf0000000000000001')));
var_dump(Unpacker::RECORDS);
try {
    new Unpacker(Unpacker::RECORDS | Unpacker::PHP_OBJECTS);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
-- what msgpackr 2.1.3 writes for [{a:1,b:2},{a:3,b:4},{b:5,a:6},{}] with useRecords
94d4724092a161a1620102400304d4724192a162a1610506d4724290:
array(4) {
  [0]=>
  array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["a"]=>
    int(3)
    ["b"]=>
    int(4)
  }
  [2]=>
  array(2) {
    ["b"]=>
    int(5)
    ["a"]=>
    int(6)
  }
  [3]=>
  array(0) {
  }
}
94d4724092a161a1620102400304d4724192a162a1610506d4724290:
array(4) {
  [0]=>
  object(stdClass)#1 (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [1]=>
  object(stdClass)#2 (2) {
    ["a"]=>
    int(3)
    ["b"]=>
    int(4)
  }
  [2]=>
  object(stdClass)#3 (2) {
    ["b"]=>
    int(5)
    ["a"]=>
    int(6)
  }
  [3]=>
  object(stdClass)#4 (0) {
  }
}
-- nested records of the structure being declared; ints as uint8
d4724091a161404001:
array(1) {
  ["a"]=>
  array(1) {
    ["a"]=>
    array(1) {
      ["a"]=>
      int(1)
    }
  }
}
96cc40cc64cc7fcc80ffd4724091a178cc40:
array(6) {
  [0]=>
  int(64)
  [1]=>
  int(100)
  [2]=>
  int(127)
  [3]=>
  int(128)
  [4]=>
  int(-1)
  [5]=>
  array(1) {
    ["x"]=>
    int(64)
  }
}
-- names PHP reads as ints, int and bin names
92d4724093a131a2303705a17a020340040506:
array(2) {
  [0]=>
  array(3) {
    [1]=>
    string(1) "z"
    ["07"]=>
    int(2)
    [5]=>
    int(3)
  }
  [1]=>
  array(3) {
    [1]=>
    int(4)
    ["07"]=>
    int(5)
    [5]=>
    int(6)
  }
}
92d4724093a131a23037a17a01020340040506:
array(2) {
  [0]=>
  array(3) {
    [1]=>
    int(1)
    ["07"]=>
    int(2)
    ["z"]=>
    int(3)
  }
  [1]=>
  array(3) {
    [1]=>
    int(4)
    ["07"]=>
    int(5)
    ["z"]=>
    int(6)
  }
}
d4724092c4016b00a16a01:
array(2) {
  ["k"]=>
  string(1) "j"
  [0]=>
  int(1)
}
d4724092a131a1780102:
object(stdClass)#4 (2) {
  ["1"]=>
  int(1)
  ["x"]=>
  int(2)
}
-- a structure redefined (msgpackr cycles through its 64 identifiers)
93d4724091a16101d4724091a162024003:
array(3) {
  [0]=>
  array(1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  array(1) {
    ["b"]=>
    int(2)
  }
  [2]=>
  array(1) {
    ["b"]=>
    int(3)
  }
}
-- the values are any values: lists, plain maps, other records, ext
d4724093a161a162a16393c0c3c281a178d4724091a179cb3ff8000000000000d6ff00000040:
array(3) {
  ["a"]=>
  array(3) {
    [0]=>
    NULL
    [1]=>
    bool(true)
    [2]=>
    bool(false)
  }
  ["b"]=>
  array(1) {
    ["x"]=>
    array(1) {
      ["y"]=>
      float(1.5)
    }
  }
  ["c"]=>
  object(DateTimeImmutable)#4 (3) {
    ["date"]=>
    string(26) "1970-01-01 00:01:04.000000"
    ["timezone_type"]=>
    int(3)
    ["timezone"]=>
    string(3) "UTC"
  }
}
-- without RECORDS: ext 0x72 is MsgPack\Ext, 0x40-0x7f ints
92d4724040:
array(2) {
  [0]=>
  object(MsgPack\Ext)#4 (2) {
    ["type"]=>
    int(114)
    ["data"]=>
    string(1) "@"
  }
  [1]=>
  int(64)
}
-- with RECORDS, other ext 0x72 forms than d4 are no declarations (msgpackr's neither)
92c701724001:
array(2) {
  [0]=>
  object(MsgPack\Ext)#4 (2) {
    ["type"]=>
    int(114)
    ["data"]=>
    string(1) "@"
  }
  [1]=>
  int(1)
}
-- the class, the function, and with other flags
array(2) {
  [0]=>
  array(1) {
    ["a"]=>
    float(1.8446744073709552E+19)
  }
  [1]=>
  array(1) {
    ["a"]=>
    int(1)
  }
}
int(32)
ValueError: MsgPack\Unpacker::__construct(): Argument #1 ($flags) cannot combine RECORDS and PHP_OBJECTS
