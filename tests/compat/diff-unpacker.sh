#!/usr/bin/env bash
# Differential test against PECL msgpack (Debian's php-msgpack, 2.2.0RC2) for
# MessagePackUnpacker: streams of values split at random points (seeded) and given to the
# unpacker fed, from a growing string, from new strings, mixed, and the systematic cases of
# execute($str, $offset) (every format cut after each byte, offsets at the end, null offsets,
# invalid bytes, reset() and data() between): see driver-unpacker.inc.php. Each scenario runs in
# one process with our extension and in another with the reference (never both in one process:
# both are named msgpack), and the whole transcripts (each call's result, $offset after it,
# what data() gave) must be equal. The known, intended differences are listed with their reason
# in expected_differences(), each as the exact pair of transcripts, and pass only while they are
# exactly those. A crash of either side is recorded for the scenario it happened in, and the rest
# still runs; a crash of ours, or a scenario ours has no transcript for, is a failure whatever the
# reference did.
# Prints the failures, then exactly one last line: N passed, N failed, N skipped.
set -uo pipefail

. "$(dirname "$0")/modules.bash"
driver=$here/driver-unpacker.inc.php
count_checks() { php -n "$driver" count; }
require_modules count_checks

# KEEP_TMP=DIR keeps the drivers' results in DIR
tmp=${KEEP_TMP:-$(mktemp -d)}
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT

# drive SO OUT: runs the driver until it finishes; when it dies (a crash), the scenario it was
# in gets the transcript "CRASH (exit N)" and it runs again without the scenarios done.
drive() {
	local so=$1 out=$2 rc tries=0
	: >"$out"
	while :; do
		mapfile -t done_names < <(php -n -r '
			foreach (file($argv[1], FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
				$j = json_decode($line, true);
				if (isset($j["k"])) { echo $j["k"], "\n"; }
			}' "$out")
		(php -n -d memory_limit=1G -d extension="$so" "$driver" run "$out" "${done_names[@]}"; exit $?) >"$tmp/driver.out" 2>&1
		rc=$?
		[ $rc -eq 0 ] && return 0
		tries=$((tries + 1))
		if [ $tries -gt 40 ] || ! php -n "$here/record-crash.inc.php" "$out" "$rc"; then
			echo "FAIL: the driver ($so) stopped outside any scenario (exit $rc):"
			tail -5 "$tmp/driver.out"
			return 1
		fi
	done
}

if ! drive "$ours" "$tmp/ours" || ! drive "$ref" "$tmp/ref"; then
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
php -n "$driver" compare "$tmp/ours" "$tmp/ref"
