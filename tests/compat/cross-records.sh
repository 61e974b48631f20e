#!/usr/bin/env bash
# Cross-language records (msgpackr's ext 0x72): what this extension packs with
# MsgPack\Packer::RECORDS, msgpackr (an npm dev dependency in tests/compat/js) reads, byte for byte
# what msgpackr writes where asked; what msgpackr packs with useRecords (shared structures,
# sequential streams, twitter.json and citm_catalog.json of ../shared/bench-data when present)
# MsgPack\Unpacker::RECORDS reads.
cd "$(dirname "$0")/../.."
. scripts/lib.sh
. tests/compat/js.bash
data=$(cd .. && pwd)/shared/bench-data
require_js_package msgpackr
[ -d "$data" ] || echo "note: $data is absent, the benchmark documents are skipped"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shown='^FAIL|bytes'
php_with_ext tests/compat/cross-records.php emit "$data" >"$tmp/php.json" || echo "FAIL: php emit"
run "php -> msgpackr" node "$js/records.mjs" check "$tmp/php.json"
(cd "$js" && node records.mjs emit "$data") >"$tmp/js.json" || echo "FAIL: msgpackr emit"
run "msgpackr -> php" php_with_ext tests/compat/cross-records.php check "$tmp/js.json"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
