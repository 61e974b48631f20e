<?php
/*
 * The layers of the extension, read off its object files with nm: which file uses symbols that
 * which other file defines. The files are grouped by their folder (CONTRIBUTING.md, "Layout"),
 * and a group may use only the groups below it:
 *
 *   module  msgpack.c (the module, INI settings, the msgpack_*() functions, the serializers)
 *   api     src/api/     the MsgPack\ API          compat  src/compat/  the compatible API
 *   report  src/report/  what both APIs say of what the codec reports (PHP's texts)
 *   encode  src/encode/  the encoder               decode  src/decode/  the decoder
 *   common  src/common/  what both codecs and both APIs share
 *
 * so api never uses compat (nor compat api), encode never uses decode (nor decode encode), the
 * codec never uses report (it raises nothing: it reports), and common uses nothing above it; inside a group files call each other freely. Fails on a use
 * across that order, on an object file outside these folders, and on a global symbol without
 * the msgpack_ prefix. The module globals (msgpack_globals, defined by msgpack.c and read
 * everywhere) are the one exception.
 *
 *   php tests/compat/layers.php DIR [COUNT]   (DIR: the build's root, with .libs/msgpack.o and
 *   src/<folder>/.libs/*.o; COUNT: the object files there must be, else it fails: a check that
 *   finds fewer files checks less)
 */
$dir = rtrim($argv[1] ?? '.', '/');
$want = isset($argv[2]) ? (int) $argv[2] : null;
$objects = array_merge(glob("$dir/.libs/*.o"), glob("$dir/src/*/.libs/*.o"));
if (!$objects) {
	fwrite(STDERR, "no object files in $dir/.libs or $dir/src/*/.libs\n");
	exit(2);
}
// Engine-made names: PHP's function and method entry points, the module entry and the C API.
$engine_names = '/^(zif_|zim_|get_module$|php_msgpack_(serialize|unserialize)$)/';
$excepted = ['msgpack_globals' => true, 'msgpack_globals_id' => true, 'msgpack_globals_offset' => true,
	'_tsrm_ls_cache' => true];
// the order of the groups: a group uses only those of a lower rank
$rank = ['module' => 4, 'api' => 3, 'compat' => 3, 'report' => 2, 'encode' => 1, 'decode' => 1, 'common' => 0];

// The group of an object file: its folder under src/, or the module for the root's.
$group_of = function (string $path) use ($dir): ?string {
	if (preg_match('#/src/([a-z]+)/\.libs/[^/]+\.o$#', $path, $m)) {
		return $m[1];
	}
	return dirname($path) === "$dir/.libs" && basename($path) === 'msgpack.o' ? 'module' : null;
};
$file_of = fn (string $path): string => ($group_of($path) === 'module' ? '' : $group_of($path) . '/') . basename($path, '.o');
$members = [];
$strays = [];
foreach ($objects as $o) {
	$g = $group_of($o);
	if ($g === null || !isset($rank[$g])) {
		$strays[] = "  $o\n";
		continue;
	}
	$members[$g][] = $file_of($o);
}

$defined_by = $uses = [];
$group_of_file = [];
foreach ($objects as $o) {
	if ($group_of($o) === null || !isset($rank[$group_of($o)])) {
		continue;
	}
	$file = $file_of($o);
	$group_of_file[$file] = $group_of($o);
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

$check('every object file is in a folder of a layer', !$strays, implode('', $strays));
if ($want !== null) {
	$check("the build's $want object files are all read", count($objects) === $want,
		'  ' . count($objects) . " object files found, $want expected\n");
}

$unprefixed = [];
foreach ($defined_by as $sym => $file) {
	if (!str_starts_with($sym, 'msgpack_') && !preg_match($engine_names, $sym)) {
		$unprefixed[] = "  $file: $sym\n";
	}
}
$check('every global symbol is prefixed msgpack_', !$unprefixed, implode('', $unprefixed));

// edges: group => [group it uses => "file: symbol"]
$edges = [];
foreach ($uses as $file => $syms) {
	$from = $group_of_file[$file];
	$edges[$from] ??= [];
	foreach ($syms as $sym) {
		$to = $defined_by[$sym] ?? null;
		if ($to !== null && $group_of_file[$to] !== $from && !isset($excepted[$sym])) {
			$edges[$from][$group_of_file[$to]][] = "$file: $sym";
		}
	}
}

// the order: a group uses only groups of a lower rank
$upward = '';
foreach ($edges as $from => $to) {
	foreach ($to as $g => $syms) {
		if ($rank[$g] >= $rank[$from]) {
			$upward .= "  $from -> $g: " . implode(' ', array_unique($syms)) . "\n";
		}
	}
}
$check('each layer uses only the layers below it (module; api, compat; report; encode, decode; common)', $upward === '', $upward);

// The codec reports, it raises nothing: no object of src/encode/ or src/decode/ calls what raises a
// warning or throws (the API layers turn its statuses into those). In src/common/ only the
// classes' own methods may: the MsgPack\ exceptions' helpers, the value classes' methods, and the
// constructors of the attribute classes of the plans.
$raising = '/^(zend_throw_\w+|zend_wrong_\w+|zend_error|zend_error_noreturn|zend_error_zstr|php_error_docref\w*|zend_type_error|zend_value_error'
	. '|zend_argument_\w*error|msgpack_throw_\w+)$/';
$raise_allowed = ['common/msgpack_exception' => true, 'common/msgpack_ext' => true, 'common/msgpack_plan' => true];
$raises = '';
foreach ($uses as $file => $syms) {
	$g = $group_of_file[$file];
	if (!in_array($g, ['encode', 'decode', 'common'], true) || isset($raise_allowed[$file])) {
		continue;
	}
	$found = array_values(array_filter(array_unique($syms), fn ($sym) => preg_match($raising, $sym)));
	if ($found) {
		$raises .= "  $file: " . implode(' ', $found) . "\n";
	}
}
$check('the codec raises nothing (no call of what warns or throws in src/encode/, src/decode/, src/common/)', $raises === '', $raises);

// the order, top first, with the files of each group (no cycle can be: every use goes down)
if ($upward === '') {
	echo "layers, top first (a group uses only the groups of the lines below it):\n";
	$by_rank = [];
	foreach ($members as $g => $files) {
		$by_rank[$rank[$g]][] = $g;
	}
	krsort($by_rank);
	foreach ($by_rank as $groups) {
		sort($groups);
		$parts = [];
		foreach ($groups as $g) {
			sort($members[$g]);
			$parts[] = "$g (" . implode(' ', $members[$g]) . ')';
		}
		echo '  ' . implode('; ', $parts) . "\n";
	}
}
echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
