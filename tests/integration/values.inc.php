<?php
// The values the Redis integration writes and reads back (scripts/integration), and the classes
// they use. Each process that reads them defines the same classes, as an application would.

class Visibility
{
    public $pub = 'public';
    protected $prot = ['protected', 1];
    private $priv = 2.5;
    public function __construct(public ?object $inner = null) {}
}

// a private property of the same name as the parent's
class ChildVisibility extends Visibility
{
    private $priv = 'child private';
}

class Serialized
{
    public $data;
    public function __construct($data = null) { $this->data = $data; }
    public function __serialize(): array { return ['d' => $this->data, 'v' => 2]; }
    public function __unserialize(array $a): void { $this->data = [$a['d'], $a['v']]; }
}

class Slept
{
    public $keep = 'kept';
    public $drop = 'dropped';
    public $woken = false;
    public function __sleep() { return ['keep']; }
    public function __wakeup() { $this->woken = true; }
}

/** @return array<string, mixed> name => value */
function integration_values(): array
{
    $v = [];
    foreach ([null, true, false, 0, 1, -1, 127, 128, 255, 256, -32, -33, -128, -129, 65535, 65536,
        -32768, -32769, 2147483647, 2147483648, -2147483649, PHP_INT_MAX, PHP_INT_MIN,
        0.0, -0.0, 0.1, -1.5, 1e300, INF, -INF] as $i => $s) {
        $v["scalar-$i"] = $s;
    }
    $all = '';
    for ($b = 0; $b < 256; $b++) {
        $all .= chr($b);
    }
    $v['string-every-byte'] = $all;
    $v['string-every-byte-x300'] = str_repeat($all, 300);
    foreach ([0, 1, 31, 32, 255, 256, 65535, 65536, 1 << 20] as $n) {
        $v["string-$n"] = substr(str_repeat('ab€', $n), 0, $n);
    }
    $v['string-utf8'] = "héllo wörld ✓ 😀";
    $v['list-100000'] = range(0, 99999);
    $map = [];
    for ($i = 0; $i < 20000; $i++) {
        $map["key-$i"] = $i % 3 ? "value $i" : [$i, (float) $i / 7, $i % 2 === 0];
    }
    $v['map-20000'] = $map;
    $v['sparse'] = [5 => 'a', 3 => 'b', -7 => 'c', 'x' => 'd'];
    $nested = 'leaf';
    for ($i = 0; $i < 100; $i++) {
        $nested = ['level' => $i, 'next' => $nested, 'list' => [$i, [$i]]];
    }
    $v['nested-100'] = $nested;
    $v['object-std'] = (object) ['a' => 1, 'b' => [1, 2], 'c' => (object) ['d' => null]];
    $v['object-visibility'] = new Visibility(new ChildVisibility());
    $v['object-serialize'] = new Serialized(['x' => new Visibility()]);
    $v['object-sleep'] = new Slept();
    $shared = new Visibility();
    $v['objects-shared'] = [$shared, $shared, 'again' => [$shared]];
    $refs = ['a' => 1, 'b' => [2]];
    $refs['ra'] = &$refs['a'];
    $refs['rb'] = &$refs['b'];
    $v['references'] = $refs;
    $o = new stdClass();
    $o->self = $o;
    $v['object-cycle'] = $o;
    $g = new stdClass();
    $h = new stdClass();
    $v['object-references'] = [$g, &$h, &$h, $g];
    $mixed = [];
    for ($i = 0; $i < 2000; $i++) {
        $mixed[] = match ($i % 6) {
            0 => $i, 1 => "s$i", 2 => $i / 3, 3 => null, 4 => new Visibility(), 5 => ['k' => [$i]],
        };
    }
    $v['mixed-2000'] = $mixed;
    return $v;
}

/**
 * What reading integration_values() back must give: the values as unserialize(serialize()) makes
 * them (__unserialize and __wakeup run), except that a PHP reference to a scalar reads back as a
 * copy (PECL's format marks references to arrays and objects only; PECL reads its bytes so too).
 */
function integration_expected(array $values): array
{
    if (isset($values['references'])) {
        $refs = ['a' => 1, 'b' => [2], 'ra' => 1];
        $refs['rb'] = &$refs['b'];
        $values['references'] = $refs;
    }
    return unserialize(serialize($values));
}

function integration_session(): array
{
    $s = integration_values();
    unset($s['list-100000'], $s['map-20000'], $s['string-1048576'], $s['string-every-byte-x300']);
    // One value holding PHP references, last: PECL msgpack's writer does not count the maps of
    // the reference markers it writes, so the back-reference ids it writes after one name the
    // wrong value (docs/format.md, "Back-reference ids"; PECL reads its own bytes wrong there);
    // this extension writes them right, and the bytes of the two would differ from there on.
    unset($s['references']);
    $last = $s['object-references'];
    unset($s['object-references']);
    $s['object-references'] = $last;
    return ['user' => ['id' => 42, 'roles' => ['admin', 'dev']], 'values' => $s, 'last' => 'end'];
}

function integration_redis(int $serializer = Redis::SERIALIZER_MSGPACK): Redis
{
    $r = new Redis();
    $r->connect('127.0.0.1', (int) getenv('MSGPACK_REDIS_PORT'), 5.0);
    $r->setOption(Redis::OPT_SERIALIZER, $serializer);
    return $r;
}

/**
 * A client of the server STORE (redis or memcached) that serializes with msgpack: an object with
 * set(key, value): bool and get(key): mixed, as both Redis and Memcached have them.
 */
function integration_client(string $store): Redis|Memcached
{
    if ($store === 'redis') {
        return integration_redis();
    }
    $m = new Memcached();
    $m->addServer('127.0.0.1', (int) getenv('MSGPACK_MEMCACHED_PORT'));
    $m->setOption(Memcached::OPT_SERIALIZER, Memcached::SERIALIZER_MSGPACK);
    $m->setOption(Memcached::OPT_COMPRESSION, false);   // the raw bytes are compared
    return $m;
}

/** The bytes the server STORE holds under $key, as they are; null when it holds none. */
function integration_raw(string $store, string $key): ?string
{
    if ($store === 'redis') {
        $v = integration_redis(Redis::SERIALIZER_NONE)->get($key);
        return $v === false ? null : $v;
    }
    // memcached's text protocol: VALUE <key> <flags> <bytes>\r\n<data>\r\nEND\r\n
    $s = stream_socket_client('tcp://127.0.0.1:' . getenv('MSGPACK_MEMCACHED_PORT'), $errno, $error, 5.0);
    fwrite($s, "get $key\r\n");
    $header = fgets($s);
    if (!preg_match('/^VALUE \S+ \d+ (\d+)\r\n$/', (string) $header, $m)) {
        return null;
    }
    $data = '';
    while (strlen($data) < $m[1] && !feof($s)) {
        $data .= fread($s, (int) $m[1] - strlen($data));
    }
    fclose($s);
    return $data;
}

/** The key a session handler keeps session $id under. */
function integration_session_key(string $store, string $id): string
{
    return ($store === 'redis' ? 'PHPREDIS_SESSION:' : 'memc.sess.key.') . $id;
}
