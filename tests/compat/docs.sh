#!/usr/bin/env bash
# The documentation cannot drift: every ```php, ```sh, ```js and ```python block and every marked
# table of README.md, CONTRIBUTING.md and docs/*.md runs (php with this build, blocks marked
# <!-- run: pecl-2.2 --> with Debian's PECL msgpack 2.2, in a process of its own; sh with bash in the
# root; js with node and the packages of tests/compat/js; python with Debian's python3-msgpack),
# what it prints must be what its results show, and every byte string of the prose must be one that
# a checked block or table shows. The examples run as their own run lines say (php -n ...), the
# Redis ones against a redis-server started here when a phpredis built with msgpack is at hand (the
# one scripts/integration builds and caches).
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
# the js blocks need node, @msgpack/msgpack and msgpackr (installed as tests/compat/js.bash installs
# them); without them they are skipped, which CI counts as a failure
node=()
if command -v node >/dev/null; then
	js=tests/compat/js
	if { [ ! -f "$js/node_modules/@msgpack/msgpack/package.json" ] || [ ! -f "$js/node_modules/msgpackr/package.json" ]; } &&
		command -v npm >/dev/null; then
		(cd "$js" && npm install --no-package-lock --no-audit --no-fund >/dev/null 2>&1)
	fi
	[ -f "$js/node_modules/@msgpack/msgpack/package.json" ] && [ -f "$js/node_modules/msgpackr/package.json" ] && node=(node)
fi
# the python blocks need a python3 that imports msgpack: Debian's python3-msgpack (PyPI is not
# used); a python3 of pyenv or a virtualenv first in PATH may not have it, /usr/bin/python3 does
python=()
find_python() {
	local p
	for p in python3 /usr/bin/python3; do
		if command -v "$p" >/dev/null && "$p" -c 'import msgpack' 2>/dev/null; then
			python=("$(command -v "$p")")
			return 0
		fi
	done
	return 1
}
find_python || { apt_ensure python3-msgpack >/dev/null 2>&1 && find_python; }
# the Redis examples: a phpredis built with msgpack (scripts/integration builds it once, into the
# cache) and a redis-server of our own on a free port, without persistence
redis_pid=
tmp=$(mktemp -d)
cleanup() {
	if [ -n "$redis_pid" ]; then
		kill "$redis_pid" 2>/dev/null
		wait "$redis_pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
redis_so=$(msgpack_cache_dir)/phpredis/redis.so
if [ -f "$redis_so" ] && command -v redis-server >/dev/null && command -v redis-cli >/dev/null; then
	port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo explode(":", stream_socket_get_name($s, false))[1];')
	redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --dir "$tmp" --daemonize no \
		--protected-mode yes --loglevel warning >"$tmp/redis.log" 2>&1 &
	redis_pid=$!
	for _ in $(seq 50); do
		if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then
			export REDIS_SO=$redis_so MSGPACK_REDIS_PORT=$port
			break
		fi
		sleep 0.1
	done
fi
php -n tests/compat/docs.php "$(json php -n -d extension="$ours")" "$(json php -n -d extension="$ref")" \
	"$(json "${node[@]}")" "$(json "${python[@]}")" README.md CONTRIBUTING.md docs/*.md examples/*.php
