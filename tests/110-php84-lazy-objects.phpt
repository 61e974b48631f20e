--TEST--
PHP 8.4 lazy objects with PHP_OBJECTS and msgpack_pack(): initialized as serialize() initializes them (a proxy written as its real instance under the proxy's class), not with SKIP_INITIALIZATION_ON_SERIALIZE, a proxy and its real instance in one value kept apart as serialize() keeps them; read back as unserialize() reads serialize()'s string
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip lazy objects need PHP 8.4'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
class N { public int $a = 1; protected array $list = [1]; private string $p = 'p'; public $link; }
class NChild extends N {}
class H {
    public int $plain = 1;
    public string $full { get => strtoupper($this->full); set => $this->full = $value; }
    public string $virt { get => "virtual"; }
    public private(set) int $ro = 3;
    public function __construct() { $this->full = "abc"; }
}
class Sleeper { public $x = 1; public $y = 2; public function __sleep(): array { return ['y']; } }
class Custom { public $x = 1; public function __serialize(): array { return ['x' => $this->x]; }
    public function __unserialize(array $d): void { $this->x = $d['x']; } }

function dump($v) { ob_start(); var_dump($v); return preg_replace('/#\d+/', '#', ob_get_clean()); }
$inits = [];
function ghost(string $class, int $flags = 0) {
    return (new ReflectionClass($class))->newLazyGhost(function ($o) use ($class) {
        $GLOBALS['inits'][] = "ghost $class";
        if (method_exists($o, '__construct')) {
            $o->__construct();
        }
    }, $flags);
}
function proxy(string $class, ?string $real = null, int $flags = 0) {
    return (new ReflectionClass($class))->newLazyProxy(function () use ($class, $real) {
        $GLOBALS['inits'][] = "proxy $class";
        $r = $real ?? $class;
        $o = new $r;
        if ($o instanceof N) {
            $o->a = 2;
        }
        return $o;
    }, $flags);
}
// the bytes, the initializers they ran; serialize() of a copy made alike, and its initializers
function check(string $label, callable $make) {
    global $inits;
    $inits = [];
    $v = $make();
    $bytes = msgpack_pack($v);
    $ours = $inits;
    $inits = [];
    $w = $make();
    $serialized = serialize($w);
    echo "$label: ", bin2hex($bytes), "\n   serialize(): ", str_replace("\0", '\0', $serialized), "\n";
    echo "   initialized: ", $ours === $inits ? (implode(', ', $ours) ?: 'none') : 'NOT AS serialize(): ' . implode(', ', $ours), "\n";
    $same = MsgPack\pack($make(), MsgPack\Packer::PHP_OBJECTS) === $bytes;
    $back = msgpack_unpack($bytes);
    echo "   every way the same bytes: ", var_export($same, true),
        ", read back as unserialize(): ", var_export(dump($back) === dump(unserialize($serialized)), true), "\n";
    return [$v, $back];
}

echo "-- ghosts\n";
check('N ghost', fn () => ghost(N::class));
check('H ghost', fn () => ghost(H::class));
echo "-- proxies: the real instance under the proxy's class\n";
[$p, $back] = check('N proxy', fn () => proxy(N::class));
var_dump($back);
check('H proxy', fn () => proxy(H::class));
check('NChild proxy of an N', fn () => proxy(NChild::class, N::class));
$initialized = proxy(N::class);
$initialized->a;
check('N proxy, initialized before', fn () => $initialized);
echo "-- SKIP_INITIALIZATION_ON_SERIALIZE: left as they are\n";
[$g] = check('ghost', fn () => ghost(N::class, ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE));
var_dump((new ReflectionClass(N::class))->isUninitializedLazyObject($g));
check('proxy', fn () => proxy(N::class, null, ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE));
check('ghost, a property set without initializing', function () {
    $g = ghost(N::class, ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE);
    (new ReflectionProperty(N::class, 'a'))->setRawValueWithoutLazyInitialization($g, 5);
    return $g;
});
echo "-- __sleep() and __serialize()\n";
check('Sleeper ghost', fn () => ghost(Sleeper::class));
check('Custom ghost', fn () => ghost(Custom::class));

echo "-- a proxy and its real instance in one value\n";
function pair() {
    $real = null;
    $proxy = (new ReflectionClass(N::class))->newLazyProxy(function () use (&$real) {
        $real = new N;
        $real->a = 3;
        return $real;
    });
    $proxy->a; // initialized: $real is set
    $real->link = $proxy;
    return [$proxy, $real, $proxy];
}
[$v, $back] = check('[proxy, real, proxy]', 'pair');
var_dump($back[0] === $back[2], $back[0] !== $back[1], $back[1]->link === $back[0]);

echo "-- an initializer that throws\n";
$failing = (new ReflectionClass(N::class))->newLazyGhost(function () { throw new LogicException("initializer failed"); });
foreach (['msgpack_pack' => 'msgpack_pack', 'PHP_OBJECTS' => fn ($v) => MsgPack\pack($v, MsgPack\Packer::PHP_OBJECTS), 'serialize' => 'serialize'] as $how => $pack) {
    try {
        $pack(['x' => $failing]);
        echo "$how: no exception\n";
    } catch (LogicException $e) {
        echo "$how: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
-- ghosts
N ghost: 85c0a14ea16101a7002a006c6973749101a4004e0070a170a46c696e6bc0
   serialize(): O:1:"N":4:{s:1:"a";i:1;s:7:"\0*\0list";a:1:{i:0;i:1;}s:4:"\0N\0p";s:1:"p";s:4:"link";N;}
   initialized: ghost N
   every way the same bytes: true, read back as unserialize(): true
H ghost: 84c0a148a5706c61696e01a466756c6ca3616263a2726f03
   serialize(): O:1:"H":3:{s:5:"plain";i:1;s:4:"full";s:3:"abc";s:2:"ro";i:3;}
   initialized: ghost H
   every way the same bytes: true, read back as unserialize(): true
-- proxies: the real instance under the proxy's class
N proxy: 85c0a14ea16102a7002a006c6973749101a4004e0070a170a46c696e6bc0
   serialize(): O:1:"N":4:{s:1:"a";i:2;s:7:"\0*\0list";a:1:{i:0;i:1;}s:4:"\0N\0p";s:1:"p";s:4:"link";N;}
   initialized: proxy N
   every way the same bytes: true, read back as unserialize(): true
object(N)#8 (4) {
  ["a"]=>
  int(2)
  ["list":protected]=>
  array(1) {
    [0]=>
    int(1)
  }
  ["p":"N":private]=>
  string(1) "p"
  ["link"]=>
  NULL
}
H proxy: 84c0a148a5706c61696e01a466756c6ca3616263a2726f03
   serialize(): O:1:"H":3:{s:5:"plain";i:1;s:4:"full";s:3:"abc";s:2:"ro";i:3;}
   initialized: proxy H
   every way the same bytes: true, read back as unserialize(): true
NChild proxy of an N: 85c0a64e4368696c64a16102a7002a006c6973749101a4004e0070a170a46c696e6bc0
   serialize(): O:6:"NChild":4:{s:1:"a";i:2;s:7:"\0*\0list";a:1:{i:0;i:1;}s:4:"\0N\0p";s:1:"p";s:4:"link";N;}
   initialized: proxy NChild
   every way the same bytes: true, read back as unserialize(): true
N proxy, initialized before: 85c0a14ea16102a7002a006c6973749101a4004e0070a170a46c696e6bc0
   serialize(): O:1:"N":4:{s:1:"a";i:2;s:7:"\0*\0list";a:1:{i:0;i:1;}s:4:"\0N\0p";s:1:"p";s:4:"link";N;}
   initialized: none
   every way the same bytes: true, read back as unserialize(): true
-- SKIP_INITIALIZATION_ON_SERIALIZE: left as they are
ghost: 81c0a14e
   serialize(): O:1:"N":0:{}
   initialized: none
   every way the same bytes: true, read back as unserialize(): true
bool(true)
proxy: 81c0a14e
   serialize(): O:1:"N":0:{}
   initialized: none
   every way the same bytes: true, read back as unserialize(): true
ghost, a property set without initializing: 82c0a14ea16105
   serialize(): O:1:"N":1:{s:1:"a";i:5;}
   initialized: none
   every way the same bytes: true, read back as unserialize(): true
-- __sleep() and __serialize()
Sleeper ghost: 82c0a7536c6565706572a17902
   serialize(): O:7:"Sleeper":1:{s:1:"y";i:2;}
   initialized: ghost Sleeper
   every way the same bytes: true, read back as unserialize(): true
Custom ghost: 82c0a6437573746f6dc081a17801
   serialize(): O:6:"Custom":1:{s:1:"x";i:1;}
   initialized: ghost Custom
   every way the same bytes: true, read back as unserialize(): true
-- a proxy and its real instance in one value
[proxy, real, proxy]: 9385c0a14ea16103a7002a006c6973749101a4004e0070a170a46c696e6b82c004000285c0a14ea16103a7002a006c6973749101a4004e0070a170a46c696e6b82c004000282c0040002
   serialize(): a:3:{i:0;O:1:"N":4:{s:1:"a";i:3;s:7:"\0*\0list";a:1:{i:0;i:1;}s:4:"\0N\0p";s:1:"p";s:4:"link";r:2;}i:1;O:1:"N":4:{s:1:"a";i:3;s:7:"\0*\0list";a:1:{i:0;i:1;}s:4:"\0N\0p";s:1:"p";s:4:"link";r:2;}i:2;r:2;}
   initialized: none
   every way the same bytes: true, read back as unserialize(): true
bool(true)
bool(true)
bool(true)
-- an initializer that throws
msgpack_pack: LogicException: initializer failed
PHP_OBJECTS: LogicException: initializer failed
serialize: LogicException: initializer failed
