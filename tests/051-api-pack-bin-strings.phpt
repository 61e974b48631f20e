--TEST--
MsgPack\pack(): BIN_STRINGS and DETECT_BIN (values; under DETECT_BIN map keys too), the UTF-8 check against PCRE's
--FILE--
<?php
use MsgPack\Packer;

enum MsgPackTestSuit: string { case Hearts = 'H'; }

function show(string $label, mixed $v, int $flags): void {
    $hex = bin2hex(MsgPack\pack($v, $flags));
    echo $label, ': ', strlen($hex) > 48 ? substr($hex, 0, 40) . '... (' . strlen($hex) / 2 . ' bytes)' : $hex, "\n";
}

echo "-- BIN_STRINGS: every string value as bin, in its shortest form\n";
foreach ([0, 1, 255, 256, 65535, 65536] as $n) {
    show("bin $n", str_repeat('b', $n), Packer::BIN_STRINGS);
}
show('keys stay str', ['key' => 'v', 'list' => ['x']], Packer::BIN_STRINGS);
show('enum value', [MsgPackTestSuit::Hearts], Packer::BIN_STRINGS);

echo "-- DETECT_BIN: str when valid UTF-8, else bin\n";
$cases = [
    'ascii' => 'hello',
    'empty' => '',
    '2-byte' => "\xc3\xa9",
    '3-byte' => "\xe2\x9c\x93",
    '4-byte' => "\xf0\x9f\x8e\x89",
    'U+10FFFF' => "\xf4\x8f\xbf\xbf",
    'past U+10FFFF' => "\xf4\x90\x80\x80",
    'lone continuation' => "\x80",
    'overlong 2-byte' => "\xc0\xaf",
    'overlong c1' => "\xc1\xbf",
    'overlong 3-byte' => "\xe0\x80\xaf",
    'overlong 4-byte' => "\xf0\x80\x80\xaf",
    'surrogate' => "\xed\xa0\x80",
    'last before surrogates' => "\xed\x9f\xbf",
    'truncated 3-byte' => "\xe2\x9c",
    'f5' => "\xf5\x80\x80\x80",
    'ff' => "\xff",
    'ascii then bad at byte 9' => "abcdefgh\xff",
    'ascii then good at byte 9' => "abcdefgh\xc3\xa9",
    'bad in the middle of a long ascii run' => str_repeat('a', 40) . "\x80" . str_repeat('a', 40),
    'sequence cut by the end' => str_repeat('a', 15) . "\xf0\x9f\x8e",
];
foreach ($cases as $label => $s) {
    show($label, $s, Packer::DETECT_BIN);
}
show('keys: bin when not valid UTF-8 (test 151)', ["\xff" => "\xff", 'ok' => 'é'], Packer::DETECT_BIN);

echo "-- DETECT_BIN agrees with preg_match('//u') on random strings\n";
mt_srand(9);
$alphabet = ["a", "\x7f", "\x80", "\xbf", "\xc2", "\xc3\xa9", "\xdf", "\xe0", "\xe0\xa0\x80", "\xed", "\xed\x9f\xbf",
    "\xed\xa0\x80", "\xef\xbf\xbf", "\xf0", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90", "\xf8", "\xff", "abcdefgh"];
$agree = $disagree = $valid = 0;
for ($i = 0; $i < 3000; $i++) {
    $s = '';
    for ($n = mt_rand(0, 12); $n > 0; $n--) {
        $s .= $alphabet[mt_rand(0, count($alphabet) - 1)];
    }
    $packed = MsgPack\pack($s, Packer::DETECT_BIN);
    $isStr = (ord($packed[0]) & 0xe0) === 0xa0 || $packed[0] === "\xd9" || $packed[0] === "\xda";
    $utf8 = preg_match('//u', $s) === 1;
    $valid += $utf8;
    if ($isStr === $utf8 && msgpack_unpack($packed) === $s) {
        $agree++;
    } else {
        $disagree++;
        echo "disagree: ", bin2hex($s), "\n";
    }
}
echo "$agree agree, $disagree disagree\n";
var_dump($valid > 300 && $valid < 2700);

echo "-- long strings (16- and 32-byte blocks, and their tails), one byte changed or not\n";
$pieces = ["日本語のテキスト", "abcdefghijklmnopqrstuvwxyz", "é", "🎉", " ", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf"];
$agree = $disagree = $valid = 0;
for ($i = 0; $i < 2000; $i++) {
    $s = '';
    for ($n = mt_rand(1, 30); $n > 0; $n--) {
        $s .= $pieces[mt_rand(0, count($pieces) - 1)];
    }
    if (mt_rand(0, 1)) {
        $s[mt_rand(0, strlen($s) - 1)] = chr(mt_rand(0, 255));
    }
    $isStr = (ord(MsgPack\pack($s, Packer::DETECT_BIN)[0]) & 0xe0) === 0xa0 || in_array(MsgPack\pack($s, Packer::DETECT_BIN)[0], ["\xd9", "\xda"], true);
    $utf8 = preg_match('//u', $s) === 1;
    $valid += $utf8;
    if ($isStr === $utf8) {
        $agree++;
    } else {
        $disagree++;
        echo "disagree: ", bin2hex($s), "\n";
    }
}
echo "$agree agree, $disagree disagree\n";
var_dump($valid > 1000 && $valid < 1900);

echo "-- with PHP_OBJECTS, names stay str\n";
class MsgPackTestObj { public $p = "\xff"; }
show('object', new MsgPackTestObj, Packer::PHP_OBJECTS | Packer::DETECT_BIN);
show('object', new MsgPackTestObj, Packer::PHP_OBJECTS | Packer::BIN_STRINGS);

echo "-- the compatible reader reads bin as string\n";
var_dump(array_map('bin2hex', msgpack_unpack(MsgPack\pack(['a' => "\xff\x00", 'b' => 'ok'], Packer::DETECT_BIN))));
?>
--EXPECT--
-- BIN_STRINGS: every string value as bin, in its shortest form
bin 0: c400
bin 1: c40162
bin 255: c4ff626262626262626262626262626262626262... (257 bytes)
bin 256: c501006262626262626262626262626262626262... (259 bytes)
bin 65535: c5ffff6262626262626262626262626262626262... (65538 bytes)
bin 65536: c600010000626262626262626262626262626262... (65541 bytes)
keys stay str: 82a36b6579c40176a46c69737491c40178
enum value: 91c40148
-- DETECT_BIN: str when valid UTF-8, else bin
ascii: a568656c6c6f
empty: a0
2-byte: a2c3a9
3-byte: a3e29c93
4-byte: a4f09f8e89
U+10FFFF: a4f48fbfbf
past U+10FFFF: c404f4908080
lone continuation: c40180
overlong 2-byte: c402c0af
overlong c1: c402c1bf
overlong 3-byte: c403e080af
overlong 4-byte: c404f08080af
surrogate: c403eda080
last before surrogates: a3ed9fbf
truncated 3-byte: c402e29c
f5: c404f5808080
ff: c401ff
ascii then bad at byte 9: c4096162636465666768ff
ascii then good at byte 9: aa6162636465666768c3a9
bad in the middle of a long ascii run: c451616161616161616161616161616161616161... (83 bytes)
sequence cut by the end: c412616161616161616161616161616161f09f8e
keys: bin when not valid UTF-8 (test 151): 82c401ffc401ffa26f6ba2c3a9
-- DETECT_BIN agrees with preg_match('//u') on random strings
3000 agree, 0 disagree
bool(true)
-- long strings (16- and 32-byte blocks, and their tails), one byte changed or not
2000 agree, 0 disagree
bool(true)
-- with PHP_OBJECTS, names stay str
object: 82c0ae4d73675061636b546573744f626aa170c401ff
object: 82c0ae4d73675061636b546573744f626aa170c401ff
-- the compatible reader reads bin as string
array(2) {
  ["a"]=>
  string(4) "ff00"
  ["b"]=>
  string(4) "6f6b"
}
