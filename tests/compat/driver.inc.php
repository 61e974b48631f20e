<?php
/*
 * One side of diff-reference.sh, run once with each extension:
 *   php driver.inc.php pack OUT             packs compat_values(): name => hex, as JSON
 *   php driver.inc.php unpack IN... OUT     decodes every hex of the IN files and the raw inputs:
 *                                           "file:name" => serialize() of the result and the
 *                                           warnings it raised, as JSON
 */
require __DIR__ . '/values.inc';

$mode = $argv[1] ?? '';
if ($mode === 'pack') {
    $out = [];
    foreach (compat_values() as $name => $value) {
        $bin = msgpack_pack($value);
        $out[$name] = $bin === false ? false : bin2hex($bin);
    }
    file_put_contents($argv[2], json_encode($out, JSON_THROW_ON_ERROR));
} elseif ($mode === 'unpack') {
    $outfile = array_pop($argv);
    $inputs = [];
    foreach (array_slice($argv, 2) as $file) {
        foreach (json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR) as $name => $hex) {
            $inputs[basename($file, '.json') . ":$name"] = $hex;
        }
    }
    foreach (compat_raw_inputs() as $name => $hex) {
        $inputs["raw:$name"] = $hex;
    }
    $out = [];
    foreach ($inputs as $name => $hex) {
        if ($hex === false) {
            continue;
        }
        $warnings = [];
        set_error_handler(function ($no, $msg) use (&$warnings) {
            $warnings[] = preg_replace('/ in \S+ on line \d+$/', '', $msg);
            return true;
        });
        $value = msgpack_unpack(hex2bin($hex));
        restore_error_handler();
        // serialize() keeps PHP references and tells -0.0 and NAN apart; floats in full precision
        ini_set('serialize_precision', '-1');
        $out[$name] = base64_encode(serialize($value)) . ' ' . implode(' | ', $warnings);
    }
    file_put_contents($outfile, json_encode($out, JSON_THROW_ON_ERROR));
} else {
    fwrite(STDERR, "usage: driver.inc.php pack OUT | unpack IN... OUT\n");
    exit(2);
}
