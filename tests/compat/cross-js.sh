#!/usr/bin/env bash
# Cross-language: what this extension packs decodes to the same values with the official
# JavaScript implementation (@msgpack/msgpack, an npm dev dependency in tests/compat/js), and
# what that packs (bin, ext, timestamps, 64-bit integers included) unpacks right here.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
js=tests/compat/js
skip() {
	echo "skipped: $1"
	echo "0 passed, 0 failed, 2 skipped"
	exit 0
}
command -v node >/dev/null && command -v npm >/dev/null || skip "node and npm are not installed"
if [ ! -f "$js/node_modules/@msgpack/msgpack/package.json" ]; then
	(cd "$js" && npm install --no-package-lock --no-audit --no-fund >/dev/null 2>&1) ||
		skip "npm install of @msgpack/msgpack failed"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
# run LABEL COMMAND...: a side that prints FAIL lines and "N passed, N failed"
run() {
	local out line
	out=$("${@:2}" 2>&1)
	echo "$out" | grep '^FAIL' | head -20
	line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
	if [ -z "$line" ]; then
		echo "FAIL $1: $(echo "$out" | tail -3)"
		failed=$((failed + 1))
		return
	fi
	echo "$1: $line"
	passed=$((passed + ${line%% passed*}))
	failed=$((failed + $(echo "$line" | sed 's/.* passed, \([0-9]*\) failed.*/\1/')))
}
php_with_ext tests/compat/cross-js.php emit >"$tmp/php.json" || echo "FAIL: php emit"
run "php -> js" node "$js/cross.mjs" check "$tmp/php.json"
(cd "$js" && node cross.mjs emit) >"$tmp/js.json" || echo "FAIL: js emit"
run "js -> php" php_with_ext tests/compat/cross-js.php check "$tmp/js.json"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
