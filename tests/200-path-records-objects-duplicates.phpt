--TEST--
Partial decoding: of a key given twice the last one counts, as in unpack(); paths through records (their field names), PECL-format objects (PHP_OBJECTS: by property name), and typed reads of the value at a path
--FILE--
<?php
use function MsgPack\{pack, unpack, unpackAs, unpackPaths};
use MsgPack\{Packer, Unpacker, PathException, UnpackException};

// {"a": 1, "b": {"x": 1}, "a": 2, "b": {"y": 2}}: unpack() keeps the last of each key
$dup = "\x84\xa1a\x01\xa1b\x81\xa1x\x01\xa1a\x02\xa1b\x81\xa1y\x02";
var_dump(unpack($dup));
var_dump(unpack($dup, 0, ['a']), unpack($dup, 0, ['b', 'y']));
try {
    unpack($dup, 0, ['b', 'x']); // the first "b" had it; the last has not
} catch (PathException $e) {
    echo $e->getMessage(), "\n";
}
var_dump(unpackPaths($dup, ['a' => ['a'], 'bx' => ['b', 'x'], 'by' => ['b', 'y'], 'b' => ['b']], 0, 'none'));
// the int key 1 and the string key "1" are one key, as in an array
$mixed = "\x82\x01\xa3int\xa11\xa3str";
var_dump(unpack($mixed), unpack($mixed, 0, [1]));

// records (msgpackr's record extension): the fields of a record are its keys
$rows = [];
for ($i = 0; $i < 4; $i++) {
    $rows[] = ['id' => $i, 'name' => "row $i", 'tags' => ['t' . $i], 'pos' => ['x' => $i, 'y' => -$i]];
}
$records = pack(['rows' => $rows, 'total' => 4], Packer::RECORDS);
echo bin2hex(substr($records, 0, 24)), "\n";
var_dump(unpack($records, Unpacker::RECORDS, ['rows', 2, 'name']));
var_dump(unpack($records, Unpacker::RECORDS, ['rows', 3, 'pos']));
var_dump(unpack($records, Unpacker::RECORDS, ['total']));
var_dump(unpackPaths($records, [['rows', 0, 'tags', 0], ['rows', 1, 'pos', 'y'], ['rows', 1, 'nope']], Unpacker::RECORDS, 'none'));
try {
    unpack($records, Unpacker::RECORDS, ['rows', 1, 'nope']);
} catch (PathException $e) {
    echo $e->getMessage(), "\n";
}
// with shared structures, given to the Unpacker beforehand
$packer = (new Packer(Packer::RECORDS))->withStructures([['id', 'name']]);
$shared = $packer->pack([['id' => 1, 'name' => 'one'], ['id' => 2, 'name' => 'two']]);
echo bin2hex($shared), "\n";
$u = (new Unpacker(Unpacker::RECORDS))->withStructures([['id', 'name']]);
var_dump($u->unpack($shared, [1, 'name']));

// a path that ends where others go on: those are taken in the bytes as any path is (a record's
// fields are keys; a MsgPack\Timestamp is no map)
var_dump(unpackPaths($records, [['rows', 1], ['rows', 1, 'name'], ['rows', 1, 'pos', 'x']], Unpacker::RECORDS));
$ts = pack(['t' => new MsgPack\Timestamp(5, 6), 'm' => ['k' => 1]]);
echo bin2hex($ts), "\n";
var_dump(unpackPaths($ts, [['t'], ['t', 'seconds'], ['m'], ['m', 'k']], 0, 'none'));

// PECL's format (PHP_OBJECTS): objects are stepped into by property name, any visibility
class Account {
    public $plan = 'pro';
    protected $limits = ['seats' => 5];
    private $owner;
    public function __construct() { $this->owner = new Owner(); }
}
class Owner { public $name = 'ann'; public $self; }
$object = msgpack_pack(['account' => new Account(), 'n' => 1]);
var_dump(unpack($object, Unpacker::PHP_OBJECTS, ['account', 'plan']));
var_dump(unpack($object, Unpacker::PHP_OBJECTS, ['account', 'limits', 'seats']));
var_dump(unpack($object, Unpacker::PHP_OBJECTS, ['account', 'owner']));
try {
    unpack($object, Unpacker::PHP_OBJECTS, ['account', 'nope']);
} catch (PathException $e) {
    echo $e->getMessage(), "\n";
}
// the second "o" is a back-reference to the first: the whole value is decoded, then the path taken
$o = new Owner();
$twice = msgpack_pack(['first' => $o, 'again' => $o]);
echo bin2hex($twice), "\n";
var_dump(unpack($twice, Unpacker::PHP_OBJECTS, ['again', 'name']));
$u = new Unpacker(Unpacker::PHP_OBJECTS, [Account::class, Owner::class]);
var_dump($u->unpack($object, ['account', 'owner', 'name']), $u->unpack($object, ['account']) instanceof Account);
// with MAPS_AS_OBJECTS too the maps are stdClass objects, stepped into by property name: the
// int step -3 and the string step "-3" name the key -3 (its name as a property is "-3")
$ints = pack([5 => 'x', -3 => 'z', 'k' => 1.0]);
echo bin2hex($ints), "\n";
foreach ([[-3], ['-3'], [5]] as $path) {
    var_dump(unpack($ints, Unpacker::PHP_OBJECTS | Unpacker::MAPS_AS_OBJECTS, $path));
}
// a key that reads as a mangled property name is matched as it is first, as the walk in the bytes
// (MAPS_AS_OBJECTS alone) matches it; a key "\0" is no mangled name, and raises no notice
$mangled = hex2bin('84a16101a4002a006202a16203a16381a100c3');
foreach ([["\0*\0b"], ['b'], ['c', "\0"], ['c', 'x']] as $path) {
    foreach ([Unpacker::MAPS_AS_OBJECTS, Unpacker::PHP_OBJECTS | Unpacker::MAPS_AS_OBJECTS] as $flags) {
        try {
            var_dump(unpack($mangled, $flags, $path));
        } catch (PathException $e) {
            echo $e->getMessage(), "\n";
        }
    }
}
unset($e);

// unpackAs(): the type is that of the value at the path; a type error's path is from the root
class Pos { public int $x; public int $y; }
var_dump(unpackAs(pack(['rows' => $rows]), Pos::class, 0, ['rows', 1, 'pos']));
var_dump(unpackAs($records, 'list<string>', Unpacker::RECORDS, ['rows', 3, 'tags']));
try {
    unpackAs(pack(['rows' => $rows]), 'list<int>', 0, ['rows', 1, 'tags']);
} catch (UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), ' | ', $e->getPath(), ' | ', $e->getPosition(), "\n";
}
var_dump((new Unpacker())->unpackAs(pack(['p' => ['x' => 1, 'y' => 2]]), '?' . Pos::class, ['p']));
?>
--EXPECT--
array(2) {
  ["a"]=>
  int(2)
  ["b"]=>
  array(1) {
    ["y"]=>
    int(2)
  }
}
int(2)
int(2)
path not found: $.b has no key "x" (offset 15)
array(4) {
  ["a"]=>
  int(2)
  ["bx"]=>
  string(4) "none"
  ["by"]=>
  int(2)
  ["b"]=>
  array(1) {
    ["y"]=>
    int(2)
  }
}
array(1) {
  [1]=>
  string(3) "str"
}
string(3) "str"
d4724092a4726f7773a5746f74616c94d4724194a26964a4
string(5) "row 2"
array(2) {
  ["x"]=>
  int(3)
  ["y"]=>
  int(-3)
}
int(4)
array(3) {
  [0]=>
  string(2) "t0"
  [1]=>
  int(-1)
  [2]=>
  string(4) "none"
}
path not found: $.rows[1] has no key "nope" (offset 58)
924001a36f6e654002a374776f
string(3) "two"
array(3) {
  [0]=>
  array(4) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(5) "row 1"
    ["tags"]=>
    array(1) {
      [0]=>
      string(2) "t1"
    }
    ["pos"]=>
    array(2) {
      ["x"]=>
      int(1)
      ["y"]=>
      int(-1)
    }
  }
  [1]=>
  string(5) "row 1"
  [2]=>
  int(1)
}
82a174d7ff0000001800000005a16d81a16b01
array(4) {
  [0]=>
  object(MsgPack\Timestamp)#4 (2) {
    ["seconds"]=>
    int(5)
    ["nanoseconds"]=>
    int(6)
  }
  [1]=>
  string(4) "none"
  [2]=>
  array(1) {
    ["k"]=>
    int(1)
  }
  [3]=>
  int(1)
}
string(3) "pro"
int(5)
object(__PHP_Incomplete_Class)#5 (3) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(5) "Owner"
  ["name"]=>
  string(3) "ann"
  ["self"]=>
  NULL
}
path not found: $.account has no key "nope" (offset 0)
82a5666972737483c0a54f776e6572a46e616d65a3616e6ea473656c66c0a5616761696e82c0040002
string(3) "ann"
string(3) "ann"
bool(true)
8305a178fda17aa16bcb3ff0000000000000
string(1) "z"
string(1) "z"
string(1) "x"
int(2)
int(2)
int(3)
int(3)
bool(true)
bool(true)
path not found: $.c has no key "x" (offset 15)
path not found: $.c has no key "x" (offset 0)
object(Pos)#3 (2) {
  ["x"]=>
  int(1)
  ["y"]=>
  int(-1)
}
array(1) {
  [0]=>
  string(2) "t3"
}
MsgPack\UnpackException: Expected int, got str at $.rows[1].tags[0] | $.rows[1].tags[0] | 65
object(Pos)#5 (2) {
  ["x"]=>
  int(1)
  ["y"]=>
  int(2)
}
