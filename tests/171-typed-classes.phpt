--TEST--
MsgPack\unpackAs() into classes: maps matched to public properties (renamed by #[Name]), nested and recursive classes, defaults (declared, promoted constructor parameters), missing and unknown keys, duplicates, objects made without constructor, readonly properties filled
--FILE--
<?php
use MsgPack\Name;
use MsgPack\Unpacker;

function show(string $label, string $bytes, string $type, int $flags = 0): void {
    try {
        $v = MsgPack\unpackAs($bytes, $type, $flags);
        echo "$label:\n";
        var_dump($v);
    } catch (MsgPack\UnpackException $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}

const DEFAULT_CURRENCY = 'EUR';

class Customer {
    public int $id;
    #[Name('full_name')] public string $name;
    public ?string $email = null;
    public $note;                  // untyped: null when missing
    protected string $secret = 'kept';
    private int $hidden = 7;
    public static int $count = 0;  // static: not read
    public function __construct() { echo "constructor called\n"; }
    public function __wakeup() { echo "__wakeup called\n"; }
    public function __set($n, $v) { echo "__set called\n"; }
}

class Money {
    public function __construct(
        public int $amount,
        public string $currency = DEFAULT_CURRENCY,
        public array $tags = ['a', 'b'],
        public ?Customer $payer = new Customer(), // a new object: no default for unpackAs()
    ) {}
}

class Base { public int $id = 0; public string $kind = 'base'; }
class Derived extends Base { public string $kind = 'derived'; public float $extra; }

final class Ro { public readonly int $x; public readonly string $y; }
final class WithGet {
    public int $i;
    public array $v;
    public function __get($name) { echo "__get($name) "; return $name === 'i' ? 42 : [42]; }
}

class Node { public int $v; public ?Node $next = null; }

class Odd { #[Name('odd key')] public int $a; #[Name('')] public int $b = 0; #[Name('é')] public int $c = 0; }

$customer = ['id' => 1, 'full_name' => 'Ann', 'email' => 'ann@example.com'];
show('a class from a map, keys in declaration order', MsgPack\pack($customer), 'Customer');
show('keys in any order, the note given', MsgPack\pack(['note' => [1, 2], 'full_name' => 'Bob', 'id' => 2]), 'Customer');
show('the property name is not the key', MsgPack\pack(['id' => 1, 'name' => 'Ann']), 'Customer');
show('non-public properties are not keys', MsgPack\pack(['id' => 1, 'full_name' => 'A', 'secret' => 'x', 'hidden' => 1]), 'Customer', Unpacker::FORBID_UNKNOWN_KEYS);
show('leading backslash, any case', MsgPack\pack($customer), '\CUSTOMER');

echo "-- unknown keys: skipped without being built, or an error\n";
show('skipped', MsgPack\pack(['x' => [1, [2, ['y' => 3]]], 'id' => 1, 'z' => null, 'full_name' => 'A', 'w' => str_repeat('a', 300)]), 'Customer');
show('FORBID_UNKNOWN_KEYS', MsgPack\pack(['id' => 1, 'x' => 1, 'full_name' => 'A']), 'Customer', Unpacker::FORBID_UNKNOWN_KEYS);
show('an unknown key whose value is invalid', hex2bin('83a26964' . '01' . 'a178' . '91c1' . 'a966756c6c5f6e616d65' . 'a141'), 'Customer');
show('an unknown key whose value is cut short', hex2bin('82a26964' . '01' . 'a178' . '92c0'), 'Customer');
show('an unknown key too deep', hex2bin('82a26964' . '01' . 'a178' . str_repeat('91', 5000) . 'c0'), 'Customer');

echo "-- missing keys\n";
show('required property missing', MsgPack\pack(['id' => 1]), 'Customer');
show('empty map', "\x80", 'Customer');
show('promoted defaults (a constant expression; no new object)', MsgPack\pack(['amount' => 5]), 'Money');
show('promoted defaults, the new one given as null', MsgPack\pack(['amount' => 5, 'payer' => null]), 'Money');
show('inherited properties, a redeclared default', MsgPack\pack(['extra' => 1.5]), 'Derived');
show('inherited properties given', MsgPack\pack(['id' => 9, 'kind' => 'k', 'extra' => 2]), 'Derived');

echo "-- duplicate keys: the last wins\n";
show('duplicates', hex2bin('84a26964' . '01' . 'a966756c6c5f6e616d65' . 'a141' . 'a26964' . '02' . 'a966756c6c5f6e616d65' . 'a3426262'), 'Customer');

echo "-- keys in other forms\n";
show('str8, str16 and bin keys', hex2bin('82' . 'd9026964' . '03' . 'c4096675' . '6c6c5f6e616d65' . 'a141'), 'Customer');
show('str16 key', hex2bin('82' . 'da00026964' . '03' . 'c50009' . '66756c6c5f6e616d65' . 'a141'), 'Customer');
show('an int key', hex2bin('8201020304'), 'Customer');
show('a nil key', hex2bin('81c0a141'), 'Customer');

echo "-- the wrong wire type for a class\n";
show('a list', MsgPack\pack([1, 'Ann']), 'Customer');
show('a string', MsgPack\pack('Ann'), 'Customer');
show('a nil', "\xc0", 'Customer');
show('a nil for ?Customer', "\xc0", '?Customer');

echo "-- readonly properties: filled, then unmodifiable\n";
$ro = MsgPack\unpackAs(MsgPack\pack(['x' => 1, 'y' => 'a']), Ro::class);
var_dump($ro);
try {
    $ro->x = 2;
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    unset($ro->y);
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
show('readonly missing', MsgPack\pack(['x' => 1]), 'Ro');
// a filled property is as if assigned: once unset, reading it goes to __get()
$m = MsgPack\unpackAs(MsgPack\pack(['i' => 1, 'v' => [1]]), 'WithGet');
unset($m->i, $m->v);
var_dump($m->i, $m->v);

echo "-- paths\n";
show('nested', MsgPack\pack(['amount' => 1, 'payer' => ['id' => 'x']]), 'Money');
show('odd keys', MsgPack\pack(['odd key' => 'x']), 'Odd');
show('odd keys', MsgPack\pack(['odd key' => 1, '' => 'x']), 'Odd');
show('odd keys', MsgPack\pack(['odd key' => 1, 'é' => 'x']), 'Odd');
show('odd keys read', MsgPack\pack(['odd key' => 1, '' => 2, 'é' => 3]), 'Odd');
show('a long unknown key', MsgPack\pack(['odd key' => 1, str_repeat('k', 100) => 1]), 'Odd', Unpacker::FORBID_UNKNOWN_KEYS);

echo "-- recursive classes\n";
show('a chain', MsgPack\pack(['v' => 1, 'next' => ['v' => 2, 'next' => ['v' => 3]]]), 'Node');
show('an error deep in it', MsgPack\pack(['v' => 1, 'next' => ['v' => 2, 'next' => ['v' => '3']]]), 'Node');
$deep = str_repeat("\x82\xa1v\x01\xa4next", 5000) . "\xc0";
try {
    MsgPack\unpackAs($deep, 'Node');
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), ', path of ', strlen($e->getPath()), " bytes\n";
}
$u = new Unpacker(0, false, 100);
try {
    $u->unpackAs($deep, 'Node');
} catch (MsgPack\UnpackException $e) {
    echo get_class($e), ': ', $e->getMessage(), ', ', substr($e->getPath(), 0, 22), "...\n";
}
var_dump(Customer::$count);
echo "done\n";
--EXPECT--
a class from a map, keys in declaration order:
object(Customer)#1 (6) {
  ["id"]=>
  int(1)
  ["name"]=>
  string(3) "Ann"
  ["email"]=>
  string(15) "ann@example.com"
  ["note"]=>
  NULL
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
keys in any order, the note given:
object(Customer)#1 (6) {
  ["id"]=>
  int(2)
  ["name"]=>
  string(3) "Bob"
  ["email"]=>
  NULL
  ["note"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
the property name is not the key: MsgPack\UnpackException: Missing key "full_name" at $ [offset 0, path $]
non-public properties are not keys: MsgPack\UnpackException: Unknown key "secret" at $ [offset 17, path $]
leading backslash, any case:
object(Customer)#1 (6) {
  ["id"]=>
  int(1)
  ["name"]=>
  string(3) "Ann"
  ["email"]=>
  string(15) "ann@example.com"
  ["note"]=>
  NULL
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
-- unknown keys: skipped without being built, or an error
skipped:
object(Customer)#1 (6) {
  ["id"]=>
  int(1)
  ["name"]=>
  string(1) "A"
  ["email"]=>
  NULL
  ["note"]=>
  NULL
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
FORBID_UNKNOWN_KEYS: MsgPack\UnpackException: Unknown key "x" at $ [offset 5, path $]
an unknown key whose value is invalid: MsgPack\UnpackException: unexpected byte 0xc1 at offset 8 [offset 8, path $.x]
an unknown key whose value is cut short: MsgPack\InsufficientDataException: insufficient data at offset 9 [offset 9, path $.x]
an unknown key too deep: MsgPack\UnpackException: maximum nesting depth of 4096 exceeded at offset 4102 [offset 4102, path $.x]
-- missing keys
required property missing: MsgPack\UnpackException: Missing key "full_name" at $ [offset 0, path $]
empty map: MsgPack\UnpackException: Missing key "id" at $ [offset 0, path $]
promoted defaults (a constant expression; no new object): MsgPack\UnpackException: Missing key "payer" at $ [offset 0, path $]
promoted defaults, the new one given as null:
object(Money)#1 (4) {
  ["amount"]=>
  int(5)
  ["currency"]=>
  string(3) "EUR"
  ["tags"]=>
  array(2) {
    [0]=>
    string(1) "a"
    [1]=>
    string(1) "b"
  }
  ["payer"]=>
  NULL
}
inherited properties, a redeclared default:
object(Derived)#1 (3) {
  ["id"]=>
  int(0)
  ["kind"]=>
  string(7) "derived"
  ["extra"]=>
  float(1.5)
}
inherited properties given:
object(Derived)#1 (3) {
  ["id"]=>
  int(9)
  ["kind"]=>
  string(1) "k"
  ["extra"]=>
  float(2)
}
-- duplicate keys: the last wins
duplicates:
object(Customer)#1 (6) {
  ["id"]=>
  int(2)
  ["name"]=>
  string(3) "Bbb"
  ["email"]=>
  NULL
  ["note"]=>
  NULL
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
-- keys in other forms
str8, str16 and bin keys:
object(Customer)#1 (6) {
  ["id"]=>
  int(3)
  ["name"]=>
  string(1) "A"
  ["email"]=>
  NULL
  ["note"]=>
  NULL
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
str16 key:
object(Customer)#1 (6) {
  ["id"]=>
  int(3)
  ["name"]=>
  string(1) "A"
  ["email"]=>
  NULL
  ["note"]=>
  NULL
  ["secret":protected]=>
  string(4) "kept"
  ["hidden":"Customer":private]=>
  int(7)
}
an int key: MsgPack\UnpackException: Expected a string key, got int at $ [offset 1, path $]
a nil key: MsgPack\UnpackException: Expected a string key, got nil at $ [offset 1, path $]
-- the wrong wire type for a class
a list: MsgPack\UnpackException: Expected Customer, got array at $ [offset 0, path $]
a string: MsgPack\UnpackException: Expected Customer, got str at $ [offset 0, path $]
a nil: MsgPack\UnpackException: Expected Customer, got nil at $ [offset 0, path $]
a nil for ?Customer:
NULL
-- readonly properties: filled, then unmodifiable
object(Ro)#1 (2) {
  ["x"]=>
  int(1)
  ["y"]=>
  string(1) "a"
}
Error: Cannot modify readonly property Ro::$x
Error: Cannot unset readonly property Ro::$y
readonly missing: MsgPack\UnpackException: Missing key "y" at $ [offset 0, path $]
__get(i) __get(v) int(42)
array(1) {
  [0]=>
  int(42)
}
-- paths
nested: MsgPack\UnpackException: Expected int, got str at $.payer.id [offset 19, path $.payer.id]
odd keys: MsgPack\UnpackException: Expected int, got str at $["odd key"] [offset 9, path $["odd key"]]
odd keys: MsgPack\UnpackException: Expected int, got str at $[""] [offset 11, path $[""]]
odd keys: MsgPack\UnpackException: Expected int, got str at $["é"] [offset 13, path $["é"]]
odd keys read:
object(Odd)#5 (3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["c"]=>
  int(3)
}
a long unknown key: MsgPack\UnpackException: Unknown key "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk..." at $ [offset 10, path $]
-- recursive classes
a chain:
object(Node)#5 (2) {
  ["v"]=>
  int(1)
  ["next"]=>
  object(Node)#4 (2) {
    ["v"]=>
    int(2)
    ["next"]=>
    object(Node)#6 (2) {
      ["v"]=>
      int(3)
      ["next"]=>
      NULL
    }
  }
}
an error deep in it: MsgPack\UnpackException: Expected int, got str at $.next.next.v [offset 21, path $.next.next.v]
MsgPack\UnpackException: maximum nesting depth of 4096 exceeded at offset 36864, path of 20481 bytes
MsgPack\UnpackException: maximum nesting depth of 100 exceeded at offset 900, $.next.next.next.next....
int(0)
done
