--TEST--
C stack guard: calls that pack or unpack again from user code (an ext encoder with the same Packer, jsonSerialize(), an ext decoder with another Unpacker, __serialize()) at 3,000 to 12,000 levels end in a value or a clean error
--INI--
pcre.jit=0
memory_limit=1G
--FILE--
<?php
use MsgPack\Packer;
use MsgPack\Unpacker;

function outcome(callable $f): string
{
    error_clear_last();
    try {
        $r = @$f();
    } catch (Throwable $e) {
        return get_class($e) . ': ' . preg_replace('/level \d+/', 'level N', $e->getMessage());
    }
    $w = error_get_last();
    // how many levels fit before the stack is full depends on the build: so does the length of
    // a value cut short with a warning
    return (is_string($r) ? 'string(' . ($w ? 'N' : strlen($r)) . ')' : gettype($r)) . ($w ? ', ' . preg_replace('/level \d+/', 'level N', $w['message']) : '');
}

// 1. an ext encoder that packs its payload with the same Packer: each call starts below the last
class Node
{
    public function __construct(public ?Node $next) {}
}
$packer = new Packer();
$packer->registerExtension(Node::class, 5, fn (Node $n) => $n->next ? $packer->pack($n->next) : '');

// 2. jsonSerialize() that calls MsgPack\pack() on what it holds
class Wrapped implements JsonSerializable
{
    public function __construct(public ?Wrapped $inner) {}
    public function jsonSerialize(): mixed
    {
        return ['inner' => $this->inner ? MsgPack\pack($this->inner) : null];
    }
}

// 3. an ext decoder that unpacks its payload with another Unpacker: untrusted input nests
// ext values inside ext values
function nested_ext(int $n): string
{
    $p = "\xc0";
    for ($i = 0; $i < $n; $i++) {
        $len = strlen($p);
        $p = ($len < 256 ? "\xc7" . chr($len) : ($len < 65536 ? "\xc8" . pack('n', $len) : "\xc9" . pack('N', $len))) . "\x05" . $p;
    }
    return $p;
}
function ext_unpacker(): Unpacker
{
    $u = new Unpacker();
    $u->registerExtension(5, fn (string $payload) => ['in' => ext_unpacker()->unpack($payload)]);
    return $u;
}

// the same through the compatible API: __serialize() and __unserialize() that call it again
class Inner
{
    public function __construct(public ?Inner $next) {}
    public function __serialize(): array
    {
        return ['next' => $this->next ? msgpack_pack($this->next) : null];
    }
    public function __unserialize(array $data): void
    {
        $this->next = is_string($data['next']) ? msgpack_unpack($data['next']) : null;
    }
}

foreach ([3000, 4540, 12000] as $n) {
    echo "-- $n levels\n";
    $node = $wrapped = $inner = null;
    for ($i = 0; $i < $n; $i++) {
        $node = new Node($node);
        $wrapped = new Wrapped($wrapped);
        $inner = new Inner($inner);
    }
    echo 'ext encoder:      ', outcome(fn () => $packer->pack($node)), "\n";
    echo 'jsonSerialize():  ', outcome(fn () => MsgPack\pack($wrapped)), "\n";
    $input = nested_ext($n);
    echo 'ext decoder:      ', strlen($input), ' bytes, ', outcome(fn () => ext_unpacker()->unpack($input)), "\n";
    echo '__serialize():    ', outcome(fn () => msgpack_pack($inner)), "\n";
    // the objects are freed one at a time: a chain this long is the engine's own recursion
    foreach (['node', 'wrapped', 'inner'] as $chain) {
        while ($$chain !== null) {
            $$chain = $chain === 'wrapped' ? $$chain->inner : $$chain->next;
        }
    }
}

// within what the stack holds, the same calls succeed and give the value back
$node = null;
for ($i = 0; $i < 50; $i++) {
    $node = new Node($node);
}
$bytes = $packer->pack($node);
echo bin2hex(substr($bytes, 0, 8)), ' ... ', strlen($bytes), " bytes\n";
$u = new Unpacker();
$u->registerExtension(5, $decode = function (string $payload) use (&$decode) {
    if ($payload === '') {
        return null;
    }
    $inner = new Unpacker();
    $inner->registerExtension(5, $decode);
    return new Node($inner->unpack($payload));
});
$back = $u->unpack($bytes);
for ($depth = 0; $back !== null; $depth++) {
    $back = $back->next;
}
var_dump($depth);
$inner = null;
for ($i = 0; $i < 50; $i++) {
    $inner = new Inner($inner);
}
$back = msgpack_unpack(msgpack_pack($inner));
for ($depth = 0; $back !== null; $depth++) {
    $back = $back->next;
}
var_dump($depth);
?>
--EXPECTREGEX--
-- 3000 levels
ext encoder:      (string\(11914\)|MsgPack\\PackException: the C stack is full at nesting level N)
jsonSerialize\(\):  (string\(29967\)|MsgPack\\PackException: the C stack is full at nesting level N)
ext decoder:      11916 bytes, (array|MsgPack\\UnpackException: the C stack is full at nesting level N, offset 0)
__serialize\(\):    (string\(53982\)|string\(N\), \[msgpack\] \(php_msgpack_serialize\) Maximum nesting depth exceeded: the C stack is full at level N)
-- 4540 levels
ext encoder:      MsgPack\\PackException: the C stack is full at nesting level N
jsonSerialize\(\):  MsgPack\\PackException: the C stack is full at nesting level N
ext decoder:      18076 bytes, MsgPack\\UnpackException: the C stack is full at nesting level N, offset 0
__serialize\(\):    string\(N\), \[msgpack\] \(php_msgpack_serialize\) Maximum nesting depth exceeded: the C stack is full at level N
-- 12000 levels
ext encoder:      MsgPack\\PackException: the C stack is full at nesting level N
jsonSerialize\(\):  MsgPack\\PackException: the C stack is full at nesting level N
ext decoder:      47916 bytes, MsgPack\\UnpackException: the C stack is full at nesting level N, offset 0
__serialize\(\):    string\(N\), \[msgpack\] \(php_msgpack_serialize\) Maximum nesting depth exceeded: the C stack is full at level N
c79305c79005c78d \.\.\. 150 bytes
int\(49\)
int\(50\)
