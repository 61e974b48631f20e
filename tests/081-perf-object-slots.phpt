--TEST--
Objects through the class cache and straight slot writes (declared_slot): typed, readonly, private, unknown and unmangled properties, aliases, autoloading, many classes
--FILE--
<?php
// Objects through the class cache and straight slot writes: every case the properties table
// path handles differently must give the same result.
class P {
    private $secret = 'p';
    protected $prot = 'p';
}
class Row extends P {
    public $name;
    public int $id = 0;
    protected ?string $email = null;
    private $flag;
    public readonly int $ro;
    public int $untouched;
}
class Woken {
    public $a;
    public $log = [];
    function __wakeup() { $this->log[] = 'woken'; }
}
class Ser {
    public $d;
    function __serialize(): array { return ['x' => 1]; }
    function __unserialize(array $a): void { $this->d = $a; }
}
class Real { public $v; }
class_alias('Real', 'Alias');
function s(string $k): string { return strlen($k) < 32 ? chr(0xa0 | strlen($k)) . $k : "\xd9" . chr(strlen($k)) . $k; }
function obj(string $class, array $props): string {
    $b = chr(0x80 | (count($props) + 1)) . "\xc0" . s($class);
    foreach ($props as [$k, $v]) {
        $b .= $k . $v;
    }
    return $b;
}
function a(string ...$items): string { return chr(0x90 | count($items)) . implode('', $items); }
function show(string $title, string $bytes): void {
    echo "-- $title\n";
    try {
        var_dump(msgpack_unpack($bytes));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$full = fn (int $i) => obj('Row', [[s('name'), s("n$i")], [s('id'), chr($i)], [s("\0*\0email"), s("e$i")], [s("\0Row\0flag"), "\xc3"], [s('ro'), chr($i)], [s("\0P\0secret"), s("s$i")], [s("\0*\0prot"), s("r$i")]]);
show('objects of one class, the same keys', a($full(1), $full(2), $full(3)));
show('keys in another order, missing, unknown, unmangled', a($full(1),
    obj('Row', [[s('id'), "\x05"], [s('name'), s('n5')], [s('extra'), "\x01"], [s('email'), s('unmangled')]]),
    obj('Row', [[s("\0Row\0secret"), s('other private')], [s("\0Other\0flag"), "\x02"], [s("\0*\0name"), s('prot name')], ["\x07", s('int key')]]),
    $full(4)));
show('a value of the wrong type for a typed property', a($full(1), obj('Row', [[s('name'), s('x')], [s('id'), s('not an int')]])));
show('null into a typed property that takes none', a($full(1), obj('Row', [[s('name'), s('x')], [s('id'), "\xc0"]])));
show('a property written twice', a($full(1), obj('Row', [[s('name'), s('first')], [s('name'), s('second')], [s('id'), "\x01"], [s('id'), "\x02"]])));
show('__wakeup() for each object', a(obj('Woken', [[s('a'), "\x01"]]), obj('Woken', [[s('a'), "\x02"]]), obj('Woken', [[s('log'), "\x90"], [s('a'), "\x03"]])));
show('__unserialize()', msgpack_pack([new Ser, new Ser]));
show('a class and its alias, any case', a(obj('Real', [[s('v'), "\x01"]]), obj('Alias', [[s('v'), "\x02"]]), obj('REAL', [[s('v'), "\x03"]]), obj('alias', [[s('v'), "\x04"]])));
show('references and back-references to objects of a class', msgpack_pack((function () {
    $r = new Row; $r->name = 'shared';
    $list = [$r, $r];
    $list[] = &$list[0];
    return $list;
})()));
echo "-- a class an autoloader defines only when asked the second time\n";
$asked = 0;
spl_autoload_register(function ($c) use (&$asked) {
    echo "autoload $c\n";
    if ($c === 'Later' && ++$asked == 2) {
        eval('class Later { public $x; }');
    }
});
var_dump(msgpack_unpack(a(obj('Later', [[s('x'), "\x01"]]), obj('Later', [[s('x'), "\x02"]]), obj('Later', [[s('x'), "\x03"]]))));
echo "-- the same class in the next call\n";
var_dump(msgpack_unpack(a(obj('Later', [[s('x'), "\x04"]]))));
echo "-- a class not found (autoload each time), among objects of a class found\n";
var_dump(msgpack_unpack(a(obj('Nowhere', [[s('x'), "\x01"]]), obj('Real', [[s('v'), "\x01"]]), obj('Nowhere', [[s('y'), "\x02"]]))));
echo "-- many classes in one value\n";
for ($i = 0; $i < 10; $i++) {
    eval("class C$i { public \$v; }");
}
$items = [];
for ($j = 0; $j < 2; $j++) {
    for ($i = 0; $i < 10; $i++) {
        $items[] = obj("C$i", [[s('v'), chr($i + 10 * $j)]]);
    }
}
$v = msgpack_unpack(chr(0xdc) . "\x00\x14" . implode('', $items));
foreach ($v as $o) {
    echo get_class($o), ' ', $o->v, "\n";
}
echo "-- round trip of objects of a class\n";
$rows = [];
for ($i = 0; $i < 3; $i++) {
    $o = new Row;
    $o->name = "r$i";
    $o->id = $i;
    $rows[] = $o;
}
var_dump(serialize(msgpack_unpack(msgpack_pack($rows))) === serialize($rows));
?>
--EXPECT--
-- objects of one class, the same keys
array(3) {
  [0]=>
  object(Row)#2 (7) {
    ["secret":"P":private]=>
    string(2) "s1"
    ["prot":protected]=>
    string(2) "r1"
    ["name"]=>
    string(2) "n1"
    ["id"]=>
    int(1)
    ["email":protected]=>
    string(2) "e1"
    ["flag":"Row":private]=>
    bool(true)
    ["ro"]=>
    int(1)
    ["untouched"]=>
    uninitialized(int)
  }
  [1]=>
  object(Row)#3 (7) {
    ["secret":"P":private]=>
    string(2) "s2"
    ["prot":protected]=>
    string(2) "r2"
    ["name"]=>
    string(2) "n2"
    ["id"]=>
    int(2)
    ["email":protected]=>
    string(2) "e2"
    ["flag":"Row":private]=>
    bool(true)
    ["ro"]=>
    int(2)
    ["untouched"]=>
    uninitialized(int)
  }
  [2]=>
  object(Row)#4 (7) {
    ["secret":"P":private]=>
    string(2) "s3"
    ["prot":protected]=>
    string(2) "r3"
    ["name"]=>
    string(2) "n3"
    ["id"]=>
    int(3)
    ["email":protected]=>
    string(2) "e3"
    ["flag":"Row":private]=>
    bool(true)
    ["ro"]=>
    int(3)
    ["untouched"]=>
    uninitialized(int)
  }
}
-- keys in another order, missing, unknown, unmangled
array(4) {
  [0]=>
  object(Row)#4 (7) {
    ["secret":"P":private]=>
    string(2) "s1"
    ["prot":protected]=>
    string(2) "r1"
    ["name"]=>
    string(2) "n1"
    ["id"]=>
    int(1)
    ["email":protected]=>
    string(2) "e1"
    ["flag":"Row":private]=>
    bool(true)
    ["ro"]=>
    int(1)
    ["untouched"]=>
    uninitialized(int)
  }
  [1]=>
  object(Row)#3 (7) {
    ["secret":"P":private]=>
    string(1) "p"
    ["prot":protected]=>
    string(1) "p"
    ["name"]=>
    string(2) "n5"
    ["id"]=>
    int(5)
    ["email":protected]=>
    string(9) "unmangled"
    ["flag":"Row":private]=>
    NULL
    ["ro"]=>
    uninitialized(int)
    ["untouched"]=>
    uninitialized(int)
    ["extra"]=>
    int(1)
  }
  [2]=>
  object(Row)#2 (8) {
    ["secret":"P":private]=>
    string(13) "other private"
    ["prot":protected]=>
    string(1) "p"
    ["name"]=>
    string(9) "prot name"
    ["id"]=>
    int(0)
    ["email":protected]=>
    NULL
    ["flag":"Row":private]=>
    NULL
    ["ro"]=>
    uninitialized(int)
    ["untouched"]=>
    uninitialized(int)
    ["flag":"Other":private]=>
    int(2)
    ["7"]=>
    string(7) "int key"
  }
  [3]=>
  object(Row)#5 (7) {
    ["secret":"P":private]=>
    string(2) "s4"
    ["prot":protected]=>
    string(2) "r4"
    ["name"]=>
    string(2) "n4"
    ["id"]=>
    int(4)
    ["email":protected]=>
    string(2) "e4"
    ["flag":"Row":private]=>
    bool(true)
    ["ro"]=>
    int(4)
    ["untouched"]=>
    uninitialized(int)
  }
}
-- a value of the wrong type for a typed property
TypeError: Cannot assign string to property Row::$id of type int
-- null into a typed property that takes none
TypeError: Cannot assign null to property Row::$id of type int
-- a property written twice
array(2) {
  [0]=>
  object(Row)#5 (7) {
    ["secret":"P":private]=>
    string(2) "s1"
    ["prot":protected]=>
    string(2) "r1"
    ["name"]=>
    string(2) "n1"
    ["id"]=>
    int(1)
    ["email":protected]=>
    string(2) "e1"
    ["flag":"Row":private]=>
    bool(true)
    ["ro"]=>
    int(1)
    ["untouched"]=>
    uninitialized(int)
  }
  [1]=>
  object(Row)#2 (6) {
    ["secret":"P":private]=>
    string(1) "p"
    ["prot":protected]=>
    string(1) "p"
    ["name"]=>
    string(6) "second"
    ["id"]=>
    int(2)
    ["email":protected]=>
    NULL
    ["flag":"Row":private]=>
    NULL
    ["ro"]=>
    uninitialized(int)
    ["untouched"]=>
    uninitialized(int)
  }
}
-- __wakeup() for each object
array(3) {
  [0]=>
  object(Woken)#2 (2) {
    ["a"]=>
    int(1)
    ["log"]=>
    array(1) {
      [0]=>
      string(5) "woken"
    }
  }
  [1]=>
  object(Woken)#5 (2) {
    ["a"]=>
    int(2)
    ["log"]=>
    array(1) {
      [0]=>
      string(5) "woken"
    }
  }
  [2]=>
  object(Woken)#3 (2) {
    ["a"]=>
    int(3)
    ["log"]=>
    array(1) {
      [0]=>
      string(5) "woken"
    }
  }
}
-- __unserialize()
array(2) {
  [0]=>
  object(Ser)#5 (1) {
    ["d"]=>
    array(1) {
      ["x"]=>
      int(1)
    }
  }
  [1]=>
  object(Ser)#3 (1) {
    ["d"]=>
    array(1) {
      ["x"]=>
      int(1)
    }
  }
}
-- a class and its alias, any case
array(4) {
  [0]=>
  object(Real)#3 (1) {
    ["v"]=>
    int(1)
  }
  [1]=>
  object(Real)#5 (1) {
    ["v"]=>
    int(2)
  }
  [2]=>
  object(Real)#2 (1) {
    ["v"]=>
    int(3)
  }
  [3]=>
  object(Real)#4 (1) {
    ["v"]=>
    int(4)
  }
}
-- references and back-references to objects of a class
array(3) {
  [0]=>
  &object(Row)#2 (6) {
    ["secret":"P":private]=>
    string(1) "p"
    ["prot":protected]=>
    string(1) "p"
    ["name"]=>
    string(6) "shared"
    ["id"]=>
    int(0)
    ["email":protected]=>
    NULL
    ["flag":"Row":private]=>
    NULL
    ["ro"]=>
    uninitialized(int)
    ["untouched"]=>
    uninitialized(int)
  }
  [1]=>
  &object(Row)#2 (6) {
    ["secret":"P":private]=>
    string(1) "p"
    ["prot":protected]=>
    string(1) "p"
    ["name"]=>
    string(6) "shared"
    ["id"]=>
    int(0)
    ["email":protected]=>
    NULL
    ["flag":"Row":private]=>
    NULL
    ["ro"]=>
    uninitialized(int)
    ["untouched"]=>
    uninitialized(int)
  }
  [2]=>
  &object(Row)#2 (6) {
    ["secret":"P":private]=>
    string(1) "p"
    ["prot":protected]=>
    string(1) "p"
    ["name"]=>
    string(6) "shared"
    ["id"]=>
    int(0)
    ["email":protected]=>
    NULL
    ["flag":"Row":private]=>
    NULL
    ["ro"]=>
    uninitialized(int)
    ["untouched"]=>
    uninitialized(int)
  }
}
-- a class an autoloader defines only when asked the second time
autoload Later
autoload Later
array(3) {
  [0]=>
  object(__PHP_Incomplete_Class)#4 (2) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(5) "Later"
    ["x"]=>
    int(1)
  }
  [1]=>
  object(Later)#5 (1) {
    ["x"]=>
    int(2)
  }
  [2]=>
  object(Later)#3 (1) {
    ["x"]=>
    int(3)
  }
}
-- the same class in the next call
array(1) {
  [0]=>
  object(Later)#3 (1) {
    ["x"]=>
    int(4)
  }
}
-- a class not found (autoload each time), among objects of a class found
autoload Nowhere
autoload Nowhere
array(3) {
  [0]=>
  object(__PHP_Incomplete_Class)#3 (2) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(7) "Nowhere"
    ["x"]=>
    int(1)
  }
  [1]=>
  object(Real)#5 (1) {
    ["v"]=>
    int(1)
  }
  [2]=>
  object(__PHP_Incomplete_Class)#4 (2) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(7) "Nowhere"
    ["y"]=>
    int(2)
  }
}
-- many classes in one value
C0 0
C1 1
C2 2
C3 3
C4 4
C5 5
C6 6
C7 7
C8 8
C9 9
C0 10
C1 11
C2 12
C3 13
C4 14
C5 15
C6 16
C7 17
C8 18
C9 19
-- round trip of objects of a class
bool(true)
