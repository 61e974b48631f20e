--TEST--
Back-references and PHP references to containers on both sides of the 16 slots kept in the decoder itself (output and bytes as PECL msgpack)
--FILE--
<?php
// The decoder's first 16 slots (one per container, in the order they start, for back-references)
// are in the decoder itself, the others allocated: back-references to containers on both sides
// of the 16th, and PHP references, in values of 10 to 40 containers.
class Node { public $id; public $next = null; public $tags = []; }
foreach ([10, 15, 16, 17, 40] as $count) {
    $nodes = [];
    for ($i = 0; $i < $count; $i++) {
        $n = new Node;
        $n->id = $i;
        $n->tags = ['t' . $i];
        $nodes[] = $n;
    }
    for ($i = 0; $i + 1 < $count; $i++) {
        $nodes[$i]->next = $nodes[$count - 1 - $i]; // objects met before and after
    }
    $value = ['nodes' => $nodes, 'first' => $nodes[0], 'last' => $nodes[$count - 1]];
    $value['ref'] = &$value['nodes'][$count >> 1]->tags;
    $s = msgpack_pack($value);
    $u = msgpack_unpack($s);
    echo $count, ': ', strlen($s), ' bytes, ', $count == 17 ? bin2hex($s) : md5($s), "\n";
    var_dump($u['first'] === $u['nodes'][0], $u['last'] === $u['nodes'][$count - 1]);
    var_dump($u['nodes'][3]->next === $u['nodes'][$count - 4], $u['nodes'][$count - 2]->next === $u['nodes'][1]);
    $u['ref'][] = 'via ref';
    var_dump($u['nodes'][$count >> 1]->tags);
    echo implode(',', array_map(fn ($n) => $n->id . '>' . ($n->next ? $n->next->id : '-'), $u['nodes'])), "\n";
}
?>
--EXPECT--
10: 337 bytes, ae67e324e46de2b034ca85d58d2278cb
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(2) "t5"
  [1]=>
  string(7) "via ref"
}
0>9,1>8,2>7,3>6,4>5,5>4,6>3,7>2,8>1,9>-
15: 492 bytes, 6c3aaedfe88ed8f52678d73609d35b94
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(2) "t7"
  [1]=>
  string(7) "via ref"
}
0>14,1>13,2>12,3>11,4>10,5>9,6>8,7>7,8>6,9>5,10>4,11>3,12>2,13>1,14>-
16: 525 bytes, ce78991a10df0bb25f1c3ff13efe65f0
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(2) "t8"
  [1]=>
  string(7) "via ref"
}
0>15,1>14,2>13,3>12,4>11,5>10,6>9,7>8,8>7,9>6,10>5,11>4,12>3,13>2,14>1,15>-
17: 556 bytes, 84a56e6f646573dc001184c0a44e6f6465a2696400a46e65787484c0a44e6f6465a2696410a46e657874c0a47461677391a3743136a47461677391a2743084c0a44e6f6465a2696401a46e65787484c0a44e6f6465a269640fa46e65787482c0040007a47461677391a3743135a47461677391a2743184c0a44e6f6465a2696402a46e65787484c0a44e6f6465a269640ea46e65787482c004000ca47461677391a3743134a47461677391a2743284c0a44e6f6465a2696403a46e65787484c0a44e6f6465a269640da46e65787482c0040011a47461677391a3743133a47461677391a2743384c0a44e6f6465a2696404a46e65787484c0a44e6f6465a269640ca46e65787482c0040016a47461677391a3743132a47461677391a2743484c0a44e6f6465a2696405a46e65787484c0a44e6f6465a269640ba46e65787482c004001ba47461677391a3743131a47461677391a2743584c0a44e6f6465a2696406a46e65787484c0a44e6f6465a269640aa46e65787482c0040020a47461677391a3743130a47461677391a2743684c0a44e6f6465a2696407a46e65787484c0a44e6f6465a2696409a46e65787482c0040025a47461677391a27439a47461677391a2743784c0a44e6f6465a2696408a46e65787482c004002aa47461677382c00100a2743882c004002682c004002182c004001c82c004001782c004001282c004000d82c004000882c0040004a5666972737482c0040003a46c61737482c0040004a372656682c002002c
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(2) "t8"
  [1]=>
  string(7) "via ref"
}
0>16,1>15,2>14,3>13,4>12,5>11,6>10,7>9,8>8,9>7,10>6,11>5,12>4,13>3,14>2,15>1,16>-
40: 1269 bytes, caa7df7b29d7c9f513411f6cc16247ec
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(3) "t20"
  [1]=>
  string(7) "via ref"
}
0>39,1>38,2>37,3>36,4>35,5>34,6>33,7>32,8>31,9>30,10>29,11>28,12>27,13>26,14>25,15>24,16>23,17>22,18>21,19>20,20>19,21>18,22>17,23>16,24>15,25>14,26>13,27>12,28>11,29>10,30>9,31>8,32>7,33>6,34>5,35>4,36>3,37>2,38>1,39>-
