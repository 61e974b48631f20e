--TEST--
PHP 8.4 objects read back (msgpack_unpack(), MessagePack, MessagePackUnpacker, MsgPack\Unpacker, sessions): backing values written without set hooks, a value for a virtual property refused as unserialize() refuses it (a warning and false; UnpackException with the offset), readonly and asymmetric visibility filled as unserialize() fills them, unserialize()'s type errors
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip property hooks and asymmetric visibility need PHP 8.4'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
ob_start(); // no output before the sessions start
class H {
    public static int $sets = 0;
    public int $plain = 1;
    public string $full { get => strtoupper($this->full); set { H::$sets++; $this->full = $value; } }
    public string $virt { get => "virtual"; }
    protected string $pv { get => "protected virtual"; }
    private string $prv { get => "private virtual"; }
    public private(set) int $ro = 3;
    public function __construct() { $this->full = "abc"; }
    public function __destruct() { echo "destructor of H\n"; }
}
class T {
    public int $i = 0;
    public readonly int $r;
    public private(set) int $ps = 0;
    public protected(set) ?string $pt = null;
    public int $hooked { set => $this->hooked = $value; }
}

set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
function dump($v) { ob_start(); var_dump($v); return preg_replace('/#\d+/', '#', ob_get_clean()); }
// each reader of the compatible API and of the MsgPack\ API, with the outcome
function read_all(string $hex) {
    $bytes = hex2bin($hex);
    $readers = [
        'msgpack_unpack' => fn () => msgpack_unpack($bytes),
        'MessagePack::unpack' => fn () => (new MessagePack())->unpack($bytes),
        'MessagePackUnpacker' => function () use ($bytes) {
            $u = new MessagePackUnpacker();
            $u->feed($bytes);
            return $u->execute() ? $u->data() : 'execute() false';
        },
        'MsgPack\Unpacker::unpack' => fn () => (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bytes),
        'MsgPack\Unpacker stream' => function () use ($bytes) {
            $u = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
            $u->feed("\x07" . $bytes);
            foreach ($u as $v) {
                $last = $v;
            }
            return $last;
        },
    ];
    foreach ($readers as $name => $read) {
        echo "$name: ";
        try {
            $v = $read();
            echo is_object($v) ? "an object: " . json_encode(get_object_vars($v)) : var_export($v, true), "\n";
        } catch (MsgPack\UnpackException $e) {
            echo get_class($e), ": ", $e->getMessage(), " (position ", $e->getPosition(), ")\n";
        } catch (Throwable $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}

echo "-- what unserialize() does with a value for a virtual property\n";
var_dump(unserialize('O:1:"H":3:{s:5:"plain";i:1;s:4:"full";s:3:"abc";s:4:"virt";s:1:"x";}'));
var_dump(unserialize("O:1:\"H\":1:{s:5:\"\0*\0pv\";s:1:\"x\";}"));
var_dump(unserialize("O:1:\"H\":1:{s:6:\"\0H\0prv\";s:1:\"x\";}"));

echo "-- the same refused by every reader (the offset: the key's)\n";
// c0 "H" plain 1 full "abc" virt "x"
read_all('84c0a148a5706c61696e01a466756c6ca3616263a476697274a178');
echo "-- protected and private virtual properties, by their mangled names\n";
read_all('82c0a148a5002a00707601');
read_all('82c0a148a600480070727601');
echo "-- the entry before the class entry\n";
read_all('83a476697274a178c0a148a5706c61696e01');
echo "-- the second object of the class (its properties read from the first one's)\n";
read_all('9284c0a148a5706c61696e02a466756c6ca378797aa2726f0584c0a148a5706c61696e02a466756c6ca378797aa476697274a178');
echo "-- a class not allowed, or not defined: no property is virtual\n";
var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS))->unpack(hex2bin('82c0a148a476697274a178')));
var_dump(msgpack_unpack(hex2bin('82c0a5486f6f6f6fa476697274a178')));

echo "-- sessions: data that cannot be read is an empty session\n";
$dir = sys_get_temp_dir() . '/msgpack-session-hooks-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');
file_put_contents("$dir/sess_hooks", hex2bin('82c001a16884c0a148a5706c61696e01a466756c6ca3616263a476697274a178'));
session_id('hooks');
session_start();
var_dump($_SESSION);
session_write_close();
$_SESSION = [];
file_put_contents("$dir/sess_hooks", hex2bin('82c001a16884c0a148a5706c61696e01a466756c6ca3616263a2726f09'));
H::$sets = 0;
session_start();
var_dump($_SESSION['h']->full, $_SESSION['h']->ro, H::$sets);
$_SESSION = [];
session_write_close();
array_map('unlink', glob("$dir/sess_*"));
rmdir($dir);

echo "-- backing values written without the set hooks\n";
H::$sets = 0;
$h = msgpack_unpack(hex2bin('84c0a148a5706c61696e01a466756c6ca378797aa2726f09'));
$s = unserialize('O:1:"H":3:{s:5:"plain";i:1;s:4:"full";s:3:"xyz";s:2:"ro";i:9;}');
$a = (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack(hex2bin('84c0a148a5706c61696e01a466756c6ca378797aa2726f09'));
var_dump(H::$sets, dump($h) === dump($s), dump($a) === dump($s), $h->full, $h->ro);
unset($h, $s, $a);

echo "-- type errors, as unserialize() gives them\n";
$cases = [
    'int' => ['i', 's:1:"x";', 'a178'],
    'readonly' => ['r', 's:1:"x";', 'a178'],
    'private(set)' => ['ps', 'a:0:{}', '90'],
    'protected(set)' => ['pt', 'i:5;', '05'],
    'hooked' => ['hooked', 'd:1.5;', 'cb3ff8000000000000'],
];
foreach ($cases as $label => [$name, $serialized, $hex]) {
    $messages = [];
    foreach ([
        fn () => unserialize('O:1:"T":1:{s:' . strlen($name) . ':"' . $name . '";' . $serialized . '}'),
        fn () => msgpack_unpack(hex2bin('82c0a154' . bin2hex(chr(0xa0 | strlen($name)) . $name) . $hex)),
        fn () => MsgPack\unpack(hex2bin('82c0a154' . bin2hex(chr(0xa0 | strlen($name)) . $name) . $hex), MsgPack\Unpacker::PHP_OBJECTS),
        fn () => (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack(hex2bin('82c0a154' . bin2hex(chr(0xa0 | strlen($name)) . $name) . $hex)),
    ] as $read) {
        try {
            $read();
            $messages[] = 'no error';
        } catch (Throwable $e) {
            $messages[] = get_class($e) . ': ' . $e->getMessage();
        }
    }
    echo "$label: ", $messages[0], count(array_unique([$messages[0], $messages[1], $messages[3]])) === 1 ? " (the same)" : "\n   " . implode("\n   ", $messages), "\n";
}
echo "-- readonly and asymmetric visibility filled, then as unserialize() leaves them\n";
$t = msgpack_unpack(hex2bin('85c0a154a17202a2707303a27074a134a6686f6f6b656405'));
$u = unserialize('O:1:"T":4:{s:1:"r";i:2;s:2:"ps";i:3;s:2:"pt";s:1:"4";s:6:"hooked";i:5;}');
var_dump($t);
foreach ([$t, $u] as $o) {
    foreach (['r' => 1, 'ps' => 1, 'pt' => 'x'] as $name => $value) {
        try {
            $o->$name = $value;
        } catch (Error $e) {
            echo $e->getMessage(), "\n";
        }
    }
}
?>
--EXPECT--
-- what unserialize() does with a value for a virtual property
warning: unserialize(): Cannot unserialize value for virtual property H::$virt
warning: unserialize(): Error at offset 59 of 68 bytes
destructor of H
bool(false)
warning: unserialize(): Cannot unserialize value for virtual property H::$
warning: unserialize(): Error at offset 23 of 32 bytes
destructor of H
bool(false)
warning: unserialize(): Cannot unserialize value for virtual property H::$
warning: unserialize(): Error at offset 24 of 33 bytes
destructor of H
bool(false)
-- the same refused by every reader (the offset: the key's)
msgpack_unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$virt
false
MessagePack::unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$virt
false
MessagePackUnpacker: 'execute() false'
MsgPack\Unpacker::unpack: MsgPack\UnpackException: cannot unserialize value for virtual property H::$virt at offset 20 (position 20)
MsgPack\Unpacker stream: MsgPack\UnpackException: cannot unserialize value for virtual property H::$virt at offset 21 (position 21)
-- protected and private virtual properties, by their mangled names
msgpack_unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$pv
false
MessagePack::unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$pv
false
MessagePackUnpacker: 'execute() false'
MsgPack\Unpacker::unpack: MsgPack\UnpackException: cannot unserialize value for virtual property H::$pv at offset 4 (position 4)
MsgPack\Unpacker stream: MsgPack\UnpackException: cannot unserialize value for virtual property H::$pv at offset 5 (position 5)
msgpack_unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$prv
false
MessagePack::unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$prv
false
MessagePackUnpacker: 'execute() false'
MsgPack\Unpacker::unpack: MsgPack\UnpackException: cannot unserialize value for virtual property H::$prv at offset 4 (position 4)
MsgPack\Unpacker stream: MsgPack\UnpackException: cannot unserialize value for virtual property H::$prv at offset 5 (position 5)
-- the entry before the class entry
msgpack_unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$virt
false
MessagePack::unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$virt
false
MessagePackUnpacker: 'execute() false'
MsgPack\Unpacker::unpack: MsgPack\UnpackException: cannot unserialize value for virtual property H::$virt at offset 9 (position 9)
MsgPack\Unpacker stream: MsgPack\UnpackException: cannot unserialize value for virtual property H::$virt at offset 10 (position 10)
-- the second object of the class (its properties read from the first one's)
msgpack_unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$virt
false
MessagePack::unpack: warning: [msgpack] (php_msgpack_unserialize) Cannot unserialize value for virtual property H::$virt
false
MessagePackUnpacker: 'execute() false'
MsgPack\Unpacker::unpack: MsgPack\UnpackException: cannot unserialize value for virtual property H::$virt at offset 45 (position 45)
MsgPack\Unpacker stream: MsgPack\UnpackException: cannot unserialize value for virtual property H::$virt at offset 46 (position 46)
-- a class not allowed, or not defined: no property is virtual
object(__PHP_Incomplete_Class)#6 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(1) "H"
  ["virt"]=>
  string(1) "x"
}
object(__PHP_Incomplete_Class)#6 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(5) "Hoooo"
  ["virt"]=>
  string(1) "x"
}
-- sessions: data that cannot be read is an empty session
array(0) {
}
string(3) "ABC"
int(9)
int(0)
destructor of H
-- backing values written without the set hooks
int(0)
bool(true)
bool(true)
string(3) "XYZ"
int(9)
destructor of H
destructor of H
destructor of H
-- type errors, as unserialize() gives them
int: TypeError: Cannot assign string to property T::$i of type int (the same)
readonly: TypeError: Cannot assign string to property T::$r of type int (the same)
private(set): TypeError: Cannot assign array to property T::$ps of type int (the same)
protected(set): TypeError: Cannot assign int to property T::$pt of type ?string (the same)
hooked: TypeError: Cannot assign float to property T::$hooked of type int (the same)
-- readonly and asymmetric visibility filled, then as unserialize() leaves them
object(T)#6 (5) {
  ["i"]=>
  int(0)
  ["r"]=>
  int(2)
  ["ps"]=>
  int(3)
  ["pt"]=>
  string(1) "4"
  ["hooked"]=>
  int(5)
}
Cannot modify readonly property T::$r
Cannot modify private(set) property T::$ps from global scope
Cannot modify protected(set) property T::$pt from global scope
Cannot modify readonly property T::$r
Cannot modify private(set) property T::$ps from global scope
Cannot modify protected(set) property T::$pt from global scope
