#!/usr/bin/env bash
# Cross-language: what this extension packs decodes to the same values with the official
# JavaScript implementation (@msgpack/msgpack, an npm dev dependency in tests/compat/js), and
# what that packs (bin, ext, timestamps, 64-bit integers included) unpacks right here.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
. tests/compat/js.bash
require_js_package @msgpack/msgpack
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
php_with_ext tests/compat/cross-js.php emit >"$tmp/php.json" || echo "FAIL: php emit"
run "php -> js" node "$js/cross.mjs" check "$tmp/php.json"
(cd "$js" && node cross.mjs emit) >"$tmp/js.json" || echo "FAIL: js emit"
run "js -> php" php_with_ext tests/compat/cross-js.php check "$tmp/js.json"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
