--TEST--
MsgPack\unpackAs(): a date of a subclass of DateTimeImmutable or DateTime is made without any of the subclass's methods running (before: __clone() and __destruct() ran mid-decode on an epoch object)
--FILE--
<?php
class MyImm extends DateTimeImmutable {
    public string $tag = 'imm';
    public function __construct() { echo "MyImm::__construct ran\n"; }
    public function __clone() { echo "MyImm::__clone ran\n"; }
    public function __destruct() { echo "MyImm::__destruct ran for ", $this->format('Y-m-d H:i:s.u'), "\n"; }
    public function setTimestamp(int $t): static { echo "MyImm::setTimestamp ran\n"; return $this; }
}
class MyMut extends DateTime {
    public function __construct() { echo "MyMut::__construct ran\n"; }
    public function __clone() { echo "MyMut::__clone ran\n"; }
    public function __destruct() { echo "MyMut::__destruct ran for ", $this->format('Y-m-d H:i:s.u'), "\n"; }
    public function setTimestamp(int $t): static { echo "MyMut::setTimestamp ran\n"; return $this; }
}
final class Ev { public MyImm $at; public MyMut $m; }
// 2 ** 41 is a float on 32-bit PHP, as the seconds read back; "$s" and format('U') print it whole
// (getTimestamp() throws DateRangeError there)
foreach ([[86400, 123456789], [-1, 999999999], [2 ** 41, 5000], [-(2 ** 41), 0]] as [$s, $ns]) {
    $ts = MsgPack\pack(new MsgPack\Timestamp($s, $ns));
    $data = "\x82\xa2at" . $ts . "\xa1m" . $ts;
    echo "-- $s s $ns ns: ", bin2hex($data), "\n";
    $e = MsgPack\unpackAs($data, Ev::class);
    echo "decoded\n";
    foreach ([$e->at, $e->m] as $d) {
        echo get_class($d), " ", $d->format('Y-m-d H:i:s.u e'), " ", $d->format('U'), "\n";
    }
    var_dump($e->at->tag);
    unset($e, $d);
}
echo "-- a failed call\n";
try {
    MsgPack\unpackAs("\x83\xa2at" . MsgPack\pack(new MsgPack\Timestamp(0, 0)) . "\xa1m" . MsgPack\pack(new MsgPack\Timestamp(0, 0)) . "\xa1m\x01", Ev::class);
} catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
echo "done\n";
?>
--EXPECT--
-- 86400 s 123456789 ns: 82a26174d7ff1d6f345400015180a16dd7ff1d6f345400015180
decoded
MyImm 1970-01-02 00:00:00.123456 UTC 86400
MyMut 1970-01-02 00:00:00.123456 UTC 86400
string(3) "imm"
MyImm::__destruct ran for 1970-01-02 00:00:00.123456
MyMut::__destruct ran for 1970-01-02 00:00:00.123456
-- -1 s 999999999 ns: 82a26174c70cff3b9ac9ffffffffffffffffffa16dc70cff3b9ac9ffffffffffffffffff
decoded
MyImm 1969-12-31 23:59:59.999999 UTC -1
MyMut 1969-12-31 23:59:59.999999 UTC -1
string(3) "imm"
MyImm::__destruct ran for 1969-12-31 23:59:59.999999
MyMut::__destruct ran for 1969-12-31 23:59:59.999999
-- 2199023255552 s 5000 ns: 82a26174c70cff000013880000020000000000a16dc70cff000013880000020000000000
decoded
MyImm 71654-04-10 01:12:32.000005 UTC 2199023255552
MyMut 71654-04-10 01:12:32.000005 UTC 2199023255552
string(3) "imm"
MyImm::__destruct ran for 71654-04-10 01:12:32.000005
MyMut::__destruct ran for 71654-04-10 01:12:32.000005
-- -2199023255552 s 0 ns: 82a26174c70cff00000000fffffe0000000000a16dc70cff00000000fffffe0000000000
decoded
MyImm -67715-09-22 22:47:28.000000 UTC -2199023255552
MyMut -67715-09-22 22:47:28.000000 UTC -2199023255552
string(3) "imm"
MyImm::__destruct ran for -67715-09-22 22:47:28.000000
MyMut::__destruct ran for -67715-09-22 22:47:28.000000
-- a failed call
MsgPack\UnpackException: Expected MyMut, got int at $.m
done
