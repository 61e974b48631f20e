<?php
// The output of bench/driver.php: the terminal table, the comparisons in words that sum it up
// (each figure with what it is measured against), and the SVG chart. Times are ns per call, best
// of the rounds.

// The machine and the versions measured: printed, put in the JSON and under the chart. $js:
// node's and msgpackr's versions (bench_node()) when msgpackr runs; $typed: what Composer
// installed for typed_symfony and typed_jms (typed_vendor()) when they run.
function bench_meta(array $contenders, ?array $js = null, $typed = null): array
{
    $cpu = 'unknown CPU';
    if (is_readable('/proc/cpuinfo') && preg_match('/^model name\s*:\s*(.+)$/m', file_get_contents('/proc/cpuinfo'), $m)) {
        $cpu = trim($m[1]);
    }
    $versions = [];
    $probe = [
        'ours' => 'msgpack', 'pecl' => 'msgpack', 'igbinary' => 'igbinary',
    ];
    // a run of the typed or partial contenders alone names this extension's version too
    $ours = isset($contenders['ours']) ? 'ours' : array_key_first(array_filter($contenders,
        fn ($n) => str_starts_with($n, 'ours') || str_starts_with($n, 'typed_') || str_starts_with($n, 'partial_'),
        ARRAY_FILTER_USE_KEY));
    foreach ($probe as $name => $ext) {
        $c = $name === 'ours' ? $ours : $name;
        if ($c !== null && isset($contenders[$c])) {
            [, $out] = run_command(array_merge([PHP_BINARY, '-n'], $contenders[$c][3],
                ['-r', "echo phpversion('$ext');"]));
            $versions[$name] = trim($out);
        }
    }
    if (is_array($typed)) {
        foreach (['symfony/serializer' => 'typed_symfony', 'jms/serializer' => 'typed_jms'] as $package => $name) {
            if (isset($typed[$package], $contenders[$name])) {
                $versions[$package] = $typed[$package];
            }
        }
    }
    if ($js !== null && preg_grep('/^msgpackr/', array_keys($contenders))) {
        $versions['node'] = $js['node'];
        // msgpackr-extract (a prebuilt addon npm installs where it has one) reads strings
        // natively; without it msgpackr decodes them in JavaScript, slower
        $versions['msgpackr'] = $js['msgpackr'] . ($js['native'] ? ' (native acceleration on)' : ' (native acceleration off)');
    }
    return [
        'date' => gmdate('Y-m-d H:i') . ' UTC',
        'cpu' => $cpu,
        'cores' => (int) trim((string) shell_exec('nproc')),
        'os' => php_uname('s') . ' ' . php_uname('r'),
        'php' => PHP_VERSION,
        'versions' => $versions,
    ];
}

function geomean(array $xs): float
{
    return $xs ? exp(array_sum(array_map('log', $xs)) / count($xs)) : NAN;
}

// Ratio of contender time to ours per case (above 1: ours is faster), over the cases that are
// not the scaling series; [pack ratios, unpack ratios] keyed by case.
function bench_ratios(array $results, array $all_cases, string $name, string $base = 'ours'): array
{
    $pack = $unpack = [];
    foreach ($results as $case => $row) {
        if ($all_cases[$case][1] === 'scaling' || !isset($row[$name], $row[$base])) {
            continue;
        }
        $pack[$case] = $row[$name]['pack_ns'] / $row[$base]['pack_ns'];
        $unpack[$case] = $row[$name]['unpack_ns'] / $row[$base]['unpack_ns'];
    }
    return [$pack, $unpack];
}

function fmt_ns(?float $ns): string
{
    if ($ns === null) {
        return '-';
    }
    if ($ns >= 1e6) {
        return sprintf('%.2f ms', $ns / 1e6);
    }
    return $ns >= 1e3 ? sprintf('%.1f us', $ns / 1e3) : sprintf('%.0f ns', $ns);
}

function print_report(array $results, array $contenders, array $all_cases, array $meta): array
{
    printf("%s, %d cores, %s, PHP %s; %s\n", $meta['cpu'], $meta['cores'], $meta['os'], $meta['php'],
        implode(', ', array_map(fn ($k, $v) => "$k $v", array_keys($meta['versions']), $meta['versions'])));
    if (isset($meta['module'])) {
        printf("this extension's module: %s\n", $meta['module']);
    }
    // the typed and partial cases have their own tables (print_typed(), print_partial(), below)
    $plain = array_filter($results, fn ($c) => !in_array($all_cases[$c][1], ['typed', 'partial'], true), ARRAY_FILTER_USE_KEY);
    printf("best of %d rounds%s\n", $meta['rounds'], $plain ? '; x = time relative to this extension (msgpack_pack/unpack): above 1, ours is faster' : '');
    if ($plain) {
        printf("\n%-16s %-16s %10s %11s %11s %7s %7s %10s\n", 'case', 'contender', 'bytes', 'pack', 'unpack', 'pack x', 'unp x', 'decoded');
    }
    foreach ($plain as $case => $row) {
        foreach ($contenders as $name => $c) {
            if (!isset($row[$name])) {
                continue;
            }
            $v = $row[$name];
            $ours = $row['ours'] ?? $v;
            printf("%-16s %-16s %10d %11s %11s %7.2f %7.2f %10s%s\n", $case, $name, $v['bytes'],
                fmt_ns($v['pack_ns']), fmt_ns($v['unpack_ns']), $v['pack_ns'] / $ours['pack_ns'],
                $v['unpack_ns'] / $ours['unpack_ns'],
                isset($v['memory']) ? sprintf('%.0f KB', $v['memory'] / 1024) : '',
                ($v['roundtrip'] ?? true) ? '' : '  (does not round-trip)');
        }
    }
    $summary = ['geomean' => [], 'scaling' => [], 'comparisons' => []];
    if (isset($contenders['ours']) && $plain) {
        echo "\ngeometric means of x over the cases above the scaling series (lossy contenders included):\n";
        foreach ($contenders as $name => $c) {
            [$p, $u] = bench_ratios($results, $all_cases, $name);
            if ($name === 'ours' || !$p) {
                continue;
            }
            $summary['geomean'][$name] = ['pack' => geomean($p), 'unpack' => geomean($u), 'cases' => count($p)];
            printf("  %-16s pack %5.2f  unpack %5.2f  (%d cases)\n", $name, geomean($p), geomean($u), count($p));
        }
    }
    $series = array_filter($all_cases, fn ($c) => $c[1] === 'scaling');
    $series = array_intersect_key($series, $results);
    if ($series) {
        echo "\nscaling, ns per row (pack / unpack); growth = last step over first:\n";
        foreach ($contenders as $name => $c) {
            $line = [];
            $first = $last = null;
            foreach ($series as $case => [, , $n]) {
                if (!isset($results[$case][$name])) {
                    continue;
                }
                $v = $results[$case][$name];
                $per = [$v['pack_ns'] / $n, $v['unpack_ns'] / $n];
                $summary['scaling'][$name][$case] = $per;
                $first ??= $per;
                $last = $per;
                $line[] = sprintf('%s %4.0f/%4.0f', substr($case, 6), $per[0], $per[1]);
            }
            if ($line) {
                printf("  %-16s %s   growth %.2f/%.2f\n", $name, implode('  ', $line), $last[0] / $first[0], $last[1] / $first[1]);
                $summary['scaling'][$name]['growth'] = [$last[0] / $first[0], $last[1] / $first[1]];
            }
        }
    }
    $summary['msgpackr'] = [];
    $versus = bench_versus_msgpackr($results);
    if ($versus) {
        printf("\nagainst msgpackr %s, node %s, in the same run: msgpackr's time over ours (above 1, ours is faster)\n",
            $meta['versions']['msgpackr'] ?? '?', $meta['versions']['node'] ?? '?');
        printf("  %-16s %-8s %-13s %7s %7s %21s\n", 'case', 'mode', 'ours', 'pack x', 'unp x', 'bytes ours/msgpackr');
        foreach ($versus as [$case, $mode, $name, $o, $m]) {
            $x = ['pack' => $m['pack_ns'] / $o['pack_ns'], 'unpack' => $m['unpack_ns'] / $o['unpack_ns']];
            $summary['msgpackr'][$case][$mode] = $x + ['ours' => $name, 'bytes' => $o['bytes'], 'msgpackr_bytes' => $m['bytes']];
            printf("  %-16s %-8s %-13s %7.2f %7.2f %21s%s\n", $case, $mode, $name, $x['pack'], $x['unpack'],
                "{$o['bytes']}/{$m['bytes']}", ($m['roundtrip'] ?? true) ? '' : '  (msgpackr does not round-trip)');
        }
    }
    $summary['typed'] = print_typed($results, $contenders, $all_cases, 'unpack_ns');
    $summary['partial'] = print_partial($results, $contenders, $all_cases, 'unpack_ns');
    $summary['comparisons'] = bench_comparisons($results, $all_cases, $summary);
    if ($summary['comparisons']) {
        echo "\nin short (this run; \"x\" is a time over another's, as said on each line):\n";
        foreach ($summary['comparisons'] as [$what, $figure]) {
            printf("  %s: %s\n", $what, $figure);
        }
    }
    print_sources($meta, $summary['comparisons']);
    return $summary;
}

// Where the figures come from, after the tables: the machine and method of this run, and the
// figures that are not measured by it.
function print_sources(array $meta, array $comparisons): void
{
    printf("\nwhere the figures come from: this run, on %s (%d cores), %s, PHP %s, %s; each time is the\n",
        $meta['cpu'], $meta['cores'], $meta['os'], $meta['php'], $meta['date']);
    printf("best of %d round%s, each contender in a process of its own, rounds interleaved (scripts/bench says how).\n",
        $meta['rounds'], $meta['rounds'] === 1 ? '' : 's');
    echo "Times on a shared machine move by 10-30% from run to run, the sizes do not; compare builds with --instructions.\n";
    if (preg_grep('/^records: size of (twitter|citm_catalog)$/', array_column($comparisons, 0))) {
        echo "msgpackr's record sizes beside ours are msgpackr 2.1.3's, measured once with tests/compat/js/records.mjs.\n";
    }
}

// The comparisons the cases run allow, in words: [what, figures]. Each says what it measures
// against; none is a pass or a fail.
function bench_comparisons(array $results, array $all_cases, array $summary): array
{
    $t = [];
    $closest = function (array $ratios): string {
        asort($ratios);
        $case = array_key_first($ratios);
        return sprintf('%s %.2fx', $case, $ratios[$case]);
    };
    $names = ['pecl' => 'PECL msgpack', 'igbinary' => 'igbinary'];
    foreach ($names as $peer => $name) {
        if (!isset($summary['geomean'][$peer])) {
            continue;
        }
        $g = $summary['geomean'][$peer];
        [$p, $u] = bench_ratios($results, $all_cases, $peer);
        $t[] = ["$name against this extension (msgpack_pack/unpack)", sprintf(
            'takes %.2fx its time to pack and %.2fx to unpack (geometric mean of %d cases); closest cases: pack %s, unpack %s',
            $g['pack'], $g['unpack'], $g['cases'], $closest($p), $closest($u))];
    }
    if (isset($results['string_1mb']['copy'], $results['string_1mb']['ours'])) {
        $c = $results['string_1mb']['copy'];
        $o = $results['string_1mb']['ours'];
        $t[] = ['1 MB string against a plain copy (substr())', sprintf('packing takes %.2fx the copy\'s time, unpacking %.2fx',
            $o['pack_ns'] / $c['pack_ns'], $o['unpack_ns'] / $c['unpack_ns'])];
    }
    foreach ($all_cases as $case => [, $group]) {
        if ($group === 'documents' && isset($results[$case]['ours']['memory'], $results[$case]['igbinary']['memory'])) {
            $t[] = ["memory of the decoded $case", sprintf('%.0f KB, igbinary\'s %.0f KB',
                $results[$case]['ours']['memory'] / 1024, $results[$case]['igbinary']['memory'] / 1024)];
        }
    }
    foreach (records_comparisons($results, 'unpack_ns') as $row) {
        $t[] = $row;
    }
    foreach (typed_comparisons($summary['typed']) as $row) {
        $t[] = $row;
    }
    if (isset($summary['scaling']['ours']['growth'], $summary['scaling']['ours']['scale_1M'], $summary['scaling']['ours']['scale_1k'])) {
        [$p, $u] = $summary['scaling']['ours']['growth'];
        $t[] = ['time per row at 1M rows against 1k rows', sprintf('pack %.2fx, unpack %.2fx', $p, $u)];
    }
    return $t;
}

// Records (ours_records) against the same API without RECORDS (ours_ns), and their sizes against
// msgpackr's with useRecords (msgpackr 2.1.3's, measured once: tests/compat/js/records.mjs size
// FILE); shared structures against the same values as plain maps. $unpack: the key of the unpack
// cost (ns or Ir). [what, figures].
function records_comparisons(array $results, string $unpack): array
{
    $t = [];
    $unit = $unpack === 'unpack_ir' ? 'instructions' : 'time';
    $msgpackr = ['twitter' => 223376, 'citm_catalog' => 114956];
    foreach ($msgpackr as $case => $bytes) {
        if (isset($results[$case]['ours_records']['bytes'])) {
            $b = $results[$case]['ours_records']['bytes'];
            $t[] = ["records: size of $case", sprintf('%s bytes, msgpackr\'s %s (%+.1f%%)',
                number_format($b), number_format($bytes), 100 * ($b - $bytes) / $bytes)];
        }
    }
    if (isset($results['rows_1000']['ours_records']['bytes'], $results['rows_1000']['ours_ns']['bytes'])) {
        $r = $results['rows_1000']['ours_records']['bytes'] / $results['rows_1000']['ours_ns']['bytes'];
        $t[] = ['records: size of rows_1000', sprintf('%.1f%% of the same rows as plain maps', 100 * $r)];
    }
    foreach (['rows_1000', 'citm_catalog', 'twitter'] as $case) {
        if (isset($results[$case]['ours_records'][$unpack], $results[$case]['ours_ns'][$unpack])) {
            $x = $results[$case]['ours_ns'][$unpack] / max(1, $results[$case]['ours_records'][$unpack]);
            $t[] = ["records: unpacking $case", sprintf('plain maps take %.2fx the %s of records', $x, $unit)];
        }
    }
    // shared structures: small values one per call, against the same as plain maps (ours_ns, or
    // ours when only that ran), and msgpackr's own gain measured in the same run (msgpackr's
    // README gives 84,580 against 21,926 op/s, 3.9x, on its own machine)
    foreach (['person', 'row'] as $case) {
        $plain = isset($results[$case]['ours_ns']) ? 'ours_ns' : 'ours';
        if (isset($results[$case]['ours_shared'][$unpack], $results[$case][$plain][$unpack])) {
            $x = $results[$case][$plain][$unpack] / max(1, $results[$case]['ours_shared'][$unpack]);
            $figure = sprintf('plain maps (%s) take %.2fx the %s of shared structures', $plain, $x, $unit);
            if (isset($results[$case]['msgpackr_shared'][$unpack], $results[$case]['msgpackr'][$unpack])) {
                $figure .= sprintf('; in msgpackr %.2fx; msgpackr_shared takes %.2fx the %s of ours_shared',
                    $results[$case]['msgpackr'][$unpack] / $results[$case]['msgpackr_shared'][$unpack],
                    $results[$case]['msgpackr_shared'][$unpack] / $results[$case]['ours_shared'][$unpack], $unit);
            }
            $t[] = ["shared structures: unpacking $case", $figure];
        }
    }
    return $t;
}

// The pairs of this extension and msgpackr run on the same case, per mode: [case, mode, our
// contender, our row, msgpackr's row]. Plain: msgpack_pack/unpack (or MsgPack\pack/unpack when
// only that ran) against Packr({useRecords: false}); records: RECORDS against msgpackr's default;
// shared: shared structures on both sides, one small value per call.
function bench_versus_msgpackr(array $results): array
{
    $pairs = [];
    foreach ($results as $case => $row) {
        $modes = [
            'plain' => [isset($row['ours']) ? 'ours' : 'ours_ns', 'msgpackr'],
            'records' => ['ours_records', 'msgpackr_records'],
            'shared' => ['ours_shared', 'msgpackr_shared'],
        ];
        foreach ($modes as $mode => [$ours, $theirs]) {
            if (isset($row[$ours], $row[$theirs])) {
                $pairs[] = [$case, $mode, $ours, $row[$ours], $row[$theirs]];
            }
        }
    }
    return $pairs;
}

function print_instructions(array $results, array $contenders, array $all_cases): array
{
    // the typed and partial cases have their own tables (print_typed(), below; the driver
    // prints the partial ones' with print_partial() after these)
    $plain = array_filter($results, fn ($c) => !in_array($all_cases[$c][1], ['typed', 'partial'], true), ARRAY_FILTER_USE_KEY);
    if ($plain) {
        printf("\n%-16s %-11s %14s %14s %7s %7s\n", 'case', 'contender', 'pack Ir', 'unpack Ir', 'pack x', 'unp x');
        foreach ($plain as $case => $row) {
            foreach ($row as $name => $v) {
                $ours = $row['ours'] ?? $v;
                printf("%-16s %-11s %14d %14d %7.2f %7.2f\n", $case, $name, $v['pack_ir'], $v['unpack_ir'],
                    $v['pack_ir'] / max(1, $ours['pack_ir']), $v['unpack_ir'] / max(1, $ours['unpack_ir']));
            }
        }
        echo "(instructions per call, callgrind; x = relative to this extension's msgpack_pack/unpack)\n";
    }
    $typed = print_typed($results, $contenders, $all_cases, 'unpack_ir');
    $comparisons = array_merge(records_comparisons($results, 'unpack_ir'), typed_comparisons($typed, 'instructions'));
    if ($comparisons) {
        echo "\nin short (instructions; \"x\" is a count over another's, as said on each line):\n";
        foreach ($comparisons as [$what, $figure]) {
            printf("  %s: %s\n", $what, $figure);
        }
    }
    return $typed;
}

// The ratios of the typed contenders: ratio => [contender, over contender].
// ours/arrays is what unpackAs() costs over unpack() of the same bytes into arrays; the others are
// a mapper's cost over unpackAs()'s (above 1, unpackAs() is faster).
function typed_ratio_defs(): array
{
    return [
        'ours/arrays' => ['typed_ours', 'typed_arrays'],
        'hand/ours' => ['typed_hand', 'typed_ours'],
        'symfony/ours' => ['typed_symfony', 'typed_ours'],
        'jms/ours' => ['typed_jms', 'typed_ours'],
        // what the hand mapper adds to unpack(), the bound of hand/ours
        'hand/arrays' => ['typed_hand', 'typed_arrays'],
    ];
}

// The ratios $defs (name => [contender, over contender]) per case of kind $kind, over $key
// (unpack_ns or unpack_ir): case => [ratio name => x], the ratios whose two contenders ran.
function kind_ratios(array $results, array $all_cases, string $key, string $kind, array $defs): array
{
    $out = [];
    foreach ($results as $case => $row) {
        if ($all_cases[$case][1] !== $kind) {
            continue;
        }
        foreach ($defs as $what => [$a, $b]) {
            if (isset($row[$a][$key], $row[$b][$key])) {
                $out[$case][$what] = $row[$a][$key] / max(1, $row[$b][$key]);
            }
        }
    }
    return $out;
}

// The ratios of typed_ratio_defs() per typed case (kind_ratios()).
function typed_ratios(array $results, array $all_cases, string $key): array
{
    return kind_ratios($results, $all_cases, $key, 'typed', typed_ratio_defs());
}

// The typed cases' table (decoding only) and their ratios, in ns ($key unpack_ns) or instructions
// (unpack_ir) per call; returns typed_ratios().
function print_typed(array $results, array $contenders, array $all_cases, string $key): array
{
    $cases = array_filter($results, fn ($c) => $all_cases[$c][1] === 'typed', ARRAY_FILTER_USE_KEY);
    if (!$cases) {
        return [];
    }
    $ir = $key === 'unpack_ir';
    $fmt = fn ($v) => $ir ? number_format($v) : fmt_ns($v);
    echo "\ntyped decoding: the same bytes into arrays (typed_arrays) and into classes; decoding only\n";
    printf("  %-12s %-14s %8s %13s %11s %8s %9s\n", 'case', 'contender', 'bytes', $ir ? 'unpack Ir' : 'unpack',
        'per row', 'x ours', $ir ? '' : 'decoded');
    foreach ($cases as $case => $row) {
        $n = $all_cases[$case][2] ?? null;
        foreach ($contenders as $name => $c) {
            if (!isset($row[$name][$key])) {
                continue;
            }
            $v = $row[$name];
            printf("  %-12s %-14s %8d %13s %11s %8s %9s\n", $case, $name, $v['bytes'], $fmt($v[$key]),
                $n ? $fmt($v[$key] / $n) : '', isset($row['typed_ours'][$key]) ? sprintf('%.2f', $v[$key] / max(1, $row['typed_ours'][$key])) : '',
                isset($v['memory']) ? sprintf('%.0f KB', $v['memory'] / 1024) : '');
        }
    }
    $ratios = typed_ratios($results, $all_cases, $key);
    if (!isset($contenders['typed_ours'])) {
        echo "  (typed_ours did not run: no ratio to unpackAs())\n";
    }
    if ($ratios) {
        $names = array_keys(typed_ratio_defs());
        printf("  %-12s%s\n", 'ratios', implode('', array_map(fn ($w) => sprintf(' %13s', $w), $names)));
        foreach ($ratios as $case => $r) {
            printf("  %-12s%s\n", $case, implode('', array_map(fn ($w) => isset($r[$w]) ? sprintf(' %13.2f', $r[$w]) : sprintf(' %13s', '-'), $names)));
        }
        printf("  (x ours and X/ours: time over unpackAs()'s, above 1 unpackAs() is faster; ours/arrays: unpackAs()'s over unpack()'s%s)\n",
            $ir ? '; instructions' : '');
    }
    return $ratios;
}

// The typed ratios in words: unpackAs() against unpack() into arrays, and unpack() with the
// hand-written mapper against unpackAs() (Symfony and JMS: in the table). [what, figures].
function typed_comparisons(array $ratios, string $unit = 'time'): array
{
    $t = [];
    foreach ($ratios as $case => $r) {
        if (isset($r['ours/arrays'])) {
            $t[] = ["typed: $case, unpackAs() against unpack() into arrays", sprintf('unpackAs() takes %.2fx the %s', $r['ours/arrays'], $unit)];
        }
        if (isset($r['hand/ours'])) {
            $t[] = ["typed: $case, unpack() + a hand-written mapper against unpackAs()", sprintf('the mapper way takes %.2fx the %s', $r['hand/ours'], $unit)
                . (isset($r['hand/arrays']) ? sprintf(' (%.2fx that of unpack() into arrays alone)', $r['hand/arrays']) : '')];
        }
    }
    return $t;
}

// Horizontal bars of speed relative to PECL msgpack (PECL time / contender time), log scale,
// one panel for pack and one for unpack; a bar starts at 1 (PECL) and ends at the ratio.
function bench_svg(array $results, array $contenders, array $all_cases, array $meta): string
{
    $show = array_values(array_intersect(['ours', 'ours_ns', 'igbinary', 'serialize', 'json'], array_keys($contenders)));
    $colors = ['ours' => '#1f77b4', 'ours_ns' => '#6baed6', 'ours_records' => '#17becf', 'igbinary' => '#ff7f0e', 'serialize' => '#2ca02c', 'json' => '#9467bd'];
    $cases = [];
    foreach ($results as $case => $row) {
        if ($all_cases[$case][1] !== 'scaling' && isset($row['pecl'])) {
            $cases[] = $case;
        }
    }
    $rows = $cases;
    $rows[] = 'geometric mean';
    $bar = 5;
    $group = count($show) * $bar + 8;
    $label_w = 110;
    $panel_w = 330;
    $top = 58;
    $height = $top + count($rows) * $group + 86;
    $width = $label_w + 2 * ($panel_w + 30) + 10;
    [$lo, $hi] = [0.125, 16];
    $x = fn (float $r, int $left) => $left + $panel_w * (log(max($lo, min($hi, $r)) / $lo) / log($hi / $lo));
    $e = fn ($s) => htmlspecialchars((string) $s, ENT_XML1);
    $svg = [sprintf('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">', $width, $height, $width, $height)];
    $svg[] = sprintf('<rect width="%d" height="%d" fill="#fff"/>', $width, $height);
    $svg[] = sprintf('<text x="10" y="18" font-size="14" font-weight="bold">Speed relative to PECL msgpack (higher is faster; log scale; best of %d rounds)</text>', $meta['rounds']);
    foreach (['pack', 'unpack'] as $pi => $op) {
        $left = $label_w + $pi * ($panel_w + 30);
        $svg[] = sprintf('<text x="%d" y="42" font-weight="bold">%s</text>', $left + $panel_w / 2 - 15, $op);
        foreach ([0.125, 0.25, 0.5, 1, 2, 4, 8, 16] as $tick) {
            $tx = $x($tick, $left);
            $svg[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>', $tx, $top - 6, $tx,
                $top + count($rows) * $group, $tick == 1 ? '#000' : '#ddd');
            $svg[] = sprintf('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>', $tx,
                $top + count($rows) * $group + 14, $tick < 1 ? '1/' . (1 / $tick) : $tick . 'x');
        }
        foreach ($rows as $ri => $case) {
            $y0 = $top + $ri * $group;
            if ($pi === 0) {
                $svg[] = sprintf('<text x="%d" y="%.1f" text-anchor="end"%s>%s</text>', $label_w - 8,
                    $y0 + $group / 2 + 3, $case === 'geometric mean' ? ' font-weight="bold"' : '', $e($case));
            }
            foreach ($show as $si => $name) {
                if ($case === 'geometric mean') {
                    $ratios = [];
                    foreach ($cases as $c) {
                        // a value not given back is no speed: left out of the mean
                        if (isset($results[$c][$name]) && ($results[$c][$name]['roundtrip'] ?? true)) {
                            $ratios[] = $results[$c]['pecl']["{$op}_ns"] / $results[$c][$name]["{$op}_ns"];
                        }
                    }
                    $r = geomean($ratios);
                } elseif (isset($results[$case][$name])) {
                    $r = $results[$case]['pecl']["{$op}_ns"] / $results[$case][$name]["{$op}_ns"];
                } else {
                    continue;
                }
                // a contender that does not give the value back (objects through MsgPack\ or JSON) is faded
                $lossy = $case !== 'geometric mean' && !($results[$case][$name]['roundtrip'] ?? true);
                $a = $x(1, $left);
                $b = $x($r, $left);
                $svg[] = sprintf('<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s"%s><title>%s %s %s: %.2fx%s</title></rect>',
                    min($a, $b), $y0 + 4 + $si * $bar, max(0.5, abs($b - $a)), $bar - 1, $colors[$name],
                    $lossy ? ' fill-opacity="0.3"' : '', $e($case), $e($contenders[$name][0]), $op, $r,
                    $lossy ? ' (does not round-trip)' : '');
            }
        }
    }
    $ly = $height - 56;
    $lx = 10;
    foreach ($show as $name) {
        $svg[] = sprintf('<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text>', $lx, $ly, $colors[$name], $lx + 14, $ly + 9, $e($contenders[$name][0]));
        $lx += 14 + 6 * strlen($contenders[$name][0]) + 16;
    }
    $svg[] = sprintf('<text x="10" y="%d" fill="#555">Bars run from PECL msgpack (1x). Faded: the value is not given back (objects through MsgPack\\pack, JSON); not in the means.</text>', $ly + 28);
    $versions = implode(', ', array_map(fn ($k, $v) => ($k === 'ours' ? 'this extension' : ($k === 'pecl' ? 'PECL msgpack' : $k)) . " $v",
        array_keys($meta['versions']), $meta['versions']));
    $svg[] = sprintf('<text x="10" y="%d" fill="#555">%s, %d cores, %s; PHP %s; %s; %s</text>', $height - 12,
        $e($meta['cpu']), $meta['cores'], $e($meta['os']), $e($meta['php']), $e($versions), $e($meta['date']));
    $svg[] = '</svg>';
    return implode("\n", $svg) . "\n";
}

// The README's table: this extension's times per case and how many times faster it is than
// PECL msgpack, igbinary and msgpackr (plain) (their time over ours: above 1, ours is faster), with
// the geometric means (msgpackr's is left out: it runs on a few cases only); then, when msgpackr
// ran, the table of both modes against it; then, when the typed cases ran, theirs.
function bench_markdown(array $results, array $all_cases, array $meta = []): string
{
    $typed = bench_markdown_typed($results, $all_cases);
    // the partial cases' table after the typed one (both are "typed" lines below)
    if ($partial = bench_markdown_partial($results, $all_cases)) {
        $typed = $typed ? array_merge($typed, [''], $partial) : $partial;
    }
    if (!array_filter($results, fn ($row) => isset($row['ours']))) {
        return $typed ? implode("\n", $typed) . "\n" : '';
    }
    $has = fn ($p) => (bool) array_filter($results, fn ($row) => isset($row[$p]));
    $peers = array_values(array_filter(['pecl', 'igbinary', 'msgpackr'], $has));
    $names = ['pecl' => 'PECL msgpack', 'igbinary' => 'igbinary', 'msgpackr' => 'msgpackr'];
    $head = '| case | bytes | pack | unpack |';
    $rule = '|---|--:|--:|--:|';
    foreach ($peers as $p) {
        $head .= " {$names[$p]} pack | {$names[$p]} unpack |";
        $rule .= '--:|--:|';
    }
    $lines = [$head, $rule];
    $ratios = [];
    foreach ($results as $case => $row) {
        if (!isset($row['ours'])) {
            continue;
        }
        $o = $row['ours'];
        $line = sprintf('| %s | %d | %s | %s |', $case, $o['bytes'], fmt_ns($o['pack_ns']), fmt_ns($o['unpack_ns']));
        foreach ($peers as $p) {
            if (!isset($row[$p])) {
                $line .= ' | |';
                continue;
            }
            $rp = $row[$p]['pack_ns'] / $o['pack_ns'];
            $ru = $row[$p]['unpack_ns'] / $o['unpack_ns'];
            if ($all_cases[$case][1] !== 'scaling') {
                $ratios[$p][0][] = $rp;
                $ratios[$p][1][] = $ru;
            }
            $line .= sprintf(' %.2fx | %.2fx |', $rp, $ru);
        }
        $lines[] = $line;
    }
    $line = '| geometric mean (without the scale_ rows) | | | |';
    foreach ($peers as $p) {
        $line .= isset($ratios[$p]) && $p !== 'msgpackr' ? sprintf(' %.2fx | %.2fx |', geomean($ratios[$p][0]), geomean($ratios[$p][1])) : ' | |';
    }
    $lines[] = $line;
    $versus = bench_versus_msgpackr($results);
    if ($versus) {
        $lines[] = '';
        $lines[] = sprintf("Against msgpackr %s on node %s, in the same run (msgpackr's time over ours: above 1x, ours is faster):",
            $meta['versions']['msgpackr'] ?? '', $meta['versions']['node'] ?? '');
        $lines[] = '';
        $lines[] = '| case | mode | bytes | msgpackr bytes | pack | msgpackr pack | unpack | msgpackr unpack | pack x | unpack x |';
        $lines[] = '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|';
        $modes = ['plain' => 'plain', 'records' => 'records', 'shared' => 'shared structures'];
        foreach ($versus as [$case, $mode, , $o, $m]) {
            $lines[] = sprintf('| %s | %s | %d | %d | %s | %s | %s | %s | %.2fx | %.2fx |', $case, $modes[$mode],
                $o['bytes'], $m['bytes'], fmt_ns($o['pack_ns']), fmt_ns($m['pack_ns']), fmt_ns($o['unpack_ns']),
                fmt_ns($m['unpack_ns']), $m['pack_ns'] / $o['pack_ns'], $m['unpack_ns'] / $o['unpack_ns']);
        }
    }
    if ($typed) {
        $lines[] = '';
        array_push($lines, ...$typed);
    }
    return implode("\n", $lines) . "\n";
}

// The typed cases' table, lines of markdown, or none: the time of each contender to
// decode the same bytes, and the ratios of typed_ratio_defs().
function bench_markdown_typed(array $results, array $all_cases): array
{
    $cases = array_filter($results, fn ($c) => $all_cases[$c][1] === 'typed', ARRAY_FILTER_USE_KEY);
    if (!$cases) {
        return [];
    }
    $cols = [
        'typed_arrays' => '`unpack()` into arrays', 'typed_ours' => '`unpackAs()`',
        'typed_hand' => '`unpack()` + hand-written mapper', 'typed_symfony' => '`unpack()` + Symfony',
        'typed_jms' => '`unpack()` + JMS',
    ];
    $ratios = typed_ratios($results, $all_cases, 'unpack_ns');
    $names = array_keys(typed_ratio_defs());
    $lines = ['Typed decoding, the same bytes into arrays and into classes (decoding only; x/ours: the '
        . "mapper's time over `unpackAs()`'s, above 1x `unpackAs()` is faster; ours/arrays: `unpackAs()`'s time over `unpack()`'s):", ''];
    $lines[] = '| case | bytes | ' . implode(' | ', $cols) . ' | ' . implode(' | ', $names) . ' |';
    $lines[] = '|---|--:|' . str_repeat('--:|', count($cols) + count($names));
    foreach ($cases as $case => $row) {
        $first = reset($row);
        $line = sprintf('| %s | %d |', $case, $first['bytes']);
        foreach (array_keys($cols) as $name) {
            $line .= isset($row[$name]) ? ' ' . fmt_ns($row[$name]['unpack_ns']) . ' |' : ' |';
        }
        foreach ($names as $w) {
            $line .= isset($ratios[$case][$w]) ? sprintf(' %.2fx |', $ratios[$case][$w]) : ' |';
        }
        $lines[] = $line;
    }
    return $lines;
}

// The ratios of the partial contenders: ratio => [contender, over contender], both over the path
// read (above 1, unpack() with the path is faster): full/path is how many times the cost of the
// path read unpack() of the whole value (and indexing) takes, stepped/path that of an Unpacker
// stepped by hand (which stops once it has the value: bench/partial/partial.inc.php);
// full/stop and stepped/stop the same over the path read that stops too (STOP_AT_PATH).
function partial_ratio_defs(): array
{
    return [
        'full/path' => ['partial_full', 'partial_path'],
        'stepped/path' => ['partial_stepped', 'partial_path'],
        'full/stop' => ['partial_full', 'partial_stop'],
        'stepped/stop' => ['partial_stepped', 'partial_stop'],
    ];
}

// The ratios of partial_ratio_defs() per partial case (kind_ratios()).
function partial_ratios(array $results, array $all_cases, string $key): array
{
    return kind_ratios($results, $all_cases, $key, 'partial', partial_ratio_defs());
}

// What a partial case reads (its third field), for the tables: "statuses.50.user.screen_name",
// "500.{id, name, ...}".
function partial_what(array $spec): string
{
    if (isset($spec['path'])) {
        return implode('.', $spec['path']);
    }
    $heads = $leaves = [];
    foreach ($spec['paths'] as $p) {
        $leaves[] = array_pop($p);
        $heads[implode('.', $p)] = true;
    }
    return count($heads) === 1 ? array_key_first($heads) . '.{' . implode(', ', $leaves) . '}'
        : count($spec['paths']) . ' paths';
}

// The partial cases' table (decoding only) and their ratios, in ns ($key unpack_ns) or
// instructions (unpack_ir) per call; returns partial_ratios().
function print_partial(array $results, array $contenders, array $all_cases, string $key): array
{
    $cases = array_filter($results, fn ($c) => $all_cases[$c][1] === 'partial', ARRAY_FILTER_USE_KEY);
    if (!$cases) {
        return [];
    }
    $ir = $key === 'unpack_ir';
    $fmt = fn ($v) => $ir ? number_format($v) : fmt_ns($v);
    echo "\npartial decoding: the value at a path out of the whole bytes; decoding only\n";
    foreach ($cases as $case => $row) {
        printf("  %-16s reads %s\n", $case, partial_what($all_cases[$case][2]));
    }
    printf("  %-16s %-16s %8s %13s %8s %9s\n", 'case', 'contender', 'bytes', $ir ? 'unpack Ir' : 'unpack',
        'x path', $ir ? '' : 'peak');
    foreach ($cases as $case => $row) {
        foreach ($contenders as $name => $c) {
            if (!isset($row[$name][$key])) {
                continue;
            }
            $v = $row[$name];
            printf("  %-16s %-16s %8d %13s %8s %9s\n", $case, $name, $v['bytes'], $fmt($v[$key]),
                isset($row['partial_path'][$key]) ? sprintf('%.2f', $v[$key] / max(1, $row['partial_path'][$key])) : '',
                isset($v['peak']) ? sprintf('%.0f KB', $v['peak'] / 1024) : '');
        }
    }
    $ratios = partial_ratios($results, $all_cases, $key);
    if (!isset($contenders['partial_path'])) {
        echo "  (partial_path did not run: no ratio to the path read)\n";
    }
    if ($ratios) {
        $names = array_keys(partial_ratio_defs());
        printf("  %-16s%s\n", 'ratios', implode('', array_map(fn ($w) => sprintf(' %13s', $w), $names)));
        foreach ($ratios as $case => $r) {
            printf("  %-16s%s\n", $case, implode('', array_map(fn ($w) => isset($r[$w]) ? sprintf(' %13.2f', $r[$w]) : sprintf(' %13s', '-'), $names)));
        }
        printf("  (x path, full/path, stepped/path, full/stop, stepped/stop: the %s over unpack() with the path's (without or with STOP_AT_PATH), above 1 the path read"
            . " takes less; partial_stepped and partial_stop stop once they have the value, partial_path reads all the input%s)\n",
            $ir ? 'instructions' : 'time', $ir ? '' : '; peak: the memory one call takes at its height');
    }
    return $ratios;
}

// The partial cases' table, lines of markdown, or none: the time of each contender to read the
// value(s) at the case's path(s), and the ratios of partial_ratio_defs().
function bench_markdown_partial(array $results, array $all_cases): array
{
    $cases = array_filter($results, fn ($c) => $all_cases[$c][1] === 'partial', ARRAY_FILTER_USE_KEY);
    if (!$cases) {
        return [];
    }
    $cols = [
        'partial_full' => '`unpack()` of all, indexed', 'partial_path' => '`unpack()` with the path',
        'partial_stop' => '`unpack()` with the path, `STOP_AT_PATH`', 'partial_stepped' => '`Unpacker` stepped by hand',
    ];
    $ratios = partial_ratios($results, $all_cases, 'unpack_ns');
    $names = array_keys(partial_ratio_defs());
    $lines = ['Partial decoding, the value at a path out of the whole bytes (decoding only; full/path and '
        . "stepped/path: that contender's time over the path read's, above 1x the path read is faster):", ''];
    $lines[] = '| case | reads | bytes | ' . implode(' | ', $cols) . ' | ' . implode(' | ', $names) . ' |';
    $lines[] = '|---|---|--:|' . str_repeat('--:|', count($cols) + count($names));
    foreach ($cases as $case => $row) {
        $first = reset($row);
        $line = sprintf('| %s | `%s` | %d |', $case, partial_what($all_cases[$case][2]), $first['bytes']);
        foreach (array_keys($cols) as $name) {
            $line .= isset($row[$name]) ? ' ' . fmt_ns($row[$name]['unpack_ns']) . ' |' : ' |';
        }
        foreach ($names as $w) {
            $line .= isset($ratios[$case][$w]) ? sprintf(' %.2fx |', $ratios[$case][$w]) : ' |';
        }
        $lines[] = $line;
    }
    return $lines;
}
