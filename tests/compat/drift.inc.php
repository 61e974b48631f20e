<?php
// The map cannot drift from the code (issue 33): the comments of the C sources and the docs name
// only functions that exist, docs/coverage-exceptions.md cites functions and no line numbers, and
// no comment quotes a measurement (figures go to docs/benchmark.md with the commit measured).
//
//   php -n -d extension=modules/msgpack.so tests/compat/drift.inc.php ROOT
//
// A cited name is `name()` in a comment, or in backticks in the prose of a doc (not in fenced
// code). It exists when it is defined in the extension's C sources (a function or a
// function-like macro at the start of a line), declared in the C headers of the system or of PHP
// (the Zend API, libc), or is a PHP function; names of another language are cited with its
// object (`msgpack.packb()`, `Packr.pack()`) and are not taken for ours. CamelCase names are
// PHP methods, which tests/compat/reference.sh checks against the module. Prints each finding
// and a closing "N passed, N failed" line.
$root = rtrim($argv[1] ?? getcwd(), '/');
$passed = $failed = 0;

function finding(string $what): void
{
    global $failed;
    $failed++;
    echo "FAIL: $what\n";
}

function sources(string $root): array
{
    $files = [];
    $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS));
    foreach ($it as $f) {
        $rel = substr($f->getPathname(), strlen($root) + 1);
        if (preg_match('#^(\.git|\.libs|build|autom4te\.cache|modules|include|bench/js|fuzz/build|tests/compat/js)/#', $rel)
                || !preg_match('/\.[ch]$/', $rel) || str_starts_with(basename($rel), 'config')
                || in_array($rel, ['msgpack_arginfo.h'], true)) {
            continue;
        }
        $files[] = $rel;
    }
    sort($files);
    return $files;
}

// Names defined in the extension's sources: functions and function-like macros.
function definitions(string $root, array $files): array
{
    $defined = [];
    foreach ($files as $rel) {
        $text = file_get_contents("$root/$rel");
        preg_match_all('/^#\s*define\s+(\w+)\(/m', $text, $m);
        foreach ($m[1] as $n) {
            $defined[$n] = true;
        }
        // a definition or prototype starts at the line's start: "static bool walk(" or
        // "msgpack_path *msgpack_path_new(void)"; ZEND_METHOD(Class, name) too
        preg_match_all('/^(?!\s|#|\/|\*|return\b|if\b|else\b|for\b|while\b|switch\b|case\b)[^;=(\n]*?\b(\w+)\s*\(/m', $text, $m);
        foreach ($m[1] as $n) {
            $defined[$n] = true;
        }
    }
    return $defined;
}

// Names the system's and PHP's C headers declare (the Zend API, libc, pthreads).
function header_names(): array
{
    $names = [];
    $dirs = ['/usr/include'];
    foreach (glob('/usr/include/php/*', GLOB_ONLYDIR) as $d) {
        $dirs[] = $d;
    }
    $cmd = 'grep -rhoE "\b[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(" ' . implode(' ', array_map('escapeshellarg', $dirs))
        . ' --include=*.h 2>/dev/null | sed -E "s/[[:space:]]*\($//" | sort -u';
    foreach (explode("\n", (string) shell_exec($cmd)) as $n) {
        if ($n !== '') {
            $names[$n] = true;
        }
    }
    return $names;
}

// The PHP functions of the repository's scripts and the methods of every class PHP declares here
// (a doc cites `modify()` of DateTime, `unpacker()` of MessagePack).
function php_names(string $root): array
{
    $names = [];
    foreach (['bench', 'scripts', 'tests', 'examples', 'fuzz'] as $dir) {
        $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator("$root/$dir", FilesystemIterator::SKIP_DOTS));
        foreach ($it as $f) {
            if (preg_match('#/(vendor|node_modules|build|corpus|corpus-run|out|regressions)/#', $f->getPathname())) {
                continue;
            }
            if (preg_match('/\.(php|phpt)$|^[^.]+$/', $f->getFilename())) {
                preg_match_all('/\bfunction\s+&?(\w+)\s*\(/', file_get_contents($f->getPathname()), $m);
                foreach ($m[1] as $n) {
                    $names[$n] = true;
                }
            }
        }
    }
    foreach (get_declared_classes() as $class) {
        foreach (get_class_methods($class) as $method) {
            $names[strtolower($method)] = true;
        }
    }
    return $names;
}

// Named where their code is not here: PHP functions of extensions a test does not load, and the
// arm64 intrinsics of arm_neon.h (not in an x86-64 system's headers).
const ELSEWHERE = ['gmp_init', 'gmp_strval', 'gmp_export', 'gmp_import', 'apcu_store', 'apcu_fetch', 'igbinary_serialize',
    'igbinary_unserialize', 'vextq_u8', 'vqtbl1q_u8', 'vld1q_u8', 'vmaxvq_u8', 'vcgtq_u8'];

function known(string $name, array $defined, array $headers): bool
{
    global $php_names;
    return isset($defined[$name]) || isset($headers[$name]) || isset($php_names[$name]) || function_exists($name)
        || in_array($name, ELSEWHERE, true)
        || in_array($name, ['array', 'list', 'isset', 'unset', 'empty', 'exit', 'die', 'eval', 'print', 'echo'], true);
}

// Whether a name is ours to check: a C or PHP function name (lowercase, not a magic method).
function checked_name(string $name): bool
{
    return preg_match('/^[a-z_][a-z0-9_]*$/', $name) && !str_starts_with($name, '__');
}

$files = sources($root);
$defined = definitions($root, $files);
$headers = header_names();
$php_names = php_names($root);
if (count($defined) < 200 || count($files) < 10) {
    // a check that finds no sources checks nothing
    finding('only ' . count($files) . ' C files and ' . count($defined) . ' definitions found under ' . $root);
}

// 1. names cited by the comments of the C sources
foreach ($files as $rel) {
    $text = file_get_contents("$root/$rel");
    preg_match_all('#/\*.*?\*/|//[^\n]*#s', $text, $comments, PREG_OFFSET_CAPTURE);
    $bad = [];
    foreach ($comments[0] as [$comment, $offset]) {
        preg_match_all('/(?<![\w.>:$\\\\])([A-Za-z_]\w*)\(\)/', $comment, $m);
        foreach ($m[1] as $name) {
            if (checked_name($name) && !known($name, $defined, $headers)) {
                $line = substr_count($text, "\n", 0, $offset) + 1;
                $bad[] = "$name() (line $line)";
            }
        }
        // 3. no measured figures: a percentage, a speed-up, a callgrind count
        if (preg_match('/\b\d+(\.\d+)?\s?%(?![-\s]*[a-z]*\d)|\bcallgrind\b|\b\d+(\.\d+)?x (faster|slower|fewer|more|less)\b/i', $comment, $fig)
                && !preg_match('/%[-+ 0#]*\d*(\.\d+)?[sdiuxXzlcfgp]/', $fig[0])) {
            $line = substr_count($text, "\n", 0, $offset) + 1;
            finding("$rel:$line: a measurement in a comment (\"" . trim($fig[0]) . "\"): it goes to docs/benchmark.md with the commit measured");
        }
    }
    if ($bad) {
        finding("$rel names functions that do not exist: " . implode(', ', array_unique($bad)));
    } else {
        $passed++;
    }
}

// 2. names cited by the docs, in their prose
$docs = array_merge(glob("$root/docs/*.md"), ["$root/README.md", "$root/CONTRIBUTING.md", "$root/SECURITY.md"]);
foreach ($docs as $doc) {
    if (!is_file($doc)) {
        continue;
    }
    $prose = preg_replace('/^(```|~~~).*?^\1\s*$/ms', '', file_get_contents($doc));
    preg_match_all('/`([^`\n]+)`/', $prose, $spans);
    $bad = [];
    foreach ($spans[1] as $span) {
        preg_match_all('/(?<![\w.>:$\\\\])([A-Za-z_]\w*)\(/', $span, $m);
        foreach ($m[1] as $name) {
            if (checked_name($name) && !known($name, $defined, $headers)) {
                $bad[] = "$name()";
            }
        }
    }
    $rel = substr($doc, strlen($root) + 1);
    if ($bad) {
        finding("$rel names functions that do not exist: " . implode(', ', array_unique($bad)));
    } else {
        $passed++;
    }
}

// 4. docs/coverage-exceptions.md: functions, not line numbers
$exceptions = "$root/docs/coverage-exceptions.md";
if (is_file($exceptions)) {
    $text = file_get_contents($exceptions);
    if (preg_match_all('/\b[\w\/]+\.[ch]:\d+|\blines? \d+/', $text, $m)) {
        finding('docs/coverage-exceptions.md cites line numbers: ' . implode(', ', array_unique($m[0])));
    } else {
        $passed++;
    }
}

echo "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
