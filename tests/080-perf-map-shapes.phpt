--TEST--
Maps of the same shape (decode_map_shaped): copies of a map decoded before, and every fall-back to key-by-key insertion
--FILE--
<?php
// Maps of the same shape: built from a map decoded before, checked key by key. Each input
// below is read once per ini setting; the results must be those of inserting key by key.
function m(array $pairs): string {  // a map of str keys (hex of key bytes given as PHP strings)
    $s = chr(0x80 | count($pairs));
    foreach ($pairs as [$k, $v]) {
        $s .= $k . $v;
    }
    return $s;
}
function s(string $k): string { return chr(0xa0 | strlen($k)) . $k; }
// Inputs of 256 bytes or more: shorter ones take no shape (see msgpack_decoder_init()). The
// padding is a first element, dropped before the result is shown.
define('PAD', "\xda\x01\x04" . str_repeat('.', 260));
function a(string ...$items): string { return chr(0x90 | (count($items) + 1)) . PAD . implode('', $items); }
function unpad($v) {
    if (is_array($v)) {
        array_shift($v);
    }
    return $v;
}
function show(string $title, string $bytes): void {
    echo "-- $title\n";
    var_dump(unpad(msgpack_unpack($bytes)));
}
$row = fn (int $i) => m([[s('id'), chr($i)], [s('name'), s("u$i")], [s('ok'), "\xc3"]]);
show('rows of one shape', a($row(1), $row(2), $row(3)));
show('a key differs in the middle', a($row(1), m([[s('id'), "\x02"], [s('nick'), s('u2')], [s('ok'), "\xc2"]]), $row(3)));
show('a key differs at the end', a($row(1), m([[s('id'), "\x02"], [s('name'), s('u2')], [s('no'), "\xc2"]])));
show('same first key, fewer keys', a($row(1), m([[s('id'), "\x02"], [s('name'), s('u2')]])));
show('a duplicate key in place of the last', a($row(1), m([[s('id'), "\x02"], [s('name'), s('u2')], [s('id'), "\x09"]])));
show('a duplicate key in the first map', a(m([[s('id'), "\x01"], [s('id'), "\x02"], [s('ok'), "\xc3"]]), m([[s('id'), "\x03"], [s('id'), "\x04"], [s('ok'), "\xc2"]]), m([[s('id'), "\x05"], [s('x'), "\x06"], [s('ok'), "\xc2"]])));
show('int-like keys', a(m([[s('10'), "\x01"], [s('a'), "\x02"]]), m([[s('10'), "\x03"], [s('a'), "\x04"]]), m([[s('10'), "\x05"], [s('010'), "\x06"]])));
show('an int-like key after a template of strings', a(m([[s('k'), "\x01"], [s('a'), "\x02"]]), m([[s('k'), "\x03"], [s('7'), "\x04"]])));
show('keys as bin 8, str 8 and str 16', a($row(1), m([["\xc4\x02id", "\x02"], ["\xd9\x04name", s('u2')], ["\xda\x00\x02ok", "\xc2"]]), $row(3)));
show('a key of another type', a(m([[s('a'), "\x01"], [s('b'), "\x02"]]), m([[s('a'), "\x03"], ["\x05", "\x04"]])));
show('the same shape at several depths', a(m([[s('a'), "\x01"], [s('b'), "\x91" . m([[s('a'), "\x02"], [s('b'), "\x03"]])]]), m([[s('a'), m([[s('a'), "\x04"], [s('b'), "\x05"]])], [s('b'), "\x06"]])));
show('a template map inside the next map of its shape', a(m([[s('x'), "\x01"], [s('y'), "\x02"]]), m([[s('x'), m([[s('x'), "\x03"], [s('y'), "\x04"]])], [s('y'), m([[s('x'), "\x05"], [s('y'), "\x06"]])]])));
show('empty and one-byte keys', a(m([[s(''), "\x01"], [s('b'), "\x02"]]), m([[s(''), "\x03"], [s('b'), "\x04"]]), m([[s('b'), "\x05"], [s(''), "\x06"]])));
echo "-- a top-level map\n";
$v = msgpack_unpack(m([[s('pad'), PAD], [s('a'), "\x01"], [s('b'), m([[s('a'), "\x02"], [s('b'), "\x03"]])]]));
unset($v['pad']);
var_dump($v);
echo "-- input that ends inside the second map of a shape\n";
var_dump(@msgpack_unpack(substr(a($row(1), $row(2)), 0, -2)));
echo "-- an invalid byte inside the second map of a shape\n";
var_dump(@msgpack_unpack(a($row(1), m([[s('id'), "\x02"], [s('name'), "\xc1"], [s('ok'), "\xc3"]]))));
echo "-- assoc off: objects of one shape\n";
ini_set('msgpack.assoc', '0');
var_dump(unpad(msgpack_unpack(a($row(1), $row(2), m([[s('id'), "\x03"], [s('nick'), s('u3')], [s('ok'), "\xc3"]])))));
ini_set('msgpack.assoc', '1');
echo "-- php_only: references and objects inside rows\n";
$list = [1];
$o = new stdClass;
$o->p = 'o';
$rows = [substr(PAD, 3), ['a' => &$list, 'b' => $o], ['a' => &$list, 'b' => $o], ['a' => [3], 'b' => $o]];
$bytes = msgpack_pack($rows);
echo bin2hex(substr($bytes, 4 + 260)), "\n";
$v = unpad(msgpack_unpack($bytes));
var_dump($v);
$v[0]['a'][] = 'added';
var_dump($v[1]['a'], $v[2]['a']);
echo "-- php_only: rows held in references\n";
$r = ['a' => 1, 'b' => 2];
$bytes = msgpack_pack([substr(PAD, 3), ['a' => 0, 'b' => 0], &$r, &$r, ['a' => 3, 'b' => 4]]);
echo bin2hex(substr($bytes, 4 + 260)), "\n";
$v = unpad(msgpack_unpack($bytes));
var_dump($v);
$v[1]['a'] = 'changed';
var_dump($v[2]['a']);
echo "-- php_only: back-references to a map of a shape, then more maps of it\n";
var_dump(unpad(msgpack_unpack(a(m([[s('a'), "\x01"], [s('b'), "\x02"]]), "\x82\xc0\x02\x00\x02", "\x83\xc0\x02\x00\x02" . s('c') . "\x05", m([[s('a'), "\x03"], [s('b'), "\x04"]]), "\x82\xc0\x02\x00\x05"))));
echo "-- php_only: a row that is an object among rows of its keys\n";
$c = new stdClass;
$c->id = 9;
$c->name = 'obj';
$c->ok = false;
$bytes = msgpack_pack([substr(PAD, 3), ['id' => 1, 'name' => 'a', 'ok' => true], $c, ['id' => 2, 'name' => 'b', 'ok' => true]]);
echo bin2hex(substr($bytes, 4 + 260)), "\n";
var_dump(unpad(msgpack_unpack($bytes)));
echo "-- the same shape in another call\n";
var_dump(unpad(msgpack_unpack(a($row(7)))), unpad(msgpack_unpack(a($row(8), $row(9)))));
?>
--EXPECT--
-- rows of one shape
array(3) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(2)
    ["name"]=>
    string(2) "u2"
    ["ok"]=>
    bool(true)
  }
  [2]=>
  array(3) {
    ["id"]=>
    int(3)
    ["name"]=>
    string(2) "u3"
    ["ok"]=>
    bool(true)
  }
}
-- a key differs in the middle
array(3) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(2)
    ["nick"]=>
    string(2) "u2"
    ["ok"]=>
    bool(false)
  }
  [2]=>
  array(3) {
    ["id"]=>
    int(3)
    ["name"]=>
    string(2) "u3"
    ["ok"]=>
    bool(true)
  }
}
-- a key differs at the end
array(2) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(2)
    ["name"]=>
    string(2) "u2"
    ["no"]=>
    bool(false)
  }
}
-- same first key, fewer keys
array(2) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(2) {
    ["id"]=>
    int(2)
    ["name"]=>
    string(2) "u2"
  }
}
-- a duplicate key in place of the last
array(2) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(2) {
    ["id"]=>
    int(9)
    ["name"]=>
    string(2) "u2"
  }
}
-- a duplicate key in the first map
array(3) {
  [0]=>
  array(2) {
    ["id"]=>
    int(2)
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(2) {
    ["id"]=>
    int(4)
    ["ok"]=>
    bool(false)
  }
  [2]=>
  array(3) {
    ["id"]=>
    int(5)
    ["x"]=>
    int(6)
    ["ok"]=>
    bool(false)
  }
}
-- int-like keys
array(3) {
  [0]=>
  array(2) {
    [10]=>
    int(1)
    ["a"]=>
    int(2)
  }
  [1]=>
  array(2) {
    [10]=>
    int(3)
    ["a"]=>
    int(4)
  }
  [2]=>
  array(2) {
    [10]=>
    int(5)
    ["010"]=>
    int(6)
  }
}
-- an int-like key after a template of strings
array(2) {
  [0]=>
  array(2) {
    ["k"]=>
    int(1)
    ["a"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["k"]=>
    int(3)
    [7]=>
    int(4)
  }
}
-- keys as bin 8, str 8 and str 16
array(3) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(2)
    ["name"]=>
    string(2) "u2"
    ["ok"]=>
    bool(false)
  }
  [2]=>
  array(3) {
    ["id"]=>
    int(3)
    ["name"]=>
    string(2) "u3"
    ["ok"]=>
    bool(true)
  }
}
-- a key of another type
array(2) {
  [0]=>
  array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["a"]=>
    int(3)
    [5]=>
    int(4)
  }
}
-- the same shape at several depths
array(2) {
  [0]=>
  array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    array(1) {
      [0]=>
      array(2) {
        ["a"]=>
        int(2)
        ["b"]=>
        int(3)
      }
    }
  }
  [1]=>
  array(2) {
    ["a"]=>
    array(2) {
      ["a"]=>
      int(4)
      ["b"]=>
      int(5)
    }
    ["b"]=>
    int(6)
  }
}
-- a template map inside the next map of its shape
array(2) {
  [0]=>
  array(2) {
    ["x"]=>
    int(1)
    ["y"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["x"]=>
    array(2) {
      ["x"]=>
      int(3)
      ["y"]=>
      int(4)
    }
    ["y"]=>
    array(2) {
      ["x"]=>
      int(5)
      ["y"]=>
      int(6)
    }
  }
}
-- empty and one-byte keys
array(3) {
  [0]=>
  array(2) {
    [""]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [1]=>
  array(2) {
    [""]=>
    int(3)
    ["b"]=>
    int(4)
  }
  [2]=>
  array(2) {
    ["b"]=>
    int(5)
    [""]=>
    int(6)
  }
}
-- a top-level map
array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(2) {
    ["a"]=>
    int(2)
    ["b"]=>
    int(3)
  }
}
-- input that ends inside the second map of a shape
bool(false)
-- an invalid byte inside the second map of a shape
bool(false)
-- assoc off: objects of one shape
array(3) {
  [0]=>
  object(stdClass)#2 (3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(2) "u1"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  object(stdClass)#3 (3) {
    ["id"]=>
    int(2)
    ["name"]=>
    string(2) "u2"
    ["ok"]=>
    bool(true)
  }
  [2]=>
  object(stdClass)#4 (3) {
    ["id"]=>
    int(3)
    ["nick"]=>
    string(2) "u3"
    ["ok"]=>
    bool(true)
  }
}
-- php_only: references and objects inside rows
82a16182c0010001a16282c0a8737464436c617373a170a16f82a16182c0020003a16282c004000482a1619103a16282c0040004
array(3) {
  [0]=>
  array(2) {
    ["a"]=>
    &array(1) {
      [0]=>
      int(1)
    }
    ["b"]=>
    object(stdClass)#3 (1) {
      ["p"]=>
      string(1) "o"
    }
  }
  [1]=>
  array(2) {
    ["a"]=>
    &array(1) {
      [0]=>
      int(1)
    }
    ["b"]=>
    object(stdClass)#3 (1) {
      ["p"]=>
      string(1) "o"
    }
  }
  [2]=>
  array(2) {
    ["a"]=>
    array(1) {
      [0]=>
      int(3)
    }
    ["b"]=>
    object(stdClass)#3 (1) {
      ["p"]=>
      string(1) "o"
    }
  }
}
array(2) {
  [0]=>
  int(1)
  [1]=>
  string(5) "added"
}
array(1) {
  [0]=>
  int(3)
}
-- php_only: rows held in references
82a16100a1620083c001a16101a1620282c002000382a16103a16204
array(4) {
  [0]=>
  array(2) {
    ["a"]=>
    int(0)
    ["b"]=>
    int(0)
  }
  [1]=>
  &array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [2]=>
  &array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [3]=>
  array(2) {
    ["a"]=>
    int(3)
    ["b"]=>
    int(4)
  }
}
string(7) "changed"
-- php_only: back-references to a map of a shape, then more maps of it
array(5) {
  [0]=>
  array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [1]=>
  array(2) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
  }
  [2]=>
  array(3) {
    ["a"]=>
    int(1)
    ["b"]=>
    int(2)
    ["c"]=>
    int(5)
  }
  [3]=>
  array(2) {
    ["a"]=>
    int(3)
    ["b"]=>
    int(4)
  }
  [4]=>
  array(2) {
    ["a"]=>
    int(3)
    ["b"]=>
    int(4)
  }
}
-- php_only: a row that is an object among rows of its keys
83a2696401a46e616d65a161a26f6bc384c0a8737464436c617373a2696409a46e616d65a36f626aa26f6bc283a2696402a46e616d65a162a26f6bc3
array(3) {
  [0]=>
  array(3) {
    ["id"]=>
    int(1)
    ["name"]=>
    string(1) "a"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  object(stdClass)#2 (3) {
    ["id"]=>
    int(9)
    ["name"]=>
    string(3) "obj"
    ["ok"]=>
    bool(false)
  }
  [2]=>
  array(3) {
    ["id"]=>
    int(2)
    ["name"]=>
    string(1) "b"
    ["ok"]=>
    bool(true)
  }
}
-- the same shape in another call
array(1) {
  [0]=>
  array(3) {
    ["id"]=>
    int(7)
    ["name"]=>
    string(2) "u7"
    ["ok"]=>
    bool(true)
  }
}
array(2) {
  [0]=>
  array(3) {
    ["id"]=>
    int(8)
    ["name"]=>
    string(2) "u8"
    ["ok"]=>
    bool(true)
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(9)
    ["name"]=>
    string(2) "u9"
    ["ok"]=>
    bool(true)
  }
}
