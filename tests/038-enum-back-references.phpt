--TEST--
php_only: an enum case met again in one value is an object back-reference (PECL 3.0)
--FILE--
<?php
// php_only: the second and later occurrences of an enum case in one value are object
// back-references `82 c0 04 00 <id>` to the first (PECL 3.0); ids count as for other objects.
enum Suit { case Hearts; case Spades; }
enum Level: int { case Low = 1; case High = 2; }

function roundtrip(string $label, $v) {
    $b = msgpack_pack($v);
    echo $label, ': ', bin2hex($b), "\n";
    $u = msgpack_unpack($b);
    var_dump($u);
    var_dump(msgpack_pack($u) === $b);
    return $u;
}

$u = roundtrip('same case three times', [Suit::Hearts, Suit::Hearts, Suit::Spades, Suit::Hearts]);
var_dump($u[0] === Suit::Hearts, $u[1] === Suit::Hearts, $u[3] === Suit::Hearts, $u[2] === Suit::Spades);

$u = roundtrip('backed, nested', ['a' => Level::High, 'l' => [Level::Low, ['x' => Level::High]], 'z' => Level::Low]);
var_dump($u['l'][1]['x'] === Level::High, $u['z'] === Level::Low);

class Holder { public $first; public $second; }
$h = new Holder;
$h->first = Suit::Spades;
$h->second = Suit::Spades;
$u = roundtrip('in an object, then the object again', [$h, Suit::Spades, $h]);
var_dump($u[0] === $u[2], $u[1] === Suit::Spades, $u[0]->second === Suit::Spades);

echo "-- a case in a PHP reference, met again\n";
$s = Suit::Hearts;
$b = msgpack_pack([&$s, &$s, Suit::Hearts]);
echo bin2hex($b), "\n";
$u = msgpack_unpack($b);
var_dump($u[0] === Suit::Hearts, $u[1] === Suit::Hearts, $u[2] === Suit::Hearts);

echo "-- php_only off: no back-references\n";
ini_set('msgpack.php_only', '0');
echo bin2hex(msgpack_pack([Suit::Hearts, Suit::Hearts])), "\n";
$mp = new MessagePack(false);
echo bin2hex($mp->pack([Level::Low, Level::Low])), "\n";
$mp = new MessagePack(true);
echo bin2hex($mp->pack([Level::Low, Level::Low])), "\n";
?>
--EXPECTF--
same case three times: 9482c006a453756974a648656172747382c004000282c006a453756974a653706164657382c0040002
array(4) {
  [0]=>
  enum(Suit::Hearts)
  [1]=>
  enum(Suit::Hearts)
  [2]=>
  enum(Suit::Spades)
  [3]=>
  enum(Suit::Hearts)
}
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
backed, nested: 83a16182c006a54c6576656ca448696768a16c9282c006a54c6576656ca34c6f7781a17882c0040002a17a82c0040004
array(3) {
  ["a"]=>
  enum(Level::High)
  ["l"]=>
  array(2) {
    [0]=>
    enum(Level::Low)
    [1]=>
    array(1) {
      ["x"]=>
      enum(Level::High)
    }
  }
  ["z"]=>
  enum(Level::Low)
}
bool(true)
bool(true)
bool(true)
in an object, then the object again: 9383c0a6486f6c646572a5666972737482c006a453756974a6537061646573a67365636f6e6482c004000382c004000382c0040002
array(3) {
  [0]=>
  object(Holder)#%d (2) {
    ["first"]=>
    enum(Suit::Spades)
    ["second"]=>
    enum(Suit::Spades)
  }
  [1]=>
  enum(Suit::Spades)
  [2]=>
  object(Holder)#%d (2) {
    ["first"]=>
    enum(Suit::Spades)
    ["second"]=>
    enum(Suit::Spades)
  }
}
bool(true)
bool(true)
bool(true)
bool(true)
-- a case in a PHP reference, met again
9382c006a453756974a648656172747382c005000282c0040002
bool(true)
bool(true)
bool(true)
-- php_only off: no back-references
9282c006a453756974a648656172747382c006a453756974a6486561727473
9282c006a54c6576656ca34c6f7782c006a54c6576656ca34c6f77
9282c006a54c6576656ca34c6f7782c0040002
