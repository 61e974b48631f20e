--TEST--
Partial decoding: the value at a path (map keys, int keys, list indexes, numeric strings), several paths in one pass by name, a default, and the Unpacker's reads with a path (of a string and of the stream)
--FILE--
<?php
use function MsgPack\{pack, unpack, unpackPaths};
use MsgPack\Unpacker;

$doc = [
    'statuses' => [
        ['id' => 10, 'user' => ['screen_name' => 'ann', 'langs' => ['en', 'fr']]],
        ['id' => 11, 'user' => ['screen_name' => 'bob', 'langs' => []]],
        ['id' => 12, 'user' => ['screen_name' => 'cy', 'langs' => ['de']]],
    ],
    7 => 'seven',
    -3 => 'minus three',
    '' => 'empty key',
    'meta' => ['count' => 3, 'next' => null, 'rate' => 0.5],
];
$bytes = pack($doc);
echo bin2hex(substr($bytes, 0, 12)), "\n";

// one path: the value there, decoded as unpack() decodes it
var_dump(unpack($bytes, 0, ['statuses', 1, 'user', 'screen_name']));
var_dump(unpack($bytes, 0, ['statuses', 2, 'user', 'langs']));
var_dump(unpack($bytes, 0, ['meta', 'rate']));
var_dump(unpack($bytes, 0, ['meta', 'next']));
var_dump(unpack($bytes, 0, [7]), unpack($bytes, 0, ['7']), unpack($bytes, 0, [-3]), unpack($bytes, 0, ['-3']));
var_dump(unpack($bytes, 0, ['']));
// a map with MAPS_AS_OBJECTS: the value at the path is an object as unpack() makes it
var_dump(unpack($bytes, Unpacker::MAPS_AS_OBJECTS, ['statuses', 0, 'user']));
// no path, or an empty one: the whole value
var_dump(unpack($bytes, 0, []) === $doc, unpack($bytes, 0, null) === $doc);

// the int key 5 of a map, and "5" as a key of the input: both are the array key 5
$intKeys = pack([5 => 'int five', 'x' => 1]);
$strKeys = "\x82\xa15\xa8str five\xa1x\x01"; // {"5": "str five", "x": 1}
var_dump(unpack($intKeys, 0, [5]), unpack($strKeys, 0, [5]), unpack($strKeys, 0, ['5']));
// "05" is no int key, in the input or in the path
$leadingZero = "\x82\xa205\xa5zero5\xa15\xa4five"; // {"05": "zero5", "5": "five"}
var_dump(unpack($leadingZero, 0, ['05']), unpack($leadingZero, 0, [5]));

// several paths, one pass: the values by the paths' names, in their order; a path that is
// not there takes the default
var_dump(unpackPaths($bytes, [
    'second' => ['statuses', 1, 'id'],
    'lang' => ['statuses', 0, 'user', 'langs', 1],
    'count' => ['meta', 'count'],
    3 => [7],
    'gone' => ['statuses', 9, 'id'],
    'first' => ['statuses', 0, 'id'],
    'all' => [],
], 0, 'DEFAULT'));
// paths that share their first steps, and a path through the value of another
var_dump(unpackPaths($bytes, [['meta'], ['meta', 'count'], ['statuses', 0, 'user'], ['statuses', 0, 'user', 'langs', 0]]));
// null as a default
var_dump(unpackPaths($bytes, ['a' => ['nope']], 0, null));

// the Unpacker: a string, and the next value of the stream (consumed whatever is read of it)
$u = new Unpacker();
var_dump($u->unpack($bytes, ['statuses', 2, 'id']));
var_dump($u->unpackPaths($bytes, ['n' => ['meta', 'count'], 'x' => ['x']], false));
$u->feed($bytes . pack(['k' => [1, 2, 3]]) . pack('last'));
var_dump($u->unpack(path: ['meta', 'count']));
var_dump($u->unpack(null, ['k', 2]));
var_dump($u->unpack());
var_dump($u->remaining());
?>
--EXPECT--
85a873746174757365739382
string(3) "bob"
array(1) {
  [0]=>
  string(2) "de"
}
float(0.5)
NULL
string(5) "seven"
string(5) "seven"
string(11) "minus three"
string(11) "minus three"
string(9) "empty key"
object(stdClass)#1 (2) {
  ["screen_name"]=>
  string(3) "ann"
  ["langs"]=>
  array(2) {
    [0]=>
    string(2) "en"
    [1]=>
    string(2) "fr"
  }
}
bool(true)
bool(true)
string(8) "int five"
string(8) "str five"
string(8) "str five"
string(5) "zero5"
string(4) "five"
array(7) {
  ["second"]=>
  int(11)
  ["lang"]=>
  string(2) "fr"
  ["count"]=>
  int(3)
  [3]=>
  string(5) "seven"
  ["gone"]=>
  string(7) "DEFAULT"
  ["first"]=>
  int(10)
  ["all"]=>
  array(5) {
    ["statuses"]=>
    array(3) {
      [0]=>
      array(2) {
        ["id"]=>
        int(10)
        ["user"]=>
        array(2) {
          ["screen_name"]=>
          string(3) "ann"
          ["langs"]=>
          array(2) {
            [0]=>
            string(2) "en"
            [1]=>
            string(2) "fr"
          }
        }
      }
      [1]=>
      array(2) {
        ["id"]=>
        int(11)
        ["user"]=>
        array(2) {
          ["screen_name"]=>
          string(3) "bob"
          ["langs"]=>
          array(0) {
          }
        }
      }
      [2]=>
      array(2) {
        ["id"]=>
        int(12)
        ["user"]=>
        array(2) {
          ["screen_name"]=>
          string(2) "cy"
          ["langs"]=>
          array(1) {
            [0]=>
            string(2) "de"
          }
        }
      }
    }
    [7]=>
    string(5) "seven"
    [-3]=>
    string(11) "minus three"
    [""]=>
    string(9) "empty key"
    ["meta"]=>
    array(3) {
      ["count"]=>
      int(3)
      ["next"]=>
      NULL
      ["rate"]=>
      float(0.5)
    }
  }
}
array(4) {
  [0]=>
  array(3) {
    ["count"]=>
    int(3)
    ["next"]=>
    NULL
    ["rate"]=>
    float(0.5)
  }
  [1]=>
  int(3)
  [2]=>
  array(2) {
    ["screen_name"]=>
    string(3) "ann"
    ["langs"]=>
    array(2) {
      [0]=>
      string(2) "en"
      [1]=>
      string(2) "fr"
    }
  }
  [3]=>
  string(2) "en"
}
array(1) {
  ["a"]=>
  NULL
}
int(12)
array(2) {
  ["n"]=>
  int(3)
  ["x"]=>
  bool(false)
}
int(3)
int(3)
string(4) "last"
int(0)
