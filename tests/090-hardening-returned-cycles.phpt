--TEST--
Hardening: a value that holds itself (a back-reference to its own object) goes to the cycle collector when the caller drops it as a temporary; it stayed till the end of the request (a leak on a debug build)
--EXTENSIONS--
msgpack
--FILE--
<?php
// A value that holds itself through a back-reference is freed by the cycle collector once the
// caller lets it go: the decoder hands it over as a possible root. A return value nothing keeps
// is released without the collector being told (zval_ptr_dtor_nogc()): without that, it lived
// till the end of the request (a leak report on a debug build; test 090-hardening-truncation).
class Node { public $name = 'n'; public $self; public $list = [1, 2]; }
$o = new stdClass;
$o->self = $o;
$o->list = [1, 2];
$n = new Node;
$n->self = $n;
$a = ['k' => 1];
$a['me'] = &$a;
$cases = ['stdClass' => msgpack_pack($o), 'Node' => msgpack_pack($n), 'array' => msgpack_pack($a)];
unset($o, $n, $a);
foreach ($cases as $label => $bytes) {
    echo "$label: ", bin2hex($bytes), "\n";
}
gc_collect_cycles();

function collected(string $how) {
    echo str_pad($how, 44), gc_collect_cycles(), "\n";
}
// each result is passed to gettype() and dropped with it, or compared: released by
// zval_ptr_dtor_nogc()
foreach ($cases as $label => $bytes) {
    echo "-- $label\n";
    var_dump(msgpack_unpack($bytes) !== false);
    collected('msgpack_unpack() compared:');
    echo gettype(msgpack_unpack($bytes)), "\n";
    collected('msgpack_unpack():');
    echo gettype(msgpack_unserialize($bytes)), "\n";
    collected('msgpack_unserialize():');
    echo gettype((new MessagePack())->unpack($bytes)), "\n";
    collected('MessagePack::unpack():');
    $u = new MessagePackUnpacker();
    $u->feed($bytes);
    $u->execute();
    echo gettype($u->data()), "\n";
    collected('MessagePackUnpacker::data():');
    $u = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
    echo gettype($u->unpack($bytes)), "\n";
    collected('MsgPack\Unpacker::unpack():');
    $v = msgpack_unpack($bytes);
    unset($v);
    collected('kept in a variable, then unset:');
}
echo "-- with a template of the class: the value kept as it is\n";
echo gettype(msgpack_unpack($cases['Node'], 'Node')), "\n";
collected('msgpack_unpack($bytes, \'Node\'):');
?>
--EXPECT--
stdClass: 83c0a8737464436c617373a473656c6682c0040001a46c697374920102
Node: 84c0a44e6f6465a46e616d65a16ea473656c6682c0040001a46c697374920102
array: 82a16b01a26d6583c001a16b01a26d6582c0020002
-- stdClass
bool(true)
msgpack_unpack() compared:                  2
object
msgpack_unpack():                           2
object
msgpack_unserialize():                      2
object
MessagePack::unpack():                      2
object
MessagePackUnpacker::data():                2
object
MsgPack\Unpacker::unpack():                 2
kept in a variable, then unset:             2
-- Node
bool(true)
msgpack_unpack() compared:                  2
object
msgpack_unpack():                           2
object
msgpack_unserialize():                      2
object
MessagePack::unpack():                      2
object
MessagePackUnpacker::data():                2
object
MsgPack\Unpacker::unpack():                 2
kept in a variable, then unset:             2
-- array
bool(true)
msgpack_unpack() compared:                  1
array
msgpack_unpack():                           1
array
msgpack_unserialize():                      1
array
MessagePack::unpack():                      1
array
MessagePackUnpacker::data():                1
array
MsgPack\Unpacker::unpack():                 1
kept in a variable, then unset:             1
-- with a template of the class: the value kept as it is
object
msgpack_unpack($bytes, 'Node'):             2
