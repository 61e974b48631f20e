--TEST--
Hardening: every packed value cut at every offset gives false and the insufficient-data warning (MsgPack\ API: InsufficientDataException at an offset within the input; a stream keeps the bytes), never a crash
--FILE--
<?php
class P { public $a = 1; protected $b = [1, 2]; private $c = 'x'; }
class M {
    public $d = ['k' => 'v'];
    function __serialize(): array { return $this->d; }
    function __unserialize(array $d): void { $this->d = $d; }
}
enum E: string { case A = 'a'; }
// bytes given as they are: the 64-bit int formats, which no PHP int of 32-bit PHP packs as
final class Packed { public function __construct(public string $bytes) {} }
$shared = ['s' => 1];
$ref = [1, 2];
$values = [
    null, true, 1, -1, 200, -200, 70000, -70000, 1.5, -0.25,
    new Packed(hex2bin('cf7fffffffffffffff')), new Packed(hex2bin('d38000000000000000')),
    '', 'abc', str_repeat('s', 40), str_repeat('t', 300),
    [], [1, 2, 3], range(1, 20), ['a' => 1, 'b' => ['c' => [null, false]]],
    [5 => 'five', 'x' => 1.0, -3 => 'neg'],
    [[[[[['deep']]]]]],
    [&$ref, &$ref, $shared, $shared],
    new P, [new P, new P], new M, E::A, [E::A, E::A],
    (object) ['x' => 1, 'y' => (object) ['z' => 2]],
    new MsgPack\Ext(7, 'ext data'), new MsgPack\Ext(-3, str_repeat('e', 300)),
    new MsgPack\Timestamp(1700000000, 0), new MsgPack\Timestamp(1700000000, 5),
    new MsgPack\Timestamp(-5, 999999999),
    ['user' => ['id' => 7, 'tags' => ['a', 'b']], 'obj' => new P, 'when' => new MsgPack\Timestamp(1, 2)],
];
$o = new stdClass; $o->self = $o; $o->list = [1, 2];
$values[] = $o;

$cuts = $false = $values_back = $packed = 0;
$api = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
$api_insufficient = $api_kept = $api_values = 0;
$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) {
    $warnings[$msg] = ($warnings[$msg] ?? 0) + 1;
    return true;
});
foreach ([true, false] as $php_only) {
    ini_set('msgpack.php_only', $php_only ? '1' : '0');
    foreach ($values as $v) {
        $p = $v instanceof Packed ? $v->bytes : @msgpack_pack($v);
        if ($p === false) {
            echo "not packed: ", get_debug_type($v), "\n"; // the cycle with php_only off
            continue;
        }
        $packed++;
        for ($i = 1; $i < strlen($p); $i++) {
            $cuts++;
            $r = msgpack_unpack(substr($p, 0, $i));
            if ($r === false) {
                $false++;
            }
            // the MsgPack\ API: the exception, at an offset inside the cut input; a stream
            // returns nothing and keeps every byte
            try {
                $api->unpack(substr($p, 0, $i));
            } catch (MsgPack\InsufficientDataException $e) {
                $api_insufficient += $e->getPosition() >= 0 && $e->getPosition() <= $i;
            } catch (MsgPack\UnpackException $e) {
                // the cut made a map key of another type than int/str (the nil key of a class
                // cut off before its name is not one: PHP_OBJECTS reads it)
            }
            $stream = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
            $stream->feed(substr($p, 0, $i));
            $api_kept += $stream->tryUnpack() === [] && $stream->remaining() === $i;
        }
        try {
            $api->unpack($p);
            $api_values++;
        } catch (Throwable $e) {
            echo "MsgPack\\Unpacker refuses ", get_debug_type($v), ": ", $e->getMessage(), "\n";
        }
        // the whole value still reads
        if (msgpack_unpack($p) !== false) {
            $values_back++;
        }
    }
}
restore_error_handler();
echo "cuts: $cuts, false: $false, whole values read: $values_back of $packed\n";
echo "MsgPack\\Unpacker: $api_insufficient InsufficientDataException, $api_kept kept by a stream, $api_values whole values read\n";
ksort($warnings);
print_r($warnings);

// error_display off: the same false results, no warning
ini_set('msgpack.error_display', '0');
ini_set('msgpack.php_only', '1');
$p = msgpack_pack($values);
$n = 0;
for ($i = 1; $i < strlen($p); $i++) {
    $n += msgpack_unpack(substr($p, 0, $i)) === false;
}
echo $n === strlen($p) - 1 ? "all " . (strlen($p) - 1) . " cuts false\n" : "$n false\n";
var_dump(error_get_last());
echo "str32 and bin32 of 70000 bytes, cut at every 141st offset: ";
$n = 0;
foreach ([str_repeat('u', 70000), "\xff" . str_repeat('b', 70000)] as $s) {
    $p = msgpack_pack($s);
    for ($i = 1; $i < strlen($p); $i += 141) {
        $n += msgpack_unpack(substr($p, 0, $i)) === false;
    }
}
echo "$n false\n";
echo "empty string: ";
var_dump(msgpack_unpack(''));
?>
--EXPECT--
not packed: stdClass
cuts: 1936, false: 1936, whole values read: 71 of 71
MsgPack\Unpacker: 1936 InsufficientDataException, 1936 kept by a stream, 71 whole values read
Array
(
    [[msgpack] (msgpack_unserialize_map_item) illegal key type] => 23
    [[msgpack] (php_msgpack_serialize) Maximum nesting depth of 4096 exceeded] => 1
    [[msgpack] (php_msgpack_unserialize) Insufficient data for unserializing] => 1936
)
all 1095 cuts false
NULL
str32 and bin32 of 70000 bytes, cut at every 141st offset: 994 false
empty string: NULL
