<?php
// The benchmark corpus: every case is built by a function of its own, so that a process builds
// only the cases it runs (the 1M-row case alone takes about half a gigabyte once decoded).
// Generated data is deterministic (seeded), so that every contender and every round sees the
// same values.

// 100 of these make the objects case: one property of each visibility, as PHP applications have.
class BenchUser
{
    public $name;
    public $id;
    protected $email;
    protected $roles;
    private $createdAt;
    private $active;

    public function __construct(int $i)
    {
        $this->name = "user$i";
        $this->id = 1000 + $i;
        $this->email = "user$i@example.org";
        $this->roles = $i % 3 ? ['reader'] : ['reader', 'editor'];
        $this->createdAt = 1700000000 + $i * 3600;
        $this->active = $i % 5 != 0;
    }
}

// A database-like row, as a query returns it: the same keys in every row.
function bench_row(int $i): array
{
    return [
        'id' => $i,
        'name' => "user$i",
        'email' => "user$i@example.org",
        'active' => $i % 3 != 0,
        'score' => $i / 7,
        'group_id' => $i % 10,
        'created_at' => '2024-01-' . sprintf('%02d', 1 + $i % 28) . ' 12:00:00',
    ];
}

function bench_rows(int $n): array
{
    $rows = [];
    for ($i = 1; $i <= $n; $i++) {
        $rows[] = bench_row($i);
    }
    return $rows;
}

// An order as a shop's service sends it (typed_order): enums as their values, a timestamp, a
// nested customer whose phone is null, 20 items. As arrays: the bytes are what MsgPack\pack()
// writes for it, and the typed contenders read them into BenchOrder (bench/typed/model.php).
// Builds a MsgPack\Timestamp: only this extension's workers call it.
function bench_order(): array
{
    $items = [];
    $total = 0;
    for ($i = 1; $i <= 20; $i++) {
        $price = round(2.49 + $i * 1.75, 2);
        $quantity = 1 + $i % 4;
        $total += $price * $quantity;
        $items[] = [
            'sku' => sprintf('SKU-%06d', 104729 * $i % 1000000),
            'title' => "Item $i, " . ['blue', 'green', 'red', 'black'][$i % 4] . ' edition',
            'quantity' => $quantity,
            'price' => $price,
        ];
    }
    return [
        'id' => 100042,
        'status' => 'shipped',
        'currency' => 'EUR',
        'createdAt' => new MsgPack\Timestamp(1732521600),
        'customer' => ['id' => 5011, 'name' => 'Ada Lovelace', 'email' => 'ada@example.org', 'phone' => null],
        'items' => $items,
        'total' => round($total, 2),
    ];
}

// Rows of unique strings (name, email) beside short strings that repeat (tags, a status, a plan):
// the commonest data there is, and a mix where a cache of repeated strings meets, in one value,
// strings it cannot share (issue 23). $variant: 'tags' (two string tags, as the issue has them),
// 'tags_int' (the same tags as ints), 'one_tag', 'nested' (a map of two repeated strings
// instead of the tags), 'no_tags' (the control: the rows alone).
function bench_tag_rows(int $n, string $variant): array
{
    static $statuses = ['active', 'suspended', 'closed'];
    static $plans = ['free', 'basic', 'pro', 'enterprise'];
    $rows = [];
    for ($i = 1; $i <= $n; $i++) {
        $row = [
            'id' => $i,
            'name' => "name$i",
            'email' => "user$i@example.com",
            'age' => $i % 90,
            'balance' => $i * 1.5,
            'active' => $i % 3 == 0,
        ];
        switch ($variant) {
            case 'tags':
                $row['tags'] = ['t' . ($i % 7), 't' . ($i % 11)];
                break;
            case 'tags_int':
                $row['tags'] = [$i % 7, $i % 11];
                break;
            case 'one_tag':
                $row['tags'] = ['t' . ($i % 7)];
                break;
            case 'nested':
                $row['meta'] = ['status' => $statuses[$i % 3], 'plan' => $plans[$i % 4]];
                break;
        }
        $rows[] = $row;
    }
    return $rows;
}

// name => [builder, group]; group "scaling" is the rows series reported in ns per row; groups
// "typed" and "partial" are run only by the contenders that name them (the typed_* ones and the
// partial_* ones, which run nothing else).
function bench_cases(string $data_dir): array
{
    $doc = fn (string $f) => fn () => json_decode(file_get_contents("$data_dir/$f"), true);
    $cases = [];
    foreach (['twitter', 'citm_catalog', 'canada'] as $name) {
        if (is_file("$data_dir/$name.json")) {
            $cases[$name] = [$doc("$name.json"), 'documents'];
        }
    }
    $cases += [
        'person' => [fn () => [
            'name' => 'Ada Lovelace',
            'id' => 1815,
            'email' => 'ada@example.org',
            'phones' => ['home' => '+44 20 7946 0018', 'mobile' => '+44 7700 900461'],
        ], 'generated'],
        'mixed' => [fn () => [
            'ok' => true, 'count' => 42, 'ratio' => 0.75, 'label' => 'mixed', 'none' => null,
            'list' => [1, -2, 300, 'x'], 'nested' => ['a' => 1.5, 'b' => false],
        ], 'generated'],
        // one database row alone: the small record that shared structures are for (ours_shared)
        'row' => [fn () => bench_row(1), 'generated'],
        'rows_1000' => [fn () => bench_rows(1000), 'generated'],
        'rows_tags' => [fn () => bench_tag_rows(1000, 'tags'), 'generated'],
        'rows_tags_int' => [fn () => bench_tag_rows(1000, 'tags_int'), 'generated'],
        'rows_one_tag' => [fn () => bench_tag_rows(1000, 'one_tag'), 'generated'],
        'rows_nested' => [fn () => bench_tag_rows(1000, 'nested'), 'generated'],
        'rows_no_tags' => [fn () => bench_tag_rows(1000, 'no_tags'), 'generated'],
        'ints_10000' => [function () {
            mt_srand(1);
            $a = [];
            for ($i = 0; $i < 10000; $i++) {
                // mostly small, some 16- and 32-bit: what counters and ids look like
                $a[] = mt_rand(0, 9) < 7 ? mt_rand(-32, 127) : mt_rand(-100000, 4000000);
            }
            return $a;
        }, 'generated'],
        'large_ints_1000' => [function () {
            mt_srand(2);
            $a = [];
            for ($i = 0; $i < 1000; $i++) {
                $a[] = (mt_rand(0, 1) ? 1 : -1) * (mt_rand(1 << 20, PHP_INT_MAX >> 1) | (1 << 40));
            }
            return $a;
        }, 'generated'],
        'floats_10000' => [function () {
            mt_srand(3);
            $a = [];
            for ($i = 0; $i < 10000; $i++) {
                $a[] = mt_rand() / mt_getrandmax() * 1000 - 500;
            }
            return $a;
        }, 'generated'],
        'strings_1000' => [function () {
            mt_srand(4);
            $a = [];
            for ($i = 0; $i < 1000; $i++) {
                $a[] = substr(md5((string) $i), 0, mt_rand(4, 24));
            }
            return $a;
        }, 'generated'],
        'string_1mb' => [function () {
            mt_srand(5);
            $s = '';
            for ($i = 0; strlen($s) < 1 << 20; $i++) {
                $s .= md5((string) mt_rand());
            }
            return substr($s, 0, 1 << 20);
        }, 'generated'],
        'objects_100' => [function () {
            $a = [];
            for ($i = 0; $i < 100; $i++) {
                $a[] = new BenchUser($i);
            }
            return $a;
        }, 'generated'],
    ];
    foreach (['1k' => 1000, '10k' => 10000, '100k' => 100000, '1M' => 1000000] as $label => $n) {
        $cases["scale_$label"] = [fn () => bench_rows($n), 'scaling', $n];
    }
    // typed decoding (issue 22): the same bytes into arrays and into classes
    $cases['typed_order'] = [fn () => bench_order(), 'typed'];
    $cases['typed_rows'] = [fn () => bench_rows(1000), 'typed', 1000];
    // partial decoding (issue 35): one value, or a few, out of a whole document; the third
    // field is what to read, ['path' => steps] or ['paths' => [name => steps]] (see
    // bench/partial/partial.inc.php). Run only by the partial_* contenders.
    if (is_file("$data_dir/twitter.json")) {
        $cases['partial_twitter'] = [$doc('twitter.json'), 'partial',
            ['path' => ['statuses', 50, 'user', 'screen_name']]];
    }
    if (is_file("$data_dir/citm_catalog.json")) {
        $cases['partial_citm'] = [$doc('citm_catalog.json'), 'partial',
            ['path' => ['performances', 120, 'seatCategories', 0, 'areas', 0, 'areaId']]];
    }
    // the fields of one row of rows_1000, by unpackPaths() with the field names as the names:
    // the row at list index 500 (bench_row(501)); a row has 7 fields (the issue asked for ten
    // fields of one row: there are not ten), all 7 are read
    $row_paths = [];
    foreach (['id', 'name', 'email', 'active', 'score', 'group_id', 'created_at'] as $field) {
        $row_paths[$field] = [500, $field];
    }
    $cases['partial_row'] = [fn () => bench_rows(1000), 'partial', ['paths' => $row_paths]];
    return $cases;
}
