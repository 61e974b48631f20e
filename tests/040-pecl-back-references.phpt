--TEST--
Back-references in PECL-written bytes read as PECL reads them: ids of marker maps, references kept by markers 2 and 4, marker 5
--FILE--
<?php
class Pub { public $a = 1; public $b = 'two'; }
function s(string $x): string { return sprintf('%02x', 0xa0 + strlen($x)) . bin2hex($x); }
function show(string $label, string $hex): mixed {
    echo "-- $label: $hex\n";
    $v = msgpack_unpack(hex2bin($hex));
    var_dump($v);
    echo serialize($v), "\n";
    return $v;
}
$pub = '83c0' . s('Pub') . s('a') . '01' . s('b') . s('two');
// Ids: every map and array in the order they start (root 1), the maps of markers 2, 4, 5
// included; a back-reference takes what the id's container became.
// PECL's bytes for $m = [1]; $p = new Pub; [&$m, &$m, $p, $p, $m]: its writer did not count
// the marker-2 map, so the id of the last $p (3) names that map, which holds the reference
// to [1]: element 3 is that reference, as PECL reads it
$v = show('PECL: references, then a shared object', '95' . '82c0010001' . '82c0020002' . $pub . '82c0040003' . '9101');
$v[3][] = 2;
var_dump(count($v[0]));
// what we write for the same value reads back as the value (PECL reads it so too)
$m = [1]; $p = new Pub;
$hex = bin2hex(msgpack_pack([&$m, &$m, $p, $p, $m]));
$v = show('ours: references, then a shared object', $hex);
var_dump($v[2] === $v[3]);
// marker 4 keeps a reference it names: [&$g, &$g, $g]
show('marker 4 to an object in a reference', '93' . '83c001c0' . s('Pub') . s('a') . '01' . '82c0050002' . '82c0040002');
// marker 5 to a plain object: a new reference for each (none shared), the target stays plain
show('marker 5 twice to a plain object', '93' . $pub . '82c0050002' . '82c0050002');
// ... and the id of a marker-5 map names that new reference
show('marker 5, then its own map named', '94' . $pub . '82c0050002' . '82c0050003' . '82c0040003');
// marker 2 to a plain array: a copy (PECL makes no reference of it)
show('marker 2 twice to a plain array', '93' . '9101' . '82c0020002' . '82c0020002');
show('marker 2, then its own map named', '94' . '9101' . '82c0020002' . '82c0020003' . '82c0040003');
// marker 2 to an array in a reference: that reference
show('marker 2 to a reference', '93' . '82c0010001' . '82c0020002' . '82c0040003');
// an empty array takes an id too
show('empty array and map ids', '94' . '90' . '80' . '82c0040002' . '82c0040003');
// a back-reference to an array still being read is null (PECL puts the array in itself)
show('back-reference to the root', '92' . '01' . '82c0040001');
?>
--EXPECTF--
-- PECL: references, then a shared object: 9582c001000182c002000283c0a3507562a16101a162a374776f82c00400039101
array(5) {
  [0]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [1]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [2]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [3]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [4]=>
  array(1) {
    [0]=>
    int(1)
  }
}
a:5:{i:0;a:1:{i:0;i:1;}i:1;R:2;i:2;O:3:"Pub":2:{s:1:"a";i:1;s:1:"b";s:3:"two";}i:3;R:2;i:4;a:1:{i:0;i:1;}}
int(2)
-- ours: references, then a shared object: 9582c001000182c002000283c0a3507562a16101a162a374776f82c00400049101
array(5) {
  [0]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [1]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [2]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [3]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [4]=>
  array(1) {
    [0]=>
    int(1)
  }
}
a:5:{i:0;a:1:{i:0;i:1;}i:1;R:2;i:2;O:3:"Pub":2:{s:1:"a";i:1;s:1:"b";s:3:"two";}i:3;r:4;i:4;a:1:{i:0;i:1;}}
bool(true)
-- marker 4 to an object in a reference: 9383c001c0a3507562a1610182c005000282c0040002
array(3) {
  [0]=>
  &object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [1]=>
  &object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [2]=>
  &object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
}
a:3:{i:0;O:3:"Pub":2:{s:1:"a";i:1;s:1:"b";s:3:"two";}i:1;R:2;i:2;R:2;}
-- marker 5 twice to a plain object: 9383c0a3507562a16101a162a374776f82c005000282c0050002
array(3) {
  [0]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [1]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [2]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
}
a:3:{i:0;O:3:"Pub":2:{s:1:"a";i:1;s:1:"b";s:3:"two";}i:1;r:2;i:2;r:2;}
-- marker 5, then its own map named: 9483c0a3507562a16101a162a374776f82c005000282c005000382c0040003
array(4) {
  [0]=>
  object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [1]=>
  &object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [2]=>
  &object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
  [3]=>
  &object(Pub)#%d (2) {
    ["a"]=>
    int(1)
    ["b"]=>
    string(3) "two"
  }
}
a:4:{i:0;O:3:"Pub":2:{s:1:"a";i:1;s:1:"b";s:3:"two";}i:1;R:2;i:2;R:2;i:3;R:2;}
-- marker 2 twice to a plain array: 93910182c002000282c0020002
array(3) {
  [0]=>
  array(1) {
    [0]=>
    int(1)
  }
  [1]=>
  array(1) {
    [0]=>
    int(1)
  }
  [2]=>
  array(1) {
    [0]=>
    int(1)
  }
}
a:3:{i:0;a:1:{i:0;i:1;}i:1;a:1:{i:0;i:1;}i:2;a:1:{i:0;i:1;}}
-- marker 2, then its own map named: 94910182c002000282c002000382c0040003
array(4) {
  [0]=>
  array(1) {
    [0]=>
    int(1)
  }
  [1]=>
  array(1) {
    [0]=>
    int(1)
  }
  [2]=>
  array(1) {
    [0]=>
    int(1)
  }
  [3]=>
  array(1) {
    [0]=>
    int(1)
  }
}
a:4:{i:0;a:1:{i:0;i:1;}i:1;a:1:{i:0;i:1;}i:2;a:1:{i:0;i:1;}i:3;a:1:{i:0;i:1;}}
-- marker 2 to a reference: 9382c001000182c002000282c0040003
array(3) {
  [0]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [1]=>
  &array(1) {
    [0]=>
    int(1)
  }
  [2]=>
  &array(1) {
    [0]=>
    int(1)
  }
}
a:3:{i:0;a:1:{i:0;i:1;}i:1;R:2;i:2;R:2;}
-- empty array and map ids: 94908082c004000282c0040003
array(4) {
  [0]=>
  array(0) {
  }
  [1]=>
  object(stdClass)#%d (0) {
  }
  [2]=>
  array(0) {
  }
  [3]=>
  object(stdClass)#%d (0) {
  }
}
a:4:{i:0;a:0:{}i:1;O:8:"stdClass":0:{}i:2;a:0:{}i:3;r:3;}
-- back-reference to the root: 920182c0040001
array(2) {
  [0]=>
  int(1)
  [1]=>
  NULL
}
a:2:{i:0;i:1;i:1;N;}
