--TEST--
Partial decoding: a path that is not there is a MsgPack\PathException naming its first missing step (getPath()) and the offset of the value that step is not in (getPosition()); bad paths are TypeErrors
--FILE--
<?php
use function MsgPack\{pack, unpack, unpackAs, unpackPaths};
use MsgPack\{Unpacker, PathException, UnpackException};

$bytes = pack(['list' => [1, [2, 3]], 'map' => ['a' => 'x', 9 => 'nine'], 'odd key' => ['k' => 1], 'n' => 5]);
echo bin2hex($bytes), "\n";

function missing(callable $read) {
    try {
        var_dump($read());
    } catch (PathException $e) {
        printf("%s | %s | %d | %s\n", $e->getMessage(), $e->getPath(), $e->getPosition(),
            var_export($e instanceof UnpackException, true));
    }
}
missing(fn() => unpack($bytes, 0, ['nope']));                 // no such key in the root map
missing(fn() => unpack($bytes, 0, ['list', 2]));              // the list has 2 items
missing(fn() => unpack($bytes, 0, ['list', -1]));             // no negative index
missing(fn() => unpack($bytes, 0, ['list', 'a']));            // a list has no string keys
missing(fn() => unpack($bytes, 0, ['list', 1, 5]));
missing(fn() => unpack($bytes, 0, ['map', 10]));              // an int key the map has not
missing(fn() => unpack($bytes, 0, ['map', 'a', 'deeper']));   // "x" is no map or list
missing(fn() => unpack($bytes, 0, ['n', 0]));
missing(fn() => unpack($bytes, 0, ['odd key', 'k', 'x']));
missing(fn() => unpack($bytes, 0, ['odd key', "new\nline"]));
missing(fn() => unpack($bytes, 0, ['nope', 'and', 'more']));  // the first missing step counts
missing(fn() => unpack(pack('scalar'), 0, [0]));
missing(fn() => unpack(pack([]), 0, [0]));
missing(fn() => unpackAs($bytes, 'int', 0, ['map', 'b']));
missing(fn() => (new Unpacker())->unpack($bytes, ['list', 1, 2]));
// unpackPaths() without a default: the first of the paths (in their order) that is not there
missing(fn() => unpackPaths($bytes, ['ok' => ['n'], 'late' => ['zz'], 'early' => ['list', 9]]));
// a stream: offsets count from the first byte fed, and the value is consumed
$u = new Unpacker();
$u->feed(pack('first') . $bytes . pack('after'));
var_dump($u->unpack());
missing(fn() => $u->unpack(path: ['map', 'q']));
var_dump($u->unpack());

// a path is a list of ints and strings
foreach ([['a', 1.5], ['a', null], [true], [[1]]] as $path) {
    try {
        unpack($bytes, 0, $path);
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
}
try {
    unpackPaths($bytes, ['a' => 'list']);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
try {
    unpackPaths($bytes, ['a' => ['list'], 'b' => ['list', false]]);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
try {
    (new Unpacker())->unpackAs($bytes, 'int', [0.5]);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
// unpackAs() with PHP_OBJECTS and a path: the path is taken in the decoded value, which the
// type cannot describe
try {
    unpackAs($bytes, 'int', Unpacker::PHP_OBJECTS, ['n']);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
// the flags are checked as unpack() checks them
try {
    unpackPaths($bytes, [['n']], 1 << 30);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
84a46c6973749201920203a36d617082a161a17809a46e696e65a76f6464206b657981a16b01a16e05
path not found: $ has no key "nope" (offset 0) | $.nope | 0 | true
path not found: $.list has no index 2 (offset 6) | $.list[2] | 6 | true
path not found: $.list has no index -1 (offset 6) | $.list[-1] | 6 | true
path not found: $.list has no key "a" (offset 6) | $.list.a | 6 | true
path not found: $.list[1] has no index 5 (offset 8) | $.list[1][5] | 8 | true
path not found: $.map has no key 10 (offset 15) | $.map[10] | 15 | true
path not found: $.map.a is not a map or list (offset 18) | $.map.a.deeper | 18 | true
path not found: $.n is not a map or list (offset 40) | $.n[0] | 40 | true
path not found: $["odd key"].k is not a map or list (offset 37) | $["odd key"].k.x | 37 | true
path not found: $["odd key"] has no key "new\x0aline" (offset 34) | $["odd key"]["new\x0aline"] | 34 | true
path not found: $ has no key "nope" (offset 0) | $.nope | 0 | true
path not found: $ is not a map or list (offset 0) | $[0] | 0 | true
path not found: $ has no index 0 (offset 0) | $[0] | 0 | true
path not found: $.map has no key "b" (offset 15) | $.map.b | 15 | true
path not found: $.list[1] has no index 2 (offset 8) | $.list[1][2] | 8 | true
path not found: $ has no key "zz" (offset 0) | $.zz | 0 | true
string(5) "first"
path not found: $.map has no key "q" (offset 21) | $.map.q | 21 | true
string(5) "after"
MsgPack\unpack(): Argument #3 ($path) must contain only ints and strings (map keys and list indexes), float given at step 1
MsgPack\unpack(): Argument #3 ($path) must contain only ints and strings (map keys and list indexes), null given at step 1
MsgPack\unpack(): Argument #3 ($path) must contain only ints and strings (map keys and list indexes), bool given at step 0
MsgPack\unpack(): Argument #3 ($path) must contain only ints and strings (map keys and list indexes), array given at step 0
MsgPack\unpackPaths(): Argument #2 ($paths) must contain only paths (arrays of map keys and list indexes), string given
MsgPack\unpackPaths(): Argument #2 ($paths) must contain only paths of ints and strings (map keys and list indexes), bool given at step 1
MsgPack\Unpacker::unpackAs(): Argument #3 ($path) must contain only ints and strings (map keys and list indexes), float given at step 0
MsgPack\unpackAs(): Argument #4 ($path) cannot be used with PHP_OBJECTS
MsgPack\unpackPaths(): Argument #3 ($flags) contains unknown flags (0x40000000)
