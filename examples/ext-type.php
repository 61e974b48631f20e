<?php
// Extension types: an application type of your own written as a MessagePack ext value, and read
// back as that type, with MsgPack\Packer::registerExtension() and MsgPack\Unpacker::registerExtension().
//   php -n -d extension=modules/msgpack.so examples/ext-type.php
// Any MessagePack implementation can read and write the same ext type (JavaScript's
// ExtensionCodec, Python's ExtType, Go's RegisterExt) if it knows the payload's layout.

final class Money
{
    public function __construct(public readonly int $cents, public readonly string $currency) {}
}

// type 1: the payload is the cents as a big-endian int64, then the ISO currency code
const MONEY_EXT = 1;

$packer = new MsgPack\Packer();
$packer->registerExtension(Money::class, MONEY_EXT, fn (Money $m) => pack('J', $m->cents) . $m->currency);

$unpacker = new MsgPack\Unpacker();
$unpacker->registerExtension(MONEY_EXT, function (string $payload): Money {
    if (strlen($payload) !== 11) {
        throw new UnexpectedValueException('a money value is 11 bytes');
    }
    return new Money(unpack('J', $payload)[1], substr($payload, 8));
});

$order = ['id' => 1042, 'total' => new Money(1999, 'EUR'), 'lines' => [new Money(999, 'EUR'), new Money(1000, 'EUR')]];
$bytes = $packer->pack($order);
echo "packed: ", bin2hex($bytes), "\n";

$back = $unpacker->unpack($bytes);
printf("order %d: %d.%02d %s in %d lines\n", $back['id'], intdiv($back['total']->cents, 100),
    $back['total']->cents % 100, $back['total']->currency, count($back['lines']));

// without the decoder, the ext comes as a MsgPack\Ext: the value is kept, its meaning is not
$raw = MsgPack\unpack($bytes);
printf("without the decoder: %s type %d, %d bytes\n", get_class($raw['total']), $raw['total']->type,
    strlen($raw['total']->data));

// a payload the decoder refuses: its exception comes through as it is
$bad = $packer->packMapHeader(1) . $packer->packStr('total') . $packer->packExt(MONEY_EXT, 'short');
try {
    $unpacker->unpack($bad);
    $refused = false;
} catch (UnexpectedValueException $e) {
    $refused = true;
    echo "refused: ", $e->getMessage(), "\n";
}

$ok = $back == $order && $raw['total'] instanceof MsgPack\Ext && $raw['total']->type === MONEY_EXT && $refused;
var_dump($ok);
exit($ok ? 0 : 1);
