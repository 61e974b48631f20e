<?php
// A short tour of the compatible API (scripts/build runs it):
//   php -n -d extension=modules/msgpack.so examples/demo.php
// (-n: no ini file, so that no other module named msgpack is loaded; docs/install.md)

// this extension, not PECL msgpack: with the ini files, Debian's php8.2-msgpack may be the one loaded
if (!class_exists(MsgPack\Packer::class)) {
    fwrite(STDERR, 'msgpack ' . phpversion('msgpack') . " is loaded, not this extension: run php -n -d extension=modules/msgpack.so\n");
    exit(1);
}

$value = ['id' => 42, 'name' => 'Ada', 'tags' => ['php', 'msgpack'], 'score' => 9.5, 'active' => true];
$packed = msgpack_pack($value);
printf("packed %d bytes: %s\n", strlen($packed), bin2hex($packed));
var_dump(msgpack_unpack($packed) === $value);

// Objects keep their class (php_only mode, the default, as PECL msgpack writes them).
$obj = new ArrayObject([1, 2, 3]);
var_dump(msgpack_unpack(msgpack_pack($obj)) == $obj);

// The whole MessagePack spec: timestamps and ext values from other languages.
$ts = msgpack_unpack(hex2bin('d6ff5a4af6a5'));
printf("timestamp: %d s, %d ns\n", $ts->seconds, $ts->nanoseconds);
$ext = new MsgPack\Ext(5, "\x01\x02");
printf("ext round trip: %s\n", bin2hex(msgpack_pack(msgpack_unpack(msgpack_pack($ext)))));
