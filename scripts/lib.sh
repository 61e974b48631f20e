# Shared by the scripts: installs what is missing and builds the extension.
# Sourced, not run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHP_VERSION_DEB=8.2

# apt_ensure PACKAGE... : installs the Debian packages that are not installed yet (as root).
apt_ensure() {
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		echo "missing packages: ${missing[*]} (run as root, or install them)" >&2
		return 1
	fi
	echo "installing ${missing[*]}" >&2
	if [ ! -f /var/lib/apt/.msgpack-updated ] ; then
		apt-get update -qq >&2 && touch /var/lib/apt/.msgpack-updated
	fi
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# Compiler flags of every build. -Wextra warns of parameters a function leaves unused; Zend's
# function macros (PHP_FUNCTION, PHP_MINIT_FUNCTION, ZEND_INI_MH, PS_SERIALIZER_*_FUNC...) impose
# such parameters, and those warnings point into PHP's headers: build_warnings tolerates only them.
EXT_CFLAGS="-g -O2 -Wall -Wextra"

# build_extension [--full]: phpize + configure once, then make; leaves modules/msgpack.so and the
# compiler's diagnostics in build.log. --full compiles every file again, so that build.log holds
# the warnings of all of them.
build_extension() {
	apt_ensure "php$PHP_VERSION_DEB-dev" "php$PHP_VERSION_DEB-apcu" make gcc || return 1
	cd "$ROOT" || return 1
	if [ ! -f Makefile ] || [ config.m4 -nt Makefile ] || ! grep -q '^CFLAGS = .*-Wextra' Makefile; then
		phpize >/dev/null && ./configure -q CFLAGS="$EXT_CFLAGS" >/dev/null || return 1
	fi
	if [ "${1:-}" = --full ]; then
		make -s clean >/dev/null
	fi
	make_module "$ROOT" "$ROOT/build.log"
}

# build_extension_for PHP_CONFIG DIR: builds the extension for another PHP (its phpize and
# php-config) in DIR, a copy of the sources, so that the build in the repository stays as it is.
# Leaves DIR/modules/msgpack.so and DIR/build.log.
build_extension_for() {
	local php_config=$1 dir=$2 bindir
	bindir=$("$php_config" --prefix)/bin
	mkdir -p "$dir" || return 1
	cp "$ROOT"/config.m4 "$ROOT"/config.w32 "$ROOT"/*.c "$ROOT"/*.h "$dir"/ || return 1
	(cd "$dir" && "$bindir/phpize" >/dev/null 2>&1 &&
		./configure -q --with-php-config="$php_config" CFLAGS="$EXT_CFLAGS" >/dev/null) || return 1
	make_module "$dir" "$dir/build.log"
}

# make_module DIR LOG: make in DIR, the compiler's diagnostics in LOG; on failure, prints the errors.
make_module() {
	local dir=$1 log=$2
	if ! make -C "$dir" -s -j"$(nproc)" >/dev/null 2>"$log"; then
		grep -E 'error' "$log" >&2
		return 1
	fi
	[ -f "$dir/modules/msgpack.so" ]
}

# build_warnings LOG PHP_INCLUDE_DIR: prints the warnings of LOG that are not tolerated (see
# EXT_CFLAGS): every one but an unused parameter located in PHP's own headers.
build_warnings() {
	awk -v inc="$2/" '
		/warning:/ && !(index($0, inc) == 1 && /\[-Wunused-parameter\]$/) { print }' "$1"
}

# The PHP to test with: no ini files, exactly one module named msgpack (ours).
php_with_ext() {
	php -n -d extension="$ROOT/modules/msgpack.so" "$@"
}
