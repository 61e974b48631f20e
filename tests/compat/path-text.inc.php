<?php
// Shared by tests/compat/path-differential.inc.php and fuzz/harness.inc.php.

// A path as MsgPack\PathException::getPath() writes it.
function msgpack_test_path_text(array $steps): string
{
    $s = '$';
    foreach ($steps as $step) {
        if (is_int($step)) {
            $s .= "[$step]";
        } elseif (strlen($step) <= 64 && preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/', $step)) {
            $s .= ".$step";
        } else {
            $q = preg_replace_callback('/["\\\\]|[\x00-\x1f\x7f]/', fn ($m) => $m[0] === '"' || $m[0] === '\\'
                ? '\\' . $m[0] : sprintf('\\x%02x', ord($m[0])), substr($step, 0, 64));
            $s .= '["' . $q . (strlen($step) > 64 ? '..."' : '"') . ']';
        }
    }
    return $s;
}
