--TEST--
MsgPack\Unpacker::registerExtension(): decoders per ext type (timestamps included), replaced, throwing, nested in containers and streams; the unpacker cannot be fed from its own decoder
--FILE--
<?php
use MsgPack\Unpacker;

function attempt(callable $f): void {
    try {
        var_dump($f());
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    } catch (Throwable $e) {
        printf("%s: %s\n", get_class($e), $e->getMessage());
    }
}
final class Point {
    public function __construct(public int $x, public int $y) {}
    public static function fromBytes(string $data): self {
        return new self(...array_values(unpack('nx/ny', $data)));
    }
}
class Money {
    public function decode(string $data): string { return 'EUR ' . $data; }
}

$u = new Unpacker();
$u->registerExtension(1, [Point::class, 'fromBytes']);
$u->registerExtension(-2, [new Money, 'decode']);
$u->registerExtension(127, function (string $data) { return strrev($data); });
$u->registerExtension(-128, 'bin2hex');
foreach (['d6010001ffff', 'd5fe3132', 'c7037f313233', 'c7057f6162636465', 'c70080', 'd40341', 'd6ff00000001',
          '92d6010001000282a178d5fe3939a179d40341', '81a16bc70180ff'] as $hex) {
    echo "$hex: ";
    attempt(fn () => $u->unpack(hex2bin($hex)));
}

echo "-- a private method registered from its class stays callable\n";
class Codec {
    private function decode(string $data): string { return "private " . bin2hex($data); }
    public function unpacker(): Unpacker {
        $u = new Unpacker();
        $u->registerExtension(10, [$this, 'decode']);
        return $u;
    }
}
attempt(fn () => (new Codec)->unpacker()->unpack(hex2bin('d40aab')));
attempt(fn () => (new Unpacker())->registerExtension(10, [new Codec, 'decode']));
echo "-- a decoder for timestamps comes before TIMESTAMP_AS_DATETIME\n";
$u = new Unpacker(Unpacker::TIMESTAMP_AS_DATETIME);
attempt(fn () => $u->unpack(hex2bin('d6ff00000001'))->format('U e'));
$u->registerExtension(-1, fn ($data) => 'ts:' . bin2hex($data));
attempt(fn () => $u->unpack(hex2bin('d6ff00000001')));
echo "-- registering again replaces the decoder\n";
$u->registerExtension(-1, fn ($data) => strlen($data));
attempt(fn () => $u->unpack(hex2bin('92d6ff00000001d7ff0000000000000001')));
echo "-- the function knows no decoder\n";
attempt(fn () => MsgPack\unpack(hex2bin('d6014142ffff'))->type);

echo "-- a decoder that throws: its exception, nothing returned\n";
$u = new Unpacker();
$u->registerExtension(9, function ($data) { throw new DomainException("bad payload " . bin2hex($data)); });
attempt(fn () => $u->unpack(hex2bin('92a161d409ff')));
$u->feed(hex2bin('01d409ee02'));
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());
echo "remaining ", $u->remaining(), "\n";

echo "-- the decoder may not use its own unpacker (it is unpacking), but may use another\n";
$u = new Unpacker();
$u->registerExtension(3, function ($data) use (&$u) { $u->feed("\x01"); return 1; });
$u->registerExtension(4, function ($data) use (&$u) { return $u->tryUnpack(); });
$u->registerExtension(5, function ($data) use (&$u) { $u->registerExtension(6, 'strlen'); return 1; });
$u->registerExtension(6, function ($data) use (&$u) { return $u->unpack($data); });
$u->registerExtension(7, function ($data) use (&$u) { return [$u->remaining(), MsgPack\unpack($data), (new Unpacker())->unpack($data)]; });
foreach (['d40300', 'd40400', 'd40500', 'd40601', 'd507a178'] as $hex) {
    echo "$hex: ";
    attempt(fn () => $u->unpack(hex2bin($hex)));
}
$u->feed(hex2bin('d40300d507a178'));
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());
// the closures hold the unpacker that holds them: the cycle is collected
unset($u);
echo "collected: ", gc_collect_cycles() > 0 ? "yes" : "no", "\n";
?>
--EXPECT--
d6010001ffff: object(Point)#8 (2) {
  ["x"]=>
  int(1)
  ["y"]=>
  int(65535)
}
d5fe3132: string(6) "EUR 12"
c7037f313233: string(3) "321"
c7057f6162636465: string(5) "edcba"
c70080: string(0) ""
d40341: object(MsgPack\Ext)#8 (2) {
  ["type"]=>
  int(3)
  ["data"]=>
  string(1) "A"
}
d6ff00000001: object(MsgPack\Timestamp)#8 (2) {
  ["seconds"]=>
  int(1)
  ["nanoseconds"]=>
  int(0)
}
92d6010001000282a178d5fe3939a179d40341: array(2) {
  [0]=>
  object(Point)#8 (2) {
    ["x"]=>
    int(1)
    ["y"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["x"]=>
    string(6) "EUR 99"
    ["y"]=>
    object(MsgPack\Ext)#9 (2) {
      ["type"]=>
      int(3)
      ["data"]=>
      string(1) "A"
    }
  }
}
81a16bc70180ff: array(1) {
  ["k"]=>
  string(2) "ff"
}
-- a private method registered from its class stays callable
string(10) "private ab"
TypeError: MsgPack\Unpacker::registerExtension(): Argument #2 ($decode) must be a valid callback, cannot access private method Codec::decode()
-- a decoder for timestamps comes before TIMESTAMP_AS_DATETIME
string(5) "1 UTC"
string(11) "ts:00000001"
-- registering again replaces the decoder
array(2) {
  [0]=>
  int(4)
  [1]=>
  int(8)
}
-- the function knows no decoder
int(1)
-- a decoder that throws: its exception, nothing returned
DomainException: bad payload ff
array(1) {
  [0]=>
  int(1)
}
DomainException: bad payload ee
array(1) {
  [0]=>
  int(2)
}
remaining 0
-- the decoder may not use its own unpacker (it is unpacking), but may use another
d40300: Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
d40400: Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
d40500: Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
d40601: Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
d507a178: array(3) {
  [0]=>
  int(0)
  [1]=>
  string(1) "x"
  [2]=>
  string(1) "x"
}
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
array(1) {
  [0]=>
  array(3) {
    [0]=>
    int(4)
    [1]=>
    string(1) "x"
    [2]=>
    string(1) "x"
  }
}
collected: yes
