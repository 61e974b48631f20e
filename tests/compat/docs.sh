#!/usr/bin/env bash
# The documentation cannot drift: every ```php, ```sh and ```js block and every marked table of
# README.md, CONTRIBUTING.md and docs/*.md runs (php with this build, blocks marked
# <!-- run: pecl-2.2 --> with Debian's PECL msgpack 2.2, in a process of its own; sh with bash in the
# root; js with node and the packages of tests/compat/js), what it prints must be what its results
# show, and every byte string of the prose must be one that a checked block or table shows.
# Convention: CONTRIBUTING.md, "Docs". Prints the failures, then: N passed, N failed, N skipped.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
ours=${MSGPACK_OURS:-$ROOT/modules/msgpack.so}
ref=${MSGPACK_REFERENCE:-$(php -n -r 'echo PHP_EXTENSION_DIR;' 2>/dev/null)/msgpack.so}
if [ ! -f "$ref" ]; then
	apt_ensure "php$PHP_VERSION_DEB-msgpack" >/dev/null 2>&1 || true
fi
# a module missing fails the blocks that need it: never a skip
json() { php -n -r 'echo json_encode(array_slice($argv, 1));' -- "$@"; }
# the js blocks need node and @msgpack/msgpack (installed as tests/compat/js.bash installs it);
# without them they are skipped, which CI counts as a failure
node=()
if command -v node >/dev/null; then
	js=tests/compat/js
	if [ ! -f "$js/node_modules/@msgpack/msgpack/package.json" ] && command -v npm >/dev/null; then
		(cd "$js" && npm install --no-package-lock --no-audit --no-fund >/dev/null 2>&1)
	fi
	[ -f "$js/node_modules/@msgpack/msgpack/package.json" ] && node=(node)
fi
php -n tests/compat/docs.php "$(json php -n -d extension="$ours")" "$(json php -n -d extension="$ref")" \
	"$(json "${node[@]}")" README.md CONTRIBUTING.md docs/*.md
