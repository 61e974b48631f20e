<?php
// scripts/integration: sessions with session.save_handler=redis or memcached, and
// session.serialize_handler=msgpack.
//   write SIDE   starts session itsessSIDE and stores integration_session() in it
//   read SIDE    reads session itsessSIDE; it must serialize() as integration_session() does
require __DIR__ . '/values.inc.php';

[, $mode, $side] = $argv + [null, null, null];
session_id("itsess$side");
if (!session_start()) {
    echo "FAIL session_start\n";
    exit(1);
}
if ($mode === 'write') {
    $_SESSION = integration_session();
    if (!session_write_close()) {
        echo "FAIL session_write_close\n";
        exit(1);
    }
} else {
    $got = $_SESSION;
    session_write_close();
    $expected = integration_session();
    $expected['values'] = integration_expected($expected['values']);
    if (serialize($got) !== serialize($expected)) {
        $g = serialize($got);
        $e = serialize($expected);
        for ($at = 0; $at < strlen($g) && $g[$at] === $e[$at]; $at++);
        echo 'FAIL read back ' . var_export(substr($g, max(0, $at - 150), 300), true)
            . ', expected ' . var_export(substr($e, max(0, $at - 150), 300), true) . "\n";
        exit(1);
    }
}
echo "ok\n";
