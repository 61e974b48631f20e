--TEST--
MsgPack\Unpacker::RECORDS: forged identifiers, field lists of the wrong type or length, duplicate names, identifiers with no structure (ints), truncation at every byte, depth: exceptions with their offsets
--FILE--
<?php
use MsgPack\Unpacker;

function attempt(string $hex, int $flags = Unpacker::RECORDS, int $depth = 4096): void
{
    echo "$hex: ";
    try {
        $v = (new Unpacker($flags, false, $depth))->unpack(hex2bin($hex));
        echo "value: ", json_encode($v), "\n";
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    }
}
set_error_handler(function ($no, $str) { echo "WARNING: $str\n"; return true; });

echo "-- a byte 0x40-0x7f with no structure is the int, as msgpackr reads it (data of writers that\n";
echo "-- know no records); a record before its declaration is therefore ints, and trailing bytes\n";
attempt('40');
attempt('9340417f');
attempt('40', 0);
attempt('7f01');
attempt('92d4724091a161014101');
echo "-- forged identifiers\n";
attempt('d4723f91a16101');
attempt('d4728091a16101');
attempt('d472ff90');
attempt('d572400090');   // a two-byte identifier whose first byte is below 0x60 (msgpackr writes none)
echo "-- field lists of the wrong type\n";
attempt('d47240a16101');
attempt('d4724081a16101');
attempt('d47240c0');
echo "-- field names of the wrong type\n";
attempt('d4724092a161c00101');
attempt('d4724091c301');
attempt('d4724091cb3ff000000000000001');
attempt('d472409191a16101');
attempt('d4724091cfffffffffffffffff01');   // a uint64 name is its decimal string
attempt('d4724091cfffffffffffffffff01', Unpacker::RECORDS | Unpacker::BIGINT_AS_FLOAT);
// an object as a name (MAPS_AS_OBJECTS) is refused before it is built (a regression: it was
// freed while the decoder still kept it)
attempt('92d4724091800140', Unpacker::RECORDS | Unpacker::MAPS_AS_OBJECTS);
echo "-- duplicate names (\"5\" and 5 are one PHP key)\n";
attempt('d4724092a161a16101');
attempt('d4724092a13505' . '0102');
attempt('d4724092c401610a' . '0102');  // bin "a" and int 10: fine
echo "-- a field list longer than the input, fewer values than names\n";
attempt('d47240dc0100a161');
attempt('d47240ddffffffff');
attempt('d4724093a161a162a16301');
attempt('92d4724092a161a1620102' . '4001');
echo "-- a bad redefinition after a good declaration\n";
attempt('92d4724091a16101d4724092a161a16101');
echo "-- depth: a record is a level\n";
attempt('d4724091a16101', Unpacker::RECORDS, 0);
attempt('d4724091a16190', Unpacker::RECORDS, 1);
attempt('d4724091a16190', Unpacker::RECORDS, 2);
attempt('91d4724090', Unpacker::RECORDS, 1);
attempt('d4724091a161404040404001', Unpacker::RECORDS, 4);
attempt('d4724091a161404040404001', Unpacker::RECORDS, 5);
echo "-- without RECORDS none of this is an error\n";
attempt('40', 0);
attempt('d47240', 0);

echo "-- truncated at every byte\n";
$full = hex2bin('93d4724092a161a1620102400304d4724191a163914005cc40');
attempt(bin2hex($full));
for ($i = 0; $i < strlen($full); $i++) {
    attempt(bin2hex(substr($full, 0, $i)));
}

echo "-- memory stays bounded: records of a structure of 60000 fields nested in each other\n";
// each would take 60000 buckets up front; only what the input can hold is allocated ahead
$names = '';
for ($i = 0; $i < 60000; $i++) {
    $names .= "\xcd" . pack('n', $i);
}
$bomb = "\xdd\x00\x01\x00\x00" . "\xd4\x72\x40\xdc\xea\x60" . $names . str_repeat("\xc0", 60000) . str_repeat("\x40", 60000);
$before = memory_get_usage();
try {
    MsgPack\unpack($bomb, Unpacker::RECORDS);
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
echo memory_get_peak_usage() - $before < 64 * 1024 * 1024 ? "bounded\n" : "NOT bounded\n";
?>
--EXPECT--
-- a byte 0x40-0x7f with no structure is the int, as msgpackr reads it (data of writers that
-- know no records); a record before its declaration is therefore ints, and trailing bytes
40: value: 64
9340417f: value: [64,65,127]
40: value: 64
7f01: MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
92d4724091a161014101: MsgPack\UnpackException(9): unexpected trailing bytes at offset 9
-- forged identifiers
d4723f91a16101: MsgPack\UnpackException(0): invalid record identifier (outside 0x40-0x7f) at offset 0
d4728091a16101: MsgPack\UnpackException(0): invalid record identifier (outside 0x40-0x7f) at offset 0
d472ff90: MsgPack\UnpackException(0): invalid record identifier (outside 0x40-0x7f) at offset 0
d572400090: MsgPack\UnpackException(0): invalid two-byte record identifier (first byte outside 0x60-0x7f) at offset 0
-- field lists of the wrong type
d47240a16101: MsgPack\UnpackException(3): record field list is not an array at offset 3
d4724081a16101: MsgPack\UnpackException(3): record field list is not an array at offset 3
d47240c0: MsgPack\UnpackException(3): record field list is not an array at offset 3
-- field names of the wrong type
d4724092a161c00101: MsgPack\UnpackException(6): invalid record field name (not a string or an int) at offset 6
d4724091c301: MsgPack\UnpackException(4): invalid record field name (not a string or an int) at offset 4
d4724091cb3ff000000000000001: MsgPack\UnpackException(4): invalid record field name (not a string or an int) at offset 4
d472409191a16101: MsgPack\UnpackException(4): invalid record field name (not a string or an int) at offset 4
d4724091cfffffffffffffffff01: value: {"18446744073709551615":1}
d4724091cfffffffffffffffff01: MsgPack\UnpackException(4): invalid record field name (not a string or an int) at offset 4
92d4724091800140: MsgPack\UnpackException(5): invalid record field name (not a string or an int) at offset 5
-- duplicate names ("5" and 5 are one PHP key)
d4724092a161a16101: MsgPack\UnpackException(6): duplicate record field name at offset 6
d4724092a135050102: MsgPack\UnpackException(6): duplicate record field name at offset 6
d4724092c401610a0102: value: {"a":1,"10":2}
-- a field list longer than the input, fewer values than names
d47240dc0100a161: MsgPack\InsufficientDataException(8): insufficient data at offset 8
d47240ddffffffff: MsgPack\InsufficientDataException(8): insufficient data at offset 8
d4724093a161a162a16301: MsgPack\InsufficientDataException(11): insufficient data at offset 11
92d4724092a161a16201024001: MsgPack\InsufficientDataException(13): insufficient data at offset 13
-- a bad redefinition after a good declaration
92d4724091a16101d4724092a161a16101: MsgPack\UnpackException(14): duplicate record field name at offset 14
-- depth: a record is a level
d4724091a16101: MsgPack\UnpackException(0): maximum nesting depth of 0 exceeded at offset 0
d4724091a16190: value: {"a":[]}
d4724091a16190: value: {"a":[]}
91d4724090: value: [[]]
d4724091a161404040404001: MsgPack\UnpackException(9): maximum nesting depth of 4 exceeded at offset 9
d4724091a161404040404001: MsgPack\UnpackException(10): maximum nesting depth of 5 exceeded at offset 10
-- without RECORDS none of this is an error
40: value: 64
d47240: value: {"type":114,"data":"@"}
-- truncated at every byte
93d4724092a161a1620102400304d4724191a163914005cc40: value: [{"a":1,"b":2},{"a":3,"b":4},{"c":[{"a":5,"b":64}]}]
: MsgPack\InsufficientDataException(0): insufficient data at offset 0
93: MsgPack\InsufficientDataException(1): insufficient data at offset 1
93d4: MsgPack\InsufficientDataException(1): insufficient data at offset 1
93d472: MsgPack\InsufficientDataException(1): insufficient data at offset 1
93d47240: MsgPack\InsufficientDataException(1): insufficient data at offset 1
93d4724092: MsgPack\InsufficientDataException(5): insufficient data at offset 5
93d4724092a1: MsgPack\InsufficientDataException(5): insufficient data at offset 5
93d4724092a161: MsgPack\InsufficientDataException(7): insufficient data at offset 7
93d4724092a161a1: MsgPack\InsufficientDataException(7): insufficient data at offset 7
93d4724092a161a162: MsgPack\InsufficientDataException(9): insufficient data at offset 9
93d4724092a161a16201: MsgPack\InsufficientDataException(10): insufficient data at offset 10
93d4724092a161a1620102: MsgPack\InsufficientDataException(11): insufficient data at offset 11
93d4724092a161a162010240: MsgPack\InsufficientDataException(12): insufficient data at offset 12
93d4724092a161a16201024003: MsgPack\InsufficientDataException(13): insufficient data at offset 13
93d4724092a161a1620102400304: MsgPack\InsufficientDataException(14): insufficient data at offset 14
93d4724092a161a1620102400304d4: MsgPack\InsufficientDataException(14): insufficient data at offset 14
93d4724092a161a1620102400304d472: MsgPack\InsufficientDataException(14): insufficient data at offset 14
93d4724092a161a1620102400304d47241: MsgPack\InsufficientDataException(14): insufficient data at offset 14
93d4724092a161a1620102400304d4724191: MsgPack\InsufficientDataException(18): insufficient data at offset 18
93d4724092a161a1620102400304d4724191a1: MsgPack\InsufficientDataException(18): insufficient data at offset 18
93d4724092a161a1620102400304d4724191a163: MsgPack\InsufficientDataException(20): insufficient data at offset 20
93d4724092a161a1620102400304d4724191a16391: MsgPack\InsufficientDataException(21): insufficient data at offset 21
93d4724092a161a1620102400304d4724191a1639140: MsgPack\InsufficientDataException(22): insufficient data at offset 22
93d4724092a161a1620102400304d4724191a163914005: MsgPack\InsufficientDataException(23): insufficient data at offset 23
93d4724092a161a1620102400304d4724191a163914005cc: MsgPack\InsufficientDataException(23): insufficient data at offset 23
-- memory stays bounded: records of a structure of 60000 fields nested in each other
MsgPack\UnpackException: maximum nesting depth of 4096 exceeded at offset 244106
bounded
