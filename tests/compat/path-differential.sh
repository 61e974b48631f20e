#!/usr/bin/env bash
# Partial decoding against the whole value (path-differential.inc.php): the value at each path
# read by MsgPack\unpack() with a path, by unpackPaths() and through a stream, against the same
# path taken in the value unpack() decodes whole, over the benchmark documents, generated rows
# and the cross-language vectors (plain, records, MAPS_AS_OBJECTS, PHP_OBJECTS), and over mutated
# inputs. Runs on PHP 8.2 with the module of the build here; scripts/test runs it again on the
# debug ZTS build and on the platforms.
# Prints the failures, then exactly one last line: N passed, N failed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ ! -f "$root/modules/msgpack.so" ]; then
	echo "skipped: no build in modules/ (scripts/build)"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
php -n -d extension="$root/modules/msgpack.so" "$here/path-differential.inc.php" \
	"$root/../shared/bench-data" "$root/../shared/msgpack-test-suite.json" "${MSGPACK_PATH_DIFF_SCALE:-1}"
