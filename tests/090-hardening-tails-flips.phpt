--TEST--
Hardening: random tails after a value, and every single-byte corruption of packed values: false or a value, never a crash
--INI--
msgpack.error_display=0
--FILE--
<?php
class P { public $a = 1; protected $b = [1, 2]; private $c = 'x'; }
class W { public $n = 0; function __wakeup() { $this->n++; } }
mt_srand(20240611, MT_RAND_MT19937);
// notices of the corrupted values (illegal keys, serialize() of odd property names) are not counted
set_error_handler(fn () => true);
// 32-bit PHP reads the ints beyond 32 bits that the corruptions make as floats and strings (and a
// Timestamp's seconds as a float): its checksums differ from 64-bit PHP's in those values only,
// and are pinned apart.
function checksum(string $sum, string $on64, string $on32): string
{
    $want = PHP_INT_SIZE === 8 ? $on64 : $on32;
    return $sum === $want ? 'checksum as expected' : "checksum $sum, expected $want";
}
function rnd_bytes(int $n): string {
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(mt_rand(0, 255));
    }
    return $s;
}
$a = [1, 2];
$values = [
    ['id' => 1, 'name' => 'abc', 'tags' => ['x', 'y'], 'score' => 1.5, 'none' => null],
    [new P, new W, [&$a, &$a]],
    str_repeat('long string ', 30),
    [new MsgPack\Ext(3, 'xyz'), new MsgPack\Timestamp(1700000000, 123)],
    (object) ['k' => [1, [2, [3]]], 'e' => [], 'o' => new stdClass],
];

echo "-- random tails: the value is read, the tail ignored\n";
// compared exactly: serialize() shows types, classes, properties, object identity and references
$same = $trials = 0;
foreach ($values as $v) {
    $p = msgpack_pack($v);
    $expect = serialize(msgpack_unpack($p));
    for ($t = 0; $t < 200; $t++) {
        $trials++;
        $r = msgpack_unpack($p . rnd_bytes(mt_rand(1, 16)));
        $same += serialize($r) === $expect;
    }
}
echo "$same of $trials read the value\n";

echo "-- random tails after a cut value\n";
$false = $value = 0;
$sum = 0;
foreach ($values as $v) {
    $p = msgpack_pack($v);
    for ($t = 0; $t < 300; $t++) {
        $r = msgpack_unpack(substr($p, 0, mt_rand(1, strlen($p) - 1)) . rnd_bytes(mt_rand(1, 24)));
        $r === false ? $false++ : $value++;
        $sum = hash('crc32b', $sum . '|' . serialize($r)); // hash(): crc32() is signed on 32-bit PHP
    }
}
echo "false $false, value $value, ", checksum($sum, '1c04a0ea', 'fae76862'), "\n";

echo "-- each byte replaced by each of 8 patterns, php_only on and off\n";
$patterns = [0x00, 0xff, 0xc0, 0xc1, 0x7f, 0x80, 0xdd, 0xdf];
foreach (['1', '0'] as $php_only) {
    ini_set('msgpack.php_only', $php_only);
    $false = $value = 0;
    $sum = 0;
    foreach ($values as $v) {
        $p = msgpack_pack($v);
        for ($i = 0; $i < strlen($p); $i++) {
            foreach ($patterns as $b) {
                $q = $p;
                $q[$i] = chr($b);
                try {
                    $r = msgpack_unpack($q);
                } catch (Throwable $e) {
                    $r = get_class($e);
                }
                $r === false ? $false++ : $value++;
                $sum = hash('crc32b', $sum . '|' . serialize($r)); // hash(): crc32() is signed on 32-bit PHP
            }
        }
    }
    echo "php_only $php_only: false $false, value $value, ",
        checksum($sum, $php_only ? '58947cb9' : '38eb00a3', $php_only ? 'c4458518' : '6cc07632'), "\n";
}

echo "-- each bit of each byte flipped\n";
ini_set('msgpack.php_only', '1');
$false = $value = 0;
$sum = 0;
foreach ($values as $v) {
    $p = msgpack_pack($v);
    for ($i = 0; $i < strlen($p); $i++) {
        for ($bit = 0; $bit < 8; $bit++) {
            $q = $p;
            $q[$i] = chr(ord($q[$i]) ^ (1 << $bit));
            try {
                $r = msgpack_unpack($q);
            } catch (Throwable $e) {
                $r = get_class($e);
            }
            $r === false ? $false++ : $value++;
            $sum = hash('crc32b', $sum . '|' . serialize($r)); // hash(): crc32() is signed on 32-bit PHP
        }
    }
}
echo "false $false, value $value, ", checksum($sum, '616f5ba1', '0c51e5ad'), "\n";
echo "done\n";
?>
--EXPECT--
-- random tails: the value is read, the tail ignored
1000 of 1000 read the value
-- random tails after a cut value
false 1019, value 481, checksum as expected
-- each byte replaced by each of 8 patterns, php_only on and off
php_only 1: false 281, value 3743, checksum as expected
php_only 0: false 149, value 3459, checksum as expected
-- each bit of each byte flipped
false 233, value 3791, checksum as expected
done
