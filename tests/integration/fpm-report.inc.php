<?php
// scripts/integration (php-fpm behind nginx): judges a run, prints "load:" lines with its figures
// and a FAIL line for each problem; exits 1 on a problem.
//   php fpm-report.inc.php ab FILE REQUESTS LABEL
//       FILE is the output of ab: every request completed, none failed (no error, no length
//       or content mismatch: ab -l takes pages of any length), none answered other than 2xx
//   php fpm-report.inc.php session BODY REQUESTS
//       BODY is session.inc.php?read after REQUESTS hits on one session: the counter is exactly that
//   php fpm-report.inc.php work DIR REQUESTS WINDOW WORKERS
//       the work-PID.log lines of work.inc.php: one per request, all from the WORKERS workers that
//       started (a worker that crashed comes back with another pid), the same bytes written by
//       every request, each worker's session count going 1, 2, 3... (no write lost), and no growth from the first WINDOW requests to the last WINDOW: each
//       worker's RSS at its last request in each window, and the largest memory_get_usage()
//       of each window (a leak of this extension that outlives a request grows the first,
//       one that stays inside a request the second). The one allowance: a worker's RSS may
//       grow by RSS_STEP_KB once, a step of the C heap that a page using no msgpack function
//       shows as well (measured: 1 worker in 4 of some runs, once in 8000 requests, never more)
const RSS_STEP_KB = 64;
$problems = [];
$mode = $argv[1] ?? '';
if ($mode === 'ab') {
    [, , $file, $n, $label] = $argv;
    $out = (string) @file_get_contents($file);
    $field = fn (string $name) => preg_match('/^' . preg_quote($name, '/') . ':\s+([0-9.]+)/m', $out, $m) ? $m[1] : null;
    $complete = $field('Complete requests');
    $failedN = $field('Failed requests');
    $non2xx = $field('Non-2xx responses') ?? '0';
    $rps = $field('Requests per second');
    $conc = $field('Concurrency Level');
    if ($complete === null) {
        $problems[] = "ab did not finish: " . substr(trim($out), -300);
    } else {
        if ((int) $complete !== (int) $n) {
            $problems[] = "$complete of $n requests completed";
        }
        if ((int) $failedN !== 0) {
            $problems[] = "$failedN failed requests (" . (preg_match('/^\s+\(Connect:.*$/m', $out, $m) ? trim($m[0]) : '') . ')';
        }
        if ((int) $non2xx !== 0) {
            $problems[] = "$non2xx responses other than 2xx (a page found a FAIL, or the server gave an error)";
        }
        printf("load: php-fpm %s: %d requests at concurrency %d, %d failed, %d non-2xx, %.0f requests/s\n",
            $label, $complete, $conc, $failedN, $non2xx, $rps);
    }
} elseif ($mode === 'session') {
    [, , $file, $n] = $argv;
    $body = (string) @file_get_contents($file);
    $s = json_decode($body, true);
    if (!is_array($s)) {
        $problems[] = "no counter read back: " . substr($body, 0, 300);
    } else {
        printf("load: php-fpm session counter: %s after %d requests on one session\n", json_encode($s['n']), $n);
        if ($s['n'] !== (int) $n || $s['visit'] !== (int) $n) {
            $problems[] = "the session counter is " . json_encode($s) . " after $n requests: a write was lost (or one too many)";
        }
    }
} elseif ($mode === 'work') {
    [, , $dir, $n, $window, $workers] = $argv;
    [$n, $window, $workers] = [(int) $n, (int) $window, (int) $workers];
    $rows = [];
    foreach (glob("$dir/work-*.log") as $f) {
        foreach (file($f, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
            $rows[] = array_map(fn ($x) => preg_match("/^\d+$/", $x) ? (int) $x : $x, explode(' ', $line));
        }
    }
    usort($rows, fn ($a, $b) => $a[0] <=> $b[0]);
    $pids = array_unique(array_column($rows, 1));
    if (count($rows) !== $n) {
        $problems[] = count($rows) . " requests logged of $n";
    }
    if (count($pids) !== $workers) {
        $problems[] = count($pids) . " worker pids in the log, $workers workers started (a worker died and was replaced?)";
    }
    $served = [];
    foreach ($rows as $r) {
        $served[$r[1]] = ($served[$r[1]] ?? 0) + 1;
        if ($r[6] !== $served[$r[1]]) {
            $problems[] = "worker $r[1]: its session counts $r[6] at its request {$served[$r[1]]}";
            break;
        }
    }
    $sums = array_unique(array_map(fn ($r) => "$r[4] $r[5]", $rows));
    if (count($sums) !== 1) {
        $problems[] = count($sums) . " different checksums of the bytes written: " . implode(', ', array_slice($sums, 0, 5));
    }
    if (count($rows) < 2 * $window) {
        $problems[] = "fewer than " . 2 * $window . " requests: no windows to compare";
    } else {
        $first = array_slice($rows, 0, $window);
        $last = array_slice($rows, -$window);
        $rss = function (array $w) {
            $r = [];
            foreach ($w as $row) {
                $r[$row[1]] = $row[3]; // the last request of each worker in the window
            }
            return $r;
        };
        [$rss1, $rss2] = [$rss($first), $rss($last)];
        $mem1 = max(array_column($first, 2));
        $mem2 = max(array_column($last, 2));
        $grown = [];
        foreach ($rss2 as $pid => $kb) {
            if (isset($rss1[$pid]) && $kb - $rss1[$pid] > RSS_STEP_KB) {
                $grown[] = "worker $pid from {$rss1[$pid]} kB to $kb kB";
            }
        }
        // the steps of each worker's RSS above its highest yet, after the first window: a leak
        // too slow to pass RSS_STEP_KB still makes several
        $steps = [];
        $high = $rss1;
        foreach (array_slice($rows, $window) as $row) {
            if (isset($high[$row[1]]) && $row[3] > $high[$row[1]]) {
                $steps[$row[1]] = ($steps[$row[1]] ?? 0) + 1;
            }
            $high[$row[1]] = max($high[$row[1]] ?? 0, $row[3]);
        }
        foreach ($steps as $pid => $k) {
            if ($k > 1) {
                $grown[] = "worker $pid grew $k times after the first $window requests";
            }
        }
        $mb = fn (array $kb) => implode('/', array_map(fn ($k) => sprintf('%.1f', $k / 1024), $kb));
        printf("load: php-fpm workers' RSS (MB) after the first %d requests %s, after the last %d %s; memory_get_usage() at most %d bytes in the first, %d in the last\n",
            $window, $mb($rss1), $window, $mb(array_replace(array_intersect_key($rss1, $rss2), $rss2)), $mem1, $mem2);
        if ($grown) {
            $problems[] = "worker memory grew between the first and the last $window requests: " . implode('; ', $grown);
        }
        if ($mem2 > $mem1) {
            $problems[] = "memory_get_usage() grew between the first and the last $window requests: $mem1 to $mem2 bytes";
        }
    }
} else {
    fwrite(STDERR, "usage: fpm-report.inc.php ab FILE REQUESTS LABEL | session BODY REQUESTS | work DIR REQUESTS WINDOW WORKERS\n");
    exit(2);
}
foreach ($problems as $p) {
    echo "FAIL $p\n";
}
exit($problems ? 1 : 0);
