--TEST--
Sessions: broken or foreign session data is an empty session, silently; the request's writes are stored (as PECL msgpack)
--FILE--
<?php
// Session data the msgpack serializer cannot read is an empty session, silently: session_start()
// succeeds and what the request stores is written at the end (as PECL msgpack does).
$dir = sys_get_temp_dir() . '/msgpack-session-broken-' . getmypid();
@mkdir($dir);
ini_set('session.save_handler', 'files');
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');

$cases = [
    'truncated str' => hex2bin('81a36f'),
    'parse error' => hex2bin('c1'),
    'php handler data' => 'a|i:1;',
    'php_binary handler data' => "\x01ai:1;",
    'empty' => '',
    'truncated array' => hex2bin('83c001a178dd7fffffff'),
    'truncated in second entry' => hex2bin('83c001a16101a162'),
    'broken in second entry' => hex2bin('83c001a16101a162c1'),
    'trailing bytes' => hex2bin('82c001a16101c1'),
    'trailing zero' => hex2bin('82c001a1610100'),
    'int' => hex2bin('05'),
    'string' => hex2bin('a3616263'),
    'nil' => hex2bin('c0'),
    'list' => hex2bin('93010203'),
    'plain map' => hex2bin('82a16101a1620c'),
    'int keys only' => hex2bin('82010203'),
    'stdClass' => hex2bin('82c0a8737464436c617373a16101'),
    'illegal key' => hex2bin('82c001910101'),
    'too deep' => str_repeat("\x91", 5000) . "\x01",
];
foreach ($cases as $name => $data) {
    echo "-- $name\n";
    file_put_contents("$dir/sess_broken", $data);
    $_SESSION = [];
    session_id('broken');
    ob_start();
    $started = session_start();
    $output = ob_get_clean();
    echo 'start: ', var_export($started, true), ', output: ', json_encode($output), "\n";
    var_dump($_SESSION);
    $_SESSION['w'] = 5;
    var_dump(session_write_close());
    echo bin2hex(file_get_contents("$dir/sess_broken")), "\n";
}

// a session left as it was read
file_put_contents("$dir/sess_broken", hex2bin('c1'));
session_id('broken');
var_dump(session_start(), session_write_close());
echo bin2hex(file_get_contents("$dir/sess_broken")), "\n";

array_map('unlink', glob("$dir/sess_*"));
rmdir($dir);
?>
--EXPECTF--
-- truncated str
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- parse error
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- php handler data
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- php_binary handler data
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- empty
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- truncated array
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- truncated in second entry
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- broken in second entry
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- trailing bytes
start: true, output: ""
array(1) {
  ["a"]=>
  int(1)
}
bool(true)
83c001a16101a17705
-- trailing zero
start: true, output: ""
array(1) {
  ["a"]=>
  int(1)
}
bool(true)
83c001a16101a17705
-- int
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- string
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- nil
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- list
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- plain map
start: true, output: ""
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(12)
}
bool(true)
84c001a16101a1620ca17705
-- int keys only
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
-- stdClass
start: true, output: ""
array(1) {
  ["a"]=>
  int(1)
}
bool(true)
83c001a16101a17705
-- illegal key
start: true, output: "\nWarning: [msgpack] (msgpack_unserialize_map_item) illegal key type in %s on line %d\n\nWarning: Array to string conversion in %s on line %d\n"
array(1) {
  ["Array"]=>
  int(1)
}
bool(true)
83c001a5417272617901a17705
-- too deep
start: true, output: ""
array(0) {
}
bool(true)
82c001a17705
bool(true)
bool(true)
90
