<?php
/*
 * The layers of the extension, read off its object files with nm: which file uses symbols that
 * which other file defines. Fails on a cycle among the files (a file may use what a file below
 * it defines, never the reverse) and on a global symbol without the msgpack_ prefix. The module
 * globals (msgpack_globals, defined by msgpack.c and read everywhere) are the one exception.
 *
 * The decoder's files (unpack.c, unpack_object.c, unpack_records.c, unpack_state.c,
 * unpack_typed.c, unpack_path.c; not unpacker.c, the MsgPack\ API) are one group: each recurses
 * into values through msgpack_decode_value() of unpack.c, which calls them in turn, so they call
 * each other. The cycles are looked for among the groups (a file not in one is a group of its
 * own): a call from a decoder file to a file above the decoder is still one.
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

// The group of an object file: the decoder's files are one.
$group_of = fn (string $file): string => preg_match('/^unpack(_[a-z]+)?$/', $file) ? 'decoder' : $file;
$members = [];
foreach ($objects as $o) {
	$members[$group_of(basename($o, '.o'))][] = basename($o, '.o');
}

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

// edges: group => [group it uses => symbols (as file: symbol when the group has more files)]
$edges = [];
foreach ($uses as $file => $syms) {
	$from = $group_of($file);
	$edges[$from] ??= [];
	foreach ($syms as $sym) {
		$to = $defined_by[$sym] ?? null;
		if ($to !== null && $group_of($to) !== $from && !isset($excepted[$sym])) {
			$edges[$from][$group_of($to)][] = count($members[$from]) > 1 ? "$file: $sym" : $sym;
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
	echo "layers, top first (a file uses only files of its group or of the layers below it):\n";
	foreach ($by_layer as $level => $groups) {
		sort($groups);
		$names = array_map(function (string $g) use ($members): string {
			if (count($members[$g]) === 1 && $members[$g][0] === $g) {
				return $g;
			}
			sort($members[$g]);
			return "$g (" . implode(' ', $members[$g]) . ')';
		}, $groups);
		echo "  $level: " . implode(' ', $names) . "\n";
	}
}
echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
