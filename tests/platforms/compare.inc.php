<?php
/*
 * Compares the output of driver.inc.php on x86-64 (REFERENCE) with another platform's (OTHER),
 * line by line:
 *   value ...  the generated value: equal (the generator makes the same values everywhere)
 *   pack ...   the bytes: equal
 *   read ...   the value read: equal; with --int32 (OTHER is 32-bit PHP), equal once every int
 *              beyond 32 bits is written alike, whatever holds it (driver.inc.php:
 *              int_size_neutral())
 * Prints each difference (the first 20 in full), then one line: N passed, N failed.
 *
 *   php compare.inc.php [--int32] REFERENCE OTHER
 */

$args = array_slice($argv, 1);
$int32 = $args[0] === '--int32';
if ($int32) {
    array_shift($args);
}
if (count($args) !== 2) {
    fwrite(STDERR, "usage: php compare.inc.php [--int32] REFERENCE OTHER\n");
    exit(2);
}
[$ref, $other] = array_map(fn ($f) => fopen($f, 'r'), $args);
$passed = $failed = 0;
$n = 0;
while (true) {
    $a = fgets($ref);
    $b = fgets($other);
    if ($a === false && $b === false) {
        break;
    }
    $n++;
    if ($a === false || $b === false) {
        echo "line $n: one output ends before the other\n";
        $failed++;
        break;
    }
    $fa = explode(' ', rtrim($a, "\n"), 6);
    $fb = explode(' ', rtrim($b, "\n"), 6);
    if ($fa[0] === 'read' && count($fa) >= 5 && count($fb) >= 5) {
        // read <case> <reader> <digest> <int-size-neutral digest> <start>
        $same = $fa[1] === $fb[1] && $fa[2] === $fb[2] && ($int32 ? $fa[4] === $fb[4] : $fa[3] === $fb[3]);
    } elseif ($fa[0] === 'value' && count($fa) === 4 && count($fb) === 4) {
        // value <case> <digest> <int-size-neutral digest>
        $same = $fa[1] === $fb[1] && ($int32 ? $fa[3] === $fb[3] : $fa[2] === $fb[2]);
    } else {
        $same = $a === $b;
    }
    if ($same) {
        $passed++;
        continue;
    }
    $failed++;
    if ($failed <= 20) {
        echo "line $n differs:\n  x86-64: ", substr($a, 0, 300), "\n  other:  ", substr($b, 0, 300), "\n";
    }
}
echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
