--TEST--
Back-references to arrays and objects past the first 4096 containers (slots in blocks), in a value and in a stream whose decoder keeps its blocks from value to value; as PECL msgpack 2.2.0RC2 reads them
--FILE--
<?php
// Back-references to containers past the first 4096 (the slots of a large value are in blocks):
// objects and PHP references met again after 4095, 4096, 4097, 8191, 8192 and 12289 arrays.
foreach ([4093, 4094, 4095, 4096, 8190, 8191, 12288] as $before) {
    $o = new stdClass;
    $o->n = $before;
    $a = ['shared', $before];
    $v = [];
    for ($i = 0; $i < $before; $i++) {
        $v[] = [$i];
    }
    $v[] = $o;
    $v[] = &$a;
    $v[] = $o;
    $v[] = &$a;
    $v[] = [$o, 'last'];
    $p = msgpack_pack($v);
    $r = msgpack_unpack($p);
    $n = count($r);
    printf("%d: %d bytes, md5 %s, tail %s\n", $before, strlen($p), md5($p), bin2hex(substr($p, -24)));
    printf("  same object: %s %s, n = %d, reference shared: %s, first rows %s\n",
        var_export($r[$before] === $r[$before + 2], true), var_export($r[$before] === $r[$n - 1][0], true),
        $r[$before + 2]->n, (function () use (&$r, $before) { $r[$before + 1][0] = 'changed'; return $r[$before + 3][0]; })(),
        json_encode(array_slice($r, $before - 2, 2)));
}
// a stream: the decoder keeps its blocks from one value to the next
$u = new MessagePackUnpacker();
$big = [];
for ($i = 0; $i < 9000; $i++) {
    $big[] = [$i];
}
$o = new stdClass;
$big[] = $o;
$big[] = $o;
$small = [$o, $o];
$u->feed(msgpack_pack($big) . msgpack_pack($small) . msgpack_pack($big));
foreach ([9000, 0, 9000] as $at) {
    var_dump($u->execute());
    $d = $u->data();
    var_dump(count($d), $d[$at] === $d[$at + 1], $d[$at] instanceof stdClass);
    $u->reset();
}
--EXPECT--
4093: 16049 bytes, md5 2354a269bc35a175077a5c72c7285350, tail 00cd0fff82c00200cd10009282c00400cd0fffa46c617374
  same object: true true, n = 4093, reference shared: changed, first rows [[4091],[4092]]
4094: 16053 bytes, md5 3f0129e141dcc4195e6c2a721827e2eb, tail 00cd100082c00200cd10019282c00400cd1000a46c617374
  same object: true true, n = 4094, reference shared: changed, first rows [[4092],[4093]]
4095: 16057 bytes, md5 d2d6ad25129ac9cbfb3c09a8c815ecee, tail 00cd100182c00200cd10029282c00400cd1001a46c617374
  same object: true true, n = 4095, reference shared: changed, first rows [[4093],[4094]]
4096: 16061 bytes, md5 a88f6afdf7eaedb4e70f8d06b72d7e3c, tail 00cd100282c00200cd10039282c00400cd1002a46c617374
  same object: true true, n = 4096, reference shared: changed, first rows [[4094],[4095]]
8190: 32437 bytes, md5 0b4f7f58a72913cb4d63bdd5d1f8cbbb, tail 00cd200082c00200cd20019282c00400cd2000a46c617374
  same object: true true, n = 8190, reference shared: changed, first rows [[8188],[8189]]
8191: 32441 bytes, md5 a60ba4cb188c53951aae17d576442339, tail 00cd200182c00200cd20029282c00400cd2001a46c617374
  same object: true true, n = 8191, reference shared: changed, first rows [[8189],[8190]]
12288: 48829 bytes, md5 dd7eeb43d627ae69cc422785342f92c5, tail 00cd300282c00200cd30039282c00400cd3002a46c617374
  same object: true true, n = 12288, reference shared: changed, first rows [[12286],[12287]]
bool(true)
int(9002)
bool(true)
bool(true)
bool(true)
int(2)
bool(true)
bool(true)
bool(true)
int(9002)
bool(true)
bool(true)
