--TEST--
A failed unpack leaves nothing behind: no destructor of a partial object runs; __wakeup runs after the value is built
--FILE--
<?php
class D {
    public $n;
    function __destruct() { echo "destruct {$this->n}\n"; }
}
class W {
    public $n;
    function __wakeup() { echo 'wakeup ', is_object($this->n) ? 'outer' : $this->n, "\n"; }
}
class Boom {
    function __wakeup() { throw new RuntimeException("no wakeup"); }
}
$d1 = new D; $d1->n = 1;
$d2 = new D; $d2->n = 2;
$p = msgpack_pack([$d1, $d2]);
unset($d1, $d2);
echo "--- truncated data: nothing built runs a destructor\n";
for ($i = 1; $i < strlen($p); $i++) {
    $r = @msgpack_unpack(substr($p, 0, $i));
    if ($r !== false) echo "cut at $i gave a value\n";
}
echo "--- a whole value works\n";
$r = msgpack_unpack($p);
echo count($r), "\n";
unset($r);
echo "--- an exception in __wakeup fails the whole value; no destructor runs\n";
$p = hex2bin('9282c0a144a16e0581c0a4426f6f6d');
try {
    var_dump(msgpack_unpack($p));
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
echo "--- __wakeup runs after the whole value is built, inner objects first\n";
$p = hex2bin('82c0a157a16e82c0a157a16e02');
$w = msgpack_unpack($p);
var_dump($w->n->n);
echo "--- a type error in the middle: the objects made so far are not destructed\n";
class T { public int $i; }
try {
    msgpack_unpack(hex2bin('9282c0a144a16e0782c0a154a169a178'));
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
echo "done\n";
?>
--EXPECTF--
destruct 1
destruct 2
--- truncated data: nothing built runs a destructor
--- a whole value works
2
destruct 1
destruct 2
--- an exception in __wakeup fails the whole value; no destructor runs
no wakeup
--- __wakeup runs after the whole value is built, inner objects first
wakeup 2
wakeup outer
int(2)
--- a type error in the middle: the objects made so far are not destructed
Cannot assign string to property T::$i of type int
done
