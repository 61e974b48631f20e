--TEST--
Templates: a conversion deeper than the C stack holds fails cleanly (null and a warning), whatever msgpack.max_depth says, on the main stack and in a fiber of 256 KiB
--INI--
pcre.jit=0
msgpack.max_depth=0
--FILE--
<?php
// each level calls the constructor, which takes more stack than a level of decoding
class Deep { public $c; public function __construct() { $this->c = $this; } }

$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[$msg] = ($warnings[$msg] ?? 0) + 1; return true; });

// The deepest list the decoder reads where this runs: how deep depends on the build (a debug
// build's frames are larger) and on the stack (the main one, a fiber's).
function deepest_decoded(int $hi): int
{
    $lo = 1;
    while ($lo < $hi) {
        $mid = intdiv($lo + $hi + 1, 2);
        if (is_array(@msgpack_unpack(str_repeat("\x91", $mid) . "\x01"))) {
            $lo = $mid;
        } else {
            $hi = $mid - 1;
        }
    }
    return $lo;
}

function convert_at_the_limit(int $hi): void
{
    global $warnings;
    $deepest = deepest_decoded($hi);
    $bytes = str_repeat("\x91", $deepest) . "\x01";
    $warnings = [];
    // the converter's warning, then one per level it unwinds (PECL's texts; how many levels
    // depends on the build)
    var_dump(is_array(msgpack_unpack($bytes)), msgpack_unpack($bytes, 'Deep'), array_keys($warnings));
    // a tenth of it converts: each list, and the 1 inside the last one, into an object (c
    // holds an object, so it is the template of its element)
    $warnings = [];
    $r = msgpack_unpack(str_repeat("\x91", intdiv($deepest, 10)) . "\x01", 'Deep');
    for ($depth = 0; $r instanceof Deep; $depth++) {
        $r = $r->c;
    }
    var_dump($depth === intdiv($deepest, 10) + 1, $r, $warnings);
}

echo "-- main stack\n";
convert_at_the_limit(300000);
echo "-- fiber.stack_size=256K\n";
ini_set('fiber.stack_size', '256K');
(new Fiber(fn () => convert_at_the_limit(100000)))->start();

// what the stack holds converts: 2000 lists into 2001 objects
$warnings = [];
$r = msgpack_unpack(str_repeat("\x91", 2000) . "\x01", 'Deep');
for ($depth = 0; $r instanceof Deep; $depth++) { $r = $r->c; }
var_dump($depth, $r, $warnings);
?>
--EXPECT--
-- main stack
bool(true)
NULL
array(2) {
  [0]=>
  string(67) "[msgpack] (msgpack_convert_template) Maximum nesting depth exceeded"
  [1]=>
  string(68) "[msgpack] (msgpack_convert_object) convert failure in convert_object"
}
bool(true)
int(1)
array(0) {
}
-- fiber.stack_size=256K
bool(true)
NULL
array(2) {
  [0]=>
  string(67) "[msgpack] (msgpack_convert_template) Maximum nesting depth exceeded"
  [1]=>
  string(68) "[msgpack] (msgpack_convert_object) convert failure in convert_object"
}
bool(true)
int(1)
array(0) {
}
int(2001)
int(1)
array(0) {
}
