#!/usr/bin/env bash
# The layers of the extension (tests/compat/layers.php): the folders' order (module; api, compat;
# report; encode, decode; common) read off the object files of the build, every global symbol
# prefixed msgpack_, and msgpack.so exporting only the module entry and the C API of
# php_msgpack.h. The check must see every object file of the build, and is shown to fail on a
# planted upward call (an object file of src/common/ calling the MsgPack\ API): a check that
# reads nothing, or that reads past a violation, passes while checking nothing.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
want=$(msgpack_sources | wc -l)
if ! ls .libs/msgpack.o >/dev/null 2>&1 || ! command -v nm >/dev/null; then
	echo "skipped: no build in .libs (scripts/build) or nm missing"
	echo "0 passed, 0 failed, 4 skipped"
	exit 0
fi
out=$(php -n tests/compat/layers.php . "$want"); rc=$?
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

# The planted violation: the same objects, and one more in src/common/ that calls up into src/api/.
plant=$(mktemp -d "${TMPDIR:-/tmp}/msgpack-layers.XXXXXX")
trap 'rm -rf "$plant"' EXIT
(find .libs src -path '*/.libs/*.o' | tar -cf - -T -) | tar -xf - -C "$plant"
mkdir -p "$plant/src/common/.libs"
printf 'void msgpack_unpacker_api_register(void *ce);\nvoid msgpack_planted(void *ce) { msgpack_unpacker_api_register(ce); }\n' \
	>"$plant/planted.c"
if gcc -c -o "$plant/src/common/.libs/msgpack_planted.o" "$plant/planted.c"; then
	planted=$(php -n tests/compat/layers.php "$plant" "$((want + 1))"); prc=$?
	if [ $prc -ne 0 ] && grep -q 'common -> api: common/msgpack_planted: msgpack_unpacker_api_register' <<<"$planted"; then
		passed=$((passed + 1))
		echo "   a planted upward call is refused: $(grep -m1 'common -> api' <<<"$planted" | sed 's/^ *//')"
	else
		failed=$((failed + 1))
		echo "FAIL: the planted call from src/common/ up to src/api/ went unnoticed:"
		echo "$planted" | sed 's/^/   /'
	fi
else
	failed=$((failed + 1))
	echo "FAIL: the planted object file could not be compiled"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
