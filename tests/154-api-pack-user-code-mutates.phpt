--TEST--
Packing while user code (a transformer, an extension encoder, __serialize()) changes what is being packed: the array or object being written is held, so a write separates from it and an unset does not free it
--EXTENSIONS--
msgpack
--FILE--
<?php
class T {} class Holder { public array $items = []; public $obj; }
$h = new Holder; $h->items = [new T, 1, 2, 3];
$p = new MsgPack\Packer();
$p->registerTransformer(T::class, function ($o) use ($h) {
    for ($i = 0; $i < 200; $i++) $h->items[] = str_repeat("x", 40); return "t"; });
echo bin2hex($p->pack($h)), "\n";
$h2 = new Holder; $h2->items = [new T, 'a'];
$p2 = new MsgPack\Packer();
$p2->registerExtension(T::class, 5, function ($o) use ($h2) { $h2->items = []; return 'z'; });
echo bin2hex($p2->pack($h2)), "\n";
class U {} $h3 = new Holder; $h3->obj = new Holder; $h3->obj->items = [new U, 'b'];
$p3 = new MsgPack\Packer();
$p3->registerTransformer(U::class, function ($o) use ($h3) { $h3->obj = null; return 'u'; });
echo bin2hex($p3->pack($h3)), "\n";
var_dump($h3->obj);
echo "-- the compatible API: __serialize() of an element empties the array that holds it\n";
class S { public function __construct(public Holder $h) {} public function __serialize(): array { $this->h->items = []; return ['s' => 1]; } }
$h4 = new Holder; $h4->items = [1, 2]; $h4->items[] = new S($h4); $h4->items[] = 3;
echo bin2hex(msgpack_pack($h4->items)), "\n";
var_dump($h4->items);
?>
--EXPECT--
82a56974656d7394a174010203a36f626ac0
82a56974656d7392d4057aa161a36f626ac0
82a56974656d7390a36f626a82a56974656d7392a175a162a36f626ac0
NULL
-- the compatible API: __serialize() of an element empties the array that holds it
94010282c0a153c081a1730103
array(0) {
}
