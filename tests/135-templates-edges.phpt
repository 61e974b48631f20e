--TEST--
Templates, as PECL's converter (tests/compat/diff-templates.sh compares them with it): a keyed array template given a scalar, a class whose constructor throws given an empty list, and the converter of an object property kept for a later property that holds no object
--FILE--
<?php
// Each result is PECL msgpack 2.2's (checked by hand), but for the Error where PECL stops the
// script with a fatal error.
function attempt(string $label, callable $f): void {
    set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
    try {
        $r = str_replace("\n", ' ', var_export($f(), true));
    } catch (Throwable $e) {
        $r = get_class($e) . ': ' . $e->getMessage();
    }
    echo "$label: $r\n";
    restore_error_handler();
}
class CtorThrows { public $a; public function __construct() { throw new RuntimeException('from the constructor'); } }
class Inner { public $x; }
class MixedProps { public $o; public $n = 5; public function __construct() { $this->o = new Inner; } }

attempt('a keyed template, a scalar', fn() => msgpack_unpack(msgpack_pack(5), ['a' => 0]));
attempt('a keyed template, a string', fn() => msgpack_unpack(msgpack_pack('s'), ['a' => 0, 'b' => []]));
attempt('a throwing constructor, an empty list', fn() => msgpack_unpack(msgpack_pack([]), 'CtorThrows'));
attempt('a throwing constructor, an empty map', fn() => msgpack_unpack("\x80", 'CtorThrows'));
// a list with one element per property: the property $o holds an object, so its converter
// (to an object) is kept for $n, whose template 5 is no class: PECL's "object type is
// unsupported", an Error here (PECL stops the script)
attempt('an object converter kept for an int property', fn() => msgpack_unpack(msgpack_pack([['x' => 1], 7]), 'MixedProps'));
attempt('the same values as a map: each by its name', fn() => msgpack_unpack(msgpack_pack(['o' => ['x' => 1], 'n' => 7]), 'MixedProps'));
?>
--EXPECT--
warning: [msgpack] (msgpack_convert_array) input data is not array
a keyed template, a scalar: NULL
warning: [msgpack] (msgpack_convert_array) input data is not array
a keyed template, a string: NULL
a throwing constructor, an empty list: RuntimeException: from the constructor
a throwing constructor, an empty map: RuntimeException: from the constructor
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
an object converter kept for an int property: Error: [msgpack] (msgpack_convert_object) object type is unsupported
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
the same values as a map: each by its name: \MixedProps::__set_state(array(    'o' =>    array (     'x' => 1,   ),    'n' => 7, ))
