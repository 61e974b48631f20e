--TEST--
Hardening: every corruption of packed values gives the same outcome through each entry point (functions, MessagePack::unpack, MessagePackUnpacker from a string and byte by byte, sessions; MsgPack\Unpacker whole, fed at once, byte by byte and in pieces)
--FILE--
<?php
class Point {
    public $x = 1;
    protected $y = 2;
    private $z = 3;
    public function __wakeup() { $this->x++; }
}
$shared = new Point;
$ref = ['r'];
$samples = [
    // [1, -1, 300, -70000, 2 ** 40, 1.5, 'str', str_repeat('s', 40), true, null] as 64-bit PHP packs
    // it: 2 ** 40 as a uint64, on every platform (32-bit PHP would pack its float)
    hex2bin('9a01ffcd012cd2fffeee90cf0000010000000000cb3ff8000000000000a3737472d928'
        . str_repeat('73', 40) . 'c3c0'),
    ['a' => ['b' => ['c' => [1, 2, 3]]], 'list' => range(1, 12), 'e' => []],
    ['obj' => $shared, 'again' => $shared, 'std' => (object) ['k' => 'v']],
    ['x' => &$ref, 'y' => &$ref, 'when' => new DateTimeImmutable('2020-01-02 03:04:05 UTC')],
];

// Every input of each sample: cut at each offset, and each byte replaced by 0x00, 0xff, 0xc1
// and itself with the top bit flipped.
$inputs = [];
foreach ($samples as $sample) {
    $p = is_string($sample) ? $sample : msgpack_pack($sample);
    for ($i = 0; $i < strlen($p); $i++) {
        $inputs[] = substr($p, 0, $i);
        foreach (["\x00", "\xff", "\xc1", chr(ord($p[$i]) ^ 0x80)] as $b) {
            $inputs[] = substr_replace($p, $b, $i, 1);
        }
    }
    $inputs[] = $p;
}
$inputs = array_values(array_unique($inputs));

// What a call gives: a value, false, or the exception a __unserialize() threw (DateTime's
// refuses corrupted fields with an Error).
function outcome(callable $f): string {
    try {
        $v = @$f();
        return $v === false ? 'false' : serialize($v);
    } catch (Throwable $e) {
        return get_class($e);
    }
}

// The values of a stream through MessagePackUnpacker, whose execute() says false (without a
// warning, as PECL's) for more bytes needed, invalid bytes, and a value that cannot be built,
// which it skips. execute($in, $offset) shows the skip by moving $offset, and stops moving it
// at an invalid byte or at the end of what it can read: the reference.
function result(MessagePackUnpacker $u, ?string $in = null, &$offset = null): array {
    try {
        return $in === null ? [@$u->execute()] : [@$u->execute($in, $offset)];
    } catch (Throwable $e) {
        return [false, get_class($e)];
    }
}
function by_offset(string $in): string {
    $u = new MessagePackUnpacker();
    $out = [];
    for ($off = 0; $off < strlen($in);) {
        $before = $off;
        $r = result($u, $in, $off);
        if ($r[0]) {
            $out[] = $u->data();
        } elseif (isset($r[1])) {
            $out[] = $r[1];
        } elseif ($off === $before) {
            break;
        }
    }
    return serialize($out);
}
// In pieces of $chunk bytes, each execute() with a new string: what it did not consume of the
// last one (an incomplete int, length or payload), then the next piece. The value in progress
// goes on from string to string.
function by_string_pieces(string $in, int $chunk): string {
    $u = new MessagePackUnpacker();
    $out = [];
    $s = '';
    for ($i = 0; $i < strlen($in); $i += $chunk) {
        $s .= substr($in, $i, $chunk);
        for ($off = 0; $off < strlen($s);) {
            $before = $off;
            $r = result($u, $s, $off);
            if ($r[0]) {
                $out[] = $u->data();
            } elseif (isset($r[1])) {
                $out[] = $r[1];
            } elseif ($off === $before) {
                break;
            }
        }
        $s = substr($s, $off);
    }
    return serialize($out);
}
// Fed a byte at a time: a byte completes at most one value, so one execute() per byte.
function byte_by_byte(string $in): string {
    $u = new MessagePackUnpacker();
    $out = [];
    for ($i = 0; $i < strlen($in); $i++) {
        $u->feed($in[$i]);
        $r = result($u);
        if ($r[0]) {
            $out[] = $u->data();
        } elseif (isset($r[1])) {
            $out[] = $r[1];
        }
    }
    return serialize($out);
}

// MsgPack\Unpacker: the values and errors (class and position) of a stream, fed in pieces of
// $chunk bytes (0: at once), taken with tryUnpack() after each piece
function api_outcome(callable $f): string {
    try {
        return @serialize($f());
    } catch (MsgPack\UnpackException $e) {
        return get_class($e) . '@' . $e->getPosition();
    } catch (Throwable $e) {
        return get_class($e);
    }
}
function api_stream(string $in, int $chunk): string {
    $u = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
    $out = [];
    $stuck = false;
    foreach ($chunk ? str_split($in, $chunk) : [$in] as $piece) {
        $u->feed($piece);
        // until nothing more comes: a value refused is skipped (after the values before it,
        // which come first); bytes refused stop the stream: the same error again
        while (!$stuck) {
            try {
                $values = @$u->tryUnpack();   // DateTime's __unserialize() has notices of its own
                if ($values === []) {
                    break;
                }
                array_push($out, ...$values);
            } catch (Throwable $e) {
                $error = get_class($e) . ($e instanceof MsgPack\UnpackException ? '@' . $e->getPosition() : '');
                $stuck = $out !== [] && end($out) === $error;
                if (!$stuck) {
                    $out[] = $error;
                }
            }
        }
    }
    return @serialize([$out, $u->remaining()]);
}

$dir = sys_get_temp_dir() . '/msgpack-hardening-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');

$values = $failures = $disagree = $session_partial = $sessions = $session_vars = 0;
$api_values = $api_same = $api_disagree = 0;
$api = new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true);
$messagepack = new MessagePack();
foreach ($inputs as $n => $in) {
    $a = outcome(fn () => msgpack_unpack($in));
    $a === 'false' || $a === 'Error' ? $failures++ : $values++;
    $b = outcome(fn () => $messagepack->unpack($in));
    $c = outcome(fn () => msgpack_unserialize($in));
    if ($b !== $a || $c !== $a) {
        $disagree++;
        echo "functions and MessagePack::unpack disagree on ", bin2hex($in), "\n";
    }
    // the unpacker: the same values from a string and fed byte by byte
    $reference = by_offset($in);
    if (byte_by_byte($in) !== $reference) {
        $disagree++;
        echo "unpacker byte by byte differs on ", bin2hex($in), "\n";
    }
    foreach ([1, 3] as $chunk) {
        if (by_string_pieces($in, $chunk) !== $reference) {
            $disagree++;
            echo "unpacker from strings of $chunk bytes differs on ", bin2hex($in), "\n";
        }
    }
    // MsgPack\Unpacker: a value where the compatible API reads one (unless the MsgPack\ API
    // refuses the input: trailing bytes, a map key of another type), the same one; and the same
    // stream whatever the pieces
    $d = api_outcome(fn () => @$api->unpack($in));
    if (!str_contains($d, '@') && $d !== 'Error') {
        $api_values++;
        $api_same += $d === $a;
    }
    $whole = api_stream($in, 0);
    foreach ([1, 3] as $chunk) {
        if (api_stream($in, $chunk) !== $whole) {
            $api_disagree++;
            echo "MsgPack\\Unpacker fed in pieces of $chunk differs on ", bin2hex($in), "\n";
        }
    }
    // sessions: the whole session or none of it (a third of the inputs: each takes a file)
    if ($n % 3 === 0) {
        file_put_contents("$dir/sess_h$n", $in);
        session_id("h$n");
        try {
            @session_start();
        } catch (Throwable $e) {
        }
        $got = $_SESSION ?? [];
        try {
            $want = @msgpack_unpack($in);
        } catch (Throwable $e) {
            $want = [];
        }
        // an object's properties are the variables (their mangled names included)
        $want = is_object($want) ? (array) $want : $want;
        $want = is_array($want) ? array_filter($want, 'is_string', ARRAY_FILTER_USE_KEY) : [];
        $sessions++;
        $session_vars += count($got);
        if ($got !== [] && serialize($got) !== serialize($want)) {
            $session_partial++;
            echo "partial session from ", bin2hex($in), "\n";
        }
        @session_write_close();
        $_SESSION = [];
        @unlink("$dir/sess_h$n");
    }
}
@rmdir($dir);
printf("inputs %d: %d values, %d failures\n", count($inputs), $values, $failures);
printf("sessions %d, variables read %d\n", $sessions, $session_vars);
printf("disagreements %d, partial sessions %d\n", $disagree, $session_partial);
printf("MsgPack\\Unpacker: %d values, %d as the compatible API's, %d stream disagreements\n", $api_values, $api_same, $api_disagree);
var_dump(memory_get_peak_usage() < 16 * 1024 * 1024);
?>
--EXPECT--
inputs 1356: 646 values, 710 failures
sessions 452, variables read 352
disagreements 0, partial sessions 0
MsgPack\Unpacker: 606 values, 538 as the compatible API's, 0 stream disagreements
bool(true)
