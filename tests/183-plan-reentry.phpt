--TEST--
A class's plan asked for again by user code that its making runs (an autoloader that #[MsgPack\Name(K::NAME)] triggers): refused with an error, never served half-made; a failed making leaves nothing cached (before: the half-made plan was packed, cached as plain, decoded, and used after it was freed)
--FILE--
<?php
final class P {
    #[MsgPack\Name(KP::NAME)] public int $x = 1;
    public int $y = 2;
}
final class U {
    #[MsgPack\Name('a')] public int $x = 1;
    #[MsgPack\Name(KU::NAME)] public int $y = 2;
    public int $z = 3;
}
final class F {
    #[MsgPack\Name('first')] public int $x = 1;
    #[MsgPack\Name(KF::NAME)] public int $y = 2;
}
function show(string $label, callable $f): void {
    try {
        $v = $f();
        echo "$label: ", is_string($v) ? bin2hex($v) : json_encode($v), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
spl_autoload_register(function ($name) {
    if ($name === 'KP') {
        eval('final class KP { const NAME = "renamed"; }');
        show("inner pack(P)", fn() => MsgPack\pack(new P));
    } elseif ($name === 'KU') {
        eval('final class KU { const NAME = "b"; }');
        show("inner unpackAs(U)", fn() => MsgPack\unpackAs("\x81\xa1a\x05", 'U'));
        show("inner unpackAs(list<U>)", fn() => MsgPack\unpackAs("\x90", 'list<U>'));
    } elseif ($name === 'KF') {
        // KF is not declared: the outer making fails
        show("inner pack(F)", fn() => MsgPack\pack(new F));
        show("inner unpackAs(F)", fn() => MsgPack\unpackAs("\x81\xa5first\x05", 'F'));
    }
});
echo "-- pack, the autoloader declares the constant\n";
show("pack(P)", fn() => MsgPack\pack(new P));
show("pack(P) again", fn() => MsgPack\pack(new P));
var_dump(MsgPack\unpack(MsgPack\pack(new P)));
echo "-- unpackAs\n";
show("unpackAs(U)", fn() => MsgPack\unpackAs("\x81\xa1a\x06", 'U'));
show("unpackAs(U) a, b, z", fn() => MsgPack\unpackAs("\x83\xa1a\x07\xa1b\x08\xa1z\x09", 'U'));
show("pack(U)", fn() => MsgPack\pack(new U));
echo "-- the making fails\n";
show("pack(F)", fn() => MsgPack\pack(new F));
show("unpackAs(F)", fn() => MsgPack\unpackAs("\x81\xa5first\x06", 'F'));
$junk = [];
for ($i = 0; $i < 50; $i++) { $junk[] = str_repeat('J', 120 + $i); }
show("pack(F) again", fn() => MsgPack\pack(new F));
show("unpackAs(F) again", fn() => MsgPack\unpackAs("\x81\xa5first\x07", 'F'));
?>
--EXPECT--
-- pack, the autoloader declares the constant
inner pack(P): MsgPack\PackException: an object of class P cannot be packed by the call that makes its plan (an attribute's argument ran it)
pack(P): 82a772656e616d656401a17902
pack(P) again: 82a772656e616d656401a17902
array(2) {
  ["renamed"]=>
  int(1)
  ["y"]=>
  int(2)
}
-- unpackAs
inner unpackAs(U): ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of U is being made by the call that runs this one (in "U")
inner unpackAs(list<U>): ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of U is being made by the call that runs this one (in "list<U>")
unpackAs(U): {"x":6,"y":2,"z":3}
unpackAs(U) a, b, z: {"x":7,"y":8,"z":9}
pack(U): 83a16101a16202a17a03
-- the making fails
inner pack(F): MsgPack\PackException: an object of class F cannot be packed by the call that makes its plan (an attribute's argument ran it)
inner unpackAs(F): ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of F is being made by the call that runs this one (in "F")
pack(F): Error: Class "KF" not found
inner pack(F): MsgPack\PackException: an object of class F cannot be packed by the call that makes its plan (an attribute's argument ran it)
inner unpackAs(F): ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of F is being made by the call that runs this one (in "F")
unpackAs(F): Error: Class "KF" not found
inner pack(F): MsgPack\PackException: an object of class F cannot be packed by the call that makes its plan (an attribute's argument ran it)
inner unpackAs(F): ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of F is being made by the call that runs this one (in "F")
pack(F) again: Error: Class "KF" not found
inner pack(F): MsgPack\PackException: an object of class F cannot be packed by the call that makes its plan (an attribute's argument ran it)
inner unpackAs(F): ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the plan of F is being made by the call that runs this one (in "F")
unpackAs(F) again: Error: Class "KF" not found
