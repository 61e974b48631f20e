#!/usr/bin/env bash
# The request state after the script, over many requests of one process: `php -S` with
# late-phases.inc.php as its router, on the debug ZTS PHP 8.4 of scripts/php-build (where a leak
# report or a Zend assertion is printed by the server) and on Debian's PHP 8.2 under valgrind.
# Each request packs and unpacks with every piece of request state in the script, in shutdown
# functions, destructors at shutdown, an output handler and the session write (which runs after
# this extension's RSHUTDOWN); every response must be right, and the server must report nothing:
# no leak, no assertion, no valgrind error, no crash.
# Prints the failures, then exactly one last line: N passed, N failed, N skipped.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/msgpack-late.XXXXXX")
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0

# serve LABEL REQUESTS PHP... : php -S on a free port, REQUESTS requests, then the checks
serve() {
	local label=$1 requests=$2 port log=$tmp/$1.log expect got i bad=0
	shift 2
	port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo explode(":", stream_socket_get_name($s, false))[1];')
	"$@" -S "127.0.0.1:$port" "$here/late-phases.inc.php" >"$log" 2>&1 &
	server=$!
	for i in $(seq 1 100); do
		php -n -r 'exit(@fsockopen("127.0.0.1", (int) $argv[1]) ? 0 : 1);' "$port" && break
		sleep 0.2
	done
	expect=$(printf '%s: ok\n' script 'shutdown function' 'destructor at shutdown' 'output handler')
	for i in $(seq 1 "$requests"); do
		got=$(php -n -r 'echo @file_get_contents("http://127.0.0.1:$argv[1]/?n=$argv[2]");' "$port" "$i")
		[ "$got" = "$expect" ] || { bad=$((bad + 1)); [ $bad -le 3 ] && echo "   request $i: $(echo "$got" | tr '\n' '|')"; }
	done
	kill "$server" 2>/dev/null
	wait "$server" 2>/dev/null
	server=
	if [ $bad -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $label: $bad of $requests responses wrong"; fi
	# the session writes, logged by the server (after the response)
	got=$(grep -c 'session write: ok' "$log")
	if [ "$got" -eq "$requests" ] && [ "$(grep -c 'session data: ok' "$log")" -eq "$requests" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $label: $got of $requests session writes right"
	fi
	if grep -qE 'Freeing 0x|leaked|Assertion|Segmentation|Invalid (read|write)|uninitialised|ERROR SUMMARY: [1-9]|Fatal|Warning' "$log"; then
		failed=$((failed + 1))
		echo "FAIL $label: the server reported:"
		grep -E 'Freeing 0x|leaked|Assertion|Segmentation|Invalid (read|write)|uninitialised|ERROR SUMMARY|Fatal|Warning' "$log" | head -5 | sed 's/^/   /'
	else
		passed=$((passed + 1))
	fi
}

config=$("$root/scripts/php-build" 8.4-debug-zts 2>"$tmp/php-build.log" | tail -1)
if [ -x "$config" ] && build_extension_for "$config" "$tmp/zts"; then
	serve debug-zts 200 "$("$config" --prefix)/bin/php" -n -d extension="$tmp/zts/modules/msgpack.so"
else
	cat "$tmp/php-build.log" >&2
	failed=$((failed + 1))
	echo "FAIL: the debug ZTS PHP 8.4 or the extension for it could not be built"
fi
cd "$root"
if command -v valgrind >/dev/null && [ -f "$root/modules/msgpack.so" ]; then
	USE_ZEND_ALLOC=0 serve valgrind-8.2 20 valgrind -q --error-exitcode=0 php -n -d extension="$root/modules/msgpack.so"
else
	failed=$((failed + 1))
	echo "FAIL: valgrind or modules/msgpack.so missing"
fi
echo "$passed passed, $failed failed, 0 skipped"
[ $failed -eq 0 ]
