--TEST--
PHP 8.4 lazy objects (ghosts and proxies) are initialized before their properties are written, not read from their empty slots; hooked properties write their backing values with PHP objects, what json_encode() gives without
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4 lazy objects'); ?>
--FILE--
<?php
class L { public $a = 1; protected $b = 2; private $c = 3; public function __construct() { } }
$r = new ReflectionClass(L::class);
$ghost = $r->newLazyGhost(function (L $o) { $o->a = 'init'; });
echo bin2hex(msgpack_pack($ghost)), "\n";
$ghost2 = $r->newLazyGhost(function (L $o) { $o->a = 'init'; });
echo bin2hex(msgpack_pack([$ghost2])), "\n";
$proxy = $r->newLazyProxy(function (L $o) { $x = new L; $x->a = 'proxied'; return $x; });
echo bin2hex(msgpack_pack($proxy)), "\n";
$proxy2 = $r->newLazyProxy(function (L $o) { $x = new L; $x->a = 'proxied'; return $x; });
var_dump($proxy2->a);
echo bin2hex(msgpack_pack($proxy2)), "\n";
$ghost3 = $r->newLazyGhost(function (L $o) { $o->a = 'init'; });
echo bin2hex(MsgPack\pack($ghost3)), "\n";
class H { public int $v = 5; public int $double { get => $this->v * 2; } public string $backed = 'x' { set => strtoupper($value); } }
echo bin2hex(msgpack_pack(new H)), "\n";
$h = new H; get_object_vars($h); echo bin2hex(msgpack_pack($h)), "\n";
echo bin2hex(MsgPack\pack(new H)), " ", json_encode(new H), "\n";
?>
--EXPECT--
84c0a14ca161a4696e6974a4002a006202a4004c006303
9184c0a14ca161a4696e6974a4002a006202a4004c006303
84c0a14ca161a770726f78696564a4002a006202a4004c006303
string(7) "proxied"
84c0a14ca161a770726f78696564a4002a006202a4004c006303
81a161a4696e6974
83c0a148a17605a66261636b6564a178
83c0a148a17605a66261636b6564a178
83a17605a6646f75626c650aa66261636b6564a178 {"v":5,"double":10,"backed":"x"}
