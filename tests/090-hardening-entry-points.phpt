--TEST--
Hardening: every corruption of packed values gives the same outcome through each entry point (functions, MessagePack::unpack, MessagePackUnpacker whole and byte by byte, sessions)
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
    [1, -1, 300, -70000, 2 ** 40, 1.5, 'str', str_repeat('s', 40), true, null],
    ['a' => ['b' => ['c' => [1, 2, 3]]], 'list' => range(1, 12), 'e' => []],
    ['obj' => $shared, 'again' => $shared, 'std' => (object) ['k' => 'v']],
    ['x' => &$ref, 'y' => &$ref, 'when' => new DateTimeImmutable('2020-01-02 03:04:05 UTC')],
];

// Every input of each sample: cut at each offset, and each byte replaced by 0x00, 0xff, 0xc1
// and itself with the top bit flipped.
$inputs = [];
foreach ($samples as $sample) {
    $p = msgpack_pack($sample);
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

// The values an unpacker gives when fed the input in pieces of $chunk bytes. A value that
// cannot be built is skipped with a warning (or the exception of its __unserialize()), and the
// next call goes on after it; invalid bytes and too deep nesting stop the unpacker.
function stream(string $in, int $chunk): string {
    $u = new MessagePackUnpacker();
    $out = [];
    for ($i = 0; $i < max(1, strlen($in)); $i += $chunk) {
        $u->feed(substr($in, $i, $chunk));
        for (;;) {
            error_clear_last();
            try {
                if (@$u->execute()) {
                    $out[] = $u->data();
                } else {
                    $e = error_get_last()['message'] ?? null;
                    if ($e === null || str_contains($e, 'Parse error') || str_contains($e, 'depth')) {
                        break;
                    }
                    $out[] = $e;
                }
            } catch (Throwable $e) {
                $out[] = get_class($e);
            }
            if (count($out) > strlen($in)) {
                return 'more results than bytes';
            }
        }
    }
    return serialize($out);
}

$dir = sys_get_temp_dir() . '/msgpack-hardening-' . getmypid();
@mkdir($dir);
ini_set('session.save_path', $dir);
ini_set('session.serialize_handler', 'msgpack');
ini_set('session.use_cookies', '0');
ini_set('session.use_strict_mode', '0');
ini_set('session.cache_limiter', '');

$values = $failures = $disagree = $session_partial = $sessions = $session_vars = 0;
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
    // the unpacker: the same values whole and byte by byte, and the value first when there is one
    $whole = stream($in, max(1, strlen($in)));
    if (stream($in, 1) !== $whole) {
        $disagree++;
        echo "unpacker byte by byte differs on ", bin2hex($in), "\n";
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
var_dump(memory_get_peak_usage() < 16 * 1024 * 1024);
?>
--EXPECT--
inputs 1356: 655 values, 701 failures
sessions 452, variables read 354
disagreements 0, partial sessions 0
bool(true)
