<?php
/*
 * The differential of the platforms (scripts/test-platform): the same values packed and the same
 * bytes read on x86-64 and on another platform (32-bit x86, big-endian s390x, arm64), one line of
 * output per case, compared line by line by compare.php.
 *
 *   php driver.inc.php pack N        N generated values (the same on every platform: ints of
 *                                    32 bits, floats, strings of every header size, containers,
 *                                    ext, timestamps, GMP, records), each packed by every API and
 *                                    flag set: "pack <case> <api> <md5> <length> <first bytes>";
 *                                    then those bytes read back by every reader (read_all())
 *   php driver.inc.php wide N        (x86-64) N inputs that only 64-bit PHP can make: every int
 *                                    format with 64-bit values, timestamps of any int64 seconds,
 *                                    maps with such keys, records holding them: their hex
 *   php driver.inc.php read FILE     each hex input of FILE read by every reader (read_all())
 *
 * Ints of 32-bit PHP hold 32 bits: beyond them it reads floats and decimal strings where 64-bit
 * PHP reads ints (docs/compatibility.md, "32-bit PHP"); compare.php allows exactly that.
 */

if ($argc < 3) {
    fwrite(STDERR, "usage: php driver.inc.php pack N | wide N | read FILE\n");
    exit(2);
}
ini_set('serialize_precision', '-1');
ini_set('msgpack.error_display', '0');
mt_srand(20261128, MT_RAND_MT19937);

/* ---- values that exist on every platform ---------------------------------------------------- */

function rand_int(): int
{
    switch (mt_rand(0, 7)) {
        case 0: return mt_rand(0, 127);
        case 1: return -mt_rand(1, 32);
        case 2: return mt_rand(128, 65535) * (mt_rand(0, 1) ? 1 : -1);
        case 3: return mt_rand(65536, 2147483647);
        case 4: return -mt_rand(32769, 2147483647) - mt_rand(0, 1);
        case 5: return [0, -1, 127, 128, 255, 256, 65535, 65536, -32, -33, -128, -129, -32768, -32769][mt_rand(0, 13)];
        case 6: return mt_rand(0, 1) ? 2147483647 : -2147483647 - 1;
        default: return mt_rand(-300, 300);
    }
}

function rand_float(): float
{
    switch (mt_rand(0, 5)) {
        case 0: return mt_rand() / 1024;                    // float32-exact
        case 1: return (mt_rand() - 1073741824) * 1.0e-7;
        case 2: return [0.0, -0.0, INF, -INF, 1.5, 0.1, 1e300, -2.5e-300, 4294967296.0, 2.0 ** 63][mt_rand(0, 9)];
        case 3: return mt_rand(1, 999) / 10;               // decimals that fit float32 or not
        case 4: // any bits: NaNs with payloads, subnormals; but no signaling NaN, which PHP itself
            // turns quiet on 32-bit x86 (its x87 FPU sets the quiet bit of a double it loads)
            $bits = random_bytes_seeded(8);
            if ((ord($bits[0]) & 0x7f) === 0x7f && (ord($bits[1]) & 0xf0) === 0xf0) {
                $bits[1] = chr(ord($bits[1]) | 0x08);
            }
            return unpack('E', $bits)[1];
        default: return mt_rand() * 1.0e20;
    }
}

function random_bytes_seeded(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(mt_rand(0, 255));
    }
    return $s;
}

function rand_string(): string
{
    $len = [mt_rand(0, 31), mt_rand(32, 255), mt_rand(256, 600), 65535, 65536, mt_rand(0, 8)][mt_rand(0, 5)];
    if ($len >= 65535 && mt_rand(0, 3)) {
        $len = mt_rand(0, 40); // long strings now and then
    }
    if (mt_rand(0, 3) === 0) {
        return random_bytes_seeded($len); // binary: DETECT_BIN packs it as bin
    }
    // UTF-8 of one to four bytes (no mbstring on the PHP builds of the platforms)
    $alphabet = ['a', 'b', 'z', '0', '9', ' ', "\u{e9}", "\u{20ac}", "\u{1f600}"];
    $s = '';
    while (strlen($s) < $len) {
        $s .= $alphabet[mt_rand(0, count($alphabet) - 1)];
    }
    return $s;
}

function rand_key(): int|string
{
    return match (mt_rand(0, 3)) {
        0 => rand_int(),
        1 => (string) mt_rand(0, 99), // a numeric string: PHP makes it an int key
        default => ['id', 'name', 'tags', 'n', 'é', ''][mt_rand(0, 5)] . (mt_rand(0, 2) ? '' : mt_rand(0, 9)),
    };
}

function rand_timestamp(): MsgPack\Timestamp
{
    // seconds of every width as floats beyond 32 bits (whole, exact to 2^53): the same value on
    // every platform
    $seconds = match (mt_rand(0, 4)) {
        0 => mt_rand(0, 2147483647),
        1 => -mt_rand(1, 2147483647),
        2 => (float) mt_rand(0, 3) * 4294967296.0 + mt_rand(0, 2147483647),   // timestamp 64
        3 => -((float) mt_rand(1, 1 << 20) * 4294967296.0 + mt_rand(0, 1000)), // timestamp 96
        default => (float) mt_rand(1, 1 << 20) * 4294967296.0 * 1024.0,        // timestamp 96
    };
    return new MsgPack\Timestamp($seconds, mt_rand(0, 3) ? 0 : mt_rand(0, 999999999));
}

function rand_value(int $depth = 0): mixed
{
    $kind = mt_rand(0, $depth > 3 ? 7 : 12);
    switch ($kind) {
        case 0: return null;
        case 1: return (bool) mt_rand(0, 1);
        case 2: case 3: return rand_int();
        case 4: return rand_float();
        case 5: case 6: return rand_string();
        case 7: return mt_rand(0, 1) ? rand_timestamp() : new MsgPack\Ext(mt_rand(-128, 127), random_bytes_seeded([1, 2, 4, 8, 16, 0, 3, 300][mt_rand(0, 7)]));
        case 8: case 9: // a list (fix, and array 16 now and then)
            $n = $depth === 0 && mt_rand(0, 3) === 0 ? mt_rand(16, 40) : mt_rand(0, 6);
            $a = [];
            for ($i = 0; $i < $n; $i++) {
                $a[] = rand_value($depth + 1);
            }
            return $a;
        case 10: case 11: // a map (fix, and map 16 now and then)
            $n = $depth === 0 && mt_rand(0, 3) === 0 ? mt_rand(16, 20) : mt_rand(0, 6);
            $a = [];
            for ($i = 0; $i < $n; $i++) {
                $a[rand_key()] = rand_value($depth + 1);
            }
            return $a;
        default: // rows of one shape: records, shared strings, map templates
            $rows = [];
            $keys = ['id', 'name', 'score', 'tags', 'at'];
            for ($i = 0, $n = mt_rand(1, 12); $i < $n; $i++) {
                $row = [];
                foreach ($keys as $k) {
                    $row[$k] = match ($k) { 'id' => rand_int(), 'name' => 'n' . mt_rand(0, 5), 'score' => rand_float(),
                        'tags' => [rand_string(), rand_int()], 'at' => rand_timestamp() };
                }
                $rows[] = mt_rand(0, 3) ? $row : (object) $row;
            }
            return $rows;
    }
}

/* The APIs and flag sets a value is packed with; read back by the reader of the same name. */
function packers(): array
{
    $p = fn (int $flags) => fn ($v) => MsgPack\pack($v, $flags);
    return [
        'compat' => fn ($v) => msgpack_pack($v),
        'api' => $p(0),
        'api-bin' => $p(MsgPack\Packer::BIN_STRINGS),
        'api-detect' => $p(MsgPack\Packer::DETECT_BIN),
        'api-f32' => $p(MsgPack\Packer::FLOAT32),
        'api-f32fit' => $p(MsgPack\Packer::FLOAT32_DECIMAL_FIT),
        'api-maps' => $p(MsgPack\Packer::ARRAYS_AS_MAPS),
        'api-objects' => $p(MsgPack\Packer::PHP_OBJECTS),
        'api-records' => $p(MsgPack\Packer::RECORDS),
    ];
}

/* The readers, each by name: what a line of "read" gives. */
function readers(): array
{
    $u = MsgPack\Unpacker::class;
    $r = fn (int $flags) => fn (string $b) => MsgPack\unpack($b, $flags);
    $readers = [
        'compat' => fn (string $b) => msgpack_unpack($b),
        'compat-obj' => function (string $b) {
            ini_set('msgpack.assoc', '0');
            try {
                return msgpack_unpack($b);
            } finally {
                ini_set('msgpack.assoc', '1');
            }
        },
        'api' => $r(0),
        'api-float' => $r($u::BIGINT_AS_FLOAT),
        'api-objects' => $r($u::PHP_OBJECTS | $u::MAPS_AS_OBJECTS),
        'api-dates' => $r($u::TIMESTAMP_AS_DATETIME),
        'api-records' => $r($u::RECORDS),
        'stream' => function (string $b) {
            $s = new MsgPack\Unpacker(MsgPack\Unpacker::RECORDS);
            $out = [];
            $piece = max(7, intdiv(strlen($b), 40)); // in pieces that cut items, 40 at most
            for ($i = 0; $i < strlen($b); $i += $piece) {
                $s->feed(substr($b, $i, $piece));
                foreach ($s->tryUnpack() as $v) {
                    $out[] = $v;
                }
            }
            return [$out, $s->remaining()];
        },
        'typed-mixed' => fn (string $b) => MsgPack\unpackAs($b, 'mixed', $u::RECORDS),
        'typed-floats' => fn (string $b) => MsgPack\unpackAs($b, 'array<array-key, float|string|null>|float|string|null'),
        // an int beyond zend_long is the float for int|float
        'typed-ints-floats' => fn (string $b) => MsgPack\unpackAs($b, 'array<array-key, int|float|string>|int|float|string'),
    ];
    if (extension_loaded('gmp')) {
        $readers['api-gmp'] = $r($u::BIGINT_AS_GMP);
    }
    return $readers;
}

/* A read: the value (serialize()), or the exception and its message. */
function outcome(callable $read, string $bytes): string
{
    try {
        return serialize($read($bytes));
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}

/*
 * An outcome with every int beyond 32 bits written alike, whatever holds it: "B:<digits>;" for
 * an int (i:), a whole float (d:) or a decimal string (s:) of such a value, as 64-bit and 32-bit
 * PHP give it (32-bit PHP reads such ints as floats and decimal strings). An int below 2^31 or a
 * string of other bytes stays as it is.
 */
function beyond_32_bits(string $digits): bool
{
    $n = ltrim($digits, '-');
    return strlen($n) > 10 || (strlen($n) === 10 && strcmp($n, $digits[0] === '-' ? '2147483648' : '2147483647') > 0);
}

function int_size_neutral(string $outcome, bool $as_float): string
{
    // a map key beyond 32 bits in an error's path: $[4294967296] on 64-bit PHP, $["4294967296"]
    $outcome = preg_replace_callback('/\[(-?\d+)\]|\["(-?\d+)"\]/',
        fn (array $m) => beyond_32_bits($digits = $m[1] !== '' ? $m[1] : $m[2]) ? "[B:$digits]" : $m[0], $outcome);
    // a Timestamp's seconds beyond 32 bits: a float on 32-bit PHP, rounded beyond 2^53
    $outcome = preg_replace_callback('/(?<=s:7:"seconds";)(?:i:(-?\d+)|d:(-?[0-9.E+]+));/',
        fn (array $m) => beyond_32_bits($digits = sprintf('%.0f', (float) ($m[1] !== '' ? $m[1] : $m[2])))
            ? "B:$digits;" : $m[0], $outcome);
    $gmp = '|O:3:"GMP":1:\{i:0;s:\d+:"(-?[0-9a-f]+)";\}';
    return preg_replace_callback('/(?<=[;{}]|^)(?:(?:i:(-?\d+)|d:(-?\d+(?:\.\d+)?(?:E[+-]?\d+)?)|s:\d+:"(-?\d+)")(?=;)' . $gmp . ')/',
        function (array $m) use ($as_float): string {
            if (($m[2] ?? '') !== '') {
                // a float: whole and within 64 bits, its exact digits
                $f = (float) $m[2];
                if ($f !== floor($f) || abs($f) >= 18446744073709551616.0) {
                    return $m[0];
                }
                $digits = sprintf('%.0f', $f);
            } elseif (($m[4] ?? '') !== '') {
                // a GMP number (BIGINT_AS_GMP): serialize() writes it in hex
                $digits = gmp_strval(gmp_init($m[4], 16));
            } else {
                $digits = $m[1] !== '' ? $m[1] : $m[3];
            }
            if (!beyond_32_bits($digits)) {
                return $m[0];
            }
            // read as a float (BIGINT_AS_FLOAT, float types): beyond 2^53 as the float rounds it;
            // a GMP object is followed by no ";" of its own
            return ($as_float ? 'B:' . sprintf('%.0f', (float) $digits) : "B:$digits") . (($m[4] ?? '') !== '' ? ';' : '');
        }, $outcome);
}

/* One line per read: its digest, the digest with ints beyond 32 bits written alike, and the
 * start of the value (ASCII) to tell what differs. */
function read_all(string $case, string $bytes): void
{
    foreach (readers() as $name => $read) {
        $o = outcome($read, $bytes);
        $neutral = int_size_neutral($o, str_contains($name, 'float'));
        echo "read $case $name ", md5($o), ' ', md5($neutral), ' ', addcslashes(substr($neutral, 0, 200), "\0..\37\177..\377\\"), "\n";
    }
}

/* ---- inputs only 64-bit PHP can make -------------------------------------------------------- */

function rand_int_bytes(): string
{
    $formats = [0xcc => 1, 0xcd => 2, 0xce => 4, 0xcf => 8, 0xd0 => 1, 0xd1 => 2, 0xd2 => 4, 0xd3 => 8];
    $f = array_rand($formats);
    $n = $formats[$f];
    $edge = mt_rand(0, 3);
    if ($edge === 0) {
        $body = str_repeat("\xff", $n);
    } elseif ($edge === 1) {
        $body = "\x80" . str_repeat("\x00", $n - 1);
    } elseif ($edge === 2) {
        $body = "\x7f" . str_repeat("\xff", $n - 1);
    } else {
        $body = random_bytes_seeded($n);
    }
    return chr($f) . $body;
}

function rand_wide(int $depth = 0): string
{
    switch (mt_rand(0, $depth > 2 ? 3 : 6)) {
        case 0: case 1: return rand_int_bytes();
        case 2: // a timestamp of any int64 seconds, in the three forms
            $form = mt_rand(0, 2);
            if ($form === 0) {
                return "\xd6\xff" . random_bytes_seeded(4);
            }
            if ($form === 1) {
                return "\xd7\xff" . random_bytes_seeded(8); // nanoseconds past 999999999 included
            }
            return "\xc7\x0c\xff" . pack('N', mt_rand(0, 999999999)) . random_bytes_seeded(8);
        case 3:
            // no nil: where the compatible API reads a nil key, a map becomes a PECL object, which
            // keeps only the string keys of the entries before it, and a key beyond 32 bits is
            // one on 32-bit PHP only (the .phpt tests on 32-bit PHP cover those objects)
            do {
                $v = rand_value($depth + 3);
            } while (str_contains(serialize($v), 'N;'));
            return msgpack_pack($v);
        case 4: // a list
            $n = mt_rand(0, 6);
            $s = chr(0x90 | $n);
            for ($i = 0; $i < $n; $i++) {
                $s .= rand_wide($depth + 1);
            }
            return $s;
        case 5: // a map whose keys are ints of any width, strings or both
            $n = mt_rand(0, 6);
            $s = chr(0x80 | $n);
            for ($i = 0; $i < $n; $i++) {
                $s .= (mt_rand(0, 1) ? rand_int_bytes() : msgpack_pack(rand_key())) . rand_wide($depth + 1);
            }
            return $s;
        default: // a record of 64-bit values (msgpackr's ext 0x72): a declaration and two records
            $names = ['a', 'b', 'c'];
            $s = "\x93\xd4\x72\x40\x93";
            foreach ($names as $k) {
                $s .= msgpack_pack($k);
            }
            $s .= rand_int_bytes() . rand_int_bytes() . rand_wide($depth + 1);
            // false, not nil (see case 3): the compatible API reads these bytes as a map (0x40 is
            // an int there)
            return $s . "\x40" . rand_int_bytes() . rand_wide($depth + 1) . rand_int_bytes() . "\x40\xc2\xc2\xc2";
    }
}

/* ---- main ------------------------------------------------------------------------------------ */

switch ($argv[1]) {
    case 'pack':
        for ($i = 0; $i < (int) $argv[2]; $i++) {
            $v = rand_value();
            if ($i % 50 === 0 && extension_loaded('gmp')) {
                // GMP numbers beyond 32 bits pack as the int64 or uint64 they hold everywhere
                $v = [$v, gmp_init(mt_rand(0, 1) ? '-9223372036854775808' : '18446744073709551615'),
                    gmp_mul(gmp_init(mt_rand()), gmp_init(mt_rand() + 65536)), gmp_neg(gmp_pow(2, mt_rand(31, 62)))];
            }
            // generated alike on every platform (but for the ints beyond 32 bits of Timestamp seconds)
            $dump = serialize($v);
            echo "value $i ", md5($dump), ' ', md5(int_size_neutral($dump, false)), "\n";
            foreach (packers() as $name => $pack) {
                try {
                    $bytes = $pack($v);
                    echo "pack $i $name ", md5($bytes), ' ', strlen($bytes), ' ', bin2hex(substr($bytes, 0, 48)), "\n";
                    read_all("$i-$name", $bytes);
                } catch (Throwable $e) {
                    echo "pack $i $name ", get_class($e), ': ', $e->getMessage(), "\n";
                }
            }
        }
        break;
    case 'wide':
        for ($i = 0; $i < (int) $argv[2]; $i++) {
            echo bin2hex(rand_wide()), "\n";
        }
        break;
    case 'read':
        foreach (file($argv[2], FILE_IGNORE_NEW_LINES) as $i => $hex) {
            read_all("w$i", hex2bin($hex));
        }
        break;
    default:
        fwrite(STDERR, "unknown mode {$argv[1]}\n");
        exit(2);
}
