--TEST--
Value cache: strings under int keys beside a key judged off (its strings copied) are read as any other, through both APIs
--FILE--
<?php
// 'name' holds unique strings: judged off after a few hundred rows. The strings under the int
// keys 7 and -1 belong to no key of the cache's (an int key is no string): they go by the call's
// rule, and must never be looked up as a key's.
$rows = [];
for ($i = 0; $i < 1000; $i++) {
    $rows[] = ['id' => $i, 'name' => "user$i", 7 => 'int key', -1 => "neg$i", 'tag' => 't' . ($i % 3)];
}
$bytes = MsgPack\pack($rows);
echo strlen($bytes), ' ', bin2hex(substr($bytes, 0, 32)), "\n";
$v = MsgPack\unpack($bytes);
var_dump($v === $rows, $v[999]);
$v = msgpack_unpack(msgpack_pack($rows));
var_dump($v === $rows);
$v = MsgPack\unpack(MsgPack\pack($rows, MsgPack\Packer::RECORDS), MsgPack\Unpacker::RECORDS);
var_dump($v === $rows);
?>
--EXPECT--
43399 dc03e885a2696400a46e616d65a5757365723007a7696e74206b6579ffa46e65
bool(true)
array(5) {
  ["id"]=>
  int(999)
  ["name"]=>
  string(7) "user999"
  [7]=>
  string(7) "int key"
  [-1]=>
  string(6) "neg999"
  ["tag"]=>
  string(2) "t0"
}
bool(true)
bool(true)
