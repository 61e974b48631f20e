<?php
/*
 * The comparing side of diff-objects.sh (runs without any msgpack extension):
 *   php compare-objects.inc.php count
 *       prints the number of checks (for the skip line)
 *   php compare-objects.inc.php compare PACK_OURS PACK_REF UNPACK_OURS UNPACK_REF
 *       prints the failures, then "N passed, N failed, 0 skipped"; exits 1 on a failure
 * The files are the JSON lines of driver-objects.inc.php.
 *
 * A failure of ours never passes because the reference failed too: a check where ours crashed
 * ("CRASH (exit N)") or gave no result fails whatever the reference gave and whatever is listed;
 * bytes that ours could not write (false, an exception) pass only where objects_expected_differences()
 * lists that exact result with its reason, even when the reference gives the same. The bytes of
 * each side are decoded where that side wrote bytes: a value that one side could not pack has no
 * decode checks from that side (its bytes check says why), and bytes written must be decoded on
 * both sides.
 */
error_reporting(E_ALL & ~E_DEPRECATED); // the Serializable class of objects.inc
require __DIR__ . '/objects.inc';

const OC_NONE = '(no result)';

/** true when $result (of a bytes check) is bytes: hex, then the warnings if any */
function oc_is_bytes(?string $result): bool
{
    return $result !== null && preg_match('/^[0-9a-f]*(?= |$)/', $result) === 1;
}

/** true when $result is a crash of the driver or no result at all */
function oc_is_broken(string $result): bool
{
    return $result === OC_NONE || str_starts_with($result, 'CRASH (');
}

/**
 * check name => [ours result, reference result] or, for "exact|" checks, [ours, reference, original].
 * With $po === null (counting), every value is taken as packed by both sides.
 */
function oc_checks(?array $po, array $pr, array $uo, array $ur): array
{
    $c = [];
    $none = OC_NONE;
    // the decode checks of the bytes $from wrote for pack check $k
    $packed = fn(string $from, string $k) => $po === null || oc_is_bytes(($from === 'ours' ? $po : $pr)[$k] ?? null);
    foreach (objects_cases() as $name => [$_, $flags]) {
        foreach (['on', 'off'] as $set) {
            if (isset($flags['only']) && $flags['only'] !== $set) {
                continue;
            }
            $key = "$set: $name";
            if (isset($flags['ours_only'])) {
                $c["ours-only bytes|$key"] = [$po["ours-only bytes|$key"] ?? $none, $flags['ours_only'], null];
                $c["ours-only decode|$key"] = [$po["ours-only decode|$key"] ?? $none, $po["ours-only orig|$key"] ?? $none, null];
                continue;
            }
            $c["bytes|$key"] = [$po["bytes|$key"] ?? $none, $pr["bytes|$key"] ?? $none];
            foreach (['ours', 'ref'] as $from) {
                if ($packed($from, "bytes|$key")) {
                    $k = "decode $from|$key";
                    $c[$k] = [$uo[$k] ?? $none, $ur[$k] ?? $none];
                }
            }
            if (!empty($flags['exact']) && $set === 'on') {
                $k = "decode ours|$key";
                $c["exact|$key"] = [$uo[$k] ?? $none, $ur[$k] ?? $none, $po["orig|$key"] ?? $none];
            }
        }
    }
    foreach (objects_raw_inputs() as $name => $_) {
        $k = "decode raw|$name";
        $c[$k] = [$uo[$k] ?? $none, $ur[$k] ?? $none];
    }
    foreach (objects_session_values() as $name => $_) {
        $k = "session bytes|$name";
        $c[$k] = [$po[$k] ?? $none, $pr[$k] ?? $none];
        foreach (['ours', 'ref'] as $from) {
            if ($packed($from, $k)) {
                $d = "session decode $from|$name";
                $c[$d] = [$uo[$d] ?? $none, $ur[$d] ?? $none];
            }
        }
    }
    foreach (objects_session_inputs() as $name => $_) {
        $k = "session decode raw|$name";
        $c[$k] = [$uo[$k] ?? $none, $ur[$k] ?? $none];
    }
    return $c;
}

function oc_load(string $file): array
{
    $r = [];
    foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
        $j = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
        if (isset($j['k'])) {
            $r[$j['k']] = $j['v'];
        }
    }
    return $r;
}

function oc_cut(string $s): string
{
    return strlen($s) > 400 ? substr($s, 0, 400) . '...' : $s;
}

$mode = $argv[1] ?? '';
if ($mode === 'count') {
    echo count(oc_checks(null, [], [], [])), "\n";
    exit(0);
}
if ($mode !== 'compare' || $argc !== 6) {
    fwrite(STDERR, "usage: compare-objects.inc.php count | compare PACK_OURS PACK_REF UNPACK_OURS UNPACK_REF\n");
    exit(2);
}
$checks = oc_checks(...array_map('oc_load', array_slice($argv, 2)));
$expected = objects_expected_differences();
$passed = $failed = 0;
foreach ($checks as $name => $sides) {
    [$ours, $ref] = $sides;
    $orig = $sides[2] ?? null;
    $same = $orig === null ? $ours === $ref : ($ours === $orig && $ref === $orig);
    // bytes ours could not write: a pass only where listed, whatever the reference gave
    $ours_failed = preg_match('/^(ours-only |session )?bytes\|/', $name) && !oc_is_bytes($ours);
    $exp = $expected[$name] ?? null;
    unset($expected[$name]);
    if (!oc_is_broken($ours)) {
        if ($exp === null && $same && !$ours_failed) {
            $passed++;
            continue;
        }
        // a listed pair: a difference, or a failure of both sides where ours failed to pack
        if ($exp !== null && $exp[0] === $ours && $exp[1] === $ref && (!$same || $ours_failed)) {
            $passed++;
            continue;
        }
    }
    $failed++;
    if (getenv('OBJECTS_DUMP_FAILURES')) {
        // to help write objects_expected_differences(): the failures as JSON lines
        file_put_contents(getenv('OBJECTS_DUMP_FAILURES'), json_encode([$name, $ours, $ref]) . "\n", FILE_APPEND);
    }
    if (oc_is_broken($ours)) {
        echo "FAIL $name: ours ", $ours === OC_NONE ? 'gave no result' : 'crashed', " (never a pass, whatever the reference gave)\n";
        echo "    reference ", oc_cut($ref), "\n";
        continue;
    }
    if ($exp === null && $same && $ours_failed) {
        echo "FAIL $name: ours failed to pack (the reference too): ", oc_cut($ours), "\n";
        continue;
    }
    if ($exp !== null && $same) {
        echo "FAIL $name: the expected difference ({$exp[2]}) is gone; both give ", oc_cut($ours), "\n";
        continue;
    }
    echo "FAIL $name", $exp !== null ? " (not the expected difference: {$exp[2]})" : '', "\n";
    if ($orig !== null) {
        echo "    original  ", oc_cut($orig), "\n";
    }
    echo "    ours      ", oc_cut($ours), "\n";
    echo "    reference ", oc_cut($ref), "\n";
}
foreach ($expected as $name => $exp) {
    $failed++;
    echo "FAIL $name: an expected difference for a check that does not exist\n";
}
echo "$passed passed, $failed failed, 0 skipped\n";
exit($failed ? 1 : 0);
