--TEST--
MsgPack\Packer::registerTransformer(): any class to any value, packed by the same rules; loops refused
--FILE--
<?php
use MsgPack\{Packer, PackException, Bin, Map, Ext};

function attempt(string $label, callable $f): void {
    try {
        $r = $f();
        echo $label, ': ', is_string($r) ? bin2hex($r) : var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

interface Shape {}
class Point implements Shape { public function __construct(public int $x, public int $y) {} }
class Point3 extends Point { public function __construct(int $x, int $y, public int $z = 0) { parent::__construct($x, $y); } }
class Uuid { public function __construct(public string $hex) {} }
class Money { public function __construct(public int $cents) {} }
class Wrapper { public function __construct(public mixed $inner) {} }
class A {} class B {}
class Nest { public function __construct(public int $n) {} }

echo "-- the value returned is packed as usual\n";
$p = new Packer(Packer::DETECT_BIN);
$p->registerTransformer(Point::class, fn(Point $pt) => [$pt->x, $pt->y]);
$p->registerTransformer(Uuid::class, fn(Uuid $u) => new Bin(hex2bin($u->hex)));
$p->registerTransformer(Money::class, fn(Money $m) => sprintf('%d.%02d', intdiv($m->cents, 100), $m->cents % 100));
attempt('Point as a list', fn() => $p->pack(new Point(1, 2)));
attempt('Uuid as Bin', fn() => $p->pack(new Uuid('00112233445566778899aabbccddeeff')));
attempt('Money as a string', fn() => $p->pack(['price' => new Money(799)]));
attempt('the same rules apply to the result (DETECT_BIN)', fn() => (function () {
    $q = new Packer(Packer::DETECT_BIN);
    $q->registerTransformer(Uuid::class, fn(Uuid $u) => hex2bin($u->hex));
    return $q->pack(new Uuid('ff00'));
})());
attempt('a map, Map, Ext, null', fn() => (function () {
    $q = new Packer();
    $q->registerTransformer(Point::class, fn(Point $pt) => match ($pt->x) {
        0 => ['x' => $pt->x, 'y' => $pt->y],
        1 => new Map([$pt->y]),
        2 => new Ext(5, 'ab'),
        default => null,
    });
    return $q->pack([new Point(0, 1), new Point(1, 7), new Point(2, 0), new Point(3, 0)]);
})());

echo "-- subclasses and interfaces, looked up as registerExtension() does\n";
$p = new Packer();
$p->registerTransformer(Shape::class, fn(Shape $s) => 'shape');
$p->registerTransformer(Point3::class, fn(Point3 $s) => 'point3');
attempt('Point (the interface)', fn() => $p->pack(new Point(1, 2)));
attempt('Point3 (own class first)', fn() => $p->pack(new Point3(1, 2, 3)));

echo "-- a transformer and an extension for the same class: the later replaces the earlier\n";
$p = new Packer();
$p->registerExtension(Point::class, 1, fn() => 'x');
attempt('extension', fn() => $p->pack(new Point(1, 2)));
$p->registerTransformer(Point::class, fn() => 'y');
attempt('transformer', fn() => $p->pack(new Point(1, 2)));
$p->registerExtension(Point::class, 1, fn() => 'x');
attempt('extension again', fn() => $p->pack(new Point(1, 2)));

echo "-- a result with an extension or another transformer is packed by it\n";
$p = new Packer();
$p->registerTransformer(Wrapper::class, fn(Wrapper $w) => $w->inner);
$p->registerExtension(Point::class, 3, fn(Point $pt) => pack('CC', $pt->x, $pt->y));
$p->registerTransformer(Money::class, fn(Money $m) => $m->cents);
attempt('Wrapper(Point) as ext 3', fn() => $p->pack(new Wrapper(new Point(1, 2))));
attempt('Wrapper(Wrapper(Money)): its own class again, refused', fn() => $p->pack(new Wrapper(new Wrapper(new Money(799)))));
attempt('Wrapper([Wrapper(1)])', fn() => $p->pack(new Wrapper([new Wrapper(1)])));

echo "-- Generators and Traversables\n";
$p = new Packer();
$p->registerTransformer(Traversable::class, fn(Traversable $t) => iterator_to_array($t, false));
function gen() { yield 1; yield 'two'; yield [3]; }
attempt('Generator', fn() => $p->pack(['g' => gen()]));
attempt('ArrayIterator', fn() => $p->pack(new ArrayIterator(['a' => 1, 'b' => 2])));
$q = new Packer();
$q->registerTransformer(Traversable::class, fn(Traversable $t) => iterator_to_array($t));
attempt('ArrayIterator with its keys', fn() => $q->pack(new ArrayIterator(['a' => 1, 'b' => 2])));

echo "-- loops are PackExceptions\n";
$p = new Packer();
$p->registerTransformer(Point::class, fn(Point $pt) => $pt);
attempt('returns itself', fn() => $p->pack(new Point(1, 2)));
$p = new Packer();
$p->registerTransformer(Point::class, fn(Point $pt) => new Point3($pt->x, $pt->y));
attempt('returns a subclass (the same transformer)', fn() => $p->pack(new Point(1, 2)));
$p = new Packer();
$p->registerTransformer(A::class, fn() => new B());
$p->registerTransformer(B::class, fn() => new A());
attempt('A to B to A', fn() => $p->pack(['k' => new A()]));
$p = new Packer();
$p->registerTransformer(Nest::class, fn(Nest $n) => [new Nest($n->n + 1)]);
attempt('A to [A] to [[A]]... (the depth limit)', fn() => $p->pack(new Nest(0)));
ini_set('msgpack.max_depth', '10');
attempt('the same at msgpack.max_depth=10', fn() => $p->pack(new Nest(0)));
ini_restore('msgpack.max_depth');
$p = new Packer();
$p->registerTransformer(A::class, fn() => [new B()]);
$p->registerTransformer(B::class, fn() => new A());
attempt('A to [B], B to A', fn() => $p->pack(new A()));

echo "-- errors\n";
$p = new Packer();
attempt('unknown class', fn() => $p->registerTransformer('NoSuchClass', fn() => 1));
attempt('not callable', fn() => $p->registerTransformer(Point::class, 'no_such_function'));
$p->registerTransformer(Point::class, function () { throw new RuntimeException('refused'); });
attempt('the transformer throws', fn() => $p->pack([1, new Point(1, 2)]));
$p->registerTransformer(Point::class, fn() => fopen('php://memory', 'r'));
attempt('returns a resource', fn() => $p->pack(new Point(1, 2)));

echo "-- a transformer registering again while it runs\n";
$p = new Packer();
$p->registerTransformer(Point::class, function (Point $pt) use ($p) {
    $p->registerTransformer(Point::class, fn() => 'second');
    return 'first';
});
attempt('first call', fn() => $p->pack([new Point(1, 2), new Point(1, 2)]));

echo "-- the unpacking side is unchanged\n";
var_dump(MsgPack\unpack((function () {
    $q = new Packer();
    $q->registerTransformer(Point::class, fn(Point $pt) => ['x' => $pt->x, 'y' => $pt->y]);
    return $q->pack(new Point(4, 5));
})()));
?>
--EXPECT--
-- the value returned is packed as usual
Point as a list: 920102
Uuid as Bin: c41000112233445566778899aabbccddeeff
Money as a string: 81a57072696365a4372e3939
the same rules apply to the result (DETECT_BIN): c402ff00
a map, Map, Ext, null: 9482a17800a17901810007d5056162c0
-- subclasses and interfaces, looked up as registerExtension() does
Point (the interface): a57368617065
Point3 (own class first): a6706f696e7433
-- a transformer and an extension for the same class: the later replaces the earlier
extension: d40178
transformer: a179
extension again: d40178
-- a result with an extension or another transformer is packed by it
Wrapper(Point) as ext 3: d5030102
Wrapper(Wrapper(Money)): its own class again, refused: MsgPack\PackException: the transformer for Wrapper returned an object of class Wrapper, which the transformer for Wrapper would transform again: the transformers loop
Wrapper([Wrapper(1)]): 9101
-- Generators and Traversables
Generator: 81a1679301a374776f9103
ArrayIterator: 920102
ArrayIterator with its keys: 82a16101a16202
-- loops are PackExceptions
returns itself: MsgPack\PackException: the transformer for Point returned an object of class Point, which the transformer for Point would transform again: the transformers loop
returns a subclass (the same transformer): MsgPack\PackException: the transformer for Point returned an object of class Point3, which the transformer for Point would transform again: the transformers loop
A to B to A: MsgPack\PackException: the transformer for B returned an object of class A, which the transformer for A would transform again: the transformers loop
A to [A] to [[A]]... (the depth limit): MsgPack\PackException: the value nests deeper than msgpack.max_depth (4096 levels)
the same at msgpack.max_depth=10: MsgPack\PackException: the value nests deeper than msgpack.max_depth (10 levels)
A to [B], B to A: MsgPack\PackException: the value nests deeper than msgpack.max_depth (4096 levels)
-- errors
unknown class: ValueError: MsgPack\Packer::registerTransformer(): Argument #1 ($class) must be the name of an existing class or interface, "NoSuchClass" given
not callable: TypeError: MsgPack\Packer::registerTransformer(): Argument #2 ($transform) must be a valid callback, function "no_such_function" not found or invalid function name
the transformer throws: RuntimeException: refused
returns a resource: MsgPack\PackException: a resource (stream) cannot be packed
-- a transformer registering again while it runs
first call: 92a56669727374a67365636f6e64
-- the unpacking side is unchanged
array(2) {
  ["x"]=>
  int(4)
  ["y"]=>
  int(5)
}
