--TEST--
MsgPack\pack() and Packer write #[MsgPack\Name] keys and #[MsgPack\AsList] arrays (the compatible API ignores them), so that what unpackAs() reads packs back to the same bytes and the same objects
--FILE--
<?php
use MsgPack\Name;
use MsgPack\AsList;
use MsgPack\ListOf;
use MsgPack\MapOf;
use MsgPack\Packer;

enum Status: string { case Paid = 'paid'; case Open = 'open'; }
enum Suit { case Hearts; case Spades; }

final class Customer {
    public function __construct(
        public int $id,
        #[Name('full_name')] public string $name,
        public ?string $email = null,
    ) {}
}
#[AsList]
final class Line { public function __construct(public string $sku, public int $qty, public float $price) {} }
final class Order {
    #[Name('order_id')] public int $id;
    public Customer $customer;
    #[ListOf(Line::class)] public array $lines = [];
    public Status $status = Status::Open;
    public Suit $suit = Suit::Hearts;
    public DateTimeImmutable $created;
    #[MapOf('int')] public array $counts = [];
    public mixed $meta = null;
    public ?Order $parent = null;
    private string $internal = 'not written';
}
class Plain { public int $a = 1; public string $b = 'x'; }
#[AsList] class Partial { public int $a = 1; public int $b; }

$order = new Order;
$order->id = 7;
$order->customer = new Customer(1, 'Ann');
$order->lines = [new Line('a', 2, 1.5), new Line('b', 1, 10.0)];
$order->status = Status::Paid;
$order->suit = Suit::Spades;
$order->created = new DateTimeImmutable('2024-01-02 03:04:05.678 UTC');
$order->counts = ['x' => 1];
$order->meta = ['k' => [1, 2]];

$bytes = MsgPack\pack($order);
echo bin2hex($bytes), "\n";
$back = MsgPack\unpackAs($bytes, Order::class);
var_dump($back == $order);
var_dump(MsgPack\pack($back) === $bytes);
var_dump($back->customer->name, $back->lines[1], $back->created->format('Y-m-d H:i:s.u e'));

echo "-- a chain of orders\n";
$child = clone $order;
$child->id = 8;
$child->parent = $order;
$back = MsgPack\unpackAs(MsgPack\pack($child), Order::class);
var_dump($back == $child, $back->parent->id);

echo "-- Packer flags apply; RECORDS writes the renamed keys\n";
$c = new Customer(2, 'Bob', 'b@example.com');
echo bin2hex((new Packer(Packer::BIN_STRINGS))->pack($c)), "\n";
$records = (new Packer(Packer::RECORDS))->pack([$c, $c]);
echo bin2hex($records), "\n";
var_dump(MsgPack\unpack($records, MsgPack\Unpacker::RECORDS));
echo bin2hex((new Packer(Packer::FLOAT32))->pack(new Line('x', 1, 0.5))), "\n";

echo "-- dynamic properties keep their names; a class without attributes is written as before\n";
$d = new Customer(3, 'Cy');
@$d->extra = true;
echo bin2hex(MsgPack\pack($d)), "\n";
echo bin2hex(MsgPack\pack(new Plain)), "\n";

echo "-- the compatible API ignores the attributes\n";
echo bin2hex(msgpack_pack(new Customer(4, 'Di'))), "\n";
ini_set('msgpack.php_only', '0');
echo bin2hex(msgpack_pack(new Customer(4, 'Di'))), "\n";
echo bin2hex((new MessagePack(false))->pack(new Line('y', 2, 3.0))), "\n";
echo bin2hex((new Packer(Packer::PHP_OBJECTS))->pack(new Customer(4, 'Di'))), "\n";

echo "-- an #[AsList] object is written whole\n";
try {
    MsgPack\pack(new Partial);
} catch (MsgPack\PackException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$p = new Partial;
$p->b = 2;
echo bin2hex(MsgPack\pack($p)), "\n";
--EXPECT--
89a86f726465725f696407a8637573746f6d657283a2696401a966756c6c5f6e616d65a3416e6ea5656d61696cc0a56c696e65739293a16102cb3ff800000000000093a16201cb4024000000000000a6737461747573a470616964a47375697481a46e616d65a6537061646573a763726561746564d7ffa1a5d60065937d25a6636f756e747381a17801a46d65746181a16b920102a6706172656e74c0
bool(true)
bool(true)
string(3) "Ann"
object(Line)#13 (3) {
  ["sku"]=>
  string(1) "b"
  ["qty"]=>
  int(1)
  ["price"]=>
  float(10)
}
string(30) "2024-01-02 03:04:05.678000 UTC"
-- a chain of orders
bool(true)
int(7)
-- Packer flags apply; RECORDS writes the renamed keys
83a2696402a966756c6c5f6e616d65c403426f62a5656d61696cc40d62406578616d706c652e636f6d
92d4724093a26964a966756c6c5f6e616d65a5656d61696c02a3426f62ad62406578616d706c652e636f6d4002a3426f62ad62406578616d706c652e636f6d
array(2) {
  [0]=>
  array(3) {
    ["id"]=>
    int(2)
    ["full_name"]=>
    string(3) "Bob"
    ["email"]=>
    string(13) "b@example.com"
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(2)
    ["full_name"]=>
    string(3) "Bob"
    ["email"]=>
    string(13) "b@example.com"
  }
}
93a17801ca3f000000
-- dynamic properties keep their names; a class without attributes is written as before
84a2696403a966756c6c5f6e616d65a24379a5656d61696cc0a56578747261c3
82a16101a162a178
-- the compatible API ignores the attributes
84c0a8437573746f6d6572a2696404a46e616d65a24469a5656d61696cc0
9304a24469c0
93a17902cb4008000000000000
84c0a8437573746f6d6572a2696404a46e616d65a24469a5656d61696cc0
-- an #[AsList] object is written whole
MsgPack\PackException: Partial::$b is not initialized: an #[MsgPack\AsList] object is written whole
920102
