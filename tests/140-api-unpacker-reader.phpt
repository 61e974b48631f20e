--TEST--
MsgPack\Unpacker item by item: each typed read takes one item of its type (every format of it), headers leave their items, unpackExt() gives the raw ext, unpackInt() follows BIGINT flags; a wrong type or missing bytes throw with the offset and consume nothing
--FILE--
<?php
use MsgPack\Unpacker;

function t(callable $f): void {
    try {
        var_dump($f());
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    } catch (Throwable $e) {
        printf("%s: %s\n", get_class($e), $e->getMessage());
    }
}

$u = new Unpacker();
// nil, false, true; ints in every format (within 32 bits: beyond them tests 192, 193); float32 and float64
$u->feed(hex2bin('c0c2c3' . '7f' . 'e0' . 'cc80' . 'cd1234' . 'ce12345678' . 'cf000000007fffffff'
    . 'd080' . 'd18000' . 'd280000000' . 'd3ffffffff80000000' . 'ca3fc00000' . 'cb400921fb54442d18'));
t(fn () => $u->unpackNil());
t(fn () => $u->unpackBool());
t(fn () => $u->unpackBool());
for ($i = 0; $i < 10; $i++) {
    t(fn () => $u->unpackInt());
}
t(fn () => $u->unpackFloat());
t(fn () => $u->unpackFloat());
t(fn () => $u->remaining());

echo "-- strings and binaries, every format\n";
$u->feed(hex2bin('a3616263' . 'd90178' . 'da000179' . 'db000000017a' . 'c40100' . 'c5000101' . 'c600000001ff' . 'a0'));
for ($i = 0; $i < 4; $i++) {
    t(fn () => $u->unpackStr());
}
for ($i = 0; $i < 3; $i++) {
    t(fn () => bin2hex($u->unpackBin()));
}
t(fn () => $u->unpackStr());

echo "-- headers leave their items\n";
$u->feed(hex2bin('92' . 'dc0002' . 'dd00000000' . '81' . 'de0001' . 'df00000000' . 'a16101' . 'c0c0' . 'a162c3'));
t(fn () => $u->unpackArrayHeader());
t(fn () => $u->unpackArrayHeader());
t(fn () => $u->unpackArrayHeader());
t(fn () => $u->unpackMapHeader());
t(fn () => $u->unpackMapHeader());
t(fn () => $u->unpackMapHeader());
t(fn () => [$u->unpackStr(), $u->unpackInt(), $u->unpackNil(), $u->unpackNil(), $u->unpackStr(), $u->unpackBool()]);

echo "-- whole arrays and maps\n";
$u->feed(hex2bin('93' . '01' . '91c0' . '81a178c3' . '82a16101a162920203'));
t(fn () => $u->unpackArray());
t(fn () => $u->unpackMap());

echo "-- exts as they are, every format, decoders not run\n";
$u->registerExtension(5, fn ($d) => 'decoded');
$u->feed(hex2bin('d40501' . 'd5050102' . 'd6ff00000001' . 'd7ff0000000000000001' . 'd8' . '80' . str_repeat('ab', 16)
    . 'c70005' . 'c8000105ee' . 'c900000002fe0102'));
for ($i = 0; $i < 8; $i++) {
    t(fn () => ($e = $u->unpackExt()) ? [$e->type, bin2hex($e->data)] : null);
}
$u->feed(hex2bin('d40501'));
t(fn () => $u->unpack());

echo "-- unpackInt() past PHP_INT_MAX: the BIGINT flags\n";
$big = hex2bin('cfffffffffffffffff');
$u = new Unpacker();
$u->feed($big);
t(fn () => $u->unpackInt());
$u = new Unpacker(Unpacker::BIGINT_AS_FLOAT);
$u->feed($big);
t(fn () => $u->unpackInt());

echo "-- the wrong type: expected and found, at the offset; nothing consumed\n";
$u = new Unpacker();
$u->feed(hex2bin('01a161c0c2cb000000000000000092c4017890d400008080c1'));
t(fn () => $u->unpackInt());
$all = ['unpackNil', 'unpackBool', 'unpackInt', 'unpackFloat', 'unpackStr', 'unpackBin', 'unpackArray', 'unpackMap',
    'unpackExt', 'unpackArrayHeader', 'unpackMapHeader'];
// at offset 1 a str: every other reader refuses it
foreach ($all as $m) {
    if ($m !== 'unpackStr') {
        t(fn () => $u->$m());
    }
}
t(fn () => $u->remaining());
t(fn () => $u->unpackStr());
t(fn () => $u->unpackBool());   // nil
t(fn () => $u->unpackNil());
t(fn () => $u->unpackInt());    // false
t(fn () => $u->unpackBool());
t(fn () => $u->unpackInt());    // float64
t(fn () => $u->unpackFloat());
t(fn () => $u->unpackMap());    // array
t(fn () => $u->unpackArray());
t(fn () => $u->unpackStr());    // bin
t(fn () => $u->unpackBin());
t(fn () => $u->unpackMapHeader()); // array
t(fn () => $u->unpackArrayHeader());
t(fn () => $u->unpackBin());    // ext
t(fn () => $u->unpackExt()->type);
t(fn () => $u->unpackArrayHeader()); // map
t(fn () => $u->unpackMap());
t(fn () => $u->unpackMapHeader());
t(fn () => $u->unpackInt());    // 0xc1
t(fn () => $u->unpackExt());
t(fn () => $u->remaining());

echo "-- missing bytes: at the item, nothing consumed, more fed and read again\n";
$u = new Unpacker();
foreach ($all as $m) {
    t(fn () => $u->$m());
}
$u->feed(hex2bin('01'));
t(fn () => $u->skip(1));
foreach (['cd12' => 'unpackInt', 'cb3ff0' => 'unpackFloat', 'd9' => 'unpackStr', 'a36162' => 'unpackStr',
          'c5' => 'unpackBin', 'c40361' => 'unpackBin', 'dc00' => 'unpackArrayHeader', 'df000000' => 'unpackMapHeader',
          '92' => 'unpackArray', '9201' => 'unpackArray', '81a1' => 'unpackMap', 'c7' => 'unpackExt', 'c70101' => 'unpackExt',
          'd6ff0000' => 'unpackExt'] as $hex => $m) {
    $u->feed(hex2bin($hex));
    t(fn () => $u->$m());
    $left = $u->remaining();
    $u->skip($left);
    printf("  %s: %d bytes left\n", $hex, $left);
}
echo "-- skip(), read()\n";
$u->feed('abcdef');
t(fn () => $u->read(2));
t(fn () => $u->read(0));
t(fn () => $u->skip(0));
t(fn () => $u->skip(5));
t(fn () => $u->read(5));
t(fn () => $u->skip(-1));
t(fn () => $u->read(-1));
t(fn () => $u->skip(3));
t(fn () => $u->read(1));
t(fn () => $u->remaining());
?>
--EXPECT--
NULL
bool(false)
bool(true)
int(127)
int(-32)
int(128)
int(4660)
int(305419896)
int(2147483647)
int(-128)
int(-32768)
int(-2147483648)
int(-2147483648)
float(1.5)
float(3.141592653589793)
int(0)
-- strings and binaries, every format
string(3) "abc"
string(1) "x"
string(1) "y"
string(1) "z"
string(2) "00"
string(2) "01"
string(2) "ff"
string(0) ""
-- headers leave their items
int(2)
int(2)
int(0)
int(1)
int(1)
int(0)
array(6) {
  [0]=>
  string(1) "a"
  [1]=>
  int(1)
  [2]=>
  NULL
  [3]=>
  NULL
  [4]=>
  string(1) "b"
  [5]=>
  bool(true)
}
-- whole arrays and maps
array(3) {
  [0]=>
  int(1)
  [1]=>
  array(1) {
    [0]=>
    NULL
  }
  [2]=>
  array(1) {
    ["x"]=>
    bool(true)
  }
}
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(2) {
    [0]=>
    int(2)
    [1]=>
    int(3)
  }
}
-- exts as they are, every format, decoders not run
array(2) {
  [0]=>
  int(5)
  [1]=>
  string(2) "01"
}
array(2) {
  [0]=>
  int(5)
  [1]=>
  string(4) "0102"
}
array(2) {
  [0]=>
  int(-1)
  [1]=>
  string(8) "00000001"
}
array(2) {
  [0]=>
  int(-1)
  [1]=>
  string(16) "0000000000000001"
}
array(2) {
  [0]=>
  int(-128)
  [1]=>
  string(32) "abababababababababababababababab"
}
array(2) {
  [0]=>
  int(5)
  [1]=>
  string(0) ""
}
array(2) {
  [0]=>
  int(5)
  [1]=>
  string(2) "ee"
}
array(2) {
  [0]=>
  int(-2)
  [1]=>
  string(4) "0102"
}
string(7) "decoded"
-- unpackInt() past PHP_INT_MAX: the BIGINT flags
string(20) "18446744073709551615"
float(1.8446744073709552E+19)
-- the wrong type: expected and found, at the offset; nothing consumed
int(1)
MsgPack\UnpackException(1): expected nil, found str at offset 1
MsgPack\UnpackException(1): expected bool, found str at offset 1
MsgPack\UnpackException(1): expected int, found str at offset 1
MsgPack\UnpackException(1): expected float, found str at offset 1
MsgPack\UnpackException(1): expected bin, found str at offset 1
MsgPack\UnpackException(1): expected array, found str at offset 1
MsgPack\UnpackException(1): expected map, found str at offset 1
MsgPack\UnpackException(1): expected ext, found str at offset 1
MsgPack\UnpackException(1): expected array, found str at offset 1
MsgPack\UnpackException(1): expected map, found str at offset 1
int(24)
string(1) "a"
MsgPack\UnpackException(3): expected bool, found nil at offset 3
NULL
MsgPack\UnpackException(4): expected int, found bool at offset 4
bool(false)
MsgPack\UnpackException(5): expected int, found float at offset 5
float(0)
MsgPack\UnpackException(14): expected map, found array at offset 14
array(2) {
  [0]=>
  string(1) "x"
  [1]=>
  array(0) {
  }
}
MsgPack\UnpackException(19): expected str, found ext at offset 19
MsgPack\UnpackException(19): expected bin, found ext at offset 19
MsgPack\UnpackException(19): expected map, found ext at offset 19
MsgPack\UnpackException(19): expected array, found ext at offset 19
MsgPack\UnpackException(19): expected bin, found ext at offset 19
int(0)
MsgPack\UnpackException(22): expected array, found map at offset 22
array(0) {
}
int(0)
MsgPack\UnpackException(24): expected int, found byte 0xc1 at offset 24
MsgPack\UnpackException(24): expected ext, found byte 0xc1 at offset 24
int(1)
-- missing bytes: at the item, nothing consumed, more fed and read again
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(0): insufficient data at offset 0
NULL
MsgPack\InsufficientDataException(1): insufficient data at offset 1
  cd12: 2 bytes left
MsgPack\InsufficientDataException(3): insufficient data at offset 3
  cb3ff0: 3 bytes left
MsgPack\InsufficientDataException(6): insufficient data at offset 6
  d9: 1 bytes left
MsgPack\InsufficientDataException(7): insufficient data at offset 7
  a36162: 3 bytes left
MsgPack\InsufficientDataException(10): insufficient data at offset 10
  c5: 1 bytes left
MsgPack\InsufficientDataException(11): insufficient data at offset 11
  c40361: 3 bytes left
MsgPack\InsufficientDataException(14): insufficient data at offset 14
  dc00: 2 bytes left
MsgPack\InsufficientDataException(16): insufficient data at offset 16
  df000000: 4 bytes left
MsgPack\InsufficientDataException(21): insufficient data at offset 21
  92: 1 bytes left
MsgPack\InsufficientDataException(23): insufficient data at offset 23
  9201: 2 bytes left
MsgPack\InsufficientDataException(24): insufficient data at offset 24
  81a1: 2 bytes left
MsgPack\InsufficientDataException(25): insufficient data at offset 25
  c7: 1 bytes left
MsgPack\InsufficientDataException(26): insufficient data at offset 26
  c70101: 3 bytes left
MsgPack\InsufficientDataException(29): insufficient data at offset 29
  d6ff0000: 4 bytes left
-- skip(), read()
string(2) "ab"
string(0) ""
NULL
MsgPack\InsufficientDataException(35): insufficient data at offset 35: 5 bytes asked, 4 buffered
MsgPack\InsufficientDataException(35): insufficient data at offset 35: 5 bytes asked, 4 buffered
ValueError: MsgPack\Unpacker::skip(): Argument #1 ($bytes) must be greater than or equal to 0
ValueError: MsgPack\Unpacker::read(): Argument #1 ($bytes) must be greater than or equal to 0
NULL
string(1) "f"
int(0)
