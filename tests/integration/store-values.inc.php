<?php
// scripts/integration: values through phpredis (Redis::SERIALIZER_MSGPACK) or php-memcached
// (Memcached::SERIALIZER_MSGPACK); STORE is redis or memcached.
//   STORE write SIDE              stores every value under it:SIDE:NAME
//   STORE read SIDE               reads them back; each must serialize() as expected
//   STORE same-bytes A B          the raw bytes stored under it:A: and it:B: are the same
//   STORE same-session A B        the raw bytes of the sessions A and B are the same
// serialize() compares everything: classes, visibility, shared objects and references.
require __DIR__ . '/values.inc.php';

[, $store, $mode, $a] = $argv + [null, null, null, null];
$b = $argv[4] ?? null;
$fails = 0;
$fail = function (string $what) use (&$fails) {
    echo "FAIL $what\n";
    $fails++;
};

switch ($mode) {
    case 'write':
        $r = integration_client($store);
        foreach (integration_values() as $name => $value) {
            $r->set("it:$a:$name", $value) || $fail("set $name");
        }
        break;
    case 'read':
        $r = integration_client($store);
        foreach (integration_expected(integration_values()) as $name => $value) {
            $got = $r->get("it:$a:$name");
            if (serialize($got) !== serialize($value)) {
                $fail("$name: read back " . substr(var_export(serialize($got), true), 0, 300));
            }
        }
        break;
    case 'same-bytes':
        foreach (integration_values() as $name => $value) {
            $x = integration_raw($store, "it:$a:$name");
            $y = integration_raw($store, "it:$b:$name");
            if ($x === null || $x !== $y) {
                $fail("$name: $a wrote " . substr(bin2hex((string) $x), 0, 120)
                    . ", $b wrote " . substr(bin2hex((string) $y), 0, 120));
            }
        }
        break;
    case 'same-session':
        $x = integration_raw($store, integration_session_key($store, "itsess$a"));
        $y = integration_raw($store, integration_session_key($store, "itsess$b"));
        if ($x === null || $x !== $y) {
            $fail('session bytes differ: ' . strlen((string) $x) . ' and ' . strlen((string) $y) . ' bytes');
        }
        break;
    default:
        fwrite(STDERR, "usage: redis|memcached write|read SIDE, same-bytes|same-session A B\n");
        exit(2);
}
echo $fails ? "$fails failed\n" : "ok\n";
exit($fails ? 1 : 0);
