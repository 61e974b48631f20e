<?php
// The PHP side of tests/compat/cross-js.sh (run with this extension loaded).
//   php cross-js.php emit          prints cases packed here: [{name, hex, expect}], by the
//                                  compatible API and by the MsgPack\ API (bin, ext, timestamps)
//   php cross-js.php check FILE    unpacks the cases packed by JavaScript, compares
// The tagged JSON view of values is described in js/cross.mjs.

// The view JavaScript should decode a PHP value to.
function view(mixed $v): mixed
{
    if (is_int($v)) {
        return abs($v) <= 2 ** 53 ? $v : ['$big' => (string) $v];
    }
    if ($v instanceof MsgPack\Ext) {
        return ['$ext' => [$v->type, bin2hex($v->data)]];
    }
    if ($v instanceof MsgPack\Timestamp) {
        return ['$ts' => [$v->seconds, $v->nanoseconds]];
    }
    if (is_array($v)) {
        return array_map('view', $v);
    }
    return $v;
}

function php_cases(): array
{
    $c = ['nil' => null, 'true' => true, 'false' => false];
    foreach ([0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53, -1, -32, -33,
        -128, -129, -32768, -32769, -2 ** 31, -2 ** 31 - 1, PHP_INT_MAX, PHP_INT_MIN] as $n) {
        $c["int $n"] = $n;
    }
    foreach ([0.5, -1.25, M_PI, 1e300, -2.5e-300] as $f) {
        $c["float $f"] = $f;
    }
    foreach ([0, 1, 31, 32, 255, 256, 65535, 65536] as $n) {
        $c["str $n"] = str_repeat('x', $n);
    }
    $c['str utf-8'] = 'héllo wörld ✓ 日本語 🎉';
    $c['array 0'] = [];
    $c['array nested'] = [1, [2, [3, ['x']]], null];
    $c['array 16'] = range(0, 15);
    $c['array 70000'] = array_map(fn ($i) => $i % 1000, range(0, 69999));
    $c['map'] = ['a' => 1, 'b' => [true, null], 'c' => ['d' => 'e']];
    $c['map with int keys'] = [1 => 'x', 7 => 'y', 'z' => 'w'];
    $c['map 16'] = array_combine(array_map(fn ($i) => "k$i", range(0, 15)), range(0, 15));
    $c['map 70000'] = array_combine(array_map(fn ($i) => "key$i", range(0, 69999)), range(0, 69999));
    foreach ([1, 2, 3, 4, 8, 16, 17, 300, 70000] as $n) {
        $d = '';
        for ($i = 0; $i < $n; $i++) {
            $d .= chr(($i * 13 + 1) & 0xff);
        }
        $c["ext $n"] = new MsgPack\Ext(42, $d);
    }
    foreach ([[0, 0], [2 ** 32 - 1, 0], [2 ** 32, 0], [1, 999999999], [-1, 0], [2 ** 34, 1], [-2 ** 40, 5]] as [$s, $ns]) {
        $c["timestamp $s.$ns"] = new MsgPack\Timestamp($s, $ns);
    }
    return $c;
}

// Cases written by the MsgPack\ API (bin, ext, timestamps, maps): name => [bytes, view].
function api_cases(): array
{
    $c = [];
    $bytes = fn (int $n, int $mul) => implode('', array_map(fn ($i) => chr(($i * $mul + 1) & 0xff), $n ? range(0, $n - 1) : []));
    foreach ([0, 1, 31, 255, 256, 65535, 65536] as $n) {
        $d = $bytes($n, 7);
        $c["api Bin $n"] = [MsgPack\pack(new MsgPack\Bin($d)), ['$bin' => bin2hex($d)]];
        $c["api BIN_STRINGS $n"] = [MsgPack\pack(['k' => $d], MsgPack\Packer::BIN_STRINGS), ['k' => ['$bin' => bin2hex($d)]]];
    }
    $c['api DETECT_BIN'] = [MsgPack\pack(['utf8' => 'héllo ✓ 日本語', 'binary' => "\xff\xfe\x00", 'long' => str_repeat('日本語', 40) . "\xe6"],
        MsgPack\Packer::DETECT_BIN), ['utf8' => 'héllo ✓ 日本語', 'binary' => ['$bin' => 'fffe00'],
        'long' => ['$bin' => bin2hex(str_repeat('日本語', 40) . "\xe6")]]];
    $p = new MsgPack\Packer();
    foreach ([1, 2, 3, 4, 8, 16, 17, 255, 256, 70000] as $n) {
        foreach ([42, -128, 127] as $type) {
            $d = $bytes($n, 13);
            $c["api packExt $type/$n"] = [$p->packExt($type, $d), ['$ext' => [$type, bin2hex($d)]]];
        }
    }
    $p->registerExtension(CrossJsPoint::class, 7, fn (CrossJsPoint $pt) => pack('NN', $pt->x, $pt->y));
    $c['api registerExtension'] = [$p->pack(['p' => new CrossJsPoint(1, 2), 'q' => [new CrossJsPoint(3, 4)]]),
        ['p' => ['$ext' => [7, '0000000100000002']], 'q' => [['$ext' => [7, '0000000300000004']]]]];
    foreach (['@0' => [0, 0], '@4294967295' => [4294967295, 0], '@4294967296' => [4294967296, 0],
        '2018-01-02 03:04:05.123456 UTC' => [1514862245, 123456000], '@17179869184' => [17179869184, 0],
        '@-1' => [-1, 0], '@-0.5' => [-1, 500000000], '1000-06-15 12:00:00.25 UTC' => [-30595924800, 250000000]] as $s => $ts) {
        $c["api DateTime $s"] = [MsgPack\pack(new DateTimeImmutable($s)), ['$ts' => $ts]];
    }
    $c['api Timestamp::fromDateTime'] = [MsgPack\pack(MsgPack\Timestamp::fromDateTime(new DateTime('@1514862245.5'))), ['$ts' => [1514862245, 500000000]]];
    $c['api Map list'] = [MsgPack\pack(new MsgPack\Map(['a', 'b'])), (object) ['0' => 'a', '1' => 'b']];
    $c['api Map empty'] = [MsgPack\pack(new MsgPack\Map([])), new stdClass()];
    $c['api ARRAYS_AS_MAPS'] = [MsgPack\pack([[5, 6]], MsgPack\Packer::ARRAYS_AS_MAPS), (object) ['0' => (object) ['0' => 5, '1' => 6]]];
    $c['api FLOAT32'] = [MsgPack\pack([0.5, -1.25], MsgPack\Packer::FLOAT32), [0.5, -1.25]];
    $c['api objects'] = [MsgPack\pack(['point' => new CrossJsPoint(1, 2), 'enum' => CrossJsSuit::Hearts]),
        ['point' => ['x' => 1, 'y' => 2], 'enum' => 'H']];
    $c['api typed writers'] = [$p->packMapHeader(2) . $p->packStr('a') . $p->packArrayHeader(3) . $p->packNil()
        . $p->packBool(true) . $p->packFloat(0.5) . $p->packStr('b') . $p->packBin("\x01\x02") , ['a' => [null, true, 0.5], 'b' => ['$bin' => '0102']]];
    return $c;
}

class CrossJsPoint
{
    public function __construct(public int $x, public int $y) {}
}

enum CrossJsSuit: string
{
    case Hearts = 'H';
}

// Whether a value unpacked here is what the tagged view says.
function matches(mixed $got, mixed $want): bool
{
    if (is_array($want) && count($want) === 1 && is_string(array_key_first($want)) && str_starts_with(array_key_first($want), '$')) {
        $tag = array_key_first($want);
        $w = $want[$tag];
        return match ($tag) {
            '$bin' => $got === hex2bin($w),
            '$ext' => $got instanceof MsgPack\Ext && $got->type === $w[0] && $got->data === hex2bin($w[1]),
            '$ts' => $got instanceof MsgPack\Timestamp && $got->seconds === $w[0] && $got->nanoseconds === $w[1],
            // beyond PHP_INT_MAX an unsigned integer reads as its decimal string
            '$big' => $got === (filter_var($w, FILTER_VALIDATE_INT) !== false ? (int) $w : $w),
            default => false,
        };
    }
    if (is_array($want)) {
        if (!is_array($got) || count($got) !== count($want) || array_keys($got) !== array_keys($want)) {
            return false;
        }
        foreach ($want as $k => $w) {
            if (!matches($got[$k], $w)) {
                return false;
            }
        }
        return true;
    }
    return $got === $want;
}

switch ($argv[1] ?? '') {
    case 'emit':
        $out = [];
        foreach (php_cases() as $name => $v) {
            $out[] = ['name' => $name, 'hex' => bin2hex(msgpack_pack($v)), 'expect' => view($v)];
        }
        foreach (api_cases() as $name => [$bytes, $expect]) {
            $out[] = ['name' => $name, 'hex' => bin2hex($bytes), 'expect' => $expect];
        }
        echo json_encode($out, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION);
        break;
    case 'check':
        $passed = $failed = 0;
        foreach (json_decode(file_get_contents($argv[2]), true, 512, JSON_THROW_ON_ERROR) as $case) {
            $got = msgpack_unpack(hex2bin($case['hex']));
            if (matches($got, $case['expect'])) {
                $passed++;
            } else {
                $failed++;
                echo "FAIL js -> php: {$case['name']}: got ", substr(var_export($got, true), 0, 200), "\n";
            }
        }
        echo "$passed passed, $failed failed\n";
        exit($failed ? 1 : 0);
    default:
        fwrite(STDERR, "usage: php cross-js.php emit | check FILE\n");
        exit(2);
}
