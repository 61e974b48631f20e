<?php
// scripts/integration (php-fpm behind nginx): what a request of an application does with this
// extension, the same in every request: a document with objects of classes declared by the
// request itself (a new class entry each time: the caches kept between calls must not hold the
// last request's) through msgpack_pack()/msgpack_unpack() and MessagePack; rows through
// MsgPack\pack()/unpack() with RECORDS, whole and streamed through MsgPack\Unpacker; the
// document kept in a session of the worker's own (session.serialize_handler=msgpack), with the
// number of requests the worker served. Each result is checked; anything wrong: status 500 and a
// FAIL line. Then one line per request to $MSGPACK_FPM_DIR/work-PID.log: the time, the worker,
// memory_get_usage(), the worker's RSS (kB), checksums of the bytes written, which must be the
// same in every request, and the worker's count from its session.
header('Content-Type: text/plain');
class FpmUser
{
    public $id;
    public $name;
    protected $roles = ['reader'];
    private $secret = 's3cret';
    public ?FpmUser $manager = null;

    public function __construct($id, $name)
    {
        $this->id = $id;
        $this->name = $name;
    }
}
class FpmEvent
{
    public function __construct(public string $kind = '', public float $at = 0.0, public array $tags = []) {}
}
function fail(string $why): never
{
    http_response_code(500);
    echo "FAIL $why\n";
    exit;
}

$boss = new FpmUser(1, 'boss');
$users = [$boss];
for ($i = 2; $i <= 30; $i++) {
    $u = new FpmUser($i, "user $i");
    $u->manager = $boss;
    $users[] = $u;
}
$doc = [
    'title' => str_repeat('title ', 20),
    'users' => $users,
    'events' => array_map(fn ($i) => new FpmEvent("kind$i", $i / 8, ['t' . ($i % 3), 'x']), range(1, 40)),
    'matrix' => array_map(fn ($i) => range($i, $i + 9), range(0, 9)),
    'meta' => ['version' => 3, 'ok' => true, 'none' => null, 'ratio' => 0.1, 'neg' => -129, 'big' => PHP_INT_MAX],
];
$want = serialize($doc);
$bytes = msgpack_pack($doc);
if (!is_string($bytes) || serialize(msgpack_unpack($bytes)) !== $want) {
    fail('msgpack_pack()/msgpack_unpack() of the document');
}
$m = new MessagePack();
if ($m->pack($doc) !== $bytes || serialize($m->unpack($bytes)) !== $want) {
    fail('MessagePack of the document');
}
$back = msgpack_unpack($bytes);
if ($back['users'][5]->manager !== $back['users'][0]) {
    fail('the shared object is two objects');
}

$rows = [];
for ($i = 0; $i < 300; $i++) {
    $rows[] = ['id' => $i, 'name' => "row $i", 'score' => $i / 4, 'active' => $i % 3 === 0, 'tags' => ['a', 'b']];
}
$records = MsgPack\pack($rows, MsgPack\Packer::RECORDS);
if (MsgPack\unpack($records, MsgPack\Unpacker::RECORDS) !== $rows) {
    fail('MsgPack\\ RECORDS');
}
if (strlen($records) >= strlen(MsgPack\pack($rows))) {
    fail('RECORDS did not write records');
}
$u = new MsgPack\Unpacker(MsgPack\Unpacker::RECORDS);
$got = [];
foreach (str_split($records . $records, 97) as $piece) {
    $u->feed($piece);
    array_push($got, ...$u->tryUnpack());
}
if ($got !== [$rows, $rows] || $u->remaining() !== 0) {
    fail('MsgPack\\Unpacker streaming RECORDS');
}

// the worker's own session: no other request waits for its lock
session_id('msgpackwork' . getmypid());
session_start();
if (isset($_SESSION['doc']) && serialize($_SESSION['doc']) !== $want) {
    fail('the document read back from the session');
}
$_SESSION['doc'] = $doc;
$_SESSION['count'] = $count = ($_SESSION['count'] ?? 0) + 1;
session_write_close();

$dir = getenv('MSGPACK_FPM_DIR');
$rss = preg_match('/^VmRSS:\s+(\d+) kB/m', (string) @file_get_contents('/proc/self/status'), $mm) ? (int) $mm[1] : -1;
if ($dir) {
    file_put_contents("$dir/work-" . getmypid() . '.log', sprintf("%d %d %d %d %08x %08x %d\n", hrtime(true), getmypid(),
        memory_get_usage(), $rss, crc32($bytes), crc32($records), $count), FILE_APPEND);
}
echo "ok\n";
