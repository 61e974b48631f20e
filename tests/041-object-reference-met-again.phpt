--TEST--
Packing: a PHP reference to an object met again names the first marker map that made it, so that PECL's reader and ours share one reference
--EXTENSIONS--
msgpack
--FILE--
<?php
class G { public $a = 1; }

function show(array $v) {
    $b = msgpack_pack($v);
    echo bin2hex($b), "\n";
    $u = msgpack_unpack($b);
    echo serialize($u), "\n";
    // writing through an element shows which elements share its reference
    $u[1] = 'x';
    echo serialize($u), "\n";
    $u[2] = 'y';
    echo serialize($u), "\n";
}

// PECL 2.2 reads these bytes to the same values (tests/compat/diff-objects.sh checks one).
// the object written plain first: the second occurrence of the reference is a marker 5 to the
// object (id 2), which makes a new reference held by that map (id 3); the third names id 3
$g = new G; $h = $g;
show([$g, &$h, &$h]);

// the reference three times after the plain object: all three are one reference
$g = new G; $h = $g;
show([$g, &$h, &$h, &$h]);

// the object written inside the reference first: later occurrences name the object's own id
$g = new G; $h = $g;
show([&$h, &$h, 7]);

// two different references to one object, each met twice
$g = new G; $h = $g; $k = $g;
show([$g, &$h, &$k, &$h, &$k]);
?>
--EXPECT--
9382c0a147a1610182c005000282c0050003
a:3:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;R:2;i:2;R:2;}
a:3:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;s:1:"x";i:2;R:4;}
a:3:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;s:1:"y";i:2;R:4;}
9482c0a147a1610182c005000282c005000382c0050003
a:4:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;R:2;i:2;R:2;i:3;R:2;}
a:4:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;s:1:"x";i:2;R:4;i:3;R:4;}
a:4:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;s:1:"y";i:2;R:4;i:3;R:4;}
9383c001c0a147a1610182c005000207
a:3:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;R:2;i:2;i:7;}
a:3:{i:0;s:1:"x";i:1;R:2;i:2;i:7;}
a:3:{i:0;s:1:"x";i:1;R:2;i:2;s:1:"y";}
9582c0a147a1610182c005000282c005000282c005000382c0050004
a:5:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;R:2;i:2;R:2;i:3;R:2;i:4;R:2;}
a:5:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;s:1:"x";i:2;R:2;i:3;R:4;i:4;R:2;}
a:5:{i:0;O:1:"G":1:{s:1:"a";i:1;}i:1;s:1:"x";i:2;s:1:"y";i:3;R:4;i:4;R:5;}
