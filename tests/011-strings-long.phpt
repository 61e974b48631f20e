--TEST--
Long strings copied in pieces of 512 KiB: str and bin of lengths around 512 KiB, 1 MiB and beyond, packed and unpacked byte for byte
--FILE--
<?php
// Strings copied in pieces of 512 KiB (msgpack_copy.h): lengths around the pieces, as str and
// bin, packed and unpacked; every byte checked against the header written by hand (the md5 of
// the str form are those PECL msgpack 2.2.0RC2 writes).
$sizes = [(512 << 10) - 1, 512 << 10, (512 << 10) + 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 5, (3 << 19) + 3, (4 << 20) + 7];
mt_srand(7);
$pattern = '';
for ($i = 0; $i < 4096; $i++) {
    $pattern .= chr(mt_rand(0, 255));
}
foreach ($sizes as $n) {
    // every byte different from its neighbours and from the bytes one piece away
    $s = substr(str_repeat($pattern . chr($n & 0xff), intdiv($n, 4097) + 1), 0, $n);
    $str = MsgPack\pack(bin2hex(substr($s, 0, 8)) . $s, MsgPack\Packer::DETECT_BIN);
    $p = msgpack_pack($s);
    $bin = MsgPack\pack($s, MsgPack\Packer::BIN_STRINGS);
    $head = $n < 65536 ? "\xda" . pack('n', $n) : "\xdb" . pack('N', $n);
    $bhead = $n < 65536 ? "\xc5" . pack('n', $n) : "\xc6" . pack('N', $n);
    printf("%d: str %s, bin %s, unpacked %s %s %s, md5 %s\n", $n,
        $p === $head . $s ? 'same' : 'DIFFERENT', $bin === $bhead . $s ? 'same' : 'DIFFERENT',
        msgpack_unpack($p) === $s ? 'equal' : 'DIFFERENT', MsgPack\unpack($bin) === $s ? 'equal' : 'DIFFERENT',
        MsgPack\unpack($str) === bin2hex(substr($s, 0, 8)) . $s ? 'equal' : 'DIFFERENT', md5($p));
}
// in a map, after a key: the copy starts at another offset (the md5 are those of PECL msgpack 2.2.0RC2)
$list = ['k' => str_repeat('x', 3), 'big' => str_repeat("\x01\x02\x03", 400000), 7];
$p = msgpack_pack($list);
echo strlen($p), ' ', md5($p), ' ', msgpack_unpack($p) === $list ? 'equal' : 'DIFFERENT', "\n";
--EXPECT--
524287: str same, bin same, unpacked equal equal equal, md5 ffc00263152230c58587038951192b16
524288: str same, bin same, unpacked equal equal equal, md5 aeff4f43ba43e2d98a7c38fec88741fc
524289: str same, bin same, unpacked equal equal equal, md5 5cc9eda7ebb0e780419e8067dada1185
1048575: str same, bin same, unpacked equal equal equal, md5 5202c370f719f229485f4c595cc0dab3
1048576: str same, bin same, unpacked equal equal equal, md5 18869aa3bb6858d573bb188a68bcc1f4
1048581: str same, bin same, unpacked equal equal equal, md5 a8284ef447fb2bddf70f14bfcb58dd1e
1572867: str same, bin same, unpacked equal equal equal, md5 b67d5d7da03f169572118db2a9f3a974
4194311: str same, bin same, unpacked equal equal equal, md5 1d659c749a34cb92c0ba725f136b6f31
1200018 2082daf5295ef876495180ef5fb1b06f equal
