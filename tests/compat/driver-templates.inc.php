<?php
/*
 * One side of diff-templates.sh, run with one extension loaded (never both):
 *   php driver-templates.inc.php OUT
 * runs every case of the matrix (values x templates x entry points x php_only) and writes one
 * JSON line per case to OUT: {"k": case key, "v": warnings, then the var_dump of the result or
 * the exception}. {"start": key} comes before each, so that a run that dies (PECL stops the
 * script with a fatal error in some cases, or crashes) can be told from the case it died in:
 * a fatal error is recorded here as the warnings before it and "FATAL: message", a crash by
 * diff-templates.sh. A new run
 * skips the cases OUT has.
 *   php driver-templates.inc.php count | keys
 * prints the number of cases, or their keys (one per line; runs without any msgpack module).
 */

set_error_handler(function ($no, $msg) {
    $names = [E_WARNING => 'Warning', E_NOTICE => 'Notice', E_DEPRECATED => 'Deprecated'];
    $GLOBALS['tpl_log'][] = ($names[$no] ?? "E$no") . ': ' . $msg;
    return true;
});
ini_set('serialize_precision', '-1');

class Obj { public $a; protected $b; private $c; }
class Other { public $A = 1; }
class Pair { public $x = 'X'; public $y = 'Y'; }
class Ctor
{
    public $x = 1;
    public $y;
    public $z = ['k' => 0];
    public function __construct() { $this->y = new Other; }
}
class Par { private $c = 'parent'; public $d; }
class Kid extends Par { public $e; }
class Box { public $items; public $label = 'box'; }
class ListHolder { public $q = ['Other']; }
class Typed { public int $i = 0; public ?string $s = null; }
class NoProps {}
/* its object property, then a plain one: PECL's converter of the list case stays an object
 * converter for the plain one, and stops the script */
class Holder { public $o; public $n; public function __construct() { $this->o = new Other; } }
abstract class Abstr { public $v; }
class RO { public readonly int $r; public $s; }
class Uninit { public int $i; public $p = 5; public int $j; }
class TypedArr { public ?array $x = null; public $y; }
class Thrower { public $t; public function __construct() { throw new LogicException('constructor'); } }

function tpl_values(): array
{
    $obj = new Obj; $obj->a = 'A';
    $box = new Box; $box->items = [new Other, new Other]; $box->items[1]->A = 2;
    $box2 = new Box; $box2->items = [new Pair]; $box2->label = 'second';
    $ctor = new Ctor; $ctor->x = 'set';
    // shared arrays: references with php_only on
    $shared = [1, 2]; $map = ['x' => 1];
    return [
        'uninit' => [new Uninit], 'refs' => [&$shared, &$shared], 'refmap' => ['k' => &$map, 'm' => &$map],
        'ro_map' => ['r' => 1, 's' => 2], 'ro_mixed' => ['s' => 1, 0 => 5], 'typed_bad' => ['i' => 'x', 's' => 'y', 'zz' => 1],
        'mangled' => ['a' => 1, "\0*\0b" => 2, 'c' => 3],
        'null' => null, 'true' => true, 'false' => false, 'int' => 42, 'negint' => -7, 'float' => 1.5,
        'string' => 'str', 'emptystr' => '', 'emptyarr' => [],
        'list1' => [1], 'list2' => [1, 2], 'list3' => [1, 2, 3], 'list5' => [1, 2, 3, 4, 5],
        'list3arr' => [[1, 2], ['A' => 5], ['k' => 7, 'm' => 8]],
        'listlists' => [[1, 2], [3]], 'listlists3' => [[1, 2], [3, 4], [5, 6]],
        'listofmaps' => [['A' => 1], ['A' => 2, 'B' => 3]],
        'map_a' => ['a' => 1], 'map_abc' => ['a' => 1, 'b' => 2, 'c' => 3], 'map_xy' => ['x' => 1, 'y' => 2],
        'map_A' => ['A' => 5], 'map_both' => ['a' => 1, 'x' => 2, 'c' => 3],
        'map_items' => ['items' => [['A' => 3]], 'label' => 'l'],
        'mixed_ab3' => ['a' => 1, 'b' => 2, 3], 'mixed_3ab' => [3, 'a' => 1, 'b' => 2],
        'mixed_c01' => ['c' => 'C', 0 => 'i0', 1 => 'i1', 2 => 'i2'], 'mixed_0c1' => [0 => 'i0', 'c' => 'C', 1 => 'i1'],
        'mixed_big' => [9 => 'i9', 'a' => 'A', 4 => 'i4', 8 => 'i8'], 'sparse' => [1 => 'x'], 'intkeys' => [5 => 'f', 7 => 's'],
        'neg' => [-1 => 'm', 'b' => 'B'], 'k_list' => ['k' => [1, 2]], 'k_map' => ['k' => ['A' => 5]],
        'x_list' => ['x' => [[1], [2]]], 'x_objs' => ['x' => [new Other]],
        'obj' => $obj, 'other' => new Other, 'pair' => new Pair, 'ctor' => $ctor,
        'objs' => [new Other, new Pair], 'boxes' => [$box, $box2], 'box' => $box,
        'map_of_objs' => ['p' => new Pair, 'o' => new Other],
        'nested' => [[new Other, [new Pair]], ['k' => $box]],
    ];
}

function tpl_templates(): array
{
    $ctor = new Ctor; $ctor->x = 'template';
    $class = 'Obj';
    return [
        '[&Obj]' => [&$class], 'RO' => 'RO', 'Thrower' => 'Thrower', 'TypedArr' => 'TypedArr',
        '(none)' => null, 'null' => null, 'Obj' => 'Obj', 'Other' => 'Other', 'Pair' => 'Pair', 'Ctor' => 'Ctor',
        'Kid' => 'Kid', 'Box' => 'Box', 'ListHolder' => 'ListHolder', 'Typed' => 'Typed', 'NoProps' => 'NoProps',
        'Holder' => 'Holder', 'new Obj' => new Obj, 'new Ctor' => $ctor, 'new Pair' => new Pair,
        '[Obj]' => ['Obj'], '[Other]' => ['Other'], '[new Pair]' => [new Pair], '[[A]]' => [['A' => null]],
        '[[Obj]]' => [['Obj']], '[0]' => [0], '[[0]]' => [[0]], '[]' => [], '[3=>Obj]' => [3 => 'Obj'],
        '[k]' => ['k' => null], '[k=>[Obj]]' => ['k' => ['Obj']], '[k=>Obj]' => ['k' => 'Obj'],
        '[k=>new Other]' => ['k' => new Other], '[x=>[Other]]' => ['x' => ['Other']],
        '[a,b]' => ['a' => null, 'b' => null], '[a,0=>Obj]' => ['a' => null, 0 => 'Obj'],
        '[0=>Obj,a]' => [0 => 'Obj', 'a' => null], '[[x,y]]' => [['x' => null, 'y' => null]],
        '[[items=>[[A]],label]]' => [['items' => [['A' => null]], 'label' => null]],
        '[[[A]]]' => [[['A' => null]]], '[p=>[x],o=>Other]' => ['p' => ['x' => null], 'o' => 'Other'],
    ];
}

/* Templates that stop PECL (a fatal error, a crash): a few values each, to keep restarts few. */
function tpl_fatal_templates(): array
{
    return ['NoSuchClass' => 'NoSuchClass', 'Abstr' => 'Abstr'];
}

/* Entry points: how bytes packed with the given php_only go through a template. */
function tpl_entries(): array
{
    return ['fn', 'mp', 'mp_opt', 'unpacker'];
}

function tpl_pack($value, bool $php_only, string $entry)
{
    if ($entry === 'fn') {
        ini_set('msgpack.php_only', $php_only ? '1' : '0');
        return msgpack_pack($value);
    }
    return (new MessagePack($php_only))->pack($value);
}

/* $tpl: [] for no template argument at all, else [the template] */
function tpl_unpack(string $bytes, array $tpl, bool $php_only, string $entry)
{
    switch ($entry) {
        case 'fn':
            ini_set('msgpack.php_only', $php_only ? '1' : '0');
            return msgpack_unpack($bytes, ...$tpl);
        case 'mp':
            return (new MessagePack($php_only))->unpack($bytes, ...$tpl);
        case 'mp_opt':
            $m = new MessagePack(true);
            $m->setOption(MessagePack::OPT_PHPONLY, $php_only);
            return $m->unpack($bytes, ...$tpl);
        case 'unpacker':
            $u = new MessagePackUnpacker($php_only);
            $u->feed($bytes);
            if (!$u->execute()) {
                return 'execute() gave false';
            }
            return $u->data(...$tpl);
    }
}

/* All the cases: key => [value thunk, template name, template thunk, php_only, entry, raw bytes]. */
function tpl_cases(): array
{
    $cases = [];
    $values = array_keys(tpl_values());
    $templates = array_keys(tpl_templates());
    $array_templates = array_keys(array_filter(tpl_templates(), 'is_array'));
    foreach (tpl_entries() as $entry) {
        // MessagePack::setOption(OPT_PHPONLY, false) is the case to cover; true is mp's own
        foreach ($entry === 'mp_opt' ? [false] : [true, false] as $php_only) {
            $po = $php_only ? 'on' : 'off';
            foreach ($templates as $t) {
                // PECL's data() hands array templates to its object converter, which stops the
                // script: a few values are enough to show it
                $vs = $entry === 'unpacker' && in_array($t, $array_templates, true) ? ['list2', 'map_a', 'objs'] : $values;
                foreach ($vs as $v) {
                    $cases["$entry|$po|$v|$t"] = [$v, $t, false, $php_only, $entry, null];
                }
            }
            foreach (array_keys(tpl_fatal_templates()) as $t) {
                foreach (['list2', 'map_a'] as $v) {
                    $cases["$entry|$po|$v|$t"] = [$v, $t, true, $php_only, $entry, null];
                }
            }
            // bytes that do not decode, and an empty string, with a template
            foreach (['insufficient' => "\x92\x01", 'parse_error' => "\xc1", 'empty' => ''] as $name => $bytes) {
                foreach (['(none)', 'Obj', '[Obj]', '[a,b]'] as $t) {
                    $cases["$entry|$po|raw:$name|$t"] = [null, $t, false, $php_only, $entry, $bytes];
                }
            }
        }
    }
    return $cases;
}

function tpl_run(array $case): string
{
    [$vname, $tname, $fatal, $php_only, $entry, $raw] = $case;
    $GLOBALS['tpl_log'] = [];
    ob_start();
    try {
        $bytes = $raw ?? tpl_pack(tpl_values()[$vname], $php_only, $entry);
        $tpl = $tname === '(none)' ? [] : [$fatal ? tpl_fatal_templates()[$tname] : tpl_templates()[$tname]];
        $r = tpl_unpack($bytes, $tpl, $php_only, $entry);
        var_dump($r);
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    $out = ob_get_clean();
    return implode("\n", $GLOBALS['tpl_log']) . ($GLOBALS['tpl_log'] ? "\n" : '') . preg_replace('/#\d+ /', '#N ', $out);
}

if (($argv[1] ?? '') === 'count') {
    echo count(tpl_cases()), "\n";
    exit(0);
}
if (($argv[1] ?? '') === 'keys') {
    echo implode("\n", array_keys(tpl_cases())), "\n";
    exit(0);
}

$path = $argv[1];
$done = [];
if (is_file($path)) {
    foreach (file($path, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
        $j = json_decode($line, true);
        if (isset($j['k'])) {
            $done[$j['k']] = true;
        }
    }
}
$out = fopen($path, 'a');
$GLOBALS['tpl_current'] = null;
register_shutdown_function(function () use ($out) {
    // a fatal error ends the script: record it for the case it happened in
    $k = $GLOBALS['tpl_current'];
    $e = error_get_last();
    if ($k !== null && $e !== null) {
        while (ob_get_level()) {
            ob_end_clean();
        }
        $log = implode("\n", $GLOBALS['tpl_log']) . ($GLOBALS['tpl_log'] ? "\n" : '');
        fwrite($out, json_encode(['k' => $k, 'v' => $log . 'FATAL: ' . $e['message']], JSON_INVALID_UTF8_SUBSTITUTE) . "\n");
    }
});
ini_set('display_errors', '0');
foreach (tpl_cases() as $k => $case) {
    if (isset($done[$k])) {
        continue;
    }
    fwrite($out, json_encode(['start' => $k]) . "\n");
    $GLOBALS['tpl_current'] = $k;
    $v = tpl_run($case);
    $GLOBALS['tpl_current'] = null;
    fwrite($out, json_encode(['k' => $k, 'v' => $v], JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR) . "\n");
}
