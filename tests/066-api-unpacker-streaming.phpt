--TEST--
MsgPack\Unpacker streaming: feed()/tryUnpack()/remaining()/getIterator() at every split point of a message, byte by byte, lazily; errors at their offset from the start of the stream; a value the decoder refuses is skipped, bytes the scanner refuses stop the stream
--FILE--
<?php
use MsgPack\Unpacker;

function attempt(callable $f): void {
    try {
        echo json_encode($f()), "\n";
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    } catch (Throwable $e) {
        printf("%s: %s\n", get_class($e), $e->getMessage());
    }
}

// one message of several values: ints, str16, bin8, nested maps and arrays, ext, timestamps
$message = hex2bin(
    '01' . 'cd1234' . 'd3ffffffffffffffff' . 'cb3ff8000000000000' . 'da0100' . str_repeat('61', 256)
    . 'c403414243' . '82a16193c0c2c3a16281a163cfffffffffffffffff' . 'd40541' . 'd6ff00000001'
    . 'c70cff00000001ffffffffffffffff' . '90' . '80' . 'a0' . 'dc0003919101' . '9202c0' . 'c3'
);
$u = new Unpacker();
$u->feed($message);
var_dump($u->remaining() === strlen($message));
$whole = $u->tryUnpack();
printf("%d values, remaining %d\n", count($whole), $u->remaining());
$reference = serialize($whole);
$whole[4] = strlen($whole[4]) . ' bytes of a';
var_dump($whole);

// every split point into two pieces
$bad = 0;
for ($i = 0; $i <= strlen($message); $i++) {
    $u = new Unpacker();
    $u->feed(substr($message, 0, $i));
    $first = $u->tryUnpack();
    $left = $u->remaining();
    $u->feed(substr($message, $i));
    $values = array_merge($first, $u->tryUnpack());
    if (serialize($values) !== $reference || $u->remaining() !== 0 || $left > $i) {
        $bad++;
        echo "split at $i differs\n";
    }
}
echo strlen($message) + 1, " split points, $bad differ\n";

// byte by byte through the iterator, and in three pieces
$u = new Unpacker();
$values = [];
for ($i = 0; $i < strlen($message); $i++) {
    $u->feed($message[$i]);
    foreach ($u as $v) {
        $values[] = $v;
    }
}
echo "byte by byte: ", serialize($values) === $reference ? "same" : "DIFFERENT", ", remaining ", $u->remaining(), "\n";
$bad = 0;
for ($i = 0; $i < strlen($message); $i += 7) {
    for ($j = $i; $j <= strlen($message); $j += 5) {
        $u = new Unpacker();
        $got = [];
        foreach ([substr($message, 0, $i), substr($message, $i, $j - $i), substr($message, $j)] as $piece) {
            $u->feed($piece);
            $got = array_merge($got, iterator_to_array($u, false));
        }
        $bad += serialize($got) !== $reference;
    }
}
echo "three pieces: $bad differ\n";

echo "-- the iterator is lazy: a value is decoded when the loop asks for it\n";
$u = new Unpacker();
$u->feed(hex2bin('01a3616263920203c0'));
foreach ($u as $k => $v) {
    echo "$k => ", json_encode($v), ", remaining ", $u->remaining(), "\n";
    break;
}
echo "after break: remaining ", $u->remaining(), "\n";
$it = $u->getIterator();
echo get_class($it), "\n";
foreach ($it as $k => $v) {
    echo "$k => ", json_encode($v), ", remaining ", $u->remaining(), "\n";
}
$u->feed("\x05\x92");
foreach ($u as $k => $v) {
    echo "$k => ", json_encode($v), ", remaining ", $u->remaining(), "\n";
}
$u->feed("\x06");
echo json_encode($u->tryUnpack()), ", remaining ", $u->remaining(), "\n";
$u->feed("\x07");
echo json_encode($u->tryUnpack()), ", remaining ", $u->remaining(), "\n";
attempt(function () use ($u) { foreach ($u as &$v) {} });

echo "-- errors: offsets from the start of the stream\n";
$u = new Unpacker();
$u->feed(str_repeat("\xa3abc", 3000));   // 12000 bytes, dropped from the buffer as they are consumed
echo count($u->tryUnpack()), " values\n";
$u->feed("\x01\x02");
$u->feed("\x93\x01\xc1");
attempt(fn () => $u->tryUnpack());   // the values before the error come first
attempt(fn () => $u->tryUnpack());   // then the error
attempt(fn () => $u->tryUnpack());   // the stream stops there
attempt(fn () => iterator_to_array($u));
echo "remaining ", $u->remaining(), "\n";
$u = new Unpacker();
$u->feed(str_repeat("\xa3abc", 1250) . "\x92\x01");  // 5000 bytes consumed, then a list begun
echo count($u->tryUnpack()), " values\n";
$u->feed("\xc1");                                     // the 5000 bytes are dropped, the list kept
attempt(fn () => $u->tryUnpack());

$u = new Unpacker(0, false, 2);
$u->feed("\x01\x91\x91\x01\x91\x91\x91\x01");
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());

echo "-- a value the decoder refuses is skipped\n";
$u = new Unpacker();
$u->feed(hex2bin('01d4ff0102'));                 // timestamp of 1 byte
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());
$u->feed(hex2bin('81c00103'));                   // nil key
attempt(fn () => $u->tryUnpack());
attempt(fn () => $u->tryUnpack());
echo "remaining ", $u->remaining(), "\n";

echo "-- incomplete values are kept, never an InsufficientDataException\n";
$u = new Unpacker();
foreach (['dd', '000000', '02', 'a2', '61', '62c3'] as $hex) {
    $u->feed(hex2bin($hex));
    echo $hex, ": ", json_encode($u->tryUnpack()), " remaining ", $u->remaining(), "\n";
}

echo "-- unpack() does not touch the stream\n";
$u = new Unpacker();
$u->feed("\x92\x01");
attempt(fn () => $u->unpack("\x93\x01\x02\x03"));
attempt(fn () => $u->unpack("\x92\x01"));
echo "remaining ", $u->remaining(), "\n";
$u->feed("\x02");
attempt(fn () => $u->tryUnpack());
?>
--EXPECT--
bool(true)
14 values, remaining 0
array(14) {
  [0]=>
  int(1)
  [1]=>
  int(4660)
  [2]=>
  int(-1)
  [3]=>
  float(1.5)
  [4]=>
  string(14) "256 bytes of a"
  [5]=>
  string(3) "ABC"
  [6]=>
  array(2) {
    ["a"]=>
    array(3) {
      [0]=>
      NULL
      [1]=>
      bool(false)
      [2]=>
      bool(true)
    }
    ["b"]=>
    array(1) {
      ["c"]=>
      string(20) "18446744073709551615"
    }
  }
  [7]=>
  object(MsgPack\Ext)#2 (2) {
    ["type"]=>
    int(5)
    ["data"]=>
    string(1) "A"
  }
  [8]=>
  object(MsgPack\Timestamp)#3 (2) {
    ["seconds"]=>
    int(1)
    ["nanoseconds"]=>
    int(0)
  }
  [9]=>
  object(MsgPack\Timestamp)#4 (2) {
    ["seconds"]=>
    int(-1)
    ["nanoseconds"]=>
    int(1)
  }
  [10]=>
  array(0) {
  }
  [11]=>
  array(0) {
  }
  [12]=>
  string(0) ""
  [13]=>
  array(3) {
    [0]=>
    array(1) {
      [0]=>
      array(1) {
        [0]=>
        int(1)
      }
    }
    [1]=>
    array(2) {
      [0]=>
      int(2)
      [1]=>
      NULL
    }
    [2]=>
    bool(true)
  }
}
345 split points, 0 differ
byte by byte: same, remaining 0
three pieces: 0 differ
-- the iterator is lazy: a value is decoded when the loop asks for it
0 => 1, remaining 8
after break: remaining 8
InternalIterator
0 => "abc", remaining 4
1 => [2,3], remaining 1
2 => null, remaining 0
0 => 5, remaining 1
[], remaining 2
[[6,7]], remaining 0
Error: An iterator cannot be used with foreach by reference
-- errors: offsets from the start of the stream
3000 values
[1,2]
MsgPack\UnpackException(12004): unexpected byte 0xc1 at offset 12004
MsgPack\UnpackException(12004): unexpected byte 0xc1 at offset 12004
MsgPack\UnpackException(12004): unexpected byte 0xc1 at offset 12004
remaining 3
1250 values
MsgPack\UnpackException(5002): unexpected byte 0xc1 at offset 5002
[1,[[1]]]
MsgPack\UnpackException(6): maximum nesting depth of 2 exceeded at offset 6
-- a value the decoder refuses is skipped
[1]
MsgPack\UnpackException(1): invalid timestamp length at offset 1
[2]
MsgPack\UnpackException(6): invalid map key of type nil at offset 6
[3]
remaining 0
-- incomplete values are kept, never an InsufficientDataException
dd: [] remaining 1
000000: [] remaining 4
02: [] remaining 5
a2: [] remaining 6
61: [] remaining 7
62c3: [["ab",true]] remaining 0
-- unpack() does not touch the stream
[1,2,3]
MsgPack\InsufficientDataException(2): insufficient data at offset 2
remaining 2
[[1,2]]
