#!/usr/bin/env bash
# The layers of the extension (tests/compat/layers.php): no cycle among the object files of the
# build, every global symbol prefixed msgpack_, and msgpack.so exporting only the module entry
# and the C API of php_msgpack.h.
cd "$(dirname "$0")/../.."
if ! ls .libs/*.o >/dev/null 2>&1 || ! command -v nm >/dev/null; then
	echo "skipped: no build in .libs (scripts/build) or nm missing"
	echo "0 passed, 0 failed, 3 skipped"
	exit 0
fi
out=$(php -n tests/compat/layers.php .libs); rc=$?
echo "$out" | grep -v '^[0-9]* passed'
passed=$(echo "$out" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
failed=$(echo "$out" | sed -n 's/.* passed, \([0-9]*\) failed.*/\1/p')
[ -n "$passed" ] || { passed=0; failed=1; echo "FAIL: layers.php did not finish (rc $rc)"; }
exports=$(nm -D --defined-only modules/msgpack.so | awk '{print $3}' | sort | tr '\n' ' ')
if [ "$exports" = "get_module php_msgpack_serialize php_msgpack_unserialize " ]; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	echo "FAIL: msgpack.so exports more than get_module and the C API: $exports"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
