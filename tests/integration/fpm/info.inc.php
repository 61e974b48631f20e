<?php
// scripts/integration (php-fpm behind nginx): which msgpack module the worker loaded. Ours is
// 3.x and has the MsgPack\ API; the distribution's PECL msgpack (2.2) must not be there.
header('Content-Type: text/plain');
echo json_encode([
    'msgpack' => phpversion('msgpack'),
    'api' => function_exists('MsgPack\pack'),
    'sapi' => PHP_SAPI,
    'serializer' => ini_get('session.serialize_handler'),
    'extensions' => get_loaded_extensions(),
]), "\n";
