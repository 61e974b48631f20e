#!/usr/bin/env bash
# Cross-language records (msgpackr's ext 0x72): what this extension packs with
# MsgPack\Packer::RECORDS, msgpackr (an npm dev dependency in tests/compat/js) reads, byte for byte
# what msgpackr writes where asked; what msgpackr packs with useRecords (shared structures,
# sequential streams, twitter.json and citm_catalog.json of ../shared/bench-data when present)
# MsgPack\Unpacker::RECORDS reads.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
js=tests/compat/js
data=$(cd .. && pwd)/shared/bench-data
skip() {
	echo "skipped: $1"
	echo "0 passed, 0 failed, 2 skipped"
	exit 0
}
command -v node >/dev/null && command -v npm >/dev/null || skip "node and npm are not installed"
if [ ! -f "$js/node_modules/msgpackr/package.json" ]; then
	(cd "$js" && npm install --no-package-lock --no-audit --no-fund >/dev/null 2>&1) ||
		skip "npm install of msgpackr failed"
fi
[ -d "$data" ] || echo "note: $data is absent, the benchmark documents are skipped"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
# run LABEL COMMAND...: a side that prints FAIL lines and "N passed, N failed"
run() {
	local out line
	out=$("${@:2}" 2>&1)
	echo "$out" | grep -E '^FAIL|bytes' | head -20
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
php_with_ext tests/compat/cross-records.php emit "$data" >"$tmp/php.json" || echo "FAIL: php emit"
run "php -> msgpackr" node "$js/records.mjs" check "$tmp/php.json"
(cd "$js" && node records.mjs emit "$data") >"$tmp/js.json" || echo "FAIL: msgpackr emit"
run "msgpackr -> php" php_with_ext tests/compat/cross-records.php check "$tmp/js.json"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
