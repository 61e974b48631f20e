--TEST--
PHP 8.4 property hooks and asymmetric visibility with PHP_OBJECTS and msgpack_pack(): what serialize() stores (backing values, no hook called, virtual properties left out, readonly and private(set) written) on every path, and read back as unserialize() reads it
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip property hooks and asymmetric visibility need PHP 8.4'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
class H {
    public static int $calls = 0;
    public int $plain = 1;
    public string $full { get { H::$calls++; return strtoupper($this->full); } set { H::$calls++; $this->full = $value; } }
    public string $virt { get { H::$calls++; return "virtual"; } }
    public private(set) int $ro = 3;
    public function __construct() { $this->full = "abc"; H::$calls = 0; }
}
#[AllowDynamicProperties] class HD extends H {}
class A {
    public readonly int $id;
    public protected(set) array $tags = ['t'];
    private(set) string $owner = 'me';
    protected string $note { get => "note: " . $this->note; set => $this->note = $value; }
    private int $secret { get => 42; }
    public ?int $late { set => $this->late = $value; }   // backed, never set
    public function __construct() { $this->id = 7; $this->note = 'n'; }
}
$code = 'class Wide { ';
for ($i = 0; $i < 66; $i++) {
    $code .= "public int \$p$i = $i; ";
}
eval($code . 'public int $h { get => 99; set => $this->h = $value; } public function __construct() { $this->h = 9; } }');

function dump($v) { ob_start(); var_dump($v); return preg_replace('/#\d+/', '#', ob_get_clean()); }

// bytes of each way to write PHP objects, checked to be the same; the value read back, checked
// to be what unserialize() makes of serialize()'s string
function check(string $label, callable $make) {
    $bytes = msgpack_pack($make());
    $same = MsgPack\pack($make(), MsgPack\Packer::PHP_OBJECTS) === $bytes
        && (new MessagePack(true))->pack($make()) === $bytes
        && (new MsgPack\Packer(MsgPack\Packer::PHP_OBJECTS))->pack($make()) === $bytes;
    $o = $make();
    get_object_vars($o); // its properties table built
    $same = $same && msgpack_pack($o) === $bytes;
    H::$calls = 0;
    msgpack_pack($make());
    $hooks = H::$calls;
    echo "$label: ", bin2hex($bytes), $same ? "" : " (NOT THE SAME ON EVERY PATH)", "\n";
    echo "   serialize(): ", str_replace("\0", '\0', serialize($make())), "\n";
    H::$calls = 0;
    $back = msgpack_unpack($bytes);
    $hooks += H::$calls;
    $api = (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bytes);
    $expected = dump(unserialize(serialize($make())));
    echo "   hooks called: $hooks, read back as unserialize(): ",
        var_export(dump($back) === $expected && dump($api) === $expected, true), "\n";
    return $back;
}

echo "-- hooked, virtual and private(set) properties\n";
$h = check('H', fn () => new H);
var_dump($h);
echo "-- a dynamic property\n";
check('HD', function () { $o = new HD; $o->dyn = 5; return $o; });
echo "-- readonly, protected(set), private(set), hooks on protected and private properties\n";
$a = check('A', fn () => new A);
var_dump($a);
echo "-- more than 64 properties\n";
check('Wide', fn () => new Wide);

echo "-- what was read is readonly and private(set) as unserialize() leaves it\n";
$u = unserialize(serialize(new A));
foreach ([$a, $u] as $o) {
    foreach (['id' => 8, 'tags' => [], 'owner' => 'you'] as $name => $value) {
        try {
            $o->$name = $value;
            echo "$name written\n";
        } catch (Error $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}

echo "-- msgpack.php_only off: the same properties, without the class\n";
ini_set('msgpack.php_only', '0');
echo bin2hex(msgpack_pack(new H)), "\n";
ini_set('msgpack.assoc', '0');
echo bin2hex(msgpack_pack(new A)), "\n";
?>
--EXPECT--
-- hooked, virtual and private(set) properties
H: 84c0a148a5706c61696e01a466756c6ca3616263a2726f03
   serialize(): O:1:"H":3:{s:5:"plain";i:1;s:4:"full";s:3:"abc";s:2:"ro";i:3;}
   hooks called: 0, read back as unserialize(): true
object(H)#3 (3) {
  ["plain"]=>
  int(1)
  ["full"]=>
  string(3) "abc"
  ["ro"]=>
  int(3)
}
-- a dynamic property
HD: 85c0a24844a5706c61696e01a466756c6ca3616263a2726f03a364796e05
   serialize(): O:2:"HD":4:{s:5:"plain";i:1;s:4:"full";s:3:"abc";s:2:"ro";i:3;s:3:"dyn";i:5;}
   hooks called: 0, read back as unserialize(): true
-- readonly, protected(set), private(set), hooks on protected and private properties
A: 85c0a141a2696407a47461677391a174a56f776e6572a26d65a7002a006e6f7465a16e
   serialize(): O:1:"A":4:{s:2:"id";i:7;s:4:"tags";a:1:{i:0;s:1:"t";}s:5:"owner";s:2:"me";s:7:"\0*\0note";s:1:"n";}
   hooks called: 0, read back as unserialize(): true
object(A)#2 (4) {
  ["id"]=>
  int(7)
  ["tags"]=>
  array(1) {
    [0]=>
    string(1) "t"
  }
  ["owner"]=>
  string(2) "me"
  ["note":protected]=>
  string(1) "n"
  ["late"]=>
  uninitialized(?int)
}
-- more than 64 properties
Wide: de0044c0a457696465a2703000a2703101a2703202a2703303a2703404a2703505a2703606a2703707a2703808a2703909a37031300aa37031310ba37031320ca37031330da37031340ea37031350fa370313610a370313711a370313812a370313913a370323014a370323115a370323216a370323317a370323418a370323519a37032361aa37032371ba37032381ca37032391da37033301ea37033311fa370333220a370333321a370333422a370333523a370333624a370333725a370333826a370333927a370343028a370343129a37034322aa37034332ba37034342ca37034352da37034362ea37034372fa370343830a370343931a370353032a370353133a370353234a370353335a370353436a370353537a370353638a370353739a37035383aa37035393ba37036303ca37036313da37036323ea37036333fa370363440a370363541a16809
   serialize(): O:4:"Wide":67:{s:2:"p0";i:0;s:2:"p1";i:1;s:2:"p2";i:2;s:2:"p3";i:3;s:2:"p4";i:4;s:2:"p5";i:5;s:2:"p6";i:6;s:2:"p7";i:7;s:2:"p8";i:8;s:2:"p9";i:9;s:3:"p10";i:10;s:3:"p11";i:11;s:3:"p12";i:12;s:3:"p13";i:13;s:3:"p14";i:14;s:3:"p15";i:15;s:3:"p16";i:16;s:3:"p17";i:17;s:3:"p18";i:18;s:3:"p19";i:19;s:3:"p20";i:20;s:3:"p21";i:21;s:3:"p22";i:22;s:3:"p23";i:23;s:3:"p24";i:24;s:3:"p25";i:25;s:3:"p26";i:26;s:3:"p27";i:27;s:3:"p28";i:28;s:3:"p29";i:29;s:3:"p30";i:30;s:3:"p31";i:31;s:3:"p32";i:32;s:3:"p33";i:33;s:3:"p34";i:34;s:3:"p35";i:35;s:3:"p36";i:36;s:3:"p37";i:37;s:3:"p38";i:38;s:3:"p39";i:39;s:3:"p40";i:40;s:3:"p41";i:41;s:3:"p42";i:42;s:3:"p43";i:43;s:3:"p44";i:44;s:3:"p45";i:45;s:3:"p46";i:46;s:3:"p47";i:47;s:3:"p48";i:48;s:3:"p49";i:49;s:3:"p50";i:50;s:3:"p51";i:51;s:3:"p52";i:52;s:3:"p53";i:53;s:3:"p54";i:54;s:3:"p55";i:55;s:3:"p56";i:56;s:3:"p57";i:57;s:3:"p58";i:58;s:3:"p59";i:59;s:3:"p60";i:60;s:3:"p61";i:61;s:3:"p62";i:62;s:3:"p63";i:63;s:3:"p64";i:64;s:3:"p65";i:65;s:1:"h";i:9;}
   hooks called: 0, read back as unserialize(): true
-- what was read is readonly and private(set) as unserialize() leaves it
Error: Cannot modify readonly property A::$id
Error: Cannot modify protected(set) property A::$tags from global scope
Error: Cannot modify private(set) property A::$owner from global scope
Error: Cannot modify readonly property A::$id
Error: Cannot modify protected(set) property A::$tags from global scope
Error: Cannot modify private(set) property A::$owner from global scope
-- msgpack.php_only off: the same properties, without the class
9301a361626303
84a2696407a47461677391a174a56f776e6572a26d65a7002a006e6f7465a16e
