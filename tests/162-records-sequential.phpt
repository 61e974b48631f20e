--TEST--
MsgPack\Packer::SEQUENTIAL: structures declared by earlier pack() calls are referenced, not declared again (msgpackr's sequential mode), for one Unpacker reading the values in order
--FILE--
<?php
use MsgPack\{Packer, Unpacker, PackException, UnpackException};

function show(Throwable $e): void
{
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
function read_all(string $stream, ?array $structures = null): void
{
    $u = new Unpacker(Unpacker::RECORDS);
    if ($structures !== null) {
        $u->withStructures($structures);
    }
    $u->feed($stream);
    foreach ($u as $v) {
        echo json_encode($v), "\n";
    }
}

echo "-- the bytes msgpackr 2.1.3 writes with {sequential: true}\n";
$p = new Packer(Packer::RECORDS | Packer::SEQUENTIAL);
$stream = '';
foreach ([['a' => 1, 'b' => 'x'], ['a' => 2, 'b' => 'y'], [['c' => 1], ['a' => 3, 'b' => 'z']], ['c' => 2]] as $v) {
    $b = $p->pack($v);
    echo bin2hex($b), "\n";
    $stream .= $b;
}
read_all($stream);
echo "-- a later value read alone is not what was packed (0x40 is the int without its declaration)\n";
try {
    MsgPack\unpack(hex2bin('4002a179'), Unpacker::RECORDS);
} catch (UnpackException $e) {
    show($e);
}

echo "-- 0x40-0x5f, then the oldest identifier is declared anew\n";
$p = new Packer(Packer::RECORDS | Packer::SEQUENTIAL);
$ids = [];
$stream = '';
for ($i = 0; $i < 35; $i++) {
    $b = $p->pack(["k$i" => $i]);
    $ids[] = bin2hex(substr($b, 2, 1));
    $stream .= $b;
}
echo implode(' ', $ids), "\n";
foreach (['k0', 'k2', 'k3', 'k34'] as $k) {
    $b = $p->pack([$k => 0]);
    echo "$k: ", bin2hex($b), "\n";
    $stream .= $b;
}
$u = (new Unpacker(Unpacker::RECORDS));
$u->feed($stream);
$got = iterator_to_array($u, false);
var_dump(count($got), $got[34], $got[35], $got[38]);

echo "-- a pack() that fails declares nothing: the next value declares again\n";
class Fails implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        throw new LogicException('no');
    }
}
$p = new Packer(Packer::RECORDS | Packer::SEQUENTIAL);
echo bin2hex($p->pack(['a' => 1])), "\n";
try {
    $p->pack([['b' => 1], new Fails()]);
} catch (LogicException $e) {
    show($e);
}
echo bin2hex($p->pack([['b' => 2], ['a' => 3]])), "\n";

echo "-- a value packed inside another by the same SEQUENTIAL packer\n";
class Nested implements JsonSerializable
{
    public function __construct(private Packer $p) {}
    public function jsonSerialize(): mixed
    {
        return $this->p->pack(['n' => 1]);
    }
}
$p = new Packer(Packer::RECORDS | Packer::SEQUENTIAL);
try {
    $p->pack([new Nested($p)]);
} catch (PackException $e) {
    show($e);
}
echo bin2hex($p->pack(['n' => 2])), "\n";

echo "-- with shared structures: they stay undeclared, the sequence's own ones follow them\n";
$p = (new Packer(Packer::RECORDS | Packer::SEQUENTIAL))->withStructures([['s']]);
$stream = $p->pack([['s' => 1], ['t' => 2]]) . $p->pack(['t' => 3]) . $p->pack(['s' => 4]);
echo bin2hex($stream), "\n";
read_all($stream, [['s']]);
echo "-- withStructures() starts the sequence over\n";
$p->withStructures([['s']]);
echo bin2hex($p->pack(['t' => 5])), "\n";

echo "-- with growing shared structures: new lists are shared first, saved once; own ones past maxShared\n";
$saved = [];
$p = (new Packer(Packer::RECORDS | Packer::SEQUENTIAL))->withStructures([], function (array $s) use (&$saved) {
    echo "save(", json_encode($s), ")\n";
    $saved = $s;
}, 1);
$stream = $p->pack(['a' => 1]) . $p->pack([['b' => 2], ['a' => 3]]) . $p->pack(['b' => 4]);
echo bin2hex($stream), "\n";
read_all($stream, $saved);

echo "-- the flag alone, and MsgPack\\pack() (a sequence of one value)\n";
try {
    new Packer(Packer::SEQUENTIAL);
} catch (ValueError $e) {
    show($e);
}
echo bin2hex(MsgPack\pack([['a' => 1], ['a' => 2]], Packer::RECORDS | Packer::SEQUENTIAL)), "\n";
var_dump(Packer::SEQUENTIAL);
?>
--EXPECT--
-- the bytes msgpackr 2.1.3 writes with {sequential: true}
d4724092a161a16201a178
4002a179
92d4724191a163014003a17a
4102
{"a":1,"b":"x"}
{"a":2,"b":"y"}
[{"c":1},{"a":3,"b":"z"}]
{"c":2}
-- a later value read alone is not what was packed (0x40 is the int without its declaration)
MsgPack\UnpackException: unexpected trailing bytes at offset 1
-- 0x40-0x5f, then the oldest identifier is declared anew
40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50 51 52 53 54 55 56 57 58 59 5a 5b 5c 5d 5e 5f 40 41 42
k0: d4724391a26b3000
k2: d4724491a26b3200
k3: d4724591a26b3300
k34: 4200
int(39)
array(1) {
  ["k34"]=>
  int(34)
}
array(1) {
  ["k0"]=>
  int(0)
}
array(1) {
  ["k34"]=>
  int(0)
}
-- a pack() that fails declares nothing: the next value declares again
d4724091a16101
LogicException: no
92d4724091a16202d4724191a16103
-- a value packed inside another by the same SEQUENTIAL packer
MsgPack\PackException: a SEQUENTIAL packer cannot pack a value while it packs another
d4724091a16e02
-- with shared structures: they stay undeclared, the sequence's own ones follow them
924001d4724191a1740241034004
[{"s":1},{"t":2}]
{"t":3}
{"s":4}
-- withStructures() starts the sequence over
d4724191a17405
-- with growing shared structures: new lists are shared first, saved once; own ones past maxShared
save([["a"]])
400192d4724191a1620240034104
{"a":1}
[{"b":2},{"a":3}]
{"b":4}
-- the flag alone, and MsgPack\pack() (a sequence of one value)
ValueError: MsgPack\Packer::__construct(): Argument #1 ($flags) cannot use MsgPack\Packer::SEQUENTIAL without MsgPack\Packer::RECORDS
92d4724091a161014002
int(128)
