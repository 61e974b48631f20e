--TEST--
#[MsgPack\AsList]: objects read from (and packed as) the array of their public properties' values in declaration order; a shorter array takes the defaults, a longer one is an error
--FILE--
<?php
use MsgPack\AsList;
use MsgPack\ListOf;

function show(string $label, string $bytes, string $type): void {
    try {
        $v = MsgPack\unpackAs($bytes, $type);
        echo "$label: ", json_encode($v), ' ', is_object($v) ? get_class($v) : get_debug_type($v), "\n";
    } catch (MsgPack\UnpackException $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}

#[AsList]
final class Point {
    public float $x;
    public float $y;
    public float $z = 0.0;
    private string $label = 'p'; // not in the list
}

#[AsList]
class Pair { public function __construct(public string $key, public ?Point $point = null) {} }

class Sub extends Pair { public int $extra = 1; } // not a list: attributes are not inherited

final class Path { #[ListOf(Point::class)] public array $points = []; public ?Pair $pair = null; }

$p = new Point;
$p->x = 1.5;
$p->y = -2;
echo bin2hex(MsgPack\pack($p)), "\n";
echo bin2hex(MsgPack\pack(new Pair('k', $p))), "\n";
echo bin2hex(MsgPack\pack(new Sub('k'))), "\n";
echo bin2hex(msgpack_pack($p)), "\n"; // the compatible API ignores the attribute

show('three values', MsgPack\pack($p), 'Point');
show('two values: z takes its default', hex2bin('92' . '01' . '02'), 'Point');
show('one value: y has no default', hex2bin('91' . '01'), 'Point');
show('none', hex2bin('90'), 'Point');
show('four values', hex2bin('94' . '01' . '02' . '03' . '04'), 'Point');
show('a wrong value', hex2bin('93' . '01' . 'a178' . '03'), 'Point');
show('a map is not read', MsgPack\pack(['x' => 1.0, 'y' => 2.0]), 'Point');
show('nested lists', MsgPack\pack(new Pair('k', $p)), 'Pair');
show('nested, the second omitted', hex2bin('91a16b'), 'Pair');
show('an error in a nested list', hex2bin('92a16b92' . '01' . 'c3'), 'Pair');
show('a subclass is read from a map', MsgPack\pack(new Sub('k')), 'Sub');
show('a list of lists', MsgPack\pack(['points' => [$p, [3, 4]], 'pair' => ['a']]), 'Path');
show('an error in a list of lists', MsgPack\pack(['points' => [$p, [3, 'four']]]), 'Path');
show('a list of points, one short', MsgPack\pack([[1, 2], [3]]), 'list<Point>');
show('a union of a list class and a map class', MsgPack\pack(['points' => []]), 'Point|Path');
show('a union of a list class and a map class', MsgPack\pack([1, 2]), 'Point|Path');

echo "-- packing needs every property\n";
try {
    MsgPack\pack(new Point);
} catch (MsgPack\PackException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$round = MsgPack\unpackAs(MsgPack\pack([new Pair('a', $p), new Pair('b')]), 'list<Pair>');
var_dump($round[0]->point == $p, $round[1]->point);
--EXPECT--
93cb3ff8000000000000cbc000000000000000cb0000000000000000
92a16b93cb3ff8000000000000cbc000000000000000cb0000000000000000
83a36b6579a16ba5706f696e74c0a5657874726101
85c0a5506f696e74a178cb3ff8000000000000a179cbc000000000000000a17acb0000000000000000ac00506f696e74006c6162656ca170
three values: {"x":1.5,"y":-2,"z":0} Point
two values: z takes its default: {"x":1,"y":2,"z":0} Point
one value: y has no default: MsgPack\UnpackException: Missing key "y" at $ [offset 0, path $]
none: MsgPack\UnpackException: Missing key "x" at $ [offset 0, path $]
four values: MsgPack\UnpackException: Expected at most 3 values for Point, got 4 at $ [offset 0, path $]
a wrong value: MsgPack\UnpackException: Expected float, got str at $[1] [offset 2, path $[1]]
a map is not read: MsgPack\UnpackException: Expected Point, got map at $ [offset 0, path $]
nested lists: {"key":"k","point":{"x":1.5,"y":-2,"z":0}} Pair
nested, the second omitted: {"key":"k","point":null} Pair
an error in a nested list: MsgPack\UnpackException: Expected float, got true at $[1][1] [offset 5, path $[1][1]]
a subclass is read from a map: {"key":"k","point":null,"extra":1} Sub
a list of lists: {"points":[{"x":1.5,"y":-2,"z":0},{"x":3,"y":4,"z":0}],"pair":{"key":"a","point":null}} Path
an error in a list of lists: MsgPack\UnpackException: Expected float, got str at $.points[1][1] [offset 39, path $.points[1][1]]
a list of points, one short: MsgPack\UnpackException: Missing key "y" at $[1] [offset 4, path $[1]]
a union of a list class and a map class: {"points":[],"pair":null} Path
a union of a list class and a map class: {"x":1,"y":2,"z":0} Point
-- packing needs every property
MsgPack\PackException: Point::$x is not initialized: an #[MsgPack\AsList] object is written whole
bool(true)
NULL
