--TEST--
Templates: a PHP reference written twice into one property binds it to that reference once (never a reference inside a reference); fuzzer finding
--EXTENSIONS--
msgpack
--FILE--
<?php
#[AllowDynamicProperties]
class P { public $a = 1; protected $b = 2; private $c = 3; }
class C extends P { public $d = 4; }

// [R, 38, R, R2, R, -2] with R and R2 references to null: six elements for four properties, so
// they fill a, b, the dynamic c (the parent's private c is not C's), d, then "c" again and "5"
$bytes = hex2bin('9681c0012682c002670281c00182c0026702fe');
$v = msgpack_unpack($bytes, 'C');
var_dump($v);
$v->a = 'shared';
var_dump($v->c);
?>
--EXPECT--
object(C)#1 (6) {
  ["a"]=>
  &NULL
  ["b":protected]=>
  int(38)
  ["c":"P":private]=>
  int(3)
  ["d"]=>
  NULL
  ["c"]=>
  &NULL
  ["5"]=>
  int(-2)
}
string(6) "shared"
