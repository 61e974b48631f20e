--TEST--
The msgpack-test-suite vectors: every listed encoding decodes to the value, through msgpack_unpack() and MsgPack\unpack() (with the flags that change each kind, and streamed through MsgPack\Unpacker); packing gives the expected encoding; an int beyond zend_long (past PHP_INT_MAX, and on 32-bit PHP any int beyond 32 bits) as each API gives it
--SKIPIF--
<?php
// the vectors: $MSGPACK_TEST_VECTORS (scripts/pecl-check, whose tree is elsewhere), else
// ../shared/msgpack-test-suite.json beside the repository
$file = getenv('MSGPACK_TEST_VECTORS') ?: dirname(__DIR__, 2) . '/shared/msgpack-test-suite.json';
if (!is_file($file)) {
    die("skip the shared vector file $file is absent");
}
?>
--FILE--
<?php
$file = getenv('MSGPACK_TEST_VECTORS') ?: dirname(__DIR__, 2) . '/shared/msgpack-test-suite.json';
// JSON_BIGINT_AS_STRING: an int of the vectors that PHP's int cannot hold (on 32-bit PHP, one beyond
// 32 bits) stays its decimal string instead of becoming a float, so that it is still known as an int
$suite = json_decode(file_get_contents($file), false, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);

// "c4-00-ff" -> bytes
function bytes(string $dashed): string {
    return hex2bin(str_replace('-', '', $dashed));
}
// JSON objects (maps) -> PHP arrays, as the decoder gives them with php_only off
function as_array($v) {
    if (is_object($v)) {
        $v = (array) $v;
    }
    return is_array($v) ? array_map('as_array', $v) : $v;
}
function pack_with(array $ini, $value): string|false {
    $saved = [];
    foreach ($ini as $k => $v) {
        $saved[$k] = ini_set($k, $v);
    }
    $bin = msgpack_pack($value);
    foreach ($saved as $k => $v) {
        ini_set($k, $v);
    }
    return $bin;
}

$vectors = $decodes = $packs = $skipped = $big_decodes = 0;
$api_decodes = $api_flag_decodes = 0;
$stream = [];   // [hex, check] of every encoding, for the streamed run below
$failures = [];
$fail = function (string $where, string $what) use (&$failures) {
    $failures[] = "FAIL $where: $what";
};

foreach ($suite as $group => $cases) {
    foreach ($cases as $i => $case) {
        $vectors++;
        $where = "$group #$i";
        $dec = null;   // for an int: its decimal string
        $encodings = $case->msgpack;
        $is_map = property_exists($case, 'map') || property_exists($case, 'array');

        // what the decoder must give, and a check of a decoded value against it
        if (property_exists($case, 'nil')) {
            $check = fn($got, $hex, $api) => $got === null;
            $to_pack = null;
        } elseif (property_exists($case, 'bool')) {
            $check = fn($got, $hex, $api) => $got === $case->bool;
            $to_pack = $case->bool;
        } elseif (property_exists($case, 'binary')) {
            $want = bytes($case->binary);
            $check = fn($got, $hex, $api) => $got === $want;
            $to_pack = null;   // PHP strings are always written as str: no way to produce bin
        } elseif (property_exists($case, 'string')) {
            $check = fn($got, $hex, $api) => $got === $case->string;
            $to_pack = $case->string;
        } elseif (property_exists($case, 'number') || property_exists($case, 'bignum')) {
            $number = $case->number ?? null;
            $bignum = $case->bignum ?? null;
            // an int as a decimal string ($number is a string where PHP's int cannot hold it)
            $dec = is_float($number) ? null : ($bignum ?? (string) $number);
            // $api: MsgPack\unpack() or MsgPack\Unpacker (default flags), else msgpack_unpack()
            $check = function ($got, $hex, $api) use ($number, $dec) {
                $f = substr($hex, 0, 2);
                if ($f === 'ca' || $f === 'cb') {
                    // float forms decode to floats, also for integral values
                    return is_float($got) && $number !== null && $got == $number;
                }
                if ($dec === null) {
                    return false;
                }
                if (beyond_long($dec)) {
                    // an int zend_long cannot hold: the compatible API gives a float for a uint32
                    // (only on 32-bit PHP), else the decimal string; MsgPack\ its decimal string
                    return !$api && $f === 'ce' ? $got === (float) $dec : $got === $dec;
                }
                return is_int($got) && (string) $got === $dec;
            };
            if ($dec === null) {
                $to_pack = $number;
            } else {
                $to_pack = beyond_long($dec) ? null : (int) $dec;   // no PHP int beyond zend_long
            }
        } elseif (property_exists($case, 'array') || property_exists($case, 'map')) {
            $value = property_exists($case, 'array') ? $case->array : $case->map;
            $want = as_array($value);
            $check = fn($got, $hex, $api) => $got === $want;
            // with php_only off and assoc off, a stdClass (the JSON object) is written as a map,
            // which gives the empty map {} as 80
            $to_pack = $value;
        } elseif (property_exists($case, 'timestamp')) {
            [$sec, $nsec] = $case->timestamp;
            // seconds beyond zend_long (on 32-bit PHP, beyond 32 bits) are a whole float
            $sec_dec = (string) $sec;
            $sec = beyond_long($sec_dec) ? (float) $sec_dec : (int) $sec_dec;
            $check = fn($got, $hex, $api) => $got instanceof MsgPack\Timestamp && $got->seconds === $sec && $got->nanoseconds === $nsec;
            $to_pack = new MsgPack\Timestamp($sec, $nsec);
        } elseif (property_exists($case, 'ext')) {
            [$type, $data] = $case->ext;
            $data = bytes($data);
            $check = fn($got, $hex, $api) => $got instanceof MsgPack\Ext && $got->type === $type && $got->data === $data;
            $to_pack = new MsgPack\Ext($type, $data);
        } else {
            $fail($where, 'unknown kind of vector: ' . json_encode($case));
            continue;
        }

        // the MsgPack\ API: the flag that changes this kind of value, and what it must give
        $flagged = null;
        if ($dec !== null && beyond_long($dec)) {
            $flagged = [MsgPack\Unpacker::BIGINT_AS_FLOAT, fn($got) => is_float($got) && $got === (float) $dec];
        } elseif (property_exists($case, 'timestamp')) {
            // getTimestamp() throws DateRangeError beyond PHP's ints: there, the 'U' format
            $flagged = [MsgPack\Unpacker::TIMESTAMP_AS_DATETIME, fn($got) => $got instanceof DateTimeImmutable
                && $got->getTimezone()->getName() === 'UTC'
                && (is_int($sec) ? $got->getTimestamp() === $sec : $got->format('U') === $sec_dec)
                && (int) $got->format('u') === intdiv($nsec, 1000)];
        } elseif ($is_map) {
            $flagged = [MsgPack\Unpacker::MAPS_AS_OBJECTS, fn($got) => json_encode($got) === json_encode($value)
                && (property_exists($case, 'array') || is_object($got))];
        }

        // decoding
        foreach ($encodings as $enc) {
            $decodes++;
            $hex = str_replace('-', '', $enc);
            if ($is_map) {
                ini_set('msgpack.php_only', '0');
            }
            if ($dec !== null && beyond_long($dec) && !in_array(substr($hex, 0, 2), ['ca', 'cb'], true)) {
                $big_decodes++;   // an int form, not a float one
            }
            $got = msgpack_unpack(hex2bin($hex));
            ini_restore('msgpack.php_only');
            if (!$check($got, $hex, false)) {
                $fail($where, "$enc decodes to " . str_replace("\n", ' ', var_export($got, true)));
            }
            $api_decodes++;
            try {
                $got = MsgPack\unpack(hex2bin($hex));
                if (!$check($got, $hex, true)) {
                    $fail($where, "MsgPack\\unpack: $enc decodes to " . str_replace("\n", ' ', var_export($got, true)));
                }
            } catch (Throwable $e) {
                $fail($where, "MsgPack\\unpack: $enc throws " . $e->getMessage());
            }
            if ($flagged) {
                $api_flag_decodes++;
                try {
                    $got = MsgPack\unpack(hex2bin($hex), $flagged[0]);
                    if (!$flagged[1]($got)) {
                        $fail($where, "MsgPack\\unpack flags $flagged[0]: $enc decodes to " . str_replace("\n", ' ', var_export($got, true)));
                    }
                } catch (Throwable $e) {
                    $fail($where, "MsgPack\\unpack flags $flagged[0]: $enc throws " . $e->getMessage());
                }
            }
            $stream[] = [$hex, $check, $where];
        }

        // packing: the first listed encoding, the cb one for floats, and for ints the first one
        // that is not a signed form of a non-negative value (PECL writes those unsigned)
        if ($to_pack === null && !property_exists($case, 'nil')) {
            $skipped++;
            continue;
        }
        $expected = $encodings[0];
        if (is_float($to_pack)) {
            $expected = current(array_filter($encodings, fn($e) => str_starts_with($e, 'cb')));
        } elseif (is_int($to_pack) && $to_pack >= 0) {
            $expected = current(array_filter($encodings, fn($e) => !preg_match('/^d[0-3]/', $e)));
        }
        $packs++;
        $bin = $is_map ? pack_with(['msgpack.php_only' => '0', 'msgpack.assoc' => '0'], $to_pack) : msgpack_pack($to_pack);
        $got = implode('-', str_split(bin2hex((string) $bin), 2));
        if ($got !== $expected) {
            $fail($where, "packs to $got, expected $expected");
        }
    }
}

function beyond_long(string $dec): bool {
    // a decimal int beyond PHP_INT_MAX, or below PHP_INT_MIN (on 32-bit PHP, beyond 32 bits)
    $limit = $dec[0] === '-' ? (string) PHP_INT_MIN : (string) PHP_INT_MAX;
    return strlen($dec) > strlen($limit) || (strlen($dec) === strlen($limit) && strcmp($dec, $limit) > 0);
}

// every encoding of the suite in one stream, fed in pieces of 5 bytes: the same values in order
$all = hex2bin(implode('', array_column($stream, 0)));
$u = new MsgPack\Unpacker();
$streamed = [];
for ($i = 0; $i < strlen($all); $i += 5) {
    $u->feed(substr($all, $i, 5));
    foreach ($u as $v) {
        $streamed[] = $v;
    }
}
if (count($streamed) !== count($stream) || $u->remaining() !== 0) {
    $fail('stream', count($streamed) . ' values of ' . count($stream) . ', ' . $u->remaining() . ' bytes left');
}
foreach ($stream as $i => [$hex, $check, $where]) {
    if (!array_key_exists($i, $streamed) || !$check($streamed[$i], $hex, true)) {
        $fail($where, "streamed $hex decodes to " . str_replace("\n", ' ', var_export($streamed[$i] ?? null, true)));
    }
}

echo "$vectors vectors, $decodes decodings, $packs packs, $skipped packs skipped, ", count($failures), " failed\n";
echo "MsgPack\\unpack: $api_decodes decodings, $api_flag_decodes with flags, ", count($streamed), " streamed\n";
echo "ints beyond zend_long: $big_decodes decodings of their int forms\n";
echo $vectors >= 50 && $decodes >= 200 && $packs >= 40 && $api_decodes === $decodes && $api_flag_decodes >= 50
    && count($streamed) === $decodes && $big_decodes >= 2 ? "enough vectors\n" : "TOO FEW VECTORS\n";
foreach ($failures as $f) {
    echo $f, "\n";
}
?>
--EXPECTF--
%d vectors, %d decodings, %d packs, %d packs skipped, 0 failed
MsgPack\unpack: %d decodings, %d with flags, %d streamed
ints beyond zend_long: %d decodings of their int forms
enough vectors
