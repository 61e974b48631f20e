--TEST--
Hardening: the crash and leak reports against PECL msgpack (issues 176, 177, 181, 183, 186) give exact, clean results: false and a warning for bad input, enum cases that stay themselves
--EXTENSIONS--
msgpack
--FILE--
<?php
// Crash and leak reports against PECL msgpack (github.com/msgpack/msgpack-php issues), each with
// its reproducer: every one must give a clean, exact result (run under valgrind and on a debug
// build: a Zend assertion or a leak report fails it).
function api(string $bytes) {
    try {
        var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bytes));
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- #177: a map of 1536 entries cut after 17 (PECL: gc_possible_root asserts on a debug build)\n";
$data = hex2bin('de06000000c09baa316e3b303e66656367675203060657545563343864643600000000');
var_dump(msgpack_unserialize($data));
ini_set('msgpack.php_only', '0');
var_dump(msgpack_unpack($data));
ini_set('msgpack.php_only', '1');
api($data);
$u = new MessagePackUnpacker();
$u->feed($data);
var_dump($u->execute());
ini_set('msgpack.error_display', '0');
$false = 0;
for ($i = 1; $i <= strlen($data); $i++) {
    $false += msgpack_unserialize(substr($data, 0, $i)) === false;
}
echo "$false of ", strlen($data), " prefixes false\n";
ini_set('msgpack.error_display', '1');

echo "-- #176: an array as a map key, then extra bytes (PECL: the key and a string leaked)\n";
$data = hex2bin('89716235369266a1b030656238313037383332393464363764');
var_dump(msgpack_unserialize($data));
ini_set('msgpack.illegal_key_insert', '1');
$r = msgpack_unserialize($data);
var_dump(array_keys($r), $r[114][0], bin2hex($r[114][1]), $r[115]);
ini_set('msgpack.illegal_key_insert', '0');
api($data);
api(substr($data, 0, -3));

enum Random: int { case One = 1; case Two = 2; case Three = 3; case Four = 4; case Five = 5; }

echo "-- #181: an object holding a backed enum case, serialized and unserialized twice (PECL: zend_mm_heap corrupted)\n";
$value = (object) ['one' => Random::One];
$serialized = msgpack_serialize($value);
echo bin2hex($serialized), "\n";
$unserialized = msgpack_unserialize($serialized);
$serialized2 = msgpack_serialize($value);
var_dump($serialized2 === $serialized);
$unserialized = msgpack_unserialize($serialized);
var_dump($unserialized, $unserialized->one === Random::One);
$packer = new MessagePack(true);
$unpacker = new MessagePackUnpacker(true);
$results = [];
for ($round = 0; $round < 2; $round++) {
    $serialized = $packer->pack($value);
    $unpacker->feed($serialized);
    var_dump($unpacker->execute());
    $results[] = $unpacker->data();
    $unpacker->reset();
}
var_dump($results, $results[1]->one === Random::One);

echo "-- #183: backed enum cases read back many times, then the enum itself (PECL: the case freed, from() returned unrelated values)\n";
$kept = [];
for ($i = 0; $i < 300; $i++) {
    $case = Random::from($i % 5 + 1);
    $back = msgpack_unserialize(msgpack_serialize($case));
    if ($back !== $case) {
        echo "round $i: not the same case\n";
    }
    if ($i % 61 == 0) {
        $kept[] = $back;
    }
    $back = msgpack_unserialize(msgpack_serialize([$case, 'in' => (object) ['c' => $case]]));
    if ($back[0] !== $case || $back['in']->c !== $case) {
        echo "round $i: not the same case in a container\n";
    }
}
unset($back, $case);
// objects of the size of a case: they would take the memory of a case freed too early
class Pair { public $name = 'pair'; public $value = 0; }
$fill = [];
for ($i = 0; $i < 100; $i++) {
    $fill[] = new Pair;
}
echo bin2hex(msgpack_serialize(Random::Three)), "\n";
var_dump($kept, Random::from(3), Random::tryFrom(6), Random::cases());
var_dump(Random::Five->value, Random::Five->name);

echo "-- #186: a case that no longer exists, or names a class constant (PECL: a crash)\n";
enum TestEnum { case A; public const B = 42; public const C = self::A; }
enum TestBacked: string { case A = 'a'; public const B = 'b'; }
class NotEnum { public const A = 1; }
$a = msgpack_serialize(TestEnum::A);
echo bin2hex($a), "\n";
foreach (['B', 'C', 'Z', 'a'] as $name) {
    echo "TestEnum::$name: ";
    var_dump(msgpack_unserialize(str_replace('A', $name, $a)));
}
$b = msgpack_serialize(TestBacked::A);
var_dump(msgpack_unserialize(substr($b, 0, -1) . 'B'));
var_dump(msgpack_unserialize(str_replace('TestEnum', 'NotEnum', str_replace("\xa8", "\xa7", $a))));
// inside an object and an array: the object made so far is dropped, its destructor not run
class Holder { public $e; public $f = [1, 2]; function __destruct() { echo "destructor\n"; } }
$h = new Holder;
$h->e = TestEnum::A;
$p = msgpack_serialize([$h, TestEnum::A]);
echo bin2hex($p), "\n";
var_dump(msgpack_unserialize(str_replace("TestEnum\xa1A", "TestEnum\xa1B", $p)));
api(str_replace("TestEnum\xa1A", "TestEnum\xa1C", $p));
var_dump(msgpack_unserialize($p)[0]->e === TestEnum::A);
unset($h);
echo "done\n";
?>
--EXPECTF--
-- #177: a map of 1536 entries cut after 17 (PECL: gc_possible_root asserts on a debug build)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
MsgPack\InsufficientDataException: insufficient data at offset 35
bool(false)
35 of 35 prefixes false
-- #176: an array as a map key, then extra bytes (PECL: the key and a string leaked)

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d

Warning: Array to string conversion in %s on line %d

Warning: [msgpack] (php_msgpack_unserialize) Extra bytes in %s on line %d
array(8) {
  [113]=>
  int(98)
  [53]=>
  int(54)
  ["Array"]=>
  int(48)
  [101]=>
  int(98)
  [56]=>
  int(51)
  [48]=>
  int(55)
  [50]=>
  int(57)
  [52]=>
  int(100)
}

Warning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d

Warning: [msgpack] (php_msgpack_unserialize) Extra bytes in %s on line %d
array(9) {
  [0]=>
  int(113)
  [1]=>
  int(53)
  [2]=>
  int(114)
  [3]=>
  int(115)
  [4]=>
  int(101)
  [5]=>
  int(56)
  [6]=>
  int(48)
  [7]=>
  int(50)
  [8]=>
  int(52)
}
int(102)
string(2) "b0"
int(48)
MsgPack\UnpackException: invalid map key of type array at offset 5
MsgPack\UnpackException: invalid map key of type array at offset 5
-- #181: an object holding a backed enum case, serialized and unserialized twice (PECL: zend_mm_heap corrupted)
82c0a8737464436c617373a36f6e6582c006a652616e646f6da34f6e65
bool(true)
object(stdClass)#%d (1) {
  ["one"]=>
  enum(Random::One)
}
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  object(stdClass)#%d (1) {
    ["one"]=>
    enum(Random::One)
  }
  [1]=>
  object(stdClass)#%d (1) {
    ["one"]=>
    enum(Random::One)
  }
}
bool(true)
-- #183: backed enum cases read back many times, then the enum itself (PECL: the case freed, from() returned unrelated values)
82c006a652616e646f6da55468726565
array(5) {
  [0]=>
  enum(Random::One)
  [1]=>
  enum(Random::Two)
  [2]=>
  enum(Random::Three)
  [3]=>
  enum(Random::Four)
  [4]=>
  enum(Random::Five)
}
enum(Random::Three)
NULL
array(5) {
  [0]=>
  enum(Random::One)
  [1]=>
  enum(Random::Two)
  [2]=>
  enum(Random::Three)
  [3]=>
  enum(Random::Four)
  [4]=>
  enum(Random::Five)
}
int(5)
string(4) "Five"
-- #186: a case that no longer exists, or names a class constant (PECL: a crash)
82c006a854657374456e756da141
TestEnum::B: 
Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)
TestEnum::C: 
Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)
TestEnum::Z: 
Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)
TestEnum::a: 
Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid enum class in %s on line %d
bool(false)
9283c0a6486f6c646572a16582c006a854657374456e756da141a16692010282c0040003

Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)
MsgPack\UnpackException: invalid enum case at offset 24
destructor
bool(true)
destructor
done
