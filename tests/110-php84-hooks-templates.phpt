--TEST--
PHP 8.4 property hooks and templates (msgpack_unpack($data, $template)): a hooked property gets the value as its backing value (type checked, no set hook called); a value for a virtual property is refused with unserialize()'s warning and the result is null; readonly and private(set) properties refused as a readonly one always was
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip property hooks need PHP 8.4'); ?>
--FILE--
<?php
class H {
    public static int $sets = 0;
    public int $plain = 1;
    public string $full { get => strtoupper($this->full); set { H::$sets++; $this->full = $value; } }
    public string $virt { get => "virtual"; }
    private int $inner = 0 { set { H::$sets++; $this->inner = $value * 100; } }
    public function __construct() { $this->full = "abc"; H::$sets = 0; }
    public function inner() { return $this->inner; }
}
class RO { public readonly int $r; public private(set) int $ps = 0; public int $x = 0; }

set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
function show($v) {
    echo is_object($v) ? get_class($v) . ' ' . json_encode(get_object_vars($v)) . (method_exists($v, 'inner') ? ' inner=' . $v->inner() : '')
        : json_encode($v), ", set hooks called: ", H::$sets, "\n";
}
function unpack_as($value, $template) {
    try {
        show(msgpack_unpack(msgpack_pack($value), $template));
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

echo "-- a map: by name (the backing value, no set hook)\n";
unpack_as(['plain' => 2, 'full' => 'xyz'], 'H');
unpack_as(['full' => 5], 'H');
echo "-- a list: in declaration order, then the private hooked property by position\n";
unpack_as([5, 'qq'], 'H');
unpack_as(['plain' => 1, 'full' => 'f', 7], 'H');
echo "-- a scalar: into the first property\n";
unpack_as(6, 'H');
echo "-- an object as the template, and a list of them\n";
unpack_as(['full' => 'obj'], new H);
unpack_as([['full' => 'a'], ['full' => 'b']], [new H]);
echo "-- a value for a virtual property: refused, the result is null\n";
unpack_as(['plain' => 2, 'virt' => 'v'], 'H');
unpack_as([['full' => 'a'], ['virt' => 'b']], [new H]);
echo "-- type errors\n";
unpack_as(['full' => []], 'H');
echo "-- readonly and private(set): refused from outside the class, hooks or not\n";
unpack_as(['x' => 1, 'r' => 2], 'RO');
unpack_as(['x' => 1, 'ps' => 2], 'RO');
?>
--EXPECT--
-- a map: by name (the backing value, no set hook)
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
H {"plain":2,"full":"XYZ","virt":"virtual"} inner=0, set hooks called: 0
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
H {"plain":1,"full":"5","virt":"virtual"} inner=0, set hooks called: 0
-- a list: in declaration order, then the private hooked property by position
H {"plain":5,"full":"QQ","virt":"virtual"} inner=0, set hooks called: 0
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
H {"plain":1,"full":"F","virt":"virtual"} inner=7, set hooks called: 0
-- a scalar: into the first property
H {"plain":6,"full":"ABC","virt":"virtual"} inner=0, set hooks called: 0
-- an object as the template, and a list of them
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
H {"plain":1,"full":"OBJ","virt":"virtual"} inner=0, set hooks called: 0
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
[{"plain":1,"full":"A","virt":"virtual"},{"plain":1,"full":"B","virt":"virtual"}], set hooks called: 0
-- a value for a virtual property: refused, the result is null
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
warning: [msgpack] (msgpack_convert_object) Cannot unserialize value for virtual property H::$virt
null, set hooks called: 0
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
warning: [msgpack] (msgpack_convert_object) Cannot unserialize value for virtual property H::$virt
warning: [msgpack] (msgpack_convert_array) convert failure in HASH_KEY_IS_LONG in indexed array
null, set hooks called: 0
-- type errors
TypeError: Cannot assign array to property H::$full of type string
-- readonly and private(set): refused from outside the class, hooks or not
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
Error: Cannot modify protected(set) readonly property RO::$r from global scope
warning: [msgpack] (msgpack_convert_object) illegal offset type, skip this decoding
Error: Cannot modify private(set) property RO::$ps from global scope
