#!/usr/bin/env bash
# Differential test against PECL msgpack (Debian's php-msgpack, 2.2.0RC2) for objects and PHP
# references, with php_only on and off: the cases of objects.inc are packed in one process with
# our extension and in another with the reference (never both in one process: both are named
# msgpack); the bytes and the warnings must be equal. Then each extension decodes both byte sets,
# raw inputs and session data, and the dumps (classes, properties, object identity, references,
# warnings, what __wakeup/__unserialize saw) must be equal. The known, intended differences are
# listed with their reason in objects_expected_differences() (objects.inc) and pass only while
# they are exactly what is listed. A crash of either side is recorded for the value it happened
# in, and the rest still runs. A crash of ours, or a check ours has no result for, fails whatever
# the reference gave; a value ours could not pack passes only where that exact result is listed
# (compare-objects.inc.php).
# Prints the failures, then exactly one last line: N passed, N failed, N skipped.
set -uo pipefail

. "$(dirname "$0")/modules.bash"
count_checks() { php -n "$here/compare-objects.inc.php" count; }
require_modules count_checks

# KEEP_TMP=DIR keeps the drivers' results in DIR
tmp=${KEEP_TMP:-$(mktemp -d)}
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
mkdir "$tmp/sessions"
export OBJECTS_SESSION_DIR=$tmp/sessions

# drive SO ARGS... : runs the driver until it finishes; when it dies (a crash), the key it was
# on gets the result "CRASH (exit N)" and it runs again, skipping what it has done.
drive() {
	local so=$1 out=${!#} rc tries=0
	shift
	while :; do
		# (two commands, so that the subshell and not this shell reports a crash, into the file)
		(php -n -d memory_limit=1G -d extension="$so" "$here/driver-objects.inc.php" "$@"; exit $?) >"$tmp/driver.out" 2>&1
		rc=$?
		[ $rc -eq 0 ] && return 0
		tries=$((tries + 1))
		if [ $tries -gt 40 ] || ! php -n "$here/record-crash.inc.php" "$out" "$rc"; then
			echo "FAIL: the driver ($so $*) stopped outside any value (exit $rc):"
			tail -5 "$tmp/driver.out"
			return 1
		fi
	done
}

if ! drive "$ours" pack ours "$tmp/pack-ours" || ! drive "$ref" pack ref "$tmp/pack-ref" ||
   ! drive "$ours" unpack ours "$tmp/pack-ours" "$tmp/pack-ref" "$tmp/unpack-ours" ||
   ! drive "$ref" unpack ref "$tmp/pack-ours" "$tmp/pack-ref" "$tmp/unpack-ref"; then
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
php -n "$here/compare-objects.inc.php" compare "$tmp/pack-ours" "$tmp/pack-ref" "$tmp/unpack-ours" "$tmp/unpack-ref"
