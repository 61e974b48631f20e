<?php
/*
 * Prints the declarations of the msgpack extension, one per line, normalised so that the module
 * (loaded) and stubs/msgpack.php (included into a PHP without the module) print the same lines
 * when they declare the same API: functions, constants and their values, classes with their
 * parents, interfaces and modifiers, class constants, properties, methods and their parameters
 * (name, type, by reference, variadic, optional, default when it is a constant).
 *
 *   php -n -d extension=modules/msgpack.so tests/compat/ide-stub.php module
 *   php -n tests/compat/ide-stub.php stub stubs/msgpack.php
 */
[$_, $side] = $argv + [null, null];
if ($side === 'module') {
    $ext = new ReflectionExtension('msgpack');
    $functions = array_keys($ext->getFunctions());
    $classes = array_keys($ext->getClasses());
    $constants = $ext->getConstants();
} elseif ($side === 'stub') {
    $before_classes = get_declared_classes();
    require $argv[2];
    $stub_file = realpath($argv[2]);
    $functions = array_filter(get_defined_functions()['user'],
        fn ($f) => (new ReflectionFunction($f))->getFileName() === $stub_file);
    $classes = array_values(array_diff(get_declared_classes(), $before_classes));
    $constants = get_defined_constants(true)['user'] ?? [];
} else {
    fwrite(STDERR, "usage: ide-stub.php module | stub FILE\n");
    exit(2);
}

function type_of(?ReflectionType $t): string
{
    return $t === null ? '' : (string) $t;
}

function parameters(ReflectionFunctionAbstract $f, bool $stub): string
{
    $out = [];
    foreach ($f->getParameters() as $p) {
        $s = type_of($p->getType()) . ' ' . ($p->isPassedByReference() ? '&' : '') . ($p->isVariadic() ? '...' : '')
            . '$' . $p->getName();
        if ($p->isOptional() && !$p->isVariadic()) {
            // the module has no default where the stub says UNKNOWN (an INI value): the stub's stand-in
            // is marked by a comment and not compared
            $default = $p->isDefaultValueAvailable() ? var_export($p->getDefaultValue(), true) : '?';
            if ($stub && $default !== '?' && stripos(file_get_contents($f->getFileName()), '$' . $p->getName() . ' = ' . $default . ' /* default:') !== false) {
                $default = '?';
            }
            $s .= ' = ' . str_replace("\n", '', $default);
        }
        $out[] = trim($s);
    }
    return '(' . implode(', ', $out) . ')';
}

$lines = [];
foreach ($functions as $name) {
    $f = new ReflectionFunction($name);
    $lines[] = 'function ' . strtolower($f->getName()) . parameters($f, $side === 'stub') . ': ' . type_of($f->getReturnType());
}
foreach ($constants as $name => $value) {
    $lines[] = "const $name = " . var_export($value, true);
}
foreach ($classes as $name) {
    $c = new ReflectionClass($name);
    $interfaces = $c->getInterfaceNames();
    sort($interfaces);
    $lines[] = 'class ' . $c->getName() . ($c->isFinal() ? ' final' : '') . ($c->isAbstract() ? ' abstract' : '')
        . ($c->getParentClass() ? ' extends ' . $c->getParentClass()->getName() : '')
        . ($interfaces ? ' implements ' . implode(', ', $interfaces) : '');
    foreach ($c->getReflectionConstants() as $k) {
        if ($k->getDeclaringClass()->getName() === $c->getName()) {
            $lines[] = "  const {$c->getName()}::{$k->getName()} = " . var_export($k->getValue(), true);
        }
    }
    foreach ($c->getProperties() as $p) {
        if ($p->getDeclaringClass()->getName() === $c->getName()) {
            $lines[] = "  property {$c->getName()}::\${$p->getName()}: " . type_of($p->getType())
                . ' ' . implode(' ', Reflection::getModifierNames($p->getModifiers()));
        }
    }
    foreach ($c->getMethods() as $m) {
        if ($m->getDeclaringClass()->getName() === $c->getName()) {
            $lines[] = "  method {$c->getName()}::{$m->getName()}" . parameters($m, $side === 'stub') . ': '
                . type_of($m->getReturnType()) . ' ' . implode(' ', Reflection::getModifierNames($m->getModifiers()));
        }
    }
}
sort($lines);
echo implode("\n", $lines), "\n";
