--TEST--
Hardening: a decoded object that holds itself is known to the cycle collector from the start, so a result the VM drops as a temporary (`msgpack_unpack($s) !== false`) is collected, not left until the end of the request (a debug build reported it as a leak)
--FILE--
<?php
$o = new stdClass;
$o->self = $o;
$o->list = [1, 2];
$p = msgpack_pack($o);
echo bin2hex($p), "\n";
gc_collect_cycles();

$x = msgpack_unpack($p) !== false;
var_dump($x, gc_collect_cycles() > 0);
$x = msgpack_unserialize($p) !== false;
var_dump($x, gc_collect_cycles() > 0);
$x = MsgPack\unpack($p, MsgPack\Unpacker::PHP_OBJECTS) !== false;
var_dump($x, gc_collect_cycles() > 0);
$x = (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($p) !== false;
var_dump($x, gc_collect_cycles() > 0);
$x = (new MessagePack())->unpack($p) !== false;
var_dump($x, gc_collect_cycles() > 0);

// kept, it is the object it was, holding itself
$v = msgpack_unpack($p);
var_dump($v->self === $v, $v->list, gc_collect_cycles());
unset($v);
var_dump(gc_collect_cycles() > 0);
?>
--EXPECT--
83c0a8737464436c617373a473656c6682c0040001a46c697374920102
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
int(0)
bool(true)
