--TEST--
MsgPack\Packer::withStructures() with a save callback: new key lists join the shared structures (msgpackr's structures + saveStructures), saved before pack() returns the bytes
--FILE--
<?php
use MsgPack\{Packer, Unpacker, PackException};

function show(Throwable $e): void
{
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

$store = [['a', 'b']];
$save = function (array $structures, int $before) use (&$store) {
    echo "save(", json_encode($structures), ", $before)\n";
    $store = $structures;
};

echo "-- new key lists take 41, 42 undeclared; the callback runs once, before pack() returns\n";
$p = (new Packer(Packer::RECORDS))->withStructures($store, $save);
$value = [['a' => 1, 'b' => 2], ['c' => 3], ['c' => 4, 'd' => 5], ['c' => 6]];
$bytes = $p->pack($value);
echo bin2hex($bytes), "\n";
echo json_encode($p->structures()), "\n";
echo "-- known now: no save\n";
echo bin2hex($p->pack(['c' => 7, 'd' => 8])), "\n";
echo "-- readers load the saved list\n";
var_dump((new Unpacker(Unpacker::RECORDS))->withStructures($store)->unpack($bytes) === $value);

echo "-- from an empty list; int keys and object properties\n";
$p = (new Packer(Packer::RECORDS))->withStructures([], $save);
$o = new stdClass();
$o->x = 1;
$o->y = 2;
echo bin2hex($p->pack([[5 => 'v', 'k' => 'w'], $o, ['x' => 3, 'y' => 4]])), "\n";
var_dump($p->structures());

echo "-- maxShared 2: the third new list is the value's own, declared from 0x42 on\n";
$p = (new Packer(Packer::RECORDS))->withStructures([['a']], $save, 2);
echo bin2hex($p->pack([['a' => 1], ['b' => 2], ['c' => 3], ['c' => 4]])), "\n";
echo bin2hex($p->pack([['c' => 5], ['b' => 6]])), "\n";
echo "-- maxShared 0: nothing is shared, own structures from 0x40\n";
echo bin2hex((new Packer(Packer::RECORDS))->withStructures([], $save, 0)->pack(['q' => 1])), "\n";

echo "-- the callback returns false: nothing packed, the list unchanged; the next pack() tries again\n";
$answer = false;
$p = (new Packer(Packer::RECORDS))->withStructures([['a']], function (array $s, int $before) use (&$answer) {
    echo "save(", json_encode($s), ", $before)\n";
    return $answer;
});
try {
    $p->pack(['z' => 1]);
} catch (PackException $e) {
    show($e);
}
echo json_encode($p->structures()), "\n";
$answer = null;
echo bin2hex($p->pack(['z' => 1])), "\n";
echo json_encode($p->structures()), "\n";

echo "-- the callback throws: its exception, the list unchanged\n";
$p = (new Packer(Packer::RECORDS))->withStructures([], function () {
    throw new RuntimeException('store down');
});
try {
    $p->pack(['z' => 1]);
} catch (RuntimeException $e) {
    show($e);
}
echo json_encode($p->structures()), "\n";

echo "-- the list replaced while saving: the bytes would name other structures\n";
$p = new Packer(Packer::RECORDS);
$p->withStructures([], function () use ($p) {
    $p->withStructures([['other']]);
});
try {
    $p->pack(['z' => 1]);
} catch (PackException $e) {
    show($e);
}
echo json_encode($p->structures()), "\n";

echo "-- a nested pack() that grows the list while the outer one packs\n";
class Inner implements JsonSerializable
{
    public function __construct(private Packer $p) {}
    public function jsonSerialize(): mixed
    {
        echo "inner: ", bin2hex($this->p->pack(['inner' => 1])), "\n";
        return 1;
    }
}
$p = new Packer(Packer::RECORDS);
$p->withStructures([], function (array $s) {
    echo "save(", json_encode($s), ")\n";
});
try {
    $p->pack([['outer' => new Inner($p)]]);
} catch (PackException $e) {
    show($e);
}
echo json_encode($p->structures()), "\n";

echo "-- the callback may pack (no new structure in a list of lists)\n";
$p = new Packer(Packer::RECORDS);
$p->withStructures([], function (array $s) use ($p) {
    echo "stored: ", bin2hex($p->pack($s)), "\n";
});
echo bin2hex($p->pack(['k' => 1])), "\n";

echo "-- a value that fails to pack adds nothing and saves nothing\n";
class Fails implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        throw new LogicException('no');
    }
}
$p = (new Packer(Packer::RECORDS))->withStructures([], $save);
try {
    $p->pack([['new' => 1], new Fails()]);
} catch (LogicException $e) {
    show($e);
}
echo json_encode($p->structures()), "\n";

echo "-- without a callback the list stays as given (new lists declared after it)\n";
$p = (new Packer(Packer::RECORDS))->withStructures([['a']]);
echo bin2hex($p->pack(['b' => 1])), "\n";
echo json_encode($p->structures()), "\n";
echo json_encode((new Packer(Packer::RECORDS))->structures()), "\n";
echo "-- without RECORDS nothing could be shared: a ValueError (test 152)\n";
try {
    (new Packer())->withStructures([], $save);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

echo "-- bad arguments\n";
foreach ([[[], $save, -1], [[], $save, 8161], [[['a'], ['b']], $save, 1]] as [$l, $cb, $max]) {
    try {
        (new Packer(Packer::RECORDS))->withStructures($l, $cb, $max);
    } catch (ValueError $e) {
        show($e);
    }
}
try {
    (new Packer(Packer::RECORDS))->withStructures([], 'no_such_function');
} catch (TypeError $e) {
    show($e);
}
?>
--EXPECT--
-- new key lists take 41, 42 undeclared; the callback runs once, before pack() returns
save([["a","b"],["c"],["c","d"]], 1)
9440010241034204054106
[["a","b"],["c"],["c","d"]]
-- known now: no save
420708
-- readers load the saved list
bool(true)
-- from an empty list; int keys and object properties
save([[5,"k"],["x","y"]], 0)
9340a176a177410102410304
array(2) {
  [0]=>
  array(2) {
    [0]=>
    int(5)
    [1]=>
    string(1) "k"
  }
  [1]=>
  array(2) {
    [0]=>
    string(1) "x"
    [1]=>
    string(1) "y"
  }
}
-- maxShared 2: the third new list is the value's own, declared from 0x42 on
save([["a"],["b"]], 1)
9440014102d4724291a163034204
92d4724291a163054106
-- maxShared 0: nothing is shared, own structures from 0x40
d4724091a17101
-- the callback returns false: nothing packed, the list unchanged; the next pack() tries again
save([["a"],["z"]], 1)
MsgPack\PackException: the shared structures were not saved (the save callback returned false)
[["a"]]
save([["a"],["z"]], 1)
4101
[["a"],["z"]]
-- the callback throws: its exception, the list unchanged
RuntimeException: store down
[]
-- the list replaced while saving: the bytes would name other structures
MsgPack\PackException: the shared structures changed while they were being saved
[["other"]]
-- a nested pack() that grows the list while the outer one packs
inner: save([["inner"]])
4001
MsgPack\PackException: the shared structures changed while the value was packed (a nested pack() added some)
[["inner"]]
-- the callback may pack (no new structure in a list of lists)
stored: 9191a16b
4001
-- a value that fails to pack adds nothing and saves nothing
LogicException: no
[]
-- without a callback the list stays as given (new lists declared after it)
d4724191a16201
[["a"]]
[]
-- without RECORDS nothing could be shared: a ValueError (test 152)
ValueError: MsgPack\Packer::withStructures() needs a packer made with MsgPack\Packer::RECORDS
-- bad arguments
ValueError: MsgPack\Packer::withStructures(): Argument #3 ($maxShared) must be between 0 and 8160
ValueError: MsgPack\Packer::withStructures(): Argument #3 ($maxShared) must be between 0 and 8160
ValueError: MsgPack\Packer::withStructures(): Argument #1 ($structures) must hold at most 1 structures, 2 given
TypeError: MsgPack\Packer::withStructures(): Argument #2 ($save) must be a valid callback or null, function "no_such_function" not found or invalid function name
