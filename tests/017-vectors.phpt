--TEST--
The msgpack-test-suite vectors: every listed encoding decodes to the value, through msgpack_unpack() and MsgPack\unpack() (with the flags that change each kind, and streamed through MsgPack\Unpacker); packing gives the expected encoding
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
$suite = json_decode(file_get_contents($file), false, 512, JSON_THROW_ON_ERROR);

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

$vectors = $decodes = $packs = $skipped = 0;
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
        $encodings = $case->msgpack;
        $is_map = property_exists($case, 'map') || property_exists($case, 'array');

        // what the decoder must give, and a check of a decoded value against it
        if (property_exists($case, 'nil')) {
            $check = fn($got, $hex) => $got === null;
            $to_pack = null;
        } elseif (property_exists($case, 'bool')) {
            $check = fn($got, $hex) => $got === $case->bool;
            $to_pack = $case->bool;
        } elseif (property_exists($case, 'binary')) {
            $want = bytes($case->binary);
            $check = fn($got, $hex) => $got === $want;
            $to_pack = null;   // PHP strings are always written as str: no way to produce bin
        } elseif (property_exists($case, 'string')) {
            $check = fn($got, $hex) => $got === $case->string;
            $to_pack = $case->string;
        } elseif (property_exists($case, 'number') || property_exists($case, 'bignum')) {
            $number = $case->number ?? null;
            $bignum = $case->bignum ?? null;
            $check = function ($got, $hex) use ($number, $bignum) {
                $f = substr($hex, 0, 2);
                if ($f === 'ca' || $f === 'cb') {
                    // float forms decode to floats, also for integral values
                    return is_float($got) && $number !== null && $got == $number;
                }
                if (is_float($number)) {
                    return false;
                }
                if ($bignum !== null) {
                    // ints; beyond PHP_INT_MAX the decimal string
                    return (is_int($got) || is_string($got)) && (string) $got === $bignum
                        && (is_int($got) || bccomp_gt_int_max($bignum));
                }
                return is_int($got) && $got === $number;
            };
            if (is_float($number)) {
                $to_pack = $number;
            } elseif ($bignum !== null) {
                $to_pack = bccomp_gt_int_max($bignum) ? null : (int) $bignum;   // no PHP int beyond PHP_INT_MAX
            } else {
                $to_pack = $number;
            }
        } elseif (property_exists($case, 'array') || property_exists($case, 'map')) {
            $value = property_exists($case, 'array') ? $case->array : $case->map;
            $want = as_array($value);
            $check = fn($got, $hex) => $got === $want;
            // with php_only off and assoc off, a stdClass (the JSON object) is written as a map,
            // which gives the empty map {} as 80
            $to_pack = $value;
        } elseif (property_exists($case, 'timestamp')) {
            [$sec, $nsec] = $case->timestamp;
            $check = fn($got, $hex) => $got instanceof MsgPack\Timestamp && $got->seconds === $sec && $got->nanoseconds === $nsec;
            $to_pack = new MsgPack\Timestamp($sec, $nsec);
        } elseif (property_exists($case, 'ext')) {
            [$type, $data] = $case->ext;
            $data = bytes($data);
            $check = fn($got, $hex) => $got instanceof MsgPack\Ext && $got->type === $type && $got->data === $data;
            $to_pack = new MsgPack\Ext($type, $data);
        } else {
            $fail($where, 'unknown kind of vector: ' . json_encode($case));
            continue;
        }

        // the MsgPack\ API: the flag that changes this kind of value, and what it must give
        $flagged = null;
        if (property_exists($case, 'bignum') && bccomp_gt_int_max($case->bignum)) {
            $flagged = [MsgPack\Unpacker::BIGINT_AS_FLOAT, fn($got) => is_float($got) && $got === (float) $case->bignum];
        } elseif (property_exists($case, 'timestamp')) {
            $flagged = [MsgPack\Unpacker::TIMESTAMP_AS_DATETIME, fn($got) => $got instanceof DateTimeImmutable
                && $got->getTimezone()->getName() === 'UTC' && $got->getTimestamp() === $sec
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
            $got = msgpack_unpack(hex2bin($hex));
            ini_restore('msgpack.php_only');
            if (!$check($got, $hex)) {
                $fail($where, "$enc decodes to " . str_replace("\n", ' ', var_export($got, true)));
            }
            $api_decodes++;
            try {
                $got = MsgPack\unpack(hex2bin($hex));
                if (!$check($got, $hex)) {
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

function bccomp_gt_int_max(string $dec): bool {
    // a non-negative decimal string beyond PHP_INT_MAX
    return $dec[0] !== '-' && (strlen($dec) > 19 || (strlen($dec) === 19 && strcmp($dec, (string) PHP_INT_MAX) > 0));
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
    if (!array_key_exists($i, $streamed) || !$check($streamed[$i], $hex)) {
        $fail($where, "streamed $hex decodes to " . str_replace("\n", ' ', var_export($streamed[$i] ?? null, true)));
    }
}

echo "$vectors vectors, $decodes decodings, $packs packs, $skipped packs skipped, ", count($failures), " failed\n";
echo "MsgPack\\unpack: $api_decodes decodings, $api_flag_decodes with flags, ", count($streamed), " streamed\n";
echo $vectors >= 50 && $decodes >= 200 && $packs >= 40 && $api_decodes === $decodes && $api_flag_decodes >= 50
    && count($streamed) === $decodes ? "enough vectors\n" : "TOO FEW VECTORS\n";
foreach ($failures as $f) {
    echo $f, "\n";
}
?>
--EXPECTF--
%d vectors, %d decodings, %d packs, %d packs skipped, 0 failed
MsgPack\unpack: %d decodings, %d with flags, %d streamed
enough vectors
