#!/usr/bin/env bash
# The examples of examples/ that need no server run, and each checks its own results (exit 0).
# The Redis examples are run by scripts/integration, against its redis-server.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
js=tests/compat/js
passed=0 failed=0 skipped=0
# run NAME COMMAND...: passes when the example exits 0
run() {
	local name=$1 out rc
	shift
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok   $name"
		passed=$((passed + 1))
	else
		echo "FAIL $name (exit $rc)"
		echo "$out" | tail -10 | sed 's/^/     /'
		failed=$((failed + 1))
	fi
}
run examples/demo.php timeout 60 php -n -d extension="$ROOT/modules/msgpack.so" examples/demo.php
run examples/stream-pipe.php timeout 60 php -n -d extension="$ROOT/modules/msgpack.so" examples/stream-pipe.php
run examples/stream-feed.php timeout 60 php -n -d extension="$ROOT/modules/msgpack.so" examples/stream-feed.php
run examples/ext-type.php timeout 60 php -n -d extension="$ROOT/modules/msgpack.so" examples/ext-type.php
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "skipped examples/node-exchange.php: node and npm are not installed"
	skipped=$((skipped + 1))
elif [ ! -f "$js/node_modules/@msgpack/msgpack/package.json" ] &&
	! (cd "$js" && npm install --no-package-lock --no-audit --no-fund >/dev/null 2>&1); then
	echo "skipped examples/node-exchange.php: npm install of @msgpack/msgpack failed"
	skipped=$((skipped + 1))
else
	MSGPACK_JS_MODULES=$PWD/$js run examples/node-exchange.php timeout 60 php -n -d extension="$ROOT/modules/msgpack.so" examples/node-exchange.php
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
