<?php
// The classes the typed-decoding cases decode into (typed_order, typed_rows): public typed
// properties, as an application declares its messages. Each mapper reads what it needs from them:
// MsgPack\unpackAs() the property types and the #[MsgPack\ListOf] attribute, Symfony's
// PropertyInfo the types and the @var comment, JMS the types and its #[JMS\Type] attribute (it
// reads no list<T> from a comment). An attribute whose class is not loaded costs nothing until
// something reads it, so this file loads without JMS and without unpackAs().
use JMS\Serializer\Annotation as JMS;

enum BenchStatus: string
{
    case Pending = 'pending';
    case Paid = 'paid';
    case Shipped = 'shipped';
    case Cancelled = 'cancelled';
}

enum BenchCurrency: string
{
    case EUR = 'EUR';
    case USD = 'USD';
    case GBP = 'GBP';
}

final class BenchCustomer
{
    public int $id;
    public string $name;
    public string $email;
    public ?string $phone = null;
}

final class BenchItem
{
    public string $sku;
    public string $title;
    public int $quantity;
    public float $price;
}

final class BenchOrder
{
    public int $id;
    public BenchStatus $status;
    public BenchCurrency $currency;
    public DateTimeImmutable $createdAt;
    public BenchCustomer $customer;
    /** @var list<BenchItem> */
    #[MsgPack\ListOf(BenchItem::class)]
    #[JMS\Type('array<BenchItem>')]
    public array $items;
    public float $total;
}

// bench_row() of bench/cases.inc.php as a class: the keys are the property names.
final class BenchRow
{
    public int $id;
    public string $name;
    public string $email;
    public bool $active;
    public float $score;
    public int $group_id;
    public string $created_at;
}
