#!/usr/bin/env bash
# stubs/msgpack.php, the stub for IDEs: in step with msgpack.stub.php (scripts/ide-stub writes the
# same file), and declaring exactly what the module has (tests/compat/ide-stub.php prints the
# declarations of both through Reflection; the lines must be the same).
cd "$(dirname "$0")/../.."
passed=0 failed=0
so=$PWD/modules/msgpack.so
if [ ! -f "$so" ]; then
	echo "skipped: $so not built"
	echo "0 passed, 0 failed, 2 skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
php -n -d extension="$so" scripts/ide-stub "$tmp/msgpack.php" >/dev/null
if diff -u stubs/msgpack.php "$tmp/msgpack.php" >"$tmp/stub.diff"; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	echo "FAIL: stubs/msgpack.php is out of step with msgpack.stub.php: run php -n -d extension=modules/msgpack.so scripts/ide-stub"
	head -20 "$tmp/stub.diff"
fi
php -n -d extension="$so" tests/compat/ide-stub.php module >"$tmp/module.txt"
php -n tests/compat/ide-stub.php stub stubs/msgpack.php >"$tmp/stub.txt"
if [ -s "$tmp/module.txt" ] && diff -u "$tmp/module.txt" "$tmp/stub.txt" >"$tmp/api.diff"; then
	passed=$((passed + 1))
	echo "   $(wc -l <"$tmp/module.txt") declarations the same in the module and the stub"
else
	failed=$((failed + 1))
	echo "FAIL: the stub and the module declare different APIs (- module, + stub):"
	head -30 "$tmp/api.diff"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
