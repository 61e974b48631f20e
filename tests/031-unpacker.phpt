--TEST--
MessagePackUnpacker: feed/execute/data, every split point, offsets, invalid data, reset, clone, call order
--FILE--
<?php
class W {
    public $v;
    static $log = [];
    function __wakeup() { self::$log[] = "wakeup {$this->v}"; }
}
function drain(MessagePackUnpacker $u, array &$out) {
    while ($u->execute()) {
        $out[] = $u->data();
    }
}

echo "-- nothing yet\n";
$u = new MessagePackUnpacker();
var_dump($u->data(), $u->execute(), $u->data());
var_dump($u->feed(''), $u->execute());

echo "-- one value in two pieces\n";
var_dump($u->feed("\x93\x01"), $u->execute(), $u->data());
var_dump($u->feed("\x02\x03\x04"), $u->execute(), $u->data());
echo "data() hands the value out once\n";
var_dump($u->data());
var_dump($u->execute(), $u->data(), $u->execute(), $u->data());

echo "-- every split point of a stream\n";
$w = new W; $w->v = 'w1';
$values = [
    0, -1, 127, -33, 255, 65536, 1.5, true, false, null,
    '', 'abc', str_repeat('s', 40), str_repeat('m', 300), str_repeat('L', 3000),
    [], [1, [2, [3, []]]], ['k' => 'v', 'n' => ['x' => 1.25]],
    $w, [$w, $w], new MsgPack\Timestamp(1700000000, 5), new MsgPack\Ext(7, "\x00\x01"),
];
// the values' bytes, and the 64-bit int formats as bytes (PHP_INT_MAX and PHP_INT_MIN of 64-bit
// PHP; 32-bit PHP has no int that packs so)
$pieces = array_map('msgpack_pack', $values);
array_push($pieces, hex2bin('cf7fffffffffffffff'), hex2bin('d38000000000000000'));
$stream = implode('', $pieces);
$expected = serialize(array_map('msgpack_unpack', $pieces));
$len = strlen($stream);
echo "stream: ", count($pieces), " values, $len bytes\n";
W::$log = [];
$whole = [];
$u = new MessagePackUnpacker();
$u->feed($stream);
drain($u, $whole);
var_dump(serialize($whole) === $expected, W::$log);
$bad = 0;
for ($i = 0; $i <= $len; $i++) {
    $out = [];
    $u = new MessagePackUnpacker();
    $u->feed(substr($stream, 0, $i));
    drain($u, $out);
    $u->feed(substr($stream, $i));
    drain($u, $out);
    if (serialize($out) !== $expected || $u->execute() !== false) {
        echo "split at $i differs\n";
        $bad++;
    }
}
echo "split points differing: $bad\n";
echo "three pieces:\n";
$bad = 0;
for ($i = 0; $i < 200; $i++) {
    $a = ($i * 7919) % $len; $b = ($i * 104729) % $len;
    if ($a > $b) { [$a, $b] = [$b, $a]; }
    $out = [];
    $u = new MessagePackUnpacker();
    foreach ([substr($stream, 0, $a), substr($stream, $a, $b - $a), substr($stream, $b)] as $piece) {
        $u->feed($piece);
        drain($u, $out);
    }
    if (serialize($out) !== $expected) {
        $bad++;
    }
}
echo "differing: $bad\n";

echo "-- byte by byte; no user code runs before its value is complete\n";
$bytes = msgpack_pack([1, $w]) . msgpack_pack('tail');
W::$log = [];
$u = new MessagePackUnpacker();
for ($i = 0; $i < strlen($bytes); $i++) {
    $u->feed($bytes[$i]);
    if ($u->execute()) {
        echo "value after byte ", $i + 1, ": ", json_encode($u->data()), " log: ", json_encode(W::$log), "\n";
        W::$log = [];
    } elseif (W::$log) {
        echo "user code ran on partial data\n";
    }
}

echo "-- execute(\$str, \$offset)\n";
$s = "\x01\x92\x02\x03\xa1x";
$u = new MessagePackUnpacker();
$off = 0;
while ($u->execute($s, $off)) {
    echo "offset $off: ", json_encode($u->data()), "\n";
}
var_dump($off);
echo "without offset: from the start, every time\n";
var_dump($u->execute("\x05\x06"), $u->data(), $u->execute("\x05\x06"), $u->data());
echo "incomplete: false, the offset moves past what was read, the value in progress is kept (as PECL)\n";
$off = 0;
var_dump($u->execute("\x92\x01", $off), $off, $u->data());
$off = 0;
var_dump($u->execute("\x92\x01\x02", $off), $off, $u->data());
echo "offset at the end\n";
$off = 3;
var_dump($u->execute("\x92\x01\x02", $off), $off);
echo "null offset is 0\n";
$off = null;
var_dump($u->execute("\x07", $off), $off, $u->data());
echo "the fed buffer is independent\n";
$u = new MessagePackUnpacker();
$u->feed("\x09");
$off = 0;
var_dump($u->execute("\x05\x06", $off), $off, $u->data());
var_dump($u->execute(), $u->data());
$u->feed("\x0a");
// as PECL's: null is the string "" (PHP's deprecation of null for a string), not the fed bytes
var_dump($u->execute(null), $u->data());
var_dump($u->execute(), $u->data());
echo "offset in a typed property\n";
class Pos { public int $at = 0; }
$p = new Pos;
var_dump($u->execute("\x01\x02", $p->at), $p->at, $u->execute("\x01\x02", $p->at), $p->at, $u->data());

echo "-- wrong offsets\n";
foreach ([-1, 7, PHP_INT_MAX, PHP_INT_MIN, '1', 1.0, [], new stdClass] as $bad) {
    $off = $bad;
    try {
        var_dump($u->execute($s, $off));
    } catch (Error $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

echo "-- execute() twice: the first value is dropped (as PECL)\n";
$u = new MessagePackUnpacker();
$u->feed("\x01\x02\x03");
var_dump($u->execute(), $u->execute(), $u->data(), $u->execute(), $u->data());

echo "-- invalid bytes: false until reset(), which drops the invalid byte; no warning (as PECL)\n";
$u = new MessagePackUnpacker();
$u->feed("\x01\xc1\x02");
var_dump($u->execute(), $u->data());
var_dump($u->execute(), $u->data());
var_dump($u->execute());
$u->feed("\x03");
var_dump($u->execute());
$u->reset();
$u->feed("\x04");
var_dump($u->execute(), $u->data());
echo "with a string: false, the offset at the invalid byte, the value in progress kept (as PECL)\n";
$off = 0;
var_dump($u->execute("\x92\xc1\x01", $off), $off);
var_dump($u->execute("\x92\xc1\x01", $off), $off);
$off++;
var_dump($u->execute("\x92\xc1\x01\x02", $off), $off, $u->data());
$u->reset();
echo "too deep\n";
$u = new MessagePackUnpacker();
ini_set('msgpack.max_depth', '4');
$u->feed(str_repeat("\x91", 10) . "\x01");
var_dump($u->execute());
$u->reset();
ini_restore('msgpack.max_depth');
echo "error_display off: silent\n";
$u = new MessagePackUnpacker();
ini_set('msgpack.error_display', '0');
$u->feed("\xc1");
var_dump($u->execute());
ini_set('msgpack.error_display', '1');
$u->reset();

echo "-- a complete value that cannot be built is skipped\n";
$u = new MessagePackUnpacker();
$u->feed("\x82\xc0\x07\x01\x02\x05");     /* unknown nil-keyed entry, then 5 */
var_dump($u->execute(), $u->data(), $u->execute(), $u->data());
class Boom { public $x; function __wakeup() { throw new RuntimeException("boom"); } }
$b = new Boom;
$u->feed(msgpack_pack($b) . "\x06");
try {
    $u->execute();
} catch (RuntimeException $e) {
    echo "exception: ", $e->getMessage(), "\n";
}
var_dump($u->data(), $u->execute(), $u->data());

echo "-- user code may not change the buffer while execute() runs\n";
class Reenter {
    public $x;
    function __wakeup() {
        global $u;
        foreach (['feed', 'execute', 'reset'] as $m) {
            try {
                $m === 'feed' ? $u->feed("\x01") : $u->$m();
            } catch (Error $e) {
                echo "$m: ", $e->getMessage(), "\n";
            }
        }
        var_dump($u->data());
    }
}
$u = new MessagePackUnpacker();
$u->feed(msgpack_pack(new Reenter) . "\x08");
var_dump($u->execute(), get_class($u->data()), $u->execute(), $u->data());

echo "-- reset\n";
$u = new MessagePackUnpacker();
$u->reset();
$u->feed("\x92\x01");
var_dump($u->execute());
$u->reset();
$u->feed("\x03");
var_dump($u->execute(), $u->data());
$u->feed("\x04");
var_dump($u->execute());
$u->reset();
var_dump($u->data(), $u->execute());

echo "-- reset() keeps the bytes after the last value returned (as PECL)\n";
function show(MessagePackUnpacker $u) {
    $r = @$u->execute();
    echo var_export($r, true), $r ? ' ' . json_encode($u->data()) : '', "\n";
}
$u = new MessagePackUnpacker();
$u->feed("\x01\x02\x03");
while ($u->execute()) {
    var_dump($u->data());
    $u->reset();
}
echo "a value data() did not take is dropped, the next one stays\n";
$u->feed("\x08\x09");
$u->execute();
$u->reset();
show($u);
var_dump($u->data());
echo "the bytes an execute() consumed of an incomplete value go, bytes fed after it stay\n";
$u->feed("\x92\x01");
show($u);
$u->feed("\x02\x05");
$u->reset();
show($u);
show($u);
echo "a value, then the start of another: the start stays\n";
$u->feed("\x07\x92\x01");
show($u);
$u->reset();
$u->feed("\x02");
show($u);
echo "reset() drops the invalid byte, the bytes after it stay (PECL keeps it and fails for ever)\n";
$u->feed("\x01\xc1\x02");
show($u);
show($u);
$u->reset();
$u->feed("\x04");
show($u);
echo "the loop with reset() over a stream fed in pieces of 2 bytes\n";
$u = new MessagePackUnpacker();
$out = [];
foreach (str_split(msgpack_pack([1, 2]) . msgpack_pack("abc") . msgpack_pack(['k' => 'v']) . "\x06", 2) as $piece) {
    $u->feed($piece);
    while ($u->execute()) {
        $out[] = $u->data();
        $u->reset();
    }
}
echo json_encode($out), "\n";

echo "-- __destruct() called by hand empties it, as PECL\n";
$u->feed("\x05");
$u->__destruct();
var_dump($u->execute());
$u->feed("\x06");
var_dump($u->execute(), $u->data());

echo "-- options\n";
$u = new MessagePackUnpacker(false);
$u->feed(msgpack_pack(['a' => 1]));
var_dump($u->execute(), $u->data());
var_dump($u->setOption(MessagePack::OPT_ASSOC, false));
$u->feed(msgpack_pack(['a' => 1]));
var_dump($u->execute(), $u->data());
var_dump($u->setOption(MessagePack::OPT_PHPONLY, true));
$u->feed(msgpack_pack($w));
var_dump($u->execute(), $u->data());
var_dump($u->setOption(MessagePack::OPT_FORCE_F32, true));

echo "-- clone and serialize are refused\n";
try { $c = clone $u; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { serialize($u); } catch (Exception $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }

echo "-- a cycle through the held value is collected\n";
class Cyc { public $u; function __wakeup() { $this->u = $GLOBALS['u']; } }
$u = new MessagePackUnpacker();
$u->feed(msgpack_pack(new Cyc));
$u->execute();
unset($u);
var_dump(gc_collect_cycles() > 0);
echo "done\n";
?>
--EXPECTF--
-- nothing yet
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
-- one value in two pieces
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
data() hands the value out once
bool(false)
bool(true)
int(4)
bool(false)
bool(false)
-- every split point of a stream
stream: 24 values, 3460 bytes
bool(true)
array(2) {
  [0]=>
  string(9) "wakeup w1"
  [1]=>
  string(9) "wakeup w1"
}
split points differing: 0
three pieces:
differing: 0
-- byte by byte; no user code runs before its value is complete
value after byte 11: [1,{"v":"w1"}] log: ["wakeup w1"]
value after byte 16: "tail" log: []
-- execute($str, $offset)
offset 1: 1
offset 4: [2,3]
offset 6: "x"
int(6)
without offset: from the start, every time
bool(true)
int(5)
bool(true)
int(5)
incomplete: false, the offset moves past what was read, the value in progress is kept (as PECL)
bool(false)
int(2)
bool(false)
bool(true)
int(3)
array(2) {
  [0]=>
  int(1)
  [1]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
offset at the end
bool(false)
int(3)
null offset is 0
bool(true)
int(1)
int(7)
the fed buffer is independent
bool(true)
int(1)
int(5)
bool(true)
int(9)

Deprecated: MessagePackUnpacker::execute(): Passing null to parameter #1 ($str) of type string is deprecated in %s on line %d
bool(false)
bool(false)
bool(true)
int(10)
offset in a typed property
bool(true)
int(1)
bool(true)
int(2)
int(2)
-- wrong offsets
ValueError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be contained in argument #1 ($str)
ValueError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be contained in argument #1 ($str)
ValueError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be contained in argument #1 ($str)
ValueError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be contained in argument #1 ($str)
TypeError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be of type ?int, string given
TypeError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be of type ?int, float given
TypeError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be of type ?int, array given
TypeError: MessagePackUnpacker::execute(): Argument #2 ($offset) must be of type ?int, stdClass given
-- execute() twice: the first value is dropped (as PECL)
bool(true)
bool(true)
int(2)
bool(true)
int(3)
-- invalid bytes: false until reset(), which drops the invalid byte; no warning (as PECL)
bool(true)
int(1)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
int(2)
with a string: false, the offset at the invalid byte, the value in progress kept (as PECL)
bool(false)
int(1)
bool(false)
int(1)
bool(true)
int(4)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
too deep
bool(false)
error_display off: silent
bool(false)
-- a complete value that cannot be built is skipped
bool(false)
bool(false)
bool(true)
int(5)
exception: boom
bool(false)
bool(true)
int(6)
-- user code may not change the buffer while execute() runs
feed: Cannot use MessagePackUnpacker while it is decoding
execute: Cannot use MessagePackUnpacker while it is decoding
reset: Cannot use MessagePackUnpacker while it is decoding
bool(false)
bool(true)
string(7) "Reenter"
bool(true)
int(8)
-- reset
bool(false)
bool(true)
int(3)
bool(true)
bool(false)
bool(false)
-- reset() keeps the bytes after the last value returned (as PECL)
int(1)
int(2)
int(3)
a value data() did not take is dropped, the next one stays
true 9
bool(false)
the bytes an execute() consumed of an incomplete value go, bytes fed after it stay
false
true 2
true 5
a value, then the start of another: the start stays
true 7
true [1,2]
reset() drops the invalid byte, the bytes after it stay (PECL keeps it and fails for ever)
true 1
false
true 2
the loop with reset() over a stream fed in pieces of 2 bytes
[[1,2],"abc",{"k":"v"},6]
-- __destruct() called by hand empties it, as PECL
bool(false)
bool(true)
int(6)
-- options
bool(true)
array(1) {
  ["a"]=>
  int(1)
}
bool(true)
bool(true)
object(stdClass)#%d (1) {
  ["a"]=>
  int(1)
}
bool(true)
bool(true)
object(W)#%d (1) {
  ["v"]=>
  string(2) "w1"
}

Warning: [msgpack] (MessagePackUnpacker::setOption) error setting msgpack option in %s on line %d
bool(false)
-- clone and serialize are refused
Error: Trying to clone an uncloneable object of class MessagePackUnpacker
Exception: Serialization of 'MessagePackUnpacker' is not allowed
-- a cycle through the held value is collected
bool(true)
done
