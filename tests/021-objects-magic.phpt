--TEST--
Objects: __sleep, __wakeup, __serialize/__unserialize, enums, DateTime
--FILE--
<?php
class Sleeper {
    public $a = 1; protected $b = 2; private $c = 3; public $skip = 9;
    function __sleep() { return ['a', 'b', 'c', 'missing']; }
    function __wakeup() { echo "__wakeup: skip is {$this->skip}\n"; }
}
class Ser {
    public $x = 5;
    function __serialize(): array { return ['x' => $this->x, 'k' => [1, 2]]; }
    function __unserialize(array $d): void { echo "__unserialize: ", json_encode($d), "\n"; $this->x = $d['x'] * 10; }
}
class SerAndSleep extends Ser { function __sleep() { return ['x']; } }
class BadSleep { public $a = 1; function __sleep() { return 5; } }
enum Suit { case Hearts; case Spades; }
enum Backed: string { case H = 'h'; case S = 's'; }
function show($label, $v) {
    $p = msgpack_pack($v);
    echo "$label: ", bin2hex($p), "\n";
    var_dump(msgpack_unpack($p));
}
show('__sleep', new Sleeper);
show('__serialize', new Ser);
show('__serialize wins over __sleep', new SerAndSleep);
show('__sleep not returning an array', new BadSleep);
show('pure enum', Suit::Spades);
show('backed enum', Backed::S);
var_dump(msgpack_unpack(msgpack_pack([Suit::Hearts, Suit::Hearts]))[1] === Suit::Hearts);
$d = new DateTimeImmutable('2020-01-02 03:04:05.678 UTC');
$p = msgpack_pack($d);
echo "DateTimeImmutable: ", bin2hex($p), "\n";
var_dump(serialize(msgpack_unpack($p)) === serialize($d)); // the class, the instant and the time zone
// unknown enum case, not an enum
var_dump(msgpack_unpack(hex2bin('82c006a453756974a44e6f6e65')));
var_dump(msgpack_unpack(hex2bin('82c006a3536572a178')));
?>
--EXPECTF--

Notice: [msgpack] (msgpack_serialize_class) "missing" returned as member variable from __sleep() but does not exist in %s on line %d
__sleep: 85c0a7536c6565706572a16101a4002a006202aa00536c6565706572006303a76d697373696e67c0
__wakeup: skip is 9
object(Sleeper)#2 (5) {
  ["a"]=>
  int(1)
  ["b":protected]=>
  int(2)
  ["c":"Sleeper":private]=>
  int(3)
  ["skip"]=>
  int(9)
  ["missing"]=>
  NULL
}
__serialize: 82c0a3536572c082a17805a16b920102
__unserialize: {"x":5,"k":[1,2]}
object(Ser)#2 (1) {
  ["x"]=>
  int(50)
}
__serialize wins over __sleep: 82c0ab536572416e64536c656570c082a17805a16b920102
__unserialize: {"x":5,"k":[1,2]}
object(SerAndSleep)#2 (1) {
  ["x"]=>
  int(50)
}

Warning: msgpack_pack(): BadSleep::__sleep() should return an array only containing the names of instance-variables to serialize in %s on line %d
__sleep not returning an array: c0
NULL
pure enum: 82c006a453756974a6537061646573
enum(Suit::Spades)
backed enum: 82c006a64261636b6564a153
enum(Backed::S)
bool(true)
DateTimeImmutable: 82c0b14461746554696d65496d6d757461626c65c083a464617465ba323032302d30312d30322030333a30343a30352e363738303030ad74696d657a6f6e655f7479706503a874696d657a6f6e65a3555443
bool(true)

Warning: [msgpack] (php_msgpack_unserialize) Invalid enum case in %s on line %d
bool(false)

Warning: [msgpack] (php_msgpack_unserialize) Invalid enum class in %s on line %d
bool(false)
