--TEST--
MsgPack\Unpacker item by item in a stream: reads mixed with feed(), tryUnpack() and foreach; bytes fed one at a time; unpack() with no argument and skipValue(); recovery after 0xc1 and nesting too deep; reset(); records; an error put off by tryUnpack() comes first; not from its own callbacks
--FILE--
<?php
use MsgPack\Unpacker;

function t(callable $f): void {
    try {
        echo json_encode($f()), "\n";
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    } catch (Throwable $e) {
        printf("%s: %s\n", get_class($e), $e->getMessage());
    }
}

// a protocol message: a header [version, count] then count requests {id, method, args}, then a trailer
$message = MsgPack\pack([1, 2]) . MsgPack\pack(['id' => 7, 'method' => 'sum', 'args' => [1, 2, 3]])
    . MsgPack\pack(['id' => 8, 'method' => 'ping', 'args' => []]) . MsgPack\pack('end');

function read_message(Unpacker $u): array {
    $out = [];
    $n = $u->unpackArrayHeader();
    $out[] = $u->unpackInt();
    $count = $u->unpackInt();
    for ($i = 0; $i < $count; $i++) {
        $fields = $u->unpackMapHeader();
        $req = [];
        for ($j = 0; $j < $fields; $j++) {
            $key = $u->unpackStr();
            $req[$key] = $key === 'args' ? $u->unpackArray() : $u->unpack();
        }
        $out[] = $req;
    }
    $out[] = $u->unpackStr();
    return $out;
}

echo "-- whole\n";
$u = new Unpacker();
$u->feed($message);
t(fn () => read_message($u));

echo "-- one byte at a time: each read retried until it succeeds\n";
$u = new Unpacker();
$ops = ['unpackArrayHeader', 'unpackInt', 'unpackInt', 'unpackMapHeader', 'unpackStr', 'unpackInt', 'unpackStr',
    'unpackStr', 'unpackStr', 'unpackArray', 'skipValue', 'unpack', 'unpackStr', 'unpackStr', 'unpackStr', 'unpackArray', 'unpackStr'];
$got = [];
$failures = 0;
$bad = 0;
$fed = 0;
foreach ($ops as $op) {
    while (true) {
        $before = $u->remaining();
        try {
            $got[] = $u->$op();
            break;
        } catch (MsgPack\InsufficientDataException $e) {
            $failures++;
            if ($u->remaining() !== $before || $e->getPosition() > $fed) {
                $bad++;
            }
            if ($fed === strlen($message)) {
                break 2;
            }
            $u->feed($message[$fed++]);
        }
    }
}
echo json_encode($got), "\n";
printf("fed %d of %d bytes, %d insufficient, %d consumed something or beyond what was fed, remaining %d\n",
    $fed, strlen($message), $failures, $bad, $u->remaining());

echo "-- mixed with tryUnpack() and foreach, a value scanned in part first\n";
$u = new Unpacker();
$u->feed(substr($message, 0, 6));            // [1, 2] and the first bytes of the map
t(fn () => $u->tryUnpack());                 // the scanner stops inside the map
t(fn () => $u->unpackMapHeader());           // taken by hand: the scanner starts over after it
t(fn () => $u->tryUnpack());                 // "id" is not all there yet
$u->feed(substr($message, 6));
t(fn () => $u->unpackStr());
t(fn () => $u->unpack());
foreach ($u as $k => $v) {
    echo "foreach $k: ", json_encode($v), "\n";
    if ($k === 1) {
        break;
    }
}
t(fn () => $u->unpackStr());
t(fn () => $u->remaining());

echo "-- unpack() with no argument; with one, the one-shot\n";
$u = new Unpacker();
t(fn () => $u->unpack());
$u->feed("\x93\x01");
t(fn () => $u->unpack());
t(fn () => $u->unpack("\xa1x"));
$u->feed("\x02\x03\xc3");
t(fn () => $u->unpack());
t(fn () => $u->skipValue());
t(fn () => $u->skipValue());

echo "-- 0xc1: every whole read refuses it, until the bytes are skipped\n";
$u = new Unpacker();
$u->feed("\x01\x92\x02\xc1\x03\x04");
t(fn () => $u->tryUnpack());
t(fn () => $u->tryUnpack());
t(fn () => $u->unpack());
t(fn () => $u->skipValue());
t(function () use ($u) {
    foreach ($u as $v) {
        echo "not reached\n";
    }
});
t(fn () => $u->remaining());
t(fn () => $u->unpackArrayHeader());
t(fn () => $u->unpackInt());
t(fn () => $u->unpackInt());
t(fn () => $u->skip(1));
t(fn () => $u->tryUnpack());
$u->feed("\xc1\x05");
t(fn () => $u->unpack());
t(fn () => bin2hex($u->read(1)));
t(fn () => $u->unpack());

echo "-- nesting too deep: the same, the headers read by hand\n";
$u = new Unpacker(0, false, 2);
$u->feed("\x91\x91\x91\x01\x02");
t(fn () => $u->unpack());
t(fn () => $u->unpackArray());
t(fn () => [$u->unpackArrayHeader(), $u->unpackArrayHeader()]);
t(fn () => $u->unpack());
t(fn () => $u->tryUnpack());

echo "-- an error put off by tryUnpack() comes before any read\n";
$u = new Unpacker();
$u->feed("\x01\xc1\x02");
t(fn () => $u->tryUnpack());
t(fn () => $u->unpackInt());
t(fn () => $u->unpackInt());
t(fn () => $u->skip(1));
t(fn () => $u->unpackInt());
$u->feed("\x01\xc1");
t(fn () => $u->tryUnpack());
t(fn () => $u->skip(1));
t(fn () => $u->remaining());

echo "-- reset(): a new stream, offsets from 0\n";
$u = new Unpacker();
$u->feed("\x01\x92\x02");
t(fn () => $u->unpackInt());
t(fn () => $u->tryUnpack());
$u->reset();
t(fn () => $u->remaining());
$u->feed("\xc2\x03");
t(fn () => $u->unpackInt());
t(fn () => $u->tryUnpack());
$u->feed("\x01\xc1");
t(fn () => $u->tryUnpack());
$u->reset();
t(fn () => $u->tryUnpack());

echo "-- records: a record is a map to the readers; a skipped value's declarations are kept\n";
$p = new MsgPack\Packer(MsgPack\Packer::RECORDS);
$records = $p->pack([['a' => 1, 'b' => 2], ['a' => 3, 'b' => 4]]) . $p->pack(['a' => 5, 'b' => 6]);
echo bin2hex($records), "\n";
$u = new Unpacker(Unpacker::RECORDS);
$u->feed($records);
t(fn () => $u->unpackArrayHeader());
t(fn () => $u->unpackExt());
t(fn () => $u->unpackMapHeader());
t(fn () => $u->unpackMap());
t(fn () => $u->unpackInt());
t(fn () => $u->unpackMap());
$u = new Unpacker(Unpacker::RECORDS);
$u->feed(substr($records, 0, 14));        // the first value alone
t(fn () => $u->skipValue());
$u->feed("\x40\x07\x08");                  // structure 0x40, declared by the value skipped
t(fn () => $u->unpack());
$u = new Unpacker(Unpacker::RECORDS);
$u->feed("\x40");
t(fn () => $u->unpackInt());

echo "-- not from the unpacker's own callbacks\n";
$u = new Unpacker();
$u->registerExtension(1, function ($d) use ($u) {
    foreach (['unpack', 'unpackInt', 'skipValue', 'reset'] as $m) {
        t(fn () => $u->$m());
    }
    t(fn () => $u->skip(1));
    t(fn () => $u->read(1));
    return $d;
});
$u->feed("\xd4\x01x\x05");
t(fn () => $u->unpack());
t(fn () => $u->unpackInt());
?>
--EXPECT--
-- whole
[1,{"id":7,"method":"sum","args":[1,2,3]},{"id":8,"method":"ping","args":[]},"end"]
-- one byte at a time: each read retried until it succeeds
[2,1,2,3,"id",7,"method","sum","args",[1,2,3],null,"end"]
fed 55 of 55 bytes, 56 insufficient, 0 consumed something or beyond what was fed, remaining 0
-- mixed with tryUnpack() and foreach, a value scanned in part first
[[1,2]]
3
[]
"id"
7
foreach 0: "method"
foreach 1: "sum"
"args"
31
-- unpack() with no argument; with one, the one-shot
MsgPack\InsufficientDataException(0): insufficient data at offset 0
MsgPack\InsufficientDataException(2): insufficient data at offset 2
"x"
[1,2,3]
null
MsgPack\InsufficientDataException(5): insufficient data at offset 5
-- 0xc1: every whole read refuses it, until the bytes are skipped
[1]
MsgPack\UnpackException(3): unexpected byte 0xc1 at offset 3
MsgPack\UnpackException(3): unexpected byte 0xc1 at offset 3
MsgPack\UnpackException(3): unexpected byte 0xc1 at offset 3
MsgPack\UnpackException(3): unexpected byte 0xc1 at offset 3
5
2
2
MsgPack\UnpackException(3): expected int, found byte 0xc1 at offset 3
null
[3,4]
MsgPack\UnpackException(6): unexpected byte 0xc1 at offset 6
"c1"
5
-- nesting too deep: the same, the headers read by hand
MsgPack\UnpackException(2): maximum nesting depth of 2 exceeded at offset 2
MsgPack\UnpackException(2): maximum nesting depth of 2 exceeded at offset 2
[1,1]
[1]
[2]
-- an error put off by tryUnpack() comes before any read
[1]
MsgPack\UnpackException(1): unexpected byte 0xc1 at offset 1
MsgPack\UnpackException(1): expected int, found byte 0xc1 at offset 1
null
2
[1]
MsgPack\UnpackException(4): unexpected byte 0xc1 at offset 4
1
-- reset(): a new stream, offsets from 0
1
[]
0
MsgPack\UnpackException(0): expected int, found bool at offset 0
[false,3]
[1]
[]
-- records: a record is a map to the readers; a skipped value's declarations are kept
92d4724092a161a1620102400304d4724092a161a1620506
2
MsgPack\UnpackException(1): expected ext, found record at offset 1
MsgPack\UnpackException(1): expected map, found record at offset 1
{"a":1,"b":2}
MsgPack\UnpackException(11): expected int, found record at offset 11
{"a":3,"b":4}
null
{"a":7,"b":8}
64
-- not from the unpacker's own callbacks
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
"x"
5
