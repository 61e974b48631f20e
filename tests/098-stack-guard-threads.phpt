--TEST--
C stack guard in threads with small stacks (ZTS, the parallel extension, 256 KiB thread stacks): deep values fail cleanly in 8 threads at once, shallow ones round-trip
--EXTENSIONS--
parallel
--SKIPIF--
<?php
if (!PHP_ZTS) die('skip needs a thread-safe PHP');
if (!function_exists('proc_open')) die('skip needs proc_open');
?>
--FILE--
<?php
// A thread's stack is as large as RLIMIT_STACK says when it is made (glibc): the script runs in
// a PHP started under `ulimit -s 256`, with the same extensions.
$script = __DIR__ . '/098-stack-guard-threads.inc';
$args = getenv('TEST_PHP_EXTRA_ARGS') ?: '';
$load = extension_loaded('parallel') && !str_contains($args, 'parallel') ? ' -d extension=parallel' : '';
$run = 'require ' . var_export($script, true) . '; stack_guard_main();';
$cmd = 'ulimit -s 256 && exec ' . escapeshellarg(PHP_BINARY) . ' ' . $args . $load . ' -r ' . escapeshellarg($run);
$proc = proc_open(['sh', '-c', $cmd], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$status = proc_close($proc);
echo $out, $err, "exit status $status\n";
?>
--EXPECT--
thread stack: 256 KiB
8 threads, each:
  msgpack_pack, 20000 levels: false, [msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level N
  msgpack_unpack, 20000 levels: false, [msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: the C stack is full at level N
  MsgPack\pack, 20000 levels: MsgPack\PackException: the C stack is full at nesting level N
  MsgPack\unpack, 20000 levels: MsgPack\UnpackException: the C stack is full at nesting level N, offset N
  Unpacker streamed, 20000 levels: MsgPack\UnpackException: the C stack is full at nesting level N, offset N
  30 levels round-trip: true
exit status 0
