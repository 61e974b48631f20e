--TEST--
PHP 8.4 property hooks without PHP_OBJECTS (MsgPack\pack, Packer): an object is written as json_encode() sees it (get hooks called once, virtual properties included), the same bytes on every path: slots, a built properties table, dynamic properties, more than 64 properties, lazy ghost and proxy, records
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip property hooks and lazy objects need PHP 8.4'); ?>
--FILE--
<?php
class H {
    public static int $reads = 0;
    public int $plain = 1;
    public string $full { get { H::$reads++; return strtoupper($this->full); } set => $this->full = $value; }
    public string $virt { get { H::$reads++; return "virtual"; } }
    public private(set) int $ro = 3;
    public function __construct() { $this->full = "abc"; }
}
#[AllowDynamicProperties] class HD extends H {}
class Base { protected int $prot = 1; public string $ph { get => "parent"; } public int $a = 1; private int $hidden { get => 7; } }
class Child extends Base {
    public int $prot = 2 { get => $this->prot * 10; }   // protected made public, with a hook
    public int $b = 2;
    public string $ph { get => "child"; }
}
class Odd {
    public int $unset { set => $this->unset = $value; }  // backed, never set: json_encode() gives null
    public string $setOnly { set { } }                    // virtual without get: left out
    public int $w = 5;
}
class Throws { public int $t { get { throw new RuntimeException("no read"); } } public int $after = 1; }
class Self_ { public $me { get => $this; } }
class Holder { public array $list { get => [1, 2, ['k' => 'v']]; } public $child { get => new H; } }
$code = 'class Wide { ';
for ($i = 0; $i < 66; $i++) {
    $code .= "public int \$p$i = $i; ";
}
eval($code . 'public int $h { get => 99; } }');

// the expected bytes: what json_encode() gives, as a map (json_decode() to stdClass objects)
function json_bytes($v) { return bin2hex(MsgPack\pack(json_decode(json_encode($v)))); }
function show(string $label, $v) {
    $bytes = bin2hex(MsgPack\pack($v));
    echo "$label: $bytes ", $bytes === json_bytes($v) ? "(= json_encode)" : "(json_encode: " . json_bytes($v) . ")", "\n";
}

echo "-- plain object (a class with hooks is never read from its slots)\n";
echo json_encode(new H), "\n";
show('H', new H);
H::$reads = 0;
MsgPack\pack(new H);
echo "get hooks called: ", H::$reads, "\n";
$h = new H;
get_object_vars($h); // its properties table built
show('H, table built', $h);
echo "Packer: ", bin2hex((new MsgPack\Packer)->pack(new H)), "\n";

echo "-- dynamic properties\n";
$d = new HD;
$d->dyn = 5;
echo json_encode($d), "\n";
show('HD', $d);

echo "-- inherited, promoted, private and odd properties\n";
echo json_encode(new Child), " ", json_encode(new Odd), "\n";
show('Child', new Child);
show('Odd', new Odd);

echo "-- more than 64 properties\n";
show('Wide', new Wide);

echo "-- nested, and values that are containers\n";
show('Holder', new Holder);
show('list', [new H, ['in' => new Child]]);

echo "-- lazy objects: initialized as json_encode() initializes them\n";
$r = new ReflectionClass(H::class);
$inits = 0;
$ghost = $r->newLazyGhost(function (H $o) use (&$inits) { $inits++; $o->__construct(); });
show('ghost', $ghost);
$proxy = $r->newLazyProxy(function () use (&$inits) { $inits++; $real = new H; $real->plain = 8; return $real; });
show('proxy', $proxy);
show('proxy, initialized', $proxy);
$skip = $r->newLazyGhost(function (H $o) use (&$inits) { $inits++; $o->__construct(); }, ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE);
show('ghost, SKIP_INITIALIZATION_ON_SERIALIZE', $skip);
echo "initializers run: $inits\n";
$failing = $r->newLazyGhost(function () { throw new LogicException("initializer failed"); });
try {
    MsgPack\pack($failing);
} catch (LogicException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

echo "-- records: the same fields and values\n";
$packer = new MsgPack\Packer(MsgPack\Packer::RECORDS);
$bytes = $packer->pack([new H, new HD, $d, new Child]);
echo bin2hex($bytes), "\n";
$unpacker = new MsgPack\Unpacker(MsgPack\Unpacker::RECORDS);
var_dump($unpacker->unpack($bytes) === MsgPack\unpack(MsgPack\pack([new H, new HD, $d, new Child])));
$lazy = $r->newLazyProxy(fn () => new H);
echo bin2hex($packer->pack([$lazy, new Wide])), "\n";

echo "-- a get hook that throws, an object that reads as itself\n";
try {
    MsgPack\pack(['x' => new Throws]);
} catch (RuntimeException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    MsgPack\pack(new Self_);
} catch (MsgPack\PackException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump(json_encode(new Self_), json_last_error_msg());
?>
--EXPECT--
-- plain object (a class with hooks is never read from its slots)
{"plain":1,"full":"ABC","virt":"virtual","ro":3}
H: 84a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
get hooks called: 2
H, table built: 84a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
Packer: 84a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03
-- dynamic properties
{"plain":1,"full":"ABC","virt":"virtual","ro":3,"dyn":5}
HD: 85a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03a364796e05 (= json_encode)
-- inherited, promoted, private and odd properties
{"prot":20,"ph":"child","a":1,"b":2} {"unset":null,"w":5}
Child: 84a470726f7414a27068a56368696c64a16101a16202 (= json_encode)
Odd: 82a5756e736574c0a17705 (= json_encode)
-- more than 64 properties
Wide: de0043a2703000a2703101a2703202a2703303a2703404a2703505a2703606a2703707a2703808a2703909a37031300aa37031310ba37031320ca37031330da37031340ea37031350fa370313610a370313711a370313812a370313913a370323014a370323115a370323216a370323317a370323418a370323519a37032361aa37032371ba37032381ca37032391da37033301ea37033311fa370333220a370333321a370333422a370333523a370333624a370333725a370333826a370333927a370343028a370343129a37034322aa37034332ba37034342ca37034352da37034362ea37034372fa370343830a370343931a370353032a370353133a370353234a370353335a370353436a370353537a370353638a370353739a37035383aa37035393ba37036303ca37036313da37036323ea37036333fa370363440a370363541a16863 (= json_encode)
-- nested, and values that are containers
Holder: 82a46c69737493010281a16ba176a56368696c6484a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
list: 9284a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f0381a2696e84a470726f7414a27068a56368696c64a16101a16202 (= json_encode)
-- lazy objects: initialized as json_encode() initializes them
ghost: 84a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
proxy: 84a5706c61696e08a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
proxy, initialized: 84a5706c61696e08a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
ghost, SKIP_INITIALIZATION_ON_SERIALIZE: 84a5706c61696e01a466756c6ca3414243a476697274a77669727475616ca2726f03 (= json_encode)
initializers run: 3
LogicException: initializer failed
-- records: the same fields and values
94d4724094a5706c61696ea466756c6ca476697274a2726f01a3414243a77669727475616c034001a3414243a77669727475616c03d4724195a5706c61696ea466756c6ca476697274a2726fa364796e01a3414243a77669727475616c0305d4724294a470726f74a27068a161a16214a56368696c640102
bool(true)
92d4724094a5706c61696ea466756c6ca476697274a2726f01a3414243a77669727475616c03d47241dc0043a27030a27031a27032a27033a27034a27035a27036a27037a27038a27039a3703130a3703131a3703132a3703133a3703134a3703135a3703136a3703137a3703138a3703139a3703230a3703231a3703232a3703233a3703234a3703235a3703236a3703237a3703238a3703239a3703330a3703331a3703332a3703333a3703334a3703335a3703336a3703337a3703338a3703339a3703430a3703431a3703432a3703433a3703434a3703435a3703436a3703437a3703438a3703439a3703530a3703531a3703532a3703533a3703534a3703535a3703536a3703537a3703538a3703539a3703630a3703631a3703632a3703633a3703634a3703635a168000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3fcc40cc41cc63
-- a get hook that throws, an object that reads as itself
RuntimeException: no read
MsgPack\PackException: an object of class Self_ contains itself
bool(false)
string(18) "Recursion detected"
