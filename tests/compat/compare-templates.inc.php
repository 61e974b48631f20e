<?php
/*
 * The comparison of diff-templates.sh: php compare-templates.inc.php OURS REF
 * Each case must give the same warnings and var_dump with both extensions, except where PECL
 * cannot be matched, each checked for exactly what ours does instead:
 *   - PECL stops the script with a fatal error (a class template naming no class; in the list
 *     case, its object converter kept for a following property that holds no object; a template
 *     of another type): ours throws an Error with the same message, which can be caught;
 *   - PECL's MessagePackUnpacker::data() hands an array template to its object converter, which
 *     stops the script ("object type is unsupported"): ours applies it as msgpack_unpack() does;
 *   - PECL crashes (segfault) on an abstract class template: ours throws the Error of PHP;
 *   - PECL stops the script on a null template ("Template type is unsupported", in data()
 *     "object type is unsupported"): ours takes it as no template;
 *   - PECL's data() crashes on some values and templates (after the converter): ours gives
 *     what msgpack_unpack() gives;
 *   - an int-keyed element past the last property becomes a property named by its key, which
 *     PECL cuts to 32 bits unsigned (-1 becomes "4294967295"): ours keeps the key;
 *   - an array template reading an object with an uninitialized typed property: PECL puts the
 *     undefined value into the array (which then counts an element it does not show); ours null;
 *   - an array shared in the value (a reference, php_only on) written into a typed property:
 *     PECL hands the reference itself to PHP's type check, which refuses it ("Cannot assign
 *     array to property ... of type ?array"; a debug build of PHP asserts); ours writes the array;
 *   - bytes that do not decode: PECL applies the template to the false of the failure (an object
 *     whose first property is false, or null), or crashes doing so; ours gives false with the decoding warning, as
 *     without a template, so that the failure shows.
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

/* Why ours may differ from the reference's result for case $k; null: it may not. */
function expected_difference(string $k, string $ours, string $ref, array $all_ours): ?string
{
    [$entry, $po, $value, $tpl] = explode('|', $k, 4);
    if ($tpl === 'null' && preg_match('/^FATAL: \[msgpack\] \((msgpack_convert_template|msgpack_convert_object)\) (Template|object) type is unsupported$/', $ref)) {
        return $ours === ($all_ours["$entry|$po|$value|(none)"] ?? null)
            ? 'PECL fatal on a null template; ours gives what no template gives' : null;
    }
    if (str_starts_with($ref, 'CRASH') && $entry === 'unpacker') {
        return $ours === ($all_ours["fn|$po|$value|$tpl"] ?? null)
            ? 'PECL data() crashes; ours gives what msgpack_unpack() gives' : null;
    }
    if ($value === 'uninit') {
        // entries made from uninitialized properties: PECL's hold the undefined value (dumped as
        // nothing, though counted), ours null
        $visible = preg_replace('/\n *\["[^"\n]*"\]=>\n *NULL(?=\n)/', '', $ours);
        return $visible === $ref ? 'an uninitialized property read by an array template: PECL puts an undefined value in the array; ours null' : null;
    }
    if ($tpl === 'TypedArr' && str_starts_with($ref, 'TypeError: Cannot assign array to property TypedArr::$x of type ?array')) {
        // the value is a reference (an array shared in the value, php_only on)
        return str_starts_with($ours, 'object(TypedArr)')
            ? 'a shared array written into a typed property: PECL hands the reference to the type check, which refuses it; ours writes the array' : null;
    }
    if ($value === 'neg') {
        return str_replace('$4294967295 ', '$-1 ', str_replace('"4294967295"', '"-1"', $ref)) === $ours
            ? 'an int key past the properties: PECL names the property by the key cut to 32 bits (-1: "4294967295"); ours by the key' : null;
    }
    if (preg_match('/^((?:[A-Z][a-z]+: .*\n)*)FATAL: (\[msgpack\] .*)$/', $ref, $m)) {
        if ($entry === 'unpacker' && $tpl[0] === '[' && $ref === 'FATAL: [msgpack] (msgpack_convert_object) object type is unsupported') {
            $same = $all_ours["fn|$po|$value|$tpl"] ?? null;
            return $ours === $same ? 'PECL data() fatal on array templates; ours applies them as msgpack_unpack()' : null;
        }
        // the same warnings before it
        return $ours === "$m[1]Error: $m[2]\n" ? 'PECL fatal error; ours throws an Error' : null;
    }
    if (str_starts_with($ref, 'CRASH') && $tpl === 'Abstr') {
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
        if (str_starts_with($ref, 'CRASH')) {
            return 'bytes that do not decode: PECL crashes applying the template; ours gives false';
        }
        return str_starts_with($ref, "Warning: [msgpack] (php_msgpack_unserialize) $warning\n")
            ? 'bytes that do not decode: PECL applies the template to false; ours gives false' : null;
    }
    return null;
}

$ours = load($argv[1]);
$ref = load($argv[2]);
$passed = $failed = 0;
$why = [];
$failed_keys = [];
foreach ($ref + $ours as $k => $_) {
    $o = $ours[$k] ?? '(missing)';
    $r = $ref[$k] ?? '(missing)';
    if ($o === $r && !str_starts_with($o, 'CRASH') && !str_starts_with($o, 'FATAL')) {
        $passed++;
        continue;
    }
    $reason = isset($ours[$k], $ref[$k]) && !str_starts_with($o, 'CRASH') && !str_starts_with($o, 'FATAL')
        ? expected_difference($k, $o, $r, $ours) : null;
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
