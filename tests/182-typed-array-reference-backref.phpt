--TEST--
MsgPack\unpackAs() with PHP_OBJECTS: a property typed array read from a PHP reference (c0 01) that a later back-reference names keeps the reference alive (a use after free before: zend_mm_heap corrupted on a debug build, invalid reads under valgrind)
--FILE--
<?php
final class T { public array $a; public mixed $b; public mixed $c = null; }
final class L { public array $a; public array $b; }
$refArr = "\x82\xc0\x01\xa1x\x01"; // a reference to ['x' => 1], slot 2
foreach ([2, 5] as $marker) {
    foreach ([1, 2, 3] as $id) {
        $bytes = "\x82\xa1a" . $refArr . "\xa1b\x82\xc0" . chr($marker) . "\x00" . chr($id);
        echo "marker $marker id $id: ", bin2hex($bytes), "\n";
        try {
            $o = MsgPack\unpackAs($bytes, T::class, MsgPack\Unpacker::PHP_OBJECTS);
            var_dump($o);
            $o->a['y'] = 2;
            var_dump($o->b);
        } catch (Throwable $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}
echo "-- both typed array\n";
var_dump(MsgPack\unpackAs("\x82\xa1a" . $refArr . "\xa1b\x82\xc0\x02\x00\x02", L::class, MsgPack\Unpacker::PHP_OBJECTS));
?>
--EXPECT--
marker 2 id 1: 82a16182c001a17801a16282c0020001
object(T)#1 (3) {
  ["a"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["b"]=>
  NULL
  ["c"]=>
  NULL
}
NULL
marker 2 id 2: 82a16182c001a17801a16282c0020002
object(T)#2 (3) {
  ["a"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["c"]=>
  NULL
}
array(1) {
  ["x"]=>
  int(1)
}
marker 2 id 3: 82a16182c001a17801a16282c0020003
MsgPack\UnpackException: invalid back-reference id at offset 15
marker 5 id 1: 82a16182c001a17801a16282c0050001
object(T)#3 (3) {
  ["a"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["b"]=>
  NULL
  ["c"]=>
  NULL
}
NULL
marker 5 id 2: 82a16182c001a17801a16282c0050002
object(T)#2 (3) {
  ["a"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["c"]=>
  NULL
}
array(1) {
  ["x"]=>
  int(1)
}
marker 5 id 3: 82a16182c001a17801a16282c0050003
MsgPack\UnpackException: invalid back-reference id at offset 15
-- both typed array
object(L)#1 (2) {
  ["a"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
  ["b"]=>
  array(1) {
    ["x"]=>
    int(1)
  }
}
