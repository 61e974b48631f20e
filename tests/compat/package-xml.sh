#!/usr/bin/env bash
# package.xml lists every shipped file (pecl package leaves out what it does not list).
cd "$(dirname "$0")/../.."
if out=$(php -n scripts/package-xml --check); then
	echo "$out"
	echo "1 passed, 0 failed"
else
	echo "$out"
	echo "0 passed, 1 failed"
	exit 1
fi
