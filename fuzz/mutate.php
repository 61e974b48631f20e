<?php
// A mutation run at the PHP level, for the builds the libFuzzer harness cannot run on (a debug
// ZTS PHP, where a Zend assertion or a leak report is what a sanitizer report is elsewhere).
// scripts/fuzz-php drives it; it runs in a child process with this extension loaded:
//
//   php mutate.php run --seed S --batch B --count N --current FILE [--from I --to J]
//                      [--until UNIXTIME] DIR...
//       makes N inputs from the files of DIR... (the seeds and fuzz/regressions), the same for
//       the same S and B, and runs inputs I..J-1 of them (all by default; none after UNIXTIME)
//       through every entry point; before each one it writes the input to FILE and its index to
//       FILE.idx, so that when the process dies the driver knows which input killed it. Prints
//       "ran K", or "FINDING <what>" and exits 3 when an invariant breaks.
//   php mutate.php replay FILE...      the same entry points on the given inputs
//   php mutate.php dump --seed S --batch B --index I OUT DIR...   writes input I of batch B
//   php mutate.php depth FILE          prints how deep the containers of FILE nest
//
// Expected for bad input: warnings (not shown: error handler), exceptions (caught), false. A
// finding: a crash or a Zend assertion (the process dies: the driver), a leak report or a fatal
// error (the driver reads them), a broken invariant (here: "FINDING").

const INTERESTING_BYTES = [0x00, 0x01, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2,
    0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd3, 0xd4,
    0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff, 0x40, 0x72, 0x7e];
// pieces of the php_only format and of records, for insertion
const TOKENS = ["\xc0", "\x81\xc0\x01", "\x82\xc0\x02\x00\x01", "\x82\xc0\x03\x00\x01", "\x81\xc0\x04",
    "\x82\xc0\x05\xa6FzEnum\xa1A", "\x82\xc0\x06\xa7FzBacked\xa1x", "\x81\xc0\xa7FzPlain", "\x81\xc0\xa7FzTyped",
    "\x82\xc0\xa8FzWakeup\xa1x\xa5throw", "\x82\xc0\xa7FzMagic\xa5throw\x01", "\x81\xc0\xa8FzCustom",
    "\xd4\x72\x40", "\xd4\x72\x41\x92\xa1a\xa1b", "\xd5\x72\x40\x00", "\x40", "\x41", "\x7f",
    // msgpackr's two-byte identifiers: declarations (d5 72 60-7f, any second byte), references
    "\xd5\x72\x60\x00", "\xd5\x72\x61\x01\x91\xa1a", "\xd5\x72\x7f\xff\x90", "\x60\x00", "\x61\x01", "\x67\x00", "\x7f\xff",
    "\xd6\xff\x00\x00\x00\x01", "\xd7\xff\xff\xff\xff\xff\xff\xff\xff\xff", "\xc7\x0c\xff\x3b\x9a\xca\x00\x00\x00\x00\x00\x00\x00\x00\x01",
    "\xcf\xff\xff\xff\xff\xff\xff\xff\xff", "\xd3\x80\x00\x00\x00\x00\x00\x00\x00", "\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00",
    "\xdd\x7f\xff\xff\xff", "\xdf\xff\xff\xff\xff", "\xdb\xff\xff\xff\xf0", "\xc6\x80\x00\x00\x00", "\xc9\xff\xff\xff\xff\x01",
    "\xa0", "\x90", "\x80", "\xd4\x01\x00", "\xd4\x02\x00"];
// as 4 big-endian bytes: 0xffffffff is a float on 32-bit PHP
const LARGE_COUNTS = ['ffffffff', '7fffffff', '80000000', '00010000', '0000ffff', '00008000', '00000100', '000000ff',
    '0000007f', '00000020'];

// ---- a tolerant walk over MessagePack items, for mutations that know the format ----

// [header size, length field size, payload bytes (fixed), children (items that follow)] of the
// item starting with byte $b; the payload of str/bin/ext is read from the length field.
function item_kind(int $b): array
{
    if ($b <= 0x7f || $b >= 0xe0 || ($b >= 0xc0 && $b <= 0xc3)) return [1, 0, 0, 0];
    if ($b <= 0x8f) return [1, 0, 0, 2 * ($b & 0x0f)];
    if ($b <= 0x9f) return [1, 0, 0, $b & 0x0f];
    if ($b <= 0xbf) return [1, 0, $b & 0x1f, 0];
    return match ($b) {
        0xc4, 0xd9 => [2, 1, -1, 0], 0xc5, 0xda => [3, 2, -1, 0], 0xc6, 0xdb => [5, 4, -1, 0],
        0xc7 => [3, 1, -1, 0], 0xc8 => [4, 2, -1, 0], 0xc9 => [6, 4, -1, 0],
        0xca => [1, 0, 4, 0], 0xcb => [1, 0, 8, 0], 0xcc, 0xd0 => [1, 0, 1, 0], 0xcd, 0xd1 => [1, 0, 2, 0],
        0xce, 0xd2 => [1, 0, 4, 0], 0xcf, 0xd3 => [1, 0, 8, 0],
        0xd4 => [2, 0, 1, 0], 0xd5 => [2, 0, 2, 0], 0xd6 => [2, 0, 4, 0], 0xd7 => [2, 0, 8, 0], 0xd8 => [2, 0, 16, 0],
        0xdc => [3, 2, 0, -1], 0xdd => [5, 4, 0, -1], 0xde => [3, 2, 0, -2], 0xdf => [5, 4, 0, -2],
        default => [1, 0, 0, 0], // c1
    };
}

// (at most PHP_INT_MAX: 32-bit PHP holds no uint32 beyond it, and no input is that long)
function read_uint(string $s, int $at, int $size): ?int
{
    if ($at + $size > strlen($s)) return null;
    $v = 0;
    for ($i = 0; $i < $size; $i++) {
        $v = $v * 256 + ord($s[$at + $i]);
    }
    return $v > PHP_INT_MAX ? PHP_INT_MAX : (int) $v;
}

// The item at $at: [its size (header and payload, not children), how many values nest in it],
// or null when its length or count runs past the end of $s.
function item_at(string $s, int $at): ?array
{
    [$head, $lensize, $payload, $children] = item_kind(ord($s[$at]));
    if ($lensize > 0) {
        $len = read_uint($s, $at + 1, $lensize);
        if ($len === null) {
            return null;
        }
        // more than the input holds, kept past its end (ints of 32-bit PHP overflow beyond)
        $len = min($len, strlen($s) + 1);
        if ($children < 0) {
            $children = $len * -$children;
        } else {
            $payload = $len;
        }
    }
    return [$head + max(0, $payload), $children];
}

// The items of $s as [offset, total size (header and payload, not children), depth], in order,
// as far as they can be read (at most 4096 of them).
function walk_items(string $s): array
{
    $items = [];
    $pending = [PHP_INT_MAX]; // children left at each open level
    $n = strlen($s);
    for ($at = 0; $at < $n && count($items) < 4096;) {
        $item = item_at($s, $at);
        if ($item === null) break;
        [$size, $children] = $item;
        $items[] = [$at, $size, count($pending) - 1];
        $at += $size;
        $pending[count($pending) - 1]--;
        if ($children > 0) {
            $pending[] = $children;
        }
        while (count($pending) > 1 && end($pending) <= 0) {
            array_pop($pending);
        }
    }
    return $items;
}

// How deep the containers of $s nest (as far as they can be read).
function nesting_depth(string $s): int
{
    $max = 0;
    $pending = [];
    $n = strlen($s);
    for ($at = 0; $at < $n;) {
        $item = item_at($s, $at);
        if ($item === null) break;
        [$size, $children] = $item;
        $at += $size;
        if ($pending) {
            $pending[count($pending) - 1]--;
        }
        if ($children > 0) {
            $pending[] = $children;
            $max = max($max, count($pending));
        }
        while ($pending && end($pending) <= 0) {
            array_pop($pending);
        }
    }
    return $max;
}

// ---- mutations ----

function pick(array $a): mixed
{
    return $a[mt_rand(0, count($a) - 1)];
}

function rand_bytes(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(mt_rand(0, 255));
    }
    return $s;
}

// a length or count of $size bytes, mostly large
function large_field(int $size): string
{
    $v = mt_rand(0, 3) ? hex2bin(pick(LARGE_COUNTS)) : pack('nn', mt_rand(0, 0xffff), mt_rand(0, 0xffff));
    return substr($v, 4 - min($size, 4));
}

// a nesting of $levels containers around $inner (arrays of 1, maps of 1, array16s, records)
function nest(string $inner, int $levels): string
{
    $open = pick(["\x91", "\x81\xa1k", "\xdc\x00\x01", "\x81\x00", "\x92\xc0", "\xd4\x72\x40\x91\xa1k\x40", "\xd5\x72\x60\x01"]);
    if ($open === "\xd4\x72\x40\x91\xa1k\x40") {
        // a record of one field whose value is the next record
        return "\xd4\x72\x40\x91\xa1k" . str_repeat("\x40", $levels) . $inner;
    }
    if ($open === "\xd5\x72\x60\x01") {
        // the same with a two-byte identifier (number 64)
        return "\xd5\x72\x60\x01\x91\xa1k" . str_repeat("\x60\x01", $levels) . $inner;
    }
    return str_repeat($open, $levels) . $inner;
}

function nesting_levels(): int
{
    // mostly shallow; sometimes around the limits (msgpack.max_depth 4096, the API's 64 in the
    // harness's Unpacker), rarely far past them
    return match (mt_rand(0, 9)) {
        0, 1, 2, 3, 4 => mt_rand(1, 20),
        5, 6 => mt_rand(60, 70),
        7 => mt_rand(500, 1100),
        8 => mt_rand(4090, 4100),
        default => mt_rand(5000, 40000),
    };
}

function mutate_once(string $s, array $corpus): string
{
    $n = strlen($s);
    $op = mt_rand(0, 17);
    if ($n === 0 && $op < 12) {
        return chr(pick(INTERESTING_BYTES)) . $s;
    }
    switch ($op) {
        case 0: // flip 1 to 4 bits
            for ($k = mt_rand(1, 4); $k > 0; $k--) {
                $i = mt_rand(0, $n - 1);
                $s[$i] = chr(ord($s[$i]) ^ (1 << mt_rand(0, 7)));
            }
            return $s;
        case 1: // a byte set to an interesting value
        case 2:
            $s[mt_rand(0, $n - 1)] = chr(pick(INTERESTING_BYTES));
            return $s;
        case 3: // a byte moved by a small amount
            $i = mt_rand(0, $n - 1);
            $s[$i] = chr((ord($s[$i]) + mt_rand(-16, 16)) & 0xff);
            return $s;
        case 4: // cut short
            return substr($s, 0, mt_rand(0, $n - 1));
        case 5: // random bytes inserted
            $i = mt_rand(0, $n);
            return substr($s, 0, $i) . rand_bytes(mt_rand(1, 8)) . substr($s, $i);
        case 6: // a token inserted
            $i = mt_rand(0, $n);
            return substr($s, 0, $i) . pick(TOKENS) . substr($s, $i);
        case 7: // a range deleted
            $i = mt_rand(0, $n - 1);
            return substr($s, 0, $i) . substr($s, $i + mt_rand(1, min(16, $n - $i)));
        case 8: // a range repeated
            $i = mt_rand(0, $n - 1);
            $len = mt_rand(1, min(64, $n - $i));
            return substr($s, 0, $i + $len) . str_repeat(substr($s, $i, $len), mt_rand(1, 8)) . substr($s, $i + $len);
        case 9: // spliced: the start of this one, the end of another
            $o = pick($corpus);
            return substr($s, 0, mt_rand(0, $n)) . substr($o, mt_rand(0, strlen($o)));
        case 10: // another seed inserted at a random place
            $i = mt_rand(0, $n);
            return substr($s, 0, $i) . pick($corpus) . substr($s, $i);
        case 11: // two bytes swapped
            $i = mt_rand(0, $n - 1);
            $j = mt_rand(0, $n - 1);
            [$s[$i], $s[$j]] = [$s[$j], $s[$i]];
            return $s;
    }
    // mutations of whole items
    $items = walk_items($s);
    if ($items === []) {
        return $s . pick(TOKENS);
    }
    [$at, $size] = pick($items);
    $b = ord($s[$at]);
    [$head, $lensize] = item_kind($b);
    switch ($op) {
        case 12: // a length or count field set large (or the fix form's count to its largest)
        case 13:
            if ($lensize > 0 && $at + 1 + $lensize <= $n) {
                return substr($s, 0, $at + 1) . large_field($lensize) . substr($s, $at + 1 + $lensize);
            }
            if (($b >= 0x80 && $b <= 0x9f) || ($b >= 0xa0 && $b <= 0xbf)) {
                $s[$at] = chr($b | ($b < 0xa0 ? 0x0f : 0x1f));
                return $s;
            }
            // a 32-bit array, map, str or bin header of a large count in its place
            $h = pick(["\xdd", "\xdf", "\xdb", "\xc6", "\xc9"]);
            return substr($s, 0, $at) . $h . large_field(4) . ($h === "\xc9" ? "\x01" : '') . substr($s, $at + 1);
        case 14: // the item replaced by an item of another seed
            $o = pick($corpus);
            $oi = walk_items($o);
            if ($oi === []) {
                return $s;
            }
            [$oat, $osize] = pick($oi);
            return substr($s, 0, $at) . substr($o, $oat, $osize) . substr($s, $at + $size);
        case 15: // the item's type byte changed to another of its family
            $family = match (true) {
                $b >= 0x80 && $b <= 0x9f, $b >= 0xdc && $b <= 0xdf => [0x80 | ($b & 0x0f), 0x90 | ($b & 0x0f), $b ^ 0x02, 0xde, 0xdc],
                $b >= 0xa0 && $b <= 0xbf, $b >= 0xc4 && $b <= 0xc6, $b >= 0xd9 && $b <= 0xdb => [0xc4, 0xd9, 0xc7, 0xd4, $b ^ 0x01],
                $b >= 0xd4 && $b <= 0xd8, $b >= 0xc7 && $b <= 0xc9 => [0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xc7],
                default => [0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xca, 0xcb, 0xc0, 0xc2],
            };
            $s[$at] = chr(pick($family) & 0xff);
            return $s;
        case 16: // the item nested in containers, deep at times
            return substr($s, 0, $at) . nest(substr($s, $at, $size), nesting_levels()) . substr($s, $at + $size);
        default: // the item deleted (the container's count is now wrong) or doubled
            return mt_rand(0, 1) ? substr($s, 0, $at) . substr($s, $at + $size)
                : substr($s, 0, $at + $size) . substr($s, $at, $size) . substr($s, $at + $size);
    }
}

function make_input(array $corpus): string
{
    $s = pick($corpus);
    $rounds = pick([1, 1, 1, 2, 2, 3, 4, 6]);
    for ($i = 0; $i < $rounds; $i++) {
        $s = mutate_once($s, $corpus);
        if (strlen($s) > 1 << 20) {
            $s = substr($s, 0, 1 << 20);
        }
    }
    return $s;
}

// ---- the entry points ----

// warnings and notices of bad input (and the deprecation of FzCustom's Serializable): not
// shown, and cheap; fatal errors still are, on stderr
set_error_handler(fn () => true);
ini_set('display_errors', 'stderr');

// the C part of the libFuzzer harness (the decoder and the scanner called directly); here
// everything goes through PHP functions
function __fuzz_decode(string $data): void
{
}

require __DIR__ . '/harness.inc.php';

function finding(string $what): never
{
    throw new FuzzFinding($what);
}

final class FuzzFinding extends Exception
{
}

// The values of a whole input written again and read back. PHP references are flattened a
// level at each round trip and objects may change what they hold (__wakeup and friends), so
// the compatible API's check is that the bytes written for a value read back stay the same
// from the second round trip on, unless a reference is in them.
function has_reference(mixed $v, int &$budget, int $depth = 0): ?bool
{
    if (--$budget < 0 || $depth > 2000) {
        return null; // too large or deep to tell
    }
    if (is_object($v)) {
        $v = (array) $v;
    }
    if (!is_array($v)) {
        return false;
    }
    foreach ($v as $k => $e) {
        if (ReflectionReference::fromArrayElement($v, $k) !== null) {
            return true;
        }
        $r = has_reference($e, $budget, $depth + 1);
        if ($r !== false) {
            return $r;
        }
    }
    return false;
}

function check_compat_round_trip(string $data): void
{
    foreach ([['1', '1'], ['1', '0'], ['0', '1'], ['0', '0']] as [$php_only, $assoc]) {
        ini_set('msgpack.php_only', $php_only);
        ini_set('msgpack.assoc', $assoc);
        try {
            $v = msgpack_unpack($data);
            if ($v === false) {
                continue;
            }
            $budget = 20000;
            $refs = has_reference($v, $budget);
            if ($refs === null) {
                continue; // a DAG of shared arrays may unfold to an exponential size
            }
            $p1 = msgpack_pack($v);
            if (!is_string($p1)) {
                continue; // deeper than msgpack.max_depth once unfolded, a closure...
            }
            $w = msgpack_unpack($p1);
            if ($w === false && $p1 !== "\xc2") {
                finding("msgpack_unpack(): a value read (php_only $php_only, assoc $assoc), written again, does not read back");
            }
            if ($refs || $assoc === '0') {
                continue; // assoc off: maps written from arrays read as objects
            }
            $p2 = msgpack_pack($w);
            $p3 = msgpack_pack(msgpack_unpack($p2));
            if ($p2 !== $p3) {
                finding("msgpack_pack(): other bytes at the third round trip than at the second (php_only $php_only)");
            }
        } catch (FuzzFinding $f) {
            throw $f;
        } catch (Throwable $e) {
        } finally {
            ini_set('msgpack.php_only', '1');
            ini_set('msgpack.assoc', '1');
        }
    }
    // illegal_key_insert and error_display off: the same bytes read without a crash
    ini_set('msgpack.illegal_key_insert', '1');
    ini_set('msgpack.error_display', '0');
    try {
        msgpack_unserialize($data);
    } catch (Throwable $e) {
    } finally {
        ini_set('msgpack.illegal_key_insert', '0');
        ini_set('msgpack.error_display', '1');
    }
}

// MsgPack\unpack() with each set of flags whose values pack again as they are: read back equal
// (RECORDS read, RECORDS written: an ext 0x72 of 1 or 2 bytes is then written as ext8, which is
// no declaration).
function check_api_round_trip(string $data): void
{
    $U = MsgPack\Unpacker::class;
    foreach ([[0, 0], [$U::BIGINT_AS_FLOAT, 0], [$U::TIMESTAMP_AS_DATETIME, 0],
              [$U::RECORDS, MsgPack\Packer::RECORDS], [$U::RECORDS | $U::TIMESTAMP_AS_DATETIME, MsgPack\Packer::RECORDS]] as [$flags, $pflags]) {
        try {
            $v = MsgPack\unpack($data, $flags);
        } catch (Throwable $e) {
            continue;
        }
        try {
            $bytes = MsgPack\pack($v, $pflags);
        } catch (MsgPack\PackException $e) {
            continue; // deeper than msgpack.max_depth
        }
        try {
            $again = MsgPack\unpack($bytes, $flags);
        } catch (Throwable $e) {
            finding("MsgPack\\unpack($flags): a value packed again does not read back: " . get_class($e) . ': ' . $e->getMessage());
        }
        if (serialize($again) !== serialize($v)) {
            finding("MsgPack\\unpack($flags): a value packed again reads back different");
        }
    }
}

// Pieces of 1 to $max bytes (some empty) that make $data.
function random_pieces(string $data, int $max): array
{
    $out = [];
    for ($i = 0, $n = strlen($data); $i < $n;) {
        $len = mt_rand(0, 9) ? mt_rand(1, $max) : 0;
        $out[] = substr($data, $i, $len);
        $i += $len;
    }
    return $out;
}

// MessagePackUnpacker fed random pieces gives what execute($data, $offset) reads, as
// __fuzz_stream() checks for pieces of one size.
function check_unpacker_random_pieces(string $data): void
{
    $n = strlen($data);
    foreach ([true, false] as $php_only) {
        [$expected, $count] = __fuzz_by_offset($data, $php_only);
        $pieces = random_pieces($data, max(1, mt_rand(1, max(1, intdiv($n, 2)))));
        $reset = (bool) mt_rand(0, 1);
        $got = __fuzz_stream_pieces($pieces, $php_only, $reset, $count);
        if (isset($GLOBALS['__fuzz_fail'])) {
            finding($GLOBALS['__fuzz_fail']);
        }
        if ($n > 0 && $got !== $expected) {
            finding("MessagePackUnpacker: other values fed in random pieces" . ($reset ? ' with reset()' : '') . " than read from the string");
        }
    }
}

// MsgPack\Unpacker fed random pieces gives what it gives fed all at once (__fuzz_api_stream()).
function check_api_random_pieces(string $data): void
{
    $U = MsgPack\Unpacker::class;
    $n = strlen($data);
    if ($n === 0) {
        return;
    }
    $settings = [[0, false, null], [$U::RECORDS, false, null], [$U::RECORDS | $U::MAPS_AS_OBJECTS, false, null],
        [$U::RECORDS, false, [['id', 'name'], ['a', 'b'], [0, 1, 'k']]], [$U::RECORDS, false, __fuzz_two_byte_structures()],
        [$U::PHP_OBJECTS, true, null],
        [$U::PHP_OBJECTS | $U::MAPS_AS_OBJECTS, ['FzPlain', 'FzTyped', 'fzwakeup', 'FzMagic', 'FzEnum', 'FzBacked'], null]];
    [$flags, $allowed, $structures] = pick($settings);
    $whole = __fuzz_api_stream($data, $flags, $allowed, $n, false, $structures);
    $u = __fuzz_api_unpacker($flags, $allowed);
    if ($structures !== null) {
        $u->withStructures($structures);
    }
    $out = [];
    $stuck = false;
    $pieces = random_pieces($data, mt_rand(1, max(1, intdiv($n, 2))));
    foreach ($pieces as $piece) {
        $u->feed($piece);
        // __fuzz_api_stream() feeds by fixed pieces and drains after each: the same here
        while (!$stuck && $piece !== '') {
            try {
                $values = @$u->tryUnpack();
                if ($values === []) {
                    break;
                }
                array_push($out, ...$values);
            } catch (Throwable $e) {
                if (!__fuzz_api_error_ok($e, $n)) {
                    finding($GLOBALS['__fuzz_fail']);
                }
                $error = get_class($e) . ($e instanceof MsgPack\UnpackException ? '@' . $e->getPosition() : '');
                $stuck = $out !== [] && end($out) === $error;
                if (!$stuck) {
                    $out[] = $error;
                }
            }
            if (count($out) > $n) {
                finding("MsgPack\\Unpacker: more values and errors than bytes");
            }
        }
    }
    try {
        $got = @serialize([$out, $u->remaining()]);
    } catch (Throwable $e) {
        $got = get_class($e);
    }
    if ($got !== $whole) {
        finding("MsgPack\\Unpacker($flags): other values fed in random pieces than at once");
    }
}

// Results dropped as temporaries: the VM releases them without asking the cycle collector, so a
// value that holds itself must be known to it already, or it stays until the end of the
// request (a debug build reports it as a leak).
function check_temporaries(string $data): void
{
    foreach ([fn () => msgpack_unpack($data) !== false, fn () => (new MessagePack(false))->unpack($data) !== false,
              fn () => MsgPack\unpack($data, MsgPack\Unpacker::PHP_OBJECTS) !== false,
              fn () => (new MsgPack\Unpacker(MsgPack\Unpacker::PHP_OBJECTS, true))->unpack($data) !== false,
              fn () => msgpack_unpack($data, 'FzPlain') !== false] as $f) {
        try {
            $f();
        } catch (Throwable $e) {
        }
    }
}

// Everything on one input, with msgpack.max_depth as given mostly and low at times (the
// failures at the limit, halfway through containers). Throws FuzzFinding.
function run_input(string $data): void
{
    unset($GLOBALS['__fuzz_fail'], $GLOBALS['__fuzz_unsteady']);
    mt_srand(crc32($data)); // the random pieces: the same when the input is replayed
    $depth = ini_get('msgpack.max_depth');
    ini_set('msgpack.max_depth', (string) pick([$depth, $depth, $depth, $depth, 1, 2, 3, 8, 64, 1000]));
    // the harness of the libFuzzer run: the functions, templates, MsgPack\unpack() with each set
    // of flags, records packed again, both unpackers in pieces of fixed sizes, MessagePack
    __fuzz_php($data);
    if (isset($GLOBALS['__fuzz_fail'])) {
        finding($GLOBALS['__fuzz_fail']);
    }
    if (isset($GLOBALS['__fuzz_unsteady'])) {
        ini_set('msgpack.max_depth', $depth);
        return;
    }
    check_compat_round_trip($data);
    check_api_round_trip($data);
    check_unpacker_random_pieces($data);
    check_api_random_pieces($data);
    check_temporaries($data);
    ini_set('msgpack.max_depth', $depth);
    gc_collect_cycles();
}

// ---- the command line ----

function load_corpus(array $dirs): array
{
    $files = [];
    foreach ($dirs as $dir) {
        foreach (is_dir($dir) ? scandir($dir) : [] as $f) {
            if (is_file("$dir/$f")) {
                $files[] = "$dir/$f";
            }
        }
    }
    sort($files);
    $corpus = array_map('file_get_contents', $files);
    if ($corpus === []) {
        fwrite(STDERR, "no seeds in " . implode(' ', $dirs) . "\n");
        exit(2);
    }
    return $corpus;
}

function batch_seed(int $seed, int $batch): int
{
    return crc32("$seed/$batch") & 0x7fffffff;
}

function options(array &$args): array
{
    $o = [];
    while ($args && str_starts_with($args[0], '--')) {
        $name = substr(array_shift($args), 2);
        $o[$name] = array_shift($args);
    }
    return $o;
}

$args = array_slice($argv, 1);
$mode = array_shift($args) ?? '';
switch ($mode) {
    case 'run':
        $o = options($args);
        $corpus = load_corpus($args);
        mt_srand(batch_seed((int) $o['seed'], (int) $o['batch']));
        $count = (int) ($o['count'] ?? 500);
        $from = (int) ($o['from'] ?? 0);
        $to = (int) ($o['to'] ?? $count);
        $current = $o['current'];
        $until = (int) ($o['until'] ?? 0);
        $ran = 0;
        for ($i = 0; $i < $to && !($until && time() >= $until); $i++) {
            $data = make_input($corpus);
            $next = mt_rand(); // the inputs that follow do not depend on what running this one draws
            if ($i >= $from) {
                file_put_contents($current, $data);
                file_put_contents("$current.idx", "$i\n");
                set_time_limit(60);
                try {
                    run_input($data);
                } catch (FuzzFinding $f) {
                    echo "FINDING ", $f->getMessage(), "\n";
                    exit(3);
                }
                $ran++;
            }
            mt_srand($next);
        }
        echo "ran $ran\n";
        break;
    case 'replay':
        $rc = 0;
        foreach ($args as $file) {
            try {
                run_input(file_get_contents($file));
                echo "$file: ok\n";
            } catch (FuzzFinding $f) {
                echo "$file: FINDING ", $f->getMessage(), "\n";
                $rc = 3;
            }
        }
        exit($rc);
    case 'dump':
        $o = options($args);
        $out = array_shift($args);
        $corpus = load_corpus($args);
        mt_srand(batch_seed((int) $o['seed'], (int) $o['batch']));
        for ($i = 0; $i <= (int) $o['index']; $i++) {
            $data = make_input($corpus);
            mt_srand(mt_rand());
        }
        echo strlen($data), " bytes to $out\n";
        file_put_contents($out, $data);
        break;
    case 'depth':
        echo nesting_depth(file_get_contents($args[0])), "\n";
        break;
    default:
        fwrite(STDERR, "usage: mutate.php run|replay|dump|depth ... (see the comment at the top)\n");
        exit(2);
}
