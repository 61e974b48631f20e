--TEST--
MsgPack\unpack(): every type of the spec from hex input (ints of each width, within 32 bits but for big uint64: the others in tests 192, 193; floats, str, bin, arrays, maps, ext, timestamps of the three widths, big uint64), and round trips of msgpack_pack()'s timestamps and exts
--FILE--
<?php
$inputs = [
    'c0', 'c2', 'c3',
    '00', '7f', 'ff', 'e0', 'cc80', 'ccff', 'cd0100', 'cdffff', 'ce00010000', 'ce7fffffff',
    'cf000000007fffffff', 'cf8000000000000000', 'cfffffffffffffffff',
    'd080', 'd0ff', 'd1ff7f', 'd18000', 'd2ffff7fff', 'd280000000', 'd3ffffffffffffff7f', 'd3ffffffff80000000',
    'ca3fc00000', 'ca7f800000', 'cb3ff8000000000000', 'cbbff0000000000000', 'cb0000000000000001',
    'a0', 'a3616263', 'd90461626364', 'da0002c3a9', 'db0000000141',
    'c40141', 'c50003616263', 'c6000000027a7a',
    '90', '93010203', 'dc000201c0', 'dd00000001a178',
    '80', '82a16101a16202', 'de0001017b', 'df00000001a17892a17901', '81c40178a179', '82a13101a13102',
    'd40541', 'd5fe4142', 'd70a4142434445464748', 'd88030313233343536373839616263646566', 'c70305616263', 'c800018041', 'c900000000f4',
    'd6ff00000001', 'd6ff7fffffff', 'd7ff000000040000000a', 'd7ff0000000000000000',
    'c70cff3b9ac9ffffffffffffffffff', 'c70cff00000001fffffffffffff000', 'c70cff00000000ffffffff80000000',
];
foreach ($inputs as $hex) {
    echo $hex, ": ";
    var_dump(MsgPack\unpack(hex2bin($hex)));
}

// what msgpack_pack() writes of the value classes reads back the same
$values = [
    new MsgPack\Timestamp(0), new MsgPack\Timestamp(4294967295), new MsgPack\Timestamp(4294967296),
    new MsgPack\Timestamp(1, 1), new MsgPack\Timestamp(17179869183, 999999999), new MsgPack\Timestamp(17179869184),
    new MsgPack\Timestamp(-1), new MsgPack\Timestamp(-1, 999999999), new MsgPack\Timestamp(PHP_INT_MIN, 5),
    new MsgPack\Ext(1, ''), new MsgPack\Ext(-128, "\x00"), new MsgPack\Ext(127, str_repeat('x', 16)),
    new MsgPack\Ext(5, str_repeat('y', 300)), new MsgPack\Ext(-2, str_repeat('z', 70000)),
];
foreach ($values as $v) {
    $bin = msgpack_pack($v);
    $back = MsgPack\unpack($bin);
    echo substr(bin2hex($bin), 0, 12), " ", $back == $v && get_class($back) === get_class($v) ? "same" : "DIFFERENT", "\n";
}
?>
--EXPECT--
c0: NULL
c2: bool(false)
c3: bool(true)
00: int(0)
7f: int(127)
ff: int(-1)
e0: int(-32)
cc80: int(128)
ccff: int(255)
cd0100: int(256)
cdffff: int(65535)
ce00010000: int(65536)
ce7fffffff: int(2147483647)
cf000000007fffffff: int(2147483647)
cf8000000000000000: string(19) "9223372036854775808"
cfffffffffffffffff: string(20) "18446744073709551615"
d080: int(-128)
d0ff: int(-1)
d1ff7f: int(-129)
d18000: int(-32768)
d2ffff7fff: int(-32769)
d280000000: int(-2147483648)
d3ffffffffffffff7f: int(-129)
d3ffffffff80000000: int(-2147483648)
ca3fc00000: float(1.5)
ca7f800000: float(INF)
cb3ff8000000000000: float(1.5)
cbbff0000000000000: float(-1)
cb0000000000000001: float(5.0E-324)
a0: string(0) ""
a3616263: string(3) "abc"
d90461626364: string(4) "abcd"
da0002c3a9: string(2) "é"
db0000000141: string(1) "A"
c40141: string(1) "A"
c50003616263: string(3) "abc"
c6000000027a7a: string(2) "zz"
90: array(0) {
}
93010203: array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
dc000201c0: array(2) {
  [0]=>
  int(1)
  [1]=>
  NULL
}
dd00000001a178: array(1) {
  [0]=>
  string(1) "x"
}
80: array(0) {
}
82a16101a16202: array(2) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
}
de0001017b: array(1) {
  [1]=>
  int(123)
}
df00000001a17892a17901: array(1) {
  ["x"]=>
  array(2) {
    [0]=>
    string(1) "y"
    [1]=>
    int(1)
  }
}
81c40178a179: array(1) {
  ["x"]=>
  string(1) "y"
}
82a13101a13102: array(1) {
  [1]=>
  int(2)
}
d40541: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(5)
  ["data"]=>
  string(1) "A"
}
d5fe4142: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(-2)
  ["data"]=>
  string(2) "AB"
}
d70a4142434445464748: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(10)
  ["data"]=>
  string(8) "ABCDEFGH"
}
d88030313233343536373839616263646566: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(-128)
  ["data"]=>
  string(16) "0123456789abcdef"
}
c70305616263: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(5)
  ["data"]=>
  string(3) "abc"
}
c800018041: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(-128)
  ["data"]=>
  string(1) "A"
}
c900000000f4: object(MsgPack\Ext)#1 (2) {
  ["type"]=>
  int(-12)
  ["data"]=>
  string(0) ""
}
d6ff00000001: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(1)
  ["nanoseconds"]=>
  int(0)
}
d6ff7fffffff: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(2147483647)
  ["nanoseconds"]=>
  int(0)
}
d7ff000000040000000a: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(10)
  ["nanoseconds"]=>
  int(1)
}
d7ff0000000000000000: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(0)
  ["nanoseconds"]=>
  int(0)
}
c70cff3b9ac9ffffffffffffffffff: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(-1)
  ["nanoseconds"]=>
  int(999999999)
}
c70cff00000001fffffffffffff000: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(-4096)
  ["nanoseconds"]=>
  int(1)
}
c70cff00000000ffffffff80000000: object(MsgPack\Timestamp)#1 (2) {
  ["seconds"]=>
  int(-2147483648)
  ["nanoseconds"]=>
  int(0)
}
d6ff00000000 same
d6ffffffffff same
d7ff00000001 same
d7ff00000004 same
d7ffee6b27ff same
c70cff000000 same
c70cff000000 same
c70cff3b9ac9 same
c70cff000000 same
c70001 same
d48000 same
d87f78787878 same
c8012c057979 same
c900011170fe same
