--TEST--
Templates: msgpack_unpack($data, $template), MessagePack::unpack(), MessagePackUnpacker::data()
--FILE--
<?php
#[AllowDynamicProperties]
class T { public $a = 0; public $b = 'def'; protected $p = 1; private $q = 2; }
class Strict { public $a = 0; }
class Ctor { public $made = false; public $inner; function __construct() { $this->made = true; $this->inner = new Inner; } }
class Inner { public $v = 0; public $w = 'w'; }
class Needs { public $v; function __construct($required) { echo "not called\n"; } }
class Priv { public $v; private function __construct() { echo "not called\n"; } static function make() { return new self; } }
class Typed { public int $i = 0; public ?string $s = null; public readonly int $r; }
class Thrower { function __construct() { throw new LogicException('no'); } }
class NoProps {}
abstract class Abs { public $v; }
interface Ifc {}
enum E { case A; }

function show($label, $v) { echo "$label: "; var_dump($v); }
function u($value, $tpl) { return msgpack_unpack(msgpack_pack($value), $tpl); }
function t($label, $value, $tpl) {
    try {
        show($label, u($value, $tpl));
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ": ", engine_message($e), "\n";
    }
}
// PHP 8.4 words the refusal to set a readonly property from outside its class differently
// (readonly implies protected(set) there); the 8.2 wording stands for both.
function engine_message(Throwable $e) {
    if (PHP_VERSION_ID < 80400) return $e->getMessage();
    return str_replace('Cannot modify protected(set) readonly property', 'Cannot initialize readonly property', $e->getMessage());
}

echo "-- class name: map entries by name, any visibility, the rest dynamic (PECL warns for public and new ones)\n";
t('map', ['a' => 5, 'q' => 9, 'p' => 8, 'c' => 7], 'T');
t('mangled names', ['a' => 1, "\0*\0p" => 'P', "\0T\0q" => 'Q'], 'T');
t('no dynamic', ['a' => 1, 'zz' => 2], 'Strict');
echo "-- lists fill declared properties in order, other values the first one\n";
t('list', [1, 2, 3, 4, 5], 'T');
t('sparse', [1 => 'x'], 'T');
t('scalar', 42, 'T');
t('string', 'str', 'Inner');
t('null', null, 'Inner');
t('no properties', 42, 'NoProps');
echo "-- stdClass (assoc off) is an object of another class: it goes into the first property; an object of the class stays as it is\n";
ini_set('msgpack.assoc', 0);
t('stdClass', ['v' => 3], 'Inner');
ini_set('msgpack.assoc', 1);
$in = new Inner; $in->v = 'packed';
t('instance data', $in, 'Inner');
t('other class data', $in, 'T');

echo "-- instance template: a new object of its class, the template is untouched\n";
$tpl = new T; $tpl->b = 'template';
$r = u(['a' => 5], $tpl);
show('result', $r);
var_dump($r === $tpl, $tpl->a, $tpl->b);

echo "-- constructor: called, without arguments, when it is public\n";
t('ctor', ['made' => 'data'], 'Ctor');
t('required args', ['v' => 1], 'Needs');
t('private', ['v' => 1], 'Priv');
t('throws', ['v' => 1], 'Thrower');
echo "-- a list with one element per property: a property holding an object or an array is the template of its element; maps are not converted further\n";
t('nested', ['inner' => ['v' => 3, 'w' => 'x']], 'Ctor');
t('nested, list', [true, ['v' => 3, 'w' => 'x']], 'Ctor');
t('nested list', ['inner' => [7, 8]], 'Ctor');
t('nested scalar', ['inner' => 5], 'Ctor');

echo "-- typed and readonly properties\n";
t('typed ok', ['i' => '12', 's' => 'x', 'r' => 3], 'Typed');
t('typed bad', ['i' => 'abc'], 'Typed');
t('typed null', ['i' => null], 'Typed');

echo "-- classes that cannot be made\n";
t('unknown', [1], 'NoSuchClass');
t('abstract', [1], 'Abs');
t('interface', [1], 'Ifc');
t('enum', [1], 'E');
spl_autoload_register(function ($c) { echo "autoload $c\n"; if ($c === 'Late') { eval('class Late { public $x; }'); } });
t('autoloaded', ['x' => 1], 'Late');

echo "-- array templates\n";
t('list template', [['v' => 1], ['v' => 2, 'w' => 'z']], ['Inner']);
t('list template, object', [['v' => 1], 5], [new Inner]);
t('list template keeps keys', [3 => ['v' => 1], 9 => ['v' => 2]], ['Inner']);
t('list template, first element only', [['v' => 1], ['v' => 2]], ['Inner', 'T']);
t('by key', ['k' => ['v' => 1], 'm' => ['v' => 2], 'n' => 3], ['k' => 'Inner', 'n' => 'Inner', 'x' => 'T']);
t('by int key', [5 => ['v' => 1], 6 => ['v' => 2]], [6 => 'Inner', 9 => 'T']);
t('nested arrays', ['rows' => [['v' => 1], ['v' => 2]]], ['rows' => ['Inner']]);
t('inner non-templates', [1, 2], [0]);
t('empty template', ['a' => 1], []);
t('not an array', 5, ['Inner']);
t('empty data', [], ['Inner']);

echo "-- null and wrong template types\n";
t('null template', ['a' => 1], null);
foreach ([5, 1.5, true] as $bad) {
    t('bad ' . gettype($bad), [1], $bad);
}

echo "-- empty input gets the template (null into the first property); a failure stays false\n";
var_dump(msgpack_unpack('', 'T'));
var_dump(msgpack_unpack("\x92", 'T'));

echo "-- a template referring to itself, with cyclic data, ends\n";
$self = [];
$self[0] = &$self;
$cyc = [];
$cyc[0] = &$cyc;
$r = msgpack_unpack(msgpack_pack($cyc), $self);
var_dump(is_array($r));
unset($self, $cyc, $r);

echo "-- MessagePack::unpack and MessagePackUnpacker::data\n";
$m = new MessagePack();
show('unpack', $m->unpack(msgpack_pack(['v' => 4]), 'Inner'));
try { $m->unpack('', 5); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
$u = new MessagePackUnpacker();
$u->feed(msgpack_pack(['v' => 5]) . msgpack_pack([['v' => 6]]));
$u->execute();
show('data', $u->data(new Inner));
$u->execute();
try { $u->data(1); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
show('data kept after a bad template', $u->data(['Inner']));
var_dump($u->data('Inner'));

echo "-- an uninitialized typed property read by an array template is null (PECL: an undefined value)\n";
class Uninit { public int $i; public $p = 5; }
show('uninitialized', msgpack_unpack(msgpack_pack([new Uninit]), [['a' => null, 'b' => null]]));

echo "-- a shared array (a reference, php_only on) goes into a typed property as its value (PECL: a TypeError)\n";
class TypedArr { public ?array $x = null; public $y; }
$shared = [1];
$bytes = msgpack_pack([&$shared, &$shared]);
echo bin2hex($bytes), "\n";
$r = msgpack_unpack($bytes, 'TypedArr');
show('typed', $r);
$r->y[] = 2;
var_dump($r->x);
?>
--EXPECTF--
-- class name: map entries by name, any visibility, the rest dynamic (PECL warns for public and new ones)

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
map: object(T)#%d (5) {
  ["a"]=>
  int(5)
  ["b"]=>
  string(3) "def"
  ["p":protected]=>
  int(8)
  ["q":"T":private]=>
  int(9)
  ["c"]=>
  int(7)
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
mangled names: Error: Cannot access property starting with "\0"

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Deprecated: Creation of dynamic property Strict::$zz is deprecated in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
no dynamic: object(Strict)#%d (2) {
  ["a"]=>
  int(1)
  ["zz"]=>
  int(2)
}
-- lists fill declared properties in order, other values the first one
list: object(T)#%d (5) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["p":protected]=>
  int(3)
  ["q":"T":private]=>
  int(4)
  ["4"]=>
  int(5)
}
sparse: object(T)#%d (4) {
  ["a"]=>
  string(1) "x"
  ["b"]=>
  string(3) "def"
  ["p":protected]=>
  int(1)
  ["q":"T":private]=>
  int(2)
}
scalar: object(T)#%d (4) {
  ["a"]=>
  int(42)
  ["b"]=>
  string(3) "def"
  ["p":protected]=>
  int(1)
  ["q":"T":private]=>
  int(2)
}
string: object(Inner)#%d (2) {
  ["v"]=>
  string(3) "str"
  ["w"]=>
  string(1) "w"
}
null: object(Inner)#%d (2) {
  ["v"]=>
  NULL
  ["w"]=>
  string(1) "w"
}

Deprecated: Creation of dynamic property NoProps::$0 is deprecated in %s on line %d
no properties: object(NoProps)#%d (1) {
  ["0"]=>
  int(42)
}
-- stdClass (assoc off) is an object of another class: it goes into the first property; an object of the class stays as it is
stdClass: object(Inner)#%d (2) {
  ["v"]=>
  object(stdClass)#%d (1) {
    ["v"]=>
    int(3)
  }
  ["w"]=>
  string(1) "w"
}
instance data: object(Inner)#%d (2) {
  ["v"]=>
  string(6) "packed"
  ["w"]=>
  string(1) "w"
}
other class data: object(T)#%d (4) {
  ["a"]=>
  object(Inner)#%d (2) {
    ["v"]=>
    string(6) "packed"
    ["w"]=>
    string(1) "w"
  }
  ["b"]=>
  string(3) "def"
  ["p":protected]=>
  int(1)
  ["q":"T":private]=>
  int(2)
}
-- instance template: a new object of its class, the template is untouched

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
result: object(T)#%d (4) {
  ["a"]=>
  int(5)
  ["b"]=>
  string(3) "def"
  ["p":protected]=>
  int(1)
  ["q":"T":private]=>
  int(2)
}
bool(false)
int(0)
string(8) "template"
-- constructor: called, without arguments, when it is public

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
ctor: object(Ctor)#%d (2) {
  ["made"]=>
  string(4) "data"
  ["inner"]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(0)
    ["w"]=>
    string(1) "w"
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
required args: ArgumentCountError: Too few arguments to function Needs::__construct(), 0 passed and exactly 1 expected

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
private: object(Priv)#%d (1) {
  ["v"]=>
  int(1)
}

Deprecated: Creation of dynamic property Thrower::$v is deprecated in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
throws: LogicException: no
-- a list with one element per property: a property holding an object or an array is the template of its element; maps are not converted further

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
nested: object(Ctor)#%d (2) {
  ["made"]=>
  bool(true)
  ["inner"]=>
  array(2) {
    ["v"]=>
    int(3)
    ["w"]=>
    string(1) "x"
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
nested, list: object(Ctor)#%d (2) {
  ["made"]=>
  bool(true)
  ["inner"]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(3)
    ["w"]=>
    string(1) "x"
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
nested list: object(Ctor)#%d (2) {
  ["made"]=>
  bool(true)
  ["inner"]=>
  array(2) {
    [0]=>
    int(7)
    [1]=>
    int(8)
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
nested scalar: object(Ctor)#%d (2) {
  ["made"]=>
  bool(true)
  ["inner"]=>
  int(5)
}
-- typed and readonly properties

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
typed ok: Error: Cannot initialize readonly property Typed::$r from global scope

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
typed bad: TypeError: Cannot assign string to property Typed::$i of type int

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
typed null: TypeError: Cannot assign null to property Typed::$i of type int
-- classes that cannot be made
unknown: Error: [msgpack] (msgpack_convert_object) Class 'NoSuchClass' not found
abstract: Error: Cannot instantiate abstract class Abs
interface: Error: Cannot instantiate interface Ifc
enum: Error: Cannot instantiate enum E
autoload Late

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
autoloaded: object(Late)#%d (1) {
  ["x"]=>
  int(1)
}
-- array templates

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
list template: array(2) {
  [0]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(1)
    ["w"]=>
    string(1) "w"
  }
  [1]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(2)
    ["w"]=>
    string(1) "z"
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
list template, object: array(2) {
  [0]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(1)
    ["w"]=>
    string(1) "w"
  }
  [1]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(5)
    ["w"]=>
    string(1) "w"
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
list template keeps keys: array(2) {
  [0]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(1)
    ["w"]=>
    string(1) "w"
  }
  [1]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(2)
    ["w"]=>
    string(1) "w"
  }
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
list template, first element only: array(2) {
  [0]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(1)
    ["w"]=>
    string(1) "w"
  }
  [1]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(2)
    ["w"]=>
    string(1) "w"
  }
}
by key: array(3) {
  ["k"]=>
  array(1) {
    ["v"]=>
    int(1)
  }
  ["n"]=>
  array(1) {
    ["v"]=>
    int(2)
  }
  ["x"]=>
  int(3)
}
by int key: array(0) {
}

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
nested arrays: array(1) {
  ["rows"]=>
  array(2) {
    [0]=>
    object(Inner)#%d (2) {
      ["v"]=>
      int(1)
      ["w"]=>
      string(1) "w"
    }
    [1]=>
    object(Inner)#%d (2) {
      ["v"]=>
      int(2)
      ["w"]=>
      string(1) "w"
    }
  }
}
inner non-templates: array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}

Warning: [msgpack] (msgpack_convert_array) template array length is 0 in %s on line %d
empty template: NULL

Warning: [msgpack] (msgpack_convert_array) unserialized data must be array. in %s on line %d
not an array: NULL

Warning: [msgpack] (msgpack_convert_array) array length is 0 in unserialized data in %s on line %d
empty data: NULL
-- null and wrong template types
null template: array(1) {
  ["a"]=>
  int(1)
}
bad integer: TypeError: msgpack_unpack(): Argument #%d ($object) must be of type object|string|array|null, int given
bad double: TypeError: msgpack_unpack(): Argument #%d ($object) must be of type object|string|array|null, float given
bad boolean: TypeError: msgpack_unpack(): Argument #%d ($object) must be of type object|string|array|null, bool given
-- empty input gets the template (null into the first property); a failure stays false
object(T)#%d (4) {
  ["a"]=>
  NULL
  ["b"]=>
  string(3) "def"
  ["p":protected]=>
  int(1)
  ["q":"T":private]=>
  int(2)
}

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- a template referring to itself, with cyclic data, ends
bool(true)
-- MessagePack::unpack and MessagePackUnpacker::data

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
unpack: object(Inner)#%d (2) {
  ["v"]=>
  int(4)
  ["w"]=>
  string(1) "w"
}
MessagePack::unpack(): Argument #%d ($object) must be of type object|string|array|null, int given

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
data: object(Inner)#%d (2) {
  ["v"]=>
  int(5)
  ["w"]=>
  string(1) "w"
}
MessagePackUnpacker::data(): Argument #%d ($object) must be of type object|string|array|null, int given

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
data kept after a bad template: array(1) {
  [0]=>
  object(Inner)#%d (2) {
    ["v"]=>
    int(6)
    ["w"]=>
    string(1) "w"
  }
}
bool(false)
-- an uninitialized typed property read by an array template is null (PECL: an undefined value)
uninitialized: array(1) {
  [0]=>
  array(2) {
    ["a"]=>
    NULL
    ["b"]=>
    int(5)
  }
}
-- a shared array (a reference, php_only on) goes into a typed property as its value (PECL: a TypeError)
9282c001000182c0020002
typed: object(TypedArr)#%d (2) {
  ["x"]=>
  array(1) {
    [0]=>
    int(1)
  }
  ["y"]=>
  array(1) {
    [0]=>
    int(1)
  }
}
array(1) {
  [0]=>
  int(1)
}
