--TEST--
Templates as PECL msgpack applies them: the cases of issue 8 and the main rules (tests/compat/diff-templates.sh checks many more against PECL)
--FILE--
<?php
class Obj { public $a; protected $b; private $c; }
class Other { public $A = 1; }
class Node { public $name; public $children = []; }
class Shaped
{
    public $o;
    public $list = ['Other'];
    public $map = ['k' => 0];
    public function __construct() { $this->o = new Other; }
}
class Sticky { public $map = ['k' => 0]; public $plain; }
class NoProps {}

function node($name, array $children) { $n = new Node; $n->name = $name; $n->children = $children; return $n; }
/* the bytes of $value are checked, then decoded with the template; every output but the last
 * (PECL stops the script: its data() takes no array template) is what PECL msgpack gives */
function t($label, $value, string $hex, $tpl) {
    echo "-- $label\n";
    $bytes = msgpack_pack($value);
    if (bin2hex($bytes) !== $hex) {
        echo "bytes differ: ", bin2hex($bytes), "\n";
    }
    var_dump(msgpack_unpack(hex2bin($hex), $tpl));
}

echo "== the table of issue 8\n";
t('map keys name the properties, the int-keyed element fills the one left', ['a' => 1, 'b' => 2, 3], '83a16101a162020003', 'Obj');
t('in any order', [3, 'a' => 1, 'b' => 2], '830003a16101a16202', 'Obj');
t('an object where the template has an array becomes an array', [new Other], '9182c0a54f74686572a14101', [['A' => null]]);
$tree = [node('a', [node('b', [])]), node('c', [node('d', [node('e', [])])])];
$leaf = ['name' => null, 'children' => null];
$shape = ['name' => null, 'children' => [['name' => null, 'children' => [$leaf]]]];
t('arrays all the way down', $tree, '9283c0a44e6f6465a46e616d65a161a86368696c6472656e9183c0a44e6f6465a46e616d65a162a86368696c6472656e9083c0a44e6f6465a46e616d65a163a86368696c6472656e9183c0a44e6f6465a46e616d65a164a86368696c6472656e9183c0a44e6f6465a46e616d65a165a86368696c6472656e90', [$shape]);

echo "== class templates\n";
t('a list as long as the properties fills them in order', [1, 2, 3], '93010203', 'Obj');
t('a shorter one too', [1, 2], '920102', 'Obj');
t('past the last property, properties named by the key', [1, 2, 3, 4], '9401020304', 'Obj');
t('a map: string keys by name (PECL warns for public ones), int keys the others in order', [9 => 'i9', 'c' => 'C', 4 => 'i4'], '8309a26939a163a14304a26934', 'Obj');
t('a scalar goes into the first property', 'str', 'a3737472', 'Obj');
t('so does an object of another class', new Other, '82c0a54f74686572a14101', 'Obj');
t('an object of the class stays as it is', new Other, '82c0a54f74686572a14101', new Other);
t('no properties: a property named 0', 42, '2a', 'NoProps');
t('one element per property: each converted by what the property holds', [['A' => 5], [[7], ['A' => 8]], ['k' => 9, 'z' => 1]], '9381a1410592910781a1410882a16b09a17a01', 'Shaped');
t('shorter: nothing converted', [['A' => 5], [[7]]], '9281a14105919107', 'Shaped');
t('a map: nothing converted', ['o' => ['A' => 5]], '81a16f81a14105', 'Shaped');
t('the converter of an array property stays for the next property (PECL): null', [['k' => 1], 2], '9281a16b0102', 'Sticky');

echo "== array templates\n";
t('a list template converts every element and re-indexes', [5 => [1], 7 => [2]], '82059101079102', ['Obj']);
t('string keys match by position and keep only the template keys', ['x' => 1, 'y' => 2, 'z' => 3], '83a17801a17902a17a03', ['a' => null, 'b' => null]);
t('too few elements', ['x' => 1], '81a17801', ['a' => null, 'b' => null]);
t('a list template needs an array', 5, '05', ['Obj']);
t('with int keys', [['k' => 1]], '9181a16b01', [['Obj']]);
t('an empty template', [1], '9101', []);
t('a class name under a string key is no template', ['k' => [1]], '81a16b9101', ['k' => 'Obj']);
t('an instance is', ['k' => [1]], '81a16b9101', ['k' => new Obj]);

echo "== entry points\n";
var_dump(msgpack_unpack('', 'Obj'));
var_dump((new MessagePack(false))->unpack(msgpack_pack([1, 2]), 'Obj'));
$u = new MessagePackUnpacker();
$u->feed(msgpack_pack([[1], [2]]));
$u->execute();
var_dump($u->data(['Obj']));
?>
--EXPECTF--
== the table of issue 8
-- map keys name the properties, the int-keyed element fills the one left

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
object(Obj)#%d (3) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Obj":private]=>
  int(3)
}
-- in any order

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
object(Obj)#%d (3) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Obj":private]=>
  int(3)
}
-- an object where the template has an array becomes an array
array(1) {
  [0]=>
  array(1) {
    ["A"]=>
    int(1)
  }
}
-- arrays all the way down

Warning: [msgpack] (msgpack_convert_array) array length is 0 in unserialized data in %s on line %d

Warning: [msgpack] (msgpack_convert_array) convert failure in HASH_KEY_IS_LONG in indexed array in %s on line %d

Warning: [msgpack] (msgpack_convert_array) convert failure in HASH_KEY_IS_LONG in indexed array in %s on line %d
NULL
== class templates
-- a list as long as the properties fills them in order
object(Obj)#%d (3) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Obj":private]=>
  int(3)
}
-- a shorter one too
object(Obj)#%d (3) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Obj":private]=>
  NULL
}
-- past the last property, properties named by the key

Deprecated: Creation of dynamic property Obj::$3 is deprecated in %s on line %d
object(Obj)#%d (4) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Obj":private]=>
  int(3)
  ["3"]=>
  int(4)
}
-- a map: string keys by name (PECL warns for public ones), int keys the others in order
object(Obj)#%d (3) {
  ["a"]=>
  string(2) "i9"
  ["b":protected]=>
  string(2) "i4"
  ["c":"Obj":private]=>
  string(1) "C"
}
-- a scalar goes into the first property
object(Obj)#%d (3) {
  ["a"]=>
  string(3) "str"
  ["b":protected]=>
  NULL
  ["c":"Obj":private]=>
  NULL
}
-- so does an object of another class
object(Obj)#%d (3) {
  ["a"]=>
  object(Other)#%d (1) {
    ["A"]=>
    int(1)
  }
  ["b":protected]=>
  NULL
  ["c":"Obj":private]=>
  NULL
}
-- an object of the class stays as it is
object(Other)#%d (1) {
  ["A"]=>
  int(1)
}
-- no properties: a property named 0

Deprecated: Creation of dynamic property NoProps::$0 is deprecated in %s on line %d
object(NoProps)#%d (1) {
  ["0"]=>
  int(42)
}
-- one element per property: each converted by what the property holds

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
object(Shaped)#%d (3) {
  ["o"]=>
  object(Other)#%d (1) {
    ["A"]=>
    int(5)
  }
  ["list"]=>
  array(2) {
    [0]=>
    object(Other)#%d (1) {
      ["A"]=>
      int(7)
    }
    [1]=>
    object(Other)#%d (1) {
      ["A"]=>
      int(8)
    }
  }
  ["map"]=>
  array(1) {
    ["k"]=>
    int(9)
  }
}
-- shorter: nothing converted
object(Shaped)#%d (3) {
  ["o"]=>
  array(1) {
    ["A"]=>
    int(5)
  }
  ["list"]=>
  array(1) {
    [0]=>
    array(1) {
      [0]=>
      int(7)
    }
  }
  ["map"]=>
  array(1) {
    ["k"]=>
    int(0)
  }
}
-- a map: nothing converted

Warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding in %s on line %d
object(Shaped)#%d (3) {
  ["o"]=>
  array(1) {
    ["A"]=>
    int(5)
  }
  ["list"]=>
  array(1) {
    [0]=>
    string(5) "Other"
  }
  ["map"]=>
  array(1) {
    ["k"]=>
    int(0)
  }
}
-- the converter of an array property stays for the next property (PECL): null

Warning: [msgpack] (msgpack_convert_array) template is not array in %s on line %d

Warning: [msgpack] (msgpack_convert_object) convert failure in convert_object in %s on line %d
NULL
== array templates
-- a list template converts every element and re-indexes
array(2) {
  [0]=>
  object(Obj)#%d (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    NULL
    ["c":"Obj":private]=>
    NULL
  }
  [1]=>
  object(Obj)#%d (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    NULL
    ["c":"Obj":private]=>
    NULL
  }
}
-- string keys match by position and keep only the template keys
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
-- too few elements

Warning: [msgpack] (msgpack_convert_array) can't get data in %s on line %d
NULL
-- a list template needs an array

Warning: [msgpack] (msgpack_convert_array) unserialized data must be array. in %s on line %d
NULL
-- with int keys

Warning: [msgpack] (msgpack_convert_array) key is string in %s on line %d

Warning: [msgpack] (msgpack_convert_array) convert failure in HASH_KEY_IS_LONG in indexed array in %s on line %d
NULL
-- an empty template

Warning: [msgpack] (msgpack_convert_array) template array length is 0 in %s on line %d
NULL
-- a class name under a string key is no template
array(1) {
  ["k"]=>
  array(1) {
    [0]=>
    int(1)
  }
}
-- an instance is
array(1) {
  ["k"]=>
  object(Obj)#%d (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    NULL
    ["c":"Obj":private]=>
    NULL
  }
}
== entry points
object(Obj)#%d (3) {
  ["a"]=>
  NULL
  ["b":protected]=>
  NULL
  ["c":"Obj":private]=>
  NULL
}
object(Obj)#%d (3) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Obj":private]=>
  NULL
}
array(2) {
  [0]=>
  object(Obj)#%d (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    NULL
    ["c":"Obj":private]=>
    NULL
  }
  [1]=>
  object(Obj)#%d (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    NULL
    ["c":"Obj":private]=>
    NULL
  }
}
