--TEST--
MessagePackUnpacker::execute($str, $offset): an incomplete value is consumed and kept, and goes on in the next string (as PECL)
--FILE--
<?php
function ex(MessagePackUnpacker $u, string $s, &$off) {
    $r = $u->execute($s, $off);
    echo "execute(", bin2hex($s), ") ", var_export($r, true), " offset ", var_export($off, true), "\n";
    return $r;
}

echo "-- the example of the issue\n";
$u = new MessagePackUnpacker();
$off = 0;
var_dump($u->execute("\x93\x01\x02\x03\x92", $off), $off, $u->data());
$u->reset();
var_dump($u->execute("\x93\x01\x02\x03\x92", $off), $off);
$off = 0;
var_dump($u->execute("\x01\x02", $off), $off, $u->data());

echo "-- an int cut in its bytes: its format byte is consumed, its bytes are read whole\n";
$u = new MessagePackUnpacker();
$off = 0;
ex($u, "\xcd\x01", $off);
$off = 0;
ex($u, "\x02\x03", $off);
var_dump($u->data());

echo "-- a str: the length is consumed once whole, the payload only whole\n";
$u = new MessagePackUnpacker();
foreach (["\xd9", "\x05a", "ab", "abcdef"] as $s) {
    $off = 0;
    ex($u, $s, $off);
}
var_dump($u->data());
$off = 0;
ex($u, "\xda\x00", $off);
$off = 0;
ex($u, "\x00\x03a", $off);
$off = 2;
ex($u, "\x00\x03xyz\x07", $off);
var_dump($u->data());
ex($u, "\x00\x03xyz\x07", $off);
var_dump($u->data());

echo "-- a map cut in a key\n";
$u = new MessagePackUnpacker();
$off = 0;
ex($u, "\x82\xa1k\x01\xa2", $off);
$off = 0;
ex($u, "k2\x02", $off);
var_dump($u->data());

echo "-- a growing string\n";
$u = new MessagePackUnpacker();
$buf = '';
$off = 0;
foreach (["\x92\xa3a", "bc\xcb\x3f", "\xf8\x00\x00\x00\x00\x00\x00\x05"] as $piece) {
    $buf .= $piece;
    while (ex($u, $buf, $off)) {
        echo json_encode($u->data()), "\n";
    }
}

echo "-- offset at the end, null offset\n";
$u = new MessagePackUnpacker();
$off = 2;
ex($u, "\x92\x01", $off);
$off = null;
ex($u, "", $off);
$off = null;
ex($u, "\x92\x01", $off);
$off = null;
ex($u, "\x02", $off);
var_dump($u->data());

echo "-- fed bytes and strings share the value in progress\n";
$u = new MessagePackUnpacker();
$u->feed("\x92\x01");
var_dump($u->execute());
$off = 0;
ex($u, "\x02", $off);
var_dump($u->data(), $u->execute());
$off = 0;
ex($u, "\x93\x01\xcd\x01", $off);
$u->feed("\x01\x02\x03");
var_dump($u->execute(), $u->data());
echo "without an offset the string is read from 0, and the value in progress goes on too\n";
var_dump($u->execute("\x92\x05"), $u->execute("\x06"), $u->data());

echo "-- reset() forgets the value in progress\n";
$u = new MessagePackUnpacker();
$off = 0;
ex($u, "\x92\x01", $off);
$u->reset();
$off = 0;
ex($u, "\x05", $off);
var_dump($u->data());
echo "fed: the bytes not consumed stay (here the bytes of an int)\n";
$u->feed("\x92\xcd\x01");
var_dump($u->execute());
$u->reset();
var_dump($u->execute(), $u->data());

echo "-- an invalid byte: the offset stops at it, the value in progress stays\n";
$u = new MessagePackUnpacker();
$off = 0;
ex($u, "\x92\x01\xc1\x02", $off);
ex($u, "\x92\x01\xc1\x02", $off);
$off++;
ex($u, "\x92\x01\xc1\x02", $off);
var_dump($u->data());

echo "-- nothing is built before the value is whole\n";
class W { public $v; function __wakeup() { echo "wakeup {$this->v}\n"; } }
$w = new W;
$w->v = 'w';
$bytes = msgpack_pack([1, $w, 'tail']);
$u = new MessagePackUnpacker();
$s = '';
for ($i = 0; $i < strlen($bytes); $i++) {
    $s .= $bytes[$i];
    $off = 0;
    if ($u->execute($s, $off)) {
        echo "whole after byte ", $i + 1, ": ", json_encode($u->data()), "\n";
    }
    $s = substr($s, $off);
}

echo "-- a stream cut at every point into two strings, the bytes not consumed given again\n";
$values = [0, -1, 300, -70000, 1.5, true, null, '', 'abc', str_repeat('x', 40),
    str_repeat('y', 300), [], [1, [2, 'z']], ['k' => 'v', 'n' => [1.25]], (object) ['o' => [1, 2]]];
$pieces = array_map('msgpack_pack', $values);
$pieces[] = hex2bin('cf7fffffffffffffff'); // a uint64 (64-bit PHP_INT_MAX), on every platform
$stream = implode('', $pieces);
$expected = serialize(array_map('msgpack_unpack', $pieces));
$bad = 0;
for ($cut = 0; $cut <= strlen($stream); $cut++) {
    $u = new MessagePackUnpacker();
    $out = [];
    $s = '';
    foreach ([substr($stream, 0, $cut), substr($stream, $cut)] as $piece) {
        $s .= $piece;
        $off = 0;
        while (@$u->execute($s, $off)) {
            $out[] = $u->data();
        }
        $s = substr($s, $off);
    }
    if (serialize($out) !== $expected || $s !== '') {
        $bad++;
    }
}
echo strlen($stream), " bytes, cuts differing: $bad\n";
?>
--EXPECT--
-- the example of the issue
bool(true)
int(4)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
bool(false)
int(5)
bool(true)
int(2)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
-- an int cut in its bytes: its format byte is consumed, its bytes are read whole
execute(cd01) false offset 1
execute(0203) true offset 2
int(515)
-- a str: the length is consumed once whole, the payload only whole
execute(d9) false offset 1
execute(0561) false offset 1
execute(6162) false offset 0
execute(616263646566) true offset 5
string(5) "abcde"
execute(da00) false offset 1
execute(000361) false offset 2
execute(000378797a07) true offset 5
string(3) "xyz"
execute(000378797a07) true offset 6
int(7)
-- a map cut in a key
execute(82a16b01a2) false offset 5
execute(6b3202) true offset 3
array(2) {
  ["k"]=>
  int(1)
  ["k2"]=>
  int(2)
}
-- a growing string
execute(92a361) false offset 2
execute(92a3616263cb3f) false offset 6
execute(92a3616263cb3ff800000000000005) true offset 14
["abc",1.5]
execute(92a3616263cb3ff800000000000005) true offset 15
5
execute(92a3616263cb3ff800000000000005) false offset 15
-- offset at the end, null offset
execute(9201) false offset 2
execute() false offset 0
execute(9201) false offset 2
execute(02) true offset 1
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
-- fed bytes and strings share the value in progress
bool(false)
execute(02) true offset 1
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
bool(false)
execute(9301cd01) false offset 3
bool(true)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(258)
  [2]=>
  int(3)
}
without an offset the string is read from 0, and the value in progress goes on too
bool(false)
bool(true)
array(2) {
  [0]=>
  int(5)
  [1]=>
  int(6)
}
-- reset() forgets the value in progress
execute(9201) false offset 2
execute(05) true offset 1
int(5)
fed: the bytes not consumed stay (here the bytes of an int)
bool(false)
bool(true)
int(1)
-- an invalid byte: the offset stops at it, the value in progress stays
execute(9201c102) false offset 2
execute(9201c102) false offset 2
execute(9201c102) true offset 4
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
-- nothing is built before the value is whole
wakeup w
whole after byte 15: [1,{"v":"w"},"tail"]
-- a stream cut at every point into two strings, the bytes not consumed given again
420 bytes, cuts differing: 0
