<?php
// The classes of the typed target (fuzz/targets/typed.c declares them once per request) and of
// its seeds (fuzz/make-corpus.php): typed properties, nullable ones, defaults, promoted
// constructor properties with defaults, #[MsgPack\Name], #[MsgPack\AsList], #[MsgPack\ListOf],
// #[MsgPack\MapOf], nested and recursive classes, a backed enum of each kind and a pure enum,
// DateTimeImmutable, MsgPack\Timestamp, mixed. No constructor may run: each says so if it does.
namespace FzT;

use MsgPack\AsList;
use MsgPack\ListOf;
use MsgPack\MapOf;
use MsgPack\Name;

// The types the target decodes into: the input's first byte picks one (its index here) and a set
// of flags (fuzz/targets/typed.c). Add at the end only: the corpus and the reproducers name a type
// by its index.
const PLANS = [
    'int', 'float', 'string', 'bool', 'int|float', '?string', 'list<int>', 'array<string, float>',
    'array<int|string, mixed>', 'FzT\Order', '?FzT\Point', 'list<FzT\Line>', 'FzT\Status', 'FzT\Suit',
    'FzT\Level|FzT\Leaf|list<float>', 'DateTimeImmutable', 'MsgPack\Timestamp', 'array<string, FzT\Leaf>',
    'int|string|bool|null', 'mixed', 'list<?FzT\Order>',
];

enum Status: string { case Paid = 'paid'; case Open = 'open'; case Empty = ''; }
enum Level: int { case Low = 1; case High = 2; case Negative = -1; }
enum Suit { case Hearts; case Spades; }

final class Leaf {
    public int $i = 0;
    public ?string $s = null;
    public float $f = 0.0;
    public bool $b = false;
    public function __construct() { $GLOBALS['__fuzz_typed_constructed'] = self::class; }
}

#[AsList]
final class Point {
    public float $x;
    public float $y = 0.0;
    public ?Point $p = null;
    public function __construct() { $GLOBALS['__fuzz_typed_constructed'] = self::class; }
}

#[AsList]
final class Line {
    public function __construct(public string $sku = '', public int $qty = 1, public int|float $price = 0) {
        $GLOBALS['__fuzz_typed_constructed'] = self::class;
    }
}

final class Customer {
    public function __construct(
        public int $id = 0,
        #[Name('full_name')] public string $name = '',
        public ?string $email = null,
    ) {
        $GLOBALS['__fuzz_typed_constructed'] = self::class;
    }
}

final class Order {
    #[Name('order_id')] public int $id;
    public ?Customer $customer = null;
    #[ListOf(Line::class)] public array $lines = [];
    public Status $status = Status::Open;
    public ?Suit $suit = null;
    public Level $level = Level::Low;
    public ?\DateTimeImmutable $created = null;
    public ?\MsgPack\Timestamp $at = null;
    #[MapOf('int')] public array $counts = [];
    #[MapOf(Leaf::class)] public array $leaves = [];
    public mixed $meta = null;
    public ?Order $parent = null;
    public ?Point $point = null;
    public int|string $key = 0;
    public ?float $ratio = 1.5;
    public bool|string $flag = false;
    private string $internal = 'not written';
    public function __construct() { $GLOBALS['__fuzz_typed_constructed'] = self::class; }
}
