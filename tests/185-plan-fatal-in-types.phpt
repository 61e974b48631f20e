--TEST--
A fatal error in an autoloader while the types of a class's plan are made: the plans left BUILDING go back, a shutdown function decodes into the class (before: "the plan of A is being made" for the rest of the request)
--FILE--
<?php
final class A { public ?B $b = null; public int $v = 0; }
register_shutdown_function(function () {
    try { echo "shutdown: ", json_encode(MsgPack\unpackAs("\x82\xa1v\x05\xa1b\x80", 'A')), "\n"; }
    catch (Throwable $e) { echo "shutdown: ", get_class($e), ": ", $e->getMessage(), "\n"; }
    try { echo "shutdown list: ", json_encode(MsgPack\unpackAs("\x91\x81\xa1v\x06", 'list<A>')), "\n"; }
    catch (Throwable $e) { echo "shutdown list: ", get_class($e), ": ", $e->getMessage(), "\n"; }
});
spl_autoload_register(function ($name) {
    if ($name === 'B') {
        eval('final class B {}');
        eval('final class B {}'); // fatal: declared twice
    }
});
MsgPack\unpackAs("\x81\xa1v\x05", 'A');
?>
--EXPECTF--
Fatal error: Cannot %sclass B%s
shutdown: {"b":{},"v":5}
shutdown list: [{"b":null,"v":6}]
