#!/usr/bin/env bash
# docs/reference.md: an entry, with its exact signature, for every public symbol of the module (every
# function, class, constant, property, method and INI setting, found through Reflection), none for
# a symbol it does not have, and a contents list linking them all (tests/compat/reference-entries.inc.php).
# A missing entry's skeleton: php -n -d extension=modules/msgpack.so scripts/reference-skeleton
cd "$(dirname "$0")/../.."
so=${MSGPACK_OURS:-$PWD/modules/msgpack.so}
if [ ! -f "$so" ]; then
	# a module missing is a failure, never a skip: the reference would go unchecked
	echo "FAIL: $so is not built"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
php -n -d extension="$so" tests/compat/reference-entries.inc.php docs/reference.md
