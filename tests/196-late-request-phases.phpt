--TEST--
Request state in the phases after the script (shutdown functions, destructors at shutdown, output handlers, and the session write the session module runs after this extension's RSHUTDOWN): plans, kept shapes and slots, the key and value caches and the date prototypes are made and used there as in the script, and nothing of them leaks (a debug build reports it) or outlives the request
--EXTENSIONS--
session
--FILE--
<?php
use MsgPack\Unpacker;
class Row { #[MsgPack\Name('row_id')] public int $id = 1; public string $name = 'n'; public ?Row $next = null; }
// every piece of state the extension keeps for a request: plans (a class with #[Name], a typed
// read), kept map shapes (small values met twice), the key and value caches, the slot table
// (a value with many containers), the date prototypes (timestamps read as dates)
function work(string $phase): string
{
    $rows = [];
    for ($i = 0; $i < 3; $i++) {
        $rows[] = ['id' => $i, 'name' => "name$i", 'tags' => ['a', 'b']];
    }
    $ok = msgpack_unpack(msgpack_pack($rows)) === $rows;
    for ($i = 0; $i < 2; $i++) {
        $ok = $ok && msgpack_unpack(msgpack_pack(['k' => 1, 'v' => 2])) === ['k' => 1, 'v' => 2];
    }
    $big = array_fill(0, 300, [1]);
    $ok = $ok && MsgPack\unpack(MsgPack\pack($big)) === $big;
    $r = new Row;
    $ok = $ok && bin2hex(MsgPack\pack($r)) === '83a6726f775f696401a46e616d65a16ea46e657874c0';
    $ok = $ok && MsgPack\unpackAs(MsgPack\pack($r), Row::class) == $r;
    $d = MsgPack\unpack(MsgPack\pack(new MsgPack\Timestamp(1700000000, 5000)), Unpacker::TIMESTAMP_AS_DATETIME);
    $ok = $ok && $d->format('Y-m-d H:i:s.u') === '2023-11-14 22:13:20.000005';
    return $phase . ': ' . ($ok ? 'ok' : 'WRONG') . "\n";
}
class Handler implements SessionHandlerInterface
{
    public function open(string $path, string $name): bool { return true; }
    public function close(): bool { return true; }
    public function read(string $id): string|false { return ''; }
    public function write(string $id, string $data): bool
    {
        // the session module calls this after the extension's RSHUTDOWN
        echo work('session write');
        echo 'session data: ', json_encode(msgpack_unpack($data)), "\n";
        return true;
    }
    public function destroy(string $id): bool { return true; }
    public function gc(int $max): int|false { return 0; }
}
class AtShutdown { public function __destruct() { echo work('destructor at shutdown'); } }

ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.cache_limiter', '');
session_set_save_handler(new Handler, false); // written in the session module's RSHUTDOWN, after this extension's
session_id('late');
session_start();
$_SESSION['row'] = new Row;
$_SESSION['at'] = new MsgPack\Timestamp(1, 2);
echo work('script');
register_shutdown_function(function () { echo work('shutdown function'); });
$keep = new AtShutdown;
ob_start(fn (string $buffer) => $buffer . work('output handler'));
echo "end of script\n";
--EXPECT--
script: ok
end of script
shutdown function: ok
destructor at shutdown: ok
output handler: ok
session write: ok
session data: {"row":{"id":1,"name":"n","next":null},"at":{"seconds":1,"nanoseconds":2}}
