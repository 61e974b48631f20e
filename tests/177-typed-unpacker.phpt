--TEST--
MsgPack\Unpacker::unpackAs(): the unpacker's flags, allow-list, depth limit and ext decoders apply to the parts typed mixed; only the declared classes are made elsewhere; getPath() is '' for the errors of unpack()
--FILE--
<?php
use MsgPack\Unpacker;
use MsgPack\Packer;

function show(string $label, callable $f): void {
    try {
        $v = $f();
        echo "$label: ";
        var_dump($v);
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage();
        if ($e instanceof MsgPack\UnpackException) {
            echo ' [offset ', $e->getPosition(), ', path ', $e->getPath(), ']';
        }
        echo "\n";
    }
}

class Envelope { public string $kind; public mixed $body = null; public ?Envelope $reply = null; }
class Secret { public $x = 1; public function __wakeup() { echo "Secret::__wakeup\n"; } }
class Allowed { public $y = 2; }

$php = (new Packer(Packer::PHP_OBJECTS))->pack(['kind' => 'k', 'body' => [new Allowed, new Secret]]);

echo "-- PHP objects in a mixed part: the allow-list decides, as for unpack()\n";
show('no PHP_OBJECTS', fn () => MsgPack\unpackAs($php, 'Envelope'));
show('PHP_OBJECTS, no class allowed', fn () => MsgPack\unpackAs($php, 'Envelope', Unpacker::PHP_OBJECTS));
show('PHP_OBJECTS, Allowed allowed', fn () => (new Unpacker(Unpacker::PHP_OBJECTS, ['allowed']))->unpackAs($php, 'Envelope'));
show('a class entry where a class is declared', fn () => (new Unpacker(Unpacker::PHP_OBJECTS, true))
    ->unpackAs((new Packer(Packer::PHP_OBJECTS))->pack(new Allowed), 'Envelope'));

$secret = new Secret;
$skipped = (new Packer(Packer::PHP_OBJECTS))->pack(['unknown' => $secret, 'body' => [$secret, [1]], 'kind' => 's']);
echo bin2hex($skipped), "\n";
show('an unknown key is skipped unbuilt (no __wakeup), a back-reference to it is null',
    fn () => (new Unpacker(Unpacker::PHP_OBJECTS, true))->unpackAs($skipped, 'Envelope'));

echo "-- ext decoders run in mixed parts only\n";
$u = new Unpacker();
$u->registerExtension(5, fn (string $data) => "decoded " . bin2hex($data));
$bytes = MsgPack\pack(['kind' => 'e', 'body' => new MsgPack\Ext(5, "\x01")]);
show('in a mixed part', fn () => $u->unpackAs($bytes, 'Envelope'));
show('as MsgPack\Ext', fn () => bin2hex(MsgPack\pack($u->unpackAs(MsgPack\pack(new MsgPack\Ext(5, "\x01")), 'MsgPack\Ext'))));
$u->registerExtension(6, function (string $data) { throw new LogicException('from the decoder'); });
show('a decoder that throws', fn () => $u->unpackAs(MsgPack\pack(['kind' => 'e', 'body' => new MsgPack\Ext(6, '')]), 'Envelope'));
$u->registerExtension(7, fn (string $data) => $u->unpackAs($data, 'int'));
show('a decoder that uses the unpacker', fn () => $u->unpackAs(MsgPack\pack(['kind' => 'e', 'body' => new MsgPack\Ext(7, "\x01")]), 'Envelope'));
$other = new Unpacker();
$u->registerExtension(8, fn (string $data) => $other->unpackAs($data, 'Envelope'));
show('a decoder that uses another unpacker', fn () => $u->unpackAs(MsgPack\pack(['kind' => 'e',
    'body' => new MsgPack\Ext(8, MsgPack\pack(['kind' => 'inner']))]), 'Envelope'));

echo "-- other flags in mixed parts\n";
$big = "\x82\xa4kind\xa1n\xa4body\xcf\xff\xff\xff\xff\xff\xff\xff\xff";
show('BIGINT_AS_FLOAT', fn () => (new Unpacker(Unpacker::BIGINT_AS_FLOAT))->unpackAs($big, 'Envelope')->body);
show('TIMESTAMP_AS_DATETIME', fn () => get_class((new Unpacker(Unpacker::TIMESTAMP_AS_DATETIME))
    ->unpackAs(MsgPack\pack(['kind' => 't', 'body' => new MsgPack\Timestamp(0)]), 'Envelope')->body));
show('MAPS_AS_OBJECTS', fn () => (new Unpacker(Unpacker::MAPS_AS_OBJECTS))
    ->unpackAs(MsgPack\pack(['kind' => 'o', 'body' => ['a' => 1]]), 'Envelope')->body);
$records = "\x82\xa4kind\xa1r\xa4body" . (new Packer(Packer::RECORDS))->pack([['a' => 1, 'b' => 2], ['a' => 3, 'b' => 4]]);
show('RECORDS in a mixed part', fn () => (new Unpacker(Unpacker::RECORDS))->unpackAs($records, 'Envelope')->body);
$records = (new Packer(Packer::RECORDS))->pack([['kind' => 'a'], ['kind' => 'b']]);
echo bin2hex($records), "\n";
show('records where a class is declared', fn () => (new Unpacker(Unpacker::RECORDS))->unpackAs($records, 'list<Envelope>'));
show('without RECORDS', fn () => MsgPack\unpackAs($records, 'list<Envelope>'));
show('a record where a list is declared', fn () => (new Unpacker(Unpacker::RECORDS))->unpackAs($records, 'list<list<int>>'));
$records = (new Packer(Packer::RECORDS))->pack([['kind' => 'a', 'x' => [1, 2]], ['kind' => 1, 'x' => 1]]);
echo bin2hex($records), "\n";
show('a record with a wrong value', fn () => (new Unpacker(Unpacker::RECORDS))->unpackAs($records, 'list<Envelope>'));
show('a record with an unknown field', fn () => (new Unpacker(Unpacker::RECORDS | Unpacker::FORBID_UNKNOWN_KEYS))->unpackAs($records, 'list<Envelope>'));
$shared = (new Unpacker(Unpacker::RECORDS))->withStructures([['kind', 'body']]);
show('a shared structure', fn () => $shared->unpackAs("\x40\xa1s\x92\x01\x02", 'Envelope'));
show('FORBID_UNKNOWN_KEYS', fn () => (new Unpacker(Unpacker::FORBID_UNKNOWN_KEYS))->unpackAs(MsgPack\pack(['kind' => 'k', 'x' => 1]), 'Envelope'));
show('FORBID_UNKNOWN_KEYS does not apply to unpack()', fn () => MsgPack\unpack(MsgPack\pack(['x' => 1]), Unpacker::FORBID_UNKNOWN_KEYS));

echo "-- the depth limit\n";
$nested = MsgPack\pack(['kind' => 'a', 'reply' => ['kind' => 'b', 'reply' => ['kind' => 'c', 'body' => [[1]]]]]);
show('depth 5', fn () => (new Unpacker(0, false, 5))->unpackAs($nested, 'Envelope')->reply->reply->kind);
show('depth 4', fn () => (new Unpacker(0, false, 4))->unpackAs($nested, 'Envelope'));
show('depth 2', fn () => (new Unpacker(0, false, 2))->unpackAs($nested, 'Envelope'));

echo "-- errors\n";
show('trailing bytes', fn () => MsgPack\unpackAs(MsgPack\pack(['kind' => 'k']) . "\x00", 'Envelope'));
show('cut short', fn () => (new Unpacker())->unpackAs(substr($nested, 0, 30), 'Envelope'));
show('cut short in a mixed part', fn () => MsgPack\unpackAs(substr($nested, 0, -2), 'Envelope'));
show('0xc1 in a mixed part', fn () => MsgPack\unpackAs("\x82\xa4kind\xa1k\xa4body\x91\xc1", 'Envelope'));
show('an invalid timestamp in a mixed part', fn () => MsgPack\unpackAs("\x82\xa4kind\xa1k\xa4body\xd5\xff\x00\x00", 'Envelope'));
try {
    MsgPack\unpack("\x91\xc1");
} catch (MsgPack\UnpackException $e) {
    var_dump($e->getPath());
}
$u = new Unpacker();
$u->feed("\x91");
try {
    $u->unpack();
} catch (MsgPack\UnpackException $e) {
    var_dump(get_class($e), $e->getPath());
}
echo "-- the stream is not touched\n";
$u->feed("\x01");
var_dump($u->unpackAs("\x05", 'int'), $u->unpack());
--EXPECT--
-- PHP objects in a mixed part: the allow-list decides, as for unpack()
no PHP_OBJECTS: MsgPack\UnpackException: invalid map key of type nil at offset 15 [offset 15, path $.body]
PHP_OBJECTS, no class allowed: object(Envelope)#1 (3) {
  ["kind"]=>
  string(1) "k"
  ["body"]=>
  array(2) {
    [0]=>
    object(__PHP_Incomplete_Class)#2 (2) {
      ["__PHP_Incomplete_Class_Name"]=>
      string(7) "Allowed"
      ["y"]=>
      int(2)
    }
    [1]=>
    object(__PHP_Incomplete_Class)#4 (2) {
      ["__PHP_Incomplete_Class_Name"]=>
      string(6) "Secret"
      ["x"]=>
      int(1)
    }
  }
  ["reply"]=>
  NULL
}
PHP_OBJECTS, Allowed allowed: object(Envelope)#2 (3) {
  ["kind"]=>
  string(1) "k"
  ["body"]=>
  array(2) {
    [0]=>
    object(Allowed)#3 (1) {
      ["y"]=>
      int(2)
    }
    [1]=>
    object(__PHP_Incomplete_Class)#5 (2) {
      ["__PHP_Incomplete_Class_Name"]=>
      string(6) "Secret"
      ["x"]=>
      int(1)
    }
  }
  ["reply"]=>
  NULL
}
a class entry where a class is declared: MsgPack\UnpackException: Expected a string key, got nil at $ [offset 1, path $]
83a7756e6b6e6f776e82c0a6536563726574a17801a4626f64799282c00400029101a46b696e64a173
an unknown key is skipped unbuilt (no __wakeup), a back-reference to it is null: object(Envelope)#1 (3) {
  ["kind"]=>
  string(1) "s"
  ["body"]=>
  array(2) {
    [0]=>
    NULL
    [1]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  ["reply"]=>
  NULL
}
-- ext decoders run in mixed parts only
in a mixed part: object(Envelope)#4 (3) {
  ["kind"]=>
  string(1) "e"
  ["body"]=>
  string(10) "decoded 01"
  ["reply"]=>
  NULL
}
as MsgPack\Ext: string(6) "d40501"
a decoder that throws: LogicException: from the decoder
a decoder that uses the unpacker: Error: MsgPack\Unpacker cannot be used while it is unpacking (from a callback of its own)
a decoder that uses another unpacker: object(Envelope)#9 (3) {
  ["kind"]=>
  string(1) "e"
  ["body"]=>
  object(Envelope)#10 (3) {
    ["kind"]=>
    string(5) "inner"
    ["body"]=>
    NULL
    ["reply"]=>
    NULL
  }
  ["reply"]=>
  NULL
}
-- other flags in mixed parts
BIGINT_AS_FLOAT: float(1.8446744073709552E+19)
TIMESTAMP_AS_DATETIME: string(17) "DateTimeImmutable"
MAPS_AS_OBJECTS: object(stdClass)#6 (1) {
  ["a"]=>
  int(1)
}
RECORDS in a mixed part: array(2) {
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
}
92d4724091a46b696e64a16140a162
records where a class is declared: array(2) {
  [0]=>
  object(Envelope)#9 (3) {
    ["kind"]=>
    string(1) "a"
    ["body"]=>
    NULL
    ["reply"]=>
    NULL
  }
  [1]=>
  object(Envelope)#11 (3) {
    ["kind"]=>
    string(1) "b"
    ["body"]=>
    NULL
    ["reply"]=>
    NULL
  }
}
without RECORDS: MsgPack\UnpackException: Expected Envelope, got ext 114 at $[0] [offset 1, path $[0]]
a record where a list is declared: MsgPack\UnpackException: Expected list<int>, got record at $[0] [offset 1, path $[0]]
92d4724092a46b696e64a178a161920102400101
a record with a wrong value: MsgPack\UnpackException: Expected string, got int at $[1].kind [offset 18, path $[1].kind]
a record with an unknown field: MsgPack\UnpackException: Unknown key "x" at $[0] [offset 1, path $[0]]
a shared structure: object(Envelope)#6 (3) {
  ["kind"]=>
  string(1) "s"
  ["body"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
  ["reply"]=>
  NULL
}
FORBID_UNKNOWN_KEYS: MsgPack\UnpackException: Unknown key "x" at $ [offset 8, path $]
FORBID_UNKNOWN_KEYS does not apply to unpack(): array(1) {
  ["x"]=>
  int(1)
}
-- the depth limit
depth 5: string(1) "c"
depth 4: MsgPack\UnpackException: maximum nesting depth of 4 exceeded at offset 42 [offset 42, path $.reply.reply.body]
depth 2: MsgPack\UnpackException: maximum nesting depth of 2 exceeded at offset 28 [offset 28, path $.reply.reply]
-- errors
trailing bytes: MsgPack\UnpackException: unexpected trailing bytes at offset 8 [offset 8, path ]
cut short: MsgPack\InsufficientDataException: insufficient data at offset 29 [offset 29, path $.reply.reply]
cut short in a mixed part: MsgPack\InsufficientDataException: insufficient data at offset 42 [offset 42, path $.reply.reply.body]
0xc1 in a mixed part: MsgPack\UnpackException: unexpected byte 0xc1 at offset 14 [offset 14, path $.body]
an invalid timestamp in a mixed part: MsgPack\UnpackException: invalid timestamp length at offset 13 [offset 13, path $.body]
string(0) ""
string(33) "MsgPack\InsufficientDataException"
string(0) ""
-- the stream is not touched
int(5)
array(1) {
  [0]=>
  int(1)
}
