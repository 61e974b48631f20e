--TEST--
Templates: a shared container (a PHP reference, php_only on) is bound to a plain property as `$obj->p = &$shared` binds it, never handed to write_property(); typed and readonly properties and classes with __set() get the value
--EXTENSIONS--
msgpack
--FILE--
<?php
#[AllowDynamicProperties]
class Two { public $a = 'A'; public $b = 'B'; }
#[AllowDynamicProperties]
class Vis { public $a = 'A'; protected $q = 'Q'; private $p = 'P'; }
class Typed { public ?array $t = null; public $u = 'U'; }
class Ro { public readonly ?array $r; public $u = 'U'; }
class Magic { public $log = []; private $h = 'H'; function __set($n, $v) { $this->log[] = [$n, $v]; } }
class Bound { public $a = 'A'; public $b = 'B'; function __construct() { $this->a = &$GLOBALS['outside']; } }

$shared = [1];
$pair = msgpack_pack([&$shared, &$shared]);
echo bin2hex($pair), "\n";
$keyed = msgpack_pack(['a' => &$shared, 'q' => &$shared, 'p' => &$shared, 'z' => &$shared, 9 => &$shared]);
echo bin2hex($keyed), "\n";

echo "-- a list into two plain properties: both bound to one reference (as PECL)\n";
$o = msgpack_unpack($pair, 'Two');
var_dump($o);
$o->a[] = 2;
var_dump($o->b);

echo "-- a map: public, protected, private, dynamic and int-keyed properties, all bound (as PECL)\n";
$o = msgpack_unpack($keyed, 'Vis');
$o->a[] = 3;
var_dump($o);

echo "-- typed and readonly properties get the value, the plain one the reference (PECL: a TypeError)\n";
$o = msgpack_unpack($pair, 'Typed');
$o->u[] = 4;
var_dump($o);
$o = msgpack_unpack($pair, 'Ro');
$o->u[] = 5;
var_dump($o);

echo "-- a class with __set(): __set() gets the value, and so does a property written by name\n";
$o = msgpack_unpack(msgpack_pack(['h' => &$shared, 'k' => &$shared]), 'Magic');
var_dump($o);

echo "-- a property the constructor bound to a variable is bound again: the variable keeps its value (PECL: a reference inside its reference)\n";
$outside = 'outside';
$o = msgpack_unpack($pair, 'Bound');
$o->b[] = 6;
var_dump($outside, $o);

echo "-- an array template keeps the references (as PECL)\n";
var_dump(msgpack_unpack($keyed, ['a' => null, 'q' => null]));
?>
--EXPECTF--
9282c001000182c0020002
85a16182c0010001a17182c0020002a17082c0020002a17a82c00200020982c0020002
-- a list into two plain properties: both bound to one reference (as PECL)
object(Two)#%d (2) {
  ["a"]=>
  &array(1) {
    [0]=>
    int(1)
  }
  ["b"]=>
  &array(1) {
    [0]=>
    int(1)
  }
}
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
-- a map: public, protected, private, dynamic and int-keyed properties, all bound (as PECL)

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
object(Vis)#%d (5) {
  ["a"]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(3)
  }
  ["q":protected]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(3)
  }
  ["p":"Vis":private]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(3)
  }
  ["z"]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(3)
  }
  ["9"]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(3)
  }
}
-- typed and readonly properties get the value, the plain one the reference (PECL: a TypeError)
object(Typed)#%d (2) {
  ["t"]=>
  array(1) {
    [0]=>
    int(1)
  }
  ["u"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(4)
  }
}
object(Ro)#%d (2) {
  ["r"]=>
  array(1) {
    [0]=>
    int(1)
  }
  ["u"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(5)
  }
}
-- a class with __set(): __set() gets the value, and so does a property written by name

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
object(Magic)#%d (2) {
  ["log"]=>
  array(1) {
    [0]=>
    array(2) {
      [0]=>
      string(1) "k"
      [1]=>
      array(1) {
        [0]=>
        int(1)
      }
    }
  }
  ["h":"Magic":private]=>
  array(1) {
    [0]=>
    int(1)
  }
}
-- a property the constructor bound to a variable is bound again: the variable keeps its value (PECL: a reference inside its reference)
string(7) "outside"
object(Bound)#%d (2) {
  ["a"]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(6)
  }
  ["b"]=>
  &array(2) {
    [0]=>
    int(1)
    [1]=>
    int(6)
  }
}
-- an array template keeps the references (as PECL)
array(2) {
  ["a"]=>
  &array(1) {
    [0]=>
    int(1)
  }
  ["q"]=>
  &array(1) {
    [0]=>
    int(1)
  }
}
