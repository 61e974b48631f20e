#!/usr/bin/env bash
# The documentation cannot drift: every ```php block of README.md, CONTRIBUTING.md and docs/*.md
# runs with this build (blocks marked <!-- run: pecl-2.2 --> with Debian's PECL msgpack 2.2,
# in a process of its own) and what it prints must be what its result comments show.
# Convention: CONTRIBUTING.md, "Docs". Prints the failures, then: N passed, N failed.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
ours=${MSGPACK_OURS:-$ROOT/modules/msgpack.so}
ref=${MSGPACK_REFERENCE:-$(php -n -r 'echo PHP_EXTENSION_DIR;' 2>/dev/null)/msgpack.so}
if [ ! -f "$ref" ]; then
	apt_ensure "php$PHP_VERSION_DEB-msgpack" >/dev/null 2>&1 || true
fi
# a module missing fails the blocks that need it: never a skip
json() { php -n -r 'echo json_encode(array_slice($argv, 1));' -- "$@"; }
php -n tests/compat/docs.php "$(json php -n -d extension="$ours")" "$(json php -n -d extension="$ref")" \
	README.md CONTRIBUTING.md docs/*.md
