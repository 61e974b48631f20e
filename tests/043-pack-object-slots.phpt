--TEST--
Objects packed from their property slots (no properties table built): the same bytes as from the table, and the cases that read the table (dynamic properties, 65 slots, get_properties_for handlers)
--FILE--
<?php
// Objects whose properties table was never built are read from their slots; these cases check
// that the bytes are those of the properties table, and the cases that must not use the slots.
class Base { public $a = 1; protected $b = 'b'; private $c = 'base'; }
class Child extends Base { private $c = 'child'; public $d; public int $typed; public readonly array $ro;
    function __construct() { $this->ro = [1]; } }
#[AllowDynamicProperties] class Open { public $x = 1; private $y = 2; }
class Wide { public $p0=0,$p1=1,$p2=2,$p3=3,$p4=4,$p5=5,$p6=6,$p7=7,$p8=8,$p9=9,$p10=10,$p11=11,$p12=12,$p13=13,$p14=14,$p15=15,
    $p16=16,$p17=17,$p18=18,$p19=19,$p20=20,$p21=21,$p22=22,$p23=23,$p24=24,$p25=25,$p26=26,$p27=27,$p28=28,$p29=29,$p30=30,$p31=31,
    $p32=32,$p33=33,$p34=34,$p35=35,$p36=36,$p37=37,$p38=38,$p39=39,$p40=40,$p41=41,$p42=42,$p43=43,$p44=44,$p45=45,$p46=46,$p47=47,
    $p48=48,$p49=49,$p50=50,$p51=51,$p52=52,$p53=53,$p54=54,$p55=55,$p56=56,$p57=57,$p58=58,$p59=59,$p60=60,$p61=61,$p62=62,$p63=63,$p64=64; }
class Bag extends ArrayObject { public $own = 'own'; }
class Killer { public $victim;
    function __serialize(): array { unset($this->victim->b); return []; }
    function __unserialize(array $data): void {} }
class Victim { public $a; public $b = 'later'; }

// each case: the object as made, then once its properties table is built (get_object_vars)
function both(string $label, callable $make, int $flags = -1) {
    $pack = $flags < 0 ? 'msgpack_pack' : fn ($v) => MsgPack\pack($v, $flags);
    $slots = $pack($make());
    $o = $make();
    foreach (is_array($o) ? $o : [$o] as $item) {
        if (is_object($item)) {
            get_object_vars($item);
        }
    }
    $table = $pack($o);
    echo $label, ': ', bin2hex($slots), $slots === $table ? '' : ' table: ' . bin2hex($table), "\n";
}
both('inheritance, unset typed', fn () => new Child);
both('unset property', function () { $o = new Child; unset($o->a); return $o; });
both('unset then set again', function () { $o = new Child; unset($o->a); $o->a = 'again'; return $o; });
both('reference in a property', function () { $o = new Base; $v = 'shared'; $o->a = &$v; return [$o, &$v]; });
both('same object twice', function () { $o = new Base; return [$o, $o]; });
both('dynamic property', function () { $o = new Open; $o->z = 'dyn'; return $o; });
both('65 slots', fn () => new Wide);
both('ArrayObject subclass', fn () => new Bag([1, 2]));
both('php_only off', fn () => [new Child], 0);
both('assoc on', function () { ini_set('msgpack.php_only', '0'); ini_set('msgpack.assoc', '1'); return new Child; });
ini_restore('msgpack.php_only');
ini_restore('msgpack.assoc');
both('PHP_OBJECTS', fn () => new Child, MsgPack\Packer::PHP_OBJECTS);
// get_object_vars() after packing: the table is built then, in the same order
$o = new Child;
msgpack_pack($o);
echo implode(' ', array_map(fn ($k) => str_replace("\0", '\\0', $k), array_keys((array) $o))), "\n";
// __serialize() of an object inside unsets a slot counted already: written as nil
$v = new Victim;
$v->a = new Killer;
$v->a->victim = $v;
echo 'slot unset meanwhile: ', bin2hex($p = msgpack_pack($v)), "\n";
var_dump(msgpack_unpack($p));
?>
--EXPECT--
inheritance, unset typed: 87c0a54368696c64a16101a4002a0062a162a700426173650063a462617365a8004368696c640063a56368696c64a164c0a2726f9101
unset property: 86c0a54368696c64a4002a0062a162a700426173650063a462617365a8004368696c640063a56368696c64a164c0a2726f9101
unset then set again: 87c0a54368696c64a161a5616761696ea4002a0062a162a700426173650063a462617365a8004368696c640063a56368696c64a164c0a2726f9101
reference in a property: 9284c0a442617365a161a6736861726564a4002a0062a162a700426173650063a462617365a6736861726564
same object twice: 9284c0a442617365a16101a4002a0062a162a700426173650063a46261736582c0040002
dynamic property: 84c0a44f70656ea17801a7004f70656e007902a17aa364796e
65 slots: de0042c0a457696465a2703000a2703101a2703202a2703303a2703404a2703505a2703606a2703707a2703808a2703909a37031300aa37031310ba37031320ca37031330da37031340ea37031350fa370313610a370313711a370313812a370313913a370323014a370323115a370323216a370323317a370323418a370323519a37032361aa37032371ba37032381ca37032391da37033301ea37033311fa370333220a370333321a370333422a370333523a370333624a370333725a370333826a370333927a370343028a370343129a37034322aa37034332ba37034342ca37034352da37034362ea37034372fa370343830a370343931a370353032a370353133a370353234a370353335a370353436a370353537a370353638a370353739a37035383aa37035393ba37036303ca37036313da37036323ea37036333fa370363440
ArrayObject subclass: 82c0a3426167c0940092010281a36f776ea36f776ec0
php_only off: 9183a16101a164c0a2726f9101
assoc on: 9601a162a462617365a56368696c64c09101
PHP_OBJECTS: 87c0a54368696c64a16101a4002a0062a162a700426173650063a462617365a8004368696c640063a56368696c64a164c0a2726f9101
a \0*\0b \0Base\0c \0Child\0c d ro
slot unset meanwhile: 83c0a656696374696da16182c0a64b696c6c6572c090a162c0
object(Victim)#4 (2) {
  ["a"]=>
  object(Killer)#5 (1) {
    ["victim"]=>
    NULL
  }
  ["b"]=>
  NULL
}
