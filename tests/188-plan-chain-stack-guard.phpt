--TEST--
MsgPack\unpackAs(): the plan of a long chain of classes (each with a property typed the next) is made under the C stack guard: a fiber with a 64 KiB stack gets an Error, not a crash, and the plans are usable afterwards (before: a segmentation fault)
--INI--
fiber.stack_size=64K
--FILE--
<?php
$n = 400;
$code = '';
for ($i = 0; $i < $n; $i++) { $code .= "final class C$i { public ?C" . ($i + 1) . " \$n = null; public int \$v = $i; }\n"; }
$code .= "final class C$n { public int \$v = 0; }\n";
eval($code);
$f = new Fiber(function () {
    try { var_dump(MsgPack\unpackAs("\x81\xa1v\x05", 'C0')->v); }
    catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
    var_dump(MsgPack\unpackAs("\x82\xa1v\x06\xa1n\x81\xa1v\x07", 'C398'));
});
$f->start();
echo "main thread: ";
var_dump(MsgPack\unpackAs("\x82\xa1v\x05\xa1n\x81\xa1v\x08", 'C0')->n->v);
?>
--EXPECTF--
Error: The plan of C%d cannot be made: the classes its properties name nest too deeply for the C stack
object(C398)#%d (2) {
  ["n"]=>
  object(C399)#%d (2) {
    ["n"]=>
    NULL
    ["v"]=>
    int(7)
  }
  ["v"]=>
  int(6)
}
main thread: int(8)
