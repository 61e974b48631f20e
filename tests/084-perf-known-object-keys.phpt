--TEST--
Objects of a class met before in the call (read_known_object): property keys of every fixstr length compared a word at a time, a str 8 key, a key at the input's end, keys differing in one byte of their middle or last word, a key one byte longer; __wakeup() when the class cache entry is replaced by the last value
--FILE--
<?php
// The guessed keys are compared as the fixstr they are packed as, in 8-byte words (the first
// masked when shorter, else with the last); a mismatch anywhere, or another form of the same
// key, must give what the per-entry path gives.
class W {
    public $a;                                   // fixstr of 2 bytes
    public $abcdefg;                             // 8: one masked word exactly full
    protected $pqrst;                            // "\0*\0pqrst": 9, first and last word overlap
    public $abcdefghijklmno;                     // 16: two words
    public $abcdefghijklmnop;                    // 17: a middle byte too
    private $abcdefghijklmnopqrstu;              // "\0W\0...": 25
    public $abcdefghijXlmnopqrstuv;              // 23: one byte off the next, in its middle
    public $abcdefghijklmnopqrstuv;              // 23
    public $abcdefghijklmnopqrstuvwxyz01234;     // 32: the longest fixstr
    public $abcdefghijklmnopqrstuvwxyz012345;    // a str 8, checked by msgpack_take_key()
}
function s(string $k, bool $str8 = false): string {
    return strlen($k) < 32 && !$str8 ? chr(0xa0 | strlen($k)) . $k : "\xd9" . chr(strlen($k)) . $k;
}
function obj(string $class, array $props, array $str8 = []): string {
    $b = chr(0x80 | (count($props) + 1)) . "\xc0" . s($class);
    foreach ($props as $k => $v) {
        $b .= s($k, in_array($k, $str8, true)) . $v;
    }
    return $b;
}
function a(string ...$items): string { return "\xdc" . pack('n', count($items)) . implode('', $items); }
$names = ['a', 'abcdefg', "\0*\0pqrst", 'abcdefghijklmno', 'abcdefghijklmnop', "\0W\0abcdefghijklmnopqrstu",
    'abcdefghijXlmnopqrstuv', 'abcdefghijklmnopqrstuv', 'abcdefghijklmnopqrstuvwxyz01234', 'abcdefghijklmnopqrstuvwxyz012345'];
// values 1..10 (+ 10 * the object's number), in the order of $order
$w = function (int $n, ?array $order = null, array $str8 = []) use ($names): string {
    $props = [];
    foreach ($order ?? array_keys($names) as $i) {
        $props[$names[$i]] = chr(10 * $n + $i + 1);
    }
    return obj('W', $props, $str8);
};
function show(string $title, string $bytes): void {
    echo "-- $title\n";
    try {
        $v = msgpack_unpack($bytes);
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
        return;
    }
    if (!is_array($v)) {
        var_dump($v);
        return;
    }
    foreach ($v as $o) {
        $line = [];
        foreach ((array) $o as $k => $x) {
            $line[] = str_replace("\0", '\0', $k) . '=' . var_export($x, true);
        }
        echo get_class($o), ' ', implode(' ', $line), "\n";
    }
}
show('the same keys', a($w(1), $w(2), $w(3)));
show('the keys in another order', a($w(1), $w(2, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]), $w(3)));
show('two keys of 23 bytes swapped (one byte apart, in the middle word)', a($w(1), $w(2, [0, 1, 2, 3, 4, 5, 7, 6, 8, 9]), $w(3)));
show('keys of 16 and 17 bytes swapped (the same first 15 bytes)', a($w(1), $w(2, [0, 1, 2, 4, 3, 5, 6, 7, 8, 9]), $w(3)));
show('a short key as a str 8', a($w(1), $w(2, null, ['abcdefg']), $w(3)));
show('a long key as a str 8', a($w(1), $w(2, null, ['abcdefghijklmnopqrstuv']), $w(3)));
show('a key differing in its last byte', a($w(1), obj('W', ['a' => "\x01", 'abcdefh' => "\x02", 'abcdefg' => "\x03"]), $w(3)));
show('a key with one more byte', a($w(1), obj('W', ['a' => "\x01", 'abcdefgh' => "\x02", 'abcdefg' => "\x03"]), $w(3)));
show('a one-byte key at the input\'s end', a($w(1), obj('W', ['a' => "\x05"])));
show('input ending inside a key', a($w(1), substr($w(2), 0, 3 + 2 + 2 + 5)));
// the class cache entry replaced by the objects of the last value: __wakeup() still found
class Wk {
    public $v;
    public $w;
    function __wakeup() { echo "wakeup {$this->v}\n"; }
}
$many = '';
for ($i = 0; $i < 9; $i++) {
    eval("class E$i { public \$v; }");
    $many .= obj("E$i", ['v' => chr($i)]);
}
$wk = fn ($v, $w) => obj('Wk', ['v' => chr($v), 'w' => $w]);
$v = msgpack_unpack(a($wk(1, "\xc0"), $wk(2, chr(0x99) . $many), $wk(3, "\xc0")));
echo get_class($v[1]), ' ', $v[1]->v, ' ', count($v[1]->w), ' ', get_class($v[1]->w[8]), "\n";
?>
--EXPECTF--
-- the same keys
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=21 abcdefg=22 \0*\0pqrst=23 abcdefghijklmno=24 abcdefghijklmnop=25 \0W\0abcdefghijklmnopqrstu=26 abcdefghijXlmnopqrstuv=27 abcdefghijklmnopqrstuv=28 abcdefghijklmnopqrstuvwxyz01234=29 abcdefghijklmnopqrstuvwxyz012345=30
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- the keys in another order
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=21 abcdefg=22 \0*\0pqrst=23 abcdefghijklmno=24 abcdefghijklmnop=25 \0W\0abcdefghijklmnopqrstu=26 abcdefghijXlmnopqrstuv=27 abcdefghijklmnopqrstuv=28 abcdefghijklmnopqrstuvwxyz01234=29 abcdefghijklmnopqrstuvwxyz012345=30
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- two keys of 23 bytes swapped (one byte apart, in the middle word)
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=21 abcdefg=22 \0*\0pqrst=23 abcdefghijklmno=24 abcdefghijklmnop=25 \0W\0abcdefghijklmnopqrstu=26 abcdefghijXlmnopqrstuv=27 abcdefghijklmnopqrstuv=28 abcdefghijklmnopqrstuvwxyz01234=29 abcdefghijklmnopqrstuvwxyz012345=30
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- keys of 16 and 17 bytes swapped (the same first 15 bytes)
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=21 abcdefg=22 \0*\0pqrst=23 abcdefghijklmno=24 abcdefghijklmnop=25 \0W\0abcdefghijklmnopqrstu=26 abcdefghijXlmnopqrstuv=27 abcdefghijklmnopqrstuv=28 abcdefghijklmnopqrstuvwxyz01234=29 abcdefghijklmnopqrstuvwxyz012345=30
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- a short key as a str 8
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=21 abcdefg=22 \0*\0pqrst=23 abcdefghijklmno=24 abcdefghijklmnop=25 \0W\0abcdefghijklmnopqrstu=26 abcdefghijXlmnopqrstuv=27 abcdefghijklmnopqrstuv=28 abcdefghijklmnopqrstuvwxyz01234=29 abcdefghijklmnopqrstuvwxyz012345=30
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- a long key as a str 8
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=21 abcdefg=22 \0*\0pqrst=23 abcdefghijklmno=24 abcdefghijklmnop=25 \0W\0abcdefghijklmnopqrstu=26 abcdefghijXlmnopqrstuv=27 abcdefghijklmnopqrstuv=28 abcdefghijklmnopqrstuvwxyz01234=29 abcdefghijklmnopqrstuvwxyz012345=30
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- a key differing in its last byte
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=1 abcdefg=3 \0*\0pqrst=NULL abcdefghijklmno=NULL abcdefghijklmnop=NULL \0W\0abcdefghijklmnopqrstu=NULL abcdefghijXlmnopqrstuv=NULL abcdefghijklmnopqrstuv=NULL abcdefghijklmnopqrstuvwxyz01234=NULL abcdefghijklmnopqrstuvwxyz012345=NULL abcdefh=2
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- a key with one more byte
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=1 abcdefg=3 \0*\0pqrst=NULL abcdefghijklmno=NULL abcdefghijklmnop=NULL \0W\0abcdefghijklmnopqrstu=NULL abcdefghijXlmnopqrstuv=NULL abcdefghijklmnopqrstuv=NULL abcdefghijklmnopqrstuvwxyz01234=NULL abcdefghijklmnopqrstuvwxyz012345=NULL abcdefgh=2
W a=31 abcdefg=32 \0*\0pqrst=33 abcdefghijklmno=34 abcdefghijklmnop=35 \0W\0abcdefghijklmnopqrstu=36 abcdefghijXlmnopqrstuv=37 abcdefghijklmnopqrstuv=38 abcdefghijklmnopqrstuvwxyz01234=39 abcdefghijklmnopqrstuvwxyz012345=40
-- a one-byte key at the input's end
W a=11 abcdefg=12 \0*\0pqrst=13 abcdefghijklmno=14 abcdefghijklmnop=15 \0W\0abcdefghijklmnopqrstu=16 abcdefghijXlmnopqrstuv=17 abcdefghijklmnopqrstuv=18 abcdefghijklmnopqrstuvwxyz01234=19 abcdefghijklmnopqrstuvwxyz012345=20
W a=5 abcdefg=NULL \0*\0pqrst=NULL abcdefghijklmno=NULL abcdefghijklmnop=NULL \0W\0abcdefghijklmnopqrstu=NULL abcdefghijXlmnopqrstuv=NULL abcdefghijklmnopqrstuv=NULL abcdefghijklmnopqrstuvwxyz01234=NULL abcdefghijklmnopqrstuvwxyz012345=NULL
-- input ending inside a key

Warning: [msgpack] (php_msgpack_unserialize) Insufficient data for unserializing in %s on line %d
bool(false)
wakeup 1
wakeup 2
wakeup 3
Wk 2 9 E8
