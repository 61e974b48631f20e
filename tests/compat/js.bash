# Sourced by the cross-language scripts (cross-js.sh, cross-records.sh; not named *.sh, which
# scripts/test runs): the npm dev dependencies in tests/compat/js, and the tally of both sides.
js=tests/compat/js
passed=0 failed=0

skip() {
	echo "skipped: $1"
	echo "0 passed, 0 failed, 2 skipped"
	exit 0
}

# require_js_package NAME: node and npm, and NAME installed in $js (npm install once), or skip.
require_js_package() {
	command -v node >/dev/null && command -v npm >/dev/null || skip "node and npm are not installed"
	if [ ! -f "$js/node_modules/$1/package.json" ]; then
		(cd "$js" && npm install --no-package-lock --no-audit --no-fund >/dev/null 2>&1) ||
			skip "npm install of $1 failed"
	fi
}

# run LABEL COMMAND...: a side that prints FAIL lines and "N passed, N failed"; the lines
# matching $shown (default: the FAIL lines) are echoed.
run() {
	local out line
	out=$("${@:2}" 2>&1)
	echo "$out" | grep -E "${shown:-^FAIL}" | head -20
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
