#!/usr/bin/env bash
# The map cannot drift from the code (drift.inc.php): every function a comment of the C sources or
# the prose of a doc names exists, docs/coverage-exceptions.md cites functions and no line numbers,
# and no comment quotes a measurement. Prints the findings, then "N passed, N failed".
cd "$(dirname "$0")/../.."
if [ ! -f modules/msgpack.so ]; then
	echo "skipped: no build in modules/ (scripts/build)"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
php -n -d extension="$PWD/modules/msgpack.so" tests/compat/drift.inc.php "$PWD"
