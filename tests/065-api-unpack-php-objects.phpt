--TEST--
MsgPack\Unpacker::PHP_OBJECTS: PECL's php_only format (objects, references, enums, __wakeup/__unserialize) with the allow-list: true, false, class names (case-insensitive); other classes are __PHP_Incomplete_Class and not autoloaded; without the flag nil keys are an error
--FILE--
<?php
use MsgPack\Unpacker;

class Point {
    public $x = 0;
    protected $y = 0;
    private $z = 0;
    public function __construct($x = 0) { $this->x = $x; $this->y = $x * 2; $this->z = $x * 3; }
    public function __wakeup() { echo "Point::__wakeup\n"; }
}
class Box {
    public $items = [];
    public function __serialize(): array { return ['items' => $this->items]; }
    public function __unserialize(array $data): void { echo "Box::__unserialize\n"; $this->items = $data['items']; }
}
enum Suit: string { case Hearts = 'H'; case Spades = 'S'; }
spl_autoload_register(function ($class) { echo "autoload($class)\n"; });

// PECL's php_only encodings, as msgpack_pack() writes them
$p = new Point(1);
$shared = ['s'];
$box = new Box;
$box->items = [$p];
$cases = [
    'point' => $p,
    'two refs to one object' => [$p, $p],
    'reference' => ['a' => &$shared, 'b' => &$shared],
    'box' => $box,
    'enum' => [Suit::Hearts, Suit::Spades],
    'stdClass' => (object) ['k' => 1],
    'unknown class' => hex2bin('82c0a74d697373696e67a16101'),
];
$bins = [];
foreach ($cases as $name => $v) {
    $bins[$name] = is_string($v) ? $v : msgpack_pack($v);
    echo $name, ": ", bin2hex($bins[$name]), "\n";
}

function show(string $label, callable $f) {
    echo "== $label\n";
    try {
        var_dump($f());
    } catch (Throwable $e) {
        printf("%s: %s%s\n", get_class($e), $e->getMessage(), $e instanceof MsgPack\UnpackException ? " (position {$e->getPosition()})" : "");
    }
}
foreach ([
    'all classes' => true,
    'no class' => false,
    'Point and Box in other cases' => ['POINT', 'box', 'suit'],
    'only Other' => ['Other'],
] as $label => $allowed) {
    echo "######## $label\n";
    $u = new Unpacker(Unpacker::PHP_OBJECTS, $allowed);
    foreach ($bins as $name => $bin) {
        show($name, fn () => $u->unpack($bin));
    }
}

echo "######## the function allows no class\n";
show('point', fn () => MsgPack\unpack($bins['point'], Unpacker::PHP_OBJECTS));
show('reference', fn () => MsgPack\unpack($bins['reference'], Unpacker::PHP_OBJECTS));

echo "######## without PHP_OBJECTS a nil key is an error\n";
show('point', fn () => MsgPack\unpack($bins['point']));
show('reference', fn () => (new Unpacker(0, true))->unpack($bins['reference']));
echo "######## an empty map is an array, unless MAPS_AS_OBJECTS\n";
var_dump(MsgPack\unpack("\x80", Unpacker::PHP_OBJECTS), MsgPack\unpack("\x80", Unpacker::PHP_OBJECTS | Unpacker::MAPS_AS_OBJECTS));
?>
--EXPECT--
point: 84c0a5506f696e74a17801a4002a007902a800506f696e74007a03
two refs to one object: 9284c0a5506f696e74a17801a4002a007902a800506f696e74007a0382c0040002
reference: 82a16182c00100a173a16282c0020002
box: 82c0a3426f78c081a56974656d739184c0a5506f696e74a17801a4002a007902a800506f696e74007a03
enum: 9282c006a453756974a648656172747382c006a453756974a6537061646573
stdClass: 82c0a8737464436c617373a16b01
unknown class: 82c0a74d697373696e67a16101
######## all classes
== point
Point::__wakeup
object(Point)#9 (3) {
  ["x"]=>
  int(1)
  ["y":protected]=>
  int(2)
  ["z":"Point":private]=>
  int(3)
}
== two refs to one object
Point::__wakeup
array(2) {
  [0]=>
  object(Point)#9 (3) {
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
  [1]=>
  object(Point)#9 (3) {
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
}
== reference
array(2) {
  ["a"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
  ["b"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
}
== box
Point::__wakeup
Box::__unserialize
object(Box)#9 (1) {
  ["items"]=>
  array(1) {
    [0]=>
    object(Point)#10 (3) {
      ["x"]=>
      int(1)
      ["y":protected]=>
      int(2)
      ["z":"Point":private]=>
      int(3)
    }
  }
}
== enum
array(2) {
  [0]=>
  enum(Suit::Hearts)
  [1]=>
  enum(Suit::Spades)
}
== stdClass
object(stdClass)#9 (1) {
  ["k"]=>
  int(1)
}
== unknown class
autoload(Missing)
object(__PHP_Incomplete_Class)#9 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(7) "Missing"
  ["a"]=>
  int(1)
}
######## no class
== point
object(__PHP_Incomplete_Class)#9 (4) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(5) "Point"
  ["x"]=>
  int(1)
  ["y":protected]=>
  int(2)
  ["z":"Point":private]=>
  int(3)
}
== two refs to one object
array(2) {
  [0]=>
  object(__PHP_Incomplete_Class)#9 (4) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(5) "Point"
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
  [1]=>
  object(__PHP_Incomplete_Class)#9 (4) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(5) "Point"
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
}
== reference
array(2) {
  ["a"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
  ["b"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
}
== box
object(__PHP_Incomplete_Class)#9 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(3) "Box"
  ["items"]=>
  array(1) {
    [0]=>
    object(__PHP_Incomplete_Class)#10 (4) {
      ["__PHP_Incomplete_Class_Name"]=>
      string(5) "Point"
      ["x"]=>
      int(1)
      ["y":protected]=>
      int(2)
      ["z":"Point":private]=>
      int(3)
    }
  }
}
== enum
MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
== stdClass
object(__PHP_Incomplete_Class)#7 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(8) "stdClass"
  ["k"]=>
  int(1)
}
== unknown class
object(__PHP_Incomplete_Class)#7 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(7) "Missing"
  ["a"]=>
  int(1)
}
######## Point and Box in other cases
== point
Point::__wakeup
object(Point)#7 (3) {
  ["x"]=>
  int(1)
  ["y":protected]=>
  int(2)
  ["z":"Point":private]=>
  int(3)
}
== two refs to one object
Point::__wakeup
array(2) {
  [0]=>
  object(Point)#7 (3) {
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
  [1]=>
  object(Point)#7 (3) {
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
}
== reference
array(2) {
  ["a"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
  ["b"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
}
== box
Point::__wakeup
Box::__unserialize
object(Box)#7 (1) {
  ["items"]=>
  array(1) {
    [0]=>
    object(Point)#10 (3) {
      ["x"]=>
      int(1)
      ["y":protected]=>
      int(2)
      ["z":"Point":private]=>
      int(3)
    }
  }
}
== enum
array(2) {
  [0]=>
  enum(Suit::Hearts)
  [1]=>
  enum(Suit::Spades)
}
== stdClass
object(__PHP_Incomplete_Class)#7 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(8) "stdClass"
  ["k"]=>
  int(1)
}
== unknown class
object(__PHP_Incomplete_Class)#7 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(7) "Missing"
  ["a"]=>
  int(1)
}
######## only Other
== point
object(__PHP_Incomplete_Class)#7 (4) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(5) "Point"
  ["x"]=>
  int(1)
  ["y":protected]=>
  int(2)
  ["z":"Point":private]=>
  int(3)
}
== two refs to one object
array(2) {
  [0]=>
  object(__PHP_Incomplete_Class)#7 (4) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(5) "Point"
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
  [1]=>
  object(__PHP_Incomplete_Class)#7 (4) {
    ["__PHP_Incomplete_Class_Name"]=>
    string(5) "Point"
    ["x"]=>
    int(1)
    ["y":protected]=>
    int(2)
    ["z":"Point":private]=>
    int(3)
  }
}
== reference
array(2) {
  ["a"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
  ["b"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
}
== box
object(__PHP_Incomplete_Class)#7 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(3) "Box"
  ["items"]=>
  array(1) {
    [0]=>
    object(__PHP_Incomplete_Class)#10 (4) {
      ["__PHP_Incomplete_Class_Name"]=>
      string(5) "Point"
      ["x"]=>
      int(1)
      ["y":protected]=>
      int(2)
      ["z":"Point":private]=>
      int(3)
    }
  }
}
== enum
MsgPack\UnpackException: enum class not allowed at offset 9 (position 9)
== stdClass
object(__PHP_Incomplete_Class)#9 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(8) "stdClass"
  ["k"]=>
  int(1)
}
== unknown class
object(__PHP_Incomplete_Class)#9 (2) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(7) "Missing"
  ["a"]=>
  int(1)
}
######## the function allows no class
== point
object(__PHP_Incomplete_Class)#9 (4) {
  ["__PHP_Incomplete_Class_Name"]=>
  string(5) "Point"
  ["x"]=>
  int(1)
  ["y":protected]=>
  int(2)
  ["z":"Point":private]=>
  int(3)
}
== reference
array(2) {
  ["a"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
  ["b"]=>
  &array(1) {
    [0]=>
    string(1) "s"
  }
}
######## without PHP_OBJECTS a nil key is an error
== point
MsgPack\UnpackException: invalid map key of type nil at offset 1 (position 1)
== reference
MsgPack\UnpackException: invalid map key of type nil at offset 4 (position 4)
######## an empty map is an array, unless MAPS_AS_OBJECTS
array(0) {
}
object(stdClass)#10 (0) {
}
