<?php
// Values read from a pipe as they arrive, in pieces of any size, with MessagePackUnpacker.
//   php -n -d extension=modules/msgpack.so examples/stream-pipe.php
// A producer process writes a log of events as consecutive MessagePack values, a few bytes at a
// time; this process reads whatever the pipe holds and takes out each value once it is whole.
// -n: no ini file, so that no other module named msgpack is loaded (docs/install.md).

if (($argv[1] ?? '') === 'relay') {
    // the producer: copies stdin to stdout in pieces of 1 to 37 bytes, with pauses
    mt_srand(1);
    $bytes = stream_get_contents(STDIN);
    for ($at = 0; $at < strlen($bytes); $at += $n) {
        $n = mt_rand(1, 37);
        fwrite(STDOUT, substr($bytes, $at, $n));
        fflush(STDOUT);
        if (mt_rand(0, 20) === 0) {
            usleep(1000);
        }
    }
    exit(0);
}

// this extension, not PECL msgpack: with the ini files, Debian's php8.2-msgpack may be the one loaded
if (!class_exists(MsgPack\Packer::class)) {
    fwrite(STDERR, 'msgpack ' . phpversion('msgpack') . " is loaded, not this extension: run php -n -d extension=modules/msgpack.so\n");
    exit(1);
}

$events = [];
for ($i = 0; $i < 200; $i++) {
    $events[] = ['seq' => $i, 'type' => ['login', 'view', 'buy'][$i % 3], 'at' => 1700000000 + $i,
        'payload' => str_repeat(chr(65 + $i % 26), $i % 50), 'amount' => $i * 1.25];
}
$stream = '';
foreach ($events as $e) {
    $stream .= msgpack_pack($e);
}

// The relay is a PHP without extensions: it only moves bytes.
$relay = proc_open([PHP_BINARY, '-n', __FILE__, 'relay'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $stream);
fclose($pipes[0]);

$unpacker = new MessagePackUnpacker();
$received = [];
$reads = 0;
while (!feof($pipes[1])) {
    $piece = fread($pipes[1], 64);
    if ($piece === false || $piece === '') {
        continue;
    }
    $reads++;
    $unpacker->feed($piece);
    while ($unpacker->execute()) {     // true each time a whole value is there
        $received[] = $unpacker->data();
        $unpacker->reset();
    }
}
fclose($pipes[1]);
proc_close($relay);

printf("%d bytes in %d reads: %d events, the last %s\n", strlen($stream), $reads, count($received),
    json_encode(end($received)));
var_dump($received === $events);
exit($received === $events ? 0 : 1);
