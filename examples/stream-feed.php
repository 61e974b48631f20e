<?php
// A stream of MessagePack values read with MsgPack\Unpacker: feed() what arrives, foreach takes
// out each value once it is whole, remaining() tells whether the stream stopped inside a value.
//   php -n -d extension=modules/msgpack.so examples/stream-feed.php
// A child process (a PHP without extensions: it only moves bytes) relays the stream in pieces
// of 1 to 37 bytes, as a socket or a pipe would deliver it.

if (($argv[1] ?? '') === 'relay') {
    mt_srand(2);
    $bytes = stream_get_contents(STDIN);
    for ($at = 0; $at < strlen($bytes); $at += $n) {
        $n = mt_rand(1, 37);
        fwrite(STDOUT, substr($bytes, $at, $n));
        fflush(STDOUT);
    }
    exit(0);
}

// what a producer in any language might write: log records with a timestamp and a binary id
$packer = new MsgPack\Packer();
$records = [];
$stream = '';
for ($i = 0; $i < 100; $i++) {
    $record = ['seq' => $i, 'level' => ['info', 'warn', 'error'][$i % 3],
        'at' => new MsgPack\Timestamp(1700000000 + $i, $i * 1000), 'id' => new MsgPack\Bin(md5("$i", true))];
    $records[] = $record;
    $stream .= $packer->pack($record);
}
$stream .= "\x82\xa3seq";   // a last record cut short: the producer died while writing it

$relay = proc_open([PHP_BINARY, '-n', __FILE__, 'relay'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $stream);
fclose($pipes[0]);

$unpacker = new MsgPack\Unpacker(MsgPack\Unpacker::TIMESTAMP_AS_DATETIME);
$received = [];
while (($piece = fread($pipes[1], 64)) !== false && $piece !== '') {
    $unpacker->feed($piece);
    foreach ($unpacker as $record) {   // each value decoded when the loop asks for it
        $received[] = $record;
    }
}
fclose($pipes[1]);
proc_close($relay);

$last = end($received);
printf("%d records, the last at %s, level %s; %d bytes of a record cut short\n", count($received),
    $last['at']->format('Y-m-d H:i:s.u'), $last['level'], $unpacker->remaining());

// every record came back: timestamps as DateTimeImmutable, bin as a PHP string
$ok = count($received) === count($records) && $unpacker->remaining() === 5;
foreach ($records as $i => $r) {
    $ok = $ok && $received[$i]['seq'] === $r['seq'] && $received[$i]['level'] === $r['level']
        && $received[$i]['id'] === $r['id']->data
        && $received[$i]['at'] == $r['at']->toDateTime();
}
var_dump($ok);
exit($ok ? 0 : 1);
