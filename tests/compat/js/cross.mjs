// The JavaScript side of tests/compat/cross-js.sh, with the official implementation
// @msgpack/msgpack.
//   node cross.mjs check CASES.json   decodes the PHP-packed cases, compares with their views
//   node cross.mjs emit               prints cases packed here, for the PHP side to check
//
// A case is {name, hex, expect}. The expected value is JSON, with tagged objects for what JSON
// lacks: {"$bin": hex}, {"$ext": [type, hex]}, {"$ts": [seconds, nanoseconds]},
// {"$big": "decimal"} (an integer beyond 2^53).
import { readFileSync } from 'node:fs';
import { deepStrictEqual } from 'node:assert';
import {
    encode, decode, ExtensionCodec, ExtData, EXT_TIMESTAMP,
    decodeTimestampToTimeSpec, encodeTimeSpecToTimestamp,
} from '@msgpack/msgpack';

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const bytes = (h) => new Uint8Array(Buffer.from(h, 'hex'));

// Timestamps as {"$ts": [sec, nsec]} both ways, without the loss of a Date (milliseconds).
const extensionCodec = new ExtensionCodec();
extensionCodec.register({
    type: EXT_TIMESTAMP,
    encode: (v) => (v && Array.isArray(v.$ts) ? encodeTimeSpecToTimestamp({ sec: v.$ts[0], nsec: v.$ts[1] }) : null),
    decode: (data) => {
        const t = decodeTimestampToTimeSpec(data);
        return { $ts: [t.sec, t.nsec] };
    },
});

const SAFE = 2n ** 53n;

// A decoded value as the tagged JSON view.
function view(v) {
    if (typeof v === 'bigint') {
        return v >= -SAFE && v <= SAFE ? Number(v) : { $big: v.toString() };
    }
    if (v instanceof Uint8Array) {
        return { $bin: hex(v) };
    }
    if (v instanceof ExtData) {
        return { $ext: [v.type, hex(v.data)] };
    }
    if (Array.isArray(v)) {
        return v.map(view);
    }
    if (v !== null && typeof v === 'object') {
        if (Array.isArray(v.$ts)) {
            return { $ts: v.$ts };
        }
        const o = {};
        for (const [k, x] of Object.entries(v)) {
            o[k] = view(x);
        }
        return o;
    }
    return v;
}

function check(file) {
    const cases = JSON.parse(readFileSync(file, 'utf8'));
    let passed = 0, failed = 0;
    for (const c of cases) {
        try {
            const got = view(decode(bytes(c.hex), { extensionCodec, useBigInt64: true }));
            deepStrictEqual(got, c.expect);
            passed++;
        } catch (e) {
            failed++;
            console.log(`FAIL php -> js: ${c.name}: ${String(e.message).split('\n').slice(0, 6).join(' | ')}`);
        }
    }
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
}

// [name, value to encode, expected view]; the value is the view itself where they agree.
function jsCases() {
    const c = [];
    const same = (name, v) => c.push([name, v, v]);
    same('nil', null);
    same('true', true);
    same('false', false);
    for (const n of [0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1,
        -1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31), -(2 ** 31) - 1, -(2 ** 53 - 1)]) {
        same(`int ${n}`, n);
    }
    for (const f of [0.5, -1.25, Math.PI, 1e300, -2.5e-300]) {
        same(`float ${f}`, f);
    }
    for (const b of [2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n - 1n, 2n ** 63n]) {
        c.push([`bigint ${b}`, b, { $big: b.toString() }]);
    }
    for (const n of [0, 1, 31, 32, 255, 256, 65535, 65536]) {
        same(`str ${n}`, 'x'.repeat(n));
    }
    same('str utf-8', 'héllo wörld ✓ 日本語 🎉');
    for (const n of [0, 3, 255, 256, 65536]) {
        const b = new Uint8Array(n).map((_, i) => (i * 7) & 0xff);
        c.push([`bin ${n}`, b, { $bin: hex(b) }]);
    }
    same('array 0', []);
    same('array nested', [1, [2, [3, ['x']]], null]);
    same('array 16', Array.from({ length: 16 }, (_, i) => i));
    same('array 70000', Array.from({ length: 70000 }, (_, i) => i % 1000));
    same('map', { a: 1, b: [true, null], c: { d: 'e' } });
    same('map with numeric keys', { 1: 'x', 7: 'y', z: 'w' });
    same('map 16', Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, i])));
    same('map 70000', Object.fromEntries(Array.from({ length: 70000 }, (_, i) => [`key${i}`, i])));
    for (const n of [1, 2, 3, 4, 8, 16, 17, 300, 70000]) {
        const d = new Uint8Array(n).map((_, i) => (i * 13 + 1) & 0xff);
        c.push([`ext ${n}`, new ExtData(42, d), { $ext: [42, hex(d)] }]);
    }
    for (const [s, ns] of [[0, 0], [2 ** 32 - 1, 0], [2 ** 32, 0], [1, 999999999], [-1, 0], [2 ** 34, 1], [-(2 ** 40), 5]]) {
        same(`timestamp ${s}.${ns}`, { $ts: [s, ns] });
    }
    return c;
}

function emit() {
    const out = jsCases().map(([name, value, expect]) => ({
        name,
        hex: hex(encode(value, { extensionCodec, useBigInt64: typeof value === 'bigint' })),
        expect,
    }));
    process.stdout.write(JSON.stringify(out));
}

const [mode, file] = process.argv.slice(2);
if (mode === 'check') {
    check(file);
} else if (mode === 'emit') {
    emit();
} else {
    console.error('usage: node cross.mjs check CASES.json | emit');
    process.exitCode = 2;
}
