<?php
// The typed-decoding contenders of scripts/bench (issue 22), for bench/worker.php: each one turns
// the bytes of a typed case (typed_order, typed_rows; bench/cases.inc.php) into its result, and
// its result is checked against the expected object graph before it is timed.
//
//   typed_arrays   MsgPack\unpack() into arrays (TIMESTAMP_AS_DATETIME): the baseline
//   typed_ours     MsgPack\unpackAs() into the classes of bench/typed/model.php
//   typed_hand     MsgPack\unpack() and the mapper a PHP developer writes by hand
//   typed_symfony  MsgPack\unpack() and Symfony Serializer's denormalize()
//   typed_jms      MsgPack\unpack() and JMS Serializer's fromArray()
//
// The three mappers get what typed_arrays gets: the date is a DateTimeImmutable already, so none
// of them parses one. Symfony and JMS are built once per process (their metadata is then cached
// in memory by their own caches after the first call, which bench_time() makes before timing), as
// an application keeps them as services; they come from bench/typed/vendor (scripts/bench
// installs them with Composer, versions pinned in bench/typed/composer.json).
require_once __DIR__ . '/model.php';

// The hand-written mapper: what a developer writes without a library.
function bench_hand_order(array $a): BenchOrder
{
    $order = new BenchOrder();
    $order->id = $a['id'];
    $order->status = BenchStatus::from($a['status']);
    $order->currency = BenchCurrency::from($a['currency']);
    $order->createdAt = $a['createdAt'];
    $customer = new BenchCustomer();
    $customer->id = $a['customer']['id'];
    $customer->name = $a['customer']['name'];
    $customer->email = $a['customer']['email'];
    $customer->phone = $a['customer']['phone'] ?? null;
    $order->customer = $customer;
    $order->items = array_map(function (array $i): BenchItem {
        $item = new BenchItem();
        $item->sku = $i['sku'];
        $item->title = $i['title'];
        $item->quantity = $i['quantity'];
        $item->price = $i['price'];
        return $item;
    }, $a['items']);
    $order->total = $a['total'];
    return $order;
}

function bench_hand_row(array $a): BenchRow
{
    $row = new BenchRow();
    $row->id = $a['id'];
    $row->name = $a['name'];
    $row->email = $a['email'];
    $row->active = $a['active'];
    $row->score = $a['score'];
    $row->group_id = $a['group_id'];
    $row->created_at = $a['created_at'];
    return $row;
}

// The type each case decodes into, as unpackAs() takes it and as Symfony and JMS name it.
function bench_typed_types(string $case): array
{
    return match ($case) {
        'typed_order' => ['ours' => BenchOrder::class, 'symfony' => BenchOrder::class, 'jms' => BenchOrder::class],
        'typed_rows' => ['ours' => 'list<BenchRow>', 'symfony' => BenchRow::class . '[]', 'jms' => 'array<BenchRow>'],
    };
}

function bench_typed_symfony(): Symfony\Component\Serializer\Serializer
{
    // the types of the properties from their declarations, and list<BenchItem> from the comment
    $types = new Symfony\Component\PropertyInfo\PropertyInfoExtractor([], [
        new Symfony\Component\PropertyInfo\Extractor\PhpStanExtractor(),
        new Symfony\Component\PropertyInfo\Extractor\ReflectionExtractor(),
    ]);
    return new Symfony\Component\Serializer\Serializer([
        new Symfony\Component\Serializer\Normalizer\BackedEnumNormalizer(),
        new Symfony\Component\Serializer\Normalizer\DateTimeNormalizer(),
        new Symfony\Component\Serializer\Normalizer\ArrayDenormalizer(),
        new Symfony\Component\Serializer\Normalizer\ObjectNormalizer(null, null, null, $types),
    ]);
}

function bench_typed_jms(): JMS\Serializer\SerializerInterface
{
    return JMS\Serializer\SerializerBuilder::create()
        ->enableEnumSupport()
        // the keys are the property names
        ->setPropertyNamingStrategy(new JMS\Serializer\Naming\IdenticalPropertyNamingStrategy())
        ->addDefaultHandlers()
        // JMS's date handler parses strings and ints only: the DateTimeImmutable the decoder made
        // is taken as it is (registered after the default handlers, so that it replaces theirs)
        ->configureHandlers(function (JMS\Serializer\Handler\HandlerRegistry $registry): void {
            $registry->registerHandler(JMS\Serializer\GraphNavigatorInterface::DIRECTION_DESERIALIZATION,
                DateTimeImmutable::class, 'json', fn ($visitor, DateTimeImmutable $date, array $type) => $date);
        })
        ->build();
}

// The contender's decoding of CASE's bytes, a closure of one argument (the bytes).
function bench_typed_unpack(string $contender, string $case): Closure
{
    $flags = MsgPack\Unpacker::TIMESTAMP_AS_DATETIME;
    $types = bench_typed_types($case);
    $hand = $case === 'typed_order' ? bench_hand_order(...) : bench_hand_row(...);
    switch ($contender) {
        case 'typed_arrays':
            return fn (string $s) => MsgPack\unpack($s, $flags);
        case 'typed_ours':
            $type = $types['ours'];
            return fn (string $s) => MsgPack\unpackAs($s, $type);
        case 'typed_hand':
            return $case === 'typed_order'
                ? fn (string $s) => $hand(MsgPack\unpack($s, $flags))
                : fn (string $s) => array_map($hand, MsgPack\unpack($s, $flags));
        case 'typed_symfony':
            require_once __DIR__ . '/vendor/autoload.php';
            $serializer = bench_typed_symfony();
            $type = $types['symfony'];
            // format json: Symfony takes an int for a float property only from a format whose name
            // has "json" in it, and MessagePack's ints are JSON's (bench_row(7)'s score is 7 / 7,
            // an int in PHP, packed as one)
            return fn (string $s) => $serializer->denormalize(MsgPack\unpack($s, $flags), $type, 'json');
        case 'typed_jms':
            require_once __DIR__ . '/vendor/autoload.php';
            $serializer = bench_typed_jms();
            $type = $types['jms'];
            return fn (string $s) => $serializer->fromArray(MsgPack\unpack($s, $flags), $type);
    }
    throw new LogicException("unknown typed contender $contender");
}

// What CASE's bytes must decode to for CONTENDER, built from the case's value without
// MessagePack: typed_arrays its arrays (the timestamp a DateTimeImmutable, as
// TIMESTAMP_AS_DATETIME makes it), the others the hand mapper's objects from those arrays.
function bench_typed_expected(string $contender, string $case, array $value)
{
    array_walk_recursive($value, function (&$v) {
        if ($v instanceof MsgPack\Timestamp) {
            $v = $v->toDateTime();
        }
    });
    if ($contender === 'typed_arrays') {
        return $value;
    }
    $objects = $case === 'typed_order' ? bench_hand_order($value) : array_map('bench_hand_row', $value);
    // the reference checked too: its objects read back as arrays are the value (== here: the
    // classes make an int score a float)
    if (bench_typed_arrays($objects) != $value) {
        throw new LogicException("the hand-written mapper of $case does not give the value back");
    }
    return $objects;
}

// The objects of the model as arrays again (enums as their values, dates as they are).
function bench_typed_arrays($v)
{
    if ($v instanceof BackedEnum) {
        return $v->value;
    }
    if (is_object($v) && !$v instanceof DateTimeInterface) {
        $v = get_object_vars($v);
    }
    return is_array($v) ? array_map('bench_typed_arrays', $v) : $v;
}

// Where $got differs from $want, or null: stricter than ==, which the check also applies (==
// takes 1 for 1.0 and "1" for 1, and compares dates by their instant only): the same types, the
// same classes, the same keys in the same order, the same initialized properties, dates of the
// same class, instant and time zone.
function bench_typed_diff($got, $want, string $path = '$result'): ?string
{
    if (is_array($want)) {
        if (!is_array($got) || array_keys($got) !== array_keys($want)) {
            return "$path: " . (is_array($got) ? 'keys ' . json_encode(array_keys($got)) . ' instead of '
                . json_encode(array_keys($want)) : get_debug_type($got) . ' instead of an array');
        }
        foreach ($want as $k => $v) {
            if (($d = bench_typed_diff($got[$k], $v, "{$path}[" . var_export($k, true) . ']')) !== null) {
                return $d;
            }
        }
        return null;
    }
    if (is_object($want)) {
        if (!is_object($got) || get_class($got) !== get_class($want)) {
            return "$path: " . get_debug_type($got) . ' instead of ' . get_class($want);
        }
        if ($want instanceof UnitEnum || $want instanceof DateTimeInterface) {
            $f = fn ($o) => $o instanceof DateTimeInterface ? $o->format('Y-m-d H:i:s.u e') : $o;
            return $f($got) === $f($want) ? null : "$path: " . var_export($f($got), true) . ' instead of '
                . var_export($f($want), true);
        }
        $g = get_object_vars($got);
        $w = get_object_vars($want);
        if (array_keys($g) !== array_keys($w)) {
            return "$path: initialized properties " . json_encode(array_keys($g)) . ' instead of ' . json_encode(array_keys($w));
        }
        foreach ($w as $k => $v) {
            if (($d = bench_typed_diff($g[$k], $v, "$path->$k")) !== null) {
                return $d;
            }
        }
        return null;
    }
    return $got === $want ? null : "$path: " . var_export($got, true) . ' instead of ' . var_export($want, true);
}

// The check a contender passes before it is timed: its result for CASE's bytes is the expected
// graph. Null, or what is wrong.
function bench_typed_check(string $contender, string $case, array $value, Closure $unpack, string $bytes): ?string
{
    try {
        $want = bench_typed_expected($contender, $case, $value);
        $got = $unpack($bytes);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
    if ($got != $want) {
        return 'the result is not == the expected graph' . (($d = bench_typed_diff($got, $want)) !== null ? " ($d)" : '');
    }
    return bench_typed_diff($got, $want);
}
