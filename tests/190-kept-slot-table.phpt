--TEST--
The slot table lent from one value to the next: a smaller value after a larger, back-references on both sides of the 16 inline slots, a decode nested in __wakeup() while the outer value holds the table, and a failed decode
--FILE--
<?php
// A value of more than 16 containers takes its slot table from the value before it (kept for the
// request); a decode nested in __wakeup() finds it taken and makes its own. Every back-reference
// must name its own value's container, never one left in the table by an earlier value.
class Inner {
    public $list;
    public function __wakeup() {
        // 30 containers, with a back-reference to the 25th: while the outer value holds the table
        $v = [];
        for ($i = 0; $i < 30; $i++) { $v[] = ['in' . $i]; }
        $o = new stdClass; $o->k = 'nested';
        $v[] = $o; $v[] = $o;
        $u = msgpack_unpack(msgpack_pack($v));
        echo 'nested: ', count($u), ' ', $u[29][0], ' ', var_export($u[30] === $u[31], true), "\n";
    }
}
function make($count, $tag) {
    $o = new stdClass;
    $o->tag = $tag;
    $v = [];
    for ($i = 0; $i < $count; $i++) { $v[] = [$tag . $i]; }
    $v[] = $o;
    $v[] = $o;
    return $v;
}
foreach ([[5000, 'a'], [20, 'b'], [3, 'c'], [40, 'd'], [5000, 'e'], [17, 'f']] as [$count, $tag]) {
    $s = msgpack_pack(make($count, $tag));
    $u = msgpack_unpack($s);
    printf("%d %s: %d bytes, md5 %s, %s %s, same object %s\n", $count, $tag, strlen($s), md5($s),
        $u[$count - 1][0], $u[$count]->tag, var_export($u[$count] === $u[$count + 1], true));
}
// a value of 18 containers (two past the inline slots), its bytes exactly
echo bin2hex(msgpack_pack(make(17, 'g'))), "\n";
// the outer value has 50 containers (a heap table) when the nested decode runs
$inner = new Inner;
$inner->list = 1;
$outer = make(48, 'o');
$outer[] = $inner;
$outer[] = $inner;
$u = msgpack_unpack(msgpack_pack($outer));
var_dump($u[47][0], $u[48]->tag, $u[48] === $u[49], $u[50] === $u[51], $u[50] instanceof Inner);
// a value cut short after 30 containers gives its table back too; the next value reads right
$s = msgpack_pack(make(30, 'x'));
var_dump(@msgpack_unpack(substr($s, 0, 100)));
$u = msgpack_unpack(msgpack_pack(make(30, 'y')));
var_dump($u[29][0], $u[30] === $u[31], $u[30]->tag);
?>
--EXPECT--
5000 a: 33917 bytes, md5 146e624ae9ed6fea2e050f9733054933, a4999 a, same object true
20 b: 115 bytes, md5 74c5462b903745d15f942803c8a3bca2, b19 b, same object true
3 c: 35 bytes, md5 2c21d23fdfb935ebf6732374f59e1c3b, c2 c, same object true
40 d: 215 bytes, md5 fb63505e650fb4b18e9724cdd3ce5354, d39 d, same object true
5000 e: 33917 bytes, md5 d08ebe9b4c476cc8390391fa4a1a33d5, e4999 e, same object true
17 f: 100 bytes, md5 021d5d21b46960e6ca0ed2b6afbc36e9, f16 f, same object true
dc001391a2673091a2673191a2673291a2673391a2673491a2673591a2673691a2673791a2673891a2673991a367313091a367313191a367313291a367313391a367313491a367313591a367313682c0a8737464436c617373a3746167a16782c0040013
nested: 32 in29 true
string(3) "o47"
string(1) "o"
bool(true)
bool(true)
bool(true)
bool(false)
string(3) "y29"
bool(true)
string(1) "y"
