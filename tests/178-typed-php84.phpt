--TEST--
MsgPack\unpackAs() on PHP 8.4 objects: backed hooked properties get their value without the hook running, virtual ones are not keys, private(set) and protected(set) properties are filled; packing writes the same shape
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4 property hooks and asymmetric visibility');
--FILE--
<?php
use MsgPack\Name;
use MsgPack\AsList;
use MsgPack\Unpacker;

final class Temperature {
    public float $celsius {
        set(float $value) { echo "set hook called\n"; $this->celsius = $value; }
        get { echo "get hook called\n"; return $this->celsius; }
    }
    public float $fahrenheit { get => $this->celsius * 9 / 5 + 32; } // virtual
    public private(set) string $unit = 'C';
    public protected(set) ?string $source = null;
    public readonly int $id;
    #[Name('when')] public private(set) int $at = 0;
}

#[AsList]
final class Pair {
    public function __construct(public private(set) int $a = 0, public protected(set) int $b = 0) {}
    public int $sum { get => $this->a + $this->b; }
}

function show(string $label, string $bytes, string $type, int $flags = 0): void {
    try {
        $v = MsgPack\unpackAs($bytes, $type, $flags);
        echo "$label:\n";
        var_dump($v);
    } catch (MsgPack\UnpackException $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}

show('all given', MsgPack\pack(['celsius' => 21.5, 'unit' => 'K', 'source' => 'probe', 'id' => 3, 'when' => 9]), 'Temperature');
show('a virtual property is no key', MsgPack\pack(['celsius' => 1.0, 'id' => 1, 'fahrenheit' => 5.0]), 'Temperature');
show('a virtual property is no key', MsgPack\pack(['celsius' => 1.0, 'id' => 1, 'fahrenheit' => 5.0]), 'Temperature',
    Unpacker::FORBID_UNKNOWN_KEYS);
show('the backed property missing', MsgPack\pack(['id' => 1]), 'Temperature');
$t = MsgPack\unpackAs(MsgPack\pack(['celsius' => 10, 'id' => 1, 'unit' => 'F']), 'Temperature');
var_dump($t->fahrenheit);
try {
    $t->unit = 'X';
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    $t->id = 2;
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo "-- packing: the hooks are read, as json_encode() reads them\n";
echo bin2hex(MsgPack\pack($t)), "\n";
echo json_encode($t), "\n";

show('an #[AsList] class with asymmetric visibility', MsgPack\pack([1, 2]), 'Pair');
echo bin2hex(MsgPack\pack(new Pair(3, 4))), "\n";
var_dump(MsgPack\unpackAs(MsgPack\pack(new Pair(3, 4)), 'Pair')->sum);
--EXPECT--
all given:
object(Temperature)#1 (5) {
  ["celsius"]=>
  float(21.5)
  ["unit"]=>
  string(1) "K"
  ["source"]=>
  string(5) "probe"
  ["id"]=>
  int(3)
  ["at"]=>
  int(9)
}
a virtual property is no key:
object(Temperature)#1 (5) {
  ["celsius"]=>
  float(1)
  ["unit"]=>
  string(1) "C"
  ["source"]=>
  NULL
  ["id"]=>
  int(1)
  ["at"]=>
  int(0)
}
a virtual property is no key: MsgPack\UnpackException: Unknown key "fahrenheit" at $ [offset 22, path $]
the backed property missing: MsgPack\UnpackException: Missing key "celsius" at $ [offset 0, path $]
get hook called
float(50)
Error: Cannot modify private(set) property Temperature::$unit from global scope
Error: Cannot modify readonly property Temperature::$id
-- packing: the hooks are read, as json_encode() reads them
get hook called
get hook called
86a763656c73697573cb4024000000000000aa66616872656e68656974cb4049000000000000a4756e6974a146a6736f75726365c0a2696401a47768656e00
get hook called
get hook called
{"celsius":10,"fahrenheit":50,"unit":"F","source":null,"id":1,"at":0}
an #[AsList] class with asymmetric visibility:
object(Pair)#2 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
920304
int(7)
