<?php
/*
 * The layers of the extension, read off its object files with nm: which file uses symbols that
 * which other file defines. Fails on a cycle among the files (a file may use what a file below
 * it defines, never the reverse) and on a global symbol without the msgpack_ prefix. The module
 * globals (msgpack_globals, defined by msgpack.c and read everywhere) are the one exception.
 *
 *   php tests/compat/layers.php DIR   (DIR holds the *.o of one build; prints the layers)
 */
$dir = $argv[1] ?? '.libs';
$objects = glob("$dir/*.o");
if (!$objects) {
	fwrite(STDERR, "no object files in $dir\n");
	exit(2);
}
// Engine-made names: PHP's function and method entry points, the module entry and the C API.
$engine_names = '/^(zif_|zim_|get_module$|php_msgpack_(serialize|unserialize)$)/';
$excepted = ['msgpack_globals' => true, 'msgpack_globals_id' => true, 'msgpack_globals_offset' => true,
	'_tsrm_ls_cache' => true];

$defined_by = $uses = [];
foreach ($objects as $o) {
	$file = basename($o, '.o');
	exec('nm -g --defined-only ' . escapeshellarg($o), $lines);
	foreach ($lines as $l) {
		if (preg_match('/^\S*\s+([A-Za-z])\s+(\S+)$/', $l, $m)) {
			$defined_by[$m[2]] = $file;
		}
	}
	$lines = [];
	exec('nm -u ' . escapeshellarg($o), $lines);
	$uses[$file] = [];
	foreach ($lines as $l) {
		if (preg_match('/^\s*U\s+(\S+)$/', $l, $m)) {
			$uses[$file][] = $m[1];
		}
	}
	$lines = [];
}

$passed = $failed = 0;
$check = function (string $what, bool $ok, string $detail = '') use (&$passed, &$failed) {
	if ($ok) {
		$passed++;
	} else {
		$failed++;
		echo "FAIL: $what\n$detail";
	}
};

$unprefixed = [];
foreach ($defined_by as $sym => $file) {
	if (!str_starts_with($sym, 'msgpack_') && !preg_match($engine_names, $sym)) {
		$unprefixed[] = "  $file: $sym\n";
	}
}
$check('every global symbol is prefixed msgpack_', !$unprefixed, implode('', $unprefixed));

// edges: file => [file it uses => symbols]
$edges = [];
foreach ($uses as $file => $syms) {
	$edges[$file] = [];
	foreach ($syms as $sym) {
		$to = $defined_by[$sym] ?? null;
		if ($to !== null && $to !== $file && !isset($excepted[$sym])) {
			$edges[$file][$to][] = $sym;
		}
	}
}

// Layers from the bottom: a file's layer is one above the highest layer of the files it uses.
// Files left without a layer are on a cycle (or use one).
$layer = [];
do {
	$progress = false;
	foreach ($edges as $file => $to) {
		if (isset($layer[$file])) {
			continue;
		}
		$level = 0;
		foreach (array_keys($to) as $t) {
			if (!isset($layer[$t])) {
				continue 2;
			}
			$level = max($level, $layer[$t] + 1);
		}
		$layer[$file] = $level;
		$progress = true;
	}
} while ($progress);

// The cycles themselves: the edges inside each strongly connected set of files (Tarjan).
$index = $low = $on_stack = [];
$stack = [];
$next = 0;
$cycle = '';
$visit = function (string $f) use (&$visit, &$index, &$low, &$on_stack, &$stack, &$next, &$cycle, $edges) {
	$index[$f] = $low[$f] = $next++;
	$stack[] = $f;
	$on_stack[$f] = true;
	foreach (array_keys($edges[$f] ?? []) as $t) {
		if (!isset($index[$t])) {
			$visit($t);
			$low[$f] = min($low[$f], $low[$t]);
		} elseif (!empty($on_stack[$t])) {
			$low[$f] = min($low[$f], $index[$t]);
		}
	}
	if ($low[$f] === $index[$f]) {
		$set = [];
		do {
			$t = array_pop($stack);
			$on_stack[$t] = false;
			$set[$t] = true;
		} while ($t !== $f);
		if (count($set) > 1) {
			foreach (array_keys($set) as $a) {
				foreach ($edges[$a] as $b => $syms) {
					if (isset($set[$b])) {
						$cycle .= "  $a -> $b: " . implode(' ', $syms) . "\n";
					}
				}
			}
		}
	}
};
foreach (array_keys($edges) as $f) {
	if (!isset($index[$f])) {
		$visit($f);
	}
}
$check('no cycle among the object files', $cycle === '', $cycle);

if ($cycle === '' && count($layer) === count($edges)) {
	$by_layer = [];
	foreach ($layer as $file => $level) {
		$by_layer[$level][] = $file;
	}
	krsort($by_layer);
	echo "layers, top first (a file uses only files of the layers below it):\n";
	foreach ($by_layer as $level => $files) {
		sort($files);
		echo "  $level: " . implode(' ', $files) . "\n";
	}
}
echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
