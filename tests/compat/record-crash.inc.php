<?php
// Used by the differential scripts' drivers after a driver process died: the case it had
// started and not finished (a {"start": KEY} line with no {"k": KEY, ...} line after it in the
// results file) gets the result "CRASH (exit N)", so that the next run skips it.
//   php -n record-crash.inc.php RESULTS-FILE EXIT-CODE
// Exits 0 when a case was recorded, 1 when no case was open.
[, $file, $rc] = $argv;
$started = null;
foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $line) {
    $j = json_decode($line, true);
    if (isset($j['start'])) {
        $started = $j['start'];
    } elseif (isset($j['k']) && $j['k'] === $started) {
        $started = null;
    }
}
if ($started === null) {
    exit(1);
}
file_put_contents($file, json_encode(['k' => $started, 'v' => "CRASH (exit $rc)"]) . "\n", FILE_APPEND);
exit(0);
