<?php
// The PHP side of tests/compat/cross-records.sh (run with this extension loaded): records both ways.
//   php cross-records.php emit [DATA_DIR]   prints cases packed with MsgPack\Packer::RECORDS
//   php cross-records.php check FILE        reads the cases msgpackr packed (js/records.mjs)
use MsgPack\{Packer, Unpacker};

// Shared structures k0, k1, ... (one field each), and a few of two fields.
function two_byte_structures(int $n): array
{
    $lists = array_map(fn ($i) => ["k$i"], range(0, $n - 1));
    foreach ([3, 40, 70] as $i) {
        if ($i < $n) {
            $lists[$i] = ["k$i", 'name'];
        }
    }
    return $lists;
}

// A value of the shared structures numbered around the one-byte / two-byte edges (31, 32, 63, 64,
// ...) up to the last, and of the value's own (declared after them: d5 72 past 32).
function two_byte_value(int $n): array
{
    $v = [];
    foreach ([0, 3, 31, 32, 33, 40, 63, 64, 65, 70, 99, 100, 4000, $n - 1] as $i) {
        if ($i < $n) {
            $v[] = in_array($i, [3, 40, 70], true) ? ["k$i" => $i, 'name' => "n$i"] : ["k$i" => $i];
        }
    }
    $v[] = ['own' => 1, 'x' => ['own' => 2, 'x' => 'y']];
    $v[] = ['other' => 'a'];
    $v[] = ['other' => 'b', 'more' => ['other' => 'c']];
    return $v;
}

// [name, value, structures or null, msgpackr writes the same bytes, maxShared (default 32)]
function php_cases(): array
{
    $rows = [];
    for ($i = 0; $i < 1000; $i++) {
        $rows[] = ['id' => $i, 'name' => "user$i", 'email' => "user$i@example.com", 'active' => $i % 3 === 0, 'tags' => ['a', 'b']];
    }
    $shapes = [];
    for ($i = 0; $i < 70; $i++) {
        $shapes[] = ["k$i" => $i];
    }
    $point = new stdClass();
    $point->x = 1;
    $point->y = 2;
    return [
        ['repeated maps', [['a' => 1, 'b' => 2], ['a' => 3, 'b' => 4], ['b' => 5, 'a' => 6]], null, true],
        ['nested same structure', ['a' => ['a' => ['a' => 1]]], null, true],
        ['ints 0x40-0x7f', [63, 64, 100, 127, 128, ['x' => 64]], null, true],
        ['numeric keys', [[1 => 'x', 7 => 'y', 'z' => 'w'], [1 => 'p', 7 => 'q', 'z' => 'r']], null, false],
        ['utf-8 keys', [['héllo' => 1, '日本' => [1, 2]], ['héllo' => 2, '日本' => []]], null, true],
        ['long key list', array_combine(array_map(fn ($i) => "field$i", range(0, 39)), range(0, 39)), null, true],
        ['rows', $rows, null, true],
        ['70 structures (64, then plain maps)', $shapes, null, false],
        ['objects', [$point, $point, ['x' => 3, 'y' => 4]], null, true],
        ['shared structures', [['a' => 1, 'b' => 2], ['x' => 3], ['c' => 4], ['c' => 5]], [['a', 'b'], ['x']], false],
        // past 32: msgpackr's two-byte identifiers, its bytes with maxSharedStructures the count
        ['40 shared structures (two-byte identifiers)', two_byte_value(40), two_byte_structures(40), true, 40],
        ['100 shared structures', two_byte_value(100), two_byte_structures(100), true, 100],
        ['8160 shared structures', two_byte_value(8160), two_byte_structures(8160), true, 8160],
    ];
}

// The growing cases (the same as growing() of js/records.mjs): [name, initial list, maxShared,
// values packed in turn by one packer]
function growing_cases(): array
{
    return [
        ['growing from a list', [['a', 'b']], 32, [[['a' => 1, 'b' => 2], ['c' => 3], ['c' => 4, 'd' => 5], ['c' => 6]], ['c' => 7, 'd' => 8], ['e' => ['c' => 9]]]],
        ['growing from none', [], 32, [['id' => 1, 'name' => 'x'], [['id' => 2, 'name' => 'y'], ['id' => 3]], ['id' => 4]]],
        ['growing to a maximum', [['a']], 2, [[['a' => 1], ['b' => 2], ['c' => 3], ['c' => 4]], [['c' => 5], ['b' => 6]]]],
        // past 32: two-byte identifiers for the new shared ones from the 33rd, then own ones
        ['growing past 32', array_map(fn ($i) => ["k$i"], range(0, 29)), 40,
            [array_map(fn ($i) => ["n$i" => $i], range(0, 11)), [['n0' => 1], ['n11' => 2], ['q' => 3], ['q' => 4]], ['n9' => 5]]],
        ['growing to 8160 from none', [], 8160, [array_map(fn ($i) => ["g$i" => $i], range(0, 69)), [['g64' => 1], ['h' => 2]]]],
    ];
}

// Packs values one after the other with a growing packer: [hexes, saves].
function pack_growing(array $grow, int $maxShared, array $values): array
{
    $saved = null;
    $p = (new Packer(Packer::RECORDS))->withStructures($grow, function (array $s) use (&$saved) {
        $saved = $s;
    }, $maxShared);
    $hexes = $saves = [];
    foreach ($values as $v) {
        $saved = null;
        $hexes[] = bin2hex($p->pack($v));
        $saves[] = $saved;
    }
    return [$hexes, $saves];
}

function sequential_cases(): array
{
    $many = [];
    for ($i = 0; $i < 35; $i++) {
        $many[] = ["k$i" => $i];
    }
    $many[] = ['k0' => 0];
    $many[] = [['k34' => 1], ['k1' => 2]];
    $shared = [];
    for ($i = 0; $i < 34; $i++) {
        $shared[] = ["s$i" => $i];
    }
    array_push($shared, ['s0' => 0], ['s33' => 1], ['k39' => 2], ['k32' => 3], ['k3' => 4, 'name' => 'x']);
    // [values, shared structures or null]
    return [
        'SEQUENTIAL packer' => [[['a' => 1, 'b' => 'x'], ['a' => 2, 'b' => 'y'], [['c' => 1], ['a' => 3, 'b' => 'z']], ['c' => 2]], null],
        'SEQUENTIAL packer past 32 structures' => [$many, null],
        'SEQUENTIAL packer after 40 shared structures (two-byte identifiers)' => [$shared, two_byte_structures(40)],
    ];
}

// The values packed in turn by one SEQUENTIAL packer (with shared structures: maxShared their
// count), as hex.
function pack_sequential(array $values, ?array $structures = null): array
{
    $p = new Packer(Packer::RECORDS | Packer::SEQUENTIAL);
    if ($structures) {
        $p->withStructures($structures, null, count($structures));
    }
    return array_map(fn ($v) => bin2hex($p->pack($v)), $values);
}

function bench_docs(?string $dir): array
{
    $docs = [];
    foreach (['twitter.json', 'citm_catalog.json'] as $doc) {
        if ($dir !== null && is_file("$dir/$doc")) {
            $docs[$doc] = json_decode(file_get_contents("$dir/$doc"), true, 512, JSON_THROW_ON_ERROR);
        }
    }
    return $docs;
}

switch ($argv[1] ?? '') {
    case 'emit':
        $out = [];
        foreach (php_cases() as $c) {
            [$name, $value, $structures, $same] = $c;
            $maxShared = $c[4] ?? 32;
            $p = new Packer(Packer::RECORDS);
            if ($structures) {
                $p->withStructures($structures, null, $maxShared);
            }
            $case = ['name' => $name, 'hex' => bin2hex($p->pack($value)), 'expect' => $value, 'same' => $same];
            if ($structures) {
                $case['structures'] = $structures;
                $case['maxShared'] = $maxShared;
            }
            $out[] = $case;
        }
        foreach (growing_cases() as [$name, $grow, $maxShared, $values]) {
            [$hexes, $saves] = pack_growing($grow, $maxShared, $values);
            $out[] = ['name' => $name, 'grow' => $grow, 'maxShared' => $maxShared, 'values' => $values, 'hexes' => $hexes,
                'saves' => $saves];
        }
        // a stream: structures declared once (msgpackr's sequential mode reads it)
        $out[] = ['name' => 'stream of values of one structure', 'stream' => [bin2hex(MsgPack\pack(['a' => 1], Packer::RECORDS)),
            bin2hex(MsgPack\pack(['b' => 2], Packer::RECORDS))], 'expect' => [['a' => 1], ['b' => 2]]];
        // SEQUENTIAL: what msgpackr's sequential packer writes, past its 32 identifiers too
        foreach (sequential_cases() as $name => [$values, $structures]) {
            $case = ['name' => $name, 'stream' => pack_sequential($values, $structures), 'expect' => $values, 'same' => true];
            if ($structures) {
                $case['structures'] = $structures;
                $case['maxShared'] = count($structures);
            }
            $out[] = $case;
        }
        foreach (bench_docs($argv[2] ?? null) as $doc => $value) {
            $out[] = ['name' => $doc, 'hex' => bin2hex(MsgPack\pack($value, Packer::RECORDS)), 'expect' => $value];
        }
        echo json_encode($out, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE);
        break;
    case 'check':
        $passed = $failed = 0;
        $fail = function (string $name, string $why) use (&$failed) {
            $failed++;
            echo "FAIL msgpackr -> php: $name: $why\n";
        };
        foreach (json_decode(file_get_contents($argv[2]), true, 512, JSON_THROW_ON_ERROR) as $case) {
            try {
                if (isset($case['grow'])) {
                    // read with the last list saved, then packed here: the same bytes and lists
                    $last = $case['grow'];
                    foreach ($case['saves'] as $saved) {
                        $last = $saved ?? $last;
                    }
                    $u = (new Unpacker(Unpacker::RECORDS))->withStructures($last);
                    $got = array_map(fn ($h) => $u->unpack(hex2bin($h)), $case['hexes']);
                    if ($got !== $case['values']) {
                        $fail($case['name'], 'got ' . substr(json_encode($got), 0, 200));
                    } elseif (pack_growing($case['grow'], $case['maxShared'], $case['values']) !== [$case['hexes'], $case['saves']]) {
                        $fail($case['name'], 'packed otherwise: ' . json_encode(pack_growing($case['grow'], $case['maxShared'], $case['values'])));
                    } else {
                        $passed++;
                    }
                    continue;
                }
                $u = new Unpacker(Unpacker::RECORDS);
                if (isset($case['structures'])) {
                    $u->withStructures($case['structures']);
                }
                if (isset($case['stream'])) {
                    foreach ($case['stream'] as $hex) {
                        $u->feed(hex2bin($hex));
                    }
                    $got = $u->tryUnpack();
                    $mine = !empty($case['same']) ? pack_sequential($case['expect'], $case['structures'] ?? null) : null;
                    if ($mine !== null && $mine !== $case['stream']) {
                        $fail($case['name'], 'SEQUENTIAL packs otherwise: ' . implode(' ', $mine));
                        continue;
                    }
                } elseif (isset($case['plain'])) {
                    // the same document as msgpackr writes it plain: both must read the same
                    $got = $u->unpack(hex2bin($case['hex']));
                    $case['expect'] = MsgPack\unpack(hex2bin($case['plain']));
                    printf("%s: msgpackr writes %d bytes with records, %d plain\n", $case['name'], strlen($case['hex']) / 2,
                        strlen($case['plain']) / 2);
                } else {
                    $got = $u->unpack(hex2bin($case['hex']));
                    if (!empty($case['same'])) {
                        // the same bytes from this side, with the same structures and maxShared
                        $p = new Packer(Packer::RECORDS);
                        if (isset($case['structures'])) {
                            $p->withStructures($case['structures'], null, $case['maxShared'] ?? 32);
                        }
                        $mine = bin2hex($p->pack($case['expect']));
                        if ($mine !== $case['hex']) {
                            $fail($case['name'], "packed otherwise: $mine");
                            continue;
                        }
                    }
                }
                if ($got === $case['expect']) {
                    $passed++;
                } else {
                    $fail($case['name'], 'got ' . substr(json_encode($got), 0, 200));
                }
            } catch (Throwable $e) {
                $fail($case['name'], get_class($e) . ': ' . $e->getMessage());
            }
        }
        echo "$passed passed, $failed failed\n";
        exit($failed ? 1 : 0);
    default:
        fwrite(STDERR, "usage: php cross-records.php emit [DATA_DIR] | check FILE\n");
        exit(2);
}
