--TEST--
session.serialize_handler=msgpack reads and writes PECL msgpack's session format
--FILE--
<?php
class Cart { public $items = []; }
$dir = sys_get_temp_dir() . '/msgpack-session-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');

session_id('abc123');
session_start();
$_SESSION['a'] = 1;
session_write_close();
echo bin2hex(file_get_contents("$dir/sess_abc123")), "\n";

session_id('abc123');
session_start();
$cart = new Cart;
$cart->items[] = 'book';
$_SESSION['cart'] = $cart;
$_SESSION['same'] = $cart;
session_write_close();
echo bin2hex(file_get_contents("$dir/sess_abc123")), "\n";

$_SESSION = [];
session_id('abc123');
session_start();
var_dump($_SESSION, $_SESSION['cart'] === $_SESSION['same']);
session_write_close();

// data written by PECL msgpack, int keys are dropped
file_put_contents("$dir/sess_pecl", hex2bin('83c001a178a3666f6f05a3626172'));
$_SESSION = [];
session_id('pecl');
session_start();
var_dump($_SESSION);
session_write_close();

// broken data: an empty session, silently (as PECL msgpack), never a crash; 036 has more
file_put_contents("$dir/sess_broken", hex2bin('83c001a178dd7fffffff'));
$_SESSION = [];
session_id('broken');
var_dump(session_start());
var_dump($_SESSION);
session_write_close();

array_map('unlink', glob("$dir/sess_*"));
rmdir($dir);
?>
--EXPECTF--
82c001a16101
84c001a16101a46361727482c0a443617274a56974656d7391a4626f6f6ba473616d6582c0040002
array(3) {
  ["a"]=>
  int(1)
  ["cart"]=>
  object(Cart)#2 (1) {
    ["items"]=>
    array(1) {
      [0]=>
      string(4) "book"
    }
  }
  ["same"]=>
  object(Cart)#2 (1) {
    ["items"]=>
    array(1) {
      [0]=>
      string(4) "book"
    }
  }
}
bool(true)
array(1) {
  ["x"]=>
  string(3) "foo"
}
bool(true)
array(0) {
}
