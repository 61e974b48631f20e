# Sourced by the differential scripts (diff-*.sh; not named *.sh, which scripts/test runs):
# the two modules named msgpack, ours and the reference (Debian's PECL msgpack), which are
# never loaded in one process; and require_modules COUNT_FUNCTION, which skips the whole script,
# counting its checks as skipped (COUNT_FUNCTION prints how many; $present is the module that is
# there, if one is), unless both modules are there.
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/../.." && pwd)
ours=${MSGPACK_OURS:-$root/modules/msgpack.so}
ref=${MSGPACK_REFERENCE:-$(php -n -r 'echo PHP_EXTENSION_DIR;' 2>/dev/null)/msgpack.so}

require_modules() {
	local why=
	present=
	if [ ! -f "$ours" ]; then
		why="our extension $ours is not built"
		[ -f "$ref" ] && present=$ref
	elif [ ! -f "$ref" ]; then
		why="the reference extension (php-msgpack, $ref) is not installed"
		present=$ours
	else
		return 0
	fi
	echo "skipped: $why"
	echo "0 passed, 0 failed, $("$1" 2>/dev/null || echo 1) skipped"
	exit 0
}
