--TEST--
MsgPack\unpackAs(): list<T>, array<T>, array<K, V> (keys checked), array (any map or list, as unpack() reads it), and #[MsgPack\ListOf] / #[MsgPack\MapOf] on array properties
--FILE--
<?php
use MsgPack\ListOf;
use MsgPack\MapOf;
use MsgPack\Unpacker;

function show(string $label, string $bytes, string $type, int $flags = 0): void {
    try {
        $v = MsgPack\unpackAs($bytes, $type, $flags);
        echo "$label ($type): ", json_encode($v), ' ', get_debug_type($v), "\n";
    } catch (MsgPack\UnpackException $e) {
        echo "$label ($type): ", get_class($e), ': ', $e->getMessage(), ' [offset ', $e->getPosition(), ', path ', $e->getPath(), "]\n";
    }
}

final class Tag { public string $name; }
final class Post {
    #[ListOf(Tag::class)] public array $tags = [];
    #[ListOf('?int')] public ?array $scores = null;
    #[MapOf('list<string>')] public array $groups = [];
    #[ListOf('array<string, int>')] public array $counts = [];
    #[MapOf(Tag::class)] public $byName;        // untyped: the map, or null
    #[ListOf('int')] public mixed $anything = null;
    public array $raw = [];
}

echo "-- list<T>: an array whose values are checked\n";
show('ints', MsgPack\pack([1, 2, 3]), 'list<int>');
show('empty', "\x90", 'list<int>');
show('array16', hex2bin('dc0002' . '0102'), 'list<int>');
show('a wrong value', MsgPack\pack([1, 'two', 3]), 'list<int>');
show('a map', MsgPack\pack(['a' => 1]), 'list<int>');
show('nullable elements', MsgPack\pack([1, null]), 'list<?int>');
show('nested', MsgPack\pack([[1], [2, 3], []]), 'list<list<int>>');
show('nested, wrong', MsgPack\pack([[1], [2, null]]), 'list<list<int>>');
show('list alone', MsgPack\pack([1, 'a', [2]]), 'list');
show('a list of classes', MsgPack\pack([['name' => 'a'], ['name' => 'b']]), 'list<Tag>');
show('cut short', hex2bin('93' . '0102'), 'list<int>');
show('declared longer than the input', hex2bin('dd7fffffff' . '01'), 'list<int>');

echo "-- array<K, V>: a map (or an array, for int keys), keys checked\n";
show('string keys', MsgPack\pack(['a' => 1, 'b' => 2]), 'array<string, int>');
show('a numeric string key is an int in PHP', hex2bin('82' . 'a135' . '01' . 'a178' . '02'), 'array<string, int>');
show('an int key', hex2bin('81' . '05' . '01'), 'array<string, int>');
show('int keys', hex2bin('82' . '05' . '01' . 'ff' . '02'), 'array<int, int>');
show('a string key', MsgPack\pack(['a' => 1]), 'array<int, int>');
show('int keys from an array', MsgPack\pack([7, 8]), 'array<int, int>');
show('a big int key', hex2bin('81' . 'cfffffffffffffffff' . '01'), 'array<int, int>');
show('a big int key', hex2bin('81' . 'cfffffffffffffffff' . '01'), 'array<array-key, int>');
show('any key', hex2bin('82' . '05' . '01' . 'a161' . '02'), 'array<int|string, int>');
show('array-key', hex2bin('82' . '05' . '01' . 'a161' . '02'), 'array<array-key, int>');
show('array<V>', hex2bin('82' . '05' . '01' . 'a161' . '02'), 'array<int>');
show('array<V> from a list', MsgPack\pack([1, 2]), 'array<int>');
show('a nil key', hex2bin('81c001'), 'array<int>');
show('a bool key', hex2bin('81c301'), 'array<int, int>');
show('a bin key', hex2bin('81c402616201'), 'array<string, int>');
show('duplicate keys: the last', hex2bin('82a16101a16102'), 'array<string, int>');
show('a wrong value', MsgPack\pack(['a' => 1, 'b c' => 'x']), 'array<string, int>');
show('a wrong value under an int key', hex2bin('81' . '07' . 'a178'), 'array<int>');
show('values of a union', MsgPack\pack(['a' => 1, 'b' => 'x', 'c' => null]), 'array<string, int|string|null>');
show('a map or a list of another type', MsgPack\pack(['a' => 1]), 'array<string, int>|list<string>');
show('a map or a list of another type', MsgPack\pack(['x', 'y']), 'array<string, int>|list<string>');
show('a map or a list of another type', MsgPack\pack([1]), 'array<string, int>|list<string>');
show('a map or a list of another type', MsgPack\pack(['a' => 'x']), 'array<string, int>|list<string>');

echo "-- array: any map or list, as unpack() reads it\n";
show('a map', MsgPack\pack(['a' => [1, ['b' => 2]]]), 'array');
show('a list', MsgPack\pack([1, 'x']), 'array');
show('maps as objects, but the array itself an array', MsgPack\pack(['a' => ['b' => 2]]), 'array', Unpacker::MAPS_AS_OBJECTS);
show('an int', MsgPack\pack(1), 'array');
show('nullable', "\xc0", '?array');
show('array or a class', MsgPack\pack(['name' => 'x']), 'array|int');

echo "-- #[ListOf], #[MapOf] on properties\n";
$post = ['tags' => [['name' => 'php'], ['name' => 'c']], 'scores' => [1, null], 'groups' => ['a' => ['x', 'y']],
    'counts' => [['k' => 1]], 'byName' => ['php' => ['name' => 'php']], 'anything' => [5], 'raw' => ['z' => 1]];
show('all', MsgPack\pack($post), 'Post');
show('defaults', "\x80", 'Post');
show('nullable list given null', MsgPack\pack(['scores' => null]), 'Post');
show('untyped map given null', MsgPack\pack(['byName' => null]), 'Post');
show('a wrong tag', MsgPack\pack(['tags' => [['name' => 'php'], ['name' => 1]]]), 'Post');
show('a wrong group', MsgPack\pack(['groups' => ['a' => ['x', 2]]]), 'Post');
show('a list for a map: int keys', MsgPack\pack(['groups' => [['x']]]), 'Post');
show('a wrong group key', hex2bin('81a667726f757073' . '81c391a178'), 'Post');
show('a wrong count', MsgPack\pack(['counts' => [['k' => 1], ['j' => 'x']]]), 'Post');
show('a map for a list', MsgPack\pack(['tags' => ['a' => ['name' => 'x']]]), 'Post');
show('a list of ints for mixed', MsgPack\pack(['anything' => ['x']]), 'Post');
--EXPECT--
-- list<T>: an array whose values are checked
ints (list<int>): [1,2,3] array
empty (list<int>): [] array
array16 (list<int>): [1,2] array
a wrong value (list<int>): MsgPack\UnpackException: Expected int, got str at $[1] [offset 2, path $[1]]
a map (list<int>): MsgPack\UnpackException: Expected list<int>, got map at $ [offset 0, path $]
nullable elements (list<?int>): [1,null] array
nested (list<list<int>>): [[1],[2,3],[]] array
nested, wrong (list<list<int>>): MsgPack\UnpackException: Expected int, got nil at $[1][1] [offset 5, path $[1][1]]
list alone (list): [1,"a",[2]] array
a list of classes (list<Tag>): [{"name":"a"},{"name":"b"}] array
cut short (list<int>): MsgPack\InsufficientDataException: insufficient data at offset 3 [offset 3, path $]
declared longer than the input (list<int>): MsgPack\InsufficientDataException: insufficient data at offset 6 [offset 6, path $]
-- array<K, V>: a map (or an array, for int keys), keys checked
string keys (array<string, int>): {"a":1,"b":2} array
a numeric string key is an int in PHP (array<string, int>): {"5":1,"x":2} array
an int key (array<string, int>): MsgPack\UnpackException: Expected a string key, got int at $ [offset 1, path $]
int keys (array<int, int>): {"5":1,"-1":2} array
a string key (array<int, int>): MsgPack\UnpackException: Expected an int key, got str at $ [offset 1, path $]
int keys from an array (array<int, int>): [7,8] array
a big int key (array<int, int>): MsgPack\UnpackException: Expected an int key, got 18446744073709551615 (beyond PHP_INT_MAX) at $ [offset 1, path $]
a big int key (array<array-key, int>): {"18446744073709551615":1} array
any key (array<int|string, int>): {"5":1,"a":2} array
array-key (array<array-key, int>): {"5":1,"a":2} array
array<V> (array<int>): {"5":1,"a":2} array
array<V> from a list (array<int>): [1,2] array
a nil key (array<int>): MsgPack\UnpackException: Expected an int or string key, got nil at $ [offset 1, path $]
a bool key (array<int, int>): MsgPack\UnpackException: Expected an int key, got true at $ [offset 1, path $]
a bin key (array<string, int>): {"ab":1} array
duplicate keys: the last (array<string, int>): {"a":2} array
a wrong value (array<string, int>): MsgPack\UnpackException: Expected int, got str at $["b c"] [offset 8, path $["b c"]]
a wrong value under an int key (array<int>): MsgPack\UnpackException: Expected int, got str at $[7] [offset 2, path $[7]]
values of a union (array<string, int|string|null>): {"a":1,"b":"x","c":null} array
a map or a list of another type (array<string, int>|list<string>): {"a":1} array
a map or a list of another type (array<string, int>|list<string>): ["x","y"] array
a map or a list of another type (array<string, int>|list<string>): MsgPack\UnpackException: Expected string, got int at $[0] [offset 1, path $[0]]
a map or a list of another type (array<string, int>|list<string>): MsgPack\UnpackException: Expected int, got str at $.a [offset 3, path $.a]
-- array: any map or list, as unpack() reads it
a map (array): {"a":[1,{"b":2}]} array
a list (array): [1,"x"] array
maps as objects, but the array itself an array (array): {"a":{"b":2}} array
an int (array): MsgPack\UnpackException: Expected array, got int at $ [offset 0, path $]
nullable (?array): null null
array or a class (array|int): {"name":"x"} array
-- #[ListOf], #[MapOf] on properties
all (Post): {"tags":[{"name":"php"},{"name":"c"}],"scores":[1,null],"groups":{"a":["x","y"]},"counts":[{"k":1}],"byName":{"php":{"name":"php"}},"anything":[5],"raw":{"z":1}} Post
defaults (Post): {"tags":[],"scores":null,"groups":[],"counts":[],"byName":null,"anything":null,"raw":[]} Post
nullable list given null (Post): {"tags":[],"scores":null,"groups":[],"counts":[],"byName":null,"anything":null,"raw":[]} Post
untyped map given null (Post): {"tags":[],"scores":null,"groups":[],"counts":[],"byName":null,"anything":null,"raw":[]} Post
a wrong tag (Post): MsgPack\UnpackException: Expected string, got int at $.tags[1].name [offset 23, path $.tags[1].name]
a wrong group (Post): MsgPack\UnpackException: Expected string, got int at $.groups.a[1] [offset 14, path $.groups.a[1]]
a list for a map: int keys (Post): {"tags":[],"scores":null,"groups":[["x"]],"counts":[],"byName":null,"anything":null,"raw":[]} Post
a wrong group key (Post): MsgPack\UnpackException: Expected an int or string key, got true at $.groups [offset 9, path $.groups]
a wrong count (Post): MsgPack\UnpackException: Expected int, got str at $.counts[1].j [offset 16, path $.counts[1].j]
a map for a list (Post): MsgPack\UnpackException: Expected list<Tag>, got map at $.tags [offset 6, path $.tags]
a list of ints for mixed (Post): MsgPack\UnpackException: Expected int, got str at $.anything[0] [offset 11, path $.anything[0]]
