<?php
// PHP sessions kept in Redis by phpredis's session handler, serialized as MessagePack.
//   php -n -d extension=modules/msgpack.so -d extension=$REDIS_SO examples/redis-sessions.php
// REDIS_SO: the redis.so of a phpredis built with --enable-redis-msgpack (docs/integrations.md);
// -n: no ini file, so that no other module named msgpack is loaded. In php.ini this is:
//   session.save_handler = redis
//   session.save_path = "tcp://127.0.0.1:6379"
//   session.serialize_handler = msgpack
// The server is 127.0.0.1:6379, or the port in MSGPACK_REDIS_PORT.

// this extension, not PECL msgpack: with the ini files, Debian's php8.2-msgpack may be the one loaded
if (!class_exists(MsgPack\Packer::class)) {
    fwrite(STDERR, 'msgpack ' . phpversion('msgpack') . " is loaded, not this extension: run php -n -d extension=modules/msgpack.so\n");
    exit(1);
}
$port = (int) (getenv('MSGPACK_REDIS_PORT') ?: 6379);
ini_set('session.save_handler', 'redis');
ini_set('session.save_path', "tcp://127.0.0.1:$port");
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');   // the command line has no cookies
ini_set('session.cache_limiter', '');

final class Cart
{
    private array $items = [];
    public function add(string $sku, int $quantity): void { $this->items[$sku] = ($this->items[$sku] ?? 0) + $quantity; }
    public function count(): int { return array_sum($this->items); }
}

// the first request: log in, fill a cart
$id = 'example' . getmypid();
session_id($id);
session_start();
$_SESSION['user'] = ['id' => 7, 'name' => 'Ada'];
$_SESSION['cart'] = new Cart();
$_SESSION['cart']->add('book-42', 2);
session_write_close();

// a later request (any web server sharing the Redis) finds it again
$_SESSION = [];
session_id($id);
session_start();
printf("user %s, %d items in the cart\n", $_SESSION['user']['name'], $_SESSION['cart']->count());

// what Redis holds under the handler's key: the session as one MessagePack map
$raw = new Redis();
$raw->connect('127.0.0.1', $port, 2.0);
$bytes = $raw->get("PHPREDIS_SESSION:$id");
printf("stored %d bytes: %s...\n", strlen($bytes), bin2hex(substr($bytes, 0, 16)));
$ok = $_SESSION['cart']->count() === 2;
session_destroy();
exit($ok ? 0 : 1);
