--TEST--
msgpack.max_depth at its exact boundary: packing a value exactly max_depth levels deep succeeds wherever the encoder looks at the C stack (fibers of 128, 256 and 512 KiB), one level more fails; a template conversion that follows a cycle stops after exactly max_depth levels
--INI--
pcre.jit=0
--FILE--
<?php
// Packing looks at the C stack (and at max_depth) only at some levels: in a fiber of a small
// stack those looks come at levels that depend on the stack left, so each depth d from 1 to 400
// is packed with max_depth = d (it must pack, or fail for the stack alone) and with
// max_depth = d - 1 (it must fail, for the depth or the stack).
function nest(int $d) {
    $v = 1;
    for ($i = 0; $i < $d; $i++) {
        $v = [$v];
    }
    return $v;
}
function pack_warning(int $d, int $max): string {
    ini_set('msgpack.max_depth', (string) $max);
    $warning = '';
    set_error_handler(function ($no, $msg) use (&$warning) { $warning = $msg; return true; });
    $r = msgpack_pack(nest($d));
    restore_error_handler();
    if (is_string($r)) {
        return $r === str_repeat("\x91", $d) . "\x01" ? 'packed' : 'wrong bytes';
    }
    if (str_contains($warning, 'the C stack is full')) {
        return 'stack';
    }
    return $warning === "[msgpack] (php_msgpack_serialize) Maximum nesting depth of $max exceeded" ? 'depth' : $warning;
}
$sweep = function () {
    $seen = [];
    for ($d = 1; $d <= 400; $d++) {
        $at = pack_warning($d, $d);
        $below = pack_warning($d, $d - 1);
        if ($at !== 'packed' && $at !== 'stack') {
            echo "depth $d, max_depth $d: $at\n";
        }
        if ($d > 1 && $below !== 'depth' && $below !== 'stack') {
            echo "depth $d, max_depth ", $d - 1, ": $below\n";
        }
        $seen[$at] = true;
    }
    echo 'packed at max_depth: ', isset($seen['packed']) ? 'yes' : 'no', "\n";
};
foreach (['128K', '256K', '512K'] as $size) {
    echo "-- fiber.stack_size=$size\n";
    ini_set('fiber.stack_size', $size);
    (new Fiber($sweep))->start();
}
echo "-- main stack\n";
$sweep();

// A template applied to a value that holds itself (a stdClass whose property is the object)
// follows the cycle as deep as the template goes: a template of k nested maps converts k - 1
// levels below the top one, at most max_depth of them (the innermost gets the object itself).
echo "-- template conversion along a cycle\n";
$o = new stdClass;
$o->a = $o;
$bytes = msgpack_pack($o);
echo bin2hex($bytes), "\n";
function template(int $k): array {
    $t = ['a' => null];
    for ($i = 1; $i < $k; $i++) {
        $t = ['a' => $t];
    }
    return $t;
}
function levels($v): string {
    for ($n = 0; is_array($v); $n++) {
        $v = $v['a'];
    }
    return "$n maps, then " . get_debug_type($v);
}
foreach ([3, 5] as $max) {
    ini_set('msgpack.max_depth', (string) $max);
    foreach ([$max, $max + 1, $max + 2] as $k) {
        $warning = '';
        set_error_handler(function ($no, $msg) use (&$warning) { $warning = $msg; return true; });
        $r = msgpack_unpack($bytes, template($k));
        restore_error_handler();
        echo "max_depth $max, template of $k maps: ", is_array($r) ? levels($r) : var_export($r, true), " $warning\n";
    }
}
?>
--EXPECT--
-- fiber.stack_size=128K
packed at max_depth: yes
-- fiber.stack_size=256K
packed at max_depth: yes
-- fiber.stack_size=512K
packed at max_depth: yes
-- main stack
packed at max_depth: yes
-- template conversion along a cycle
82c0a8737464436c617373a16182c0040001
max_depth 3, template of 3 maps: 3 maps, then stdClass 
max_depth 3, template of 4 maps: 4 maps, then stdClass 
max_depth 3, template of 5 maps: NULL [msgpack] (msgpack_convert_template) Maximum nesting depth exceeded
max_depth 5, template of 5 maps: 5 maps, then stdClass 
max_depth 5, template of 6 maps: 6 maps, then stdClass 
max_depth 5, template of 7 maps: NULL [msgpack] (msgpack_convert_template) Maximum nesting depth exceeded
