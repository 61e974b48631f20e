<?php
// Classes known to the fuzzer and used by make-corpus.php: every kind of object the decoder
// treats differently. Their methods are harmless and deterministic (the fuzzer runs them).

class FzPlain {
    public $a = 1;
    protected $b = 2;
    private $c = 3;
}

class FzWakeup {
    public $x;
    public function __wakeup() {
        if ($this->x === 'throw') {
            throw new RuntimeException('wakeup');
        }
    }
}

class FzSleep {
    public $keep = 1;
    public $drop = 2;
    public function __sleep() { return ['keep']; }
}

class FzMagic {
    public $data;
    public function __serialize(): array { return ['data' => $this->data]; }
    public function __unserialize(array $d): void {
        if (isset($d['throw'])) {
            throw new RuntimeException('unserialize');
        }
        $this->data = $d['data'] ?? $d;
    }
}

class FzCustom implements Serializable {
    public $s = '';
    public function serialize() { return $this->s; }
    public function unserialize($s) {
        if ($s === 'throw') {
            throw new RuntimeException('custom');
        }
        $this->s = $s;
    }
}

class FzTyped {
    public int $i = 0;
    public ?string $s = null;
    public array $arr = [];
    public float $f = 0.0;
    public ?FzTyped $self = null;
    public readonly int $ro;
}

readonly class FzReadonly {
    public function __construct(public int $x = 0) {}
}

class FzDestruct {
    public $n;
    public function __destruct() { $GLOBALS['__fuzz_destructed'] = ($GLOBALS['__fuzz_destructed'] ?? 0) + 1; }
}

class FzChild extends FzPlain {
    public $d = 4;
}

// A template whose properties are templates too (an object, an array template, a list
// template), then a plain one: the list case of the converter, and its kept converter.
class FzShaped {
    public $o;
    public $map = ['k' => 0, 'm' => null];
    public $list = ['FzPlain'];
    public $plain;
    public function __construct() { $this->o = new FzChild; }
}

enum FzEnum { case A; case B; }
enum FzBacked: string { case X = 'x'; case Y = 'y'; }
interface FzIface {}
abstract class FzAbstract {}

// Typed decoding (MsgPack\unpackAs(), __fuzz_typed()): scalars, nullable types, enums, a date,
// nested, listed and mapped classes, a mixed part, a recursive class and an #[AsList] one.
enum FzLevel: int { case Low = 1; case High = 2; case Negative = -1; }
final class FzTypedLeaf {
    public int $i = 0;
    public ?string $s = null;
    public float $f = 0.0;
    public bool $b = false;
}
final class FzTypedRoot {
    public int $id;
    #[MsgPack\Name('n')] public ?string $name = null;
    public FzLevel $level = FzLevel::Low;
    public ?FzBacked $backed = null;
    public ?FzEnum $pure = null;
    public ?FzTypedLeaf $leaf = null;
    #[MsgPack\ListOf(FzTypedLeaf::class)] public array $leaves = [];
    #[MsgPack\MapOf('int|string|null')] public array $map = [];
    public ?DateTimeImmutable $at = null;
    public mixed $any = null;
    public ?FzTypedRoot $next = null;
    public function __construct() { $GLOBALS['__fuzz_fail'] = 'unpackAs() ran the constructor of FzTypedRoot'; }
}
#[MsgPack\AsList]
final class FzTypedPoint {
    public float $x;
    public float $y = 0.0;
    public ?FzTypedPoint $p = null;
}
