<?php
/*
 * The comparing side of diff-objects.sh (runs without any msgpack extension):
 *   php compare-objects.inc.php count
 *       prints the number of checks (for the skip line)
 *   php compare-objects.inc.php compare PACK_OURS PACK_REF UNPACK_OURS UNPACK_REF
 *       prints the failures, then "N passed, N failed, 0 skipped"; exits 1 on a failure
 * The files are the JSON lines of driver-objects.inc.php.
 */
error_reporting(E_ALL & ~E_DEPRECATED); // the Serializable class of objects.inc
require __DIR__ . '/objects.inc';

/** check name => [ours result, reference result] or, for "exact|" checks, [ours, reference, original] */
function oc_checks(array $po, array $pr, array $uo, array $ur): array
{
    $c = [];
    $none = '(no result)';
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
                $k = "decode $from|$key";
                $c[$k] = [$uo[$k] ?? $none, $ur[$k] ?? $none];
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
            $k = "session decode $from|$name";
            $c[$k] = [$uo[$k] ?? $none, $ur[$k] ?? $none];
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
    echo count(oc_checks([], [], [], [])), "\n";
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
    $exp = $expected[$name] ?? null;
    unset($expected[$name]);
    if ($exp === null && $same) {
        $passed++;
        continue;
    }
    if ($exp !== null && !$same && $exp[0] === $ours && $exp[1] === $ref) {
        $passed++;
        continue;
    }
    $failed++;
    if (getenv('OBJECTS_DUMP_FAILURES')) {
        // to help write objects_expected_differences(): the failures as JSON lines
        file_put_contents(getenv('OBJECTS_DUMP_FAILURES'), json_encode([$name, $ours, $ref]) . "\n", FILE_APPEND);
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
