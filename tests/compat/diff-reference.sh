#!/usr/bin/env bash
# Differential test against PECL msgpack (Debian's php-msgpack, 2.2.0RC2), no objects:
# the values of values.inc are packed in one process with our extension and in another with the
# reference (never both in one process: both are named msgpack); the bytes must be equal. Then
# each extension decodes both byte sets and a list of raw inputs, and the results (serialize() of
# the value plus the warnings raised) must be equal. Ours must pack every value: a value that
# ours could not pack fails, whatever the reference did (there is no allowance here), and every
# input written must be decoded by both.
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

# KEEP_TMP=DIR keeps the drivers' results in DIR
tmp=${KEEP_TMP:-$(mktemp -d)}
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT

run() { # run SO ARGS...
	local so=$1; shift
	php -n -d memory_limit=1G -d extension="$so" "$here/driver.inc.php" "$@"
}

mkdir -p "$tmp/ours" "$tmp/ref"
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
	[$_, $values, $po, $pr, $uo, $ur] = $argv;
	require $values;
	$load = fn($f) => json_decode(file_get_contents($f), true, 512, JSON_THROW_ON_ERROR);
	[$po, $pr, $uo, $ur] = array_map($load, [$po, $pr, $uo, $ur]);
	$passed = $failed = 0;
	$show = function ($s) {
		[$b64, $warn] = explode(" ", $s, 2) + [1 => ""];
		$t = base64_decode($b64);
		return (strlen($t) > 120 ? substr($t, 0, 120) . "..." : $t) . ($warn !== "" ? "  [$warn]" : "");
	};
	$cut = fn($h) => is_string($h) && strlen($h) > 80 ? substr($h, 0, 80) . "..." : var_export($h, true);
	// every value: ours must pack it (a failure of ours is never a pass, even where the reference
	// fails too), to the bytes of the reference
	$decoded = [];
	foreach (array_keys(compat_values()) as $name) {
		$hex = $po[$name] ?? null;
		$rhex = $pr[$name] ?? null;
		if (!is_string($hex)) {
			$failed++;
			echo "FAIL bytes of \"$name\": ours did not pack it (", var_export($hex, true), "), reference ", $cut($rhex), "\n";
		} elseif ($hex !== $rhex) {
			$failed++;
			echo "FAIL bytes of \"$name\": ours ", $cut($hex), ", reference ", $cut($rhex), "\n";
		} else {
			$passed++;
		}
		// the bytes each side wrote are decoded by both
		foreach (["ours" => $hex, "ref" => $rhex] as $from => $h) {
			if (is_string($h)) {
				$decoded[] = "$from:$name";
			}
		}
	}
	foreach (array_keys(compat_raw_inputs()) as $name) {
		$decoded[] = "raw:$name";
	}
	foreach ($decoded as $name) {
		$got = $uo[$name] ?? null;
		$want = $ur[$name] ?? null;
		if ($got === null) {
			$failed++;
			echo "FAIL decoding \"$name\": ours gave nothing (reference: ", $want === null ? "nothing" : $show($want), ")\n";
		} elseif ($want === null) {
			$failed++;
			echo "FAIL decoding \"$name\": the reference gave nothing (ours: ", $show($got), ")\n";
		} elseif ($got === $want) {
			$passed++;
		} else {
			$failed++;
			echo "FAIL decoding \"$name\": ours ", $show($got), "\n";
			echo "    reference ", $show($want), "\n";
		}
	}
	foreach (array_diff_key($uo + $ur, array_flip($decoded)) as $name => $_) {
		$failed++;
		echo "FAIL decoding \"$name\": decoded, but no such input\n";
	}
	echo "$passed passed, $failed failed, 0 skipped\n";
	exit($failed ? 1 : 0);
' "$here/values.inc" "$tmp/ours/packed.json" "$tmp/ref/packed.json" "$tmp/ours/unpacked.json" "$tmp/ref/unpacked.json"
