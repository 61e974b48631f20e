#!/usr/bin/env bash
# composer.json, which PIE installs from: valid for Composer, and its php-ext block in step with
# the module and config.m4.
# Debian 12's Composer (2.5) predates the "php-ext" property PIE reads: its schema rejects that
# one property, so it is the one complaint `composer validate --strict` may make here.
cd "$(dirname "$0")/../.."
passed=0 failed=0
check() {
	if [ "$2" = ok ]; then
		echo "ok   $1"
		passed=$((passed + 1))
	else
		echo "FAIL $1: $2"
		failed=$((failed + 1))
	fi
}
if ! command -v composer >/dev/null; then
	echo "skipped: composer is not installed"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
out=$(COMPOSER_NO_INTERACTION=1 composer validate --strict --no-ansi 2>&1)
rc=$?
# the complaints: the list items under its "# ... errors/warnings" headings
complaints=$(echo "$out" | grep '^- ' | grep -v '^- The property php-ext is not defined and the definition does not allow additional properties$')
if [ $rc -eq 0 ] || { [ -z "$complaints" ] && echo "$out" | grep -q 'is valid'; }; then
	check "composer validate (strict; php-ext is newer than this Composer's schema)" ok
else
	check "composer validate" "$(echo "$out" | tr '\n' ' ')"
fi
check "php-ext block matches the module and config.m4" "$(php -n -r '
	$c = json_decode(file_get_contents("composer.json"), true, 512, JSON_THROW_ON_ERROR);
	$m4 = file_get_contents("config.m4");
	preg_match("/#define PHP_MSGPACK_EXTNAME \"([^\"]+)\"/", file_get_contents("php_msgpack.h"), $m);
	$problems = [];
	if (($c["type"] ?? null) !== "php-ext") $problems[] = "type is not php-ext";
	if (($c["php-ext"]["extension-name"] ?? null) !== $m[1]) $problems[] = "extension-name is not $m[1]";
	foreach ($c["php-ext"]["configure-options"] ?? [] as $o) {
		if (!preg_match("/^[a-z][a-z0-9-]*$/", $o["name"] ?? "")) $problems[] = "bad option name";
		elseif (!str_contains($m4, "--" . $o["name"] . "]") && !str_contains($m4, "--" . $o["name"] . "[")) $problems[] = "config.m4 has no --{$o["name"]}";
		if (($o["description"] ?? "") === "") $problems[] = "option {$o["name"]} has no description";
	}
	echo $problems ? implode("; ", $problems) : "ok";
')"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
