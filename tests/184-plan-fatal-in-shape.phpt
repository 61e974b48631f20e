--TEST--
A fatal error in an autoloader that #[MsgPack\Name(K::NAME)] runs while a class's plan is made: the unfinished plan is not kept, a shutdown function packs and decodes the class
--FILE--
<?php
final class C {
    #[MsgPack\Name(K::NAME)] public int $x = 1;
    public int $y = 2;
}
register_shutdown_function(function () {
    // declared here: a fatal error leaves the autoloading of K marked as running
    eval('final class K { const NAME = "k"; }');
    try {
        echo "shutdown pack: ", bin2hex(MsgPack\pack(new C)), "\n";
        echo "shutdown unpackAs: ", json_encode(MsgPack\unpackAs("\x81\xa1k\x05", 'C')), "\n";
    } catch (Throwable $e) { echo "shutdown: ", get_class($e), ": ", $e->getMessage(), "\n"; }
});
spl_autoload_register(function ($name) {
    eval('final class Twice {}');
    eval('final class Twice {}'); // fatal
});
echo bin2hex(MsgPack\pack(new C)), "\n";
?>
--EXPECTF--
Fatal error: Cannot %sclass Twice%s
shutdown pack: 82a16b01a17902
shutdown unpackAs: {"x":5,"y":2}
