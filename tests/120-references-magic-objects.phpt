--TEST--
php_only: objects written through __serialize(), __sleep() or Serializable inside a PHP reference: the reference marker (c0 01) is written, and every reader gives back one object in one reference
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// `[&$o, &$o]`: the first occurrence is `83 c0 01 c0 "Class" ...` (the reference marker, then
// the object as its method writes it), the second an object-reference back-reference
// `82 c0 05 00 02` to that map. Read back, both elements are one reference to one object.
class WithSerialize {
    public $a = 1;
    public function __serialize(): array { return ['a' => $this->a, 'k' => [1, 2]]; }
    public function __unserialize(array $d): void { echo "__unserialize(", json_encode($d), ")\n"; $this->a = $d['a']; }
}
class WithSleep {
    public $a = 1;
    protected $b = 2;
    public $skipped = 3;
    public function __sleep() { return ['a', 'b']; }
    public function __wakeup() { echo "__wakeup()\n"; }
}
class WithSerializable implements Serializable {
    public $v = 'v';
    public function serialize() { return "p:$this->v"; }
    public function unserialize($s) { echo "unserialize($s)\n"; $this->v = $s; }
}

/* the references among the elements of $a: 'k=>id' per element, ids numbered from 1 */
function refs(array $a): string {
    $ids = [];
    $out = [];
    foreach ($a as $k => $_) {
        $r = ReflectionReference::fromArrayElement($a, $k);
        if ($r === null) {
            $out[] = "$k=>plain";
            continue;
        }
        $ids[$r->getId()] ??= count($ids) + 1;
        $out[] = "$k=>&" . $ids[$r->getId()];
    }
    return implode(' ', $out);
}

function check(string $label, array $u, $k1, $k2): void {
    echo "$label: ", refs($u), ', same object: ', var_export($u[$k1] === $u[$k2], true);
    $u[$k1] = 'changed';
    echo ', through the reference: ', var_export($u[$k2] === 'changed', true), "\n";
}

function readers(string $bytes, $k1, $k2): void {
    check('msgpack_unpack', msgpack_unpack($bytes), $k1, $k2);
    check('msgpack_unserialize', msgpack_unserialize($bytes), $k1, $k2);
    check('MessagePack::unpack', (new MessagePack(true))->unpack($bytes), $k1, $k2);
    $up = new MessagePackUnpacker(true);
    $up->feed($bytes);
    var_dump($up->execute());
    check('MessagePackUnpacker', $up->data(), $k1, $k2);
    check('MsgPack\unpack', (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($bytes), $k1, $k2);
    $s = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
    $s->feed($bytes);
    check('MsgPack\Unpacker stream', $s->tryUnpack()[0], $k1, $k2);
}

function writers(array $v): string {
    $b = msgpack_pack($v);
    var_dump(msgpack_serialize($v) === $b, (new MessagePack(true))->pack($v) === $b,
        MsgPack\pack($v, MsgPack\Packer::PHP_OBJECTS) === $b);
    return $b;
}

foreach ([new WithSerialize, new WithSleep] as $o) {
    echo "-- ", get_class($o), " twice in one reference\n";
    $b = writers([&$o, &$o]);
    echo bin2hex($b), "\n";
    readers($b, 0, 1);

    echo "-- ", get_class($o), " in one reference, then plain\n";
    $p = $o;
    $b = writers([&$o, &$o, $p]);
    echo bin2hex($b), "\n";
    $u = msgpack_unpack($b);
    echo refs($u), ', same object: ', var_export($u[0] === $u[2], true), "\n";

    echo "-- ", get_class($o), " in one reference, in a map\n";
    $b = writers(['x' => &$o, 'n' => 1, 'y' => &$o]);
    echo bin2hex($b), "\n";
    readers($b, 'x', 'y');
    unset($o, $p);
}

// Serializable: `82 c0 03 "Class" <payload>` has no place for the reference marker (PECL's
// format): the object comes back once, the second element a reference of its own to it.
echo "-- Serializable twice in one reference\n";
$o = new WithSerializable;
$b = writers([&$o, &$o]);
echo bin2hex($b), "\n";
$u = msgpack_unpack($b);
echo refs($u), ', same object: ', var_export($u[0] === $u[1], true), "\n";
?>
--EXPECT--
-- WithSerialize twice in one reference
bool(true)
bool(true)
bool(true)
9283c001c0ad5769746853657269616c697a65c082a16101a16b92010282c0050002
__unserialize({"a":1,"k":[1,2]})
msgpack_unpack: 0=>&1 1=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
msgpack_unserialize: 0=>&1 1=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
MessagePack::unpack: 0=>&1 1=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
bool(true)
MessagePackUnpacker: 0=>&1 1=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
MsgPack\unpack: 0=>&1 1=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
MsgPack\Unpacker stream: 0=>&1 1=>&1, same object: true, through the reference: true
-- WithSerialize in one reference, then plain
bool(true)
bool(true)
bool(true)
9383c001c0ad5769746853657269616c697a65c082a16101a16b92010282c005000282c0040002
__unserialize({"a":1,"k":[1,2]})
0=>&1 1=>&1 2=>&1, same object: true
-- WithSerialize in one reference, in a map
bool(true)
bool(true)
bool(true)
83a17883c001c0ad5769746853657269616c697a65c082a16101a16b920102a16e01a17982c0050002
__unserialize({"a":1,"k":[1,2]})
msgpack_unpack: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
msgpack_unserialize: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
MessagePack::unpack: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
bool(true)
MessagePackUnpacker: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
MsgPack\unpack: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__unserialize({"a":1,"k":[1,2]})
MsgPack\Unpacker stream: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
-- WithSleep twice in one reference
bool(true)
bool(true)
bool(true)
9284c001c0a957697468536c656570a16101a4002a00620282c0050002
__wakeup()
msgpack_unpack: 0=>&1 1=>&1, same object: true, through the reference: true
__wakeup()
msgpack_unserialize: 0=>&1 1=>&1, same object: true, through the reference: true
__wakeup()
MessagePack::unpack: 0=>&1 1=>&1, same object: true, through the reference: true
__wakeup()
bool(true)
MessagePackUnpacker: 0=>&1 1=>&1, same object: true, through the reference: true
__wakeup()
MsgPack\unpack: 0=>&1 1=>&1, same object: true, through the reference: true
__wakeup()
MsgPack\Unpacker stream: 0=>&1 1=>&1, same object: true, through the reference: true
-- WithSleep in one reference, then plain
bool(true)
bool(true)
bool(true)
9384c001c0a957697468536c656570a16101a4002a00620282c005000282c0040002
__wakeup()
0=>&1 1=>&1 2=>&1, same object: true
-- WithSleep in one reference, in a map
bool(true)
bool(true)
bool(true)
83a17884c001c0a957697468536c656570a16101a4002a006202a16e01a17982c0050002
__wakeup()
msgpack_unpack: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__wakeup()
msgpack_unserialize: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__wakeup()
MessagePack::unpack: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__wakeup()
bool(true)
MessagePackUnpacker: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__wakeup()
MsgPack\unpack: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
__wakeup()
MsgPack\Unpacker stream: x=>&1 n=>plain y=>&1, same object: true, through the reference: true
-- Serializable twice in one reference
bool(true)
bool(true)
bool(true)
9282c003b05769746853657269616c697a61626c65a3703a7682c0050002
unserialize(p:v)
0=>plain 1=>plain, same object: true
