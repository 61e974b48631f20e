--TEST--
php_only: forged entries after an enum case, written or named by a back-reference (a plain entry, an int key, a reference marker), are refused by every reader with "Invalid enum entry", never written into the enum case
--FILE--
<?php
// No encoder writes anything after `c0 06 "Enum" "Case"` in a map, nor after a back-reference
// (`c0 04 00 <id>`, `c0 05 00 <id>`) to a case: a plain entry there would be a property of the
// enum case (an Error: enums have none), a reference marker a reference to it. Every reader
// refuses the value: false and a warning, UnpackException with the offset of the entry, session
// data left as it was.
enum Suit { case Hearts; case Spades; }

$dir = sys_get_temp_dir() . '/msgpack-forged-enum-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');
session_id('forgedenum');
session_start();

$case = 'c006' . 'a4' . bin2hex('Suit') . 'a6' . bin2hex('Hearts');
$inputs = [
    'a str key after the case' => '9183' . $case . 'a17801',
    'an int key after the case' => '9183' . $case . '0701',
    'a reference marker after the case' => '9183' . $case . 'c001',
    'a str key after a case met again' => '9282' . $case . '83c0040002a17801',
    'a reference marker after a case met again' => '9282' . $case . '83c0040002c001',
    'a str key after a case met again in a reference' => '9282' . $case . '83c0050002a17801',
];
echo $inputs['a str key after the case'], "\n";

function warned(callable $f): string {
    set_error_handler(function ($no, $msg) use (&$w) { $w = $msg; return true; });
    $w = '(no warning)';
    try {
        $r = var_export($f(), true);
    } catch (Throwable $e) {
        $r = get_class($e) . ': ' . $e->getMessage();
    }
    restore_error_handler();
    return "$r, $w";
}
function api(callable $f): string {
    try {
        return var_export($f(), true);
    } catch (MsgPack\UnpackException $e) {
        return get_class($e) . ': ' . $e->getMessage() . ' (position ' . $e->getPosition() . ')';
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}

foreach ($inputs as $name => $hex) {
    echo "-- $name\n";
    $bin = hex2bin($hex);
    echo 'msgpack_unpack: ', warned(fn() => msgpack_unpack($bin)), "\n";
    echo 'msgpack_unserialize: ', warned(fn() => msgpack_unserialize($bin)), "\n";
    echo 'MessagePack::unpack: ', warned(fn() => (new MessagePack(true))->unpack($bin)), "\n";
    echo 'MessagePackUnpacker: ', warned(function () use ($bin) {
        $u = new MessagePackUnpacker(true);
        $u->feed($bin);
        return [$u->execute(), $u->data()];
    }), "\n";
    echo 'session_decode: ', warned(function () use ($bin) {
        $_SESSION = ['before' => 1];
        // a session is a map of variables: the forged value under "s"
        $ok = session_decode("\x81\xa1s" . $bin);
        return [$ok, $_SESSION];
    }), "\n";
    $u = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, ['Suit']);
    echo 'MsgPack\Unpacker::unpack: ', api(fn() => $u->unpack($bin)), "\n";
    echo 'MsgPack\Unpacker::tryUnpack: ', api(function () use ($bin) {
        $s = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, ['Suit']);
        $s->feed($bin . "\x05");
        return $s->tryUnpack();
    }), "\n";
    echo 'MsgPack\Unpacker iterator: ', api(function () use ($bin) {
        $s = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, ['Suit']);
        $s->feed("\x05" . $bin);
        $out = [];
        foreach ($s as $v) {
            $out[] = $v;
        }
        return $out;
    }), "\n";
    echo 'MsgPack\unpack: ', api(fn() => MsgPack\unpack($bin, MsgPack\Unpacker::PHP_OBJECTS)), "\n";
}
session_abort();
@rmdir($dir);

echo "-- the case itself, and met again, read back\n";
var_dump(msgpack_unpack(hex2bin('92' . '82' . $case . '82c0040002')));
?>
--EXPECT--
9183c006a453756974a6486561727473a17801
-- a str key after the case
msgpack_unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
msgpack_unserialize: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePack::unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePackUnpacker: array (
  0 => false,
  1 => false,
), (no warning)
session_decode: array (
  0 => true,
  1 => 
  array (
    'before' => 1,
  ),
), (no warning)
MsgPack\Unpacker::unpack: MsgPack\UnpackException: invalid enum entry at offset 18 (position 18)
MsgPack\Unpacker::tryUnpack: MsgPack\UnpackException: invalid enum entry at offset 18 (position 18)
MsgPack\Unpacker iterator: MsgPack\UnpackException: invalid enum entry at offset 19 (position 19)
MsgPack\unpack: MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
-- an int key after the case
msgpack_unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
msgpack_unserialize: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePack::unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePackUnpacker: array (
  0 => false,
  1 => false,
), (no warning)
session_decode: array (
  0 => true,
  1 => 
  array (
    'before' => 1,
  ),
), (no warning)
MsgPack\Unpacker::unpack: MsgPack\UnpackException: invalid enum entry at offset 17 (position 17)
MsgPack\Unpacker::tryUnpack: MsgPack\UnpackException: invalid enum entry at offset 17 (position 17)
MsgPack\Unpacker iterator: MsgPack\UnpackException: invalid enum entry at offset 18 (position 18)
MsgPack\unpack: MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
-- a reference marker after the case
msgpack_unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
msgpack_unserialize: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePack::unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePackUnpacker: array (
  0 => false,
  1 => false,
), (no warning)
session_decode: array (
  0 => true,
  1 => 
  array (
    'before' => 1,
  ),
), (no warning)
MsgPack\Unpacker::unpack: MsgPack\UnpackException: invalid enum entry at offset 17 (position 17)
MsgPack\Unpacker::tryUnpack: MsgPack\UnpackException: invalid enum entry at offset 17 (position 17)
MsgPack\Unpacker iterator: MsgPack\UnpackException: invalid enum entry at offset 18 (position 18)
MsgPack\unpack: MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
-- a str key after a case met again
msgpack_unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
msgpack_unserialize: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePack::unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePackUnpacker: array (
  0 => false,
  1 => false,
), (no warning)
session_decode: array (
  0 => true,
  1 => 
  array (
    'before' => 1,
  ),
), (no warning)
MsgPack\Unpacker::unpack: MsgPack\UnpackException: invalid enum entry at offset 23 (position 23)
MsgPack\Unpacker::tryUnpack: MsgPack\UnpackException: invalid enum entry at offset 23 (position 23)
MsgPack\Unpacker iterator: MsgPack\UnpackException: invalid enum entry at offset 24 (position 24)
MsgPack\unpack: MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
-- a reference marker after a case met again
msgpack_unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
msgpack_unserialize: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePack::unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePackUnpacker: array (
  0 => false,
  1 => false,
), (no warning)
session_decode: array (
  0 => true,
  1 => 
  array (
    'before' => 1,
    's' => 
    array (
      0 => 
      \Suit::Hearts,
      1 => NULL,
    ),
  ),
), (no warning)
MsgPack\Unpacker::unpack: MsgPack\UnpackException: invalid enum entry at offset 22 (position 22)
MsgPack\Unpacker::tryUnpack: MsgPack\UnpackException: invalid enum entry at offset 22 (position 22)
MsgPack\Unpacker iterator: MsgPack\UnpackException: invalid enum entry at offset 23 (position 23)
MsgPack\unpack: MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
-- a str key after a case met again in a reference
msgpack_unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
msgpack_unserialize: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePack::unpack: false, [msgpack] (php_msgpack_unserialize) Invalid enum entry
MessagePackUnpacker: array (
  0 => false,
  1 => false,
), (no warning)
session_decode: array (
  0 => true,
  1 => 
  array (
    'before' => 1,
  ),
), (no warning)
MsgPack\Unpacker::unpack: MsgPack\UnpackException: invalid enum entry at offset 23 (position 23)
MsgPack\Unpacker::tryUnpack: MsgPack\UnpackException: invalid enum entry at offset 23 (position 23)
MsgPack\Unpacker iterator: MsgPack\UnpackException: invalid enum entry at offset 24 (position 24)
MsgPack\unpack: MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
-- the case itself, and met again, read back
array(2) {
  [0]=>
  enum(Suit::Hearts)
  [1]=>
  enum(Suit::Hearts)
}
