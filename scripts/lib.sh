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

# build_extension: phpize + configure once, then make; leaves modules/msgpack.so.
build_extension() {
	apt_ensure "php$PHP_VERSION_DEB-dev" "php$PHP_VERSION_DEB-apcu" make gcc || return 1
	cd "$ROOT" || return 1
	if [ ! -f Makefile ] || [ config.m4 -nt Makefile ]; then
		phpize >/dev/null && ./configure -q >/dev/null || return 1
	fi
	make -s -j"$(nproc)" >/dev/null || { make 2>&1 | grep -E 'error' >&2; return 1; }
	[ -f modules/msgpack.so ]
}

# The PHP to test with: no ini files, exactly one module named msgpack (ours).
php_with_ext() {
	php -n -d extension="$ROOT/modules/msgpack.so" "$@"
}
