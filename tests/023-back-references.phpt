--TEST--
Back-references: shared objects, cycles, references to arrays and objects; PECL's marker-2 numbering read as PECL reads it
--FILE--
<?php
class Foo { public $a = 1; }
function show($label, $v) {
    $p = msgpack_pack($v);
    echo "$label: ", bin2hex($p), "\n";
    $u = msgpack_unpack($p);
    var_dump($u);
    return $u;
}
$f = new Foo;
$u = show('same object twice', [$f, $f]);
$u[0]->a = 'changed'; var_dump($u[1]->a);
$x = new Foo; $x->a = [$x, $x];
$u = show('object cycle', $x);
var_dump($u->a[0] === $u, $u->a[1] === $u);
$r = [1, 2]; $r[] = &$r;
$u = show('array cycle through a reference', $r);
$u[2][0] = 'changed'; var_dump($u[2][2][0]);
$a = ['foo'];
$u = show('one array, two references', [&$a, &$a]);
$u[0][] = 'bar'; var_dump(count($u[1]));
$s = 1;
show('reference to a scalar is not kept', [&$s, &$s]);
$g = new Foo;
// the third is written as marker 4 to the id of the first, which holds a reference: PECL reads
// it as that reference, and so do we (bytes PECL wrote read as PECL reads them)
$u = show('object through references', [&$g, &$g, $g]);
$u[0] = 'replaced'; var_dump($u[1], $u[2] instanceof Foo);

// PECL msgpack's writer does not count a marker-2 map, its reader does: the object id that
// PECL wrote for [&$a, &$a, $f, $f] (3) names the marker map when read, which holds the
// reference to ['foo']: element 3 is that reference, as PECL reads it.
$pecl = hex2bin('9482c00100a3666f6f82c002000282c0a3466f6fa1610182c0040003');
var_dump(msgpack_unpack($pecl));
// we write ids that both readers agree on
$f = new Foo;
$p = msgpack_pack([&$a, &$a, $f, $f]);
echo bin2hex($p), "\n";
$u = msgpack_unpack($p);
var_dump($u[3] === $u[2]);
// a back-reference to itself or beyond what was read is invalid
var_dump(msgpack_unpack(hex2bin('9182c0040001')));
var_dump(msgpack_unpack(hex2bin('9182c0040002')));
var_dump(msgpack_unpack(hex2bin('9182c0040009')));
?>
--EXPECTF--
same object twice: 9282c0a3466f6fa1610182c0040002
array(2) {
  [0]=>
  object(Foo)#2 (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  object(Foo)#2 (1) {
    ["a"]=>
    int(1)
  }
}
string(7) "changed"
object cycle: 82c0a3466f6fa1619282c004000182c0040001
object(Foo)#4 (1) {
  ["a"]=>
  array(2) {
    [0]=>
    *RECURSION*
    [1]=>
    *RECURSION*
  }
}
bool(true)
bool(true)
array cycle through a reference: 93010284c001000101020282c0020002
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  &array(3) {
    [0]=>
    int(1)
    [1]=>
    int(2)
    [2]=>
    *RECURSION*
  }
}
string(7) "changed"
one array, two references: 9282c00100a3666f6f82c0020002
array(2) {
  [0]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
  [1]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
}
int(2)
reference to a scalar is not kept: 920101
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(1)
}
object through references: 9383c001c0a3466f6fa1610182c005000282c0040002
array(3) {
  [0]=>
  &object(Foo)#5 (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  &object(Foo)#5 (1) {
    ["a"]=>
    int(1)
  }
  [2]=>
  &object(Foo)#5 (1) {
    ["a"]=>
    int(1)
  }
}
string(8) "replaced"
bool(false)
array(4) {
  [0]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
  [1]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
  [2]=>
  object(Foo)#5 (1) {
    ["a"]=>
    int(1)
  }
  [3]=>
  &array(1) {
    [0]=>
    string(3) "foo"
  }
}
9482c00100a3666f6f82c002000282c0a3466f6fa1610182c0040004
bool(true)
array(1) {
  [0]=>
  NULL
}

Warning: [msgpack] (php_msgpack_unserialize) Invalid back-reference id in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid back-reference id in %s on line %d
bool(false)
