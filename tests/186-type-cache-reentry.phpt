--TEST--
MsgPack\unpackAs(): an autoloader run while a type string is parsed decodes with the same type string; the type is cached once (before: a duplicate key added to the cache, an assertion on a debug build)
--FILE--
<?php
spl_autoload_register(function ($name) {
    echo "autoload $name\n";
    if ($name === 'Foo') {
        eval('final class Foo { public int $a = 0; }');
        var_dump(MsgPack\unpackAs("\x81\xa1a\x07", 'Foo|int'));
    }
});
var_dump(MsgPack\unpackAs("\x81\xa1a\x05", 'Foo|int'));
var_dump(MsgPack\unpackAs("\x81\xa1a\x06", 'Foo|int'));
var_dump(MsgPack\unpackAs("\x2a", 'Foo|int'));
?>
--EXPECT--
autoload Foo
object(Foo)#2 (1) {
  ["a"]=>
  int(7)
}
object(Foo)#2 (1) {
  ["a"]=>
  int(5)
}
object(Foo)#2 (1) {
  ["a"]=>
  int(6)
}
int(42)
