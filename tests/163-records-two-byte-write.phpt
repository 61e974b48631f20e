--TEST--
MsgPack\Packer::withStructures() past 32 shared structures: msgpackr's two-byte identifiers (60-7f and a second byte, declared with d5 72), as msgpackr 2.1.3 writes them with maxSharedStructures above 32
--FILE--
<?php
use MsgPack\{Packer, Unpacker};

// structures k0, k1, ...: one field each, named after their number
function lists(int $n, string $prefix = 'k'): array
{
    return array_map(fn ($i) => ["$prefix$i"], $n ? range(0, $n - 1) : []);
}
function reader(array $structures): Unpacker
{
    return (new Unpacker(Unpacker::RECORDS))->withStructures($structures);
}

echo "-- 33 shared: numbers 0-31 one byte (40-5f), 32 is 60 00; a new key list is declared after them (d5 72 61 00)\n";
$p = (new Packer(Packer::RECORDS))->withStructures(lists(33), null, 33);
$value = [['k0' => 0], ['k31' => 31], ['k32' => 32], ['new' => 1], ['new' => 2]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader(lists(33))->unpack($bytes) === $value);

echo "-- 64 shared: 63 is 7f 00; the first own structure is number 64, 60 01\n";
$p = (new Packer(Packer::RECORDS))->withStructures(lists(64), null, 64);
$value = [['k32' => 1], ['k63' => 2], ['new' => 3], ['new' => 4]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader(lists(64))->unpack($bytes) === $value);

echo "-- 100 shared: 64 is 60 01, 65 is 61 01, 99 is 63 02; ints 64..127 stay uint8 (cc 40, cc 63)\n";
$p = (new Packer(Packer::RECORDS))->withStructures(lists(100), null, 100);
$value = [['k64' => 64], ['k65' => 65], ['k99' => 99], ['new' => [1, 2]]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader(lists(100))->unpack($bytes) === $value);

echo "-- 8160 shared (msgpackr's most): 100 is 64 02, 4000 is 60 7c, 8159 is 7f fd; own structures are numbers 8160-8191 (60 fe ... 7f fe), then plain maps\n";
$p = (new Packer(Packer::RECORDS))->withStructures(lists(8160), null, 8160);
$value = [['k0' => 0], ['k100' => 1], ['k4000' => 2], ['k8159' => 3]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader(lists(8160))->unpack($bytes) === $value);
$own = [];
for ($i = 0; $i < 33; $i++) {
    $own[] = ["o$i" => $i];
}
$bytes = $p->pack($own);
echo substr(bin2hex($bytes), 0, 34), " ... ", substr(bin2hex($bytes), -34), "\n";
var_dump(reader(lists(8160))->unpack($bytes) === $own);

echo "-- maxShared above 32 with a shorter list: the form is msgpackr's for that maxShared (two bytes from 60 on)\n";
$p = (new Packer(Packer::RECORDS))->withStructures(lists(30), null, 40);
$value = [['k29' => 1], ['a' => 1], ['b' => 2], ['c' => 3], ['c' => 4]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader(lists(30))->unpack($bytes) === $value);
echo "-- maxShared 32 (the default) keeps one-byte identifiers up to 7f\n";
$bytes = (new Packer(Packer::RECORDS))->withStructures(lists(30))->pack($value);
echo bin2hex($bytes), "\n";

echo "-- objects' public properties alike\n";
$o = new stdClass();
$o->k40 = 'x';
echo bin2hex((new Packer(Packer::RECORDS))->withStructures(lists(41), null, 41)->pack([$o, $o])), "\n";

echo "-- growing past 32: new key lists are shared from number 30 on (5e, 5f, 60 00, ...), saved before pack() returns; then the value's own from maxShared (d5 72 68 00)\n";
$saved = null;
$p = (new Packer(Packer::RECORDS))->withStructures(lists(30), function (array $s, int $before) use (&$saved) {
    echo "save(", count($s), " structures, $before before; the last ", json_encode(array_slice($s, -2)), ")\n";
    $saved = $s;
}, 40);
$value = [];
for ($i = 0; $i < 12; $i++) {
    $value[] = ["n$i" => $i];
}
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
var_dump(reader($saved)->unpack($bytes) === $value);
echo count($p->structures()), " structures now\n";
echo "-- the list is full: a new key list is the value's own, numbered from 40 again (no save)\n";
$bytes = $p->pack([['n0' => 1], ['n11' => 2], ['q' => 3], ['q' => 4]]);
echo bin2hex($bytes), "\n";
var_dump(reader($saved)->unpack($bytes) === [['n0' => 1], ['n11' => 2], ['q' => 3], ['q' => 4]]);

echo "-- growing to 8160 from none: the 33rd new key list is 60 00, the 65th 60 01\n";
$saved = null;
$p = (new Packer(Packer::RECORDS))->withStructures([], function (array $s) use (&$saved) {
    $saved = $s;
}, 8160);
$value = [];
for ($i = 0; $i < 66; $i++) {
    $value[] = ["g$i" => $i];
}
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
echo count($saved), " saved\n";
var_dump(reader($saved)->unpack($bytes) === $value);

echo "-- SEQUENTIAL with 40 shared: its structures are numbers 40-71 (d5 72 68 00 ... d5 72 67 01), then 40 again\n";
$p = (new Packer(Packer::RECORDS | Packer::SEQUENTIAL))->withStructures(lists(40), null, 40);
$values = [];
for ($i = 0; $i < 34; $i++) {
    $values[] = ["s$i" => $i];
}
$values[] = ['s0' => 0];
$values[] = ['s33' => 1];
$values[] = ['k39' => 2];
$hex = array_map(fn ($v) => bin2hex($p->pack($v)), $values);
echo implode(' ', array_slice($hex, 0, 2)), " ... ", implode(' ', array_slice($hex, 23, 3)), " ... ", implode(' ', array_slice($hex, 31)), "\n";
$u = reader(lists(40));
$u->feed(hex2bin(implode('', $hex)));
var_dump($u->tryUnpack() === $values);
?>
--EXPECT--
-- 33 shared: numbers 0-31 one byte (40-5f), 32 is 60 00; a new key list is declared after them (d5 72 61 00)
9540005f1f600020d572610091a36e657701610002
bool(true)
-- 64 shared: 63 is 7f 00; the first own structure is number 64, 60 01
946000017f0002d572600191a36e657703600104
bool(true)
-- 100 shared: 64 is 60 01, 65 is 61 01, 99 is 63 02; ints 64..127 stay uint8 (cc 40, cc 63)
946001cc406101cc416302cc63d572640291a36e6577920102
bool(true)
-- 8160 shared (msgpackr's most): 100 is 64 02, 4000 is 60 7c, 8159 is 7f fd; own structures are numbers 8160-8191 (60 fe ... 7f fe), then plain maps
944000640201607c027ffd03
bool(true)
dc0021d57260fe91a26f3000d57261fe91 ... 1ed5727ffe91a36f33311f81a36f333220
bool(true)
-- maxShared above 32 with a shorter list: the form is msgpackr's for that maxShared (two bytes from 60 on)
955d01d4725e91a16101d4725f91a16202d572600091a16303600004
bool(true)
-- maxShared 32 (the default) keeps one-byte identifiers up to 7f
955d01d4725e91a16101d4725f91a16202d4726091a163036004
-- objects' public properties alike
926800a1786800a178
-- growing past 32: new key lists are shared from number 30 on (5e, 5f, 60 00, ...), saved before pack() returns; then the value's own from maxShared (d5 72 68 00)
save(40 structures, 30 before; the last [["n8"],["n9"]])
9c5e005f01600002610003620004630005640006650007660008670009d572680091a36e31300ad572690091a36e31310b
bool(true)
40 structures now
-- the list is full: a new key list is the value's own, numbered from 40 again (no save)
945e01d572680091a36e313102d572690091a17103690004
bool(true)
-- growing to 8160 from none: the 33rd new key list is 60 00, the 65th 60 01
dc004240004101420243034404450546064707480849094a0a4b0b4c0c4d0d4e0e4f0f50105111521253135414551556165717581859195a1a5b1b5c1c5d1d5e1e5f1f6000206100216200226300236400246500256600266700276800286900296a002a6b002b6c002c6d002d6e002e6f002f7000307100317200327300337400347500357600367700377800387900397a003a7b003b7c003c7d003d7e003e7f003f6001cc406101cc41
66 saved
bool(true)
-- SEQUENTIAL with 40 shared: its structures are numbers 40-71 (d5 72 68 00 ... d5 72 67 01), then 40 again
d572680091a2733000 d572690091a2733101 ... d5727f0091a373323317 d572600191a373323418 d572610191a373323519 ... d572670191a37333311f d572680091a373333220 d572690091a373333321 d5726a0091a2733000 690001 670002
bool(true)
