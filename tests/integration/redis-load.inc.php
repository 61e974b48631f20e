<?php
// scripts/integration's load worker: until DEADLINE (a Unix time), sets and gets values of mixed
// kinds and sizes on keys shared by all workers, and writes and reads sessions shared by them too.
// Each value carries a CRC32 of its contents: a value read must be one some worker wrote whole.
// Errors (the server is killed once mid-run) are counted with their times, the worker reconnects
// and carries on. Prints one JSON line of figures, and a CORRUPT line per bad value.
//   php ... redis-load.inc.php WORKER DEADLINE
require __DIR__ . '/values.inc.php';

[, $worker, $deadline] = $argv;
$worker = (int) $worker;
$deadline = (float) $deadline;
mt_srand($worker * 7919);

$stats = ['worker' => $worker, 'ops' => 0, 'sets' => 0, 'gets' => 0, 'hits' => 0, 'sessions' => 0,
    'errors' => 0, 'corrupt' => 0, 'ops_after_recovery' => 0, 'first_error' => null, 'last_error' => null,
    'error_messages' => []];
$recovering = false;
$error = function (string $message) use (&$stats, &$recovering) {
    $now = microtime(true);
    $stats['errors']++;
    $stats['first_error'] ??= $now;
    $stats['last_error'] = $now;
    if (count($stats['error_messages']) < 5 && !in_array($message, $stats['error_messages'], true)) {
        $stats['error_messages'][] = $message;
    }
    $recovering = true;
};
set_error_handler(function (int $no, string $message) use ($error) {
    $error("warning: $message");
    return true;
});

function random_bytes_of(int $n): string
{
    return $n ? random_bytes($n) : '';
}

// A size: mostly small, some kilobytes, a few hundred kilobytes.
function random_size(): int
{
    $p = mt_rand(0, 99);
    return $p < 70 ? mt_rand(0, 100) : ($p < 97 ? mt_rand(100, 20000) : mt_rand(100000, 400000));
}

function random_payload(int $depth = 0): mixed
{
    switch (mt_rand(0, $depth > 3 ? 3 : 6)) {
        case 0: return mt_rand(PHP_INT_MIN >> 1, PHP_INT_MAX >> 1) * 2;
        case 1: return mt_rand() / 3;
        case 2: return random_bytes_of(random_size());
        case 3: return [null, true, false][mt_rand(0, 2)];
        case 4:
            $a = [];
            for ($i = mt_rand(0, 20); $i > 0; $i--) {
                $a[] = random_payload($depth + 1);
            }
            return $a;
        case 5:
            $a = [];
            for ($i = mt_rand(0, 20); $i > 0; $i--) {
                $a['k' . mt_rand(0, 1000)] = random_payload($depth + 1);
            }
            return $a;
        default:
            $o = new Visibility(mt_rand(0, 1) ? new ChildVisibility() : null);
            $o->pub = random_payload($depth + 1);
            // a shared object, and a reference to an array (a reference to an object shared
            // outside it too reads back as one reference for both: docs/format.md)
            $shared = [$o, $o, 'list' => [$depth, 'x']];
            $shared['ref'] = &$shared['list'];
            return $shared;
    }
}

// Values of three shapes, each with its checksum inside.
function make_value(int $worker, int $seq): mixed
{
    $body = ['worker' => $worker, 'seq' => $seq, 'payload' => random_payload()];
    switch ($seq % 3) {
        case 0: return ['sum' => crc32(serialize($body)), 'body' => $body];
        case 1:
            $o = new Visibility((object) $body);
            $o->pub = crc32(serialize($body));
            return $o;
        default:
            $s = random_bytes_of(random_size());
            return sprintf('%08x|', crc32($s)) . $s;
    }
}

function value_is_whole(mixed $v): bool
{
    if (is_array($v)) {
        return isset($v['sum'], $v['body']) && crc32(serialize($v['body'])) === $v['sum'];
    }
    if ($v instanceof Visibility) {
        return $v->inner instanceof stdClass && crc32(serialize((array) $v->inner)) === $v->pub;
    }
    if (is_string($v)) {
        return strlen($v) >= 9 && $v[8] === '|' && sprintf('%08x', crc32(substr($v, 9))) === substr($v, 0, 8);
    }
    return false;
}

function connect(): ?Redis
{
    try {
        $r = new Redis();
        if (!$r->connect('127.0.0.1', (int) getenv('MSGPACK_REDIS_PORT'), 0.5, null, 0, 2.0)) {
            return null;
        }
        $r->setOption(Redis::OPT_SERIALIZER, Redis::SERIALIZER_MSGPACK);
        return $r;
    } catch (RedisException) {
        return null;
    }
}

$corrupt = function (string $where, mixed $v) use (&$stats) {
    $stats['corrupt']++;
    echo "CORRUPT worker {$stats['worker']} $where: " . substr(bin2hex(serialize($v)), 0, 200) . "\n";
};

if (!getenv("MSGPACK_REDIS_PORT")) return;
$r = null;
$seq = 0;
while (microtime(true) < $deadline) {
    if ($r === null && ($r = connect()) === null) {
        $error('connect failed');
        usleep(50000);
        continue;
    }
    $seq++;
    $key = 'load:' . mt_rand(0, 63);
    $errorsBefore = $stats['errors'];
    try {
        if ($seq % 25 === 0) {
            // a session shared by all workers: read, check, replace
            session_id('loadsession' . mt_rand(0, 7));
            if (session_start()) {
                if (isset($_SESSION['value']) && !value_is_whole($_SESSION['value'])) {
                    $corrupt('session', $_SESSION['value']);
                }
                $_SESSION = ['worker' => $worker, 'value' => make_value($worker, $seq)];
                session_write_close();
                $stats['sessions']++;
            } else {
                session_abort();
            }
        } elseif (mt_rand(0, 1)) {
            $r->set($key, make_value($worker, $seq));
            $stats['sets']++;
        } else {
            $v = $r->get($key);
            $stats['gets']++;
            if ($v !== false) {
                $stats['hits']++;
                if (!value_is_whole($v)) {
                    $corrupt("get $key", $v);
                }
            }
        }
    } catch (RedisException $e) {
        $error('RedisException: ' . $e->getMessage());
        $r = null;
        usleep(50000);
        continue;
    }
    if ($stats['errors'] !== $errorsBefore) {
        continue;
    }
    $stats['ops']++;
    if ($stats['errors'] > 0) {
        $stats['ops_after_recovery']++;
    }
}
echo json_encode($stats), "\n";
