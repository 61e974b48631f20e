--TEST--
Sessions: $_SESSION that cannot be packed (a Closure, too deep) makes session_encode() fail, not write a part; decoding into a $_SESSION that is no longer an array stores nothing
--FILE--
<?php
$dir = sys_get_temp_dir() . '/msgpack-session-fail-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');
session_id('failing');
session_start();
$_SESSION['n'] = 1;
$_SESSION['c'] = function () {};
try {
    var_dump(session_encode());
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
unset($_SESSION['c']);
ini_set('msgpack.max_depth', '2');
$_SESSION['deep'] = [[[1]]];
var_dump(session_encode());
ini_restore('msgpack.max_depth');
unset($_SESSION['deep']);
echo bin2hex(session_encode()), "\n";
// session_decode() sets session variables in $_SESSION: replaced by a string, it takes none
$_SESSION = 'not an array';
var_dump(session_decode(hex2bin('82a16101a16202')), $_SESSION);
session_write_close();
var_dump(file_get_contents("$dir/sess_failing"));
@unlink("$dir/sess_failing");
@rmdir($dir);
?>
--EXPECTF--
Exception: Serialization of 'Closure' is not allowed

Warning: [msgpack] (php_msgpack_serialize) Maximum nesting depth of 2 exceeded in %s on line %d
bool(false)
82c001a16e01
bool(true)
string(12) "not an array"
string(0) ""
