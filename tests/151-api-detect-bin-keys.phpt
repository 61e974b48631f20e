--TEST--
MsgPack\Packer::DETECT_BIN: map keys that are not valid UTF-8 are bin, valid keys stay str
--FILE--
<?php
use MsgPack\{Packer, Map};

function show(string $label, mixed $v, int $flags = Packer::DETECT_BIN): void {
    try {
        echo $label, ': ', bin2hex(MsgPack\pack($v, $flags)), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- rybakit's case\n";
show('["\x80" => 0xffff]', ["\x80" => 0xffff]);
show('the same without DETECT_BIN', ["\x80" => 0xffff], 0);
show('the same with BIN_STRINGS (keys stay str)', ["\x80" => 0xffff], Packer::BIN_STRINGS);

echo "-- valid keys stay str, int keys stay ints\n";
show('ascii, 2-byte, 4-byte', ['a' => 1, "\xc3\xa9" => 2, "\xf0\x9f\x8e\x89" => 3]);
show('int keys and a bad key', [5 => 'x', "\xff" => 'y', -1 => 'z']);
show('a long bad key (bin8)', [str_repeat('a', 40) . "\xff" => 0]);
show('a long valid key (str8)', [str_repeat('a', 40) => 0]);
show('nested', ['ok' => ["\xc0\xaf" => true]]);
show('ARRAYS_AS_MAPS', ["\xfe" => 1], Packer::DETECT_BIN | Packer::ARRAYS_AS_MAPS);

echo "-- Map and objects' dynamic properties\n";
show('Map', new Map(["\x80" => 1, 'k' => 2]));
$o = new stdClass();
$o->{"\x80"} = 1;
$o->ok = 2;
show('stdClass', $o);

echo "-- the key reads back as the same PHP string\n";
$packed = MsgPack\pack(["\x80" => 0xffff, 'é' => 1], Packer::DETECT_BIN);
var_dump(MsgPack\unpack($packed) === ["\x80" => 0xffff, 'é' => 1]);
var_dump(msgpack_unpack($packed) === ["\x80" => 0xffff, 'é' => 1]);
?>
--EXPECT--
-- rybakit's case
["\x80" => 0xffff]: 81c40180cdffff
the same without DETECT_BIN: 81a180cdffff
the same with BIN_STRINGS (keys stay str): 81a180cdffff
-- valid keys stay str, int keys stay ints
ascii, 2-byte, 4-byte: 83a16101a2c3a902a4f09f8e8903
int keys and a bad key: 8305a178c401ffa179ffa17a
a long bad key (bin8): 81c42961616161616161616161616161616161616161616161616161616161616161616161616161616161ff00
a long valid key (str8): 81d9286161616161616161616161616161616161616161616161616161616161616161616161616161616100
nested: 81a26f6b81c402c0afc3
ARRAYS_AS_MAPS: 81c401fe01
-- Map and objects' dynamic properties
Map: 82c4018001a16b02
stdClass: 82c4018001a26f6b02
-- the key reads back as the same PHP string
bool(true)
bool(true)
