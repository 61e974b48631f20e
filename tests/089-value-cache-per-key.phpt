--TEST--
Value cache judged key by key: a key whose strings are not met again is no longer cached (its later repeats are copies) while repeated strings beside it stay shared; by record field and by property alike; a key whose strings are met again keeps the cache; lists under a key go by the key, a list under no key by the call's rule; every call judges afresh
--INI--
pcre.jit=0
--FILE--
<?php
// Rows hold unique strings (names, emails) beside short strings that repeat (tags, a status).
// The value cache judges the strings of each map key (record field, property) alone, on a
// sample of its misses once the call has had 256: at its 32nd sampled miss (about its 128th), a
// key none of whose first 8 sampled strings was met again is off, and its strings are copied
// from then on without a lookup; a key one of whose samples was met again is not judged again.
// Which copies share one string is shown by debug_zval_dump()'s refcounts: allocations()
// counts the distinct strings that hold each value (the sum of 1/refcount over its copies).
function allocations($v): array {
    ob_start();
    debug_zval_dump($v);
    preg_match_all('/string\(\d+\) "([^"]*)" refcount\((\d+)\)/', ob_get_clean(), $m, PREG_SET_ORDER);
    $n = [];
    foreach ($m as [, $s, $rc]) {
        $n[$s] = ($n[$s] ?? 0) + 1 / $rc;
    }
    return array_map('round', $n);
}
function total(array $a, string $prefix): int {
    $sum = 0;
    foreach ($a as $s => $n) {
        if (strncmp($s, $prefix, strlen($prefix)) === 0) {
            $sum += $n;
        }
    }
    return $sum;
}
// 600 rows: 400 different names, then the first 200 again; a tag of 3
$rows = [];
for ($i = 0; $i < 600; $i++) {
    $rows[] = ['name' => 'name' . ($i < 400 ? $i : $i - 400), 'tag' => 't' . ($i % 3)];
}
$names = $rows;
echo "-- maps: the names are judged off before they repeat: 600 strings for 400 names; the tags stay shared\n";
$bytes = msgpack_pack($rows);
echo strlen($bytes), ' ', bin2hex(substr($bytes, 0, 24)), "\n";
$v = msgpack_unpack($bytes);
var_dump($v === $rows);
$a = allocations($v);
var_dump(total($a, 'name'), $a['name0'], $a['name199'], $a['name200'], total($a, 't'), $a['t0']);

echo "-- the same strings in a list (no key): the call's rule keeps the cache, the repeats are shared\n";
$flat = [];
foreach ($rows as $row) {
    $flat[] = $row['name'];
    $flat[] = $row['tag'];
}
$bytes = msgpack_pack($flat);
echo strlen($bytes), ' ', bin2hex(substr($bytes, 0, 16)), "\n";
$v = msgpack_unpack($bytes);
var_dump($v === $flat);
$a = allocations($v);
var_dump(total($a, 'name'), total($a, 't'));

echo "-- records (MsgPack\\Packer::RECORDS): judged by field\n";
$bytes = MsgPack\pack($rows, MsgPack\Packer::RECORDS);
echo strlen($bytes), ' ', bin2hex(substr($bytes, 0, 24)), "\n";
$v = MsgPack\unpack($bytes, MsgPack\Unpacker::RECORDS);
var_dump($v === $rows);
$a = allocations($v);
var_dump(total($a, 'name'), total($a, 't'));

echo "-- objects: judged by property\n";
class Row
{
    public $name;
    public $tag;
}
$objects = [];
foreach ($rows as $row) {
    $o = new Row();
    $o->name = $row['name'];
    $o->tag = $row['tag'];
    $objects[] = $o;
}
$bytes = msgpack_pack($objects);
echo strlen($bytes), ' ', bin2hex(substr($bytes, 0, 24)), "\n";
$v = msgpack_unpack($bytes);
var_dump($v == $objects, get_class($v[599]));
$a = allocations($v);
var_dump(total($a, 'name'), total($a, 't'));

echo "-- a key whose strings are met again keeps the cache: each reference twice in a row, beside unique names\n";
$rows = [];
for ($i = 0; $i < 600; $i++) {
    $rows[] = ['ref' => 'ref' . ($i - $i % 2), 'name' => 'name' . $i, 'tag' => 't' . ($i % 3)];
}
$v = msgpack_unpack(msgpack_pack($rows));
var_dump($v === $rows);
$a = allocations($v);
// 300 references, each shared by its two copies; the names are unique
var_dump(total($a, 'ref'), $a['ref0'], $a['ref598'], total($a, 'name'));

echo "-- lists under a key are judged by that key: unique emails beside two tags each\n";
$rows = [];
for ($i = 0; $i < 300; $i++) {
    $rows[] = ['email' => "user$i@example.com", 'tags' => ['t' . ($i % 7), 't' . ($i % 11)]];
}
$v = msgpack_unpack(msgpack_pack($rows));
var_dump($v === $rows);
$a = allocations($v);
var_dump(total($a, 'user'), total($a, 't'), $a['t0'], $a['t10']);

echo "-- two unique strings for a repeated one: at the call's 256th miss every miss is sampled and keys are judged at their 16th, the unique ones go off, the tag stays shared\n";
$rows = [];
for ($i = 0; $i < 300; $i++) {
    $rows[] = ['name' => "name$i", 'email' => "name$i@example.org", 'tag' => 't' . ($i % 7)];
}
$v = msgpack_unpack(msgpack_pack($rows));
var_dump($v === $rows);
$a = allocations($v);
var_dump(total($a, 'name'), total($a, 't'), $a['t0'], $a['t6']);

echo "-- a key judged off in a call is judged afresh in the next (the same key string)\n";
msgpack_unpack(msgpack_pack($names));
$rows = [];
for ($i = 0; $i < 100; $i++) {
    $rows[] = ['tag' => 'xy', 'name' => 'n' . ($i % 10)];
}
$v = msgpack_unpack(msgpack_pack($rows));
$a = allocations($v);
var_dump(total($a, 'n'), total($a, 'xy'));

echo "-- shared copies changed after unpack: the others keep their value\n";
$v[0]['name'] .= '!';
$v[1]['tag'] = 'yz';
var_dump($v[0]['name'], $v[10]['name'], $v[1]['tag'], $v[2]['tag']);
?>
--EXPECT--
-- maps: the names are judged off before they repeat: 600 strings for 400 names; the tags stay shared
12383 dc025882a46e616d65a56e616d6530a3746167a2743082a4
bool(true)
int(600)
float(2)
float(2)
float(1)
int(3)
float(1)
-- the same strings in a list (no key): the call's rule keeps the cache, the repeats are shared
6383 dc04b0a56e616d6530a27430a56e616d
bool(true)
int(406)
int(3)
-- records (MsgPack\Packer::RECORDS): judged by field
6995 dc0258d4724092a46e616d65a3746167a56e616d6530a274
bool(true)
int(600)
int(3)
-- objects: judged by property
15383 dc025883c0a3526f77a46e616d65a56e616d6530a3746167
bool(true)
string(3) "Row"
int(600)
int(3)
-- a key whose strings are met again keeps the cache: each reference twice in a row, beside unique names
bool(true)
int(300)
float(1)
float(1)
int(600)
-- lists under a key are judged by that key: unique emails beside two tags each
bool(true)
int(300)
int(11)
float(1)
float(1)
-- two unique strings for a repeated one: at the call's 256th miss every miss is sampled and keys are judged at their 16th, the unique ones go off, the tag stays shared
bool(true)
int(600)
int(7)
float(1)
float(1)
-- a key judged off in a call is judged afresh in the next (the same key string)
int(10)
int(1)
-- shared copies changed after unpack: the others keep their value
string(3) "n0!"
string(2) "n0"
string(2) "yz"
string(2) "xy"
