--TEST--
Templates: a conversion deeper than the C stack holds fails cleanly (null and a warning), whatever msgpack.max_depth says
--INI--
msgpack.max_depth=0
--SKIPIF--
<?php
if (!extension_loaded('msgpack')) die('skip msgpack not loaded');
ini_set('msgpack.max_depth', '0');
if (@msgpack_unpack(str_repeat("\x91", 31000) . "\x01") === false) die('skip the C stack holds fewer than 31000 levels');
?>
--FILE--
<?php
// each level calls the constructor, which takes more stack than a level of decoding
class Deep { public $c; public function __construct() { $this->c = $this; } }

$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[$msg] = ($warnings[$msg] ?? 0) + 1; return true; });

$bytes = str_repeat("\x91", 31000) . "\x01";
var_dump(is_array(msgpack_unpack($bytes)));
var_dump(msgpack_unpack($bytes, 'Deep'));
var_dump(array_key_first($warnings), count($warnings));

// what the stack holds converts: 2000 lists, and the 1 inside the last one, each into an
// object (c holds an object, so it is the template of its element)
$warnings = [];
$r = msgpack_unpack(str_repeat("\x91", 2000) . "\x01", 'Deep');
for ($depth = 0; $r instanceof Deep; $depth++) { $r = $r->c; }
var_dump($depth, $r, $warnings);
?>
--EXPECT--
bool(true)
NULL
string(67) "[msgpack] (msgpack_convert_template) Maximum nesting depth exceeded"
int(2)
int(2001)
int(1)
array(0) {
}
