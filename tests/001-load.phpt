--TEST--
The extension loads under the name msgpack, with its functions, constants and classes
--FILE--
<?php
var_dump(extension_loaded('msgpack'));
foreach (['msgpack_pack', 'msgpack_unpack', 'msgpack_serialize', 'msgpack_unserialize'] as $f) {
    var_dump(function_exists($f));
}
var_dump(MESSAGEPACK_OPT_PHPONLY, MESSAGEPACK_OPT_ASSOC, MESSAGEPACK_OPT_FORCE_F32);
var_dump(class_exists('MsgPack\Ext'), class_exists('MsgPack\Timestamp'));
var_dump(phpversion('msgpack') === '3.1.0');
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(-1001)
int(-1002)
int(-1003)
bool(true)
bool(true)
bool(true)
