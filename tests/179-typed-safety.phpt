--TEST--
MsgPack\unpackAs() on hostile input: nothing half-built escapes, no destructor of a failed call runs, only declared classes are made, nesting fails cleanly on the C stack of a fiber, plans made from an autoloader, duplicate keys release what they replace
--FILE--
<?php
use MsgPack\ListOf;

class Tracked {
    public static int $destructed = 0;
    public int $n;
    public ?Tracked $next = null;
    public function __destruct() { self::$destructed++; }
}
class Chain { public ?Chain $c = null; public int $v = 0; }
class Holder { #[ListOf(Tracked::class)] public array $items = []; public mixed $rest = null; }

function attempt(string $label, string $bytes, string $type): void {
    try {
        MsgPack\unpackAs($bytes, $type);
        echo "$label: no error\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- a failed call: the objects it made are released without their destructors\n";
$bytes = MsgPack\pack(['items' => [['n' => 1], ['n' => 2, 'next' => ['n' => 3]], ['n' => 'x']]]);
attempt('third item wrong', $bytes, 'Holder');
var_dump(Tracked::$destructed);
attempt('cut short', substr(MsgPack\pack(['items' => [['n' => 1], ['n' => 2]], 'rest' => [1, 2, 3]]), 0, -1), 'Holder');
var_dump(Tracked::$destructed);
$ok = MsgPack\unpackAs(MsgPack\pack(['items' => [['n' => 1], ['n' => 2]]]), 'Holder');
unset($ok);
var_dump(Tracked::$destructed);

echo "-- a duplicate key: the object it replaces is released at the end of the call\n";
$dup = "\x82\xa4next\x81\xa1n\x01\xa4next\x81\xa1n\x02";
$t = MsgPack\unpackAs("\x82\xa1n\x00\xa4next\x81\xa1n\x01" , 'Tracked');
var_dump(Tracked::$destructed);
$t = MsgPack\unpackAs("\x83\xa1n\x00" . substr($dup, 1), 'Tracked');
var_dump($t->next->n, Tracked::$destructed);
unset($t);

echo "-- only the declared classes are made, whatever the input names\n";
spl_autoload_register(function ($class) { echo "autoload $class\n"; });
attempt('a class name in the data', MsgPack\pack(['c' => ['c' => null, 'v' => 'Evil']]), 'Chain');
attempt('PECL object data', (new MsgPack\Packer(MsgPack\Packer::PHP_OBJECTS))->pack(new Chain), 'Chain');

echo "-- deep nesting fails cleanly, in a fiber too\n";
$deep = str_repeat("\x81\xa1c", 200000) . "\xc0";
$u = new MsgPack\Unpacker(0, false, 1000000);
attempt('main stack, default limit', $deep, 'Chain');
try {
    $u->unpackAs($deep, 'Chain');
} catch (MsgPack\UnpackException $e) {
    echo "main stack: ", preg_replace('/\d+/', 'N', $e->getMessage()), "\n";
}
$fiber = new Fiber(function () use ($u, $deep) {
    try {
        $u->unpackAs($deep, 'Chain');
    } catch (MsgPack\UnpackException $e) {
        echo "fiber: ", preg_replace('/\d+/', 'N', $e->getMessage()), "\n";
    }
});
$fiber->start();
$deepList = str_repeat("\x91", 200000) . "\x01";
try {
    $u->unpackAs($deepList, 'list<list<list<mixed>>>');
} catch (MsgPack\UnpackException $e) {
    echo "mixed part: ", preg_replace('/\d+/', 'N', $e->getMessage()), "\n";
}

echo "-- counts larger than the input\n";
attempt('map32', "\xdf\x7f\xff\xff\xff\xa1c\xc0", 'Chain');
attempt('array32', "\xdd\x7f\xff\xff\xff\x01", 'list<int>');
attempt('array32 of maps', "\xdd\x7f\xff\xff\xff\x80", 'list<Chain>');
attempt('str32 key', "\x81\xdb\x7f\xff\xff\xffc", 'Chain');
attempt('ext32', "\xc9\x7f\xff\xff\xff\xff", 'DateTimeImmutable');

echo "-- a plan made while an autoloader runs\n";
spl_autoload_register(function ($class) {
    if ($class === 'Lazy') {
        // the autoloader itself decodes into the class being planned, then into another
        class Lazy { public ?Lazy $self = null; public ?LazyOther $o = null; }
        class LazyOther { public int $x = 1; }
        echo "inner: ", get_class(MsgPack\unpackAs("\x80", 'LazyOther')), "\n";
    }
});
var_dump(MsgPack\unpackAs("\x81\xa4self\x80", 'Lazy'));
class Outer { public ?Inner $in = null; }
spl_autoload_register(function ($class) {
    if ($class === 'Inner') {
        class Inner { public int $x = 0; }
        // Outer's plan is being made by the call that loads this class: it cannot be used yet
        attempt('inner call', "\x80", 'Outer');
    }
});
var_dump(MsgPack\unpackAs("\x81\xa2in\x80", 'Outer'));
echo "done\n";
--EXPECT--
-- a failed call: the objects it made are released without their destructors
third item wrong: MsgPack\UnpackException: Expected int, got str at $.items[2].n
int(0)
cut short: MsgPack\InsufficientDataException: insufficient data at offset 24
int(0)
int(2)
-- a duplicate key: the object it replaces is released at the end of the call
int(2)
int(2)
int(5)
-- only the declared classes are made, whatever the input names
a class name in the data: MsgPack\UnpackException: Expected int, got str at $.c.v
PECL object data: MsgPack\UnpackException: Expected a string key, got nil at $
-- deep nesting fails cleanly, in a fiber too
main stack, default limit: MsgPack\UnpackException: maximum nesting depth of 4096 exceeded at offset 12288
main stack: the C stack is full at nesting level N, offset N
fiber: the C stack is full at nesting level N, offset N
mixed part: the C stack is full at nesting level N, offset N
-- counts larger than the input
map32: MsgPack\InsufficientDataException: insufficient data at offset 8
array32: MsgPack\InsufficientDataException: insufficient data at offset 6
array32 of maps: MsgPack\InsufficientDataException: insufficient data at offset 6
str32 key: MsgPack\InsufficientDataException: insufficient data at offset 1
ext32: MsgPack\InsufficientDataException: insufficient data at offset 0
-- a plan made while an autoloader runs
autoload Lazy
inner: LazyOther
object(Lazy)#9 (2) {
  ["self"]=>
  object(Lazy)#10 (2) {
    ["self"]=>
    NULL
    ["o"]=>
    NULL
  }
  ["o"]=>
  NULL
}
autoload Inner
inner call: ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of Outer is being made by the call that runs this one (in "Outer")
object(Outer)#10 (1) {
  ["in"]=>
  object(Inner)#11 (1) {
    ["x"]=>
    int(0)
  }
}
done
