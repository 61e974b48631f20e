<?php
// A read-through cache in Redis with phpredis storing values as MessagePack.
//   php -n -d extension=modules/msgpack.so -d extension=$REDIS_SO examples/redis-cache.php
// REDIS_SO: the redis.so of a phpredis built with --enable-redis-msgpack (docs/integrations.md
// says how; Debian's php8.2-redis has no msgpack serializer), loaded after this extension. -n: no
// ini file, so that no other module named msgpack is loaded. The server is 127.0.0.1:6379, or the
// port in MSGPACK_REDIS_PORT (scripts/integration and tests/compat/docs.sh run this against their
// own server).

// this extension, not PECL msgpack: with the ini files, Debian's php8.2-msgpack may be the one loaded
if (!class_exists(MsgPack\Packer::class)) {
    fwrite(STDERR, 'msgpack ' . phpversion('msgpack') . " is loaded, not this extension: run php -n -d extension=modules/msgpack.so\n");
    exit(1);
}

final class Cache
{
    public function __construct(private Redis $redis, private string $prefix = 'cache:') {}

    /** The value cached under $key, or what $compute returns, cached for $ttl seconds. */
    public function remember(string $key, int $ttl, callable $compute): mixed
    {
        $hit = $this->redis->get($this->prefix . $key);
        if ($hit !== false) {
            return $hit;
        }
        $value = $compute();
        $this->redis->setex($this->prefix . $key, $ttl, $value);
        return $value;
    }

    public function forget(string $key): void
    {
        $this->redis->del($this->prefix . $key);
    }
}

final class Product
{
    public function __construct(
        public int $id,
        public string $name,
        public float $price,
        public array $tags,
        protected ?DateTimeImmutable $updated = null,
    ) {}

    public function updated(): ?DateTimeImmutable { return $this->updated; }
}

$redis = new Redis();
$redis->connect('127.0.0.1', (int) (getenv('MSGPACK_REDIS_PORT') ?: 6379), 2.0);
$redis->setOption(Redis::OPT_SERIALIZER, Redis::SERIALIZER_MSGPACK);
$cache = new Cache($redis, 'example:' . getmypid() . ':');

$loads = 0;
$load = function () use (&$loads): array {
    $loads++;   // stands for a slow database query
    return [
        new Product(1, 'Keyboard', 49.9, ['input', 'usb'], new DateTimeImmutable('2024-05-01 12:00:00 UTC')),
        new Product(2, 'Mouse', 19.5, ['input']),
    ];
};

$first = $cache->remember('products', 60, $load);    // computed, then stored
$second = $cache->remember('products', 60, $load);   // read back from Redis
printf("loads: %d\n", $loads);
printf("%s costs %.2f, updated %s\n", $second[0]->name, $second[0]->price,
    $second[0]->updated()->format(DATE_ATOM));
var_dump($second == $first);

// The bytes in Redis are MessagePack, PECL msgpack's format: any reader of it can use them.
$raw = new Redis();
$raw->connect('127.0.0.1', (int) (getenv('MSGPACK_REDIS_PORT') ?: 6379), 2.0);
$bytes = $raw->get('example:' . getmypid() . ':products');
printf("stored %d bytes, starting %s\n", strlen($bytes), bin2hex(substr($bytes, 0, 8)));
var_dump(msgpack_unpack($bytes) == $first);

$cache->forget('products');
exit($loads === 1 && $second == $first ? 0 : 1);
