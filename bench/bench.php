<?php
// Times one serializer on the standard documents; run by bench/run, one process per module
// (ours and PECL msgpack are both named msgpack and never share a process).
// usage: php bench.php SERIALIZER DATA_DIR ROUNDS   (SERIALIZER: msgpack|igbinary|serialize|json)
[$_, $which, $dir, $rounds] = $argv + [null, 'msgpack', __DIR__ . '/../../shared/bench-data', 30];
$rounds = (int) $rounds;
$codecs = [
    'msgpack' => ['msgpack_pack', 'msgpack_unpack'],
    'igbinary' => ['igbinary_serialize', 'igbinary_unserialize'],
    'serialize' => ['serialize', 'unserialize'],
    'json' => ['json_encode', fn ($s) => json_decode($s, true)],
];
[$pack, $unpack] = $codecs[$which];
$docs = [];
foreach (['twitter.json', 'citm_catalog.json', 'canada.json'] as $f) {
    if (is_file("$dir/$f")) {
        $docs[$f] = json_decode(file_get_contents("$dir/$f"), true);
    }
}
// a list of small records with repeated keys and objects-free scalars: a typical cache entry
$docs['records'] = array_map(fn ($i) => ['id' => $i, 'name' => "user$i", 'active' => $i % 2 == 0,
    'score' => $i / 7, 'tags' => ['a', 'b']], range(1, 2000));
$out = [];
foreach ($docs as $name => $value) {
    $bytes = $pack($value);
    if ($unpack($bytes) != $value) {
        fwrite(STDERR, "$which: $name does not round-trip\n");
    }
    $best_pack = $best_unpack = INF;
    for ($r = 0; $r < $rounds; $r++) {
        $t = hrtime(true);
        $pack($value);
        $best_pack = min($best_pack, hrtime(true) - $t);
        $t = hrtime(true);
        $unpack($bytes);
        $best_unpack = min($best_unpack, hrtime(true) - $t);
    }
    $out[$name] = ['size' => strlen($bytes), 'pack_us' => $best_pack / 1000, 'unpack_us' => $best_unpack / 1000];
}
echo json_encode($out), "\n";
