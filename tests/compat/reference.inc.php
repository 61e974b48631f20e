<?php
/*
 * The public symbols of the msgpack module, as docs/reference.md names them: shared by the test of
 * the reference (tests/compat/reference-entries.inc.php) and scripts/reference-skeleton. Each symbol has the
 * text of its heading (the code span of "### `MsgPack\Packer::pack()`") and the signature its entry
 * starts with (a code span on the line after the heading), both made here from Reflection of the
 * loaded module, so that the reference cannot name a symbol, a parameter, a default or a constant's
 * value the module does not have.
 *
 *   kind        heading                        signature
 *   function    MsgPack\pack()                 MsgPack\pack(mixed $value, int $flags = 0): string
 *   class       class MsgPack\Packer           final class MsgPack\Packer
 *   method      MsgPack\Packer::pack()         MsgPack\Packer::pack(mixed $value): string
 *   constant    MsgPack\Packer::BIN_STRINGS    MsgPack\Packer::BIN_STRINGS = 1
 *   property    MsgPack\Ext::$type             public readonly int MsgPack\Ext::$type
 *   ini         msgpack.php_only               msgpack.php_only = 1
 *
 * A parameter that is optional without a default the engine can show (its default comes from an
 * INI setting, or leaving it out does something else) is in brackets: `[string $data]`.
 */

/** @return list<array{kind: string, heading: string, signature: string, class: ?string}> in reference order */
function reference_symbols(): array
{
    $ext = new ReflectionExtension('msgpack');
    $symbols = [];
    $add = function (string $kind, string $heading, string $signature, ?string $class = null) use (&$symbols) {
        $symbols[] = ['kind' => $kind, 'heading' => $heading, 'signature' => $signature, 'class' => $class];
    };
    foreach (array_keys($ext->getFunctions()) as $name) {
        $f = new ReflectionFunction($name);
        $add('function', $f->getName() . '()', $f->getName() . reference_parameters($f) . reference_return($f));
    }
    foreach ($ext->getConstants() as $name => $value) {
        $add('constant', $name, "$name = " . var_export($value, true));
    }
    foreach (array_keys($ext->getClasses()) as $name) {
        $c = new ReflectionClass($name);
        $cn = $c->getName();
        $add('class', "class $cn", reference_class_line($c), $cn);
        foreach ($c->getReflectionConstants() as $k) {
            if ($k->getDeclaringClass()->getName() === $cn && $k->isPublic()) {
                $add('constant', "$cn::{$k->getName()}", "$cn::{$k->getName()} = " . var_export($k->getValue(), true), $cn);
            }
        }
        foreach ($c->getProperties() as $p) {
            if ($p->getDeclaringClass()->getName() === $cn && $p->isPublic()) {
                $add('property', "$cn::\${$p->getName()}", implode(' ', Reflection::getModifierNames($p->getModifiers()))
                    . ' ' . ($p->getType() ? $p->getType() . ' ' : '') . "$cn::\${$p->getName()}", $cn);
            }
        }
        foreach ($c->getMethods() as $m) {
            if ($m->getDeclaringClass()->getName() === $cn && $m->isPublic()) {
                $add('method', "$cn::{$m->getName()}()", ($m->isStatic() ? 'static ' : '') . "$cn::{$m->getName()}"
                    . reference_parameters($m) . reference_return($m), $cn);
            }
        }
    }
    $ini = ini_get_all('msgpack');
    ksort($ini);
    foreach ($ini as $name => $setting) {
        $add('ini', $name, "$name = {$setting['global_value']}");
    }
    return $symbols;
}

function reference_parameters(ReflectionFunctionAbstract $f): string
{
    $out = [];
    foreach ($f->getParameters() as $p) {
        $s = ($p->getType() ? $p->getType() . ' ' : '') . ($p->isPassedByReference() ? '&' : '')
            . ($p->isVariadic() ? '...' : '') . '$' . $p->getName();
        if ($p->isOptional() && !$p->isVariadic()) {
            // a stub's UNKNOWN, or an internal default the engine has no value for: brackets
            if ($p->isDefaultValueAvailable() && !($p->isDefaultValueConstant() && $p->getDefaultValueConstantName() === 'UNKNOWN')) {
                $s .= ' = ' . reference_value($p->getDefaultValue());
            } else {
                $s = "[$s]";
            }
        }
        $out[] = $s;
    }
    return '(' . implode(', ', $out) . ')';
}

function reference_value(mixed $v): string
{
    return match (true) {
        $v === null => 'null',
        is_bool($v) => $v ? 'true' : 'false',
        is_array($v) && $v === [] => '[]',
        default => var_export($v, true),
    };
}

function reference_return(ReflectionFunctionAbstract $f): string
{
    $t = $f->getReturnType() ?? ($f->hasTentativeReturnType() ? $f->getTentativeReturnType() : null);
    return $t === null ? '' : ": $t";
}

function reference_class_line(ReflectionClass $c): string
{
    $line = '';
    foreach ($c->getAttributes(Attribute::class) as $a) {
        $flags = $a->getArguments()[0] ?? Attribute::TARGET_ALL;
        $targets = [];
        foreach (['TARGET_CLASS', 'TARGET_FUNCTION', 'TARGET_METHOD', 'TARGET_PROPERTY', 'TARGET_CLASS_CONSTANT',
                  'TARGET_PARAMETER', 'IS_REPEATABLE'] as $name) {
            if ($flags & constant("Attribute::$name")) {
                $targets[] = "Attribute::$name";
            }
        }
        $line .= '#[Attribute(' . implode(' | ', $targets) . ')] ';
    }
    $line .= ($c->isFinal() ? 'final ' : '') . ($c->isAbstract() ? 'abstract ' : '') . 'class ' . $c->getName();
    $parent = $c->getParentClass();
    if ($parent) {
        $line .= ' extends ' . $parent->getName();
    }
    // the interfaces the class names itself: not its parent's, nor those another one extends
    $own = array_diff($c->getInterfaceNames(), $parent ? $parent->getInterfaceNames() : []);
    $implied = [];
    foreach ($own as $i) {
        $implied = array_merge($implied, (new ReflectionClass($i))->getInterfaceNames());
    }
    $own = array_values(array_diff($own, $implied));
    if ($own) {
        $line .= ' implements ' . implode(', ', $own);
    }
    return $line;
}

/** GitHub's anchor of a heading: lower case, backticks and punctuation but - and _ dropped, spaces as -. */
function reference_anchor(string $heading): string
{
    $s = strtolower(str_replace('`', '', trim($heading)));
    $s = preg_replace('/[^\p{L}\p{N}\p{M} _-]/u', '', $s);
    return str_replace(' ', '-', $s);
}

/**
 * The headings of a markdown file, fenced blocks left out: [line, level, text (backticks kept), anchor],
 * the anchors made unique as GitHub makes them (-1, -2, ... for repeats).
 * @return list<array{line: int, level: int, text: string, anchor: string}>
 */
function reference_headings(array $lines): array
{
    $out = [];
    $seen = [];
    $fence = false;
    foreach ($lines as $i => $l) {
        if (preg_match('/^ *```/', $l)) {
            $fence = !$fence;
            continue;
        }
        if ($fence || !preg_match('/^(#{1,6}) +(.*?) *#*$/', $l, $m)) {
            continue;
        }
        $a = reference_anchor($m[2]);
        $n = $seen[$a] ?? 0;
        $seen[$a] = $n + 1;
        $out[] = ['line' => $i + 1, 'level' => strlen($m[1]), 'text' => $m[2], 'anchor' => $n ? "$a-$n" : $a];
    }
    return $out;
}
