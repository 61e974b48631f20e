#!/usr/bin/env bash
# Differential test against PECL msgpack (Debian's php-msgpack, 2.2.0RC2) for templates (the
# $object argument of msgpack_unpack(), MessagePack::unpack() and MessagePackUnpacker::data()):
# the matrix of driver-templates.inc.php (values x templates x entry points x php_only on/off,
# MessagePack::OPT_PHPONLY false) runs in one process with our extension and in another with the
# reference (never both in one process: both are named msgpack). For each case the warnings and
# the var_dump of the result (or the exception) must be equal. Where PECL stops the script (a
# fatal error, a crash) or builds an object out of bytes that do not decode, the difference is
# expected and checked by compare-templates.inc.php, which says why: each such case must give
# exactly a result of PECL's (another entry point, no template, no references) or PECL's result
# turned by an exact rule; a crash or a fatal error of ours, or a case either side has no result
# for, is a failure whatever PECL did.
# Prints the failures, then exactly one last line: N passed, N failed, N skipped.
set -uo pipefail

. "$(dirname "$0")/modules.bash"
count_checks() { php -n -d extension="$present" "$here/driver-templates.inc.php" count; }
require_modules count_checks

tmp=${KEEP_TMP:-$(mktemp -d)}
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT

# drive SO OUT: runs the driver until it finishes. A fatal error is recorded by the driver
# itself; when it dies without (a crash), the case it was on gets "CRASH (exit N)". Then it runs
# again, skipping the cases it has done.
drive() {
	local so=$1 out=$2 rc tries=0 before
	while :; do
		before=$(cat "$out" 2>/dev/null | wc -l)
		(php -n -d memory_limit=512M -d extension="$so" "$here/driver-templates.inc.php" "$out"; exit $?) >"$tmp/driver.out" 2>&1
		rc=$?
		[ $rc -eq 0 ] && return 0
		tries=$((tries + 1))
		# a run that died without starting a case would die again
		if [ $tries -gt 1000 ] || [ "$(cat "$out" 2>/dev/null | wc -l)" -eq "$before" ]; then
			echo "FAIL: the driver ($so) could not go on (exit $rc):"
			tail -5 "$tmp/driver.out"
			return 1
		fi
		# a fatal error is recorded by the driver itself; a crash inside a case is recorded here
		php -n "$here/record-crash.inc.php" "$out" "$rc" || true
	done
}

if ! drive "$ours" "$tmp/ours" || ! drive "$ref" "$tmp/ref"; then
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
php -n "$here/driver-templates.inc.php" keys >"$tmp/keys" || { echo "FAIL: no list of cases"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
php -n "$here/compare-templates.inc.php" "$tmp/keys" "$tmp/ours" "$tmp/ref"
