--TEST--
Templates: a shared container (a PHP reference, php_only on) written into a hooked property goes in as its backing value, without its set hook, and one for a virtual property is refused, as unserialize() does (PHP 8.4 property hooks)
--EXTENSIONS--
msgpack
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4 property hooks'); ?>
--FILE--
<?php
#[AllowDynamicProperties]
class Hooked {
    public array $seen = [];
    public $h = 'H' { set { $this->seen[] = $value; $this->h = $value; } }
    public $v { get => 'virtual'; set { $this->seen[] = ['v' => $value]; } }
}
$shared = [1];
$bytes = msgpack_pack(['h' => &$shared, 'v' => &$shared]);
echo bin2hex($bytes), "\n";
var_dump(msgpack_unpack($bytes, 'Hooked'));

// three elements for the two properties with a slot: seen, h (its backing value, with no call of
// its set hook, as unserialize() writes it; not shared with the dynamic "2" after it)
$shared = [2];
$bytes = msgpack_pack([[], &$shared, &$shared]);
echo bin2hex($bytes), "\n";
$o = msgpack_unpack($bytes, 'Hooked');
$o->{'2'}[] = 3;
var_dump($o);
?>
--EXPECTF--
82a16882c0010001a17682c0020002

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) Cannot unserialize value for virtual property Hooked::$v in %s on line %d
NULL
939082c001000282c0020003
object(Hooked)#%d (3) {
  ["seen"]=>
  array(0) {
  }
  ["h"]=>
  array(1) {
    [0]=>
    int(2)
  }
  ["2"]=>
  array(2) {
    [0]=>
    int(2)
    [1]=>
    int(3)
  }
}