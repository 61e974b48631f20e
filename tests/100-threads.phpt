--TEST--
Threads: 8 parallel\Runtime threads at once pack and unpack with every API that keeps state between calls (kept map shapes, key and value caches, records, streams), as the main thread finds, while the main thread uses msgpack sessions
--EXTENSIONS--
parallel
--SKIPIF--
<?php
if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP');
if (!class_exists('parallel\Runtime')) die('skip needs the parallel extension');
?>
--FILE--
<?php
// parallel marks the headers as sent in its threads, so session_start() cannot run there: the
// sessions run in the main thread (a ZTS thread too) while the threads work.
require __DIR__ . '/100-threads.inc';

const THREADS = 8;
const ROUNDS = 200;

$bootstrap = __DIR__ . '/100-threads.inc';
$task = function (int $seed, int $rounds): array {
    return thr_work($seed, $rounds);
};
$runtimes = [];
$futures = [];
for ($i = 0; $i < THREADS; $i++) {
    $runtimes[$i] = new parallel\Runtime($bootstrap);
}
// two tasks per thread: the second finds what the first left in the thread's module globals
for ($i = 0; $i < THREADS; $i++) {
    $futures[$i][0] = $runtimes[$i]->run($task, [100 + $i, ROUNDS]);
}
for ($i = 0; $i < THREADS; $i++) {
    $futures[$i][1] = $runtimes[$i]->run($task, [200 + $i % 2, ROUNDS]);
}

$dir = sys_get_temp_dir() . '/msgpack-threads-' . getmypid();
@mkdir($dir);
$sessions = thr_sessions($dir, 60);

$results = [];
for ($i = 0; $i < THREADS; $i++) {
    $results[$i] = [$futures[$i][0]->value(), $futures[$i][1]->value()];
    $runtimes[$i]->close();
}
// the sessions again, alone: the same bytes (before any output: then the headers are sent)
$alone = thr_sessions($dir, 60);
rmdir($dir);

// the same work in the main thread, one seed after the other
$expected = [];
foreach (array_merge(range(100, 100 + THREADS - 1), [200, 201]) as $seed) {
    $expected[$seed] = thr_work($seed, ROUNDS);
}
var_dump($expected[100]['loaded'], $expected[100]['checks'], $expected[100]['bad'], $expected[200]['bad']);
for ($i = 0; $i < THREADS; $i++) {
    [$first, $second] = $results[$i];
    printf("thread %d: %s, %s\n", $i,
        $first === $expected[100 + $i] ? 'as the main thread' : 'DIFFERENT: ' . serialize([$first, $expected[100 + $i]]),
        $second === $expected[200 + $i % 2] ? 'as the main thread' : 'DIFFERENT: ' . serialize([$second, $expected[200 + $i % 2]]));
}
// the seeds give other values
var_dump(count(array_unique(array_column($expected, 'digest'))));
var_dump($sessions['bad'], $alone['bad'], $sessions['digest'] === $alone['digest']);
?>
--EXPECT--
bool(true)
int(7201)
array(0) {
}
array(0) {
}
thread 0: as the main thread, as the main thread
thread 1: as the main thread, as the main thread
thread 2: as the main thread, as the main thread
thread 3: as the main thread, as the main thread
thread 4: as the main thread, as the main thread
thread 5: as the main thread, as the main thread
thread 6: as the main thread, as the main thread
thread 7: as the main thread, as the main thread
int(10)
int(0)
int(0)
bool(true)
