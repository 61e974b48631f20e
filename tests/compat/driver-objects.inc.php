<?php
/*
 * One side of diff-objects.sh, run with one extension loaded (never both):
 *   php driver-objects.inc.php pack ROLE OUT
 *       packs every case of objects.inc and the session values; ROLE is "ours" or "ref"
 *       ("ref" leaves out the ours_only cases)
 *   php driver-objects.inc.php unpack ROLE PACKED_OURS PACKED_REF OUT
 *       decodes the bytes of both pack runs, the raw inputs and the session inputs
 * OUT gets one JSON line per result, {"k": check key, "v": result}, and {"start": key} before
 * each, so that a crash can be told from the key it happened in: diff-objects.sh records it
 * and runs the driver again, which skips the keys OUT already has.
 */

$GLOBALS['objects_warnings'] = [];
set_error_handler(function ($no, $msg) {
    // the deprecation of Serializable itself is not what this test is about
    if ($no === E_DEPRECATED && str_contains($msg, 'implements the Serializable interface')) {
        return true;
    }
    $names = [E_WARNING => 'Warning', E_NOTICE => 'Notice', E_DEPRECATED => 'Deprecated',
              E_USER_WARNING => 'Warning', E_USER_NOTICE => 'Notice', E_USER_DEPRECATED => 'Deprecated'];
    $GLOBALS['objects_warnings'][] = ($names[$no] ?? "E$no") . ': ' . $msg;
    return true;
});
require __DIR__ . '/objects.inc';
ini_set('serialize_precision', '-1');

/* ---- a dump of a value that shows classes, properties, object identity and references ---- */

function od_props(object $o): array
{
    static $cache = [];
    $id = spl_object_id($o);
    if (isset($cache[$id]) && $cache[$id][0] === $o) {
        return $cache[$id][1];
    }
    $r = new ReflectionObject($o);
    if ($o instanceof UnitEnum) {
        $p = [];
    } elseif ($r->isInternal() && $r->hasMethod('__serialize')) {
        // DateTime, ArrayObject, SplObjectStorage... keep their state outside the property table
        $p = ['__serialize()' => $o->__serialize()];
    } else {
        $p = get_mangled_object_vars($o);
        foreach ($r->getProperties() as $prop) {
            if (!$prop->isStatic() && $prop->hasType() && !$prop->isInitialized($o)) {
                $p['(uninitialized ' . $prop->getName() . ')'] = null;
            }
        }
    }
    $cache[$id] = [$o, $p];
    return $p;
}

function od_walk($v, array &$st): void
{
    if (is_object($v)) {
        $id = spl_object_id($v);
        if (isset($st['objs'][$id])) {
            return;
        }
        $st['objs'][$id] = count($st['objs']) + 1;
        $v = od_props($v);
    }
    if (!is_array($v)) {
        return;
    }
    foreach ($v as $k => $_) {
        $ref = ReflectionReference::fromArrayElement($v, $k);
        if ($ref !== null) {
            $rid = $ref->getId();
            $st['refs'][$rid] = ($st['refs'][$rid] ?? 0) + 1;
            if ($st['refs'][$rid] > 1) {
                continue;
            }
        }
        od_walk($v[$k], $st);
    }
}

function od_print($v, array &$st): string
{
    if (is_object($v)) {
        if ($v instanceof UnitEnum) {
            return 'enum ' . get_class($v) . '::' . $v->name;
        }
        $id = spl_object_id($v);
        if (isset($st['printed'][$id])) {
            return '#' . $st['printed'][$id];
        }
        $n = $st['printed'][$id] = count($st['printed']) + 1;
        return '#' . $n . ' ' . get_class($v) . od_print(od_props($v), $st);
    }
    if (is_string($v)) {
        return 's:' . strlen($v) . ':"' . addcslashes($v, "\0..\37\177..\377\\\"") . '"';
    }
    if (!is_array($v)) {
        return rtrim(serialize($v), ';');
    }
    $parts = [];
    foreach ($v as $k => $_) {
        $ref = ReflectionReference::fromArrayElement($v, $k);
        $key = is_int($k) ? $k : json_encode($k, JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES);
        if ($ref !== null && ($st['refs'][$ref->getId()] ?? 0) > 1) {
            $rid = $ref->getId();
            if (isset($st['refnum'][$rid])) {
                $parts[] = "$key=>&" . $st['refnum'][$rid];
                continue;
            }
            $rn = $st['refnum'][$rid] = count($st['refnum']) + 1;
            $parts[] = "$key=>&$rn=" . od_print($v[$k], $st);
        } else {
            $parts[] = "$key=>" . od_print($v[$k], $st);
        }
    }
    return '[' . implode(', ', $parts) . ']';
}

function od_dump($v): string
{
    $st = ['objs' => [], 'refs' => [], 'printed' => [], 'refnum' => []];
    od_walk([$v], $st);
    return od_print($v, $st);
}

/* ---- running one operation ---- */

/** Runs $op with $ini set; returns [return value, warnings and log as a string] or an exception. */
function od_run(callable $op, array $ini): array
{
    $old = [];
    foreach ($ini as $k => $v) {
        $old[$k] = ini_get($k);
        ini_set($k, $v);
    }
    $GLOBALS['objects_warnings'] = [];
    $GLOBALS['objects_log'] = [];
    ob_start();
    $ret = null;
    $exc = '';
    try {
        $ret = $op();
    } catch (Throwable $e) {
        $exc = 'exception ' . get_class($e) . ': ' . $e->getMessage();
    }
    $out = ob_get_clean();
    foreach ($old as $k => $v) {
        if ($v !== false) {
            ini_set($k, $v);
        }
    }
    $extra = '';
    if ($GLOBALS['objects_log']) {
        $extra .= ' log[' . implode('; ', $GLOBALS['objects_log']) . ']';
    }
    if ($GLOBALS['objects_warnings']) {
        $extra .= ' warn[' . implode(' | ', $GLOBALS['objects_warnings']) . ']';
    }
    if ($out !== '') {
        $extra .= ' output[' . $out . ']';
    }
    return [$ret, $exc, $extra];
}

function od_settings(array $flags): array
{
    $only = $flags['only'] ?? null;
    $r = [];
    foreach (['on' => '1', 'off' => '0'] as $name => $val) {
        if ($only === null || $only === $name) {
            $r[$name] = ['msgpack.php_only' => $val] + ($flags['ini'] ?? []);
        }
    }
    return $r;
}

function od_session_start(): void
{
    if (session_status() !== PHP_SESSION_ACTIVE) {
        session_id('diffobjects');
        session_start();
    }
}

$out = null;
$done = [];
function od_emit(string $k, string $v): void
{
    global $out;
    fwrite($out, json_encode(['k' => $k, 'v' => $v], JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR) . "\n");
    fflush($out);
}
/** true when $k is still to do; marks that it has started */
function od_start(string $k): bool
{
    global $out, $done;
    if (isset($done[$k])) {
        return false;
    }
    fwrite($out, json_encode(['start' => $k], JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR) . "\n");
    fflush($out);
    return true;
}
function od_load(string $file): array
{
    $r = [];
    foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
        $j = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
        if (isset($j['k'])) {
            $r[$j['k']] = $j['v'];
        }
    }
    return $r;
}
function od_session_ini(): void
{
    ini_set('session.save_path', getenv('OBJECTS_SESSION_DIR') ?: sys_get_temp_dir());
    ini_set('session.serialize_handler', 'msgpack');
    ini_set('session.use_cookies', '0');
    ini_set('session.use_strict_mode', '0');
    ini_set('session.cache_limiter', '');
}

[$mode, $role] = [$argv[1] ?? '', $argv[2] ?? ''];
if (!in_array($role, ['ours', 'ref'], true) || !in_array($mode, ['pack', 'unpack'], true)) {
    fwrite(STDERR, "usage: driver-objects.inc.php pack ROLE OUT | unpack ROLE PACKED_OURS PACKED_REF OUT\n");
    exit(2);
}
$outfile = end($argv);
$done = is_file($outfile) ? od_load($outfile) : [];
$out = fopen($outfile, 'a');

if ($mode === 'pack') {
    foreach (objects_cases() as $name => [$make, $flags]) {
        foreach (od_settings($flags) as $set => $ini) {
            $key = "$set: $name";
            if (isset($flags['ours_only'])) {
                if ($role === 'ref') {
                    continue;
                }
                if (od_start("ours-only bytes|$key")) {
                    [$bin, $exc, $extra] = od_run(fn() => msgpack_pack($make()), $ini);
                    od_emit("ours-only bytes|$key", $exc ?: (is_string($bin) ? bin2hex($bin) : 'false') . $extra);
                    if (is_string($bin)) {
                        // read back with php_only on: with it off, nil keys are no markers
                        [$val, $exc, $extra] = od_run(fn() => msgpack_unpack($bin), ['msgpack.php_only' => '1']);
                        od_emit("ours-only decode|$key", ($exc ?: od_dump($val)) . $extra);
                        od_emit("ours-only orig|$key", od_dump($make()));
                    }
                }
                continue;
            }
            if (od_start("bytes|$key")) {
                [$bin, $exc, $extra] = od_run(fn() => msgpack_pack($make()), $ini);
                od_emit("bytes|$key", $exc ?: (is_string($bin) ? bin2hex($bin) : 'false') . $extra);
            }
            if (!empty($flags['exact']) && $set === 'on' && !isset($done["orig|$key"])) {
                od_emit("orig|$key", od_dump($make()));
            }
        }
    }
    od_session_ini();
    foreach (objects_session_values() as $name => $make) {
        if (od_start("session bytes|$name")) {
            [$bin, $exc, $extra] = od_run(function () use ($make) {
                od_session_start();
                $_SESSION = $make();
                return session_encode();
            }, []);
            od_emit("session bytes|$name", $exc ?: (is_string($bin) ? bin2hex($bin) : var_export($bin, true)) . $extra);
        }
    }
    if (session_status() === PHP_SESSION_ACTIVE) {
        session_abort();
    }
} else {
    $packed = ['ours' => od_load($argv[3]), 'ref' => od_load($argv[4])];
    $cases = objects_cases();
    foreach (['ours', 'ref'] as $from) {
        foreach ($packed[$from] as $k => $v) {
            if (!str_starts_with($k, 'bytes|') || !preg_match('/^[0-9a-f]*(?= |$)/', $v, $m)) {
                continue;
            }
            $key = substr($k, 6);
            [$set, $name] = explode(': ', $key, 2);
            $ini = od_settings($cases[$name][1])[$set];
            if (od_start("decode $from|$key")) {
                $bin = hex2bin($m[0]);
                [$val, $exc, $extra] = od_run(fn() => msgpack_unpack($bin), $ini);
                od_emit("decode $from|$key", ($exc ?: od_dump($val)) . $extra);
            }
        }
    }
    foreach (objects_raw_inputs() as $name => $in) {
        [$hex, $ini] = is_array($in) ? $in : [$in, []];
        if (od_start("decode raw|$name")) {
            $bin = hex2bin($hex);
            [$val, $exc, $extra] = od_run(fn() => msgpack_unpack($bin), $ini);
            od_emit("decode raw|$name", ($exc ?: od_dump($val)) . $extra);
        }
    }
    od_session_ini();
    $sessions = [];
    foreach (['ours', 'ref'] as $from) {
        foreach ($packed[$from] as $k => $v) {
            if (str_starts_with($k, 'session bytes|') && preg_match('/^[0-9a-f]*(?= |$)/', $v, $m)) {
                $sessions["$from|" . substr($k, 14)] = $m[0];
            }
        }
    }
    foreach (objects_session_inputs() as $name => $hex) {
        $sessions["raw|$name"] = $hex;
    }
    foreach ($sessions as $name => $hex) {
        if (od_start("session decode $name")) {
            $bin = hex2bin($hex);
            [$val, $exc, $extra] = od_run(function () use ($bin) {
                od_session_start();
                $_SESSION = [];
                $ok = session_decode($bin);
                return [$ok, session_status() === PHP_SESSION_ACTIVE ? $_SESSION : 'no session'];
            }, []);
            od_emit("session decode $name", ($exc ?: od_dump($val)) . $extra);
        }
    }
    if (session_status() === PHP_SESSION_ACTIVE) {
        session_abort();
    }
}
