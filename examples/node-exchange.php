<?php
// Requests to a Node.js process and its answers, as MessagePack over its stdin and stdout.
//   php -n -d extension=modules/msgpack.so examples/node-exchange.php
// needs node and @msgpack/msgpack (npm install @msgpack/msgpack, here or in the directory named
// by MSGPACK_JS_MODULES). -n: no ini file, so that no other module named msgpack is loaded. The
// MsgPack\ API: plain MessagePack, which any implementation reads, and errors as exceptions.

$node = proc_open(['node', __DIR__ . '/node-exchange.mjs'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
if (!$node) {
    fwrite(STDERR, "node could not be started\n");
    exit(1);
}
$packer = new MsgPack\Packer();

$requests = [
    ['describe', [1, -1, 1.5, 'text', null, true, [1, 2], ['k' => 'v'],
        new MsgPack\Timestamp(1700000000, 5), new MsgPack\Ext(7, "\x01"), new MsgPack\Bin("\x00\xff"),
        new MsgPack\Map([1, 2])]],
    ['sum', [1, 2.5, 3]],
    ['time', [1700000000123]],
    ['bytes', [4]],
    ['big', []],
    ['upper', ['héllo']],
    ['missing', []],
];
foreach ($requests as $id => [$method, $params]) {
    fwrite($pipes[0], $packer->pack(['id' => $id, 'method' => $method, 'params' => $params]));
}
fclose($pipes[0]);

// the answers arrive as a stream: foreach takes out each one once it is whole
$unpacker = new MsgPack\Unpacker();
$responses = [];
while (!feof($pipes[1]) && ($piece = fread($pipes[1], 8192)) !== false) {
    $unpacker->feed($piece);
    foreach ($unpacker as $r) {
        $responses[$r['id']] = $r;
    }
}
fclose($pipes[1]);
$status = proc_close($node);

// JSON, with a timestamp as [seconds, nanoseconds] and bytes that are not UTF-8 in hex
function show(mixed $v): string
{
    if ($v instanceof MsgPack\Timestamp) {
        return json_encode([$v->seconds, $v->nanoseconds]);
    }
    if (is_string($v) && !preg_match('//u', $v)) {
        return 'bytes ' . bin2hex($v);
    }
    return json_encode($v, JSON_UNESCAPED_UNICODE);
}

foreach ($responses as $id => $r) {
    printf("%-8s %s\n", $requests[$id][0], isset($r['error']) ? "error: {$r['error']}" : show($r['result']));
}

$ok = $status === 0 && count($responses) === count($requests) && $unpacker->remaining() === 0
    && $responses[0]['result'] === ['number', 'number', 'number', 'string', 'null', 'boolean', 'Array',
        'Object', 'Date', 'ExtData', 'Uint8Array', 'Object']
    && $responses[1]['result'] === 6.5
    && $responses[2]['result'] == new MsgPack\Timestamp(1700000000, 123000000)
    && $responses[3]['result'] === "\x00\x01\x02\x03"
    && $responses[4]['result'] === [PHP_INT_MIN, '18446744073709551615']
    && $responses[5]['result'] === 'HÉLLO'
    && $responses[6]['error'] === 'no method missing';
var_dump($ok);
exit($ok ? 0 : 1);
