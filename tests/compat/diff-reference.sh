#!/usr/bin/env bash
# Differential test against PECL msgpack (Debian's php-msgpack, 2.2.0RC2), no objects:
# the values of values.inc are packed in one process with our extension and in another with the
# reference (never both in one process: both are named msgpack); the bytes must be equal. Then
# each extension decodes both byte sets and a list of raw inputs, and the results (serialize() of
# the value plus the warnings raised) must be equal.
# Prints the failures, then exactly one last line: N passed, N failed, N skipped.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ours=${MSGPACK_OURS:-$root/modules/msgpack.so}
# the reference: Debian's php-msgpack, in the extension directory of the php on PATH
ref=${MSGPACK_REFERENCE:-$(php -n -r 'echo PHP_EXTENSION_DIR;' 2>/dev/null)/msgpack.so}

count_checks() {
	php -n -r 'require $argv[1]; echo 3 * count(compat_values()) + count(compat_raw_inputs());' "$here/values.inc"
}

if [ ! -f "$ours" ]; then
	echo "skipped: our extension $ours is not built"
	echo "0 passed, 0 failed, $(count_checks) skipped"
	exit 0
fi
if [ ! -f "$ref" ]; then
	echo "skipped: the reference extension (php-msgpack, $ref) is not installed"
	echo "0 passed, 0 failed, $(count_checks) skipped"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # run SO ARGS...
	local so=$1; shift
	php -n -d memory_limit=1G -d extension="$so" "$here/driver.inc.php" "$@"
}

mkdir "$tmp/ours" "$tmp/ref"
if ! run "$ours" pack "$tmp/ours/packed.json" || ! run "$ref" pack "$tmp/ref/packed.json"; then
	echo "FAIL: packing crashed"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
# the inputs are named ours:* and ref:* after the file they come from
cp "$tmp/ours/packed.json" "$tmp/ours.json"
cp "$tmp/ref/packed.json" "$tmp/ref.json"
if ! run "$ours" unpack "$tmp/ours.json" "$tmp/ref.json" "$tmp/ours/unpacked.json" ||
   ! run "$ref" unpack "$tmp/ours.json" "$tmp/ref.json" "$tmp/ref/unpacked.json"; then
	echo "FAIL: unpacking crashed"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi

php -n -r '
	[$_, $po, $pr, $uo, $ur] = $argv;
	$load = fn($f) => json_decode(file_get_contents($f), true, 512, JSON_THROW_ON_ERROR);
	[$po, $pr, $uo, $ur] = array_map($load, [$po, $pr, $uo, $ur]);
	$passed = $failed = 0;
	$show = function ($s) {
		[$b64, $warn] = explode(" ", $s, 2) + [1 => ""];
		$t = base64_decode($b64);
		return (strlen($t) > 120 ? substr($t, 0, 120) . "..." : $t) . ($warn !== "" ? "  [$warn]" : "");
	};
	foreach ($po as $name => $hex) {
		$rhex = $pr[$name] ?? null;
		if ($hex === $rhex) {
			$passed++;
		} else {
			$failed++;
			$cut = fn($h) => is_string($h) && strlen($h) > 80 ? substr($h, 0, 80) . "..." : var_export($h, true);
			echo "FAIL bytes of \"$name\": ours ", $cut($hex), ", reference ", $cut($rhex), "\n";
		}
	}
	foreach ($ur as $name => $want) {
		$got = $uo[$name] ?? null;
		if ($got === $want) {
			$passed++;
		} else {
			$failed++;
			echo "FAIL decoding \"$name\": ours ", $got === null ? "nothing" : $show($got), "\n";
			echo "    reference ", $show($want), "\n";
		}
	}
	foreach (array_diff_key($uo, $ur) as $name => $_) {
		$failed++;
		echo "FAIL decoding \"$name\": only ours decoded it\n";
	}
	echo "$passed passed, $failed failed, 0 skipped\n";
	exit($failed ? 1 : 0);
' "$tmp/ours/packed.json" "$tmp/ref/packed.json" "$tmp/ours/unpacked.json" "$tmp/ref/unpacked.json"
