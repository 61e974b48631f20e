#!/usr/bin/env bash
# Differential test against PECL msgpack on 32-bit PHP: Debian's PECL msgpack 2.2 for i386, on
# Debian's PHP 8.2 for i386 (its packages unpacked into a cache directory, not installed), against
# this extension on the i386 PHP 8.4 of scripts/php-build. The inputs are ints of every format and
# width, alone, in lists and as map keys; msgpack_unpack() must give what PECL gives, value and
# warnings, but where PECL truncates an int64 beyond 32 bits to its low 32 bits: there this
# extension gives the decimal string (docs/compatibility.md, "32-bit PHP"), and each such input
# is checked to be exactly that.
# Prints the failures, then exactly one last line: N passed, N failed, N skipped.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

skip() {
	echo "skipped: $1"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/msgpack-i386.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ours: PHP 8.4 for i386 and this extension built for it
config=$("$root/scripts/php-build" 8.4-i386 2>"$tmp/php-build.log" | tail -1)
[ -x "$config" ] || { cat "$tmp/php-build.log" >&2; skip "PHP 8.4 for i386 could not be built"; }
build_extension_for "$config" "$tmp/ours" 8.4-i386 || skip "the extension does not build for i386"
ours_php=$("$config" --prefix)/bin/php

# the reference: Debian's php8.2-cli and php8.2-msgpack for i386 with the libraries they load
ref_root=$(msgpack_cache_dir)/debian-i386-php8.2
if [ ! -x "$ref_root/usr/bin/php8.2" ]; then
	(
		set -e
		rm -rf "$ref_root.new" && mkdir -p "$ref_root.new/debs"
		cd "$ref_root.new/debs"
		apt-get download -qq php8.2-cli:i386 php8.2-common:i386 php8.2-msgpack:i386 libargon2-1:i386 \
			libedit2:i386 libpcre2-8-0:i386 libsodium23:i386 libssl3:i386 libxml2:i386 zlib1g:i386 \
			libbsd0:i386 libtinfo6:i386 libmd0:i386 libicu72:i386 liblzma5:i386 libstdc++6:i386 \
			libgcc-s1:i386 2>/dev/null
		for f in *.deb; do dpkg -x "$f" ..; done
	) >"$tmp/download.log" 2>&1 && rm -rf "$ref_root" && mv "$ref_root.new" "$ref_root" ||
		{ cat "$tmp/download.log" >&2; skip "Debian's PHP 8.2 and PECL msgpack for i386 could not be downloaded"; }
fi
ref_module=$(ls "$ref_root"/usr/lib/php/*/msgpack.so 2>/dev/null | head -1)
ref_php() {
	LD_LIBRARY_PATH="$ref_root/lib/i386-linux-gnu:$ref_root/usr/lib/i386-linux-gnu" \
		"$ref_root/usr/bin/php8.2" -n -d extension="$ref_module" "$@"
}
[ -n "$ref_module" ] && [ "$(ref_php -r 'echo PHP_INT_SIZE, phpversion("msgpack");')" = 42.2.0RC2 ] ||
	skip "the i386 reference (PHP 8.2, PECL msgpack 2.2.0RC2) does not run"

# the inputs, made by the host's PHP: "<format byte of the int> <hex>" per line
php -n -r '
	mt_srand(31);
	$ints = [];
	foreach (["cc" => 1, "cd" => 2, "ce" => 4, "cf" => 8, "d0" => 1, "d1" => 2, "d2" => 4, "d3" => 8] as $f => $n) {
		$edges = [str_repeat("00", $n), str_repeat("ff", $n), "7f" . str_repeat("ff", $n - 1), "80" . str_repeat("00", $n - 1)];
		if ($n === 8) {
			array_push($edges, "000000007fffffff", "0000000080000000", "00000000ffffffff", "0000000100000000",
				"ffffffff80000000", "ffffffff7fffffff", "fffffffeffffffff");
		}
		for ($i = 0; $i < 24; $i++) {
			$r = "";
			for ($j = 0; $j < $n; $j++) {
				$r .= sprintf("%02x", mt_rand(0, 255));
			}
			$edges[] = $r;
		}
		foreach ($edges as $e) {
			$ints[] = [$f, $f . $e];
		}
	}
	foreach ($ints as [$f, $h]) {
		echo "$f $h\n";                 // alone
		echo "$f 93{$h}01{$h}\n";       // in a list
		echo "$f 82{$h}a1760102\n";     // as a map key
	}
' >"$tmp/inputs.txt"

cat >"$tmp/driver.php" <<'PHP'
<?php
// each input: what msgpack_unpack() gives and the warnings it raises
$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[] = $msg; return true; });
foreach (file($argv[1], FILE_IGNORE_NEW_LINES) as $line) {
    [, $hex] = explode(' ', $line);
    $warnings = [];
    $v = msgpack_unpack(hex2bin($hex));
    echo str_replace("\n", ' ', var_export($v, true)), ' | ', implode(' / ', $warnings), "\n";
}
PHP
"$ours_php" -n -d extension="$tmp/ours/modules/msgpack.so" "$tmp/driver.php" "$tmp/inputs.txt" >"$tmp/ours.txt" 2>&1
ref_php "$tmp/driver.php" "$tmp/inputs.txt" >"$tmp/ref.txt" 2>&1

php -n -r '
	[$_, $inputs, $ours, $ref] = $argv;
	$inputs = file($inputs, FILE_IGNORE_NEW_LINES);
	$ours = file($ours, FILE_IGNORE_NEW_LINES);
	$ref = file($ref, FILE_IGNORE_NEW_LINES);
	$passed = $failed = $truncated = 0;
	if (count($ours) !== count($inputs) || count($ref) !== count($inputs)) {
		echo "FAIL: ", count($inputs), " inputs, ", count($ours), " results of ours, ", count($ref), " of the reference\n";
		echo "0 passed, 1 failed, 0 skipped\n";
		exit(1);
	}
	foreach ($inputs as $i => $line) {
		[$f, $hex] = explode(" ", $line);
		if ($ours[$i] === $ref[$i]) {
			$passed++;
			continue;
		}
		// where PECL truncates: an int64 (d3) beyond 32 bits (read here, by 64-bit PHP)
		if ($f === "d3") {
			$v = unpack("J", hex2bin(substr($hex, strpos($hex, "d3") + 2, 16)))[1];
			if ($v < -2147483648 || $v > 2147483647) {
				$low = $v & 0xffffffff;
				$low = $low >= 0x80000000 ? $low - 0x100000000 : $low;
				// var_export() writes PHP_INT_MIN of 32-bit PHP as -2147483647-1, but as a key
				$as_value = $low === -2147483648 ? "-2147483647-1" : (string) $low;
				if (in_array($ref[$i], [str_replace("\x27$v\x27", $as_value, $ours[$i]),
						str_replace("\x27$v\x27", (string) $low, $ours[$i])], true)) {
					$passed++;
					$truncated++;
					continue;
				}
			}
		}
		$failed++;
		if ($failed <= 20) {
			echo "FAIL $hex\n  ours:      {$ours[$i]}\n  reference: {$ref[$i]}\n";
		}
	}
	echo "(of which $truncated where PECL truncates an int64 and this extension gives the decimal string)\n";
	echo "$passed passed, $failed failed, 0 skipped\n";
	exit($failed ? 1 : 0);
' "$tmp/inputs.txt" "$tmp/ours.txt" "$tmp/ref.txt"
