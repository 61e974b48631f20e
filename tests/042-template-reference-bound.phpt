--TEST--
Templates: a PHP reference goes into an untyped property as that reference (bound as `$o->p = &$r` binds, not handed to PHP's write handler, which a debug build asserts never gets one); a typed property, or a class with __get/__set, gets the value
--FILE--
<?php
#[AllowDynamicProperties]
class P {
    public $a;
    protected $b;
    public int $t = 0;
    public function b() { return $this->b; }
}
class Magic {
    public $a;
    public $b;
    public $c;
    public function __set($n, $v) { echo "__set($n)\n"; }
}

$r = [7];
$bytes = msgpack_pack([&$r, &$r, 9]);
echo bin2hex($bytes), "\n";

// a list with one element per property: a and b share one reference, t gets the value
$p = msgpack_unpack($bytes, P::class);
var_dump($p);
$p->a = 'shared';
var_dump($p->b(), $p->t);

// the same three by name: the undeclared "x" becomes a dynamic property holding the reference
$bytes2 = msgpack_pack(['a' => &$r, 'x' => &$r, 't' => 3]);
$p = @msgpack_unpack($bytes2, P::class);
var_dump($p);
$p->x = 'through x';
var_dump($p->a);

// an object template (an instance) and MessagePack::unpack() take the same path
$p = (new MessagePack())->unpack($bytes, new P);
$p->a = 'again';
var_dump($p->b());

// with __set: declared properties are bound too; a name the class does not declare goes to
// __set() as a write does, with the value
$m = msgpack_unpack($bytes, Magic::class);
$m->a = 'magic shared';
var_dump($m->b);
$m = @msgpack_unpack(msgpack_pack(['a' => &$r, 'zz' => &$r]), Magic::class);
var_dump($m);
?>
--EXPECT--
9382c001000782c002000209
object(P)#1 (3) {
  ["a"]=>
  &array(1) {
    [0]=>
    int(7)
  }
  ["b":protected]=>
  &array(1) {
    [0]=>
    int(7)
  }
  ["t"]=>
  int(9)
}
string(6) "shared"
int(9)
object(P)#2 (4) {
  ["a"]=>
  &array(1) {
    [0]=>
    int(7)
  }
  ["b":protected]=>
  NULL
  ["t"]=>
  int(3)
  ["x"]=>
  &array(1) {
    [0]=>
    int(7)
  }
}
string(9) "through x"
string(5) "again"
string(12) "magic shared"
__set(zz)
object(Magic)#1 (3) {
  ["a"]=>
  array(1) {
    [0]=>
    int(7)
  }
  ["b"]=>
  NULL
  ["c"]=>
  NULL
}
