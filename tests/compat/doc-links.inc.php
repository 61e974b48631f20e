<?php
/*
 * Every relative link of README.md, SECURITY.md, CONTRIBUTING.md and docs/*.md resolves: the file
 * exists, and the heading its #anchor names is in it (anchors made as GitHub makes them:
 * tests/compat/reference.inc.php). Links in fenced blocks and to http(s) addresses are not checked.
 *   php -n tests/compat/doc-links.inc.php FILE...
 * Prints the broken links, then: N passed, N failed, 0 skipped (one check per file).
 */
require __DIR__ . '/reference.inc.php';

$files = array_slice($argv, 1);
$root = realpath(dirname(__DIR__, 2));
$anchors = [];
$anchors_of = function (string $real) use (&$anchors): array {
    return $anchors[$real] ??= str_ends_with($real, '.md')
        ? array_column(reference_headings(file($real, FILE_IGNORE_NEW_LINES)), 'anchor') : [];
};
$passed = $failed = 0;
foreach ($files as $f) {
    $broken = [];
    $fence = false;
    foreach (file($f, FILE_IGNORE_NEW_LINES) as $i => $l) {
        if (preg_match('/^ *```/', $l)) {
            $fence = !$fence;
            continue;
        }
        if ($fence) {
            continue;
        }
        preg_match_all('/\]\(([^)\s]+)\)/', $l, $m);
        foreach ($m[1] as $link) {
            if (preg_match('#^[a-z]+:#', $link)) {
                continue;
            }
            [$path, $anchor] = array_pad(explode('#', $link, 2), 2, null);
            $real = realpath($path === '' ? $f : dirname($f) . '/' . $path);
            if ($real === false || !str_starts_with($real, $root)) {
                $broken[] = "$f:" . ($i + 1) . ": $link: no such file";
            } elseif ($anchor !== null && !in_array($anchor, $anchors_of($real), true)) {
                $broken[] = "$f:" . ($i + 1) . ": $link: no such heading";
            }
        }
    }
    if ($broken) {
        $failed++;
        echo 'FAIL ', implode("\nFAIL ", $broken), "\n";
    } else {
        $passed++;
    }
}
echo "$passed passed, $failed failed, 0 skipped\n";
exit($failed ? 1 : 0);
