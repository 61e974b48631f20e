--TEST--
A long-running worker (one request, a million calls) meeting ever-new map keys, shapes, record structures, type strings and classes: the memory held between calls stays bounded (plans past 1024 are dropped between calls; type strings over 256 bytes are not kept)
--INI--
memory_limit=256M
--FILE--
<?php
// A long-running worker (FrankenPHP worker mode, RoadRunner, a queue consumer): one request, a
// million calls over ever-new keys, map shapes, record structures, type strings and classes;
// the memory held between calls stays bounded.
use MsgPack\{Packer, Unpacker};

$valgrind = getenv('USE_ZEND_ALLOC') === '0'; // memory_get_usage() counts nothing then
// ever-new classes, each with a plan (#[Name]): plans past 1024 are dropped between calls
$n = $valgrind ? 300 : 3000;
for ($c = 0; $c < $n; $c++) {
    eval("class Worker$c { #[MsgPack\\Name('id_$c')] public int \$id = $c; }");
}
gc_collect_cycles();
$m0 = memory_get_usage();
$plans = function (int $from, int $to): bool {
    for ($c = $from; $c < $to; $c++) {
        $class = "Worker$c";
        $o = new $class();
        if (MsgPack\unpackAs(MsgPack\pack($o), $class) != $o) {
            return false;
        }
    }
    return true;
};
$ok = $plans(0, $n / 3);
$m1 = memory_get_usage();
$ok = $ok && $plans($n / 3, $n);
$m2 = memory_get_usage();
echo $ok ? "classes read back\n" : "a class read back wrong\n";
// the plans of a third of the classes cost m1 - m0; of all of them, no more than that
echo $valgrind || $m2 - $m0 <= ($m1 - $m0) * 1.2 ? "plans bounded\n" : "plans grew: " . ($m1 - $m0) . " for a third of the classes, " . ($m2 - $m0) . " for all\n";

$rounds = $valgrind ? 2000 : 100000;
$calls = 0;
$stream = new Unpacker(Unpacker::RECORDS);
$records = new Packer(Packer::RECORDS);
$checkpoints = [];
for ($i = 0; $i < $rounds; $i++) {
    // ever-new keys, and shapes: maps of small values met twice in a row, kept between calls
    $m = ["k$i" => $i, 'name' => "n$i", 'tags' => ['a', "t$i"]];
    $ok = msgpack_unpack(msgpack_pack($m)) === $m && msgpack_unpack(msgpack_pack($m)) === $m;
    // a larger value (the value cache, the slot table)
    $rows = [];
    for ($r = 0; $r < 20; $r++) {
        $rows[] = ['id' => $r, "f$i" => "v$i-" . ($r % 3), 'x' => [$r]];
    }
    $ok = $ok && MsgPack\unpack(MsgPack\pack($rows)) === $rows;
    // ever-new record structures, through one packer and one stream
    $stream->feed($records->pack(["r$i" => 1, 's' => $i]));
    $ok = $ok && $stream->tryUnpack() === [["r$i" => 1, 's' => $i]];
    // ever-new type strings
    $ok = $ok && MsgPack\unpackAs(MsgPack\pack([$i]), 'list<' . str_repeat(' ', $i % 2000) . 'int>') === [$i];
    $calls += 10;
    if (!$ok) {
        echo "round $i: wrong value\n";
        break;
    }
    if ($i % ($rounds / 10) === $rounds / 10 - 1) {
        gc_collect_cycles();
        $checkpoints[] = memory_get_usage();
    }
}
echo $calls === $rounds * 10 ? "every call right\n" : "stopped after $calls calls\n";
// flat: from the second tenth on, the memory in use grows by less than 64 KB
$growth = max($checkpoints) - $checkpoints[1];
echo $valgrind || $growth < 65536 ? "memory flat\n" : "memory grew by $growth bytes: " . implode(' ', $checkpoints) . "\n";

--EXPECT--
classes read back
plans bounded
every call right
memory flat
