<?php
/*
 * The comparison of diff-templates.sh: php compare-templates.inc.php KEYS OURS REF
 * KEYS lists every case (driver-templates.inc.php keys); OURS and REF are the drivers' results.
 * Each case must give the same warnings and var_dump with both extensions, except where PECL
 * cannot be matched, each checked for exactly what ours does instead, against a result of PECL:
 *   - PECL stops the script with a fatal error (a class template naming no class; in the list
 *     case, its object converter kept for a following property that holds no object; a template
 *     of another type): ours throws an Error with the same message, after the same warnings;
 *   - PECL's MessagePackUnpacker::data() hands an array template to its object converter, which
 *     stops the script ("object type is unsupported"): ours gives exactly what PECL's
 *     msgpack_unpack() gives for the same value and template;
 *   - PECL crashes (segfault) on an abstract class template: ours throws the Error of PHP;
 *   - PECL stops the script on a null template ("Template type is unsupported", in data()
 *     "object type is unsupported"): ours gives exactly what PECL gives with no template;
 *   - PECL's data() crashes on some values and templates (after the converter): ours gives
 *     exactly what PECL's msgpack_unpack() gives for the same value and template;
 *   - an int-keyed element past the last property becomes a property named by its key, which
 *     PECL cuts to 32 bits unsigned (-1 becomes "4294967295"): ours is PECL's result with the key;
 *   - an array template reading an object with an uninitialized typed property: PECL puts the
 *     undefined value into the array (which then counts an element it does not show); ours is
 *     PECL's result with those entries shown as null;
 *   - an array shared in the value (a reference, php_only on) written into a typed property:
 *     PECL hands the reference itself to PHP's type check, which refuses it ("Cannot assign
 *     array to property ... of type ?array"; a debug build of PHP asserts); ours writes the
 *     array: exactly what PECL gives for the same value without references (php_only off);
 *   - bytes that do not decode: PECL applies the template to the false of the failure (exactly:
 *     an object whose first property is false, or null after a warning of its array converter),
 *     or crashes doing so; ours gives false with the decoding warning, as without a template, so
 *     that the failure shows.
 * A case where ours crashed, stopped the script or has no result is a failure whatever PECL did;
 * so is a case where PECL has no result (a case no side ran is a check missing).
 * Prints the failures, then one last line: N passed, N failed, N skipped.
 */

function load(string $path): array
{
    $r = [];
    foreach (file($path, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
        $j = json_decode($line, true);
        if (isset($j['k'])) {
            $r[$j['k']] = $j['v'];
        }
    }
    return $r;
}

/* What PECL gives after the decoding warning when it applies template $tpl to the false of bytes
 * that do not decode. */
function pecl_template_on_false(string $tpl): ?string
{
    return [
        'Obj' => "object(Obj)#N (3) {\n  [\"a\"]=>\n  bool(false)\n  [\"b\":protected]=>\n  NULL\n  [\"c\":\"Obj\":private]=>\n  NULL\n}\n",
        '[Obj]' => "Warning: [msgpack] (msgpack_convert_array) unserialized data must be array.\nNULL\n",
        '[a,b]' => "Warning: [msgpack] (msgpack_convert_array) input data is not array\nNULL\n",
    ][$tpl] ?? null;
}

/* Why ours may differ from the reference's result for case $k; null: it may not. $all_ref holds
 * PECL's results of every case: what ours gives instead is always one of them, or PECL's own
 * result turned by an exact rule. */
function expected_difference(string $k, string $ours, string $ref, array $all_ref): ?string
{
    [$entry, $po, $value, $tpl] = explode('|', $k, 4);
    if ($tpl === 'null' && preg_match('/^FATAL: \[msgpack\] \((msgpack_convert_template|msgpack_convert_object)\) (Template|object) type is unsupported$/', $ref)) {
        return $ours === ($all_ref["$entry|$po|$value|(none)"] ?? null)
            ? 'PECL fatal on a null template; ours gives what PECL gives with no template' : null;
    }
    if (preg_match('/^CRASH \(exit \d+\)$/', $ref) && $entry === 'unpacker' && $ours === ($all_ref["fn|$po|$value|$tpl"] ?? null)) {
        return 'PECL data() crashes; ours gives what PECL\'s msgpack_unpack() gives';
    }
    if ($value === 'uninit') {
        // entries made from uninitialized properties: PECL's hold the undefined value (dumped as
        // nothing, though counted), ours null
        $visible = preg_replace('/\n *\["[^"\n]*"\]=>\n *NULL(?=\n)/', '', $ours);
        return $visible === $ref && $visible !== $ours
            ? 'an uninitialized property read by an array template: PECL puts an undefined value in the array; ours null' : null;
    }
    if ($tpl === 'TypedArr' && $value === 'refs' && $po === 'on' && $ref === "TypeError: Cannot assign array to property TypedArr::\$x of type ?array\n") {
        // the value is a reference (an array shared in the value, php_only on)
        return $ours === ($all_ref["$entry|off|$value|$tpl"] ?? null)
            ? 'a shared array written into a typed property: PECL hands the reference to the type check, which refuses it; ours writes the array, as PECL does without references' : null;
    }
    if ($value === 'neg') {
        return str_replace('$4294967295 ', '$-1 ', str_replace('"4294967295"', '"-1"', $ref)) === $ours
            ? 'an int key past the properties: PECL names the property by the key cut to 32 bits (-1: "4294967295"); ours by the key' : null;
    }
    if (preg_match('/^((?:[A-Z][a-z]+: .*\n)*)FATAL: (\[msgpack\] .*)$/', $ref, $m)) {
        if ($entry === 'unpacker' && $tpl[0] === '[' && $ref === 'FATAL: [msgpack] (msgpack_convert_object) object type is unsupported') {
            return $ours === ($all_ref["fn|$po|$value|$tpl"] ?? null)
                ? 'PECL data() fatal on array templates; ours applies them as PECL\'s msgpack_unpack() does' : null;
        }
        // the same warnings before it
        return $ours === "$m[1]Error: $m[2]\n" ? 'PECL fatal error; ours throws an Error' : null;
    }
    if (preg_match('/^CRASH \(exit \d+\)$/', $ref) && $tpl === 'Abstr') {
        return $ours === "Error: Cannot instantiate abstract class Abstr\n" ? 'PECL crashes; ours throws an Error' : null;
    }
    if (preg_match('/^raw:(insufficient|parse_error)$/', $value)) {
        $warning = $value === 'raw:insufficient' ? 'Insufficient data for unserializing' : 'Parse error';
        if ($entry === 'unpacker') {
            // execute() gives false on these bytes on both sides: no template is reached
            return null;
        }
        $expected = "Warning: [msgpack] (php_msgpack_unserialize) $warning\nbool(false)\n";
        if ($ours !== $expected) {
            return null;
        }
        if (preg_match('/^CRASH \(exit \d+\)$/', $ref)) {
            return 'bytes that do not decode: PECL crashes applying the template; ours gives false';
        }
        $on_false = pecl_template_on_false($tpl);
        return $on_false !== null && $ref === "Warning: [msgpack] (php_msgpack_unserialize) $warning\n$on_false"
            ? 'bytes that do not decode: PECL applies the template to false; ours gives false' : null;
    }
    return null;
}

$keys = file($argv[1], FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES);
$ours = load($argv[2]);
$ref = load($argv[3]);
$passed = $failed = 0;
$why = [];
$failed_keys = [];
$broken = fn(string $v) => $v === '(missing)' || str_starts_with($v, 'CRASH') || str_starts_with($v, 'FATAL');
foreach (array_diff_key($ours + $ref, array_flip($keys)) as $k => $_) {
    $failed++;
    $failed_keys[] = $k;
    echo "FAIL $k: a result for a case that does not exist\n";
}
foreach ($keys as $k) {
    $o = $ours[$k] ?? '(missing)';
    $r = $ref[$k] ?? '(missing)';
    if ($o === $r && !$broken($o)) {
        $passed++;
        continue;
    }
    // ours crashed, stopped or gave nothing: never a pass; PECL gave nothing: a check missing
    $reason = !$broken($o) && $r !== '(missing)' ? expected_difference($k, $o, $r, $ref) : null;
    if ($reason !== null) {
        $why[$reason] = ($why[$reason] ?? 0) + 1;
        $passed++;
        continue;
    }
    $failed++;
    $failed_keys[] = $k;
    if ($failed <= 20) {
        echo "FAIL $k\n--- ours\n$o--- reference\n$r\n";
    }
}
if ($failed > 20) {
    echo "... and ", $failed - 20, " more failures:\n", implode("\n", array_slice($failed_keys, 20)), "\n";
}
foreach ($why as $reason => $n) {
    echo "expected difference ($n cases): $reason\n";
}
echo "$passed passed, $failed failed, 0 skipped\n";
exit($failed ? 1 : 0);
