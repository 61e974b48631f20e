--TEST--
Records: two key lists with one hash in the writer (the second is written as a map, never as the first's record), and a record whose field list outgrows what the input could justify allocating (read growing, int field names)
--FILE--
<?php
// The writer finds the structure of a map by a hash of its keys (int keys hash as themselves):
// [3, $k] has the hash of [1, 2], so the hash alone would write the second map as a record of
// fields 1 and 2. It is compared key by key, and written as a plain map. The hash is a zend_ulong:
// the colliding key differs with its size.
$k = PHP_INT_SIZE === 8 ? 2199023256456 : 904;
$p = new MsgPack\Packer(MsgPack\Packer::RECORDS);
$v = [[1 => 'x', 2 => 'y'], [3 => 'z', $k => 'w'], [1 => 'a', 2 => 'b']];
$b = $p->pack($v);
echo str_replace(bin2hex(MsgPack\pack($k)), '<k>', bin2hex($b)), "\n";
var_dump((new MsgPack\Unpacker(MsgPack\Unpacker::RECORDS))->unpack($b) === $v);
var_dump(MsgPack\unpack($b, MsgPack\Unpacker::RECORDS) === $v);

// A list declaring 12 elements takes the allocation budget of the whole input (15 bytes): the
// record of 4 fields in it is read into a table that grows with its values; the list then
// runs out of input.
$in = 'dc000c' . 'd47240' . '9401020304' . '0a0b0c0d';
foreach ([MsgPack\Unpacker::RECORDS, MsgPack\Unpacker::RECORDS | MsgPack\Unpacker::MAPS_AS_OBJECTS] as $flags) {
    try {
        var_dump((new MsgPack\Unpacker($flags))->unpack(hex2bin($in)));
    } catch (MsgPack\UnpackException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// the same record whole, in a list that holds it
var_dump(MsgPack\unpack(hex2bin('91' . 'd47240' . '9401020304' . '0a0b0c0d'), MsgPack\Unpacker::RECORDS));
?>
--EXPECT--
93d47240920102a178a1798203a17a<k>a17740a161a162
bool(true)
bool(true)
MsgPack\InsufficientDataException: insufficient data at offset 15
MsgPack\InsufficientDataException: insufficient data at offset 15
array(1) {
  [0]=>
  array(4) {
    [1]=>
    int(10)
    [2]=>
    int(11)
    [3]=>
    int(12)
    [4]=>
    int(13)
  }
}
