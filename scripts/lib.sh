# Shared by the scripts: installs what is missing and builds the extension.
# Sourced, not run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHP_VERSION_DEB=8.2

# msgpack_cache_dir: prints the directory for builds kept between runs (PHP of the test matrix,
# phpredis): $MSGPACK_PHP_CACHE, else /var/cache/msgpack-php as root, else ~/.cache/msgpack-php.
msgpack_cache_dir() {
	if [ -n "${MSGPACK_PHP_CACHE:-}" ]; then
		echo "$MSGPACK_PHP_CACHE"
	elif [ "$(id -u)" = 0 ]; then
		echo /var/cache/msgpack-php
	else
		echo "${XDG_CACHE_HOME:-$HOME/.cache}/msgpack-php"
	fi
}

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
	# --no-remove: a package of another architecture must never take one of the machine's away
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends --no-remove "${missing[@]}" >&2
}

# platform_of VARIANT: what a PHP variant of the test matrix (scripts/php-build) is built for and
# run with. Sets platform_triplet (Debian's multiarch name), platform_host (configure's --host,
# empty for x86-64), platform_cc, platform_runner (the qemu-user command that runs its programs,
# empty where they run natively; the libraries are those of Debian's multiarch packages, so qemu needs
# no sysroot) and platform_packages (the Debian packages it needs).
platform_of() {
	platform_triplet=x86_64-linux-gnu platform_host= platform_cc=gcc platform_runner= platform_packages=
	case "$1" in
		8.4 | 8.4-debug-zts) ;;
		8.4-i386)
			# gcc-12-multilib, not gcc-multilib: the latter conflicts with the cross compilers. What
			# gcc-multilib would add is the kernel's asm/ headers for -m32 (x86-64's serve both
			# widths); they come from a directory of the cache (platform_ensure), searched last.
			# linux-libc-dev:i386 is no way to get them: when its version differs from amd64's,
			# apt removes libc6-dev to install it.
			platform_triplet=i386-linux-gnu platform_host=i686-linux-gnu
			platform_cc="gcc -m32 -idirafter $(msgpack_cache_dir)/i386-include"
			platform_packages="gcc-12-multilib libgmp-dev:i386 libc6:i386"
			;;
		8.4-s390x | 8.4-arm64)
			local arch=${1#8.4-} qemu
			qemu=$arch
			[ "$arch" = arm64 ] && qemu=aarch64
			platform_triplet=$qemu-linux-gnu platform_host=$qemu-linux-gnu
			platform_cc=$qemu-linux-gnu-gcc
			platform_runner="qemu-$qemu-static"
			# the compiler only recommends the C library to link against
			platform_packages="gcc-$qemu-linux-gnu libc6-dev-$arch-cross qemu-user-static libgmp-dev:$arch libc6:$arch"
			;;
		*) return 1 ;;
	esac
}

# platform_ensure VARIANT: installs what building and running that variant needs (for a foreign
# architecture, Debian's multiarch libraries: its libgmp and libc).
platform_ensure() {
	platform_of "$1" || return 1
	[ -n "$platform_packages" ] || return 0
	local arch=
	case "$1" in
		8.4-i386) arch=i386 ;;
		8.4-s390x) arch=s390x ;;
		8.4-arm64) arch=arm64 ;;
	esac
	if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
		[ "$(id -u)" = 0 ] || { echo "the $arch architecture is not enabled in dpkg (run as root)" >&2; return 1; }
		dpkg --add-architecture "$arch" && rm -f /var/lib/apt/.msgpack-updated
	fi
	# shellcheck disable=SC2086
	apt_ensure $platform_packages >/dev/null || return 1
	if [ "$arch" = i386 ]; then
		mkdir -p "$(msgpack_cache_dir)/i386-include" &&
			ln -sfn /usr/include/x86_64-linux-gnu/asm "$(msgpack_cache_dir)/i386-include/asm"
	fi
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
		# the dependency files of a build before a source moved name a file that is gone
		find . -name '*.dep' -not -path './.git/*' -delete
		phpize >/dev/null && ./configure -q CFLAGS="$EXT_CFLAGS" >/dev/null || return 1
	fi
	if [ "${1:-}" = --full ]; then
		make -s clean >/dev/null
	fi
	make_module "$ROOT" "$ROOT/build.log"
}

# build_extension_for PHP_CONFIG DIR [VARIANT]: builds the extension for another PHP (its phpize
# and php-config) in DIR, a copy of the sources, so that the build in the repository stays as it
# is. VARIANT (of scripts/php-build) names the platform to compile for, when it is not x86-64.
# Leaves DIR/modules/msgpack.so and DIR/build.log.
build_extension_for() {
	local php_config=$1 dir=$2 bindir cross=()
	platform_of "${3:-8.4}" || return 1
	if [ -n "$platform_host" ]; then
		cross=(--host="$platform_host" --build=x86_64-linux-gnu CC="$platform_cc")
	fi
	bindir=$("$php_config" --prefix)/bin
	mkdir -p "$dir" || return 1
	cp "$ROOT"/config.m4 "$ROOT"/config.w32 "$ROOT"/*.c "$ROOT"/*.h "$dir"/ && cp -r "$ROOT"/src "$dir"/ || return 1
	# not the objects of the build in the repository (another PHP's, another platform's): make
	# would take a copy as up to date when it is not older than its source
	find "$dir/src" \( -name .libs -o -name '*.lo' -o -name '*.o' -o -name '*.dep' \) -prune -exec rm -rf {} + || return 1
	(cd "$dir" && "$bindir/phpize" >/dev/null 2>&1 &&
		./configure -q --with-php-config="$php_config" "${cross[@]}" CFLAGS="$EXT_CFLAGS" >"$dir/configure.log" 2>&1) ||
		{ tail -5 "$dir/configure.log" >&2; return 1; }
	make_module "$dir" "$dir/build.log"
}

# msgpack_sources: the C sources of the extension as config.m4 lists them (msgpack.c, then the
# files of src/ by layer), one per line, relative to the repository.
msgpack_sources() {
	echo msgpack.c
	sed -n 's/^ *MSGPACK_[A-Z]*_SOURCES="\(.*\)"$/\1/p' "$ROOT/config.m4" | tr ' ' '\n' | grep -v '^$'
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

# debian_source: prints "URI KEYRING" of the machine's main Debian archive (the one serving its
# own release), read from its deb822 .sources files or from sources.list. scripts/php-build and
# scripts/integration fetch source packages from it through a private apt configuration.
debian_source() {
	local codename f
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$codename" ] || return 1
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		# one stanza per paragraph; keep the one whose Suites name the release itself
		awk -v rel="$codename" '
			BEGIN { RS = ""; FS = "\n" }
			{
				uri = ""; key = ""; suites = ""
				for (i = 1; i <= NF; i++) {
					if ($i ~ /^URIs:/) { uri = $i; sub(/^URIs:[ \t]*/, "", uri); sub(/[ \t].*/, "", uri) }
					if ($i ~ /^Suites:/) { suites = " " $i " " }
					if ($i ~ /^Signed-By:/) { key = $i; sub(/^Signed-By:[ \t]*/, "", key) }
				}
				if (uri != "" && suites ~ (" " rel "[ \t]")) { print uri, key; exit }
			}' "$f"
	done | head -1 | grep . && return 0
	# one-line format: deb [options] URI SUITE COMPONENTS...
	[ -f /etc/apt/sources.list ] || return 1
	awk -v rel="$codename" '
		$1 == "deb" {
			i = 2; key = ""
			if ($2 ~ /^\[/) {
				for (; i <= NF; i++) {
					if ($i ~ /signed-by=/) { key = $i; sub(/.*signed-by=/, "", key); sub(/\]$/, "", key) }
					if ($i ~ /\]$/) { i++; break }
				}
			}
			if ($(i + 1) == rel) { print $i, key; exit }
		}' /etc/apt/sources.list | grep .
}
