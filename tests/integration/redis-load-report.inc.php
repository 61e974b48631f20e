<?php
// scripts/integration: sums the load workers' JSON lines (stdin) and judges the run.
//   php redis-load-report.inc.php WORKERS SECONDS KILLED_AT
// Passes when every worker reported, no value was corrupt, every error fell in the outage (from
// the kill to 8 s after it), and every worker did work again after it.
[, $workers, $seconds, $killedAt] = $argv;
$killedAt = (float) $killedAt;
$total = ['ops' => 0, 'sets' => 0, 'gets' => 0, 'hits' => 0, 'sessions' => 0, 'errors' => 0, 'corrupt' => 0];
$reports = 0;
$problems = [];
while (($line = fgets(STDIN)) !== false) {
    if ($line[0] !== '{') {
        $problems[] = rtrim($line);
        continue;
    }
    $s = json_decode($line, true);
    $reports++;
    foreach ($total as $k => $_) {
        $total[$k] += $s[$k];
    }
    if ($s['errors'] && ($s['first_error'] < $killedAt - 0.5 || $s['last_error'] > $killedAt + 8)) {
        $problems[] = sprintf('worker %d: errors outside the outage (%.1f s to %.1f s after the kill): %s',
            $s['worker'], $s['first_error'] - $killedAt, $s['last_error'] - $killedAt,
            implode('; ', $s['error_messages']));
    }
    if ($s['ops_after_recovery'] === 0) {
        $problems[] = "worker {$s['worker']}: no operation after the outage";
    }
}
if ($reports != $workers) {
    $problems[] = "$reports of $workers workers reported";
}
if ($total['corrupt']) {
    $problems[] = "{$total['corrupt']} corrupt values";
}
printf("load: %d workers, %d s: %d operations (%.0f/s): %d sets, %d gets (%d hits), %d session writes; %d errors during the outage, %d corrupt values\n",
    $reports, $seconds, $total['ops'], $total['ops'] / $seconds, $total['sets'], $total['gets'],
    $total['hits'], $total['sessions'], $total['errors'], $total['corrupt']);
foreach ($problems as $p) {
    echo "FAIL $p\n";
}
exit($problems ? 1 : 0);
