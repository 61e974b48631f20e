--TEST--
The class cache full (more than 8 classes inside an object's properties): the object's class entry replaced while its properties are read
--FILE--
<?php
// The class cache holds 8 classes: objects of more classes inside an object's properties evict
// the entry of that object's class while its properties are still being read.
class Outer {
    public $first;
    public $inner;
    public int $last = 0;
    public $wake = 0;
    function __wakeup() { $this->wake++; }
}
for ($i = 0; $i < 12; $i++) {
    eval("class In$i { public \$a = $i; public \$b; public int \$c = 0; }");
}
function outer(int $n): Outer {
    $o = new Outer;
    $o->first = "first $n";
    $o->inner = [];
    for ($i = 0; $i < 12; $i++) {
        $cls = "In$i";
        $x = new $cls;
        $x->b = "b$i";
        $x->c = $i * $n;
        $o->inner[] = $x;
    }
    $o->last = $n;
    return $o;
}
$list = [outer(1), outer(2), outer(3)];
$bytes = msgpack_pack($list);
echo strlen($bytes), "\n";
$v = msgpack_unpack($bytes);
foreach ($v as $o) {
    echo get_class($o), ' ', $o->first, ' ', $o->last, ' wake ', $o->wake, ' ', implode(',', array_map(fn ($x) => get_class($x) . ':' . $x->a . '/' . $x->b . '/' . $x->c, $o->inner)), "\n";
}
// exactly the values packed (types, classes, properties), __wakeup() called once on each Outer
var_dump(serialize($v) === serialize(array_map(function ($o) { $o->wake = 1; return $o; }, $list)));
?>
--EXPECT--
748
Outer first 1 1 wake 1 In0:0/b0/0,In1:1/b1/1,In2:2/b2/2,In3:3/b3/3,In4:4/b4/4,In5:5/b5/5,In6:6/b6/6,In7:7/b7/7,In8:8/b8/8,In9:9/b9/9,In10:10/b10/10,In11:11/b11/11
Outer first 2 2 wake 1 In0:0/b0/0,In1:1/b1/2,In2:2/b2/4,In3:3/b3/6,In4:4/b4/8,In5:5/b5/10,In6:6/b6/12,In7:7/b7/14,In8:8/b8/16,In9:9/b9/18,In10:10/b10/20,In11:11/b11/22
Outer first 3 3 wake 1 In0:0/b0/0,In1:1/b1/3,In2:2/b2/6,In3:3/b3/9,In4:4/b4/12,In5:5/b5/15,In6:6/b6/18,In7:7/b7/21,In8:8/b8/24,In9:9/b9/27,In10:10/b10/30,In11:11/b11/33
bool(true)
