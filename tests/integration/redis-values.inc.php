<?php
// scripts/integration: values through phpredis with Redis::SERIALIZER_MSGPACK.
//   write SIDE              stores every value under it:SIDE:NAME
//   read SIDE               reads them back; each must serialize() as the original does
//   same-bytes A B          the raw bytes stored under it:A: and it:B: are the same
//   same-session A B        the raw bytes of the sessions A and B are the same
// serialize() compares everything: classes, visibility, shared objects and references.
require __DIR__ . '/values.inc.php';

[, $mode, $a] = $argv + [null, null, null];
$b = $argv[3] ?? null;
$fails = 0;
$fail = function (string $what) use (&$fails) {
    echo "FAIL $what\n";
    $fails++;
};

switch ($mode) {
    case 'write':
        $r = integration_redis();
        foreach (integration_values() as $name => $value) {
            $r->set("it:$a:$name", $value) || $fail("set $name");
        }
        break;
    case 'read':
        $r = integration_redis();
        foreach (integration_expected(integration_values()) as $name => $value) {
            $got = $r->get("it:$a:$name");
            if (serialize($got) !== serialize($value)) {
                $fail("$name: read back " . substr(var_export(serialize($got), true), 0, 300));
            }
        }
        break;
    case 'same-bytes':
        $r = integration_redis(Redis::SERIALIZER_NONE);
        foreach (integration_values() as $name => $value) {
            $x = $r->get("it:$a:$name");
            $y = $r->get("it:$b:$name");
            if ($x === false || $x !== $y) {
                $fail("$name: $a wrote " . substr(bin2hex((string) $x), 0, 120)
                    . ", $b wrote " . substr(bin2hex((string) $y), 0, 120));
            }
        }
        break;
    case 'same-session':
        $r = integration_redis(Redis::SERIALIZER_NONE);
        $x = $r->get("PHPREDIS_SESSION:itsess$a");
        $y = $r->get("PHPREDIS_SESSION:itsess$b");
        if ($x === false || $x !== $y) {
            $fail('session bytes differ: ' . strlen((string) $x) . ' and ' . strlen((string) $y) . ' bytes');
        }
        break;
    default:
        fwrite(STDERR, "usage: write|read SIDE, same-bytes|same-session A B\n");
        exit(2);
}
echo $fails ? "$fails failed\n" : "ok\n";
exit($fails ? 1 : 0);
