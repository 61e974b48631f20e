--TEST--
Objects of a class met before in the call (read_known_object): order changes, unknown and int keys, typed and readonly properties, __wakeup/__unserialize/__set, references, back-references, nested objects of the class, the class cache replaced meanwhile
--DESCRIPTION--
Each case leaves the fast path somewhere (or never takes it): the output is what the general
per-entry path gives (checked against the build without the fast path). Against PECL msgpack
2.2.0RC2 two cases differ, as in 081: PECL writes a value of the wrong type into a typed property
(an object with corrupt data; we throw TypeError as unserialize() does), and it keeps an int key
as an int key of the property table (we write the property "7", as unserialize() does).
--FILE--
<?php
// Objects of a class met before in the call (read_known_object): each way off its fast path
// must give what the general path gives.
class K {
    public $a;
    protected $b;
    private $c;
}
class Typed {
    public int $n = 0;
    public ?string $s = null;
}
class Ro {
    public function __construct(public readonly int $x = 0, public $y = null) {}
}
class Woken {
    public $a;
    public static $log = [];
    function __wakeup() { self::$log[] = "woken {$this->a}"; }
}
class Ser {
    public $a;
    function __serialize(): array { return ['a' => $this->a]; }
    function __unserialize(array $d): void { $this->a = $d['a'] ?? null; echo "unserialize\n"; }
}
class Magic {
    public $a;
    function __set($n, $v) { echo "__set $n\n"; }
    function __get($n) { echo "__get $n\n"; return null; }
}
class Node {
    public $v;
    public $next;
}
class AVeryLongClassNameThatNeedsAStr8Header { public $p; }
function s(string $k): string { return strlen($k) < 32 ? chr(0xa0 | strlen($k)) . $k : "\xd9" . chr(strlen($k)) . $k; }
function obj(string $class, array $props): string {
    $b = chr(0x80 | (count($props) + 1)) . "\xc0" . s($class);
    foreach ($props as $k => $v) {
        $b .= s($k) . $v;
    }
    return $b;
}
function a(string ...$items): string { return chr(0x90 | count($items)) . implode('', $items); }
$k = fn ($i) => obj('K', ['a' => chr($i), "\0*\0b" => s("b$i"), "\0K\0c" => chr(0x90 | 1) . chr($i)]);
function show(string $title, string $bytes): void {
    echo "-- $title\n";
    try {
        var_dump(msgpack_unpack($bytes));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
show('the same order', a($k(1), $k(2), $k(3)));
show('the order changes mid-object', a($k(1), obj('K', ['a' => "\x02", "\0K\0c" => "\x03", "\0*\0b" => s('b2')]), $k(4)));
show('an unknown property mid-object', a($k(1), obj('K', ['a' => "\x02", 'extra' => s('x'), "\0*\0b" => s('b2'), "\0K\0c" => "\x90"]), $k(3)));
show('fewer and more entries', a($k(1), obj('K', ['a' => "\x02"]), obj('K', ['a' => "\x03", "\0*\0b" => "\xc0", "\0K\0c" => "\xc0", 'd' => "\x04"]), $k(5)));
show('a property written twice', a($k(1), obj('K', ['a' => "\x02", "\0*\0b" => "\x03"]) . '', $k(4)));
show('only the class entry', a($k(1), chr(0x81) . "\xc0" . s('K'), $k(2)));
show('an int key', a($k(1), chr(0x83) . "\xc0" . s('K') . s('a') . "\x02" . "\x07" . "\x08", $k(3)));
$t = fn ($n, $s) => obj('Typed', ['n' => $n, 's' => $s]);
show('typed properties', a($t("\x01", s('x')), $t("\x02", "\xc0"), $t("\x03", s('y'))));
show('a typed property given a wrong type', a($t("\x01", s('x')), $t(s('not an int'), s('y'))));
show('a typed property given a wrong type after the first', a($t("\x01", s('x')), $t("\x02", "\x05")));
show('null into int', a($t("\x01", s('x')), $t("\xc0", s('y'))));
show('a float into int', a($t("\x01", s('x')), $t("\xcb" . pack('E', 1.0), s('y'))));
$r = fn ($x, $y) => obj('Ro', ['x' => $x, 'y' => $y]);
show('readonly', a($r("\x01", "\x02"), $r("\x03", "\x04")));
show('readonly given twice', a($r("\x01", "\x02"), obj('Ro', ['x' => "\x03", 'y' => "\x04"]) , chr(0x84) . "\xc0" . s('Ro') . s('x') . "\x05" . s('x') . "\x06" . s('y') . "\x07"));
show('__wakeup', a(obj('Woken', ['a' => "\x01"]), obj('Woken', ['a' => "\x02"]), obj('Woken', ['a' => "\x03"])));
var_dump(Woken::$log);
show('__unserialize', msgpack_pack([new Ser, new Ser]));
show('__set and __get are not called', a(obj('Magic', ['a' => "\x01"]), obj('Magic', ['a' => "\x02", 'b' => "\x03"]), obj('Magic', ['a' => "\x04"])));
$o = new K;
show('[$o, $o]', msgpack_pack([$o, $o, new K, $o]));
$o2 = new K;
$refs = [new K, &$o2, &$o2, new K];
show('[&$o, &$o]', msgpack_pack($refs));
$p = new Node; $p->v = 1;
$q = new Node; $q->v = 2; $q->next = $p;
show('back-references into an earlier object', msgpack_pack([$p, $q, $p, $q]));
$n3 = new Node; $n3->v = 3;
$n2 = new Node; $n2->v = 2; $n2->next = $n3;
$n1 = new Node; $n1->v = 1; $n1->next = $n2;
show('an object of the class inside its own properties', msgpack_pack([$n1, $n1]));
show('the inner object in another order', a(obj('Node', ['v' => "\x01", 'next' => "\xc0"]),
    obj('Node', ['v' => "\x02", 'next' => obj('Node', ['next' => "\xc0", 'v' => "\x03"])]), obj('Node', ['v' => "\x04", 'next' => "\xc0"])));
$c = new Node; $c->v = 'cycle'; $c->next = $c;
show('an object holding itself', msgpack_pack([new Node, $c]));
$x = new Node; $x->v = 'x'; $x->next = &$x->v;
show('a property referencing another', msgpack_pack([new Node, $x, $x]));
$many = '';
for ($i = 0; $i < 9; $i++) {
    eval("class C$i { public \$v; }");
    $many .= obj("C$i", ['v' => chr($i)]);
}
show('the class cache replaced while an object is read', a($k(1), obj('K', ['a' => chr(0x99) . $many, "\0*\0b" => s('b2'), "\0K\0c" => "\x03"]), $k(4)));
$many = '';
for ($i = 0; $i < 15; $i++) {
    eval("class D$i { public \$v; }");
    $many .= obj("D$i", ['v' => chr($i)]);
}
$many .= obj('K', ["\0K\0c" => "\x09", 'a' => "\x08"]);
show('the class cache entry made anew for the same class while an object is read', a($k(1), obj('K', ['a' => "\xdc\x00\x10" . $many, "\0*\0b" => s('b2'), "\0K\0c" => "\x03"]), $k(4)));
show('a long class name', a(obj('AVeryLongClassNameThatNeedsAStr8Header', ['p' => "\x01"]), obj('AVeryLongClassNameThatNeedsAStr8Header', ['p' => "\x02"])));
show('the class name in another case', a($k(1), obj('k', ['a' => "\x02"]), $k(3)));
show('input ending inside the class name', a($k(1), substr(obj('K', []), 0, 3)));
show('input ending inside a property', a($k(1), substr($k(2), 0, 8)));
foreach (["\xcc\x05", "\xcd\x01\x02", "\xce\x01\x02\x03\x04", "\xcb" . pack('E', 1.5)] as $v) {
    for ($cut = 0; $cut <= strlen($v); $cut++) {
        show("input ending $cut bytes into " . bin2hex($v), a($t("\x01", s('x')), substr($t($v, s('y')), 0, 10 + $cut)));
    }
}
?>
--EXPECTF--
-- the same order
array(3) {
  [0]=>
  object(K)#2 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#3 (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    string(2) "b2"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(2)
    }
  }
  [2]=>
  object(K)#4 (3) {
    ["a"]=>
    int(3)
    ["b":protected]=>
    string(2) "b3"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(3)
    }
  }
}
-- the order changes mid-object
array(3) {
  [0]=>
  object(K)#4 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#3 (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    string(2) "b2"
    ["c":"K":private]=>
    int(3)
  }
  [2]=>
  object(K)#2 (3) {
    ["a"]=>
    int(4)
    ["b":protected]=>
    string(2) "b4"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(4)
    }
  }
}
-- an unknown property mid-object
array(3) {
  [0]=>
  object(K)#2 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#3 (4) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    string(2) "b2"
    ["c":"K":private]=>
    array(0) {
    }
    ["extra"]=>
    string(1) "x"
  }
  [2]=>
  object(K)#4 (3) {
    ["a"]=>
    int(3)
    ["b":protected]=>
    string(2) "b3"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(3)
    }
  }
}
-- fewer and more entries
array(4) {
  [0]=>
  object(K)#4 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#3 (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [2]=>
  object(K)#2 (4) {
    ["a"]=>
    int(3)
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
    ["d"]=>
    int(4)
  }
  [3]=>
  object(K)#5 (3) {
    ["a"]=>
    int(5)
    ["b":protected]=>
    string(2) "b5"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(5)
    }
  }
}
-- a property written twice
array(3) {
  [0]=>
  object(K)#5 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#2 (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    int(3)
    ["c":"K":private]=>
    NULL
  }
  [2]=>
  object(K)#3 (3) {
    ["a"]=>
    int(4)
    ["b":protected]=>
    string(2) "b4"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(4)
    }
  }
}
-- only the class entry
array(3) {
  [0]=>
  object(K)#3 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#2 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [2]=>
  object(K)#5 (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    string(2) "b2"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(2)
    }
  }
}
-- an int key
array(3) {
  [0]=>
  object(K)#5 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#2 (4) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
    ["7"]=>
    int(8)
  }
  [2]=>
  object(K)#3 (3) {
    ["a"]=>
    int(3)
    ["b":protected]=>
    string(2) "b3"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(3)
    }
  }
}
-- typed properties
array(3) {
  [0]=>
  object(Typed)#2 (2) {
    ["n"]=>
    int(1)
    ["s"]=>
    string(1) "x"
  }
  [1]=>
  object(Typed)#5 (2) {
    ["n"]=>
    int(2)
    ["s"]=>
    NULL
  }
  [2]=>
  object(Typed)#4 (2) {
    ["n"]=>
    int(3)
    ["s"]=>
    string(1) "y"
  }
}
-- a typed property given a wrong type
TypeError: Cannot assign string to property Typed::$n of type int
-- a typed property given a wrong type after the first
TypeError: Cannot assign int to property Typed::$s of type ?string
-- null into int
TypeError: Cannot assign null to property Typed::$n of type int
-- a float into int
TypeError: Cannot assign float to property Typed::$n of type int
-- readonly
array(2) {
  [0]=>
  object(Ro)#5 (2) {
    ["x"]=>
    int(1)
    ["y"]=>
    int(2)
  }
  [1]=>
  object(Ro)#2 (2) {
    ["x"]=>
    int(3)
    ["y"]=>
    int(4)
  }
}
-- readonly given twice
array(3) {
  [0]=>
  object(Ro)#2 (2) {
    ["x"]=>
    int(1)
    ["y"]=>
    int(2)
  }
  [1]=>
  object(Ro)#5 (2) {
    ["x"]=>
    int(3)
    ["y"]=>
    int(4)
  }
  [2]=>
  object(Ro)#6 (2) {
    ["x"]=>
    int(6)
    ["y"]=>
    int(7)
  }
}
-- __wakeup
array(3) {
  [0]=>
  object(Woken)#6 (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  object(Woken)#5 (1) {
    ["a"]=>
    int(2)
  }
  [2]=>
  object(Woken)#2 (1) {
    ["a"]=>
    int(3)
  }
}
array(3) {
  [0]=>
  string(7) "woken 1"
  [1]=>
  string(7) "woken 2"
  [2]=>
  string(7) "woken 3"
}
-- __unserialize
unserialize
unserialize
array(2) {
  [0]=>
  object(Ser)#5 (1) {
    ["a"]=>
    NULL
  }
  [1]=>
  object(Ser)#2 (1) {
    ["a"]=>
    NULL
  }
}
-- __set and __get are not called
array(3) {
  [0]=>
  object(Magic)#2 (1) {
    ["a"]=>
    int(1)
  }
  [1]=>
  object(Magic)#5 (2) {
    ["a"]=>
    int(2)
    ["b"]=>
    int(3)
  }
  [2]=>
  object(Magic)#6 (1) {
    ["a"]=>
    int(4)
  }
}
-- [$o, $o]
array(4) {
  [0]=>
  object(K)#5 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [1]=>
  object(K)#5 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [2]=>
  object(K)#2 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [3]=>
  object(K)#5 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
}
-- [&$o, &$o]
array(4) {
  [0]=>
  object(K)#8 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [1]=>
  &object(K)#9 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [2]=>
  &object(K)#9 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [3]=>
  object(K)#10 (3) {
    ["a"]=>
    NULL
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
}
-- back-references into an earlier object
array(4) {
  [0]=>
  object(Node)#8 (2) {
    ["v"]=>
    int(1)
    ["next"]=>
    NULL
  }
  [1]=>
  object(Node)#11 (2) {
    ["v"]=>
    int(2)
    ["next"]=>
    object(Node)#8 (2) {
      ["v"]=>
      int(1)
      ["next"]=>
      NULL
    }
  }
  [2]=>
  object(Node)#8 (2) {
    ["v"]=>
    int(1)
    ["next"]=>
    NULL
  }
  [3]=>
  object(Node)#11 (2) {
    ["v"]=>
    int(2)
    ["next"]=>
    object(Node)#8 (2) {
      ["v"]=>
      int(1)
      ["next"]=>
      NULL
    }
  }
}
-- an object of the class inside its own properties
array(2) {
  [0]=>
  object(Node)#13 (2) {
    ["v"]=>
    int(1)
    ["next"]=>
    object(Node)#14 (2) {
      ["v"]=>
      int(2)
      ["next"]=>
      object(Node)#15 (2) {
        ["v"]=>
        int(3)
        ["next"]=>
        NULL
      }
    }
  }
  [1]=>
  object(Node)#13 (2) {
    ["v"]=>
    int(1)
    ["next"]=>
    object(Node)#14 (2) {
      ["v"]=>
      int(2)
      ["next"]=>
      object(Node)#15 (2) {
        ["v"]=>
        int(3)
        ["next"]=>
        NULL
      }
    }
  }
}
-- the inner object in another order
array(3) {
  [0]=>
  object(Node)#13 (2) {
    ["v"]=>
    int(1)
    ["next"]=>
    NULL
  }
  [1]=>
  object(Node)#14 (2) {
    ["v"]=>
    int(2)
    ["next"]=>
    object(Node)#15 (2) {
      ["v"]=>
      int(3)
      ["next"]=>
      NULL
    }
  }
  [2]=>
  object(Node)#16 (2) {
    ["v"]=>
    int(4)
    ["next"]=>
    NULL
  }
}
-- an object holding itself
array(2) {
  [0]=>
  object(Node)#14 (2) {
    ["v"]=>
    NULL
    ["next"]=>
    NULL
  }
  [1]=>
  object(Node)#15 (2) {
    ["v"]=>
    string(5) "cycle"
    ["next"]=>
    *RECURSION*
  }
}
-- a property referencing another
array(3) {
  [0]=>
  object(Node)#13 (2) {
    ["v"]=>
    NULL
    ["next"]=>
    NULL
  }
  [1]=>
  object(Node)#17 (2) {
    ["v"]=>
    string(1) "x"
    ["next"]=>
    string(1) "x"
  }
  [2]=>
  object(Node)#17 (2) {
    ["v"]=>
    string(1) "x"
    ["next"]=>
    string(1) "x"
  }
}
-- the class cache replaced while an object is read
array(3) {
  [0]=>
  object(K)#17 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#13 (3) {
    ["a"]=>
    array(9) {
      [0]=>
      object(C0)#18 (1) {
        ["v"]=>
        int(0)
      }
      [1]=>
      object(C1)#19 (1) {
        ["v"]=>
        int(1)
      }
      [2]=>
      object(C2)#20 (1) {
        ["v"]=>
        int(2)
      }
      [3]=>
      object(C3)#21 (1) {
        ["v"]=>
        int(3)
      }
      [4]=>
      object(C4)#22 (1) {
        ["v"]=>
        int(4)
      }
      [5]=>
      object(C5)#23 (1) {
        ["v"]=>
        int(5)
      }
      [6]=>
      object(C6)#24 (1) {
        ["v"]=>
        int(6)
      }
      [7]=>
      object(C7)#25 (1) {
        ["v"]=>
        int(7)
      }
      [8]=>
      object(C8)#26 (1) {
        ["v"]=>
        int(8)
      }
    }
    ["b":protected]=>
    string(2) "b2"
    ["c":"K":private]=>
    int(3)
  }
  [2]=>
  object(K)#27 (3) {
    ["a"]=>
    int(4)
    ["b":protected]=>
    string(2) "b4"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(4)
    }
  }
}
-- the class cache entry made anew for the same class while an object is read
array(3) {
  [0]=>
  object(K)#27 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#13 (3) {
    ["a"]=>
    array(16) {
      [0]=>
      object(D0)#26 (1) {
        ["v"]=>
        int(0)
      }
      [1]=>
      object(D1)#25 (1) {
        ["v"]=>
        int(1)
      }
      [2]=>
      object(D2)#24 (1) {
        ["v"]=>
        int(2)
      }
      [3]=>
      object(D3)#23 (1) {
        ["v"]=>
        int(3)
      }
      [4]=>
      object(D4)#22 (1) {
        ["v"]=>
        int(4)
      }
      [5]=>
      object(D5)#21 (1) {
        ["v"]=>
        int(5)
      }
      [6]=>
      object(D6)#20 (1) {
        ["v"]=>
        int(6)
      }
      [7]=>
      object(D7)#19 (1) {
        ["v"]=>
        int(7)
      }
      [8]=>
      object(D8)#18 (1) {
        ["v"]=>
        int(8)
      }
      [9]=>
      object(D9)#17 (1) {
        ["v"]=>
        int(9)
      }
      [10]=>
      object(D10)#28 (1) {
        ["v"]=>
        int(10)
      }
      [11]=>
      object(D11)#29 (1) {
        ["v"]=>
        int(11)
      }
      [12]=>
      object(D12)#30 (1) {
        ["v"]=>
        int(12)
      }
      [13]=>
      object(D13)#31 (1) {
        ["v"]=>
        int(13)
      }
      [14]=>
      object(D14)#32 (1) {
        ["v"]=>
        int(14)
      }
      [15]=>
      object(K)#33 (3) {
        ["a"]=>
        int(8)
        ["b":protected]=>
        NULL
        ["c":"K":private]=>
        int(9)
      }
    }
    ["b":protected]=>
    string(2) "b2"
    ["c":"K":private]=>
    int(3)
  }
  [2]=>
  object(K)#34 (3) {
    ["a"]=>
    int(4)
    ["b":protected]=>
    string(2) "b4"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(4)
    }
  }
}
-- a long class name
array(2) {
  [0]=>
  object(AVeryLongClassNameThatNeedsAStr8Header)#34 (1) {
    ["p"]=>
    int(1)
  }
  [1]=>
  object(AVeryLongClassNameThatNeedsAStr8Header)#13 (1) {
    ["p"]=>
    int(2)
  }
}
-- the class name in another case
array(3) {
  [0]=>
  object(K)#13 (3) {
    ["a"]=>
    int(1)
    ["b":protected]=>
    string(2) "b1"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(1)
    }
  }
  [1]=>
  object(K)#34 (3) {
    ["a"]=>
    int(2)
    ["b":protected]=>
    NULL
    ["c":"K":private]=>
    NULL
  }
  [2]=>
  object(K)#33 (3) {
    ["a"]=>
    int(3)
    ["b":protected]=>
    string(2) "b3"
    ["c":"K":private]=>
    array(1) {
      [0]=>
      int(3)
    }
  }
}
-- input ending inside the class name

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending inside a property

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 0 bytes into cc05

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 1 bytes into cc05

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 2 bytes into cc05

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 0 bytes into cd0102

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 1 bytes into cd0102

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 2 bytes into cd0102

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 3 bytes into cd0102

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 0 bytes into ce01020304

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 1 bytes into ce01020304

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 2 bytes into ce01020304

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 3 bytes into ce01020304

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 4 bytes into ce01020304

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 5 bytes into ce01020304

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 0 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 1 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 2 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 3 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 4 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 5 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 6 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 7 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 8 bytes into cb3ff8000000000000

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
-- input ending 9 bytes into cb3ff8000000000000
TypeError: Cannot assign float to property Typed::$n of type int
