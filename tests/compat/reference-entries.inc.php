<?php
/*
 * docs/reference.md has an entry for every public symbol of the loaded module (function, class,
 * constant, property, method, INI setting: Reflection, tests/compat/reference.inc.php), each
 * starting with its exact signature, and none for a symbol the module does not have; its contents
 * list links every entry, and every link to a heading of the file resolves.
 *
 *   php -n -d extension=modules/msgpack.so tests/compat/reference-entries.inc.php docs/reference.md
 *
 * Prints the failures, then: N passed, N failed, N skipped (one check per symbol, one for the
 * stale entries, one for the links). A missing entry: scripts/reference-skeleton prints it.
 */
require __DIR__ . '/reference.inc.php';

if (!extension_loaded('msgpack')) {
    fwrite(STDERR, "load the module: php -n -d extension=modules/msgpack.so tests/compat/reference-entries.inc.php FILE\n");
    exit(2);
}
$file = $argv[1] ?? 'docs/reference.md';
$lines = file($file, FILE_IGNORE_NEW_LINES);
$headings = reference_headings($lines);
$by_text = [];
foreach ($headings as $h) {
    $by_text[str_replace('`', '', $h['text'])][] = $h;
}
$passed = $failed = 0;
$fail = function (string $what) use (&$failed) {
    $failed++;
    echo "FAIL $what\n";
};

// one check per symbol: its heading, once, and its signature on the first line after it
$symbols = reference_symbols();
$known = [];
foreach ($symbols as $s) {
    $known[$s['heading']] = true;
    $found = $by_text[$s['heading']] ?? [];
    if (count($found) !== 1) {
        $fail(count($found) ? "$file: " . count($found) . " entries for {$s['heading']}"
            : "$file: no entry for {$s['heading']} (scripts/reference-skeleton prints one)");
        continue;
    }
    $at = $found[0]['line'];
    $next = '';
    for ($i = $at; $i < count($lines) && ($next = trim($lines[$i])) === ''; $i++);
    if (!str_starts_with($next, "`{$s['signature']}`")) {
        $fail("$file:$at: the entry of {$s['heading']} must start with `{$s['signature']}`, not " . json_encode($next));
        continue;
    }
    $passed++;
}

// no entry for a symbol the module does not have: a heading that names a symbol (as the entries do,
// in a code span) must name one of the module's
$stale = [];
foreach ($headings as $h) {
    if (preg_match('/^(class )?`[^`]+`$/', $h['text']) && $h['level'] >= 2) {
        $t = str_replace('`', '', $h['text']);
        if (!isset($known[$t])) {
            $stale[] = "$file:{$h['line']}: $t";
        }
    }
}
if ($stale) {
    $fail("entries for symbols the module does not have:\n     " . implode("\n     ", $stale));
} else {
    $passed++;
}

// the contents list links every entry, before the first one; every link to a heading resolves
$anchors = array_column($headings, 'anchor');
$first_entry = PHP_INT_MAX;
$entry_anchors = [];
foreach ($headings as $h) {
    if (isset($known[str_replace('`', '', $h['text'])])) {
        $first_entry = min($first_entry, $h['line']);
        $entry_anchors[] = $h['anchor'];
    }
}
$problems = [];
$linked = [];
foreach ($lines as $i => $l) {
    preg_match_all('/\]\(#([^)\s]+)\)/', $l, $m);
    foreach ($m[1] as $a) {
        if (!in_array($a, $anchors, true)) {
            $problems[] = "$file:" . ($i + 1) . ": the link #$a names no heading";
        }
        if ($i + 1 < $first_entry) {
            $linked[$a] = true;
        }
    }
}
foreach ($entry_anchors as $a) {
    if (!isset($linked[$a])) {
        $problems[] = "$file: the contents do not link #$a";
    }
}
if ($problems) {
    $fail("links:\n     " . implode("\n     ", $problems));
} else {
    $passed++;
}
echo count($symbols), " public symbols\n";
echo "$passed passed, $failed failed, 0 skipped\n";
exit($failed ? 1 : 0);
