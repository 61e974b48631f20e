#!/usr/bin/env bash
# The C API of php_msgpack.h: both functions are exported from msgpack.so with default
# visibility, and `make install` installs the header under include/php/ext/msgpack/.
cd "$(dirname "$0")/../.."
passed=0 failed=0
check() { # check DESCRIPTION COMMAND...
	if "${@:2}" >/dev/null 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
so=modules/msgpack.so
if [ ! -f "$so" ] || ! command -v nm >/dev/null; then
	echo "skipped: $so not built or nm missing"
	echo "0 passed, 0 failed, 4 skipped"
	exit 0
fi
check "php_msgpack_serialize is exported" sh -c "nm -D --defined-only $so | grep -qw 'T php_msgpack_serialize'"
check "php_msgpack_unserialize is exported" sh -c "nm -D --defined-only $so | grep -qw 'T php_msgpack_unserialize'"
check "PHP_MSGPACK_VERSION is a plain X.Y.Z of at least 3.0.0" sh -c \
	"grep -E '^#define PHP_MSGPACK_VERSION \"([3-9]|[1-9][0-9]+)\.[0-9]+\.[0-9]+\"$' php_msgpack.h"
root=$(mktemp -d)
check "make install puts php_msgpack.h under ext/msgpack/" sh -c \
	"make install INSTALL_ROOT=$root && test -f \"$root\$(php-config --include-dir)/ext/msgpack/php_msgpack.h\""
rm -rf "$root"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
