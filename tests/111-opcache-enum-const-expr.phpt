--TEST--
Enum cases whose values come from constant expressions, read first by the decoder, in opcache's protected shared memory (opcache.protect_memory=1, the enums preloaded): no write into the shared class (igbinary crashed there, igbinary issue 380)
--EXTENSIONS--
opcache
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.protect_memory=1
opcache.preload={PWD}/111-opcache-enum-const-expr.inc
opcache.preload_user=root
opcache.jit=disable
--FILE--
<?php
// Every case is read by the decoder before PHP code touches it: the first reading of a case
// evaluates its constant expression, which must happen in the request's copy of the class.
$card = hex2bin('84c0a443617264a473756974' . '82c006a453756974a6537061646573'
    . 'a56c6576656c' . '82c006a54c6576656ca44869676' . '8' . 'a470757265' . '82c006a450757265a141');
$c = msgpack_unpack($card);
var_dump($c);
var_dump($c->suit === Suit::Spades, $c->suit->value, $c->level->value);

// the MsgPack\ API: another case of each, in a list, met twice (the second a back-reference)
$list = MsgPack\pack([Suit::Hearts, Level::Low, Suit::Hearts], MsgPack\Packer::PHP_OBJECTS);
echo bin2hex($list), "\n";
var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack(hex2bin('9282c006a453756974a5436c75627382c006a453756974a5436c756273')));
var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($list));
// without PHP_OBJECTS a backed case is its value
echo bin2hex(MsgPack\pack([Suit::Clubs, Level::High])), "\n";
// what the test stands on: opcache on, the enums preloaded
$status = opcache_get_status(false);
var_dump($status['opcache_enabled'], isset($status['preload_statistics']), ini_get('opcache.protect_memory'));
?>
--EXPECT--
object(Card)#1 (3) {
  ["suit"]=>
  enum(Suit::Spades)
  ["level"]=>
  enum(Level::High)
  ["pure"]=>
  enum(Pure::A)
}
bool(true)
string(6) "suit-s"
int(100)
9382c006a453756974a648656172747382c006a54c6576656ca34c6f7782c0040002
array(2) {
  [0]=>
  enum(Suit::Clubs)
  [1]=>
  enum(Suit::Clubs)
}
array(3) {
  [0]=>
  enum(Suit::Hearts)
  [1]=>
  enum(Level::Low)
  [2]=>
  enum(Suit::Hearts)
}
92a6737569742d6364
bool(true)
bool(true)
string(1) "1"