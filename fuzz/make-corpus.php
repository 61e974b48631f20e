<?php
// Writes the seed corpus of the fuzzer: one file per packed value, into the directory given.
// Run with the extension: php -n -d extension=modules/msgpack.so fuzz/make-corpus.php DIR [TARGET]
// With a TARGET of scripts/fuzz other than php, each seed (and each reproducer of
// fuzz/regressions/ itself, written for php) gets in front the control bytes that target reads
// first (fuzz/targets/TARGET.c): a few choices per seed, so that the seeds go through every set
// of options; scripts/fuzz --merge keeps those that add coverage.
require __DIR__ . '/classes.inc.php';
require __DIR__ . '/typed.inc.php';

$dir = $argv[1] ?? die("usage: make-corpus.php DIR [TARGET]\n");
$target = $argv[2] ?? 'php';
is_dir($dir) || mkdir($dir, 0777, true);

$values = [];
// scalars
foreach ([null, true, false, 0, 1, -1, 127, 128, -32, -33, 255, 256, 65535, 65536, -129, -32769,
          PHP_INT_MAX, PHP_INT_MIN, 4294967296, 0.0, -0.0, 1.5, 3.14159, INF, -INF, NAN, 1e300] as $v) {
    $values[] = $v;
}
// strings: every length class
foreach (['', 'a', 'hello', str_repeat('x', 31), str_repeat('y', 32), str_repeat('z', 255),
          str_repeat('w', 256), str_repeat('v', 70000), "\0\xff\xc1binary", '123', '-5', '1.5'] as $v) {
    $values[] = $v;
}
// arrays and maps
$values[] = [];
$values[] = [1, 2, 3];
$values[] = range(0, 20);
$values[] = ['a' => 1, 'b' => [1, 2], 'c' => ['d' => null]];
$values[] = [5 => 'x', 7 => 'y', '-3' => 'z', 'k' => 1.0];
$values[] = array_fill_keys(array_map(fn ($i) => "key$i", range(0, 40)), 'v');
$values[] = [[[[[[[[[[1]]]]]]]]]];
$values[] = ['list' => [['id' => 1, 'name' => 'a'], ['id' => 2, 'name' => 'b'], ['id' => 3, 'name' => 'c']]];
// references and back-references
$a = [1, 2];
$r = [&$a, &$a, $a];
$values[] = $r;
$x = ['self' => null];
$x['self'] = &$x;
$values[] = $x;
$o = new FzPlain;
$values[] = [$o, $o, [$o]];
$s = new stdClass;
$s->me = $s;
$s->list = [1, 2];
$values[] = $s;
// objects of every kind
$values[] = new FzPlain;
$values[] = new FzChild;
$w = new FzWakeup; $w->x = 'ok';
$values[] = $w;
$values[] = new FzSleep;
$m = new FzMagic; $m->data = ['p' => 1, 'q' => [2]];
$values[] = $m;
$c = new FzCustom; $c->s = 'payload';
$values[] = $c;
$t = new FzTyped; $t->i = 5; $t->s = 'str'; $t->self = new FzTyped;
$values[] = $t;
$values[] = new FzReadonly(7);
$d = new FzDestruct; $d->n = 1;
$values[] = [$d, new FzDestruct];
$values[] = FzEnum::A;
$values[] = [FzBacked::X, FzBacked::Y, FzEnum::B];
$values[] = new ArrayObject([1, 2, 3]);
$values[] = new DateTime('2020-01-02 03:04:05 UTC');
$values[] = new SplObjectStorage;
$std = new stdClass; $std->a = 1; $std->{'0'} = 'zero';
$values[] = $std;
// ext and timestamps
$values[] = new MsgPack\Ext(5, 'abc');
$values[] = new MsgPack\Ext(-5, str_repeat('e', 300));
$values[] = new MsgPack\Timestamp(1, 0);
$values[] = new MsgPack\Timestamp(1700000000, 123456789);
$values[] = new MsgPack\Timestamp(-1, 999999999);
$values[] = new MsgPack\Timestamp(17179869184, 1);
// the decoder's fast paths (unpack.c, unpack_object.c): maps of one shape (copied from the first,
// then a key that differs, a duplicate, an int-like key, a map of the shape inside one), objects
// of one class (the class cache, properties straight into their slots, typed and readonly ones),
// repeated string values (the value cache)
// (256 bytes at least: shorter inputs take neither shapes nor the value cache)
$values[] = [...array_map(fn ($i) => ['id' => $i, 'name' => "n$i", 'ok' => true], range(10, 30)), ['id' => 1, 'name' => 'a', 'ok' => true], ['id' => 2, 'name' => 'b', 'ok' => false],
    ['id' => 3, 'nick' => 'c', 'ok' => true], ['id' => 4, 'name' => ['id' => 5, 'name' => 'e', 'ok' => 1], 'ok' => null],
    ['id' => 6, 'name' => 'f', '7' => 7], ['id' => 8, 'name' => 'g']];
$t1 = new FzTyped; $t1->i = 1; $t1->s = 'one';
$t2 = new FzTyped; $t2->i = 2; $t2->arr = [1]; $t2->self = $t1;
$values[] = [$t1, $t2, new FzTyped, new FzChild, new FzChild, new FzPlain, $t1, new FzTyped, new FzTyped, new FzTyped, new FzChild];
$values[] = array_merge(array_fill(0, 20, 'repeated'), array_fill(0, 5, str_repeat('long', 100)), ['repeated', 'x' . str_repeat('y', 1030)]);
// small inputs (kept shapes, unpack.c): a map whose kept shape the maps inside it drop (the inner
// map leaves it) or replace (two inner maps of another shape at the same place among the kept
// shapes), keys too long for the key cache; each input is decoded several times in a request
$values[] = [str_repeat('k', 70) => [str_repeat('k', 70) => 1, 'zz' => 2], str_repeat('m', 69) . '2' => 3];
$values[] = ['k1' => ['at' => 1, 'y' => 2], str_repeat('p', 65) => ['at' => 1, 'y' => 2], str_repeat('q', 65) => 3];
// session-like data
$values[] = ['user' => ['id' => 42, 'roles' => ['admin', 'dev']], 'cart' => [new FzPlain], 'ts' => 1700000000, 'flash' => null];

// the seeds, each with the type it was packed from (typed) or null
$seeds = [];
$write = function (string $bytes, ?string $type = null) use (&$seeds) {
    $seeds[] = [$bytes, $type];
};
foreach ([true, false] as $php_only) {
    ini_set('msgpack.php_only', $php_only ? '1' : '0');
    foreach ($values as $v) {
        $p = @msgpack_pack($v);
        if (is_string($p) && strlen($p) <= 4096) {
            $write($p);
        }
    }
}
ini_set('msgpack.php_only', '1');
// forms no encoder writes: str8/bin/32-bit headers, fixext, a sequence of values, nil keys
foreach (['d90568656c6c6f', 'c40301020362', 'c5000161', 'c6000000016161', 'db0000000161',
          'dc0001c0', 'dd00000001c0', 'de0001a161c0', 'df00000001a161c0', 'd40100', 'd5010000',
          'd6ff00000001', 'd7ff0000000000000001', 'c70cff000000010000000000000001', 'd8010000000000000000000000000000000000',
          'c70101ff', 'c8000101ff', 'c900000001 01ff', '0102a161c0c2c3', '81c0c0', '82c001c0c0',
          '82c00382c0c0c0c0', '82c003a6467a437573a774c0', '82c006a6467a456e756da141', '81c0a6467a506c61696e',
          '9282c0a6467a506c61696e82c003a0c002', '83c0a6467a5479706564a169a178a27374c3', '81c3c2', '81ccffc0',
          'cfffffffffffffffff', 'c1',
          // for the MsgPack\ API: keys of other types, a big uint64 key, registered ext types,
          // values in a stream with an error after them, a nesting past its depth of 64
          '81cfffffffffffffffff01', '81ca3f80000001', '819001', 'd40141d40242d6ff00000001',
          'c70cff00000001ffffffffffffffff01c1', '0102d4ff0103', str_repeat('91', 70) . '01',
          // small values read one after the other: the shape of the first map kept from call to
          // call (unpack.c, kept_shape()), then left at its second key, at its last key (a
          // duplicate), cut short, and left for a nil key (php_only)
          '82a16101a16202 82a16103a16204 82a16105a16206 82a16107a16308 82a16109a1610a 82a16101a162 82a1610bc0a0'] as $hex) {
    $write(hex2bin(str_replace(' ', '', $hex)));
}
// records (msgpackr's ext 0x72): maps of repeated key lists, objects, shared structures; and
// forms msgpackr writes (a redefinition past 64 structures, a sequential stream, a record
// before its declaration, a field list of another type, duplicate names, two-byte identifiers)
$rows = [];
for ($i = 0; $i < 20; $i++) {
    $rows[] = ['id' => $i, 'name' => "n$i", 'tags' => ['a'], 'at' => new MsgPack\Timestamp($i, 0), 100 => $i + 64];
}
$shapes = [];
for ($i = 0; $i < 66; $i++) {
    $shapes[] = ["k$i" => $i];
}
foreach ([$rows, $shapes, ['a' => ['a' => ['a' => 1]]], [$std, $std, ['a' => 1, '0' => 'zero']], [new MsgPack\Ext(0x72, '@')]] as $v) {
    $write(MsgPack\pack($v, MsgPack\Packer::RECORDS));
}
$write((new MsgPack\Packer(MsgPack\Packer::RECORDS))->withStructures([['id', 'name', 'tags', 'at', 100]])->pack($rows));
// past 32 shared structures: msgpackr's two-byte identifiers, shared (60 00 ...) and declared in
// the value (d5 72 ...): with the list the harness reads with (__fuzz_two_byte_structures() of
// harness.inc.php, and fuzz_shared_structures() of msgpack_fuzzer.c: the same 40), with a list
// of 100 (two-byte references the harness does not know), and 66 own structures after the 40
$two = array_map(fn ($i) => $i === 5 ? [] : ($i % 7 === 3 ? ["k$i", 'name'] : ["k$i"]), range(0, 39));
$mixed = [['k0' => 1], ['k32' => 2], ['k39' => 3], ['k3' => 4, 'name' => 'x'], ['k5' => 1], [], ['own' => [1]], ['own' => ['k33' => 64]]];
$write((new MsgPack\Packer(MsgPack\Packer::RECORDS))->withStructures($two, null, 40)->pack($mixed));
$write((new MsgPack\Packer(MsgPack\Packer::RECORDS))->withStructures(array_map(fn ($i) => ["k$i"], range(0, 99)), null, 100)
    ->pack([['k64' => 1], ['k99' => 2], ['x' => 3], ['x' => 4]]));
$write((new MsgPack\Packer(MsgPack\Packer::RECORDS))->withStructures($two, null, 40)->pack($shapes));
foreach (['94d4724092a161a1620102400304d4724192a162a1610506d4724290', 'd4724092a161a16201a1784002a17992d4724191a163014003a17a4102',
          '93d4724091a16101d4724091a162024003', '92d4724091a16101 4101', 'd47240a16101', 'd4724092a161a16101',
          'd5724000', 'd4723f91a16101', 'd47240dc0100a161', '91d4724091a161404040404001', 'c7017240',
          // shared structure 0x40 redeclared in a value the decoder refuses, then used
          '92d4724092a161a162010281c001400102', '4001024103040541060708',
          // two-byte identifiers: declared and referenced, a reference past its slot's structure,
          // a one-byte declaration over a two-byte slot, shared 32 redeclared then used
          '92d572600091a16101600002', '93d572610191a16101d572610091a16202610103', '93d5727f0091a16101d5727fff91a162027fff03',
          '92d5727fff91a161017f', '93d4726091a16101d572600091a16202600003', '600020 d4726091a16101 6002 600003'] as $hex) {
    $write(hex2bin(str_replace(' ', '', $hex)));
}
// typed decoding (the types of __fuzz_typed()): what MsgPack\pack() writes for them
$leaf = ['i' => 3, 's' => 'x', 'f' => 1.5, 'b' => true];
$root = ['id' => 1, 'n' => 'root', 'level' => 2, 'backed' => 'x', 'pure' => 'B', 'leaf' => $leaf, 'leaves' => [$leaf, $leaf],
    'map' => ['a' => 1, 'b' => 'c', 7 => null], 'at' => new MsgPack\Timestamp(1700000000, 5000), 'any' => [1, ['k' => 'v']]];
$root['next'] = ['id' => 2, 'next' => ['id' => 3]];
foreach ([$root, [[1.5, 2.5], 7, [0.5, 1.0, [3.0]]], ['a' => $leaf, 'b' => ['i' => -1]], [1.0, 2.0], 'y'] as $v) {
    $write(MsgPack\pack($v));
}
// the typed target's types (fuzz/typed.inc.php): what MsgPack\pack() writes for each, made
// without the constructors (which say that they ran)
$make = fn (string $class, array $props) => (function () use ($props) {
    foreach ($props as $k => $v) {
        $this->$k = $v;
    }
    return $this;
})->call((new ReflectionClass($class))->newInstanceWithoutConstructor());
$fzLeaf = $make(FzT\Leaf::class, ['i' => 7, 's' => 'leaf', 'f' => 0.5, 'b' => true]);
$fzPoint = $make(FzT\Point::class, ['x' => 1.5, 'y' => -2.0, 'p' => $make(FzT\Point::class, ['x' => 3.0])]);
$fzLine = $make(FzT\Line::class, ['sku' => 'a-1', 'qty' => 2, 'price' => 9.99]);
$fzCustomer = $make(FzT\Customer::class, ['id' => 42, 'name' => 'Ann', 'email' => 'ann@example.com']);
$fzParent = $make(FzT\Order::class, ['id' => 1, 'status' => FzT\Status::Paid]);
$fzOrder = $make(FzT\Order::class, ['id' => 2, 'customer' => $fzCustomer, 'lines' => [$fzLine, $fzLine], 'status' => FzT\Status::Empty,
    'suit' => FzT\Suit::Spades, 'level' => FzT\Level::Negative, 'created' => new DateTimeImmutable('2024-01-02 03:04:05.678 UTC'),
    'at' => new MsgPack\Timestamp(1700000000, 123456789), 'counts' => ['x' => 1, 3 => -4], 'leaves' => ['l' => $fzLeaf],
    'meta' => ['k' => [1, 2.5, null, 'v']], 'parent' => $fzParent, 'point' => $fzPoint, 'key' => 'k', 'ratio' => null, 'flag' => 'yes']);
foreach ([
    'int' => [0, -1, PHP_INT_MAX], 'float' => [1.5, 7], 'string' => ['text'], 'bool' => [true], 'int|float' => [3, 0.25],
    '?string' => [null, 's'], 'list<int>' => [[1, 2, 3]], 'array<string, float>' => [['a' => 1.5, 'b' => 2.0]],
    'array<int|string, mixed>' => [[1 => 'a', 'b' => [1]]], 'FzT\Order' => [$fzOrder, $fzParent], '?FzT\Point' => [$fzPoint, null],
    'list<FzT\Line>' => [[$fzLine, $make(FzT\Line::class, ['sku' => 'b', 'qty' => 1, 'price' => 0])]], 'FzT\Status' => [FzT\Status::Paid],
    'FzT\Suit' => [FzT\Suit::Hearts], 'FzT\Level|FzT\Leaf|list<float>' => [FzT\Level::High, $fzLeaf, [0.5, 1.5]],
    'DateTimeImmutable' => [new DateTimeImmutable('@1700000000')], 'MsgPack\Timestamp' => [new MsgPack\Timestamp(-1, 999999999)],
    'array<string, FzT\Leaf>' => [['x' => $fzLeaf]], 'int|string|bool|null' => [false], 'mixed' => [[$fzOrder]],
    'list<?FzT\Order>' => [[$fzParent, null, $fzOrder]],
] as $type => $values) {
    foreach ($values as $v) {
        try {
            $write(MsgPack\pack($v), $type);
            $write((new MsgPack\Packer(MsgPack\Packer::RECORDS))->pack($v), $type);
        } catch (Throwable $e) {
            fwrite(STDERR, "make-corpus.php: $type: " . $e->getMessage() . "\n");
            exit(1);
        }
    }
}
// the fast targets also start from the reproducers the php target replays
if ($target !== 'php') {
    foreach (glob(__DIR__ . '/regressions/*') as $file) {
        if (is_file($file)) {
            $write(file_get_contents($file));
        }
    }
}

// The control bytes a target reads first (fuzz/targets/TARGET.c), a few choices for seed $i.
function fuzz_headers(string $target, int $i, ?string $type): array
{
    $b = fn (int ...$bytes) => implode('', array_map(fn ($x) => chr($x & 0xff), $bytes));
    switch ($target) {
        case 'decode':  // the option set (of 48; 192 and up with a small nesting limit)
            return [$b(2 * $i), $b(2 * $i + 1)];
        case 'scan':    // the options and the nesting limit; the pieces
            return [$b($i, 37 * $i + 1)];
        case 'records': // maps as arrays or objects x the shared structures; the pieces
            return [$b((2 * $i) % 6, 37 * $i + 1), $b((2 * $i + 1) % 6, 53 * $i + 3)];
        case 'typed':   // the type (its index in FzT\PLANS) and the flags
            $n = count(FzT\PLANS);
            if ($type === null) {
                return [$b($i)];
            }
            $k = array_search($type, FzT\PLANS, true);
            return [$b($k), $b($k + $n * (1 + $i % 7))];
        case 'stream':  // the class and its options; three bytes choosing the steps
            return [$b($i, 37 * $i + 5, 101 * $i + 7, 13 * $i + 64), $b($i + 128, 29 * $i, 7 * $i + 3, 200 - $i)];
        case 'path':    // maps as objects, STOP_AT_PATH, RECORDS, bigint, how many paths; the paths' seed
            return [$b($i % 64, 37 * $i + 1), $b((5 * $i + 16) % 64, 53 * $i + 3)];
        default:
            return [''];
    }
}

$n = 0;
foreach ($seeds as $i => [$bytes, $type]) {
    if ($target === 'php' || $target === '') {
        if ($type === null) {
            file_put_contents(sprintf('%s/seed-%03d', $dir, $n++), $bytes);
        }
        continue;
    }
    foreach (fuzz_headers($target, $i, $type) as $j => $header) {
        file_put_contents(sprintf('%s/seed-%03d-%d', $dir, $i, $j), $header . $bytes);
        $n++;
    }
}
echo "$n seeds in $dir\n";
