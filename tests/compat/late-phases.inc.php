<?php
// The router of late-phases.sh, for `php -S`: each request packs and unpacks, with every piece of
// state the extension keeps for a request, in the script and in each phase after it (shutdown
// functions, destructors at shutdown, an output handler, and the session write, which the
// session module runs after this extension's RSHUTDOWN). The response has one line per phase.
use MsgPack\Unpacker;

class Row { #[MsgPack\Name('row_id')] public int $id = 1; public string $name = 'n'; public ?Row $next = null; }

function work(string $phase): string
{
    $n = (int) ($_GET['n'] ?? 0);
    // map shapes kept from call to call, the key and value caches
    $rows = [];
    for ($i = 0; $i < 3; $i++) {
        $rows[] = ['id' => $i + $n, 'name' => "name$i-$n", 'tags' => ['a', 'b']];
    }
    $ok = msgpack_unpack(msgpack_pack($rows)) === $rows;
    for ($i = 0; $i < 2; $i++) {
        $ok = $ok && msgpack_unpack(msgpack_pack(['k' => $n, 'v' => 2])) === ['k' => $n, 'v' => 2];
    }
    // the heap slot table (a value of many containers)
    $big = array_fill(0, 300, [$n]);
    $ok = $ok && MsgPack\unpack(MsgPack\pack($big)) === $big;
    // plans (a class with #[Name], a typed read)
    $r = new Row;
    $r->id = $n;
    $ok = $ok && MsgPack\unpackAs(MsgPack\pack($r), Row::class) == $r;
    // the date prototypes
    $d = MsgPack\unpack(MsgPack\pack(new MsgPack\Timestamp(1700000000 + $n, 5000)), Unpacker::TIMESTAMP_AS_DATETIME);
    $ok = $ok && $d->getTimestamp() === 1700000000 + $n;
    // records with structures
    $ok = $ok && MsgPack\unpack(MsgPack\pack($rows, MsgPack\Packer::RECORDS), Unpacker::RECORDS) === $rows;
    return "$phase: " . ($ok ? 'ok' : 'WRONG') . "\n";
}

class Handler implements SessionHandlerInterface
{
    public function open(string $path, string $name): bool { return true; }
    public function close(): bool { return true; }
    public function read(string $id): string|false { return ''; }
    public function write(string $id, string $data): bool
    {
        $back = msgpack_unpack($data);
        error_log(work('session write') . ($back['row']->id === (int) ($_GET['n'] ?? 0) ? 'session data: ok' : 'session data: WRONG'));
        return true;
    }
    public function destroy(string $id): bool { return true; }
    public function gc(int $max): int|false { return 0; }
}

class AtShutdown { public function __destruct() { echo work('destructor at shutdown'); } }

ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.cache_limiter', '');
session_set_save_handler(new Handler, false); // written in the session module's RSHUTDOWN
session_id('late');
session_start();
$_SESSION['row'] = new Row;
$_SESSION['row']->id = (int) ($_GET['n'] ?? 0);
$_SESSION['at'] = new MsgPack\Timestamp(1, 2);
echo work('script');
register_shutdown_function(function () { echo work('shutdown function'); });
$keep = new AtShutdown;
ob_start(fn (string $buffer) => $buffer . work('output handler'));
