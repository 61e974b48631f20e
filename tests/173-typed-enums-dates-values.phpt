--TEST--
MsgPack\unpackAs(): backed enums from their value, pure enums from their case name; DateTimeImmutable, DateTimeInterface, DateTime and subclasses from a timestamp; MsgPack\Timestamp, Ext and Bin
--FILE--
<?php
function show(string $label, string $bytes, string $type): void {
    try {
        $v = MsgPack\unpackAs($bytes, $type);
        echo "$label: ";
        if ($v instanceof DateTimeInterface) {
            echo get_class($v), ' ', $v->format('Y-m-d H:i:s.u e'), "\n";
        } elseif ($v instanceof MsgPack\Ext) {
            echo 'MsgPack\Ext type ', $v->type, ' data ', bin2hex($v->data), "\n";
        } elseif ($v instanceof MsgPack\Bin) {
            echo 'MsgPack\Bin data ', bin2hex($v->data), "\n";
        } else {
            var_dump($v);
        }
    } catch (MsgPack\UnpackException $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}

enum Status: string { case Paid = 'paid'; case Open = 'open'; }
enum Level: int { case Low = 1; case High = 300; case Negative = -5; }
enum Suit { case Hearts; case Spades; }
enum Many: string {
    case A = 'a'; case B = 'b'; case C = 'c'; case D = 'd'; case E = 'e';
    case F = 'f'; case G = 'g'; case H = 'h'; case I = 'i'; case J = 'j';
}
final class MyDate extends DateTimeImmutable {
    public function __construct() { echo "constructor called\n"; }
    public function setTimestamp(int $t): static { echo "own setTimestamp called\n"; return $this; }
}
final class Holder { public Status $status; public ?Level $level = null; public Suit $suit = Suit::Hearts; }

echo "-- backed enums\n";
show('string', MsgPack\pack('paid'), 'Status');
show('string, str8', hex2bin('d9046f70656e'), 'Status');
show('not a case', MsgPack\pack('closed'), 'Status');
show('not a str', MsgPack\pack(1), 'Status');
show('int', MsgPack\pack(300), 'Level');
show('negative int', MsgPack\pack(-5), 'Level');
show('not a case', MsgPack\pack(7), 'Level');
show('past PHP_INT_MAX', hex2bin('cfffffffffffffffff'), 'Level');
show('not an int', MsgPack\pack('1'), 'Level');
show('ten cases (hashed)', MsgPack\pack('j'), 'Many');
show('ten cases, not one', MsgPack\pack('k'), 'Many');
show('nullable', "\xc0", '?Level');
show('int or string enum', MsgPack\pack(1), 'Level|Status');
show('int or string enum', MsgPack\pack('open'), 'Level|Status');
show('in a class', MsgPack\pack(['status' => 'open', 'level' => 1, 'suit' => 'Spades']), 'Holder');
show('in a class, wrong', MsgPack\pack(['status' => 'open', 'level' => 2]), 'Holder');

echo "-- pure enums: the case name, or the map MsgPack\\pack() writes\n";
show('name', MsgPack\pack('Spades'), 'Suit');
show('packed', MsgPack\pack(Suit::Spades), 'Suit');
show('not a case', MsgPack\pack('spades'), 'Suit');
show('packed, not a case', MsgPack\pack(['name' => 'Clubs']), 'Suit');
show('another map', MsgPack\pack(['case' => 'Spades']), 'Suit');
show('a map of two', MsgPack\pack(['name' => 'Spades', 'x' => 1]), 'Suit');
show('an int', MsgPack\pack(0), 'Suit');

echo "-- dates from timestamps (ext -1), in UTC\n";
$ts32 = MsgPack\pack(new MsgPack\Timestamp(1700000000));
$ts64 = MsgPack\pack(new MsgPack\Timestamp(1700000000, 123456789));
$ts96 = MsgPack\pack(new MsgPack\Timestamp(-62135596800, 5000));
echo bin2hex($ts32), ' ', bin2hex($ts64), ' ', bin2hex($ts96), "\n";
foreach (['DateTimeImmutable', 'DateTimeInterface', 'DateTime', '\datetime', 'MyDate'] as $class) {
    show("32-bit $class", $ts32, $class);
}
show('64-bit', $ts64, 'DateTimeImmutable');
show('96-bit', $ts96, 'DateTimeImmutable');
show('96-bit', $ts96, 'DateTime');
show('96-bit', $ts96, 'MyDate');
// 2^43 - 1 seconds and its negative, as bytes (beyond 32 bits: a float on 32-bit PHP)
show('far', hex2bin('c70cff00000000000007ffffffffff'), 'DateTimeImmutable');
show('far back', hex2bin('c70cff00000000fffff80000000001'), 'DateTime');
show('bad length', hex2bin('d5ff0000'), 'DateTimeImmutable');
show('bad nanoseconds', hex2bin('d7ff' . 'fffffffc' . '00000000'), 'DateTimeImmutable');
show('another ext', hex2bin('d40501'), 'DateTimeImmutable');
show('an int', MsgPack\pack(1700000000), 'DateTimeImmutable');
$d = MsgPack\unpackAs($ts64, 'DateTime');
$d->modify('+1 day');
echo $d->format(DATE_RFC3339_EXTENDED), ' ', $d->getTimestamp(), "\n";
var_dump(MsgPack\unpackAs(MsgPack\pack(new DateTimeImmutable('2024-02-29 12:34:56.5', new DateTimeZone('Europe/Paris'))), 'DateTimeImmutable')
    == new DateTimeImmutable('2024-02-29 11:34:56.5 UTC'));

echo "-- MsgPack\\Timestamp, Ext, Bin\n";
show('Timestamp', $ts64, 'MsgPack\Timestamp');
show('Timestamp, another ext', hex2bin('d40501'), 'MsgPack\Timestamp');
show('Ext', hex2bin('d40501'), 'MsgPack\Ext');
show('Ext of a timestamp', $ts32, 'MsgPack\Ext');
show('Ext or date', hex2bin('d40501'), 'DateTimeImmutable|MsgPack\Ext');
show('Ext or date', $ts32, 'MsgPack\Ext|DateTimeImmutable');
show('Bin', hex2bin('c4020001'), 'MsgPack\Bin');
show('Bin from str', MsgPack\pack('ab'), 'MsgPack\Bin');
show('Bin or string', MsgPack\pack('ab'), '?MsgPack\Bin');
--EXPECT--
-- backed enums
string: enum(Status::Paid)
string, str8: enum(Status::Open)
not a case: MsgPack\UnpackException: Invalid Status value "closed" at $ [offset 0, path $]
not a str: MsgPack\UnpackException: Expected Status, got int at $ [offset 0, path $]
int: enum(Level::High)
negative int: enum(Level::Negative)
not a case: MsgPack\UnpackException: Invalid Level value 7 at $ [offset 0, path $]
past PHP_INT_MAX: MsgPack\UnpackException: Invalid Level value 18446744073709551615 at $ [offset 0, path $]
not an int: MsgPack\UnpackException: Expected Level, got str at $ [offset 0, path $]
ten cases (hashed): enum(Many::J)
ten cases, not one: MsgPack\UnpackException: Invalid Many value "k" at $ [offset 0, path $]
nullable: NULL
int or string enum: enum(Level::Low)
int or string enum: enum(Status::Open)
in a class: object(Holder)#18 (3) {
  ["status"]=>
  enum(Status::Open)
  ["level"]=>
  enum(Level::Low)
  ["suit"]=>
  enum(Suit::Spades)
}
in a class, wrong: MsgPack\UnpackException: Invalid Level value 2 at $.level [offset 19, path $.level]
-- pure enums: the case name, or the map MsgPack\pack() writes
name: enum(Suit::Spades)
packed: enum(Suit::Spades)
not a case: MsgPack\UnpackException: Invalid Suit case "spades" at $ [offset 0, path $]
packed, not a case: MsgPack\UnpackException: Invalid Suit case "Clubs" at $ [offset 6, path $]
another map: MsgPack\UnpackException: Expected Suit, got map at $ [offset 0, path $]
a map of two: MsgPack\UnpackException: Expected Suit, got map at $ [offset 0, path $]
an int: MsgPack\UnpackException: Expected Suit, got int at $ [offset 0, path $]
-- dates from timestamps (ext -1), in UTC
d6ff6553f100 d7ff1d6f34546553f100 c70cff00001388fffffff1886e0900
32-bit DateTimeImmutable: DateTimeImmutable 2023-11-14 22:13:20.000000 UTC
32-bit DateTimeInterface: DateTimeImmutable 2023-11-14 22:13:20.000000 UTC
32-bit DateTime: DateTime 2023-11-14 22:13:20.000000 UTC
32-bit \datetime: DateTime 2023-11-14 22:13:20.000000 UTC
32-bit MyDate: MyDate 2023-11-14 22:13:20.000000 UTC
64-bit: DateTimeImmutable 2023-11-14 22:13:20.123456 UTC
96-bit: DateTimeImmutable 0001-01-01 00:00:00.000005 UTC
96-bit: DateTime 0001-01-01 00:00:00.000005 UTC
96-bit: MyDate 0001-01-01 00:00:00.000005 UTC
far: DateTimeImmutable 280707-02-04 04:50:07.000000 UTC
far back: DateTime -276768-11-27 19:09:53.000000 UTC
bad length: MsgPack\UnpackException: Invalid timestamp length at $ [offset 0, path $]
bad nanoseconds: MsgPack\UnpackException: Invalid timestamp nanoseconds at $ [offset 0, path $]
another ext: MsgPack\UnpackException: Expected DateTimeImmutable, got ext 5 at $ [offset 0, path $]
an int: MsgPack\UnpackException: Expected DateTimeImmutable, got int at $ [offset 0, path $]
2023-11-15T22:13:20.123+00:00 1700086400
bool(true)
-- MsgPack\Timestamp, Ext, Bin
Timestamp: object(MsgPack\Timestamp)#21 (2) {
  ["seconds"]=>
  int(1700000000)
  ["nanoseconds"]=>
  int(123456789)
}
Timestamp, another ext: MsgPack\UnpackException: Expected MsgPack\Timestamp, got ext 5 at $ [offset 0, path $]
Ext: MsgPack\Ext type 5 data 01
Ext of a timestamp: MsgPack\Ext type -1 data 6553f100
Ext or date: MsgPack\Ext type 5 data 01
Ext or date: DateTimeImmutable 2023-11-14 22:13:20.000000 UTC
Bin: MsgPack\Bin data 0001
Bin from str: MsgPack\UnpackException: Expected MsgPack\Bin, got str at $ [offset 0, path $]
Bin or string: MsgPack\UnpackException: Expected ?MsgPack\Bin, got str at $ [offset 0, path $]
