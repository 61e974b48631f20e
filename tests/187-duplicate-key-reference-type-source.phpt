--TEST--
PHP_OBJECTS: a property that received a PHP reference and is its type source, replaced by a duplicate key, is no longer a source of the reference (typed decoding and the plain reader; before: an assertion in zend_reference_destroy on a debug build)
--FILE--
<?php
final class T { public mixed $a = null; }
final class T2 { public mixed $a = null; public $b = null; }
final class T3 { public array|int $a = 0; public array $b = []; }
$cases = [
    'mixed, replaced' => ["\x82\xa1a\x82\xc0\x01\xa1x\x01\xa1a\x01", T::class],
    'kept by an untyped property' => ["\x83\xa1a\x82\xc0\x01\xa1x\x01\xa1b\x82\xc0\x02\x00\x02\xa1a\x01", T2::class],
    'kept by a typed property' => ["\x83\xa1a\x82\xc0\x01\xa1x\x01\xa1b\x82\xc0\x02\x00\x02\xa1a\x01", T3::class],
];
foreach ($cases as $label => [$bytes, $class]) {
    echo "-- $label: ", bin2hex($bytes), "\n";
    $o = MsgPack\unpackAs($bytes, $class, MsgPack\Unpacker::PHP_OBJECTS);
    var_dump($o);
    if ($o instanceof T3) {
        try { $o->b = 'x'; } catch (TypeError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
        $o->b[] = 2;
        var_dump($o->b);
    }
    unset($o);
    echo "-- $label, plain reader\n";
    $plain = "\x83\xc0" . chr(0xa0 | strlen($class)) . $class . substr($bytes, 1);
    $plain[0] = chr(ord($bytes[0]) + 1);
    echo bin2hex($plain), "\n";
    var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, [$class]))->unpack($plain));
}
echo "end\n";
?>
--EXPECT--
-- mixed, replaced: 82a16182c001a17801a16101
object(T)#1 (1) {
  ["a"]=>
  int(1)
}
-- mixed, replaced, plain reader
83c0a154a16182c001a17801a16101
object(T)#2 (1) {
  ["a"]=>
  int(1)
}
-- kept by an untyped property: 83a16182c001a17801a16282c0020002a16101
object(T2)#2 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
}
-- kept by an untyped property, plain reader
84c0a25432a16182c001a17801a16282c0020002a16101
object(T2)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
}
-- kept by a typed property: 83a16182c001a17801a16282c0020002a16101
object(T3)#1 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
}
TypeError: Cannot assign string to property T3::$b of type array
array(2) {
  ["x"]=>
  int(1)
  [0]=>
  int(2)
}
-- kept by a typed property, plain reader
84c0a25433a16182c001a17801a16282c0020002a16101
object(T3)#3 (2) {
  ["a"]=>
  int(1)
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
}
end
