--TEST--
assoc off: a stdClass is packed as a plain map, without its class entry (PECL 3.0), and reads back as the same object; sessions keep the class entry
--FILE--
<?php
// With assoc off (msgpack.assoc=0 or MessagePack::OPT_ASSOC false) a stdClass is the plain map
// of its properties, php_only on or off, so that a map read as stdClass packs back to the same
// bytes. Subclasses and other classes keep their class entry; so does a stdClass inside a PHP
// reference (`c0 01` then plain keys would read back as an array).
class Sub extends stdClass {}
class Point { public $x = 1; }

// sessions first (before any output): they keep the class entry, their reader takes maps as arrays
ini_set('msgpack.assoc', '0');
$dir = sys_get_temp_dir() . '/msgpack-session-assoc-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');
session_id('assoc');
session_start();
$_SESSION['o'] = (object)['a' => 1];
session_write_close();
$session_bytes = bin2hex(file_get_contents("$dir/sess_assoc"));
$_SESSION = [];
session_start();
$session_read = $_SESSION;
session_write_close();
array_map('unlink', glob("$dir/sess_*"));
rmdir($dir);
ini_set('msgpack.assoc', '1');

function show(string $label, $bytes, $read) {
    echo $label, ': ', bin2hex($bytes), "\n";
    var_dump($read);
}

$o = (object)['a' => 1];
foreach (['1', '0'] as $php_only) {
    ini_set('msgpack.php_only', $php_only);
    echo "== php_only=$php_only, assoc=0\n";
    ini_set('msgpack.assoc', '0');
    foreach ([
        'stdClass' => $o,
        'empty stdClass' => new stdClass,
        'nested' => (object)['k' => (object)['l' => [1, 2]], 'n' => null],
        'int-like property' => (object)[7 => 'seven'],
        'subclass' => new Sub,
        'other class' => new Point,
    ] as $label => $v) {
        $b = msgpack_pack($v);
        show($label, $b, msgpack_unpack($b));
        var_dump(msgpack_pack(msgpack_unpack($b)) === $b);
    }
}

echo "== php_only=1, assoc=0: the same object twice\n";
ini_set('msgpack.php_only', '1');
$b = msgpack_pack([$o, ['x' => $o], $o]);
echo bin2hex($b), "\n";
$u = msgpack_unpack($b);
var_dump($u[0] === $u[1]->x, $u[0] === $u[2], msgpack_pack($u) === $b);

echo "== a back-reference to an object after a stdClass names the right value\n";
$p = new Point;
$b = msgpack_pack([$o, $p, (object)['z' => [3]], $p, $o]);
echo bin2hex($b), "\n";
$u = msgpack_unpack($b);
var_dump($u[1] === $u[3], $u[0] === $u[4], $u[2]);

echo "== inside a reference\n";
// The third element, the same object outside the reference, is a marker-4 back-reference to the
// reference's id: PECL's reader, which ours follows, gives it as that reference (PECL writes the
// same bytes; the format has no id that holds the object outside the reference).
$r = $o;
$b = msgpack_pack([&$r, &$r, $o]);
echo bin2hex($b), "\n";
$u = msgpack_unpack($b);
var_dump($u);
$u[0]->b = 2;
var_dump($u[1]->b, $u[2]->b);

echo "== assoc on: the class entry stays\n";
ini_set('msgpack.assoc', '1');
echo bin2hex(msgpack_pack($o)), "\n";

echo "== MessagePack::OPT_ASSOC false\n";
$mp = new MessagePack(true);
$mp->setOption(MessagePack::OPT_ASSOC, false);
$b = $mp->pack([$o, new stdClass, new Sub]);
echo bin2hex($b), "\n";
var_dump($mp->unpack($b));
$mp->setOption(MessagePack::OPT_ASSOC, true);
echo bin2hex($mp->pack($o)), "\n";
$mp = new MessagePack(false);
$mp->setOption(MessagePack::OPT_ASSOC, false);
echo bin2hex($mp->pack($o)), "\n";

echo "== session, assoc off\n";
echo $session_bytes, "\n";
var_dump($session_read);
?>
--EXPECTF--
== php_only=1, assoc=0
stdClass: 81a16101
object(stdClass)#%d (1) {
  ["a"]=>
  int(1)
}
bool(true)
empty stdClass: 80
object(stdClass)#%d (0) {
}
bool(true)
nested: 82a16b81a16c920102a16ec0
object(stdClass)#%d (2) {
  ["k"]=>
  object(stdClass)#%d (1) {
    ["l"]=>
    array(2) {
      [0]=>
      int(1)
      [1]=>
      int(2)
    }
  }
  ["n"]=>
  NULL
}
bool(true)
int-like property: 81a137a5736576656e
object(stdClass)#%d (1) {
  ["7"]=>
  string(5) "seven"
}
bool(true)
subclass: 81c0a3537562
object(Sub)#%d (0) {
}
bool(true)
other class: 82c0a5506f696e74a17801
object(Point)#%d (1) {
  ["x"]=>
  int(1)
}
bool(true)
== php_only=0, assoc=0
stdClass: 81a16101
object(stdClass)#%d (1) {
  ["a"]=>
  int(1)
}
bool(true)
empty stdClass: 80
object(stdClass)#%d (0) {
}
bool(true)
nested: 82a16b81a16c920102a16ec0
object(stdClass)#%d (2) {
  ["k"]=>
  object(stdClass)#%d (1) {
    ["l"]=>
    array(2) {
      [0]=>
      int(1)
      [1]=>
      int(2)
    }
  }
  ["n"]=>
  NULL
}
bool(true)
int-like property: 81a137a5736576656e
object(stdClass)#%d (1) {
  ["7"]=>
  string(5) "seven"
}
bool(true)
subclass: 80
object(stdClass)#%d (0) {
}
bool(true)
other class: 81a17801
object(stdClass)#%d (1) {
  ["x"]=>
  int(1)
}
bool(true)
== php_only=1, assoc=0: the same object twice
9381a1610181a17882c004000282c0040002
bool(true)
bool(true)
bool(true)
== a back-reference to an object after a stdClass names the right value
9581a1610182c0a5506f696e74a1780181a17a910382c004000382c0040002
bool(true)
bool(true)
object(stdClass)#%d (1) {
  ["z"]=>
  array(1) {
    [0]=>
    int(3)
  }
}
== inside a reference
9383c001c0a8737464436c617373a1610182c005000282c0040002
array(3) {
  [0]=>
  &object(stdClass)#%d (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  &object(stdClass)#%d (1) {
    ["a"]=>
    int(1)
  }
  [2]=>
  &object(stdClass)#%d (1) {
    ["a"]=>
    int(1)
  }
}
int(2)
int(2)
== assoc on: the class entry stays
82c0a8737464436c617373a16101
== MessagePack::OPT_ASSOC false
9381a161018081c0a3537562
array(3) {
  [0]=>
  object(stdClass)#%d (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  object(stdClass)#%d (0) {
  }
  [2]=>
  object(Sub)#%d (0) {
  }
}
82c0a8737464436c617373a16101
81a16101
== session, assoc off
82c001a16f82c0a8737464436c617373a16101
array(1) {
  ["o"]=>
  object(stdClass)#%d (1) {
    ["a"]=>
    int(1)
  }
}
