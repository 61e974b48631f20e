--TEST--
A property unset by user code while its object is packed: written as nil, the count stays true (table and slot paths, records, php_only)
--FILE--
<?php
// The count of properties goes first; user code run by a value (jsonSerialize(), __serialize())
// that unsets a declared property of the object being packed leaves it counted: it is written as
// nil, from the slots and from the properties table alike, and the map, the record or the
// php_only map stays whole (a regression: the table path wrote one value short, so the values
// after it were misread).
use MsgPack\{Packer, Unpacker};
#[AllowDynamicProperties]
class Outer { public $a; public $b = 2; public $c = 3; }
class Unsetter implements JsonSerializable {
    public $o;
    function jsonSerialize(): mixed { unset($this->o->b); return 1; }
}
class UnsetterSer {
    public $o;
    function __serialize(): array { unset($this->o->b); return ['x' => 1]; }
    function __unserialize(array $d): void {}
}
foreach ([0, Packer::RECORDS] as $flags) {
    foreach ([false, true] as $table) {
        $o = new Outer; $o->a = new Unsetter; $o->a->o = $o;
        if ($table) { get_object_vars($o); $o->dyn = 4; }   // the properties table built, a dynamic property
        $p = MsgPack\pack([$o, 'after'], $flags);
        echo "flags=$flags table=", (int) $table, ": ", bin2hex($p), "\n";
        echo "  ", json_encode(MsgPack\unpack($p, $flags ? Unpacker::RECORDS : 0)), "\n";
    }
}
ini_set('msgpack.php_only', 1);
$o = new Outer; $o->a = new UnsetterSer; $o->a->o = $o; $o->dyn = 4;
$p = msgpack_pack([$o, 'after']);
echo "php_only: ", bin2hex($p), "\n";
$v = msgpack_unpack($p);
var_dump($v[1]);
var_dump($v[0]->b, $v[0]->c, $v[0]->dyn);
?>
--EXPECT--
flags=0 table=0: 9283a16101a162c0a16303a56166746572
  [{"a":1,"b":null,"c":3},"after"]
flags=0 table=1: 9284a16101a162c0a16303a364796e04a56166746572
  [{"a":1,"b":null,"c":3,"dyn":4},"after"]
flags=32 table=0: 92d4724093a161a162a16301c003a56166746572
  [{"a":1,"b":null,"c":3},"after"]
flags=32 table=1: 92d4724094a161a162a163a364796e01c00304a56166746572
  [{"a":1,"b":null,"c":3,"dyn":4},"after"]
php_only: 9285c0a54f75746572a16182c0ab556e736574746572536572c081a17801a162c0a16303a364796e04a56166746572
string(5) "after"
NULL
int(3)
int(4)
