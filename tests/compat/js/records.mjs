// The JavaScript side of tests/compat/cross-records.sh: msgpackr's records (ext 0x72) both ways.
//   node records.mjs emit [DATA_DIR]    prints cases msgpackr packs with useRecords (one-shot, with
//                                       shared structures, sequential), for the PHP side to read
//   node records.mjs check CASES.json   reads the cases PHP packed with RECORDS, compares with
//                                       their expected JSON, and, where asked, with the bytes
//                                       msgpackr writes for the same value
//
// A case is {name, hex, expect, structures?, maxShared?, stream?, same?}: expect is the value as
// JSON; structures the shared structures of both sides (maxShared: the writer's
// maxSharedStructures, their count past 32: two-byte identifiers); stream a list of hex values
// of one stream (msgpackr's sequential mode) and expect the list of their values; same: the
// reading side must write exactly these bytes for expect (a stream: its sequential packer, the
// values in turn). Or a growing case {name, grow, maxShared, values, hexes, saves}:
// values packed one after the other by one packer whose shared structures start as grow and may
// grow to maxShared (msgpackr's structures + saveStructures); hexes their bytes, saves the list
// saved after each (null: none). The reading side reads each with the last list saved and packs
// the values itself: the same bytes, the same lists saved.
import { readFileSync, existsSync } from 'node:fs';
import { deepStrictEqual } from 'node:assert';
import { Packr, Unpackr } from 'msgpackr';

const hex = (bytes) => Buffer.from(bytes).toString('hex');
// The options of a reader of shared structures: msgpackr reads the ones past the 32nd in two
// bytes only when it loads them with getStructures (its `structures` option leaves every one a
// one-byte structure, and misreads what its own writer wrote with maxSharedStructures above 32).
const shared = (list) => (list.length > 32 ? { getStructures: () => list.map((s) => s.slice()) }
    : { structures: list.map((s) => s.slice()) });
const bytes = (h) => Buffer.from(h, 'hex');
// msgpackr reads an int beyond 2^53 as a BigInt, JSON.parse as the nearest number
const norm = (v) => (typeof v === 'bigint' ? Number(v) : Array.isArray(v) ? v.map(norm)
    : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)])) : v);

// Shared structures k0, k1, ... (one field each), and a few of two fields (as
// two_byte_structures() of cross-records.php).
function twoByteStructures(n) {
    const lists = Array.from({ length: n }, (_, i) => [`k${i}`]);
    for (const i of [3, 40, 70]) {
        if (i < n) lists[i] = [`k${i}`, 'name'];
    }
    return lists;
}

// A value of the shared structures around the one-byte / two-byte edges, and of its own ones.
function twoByteValue(n) {
    const v = [0, 3, 31, 32, 33, 40, 63, 64, 65, 70, 99, 100, 4000, n - 1].filter((i) => i < n)
        .map((i) => ([3, 40, 70].includes(i) ? { [`k${i}`]: i, name: `n${i}` } : { [`k${i}`]: i }));
    return [...v, { own: 1, x: { own: 2, x: 'y' } }, { other: 'a' }, { other: 'b', more: { other: 'c' } }];
}

// The values of the cases both sides pack: [name, value, byte-for-byte with msgpackr].
export function records() {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
        id: i, name: `user${i}`, email: `user${i}@example.com`, active: i % 3 === 0, score: i * 1.5,
        tags: ['a', 'b'],
    }));
    const shapes = Array.from({ length: 70 }, (_, i) => ({ [`k${i}`]: i }));
    return [
        ['repeated maps', [{ a: 1, b: 2 }, { a: 3, b: 4 }, { b: 5, a: 6 }], true],
        ['nested same structure', { a: { a: { a: 1 } } }, true],
        ['ints 0x40-0x7f', [63, 64, 100, 127, 128, { x: 64 }], true],
        ['numeric keys', [{ 1: 'x', 7: 'y', z: 'w' }, { 1: 'p', 7: 'q', z: 'r' }], false],
        ['utf-8 keys', [{ 'héllo': 1, '日本': [1, 2] }, { 'héllo': 2, '日本': [] }], true],
        ['long key list', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, i])), true],
        ['70 structures', shapes, false],
        ['rows', rows, false],
    ];
}

// Packs values one after the other as a growing case does: {hexes, saves}.
function packGrowing(grow, maxShared, values) {
    let saved = null;
    const p = new Packr({
        structures: grow.map((s) => s.slice()), maxSharedStructures: maxShared,
        saveStructures: (s) => { saved = s.map((k) => k.slice()); },
    });
    const hexes = [], saves = [];
    for (const v of values) {
        saved = null;
        hexes.push(hex(p.pack(v)));
        saves.push(saved);
    }
    return { hexes, saves };
}

function checkGrowing(c) {
    const last = [c.grow, ...c.saves].filter((s) => s !== null).pop();
    const u = new Unpackr({ useRecords: true, mapsAsObjects: true, ...shared(last) });
    c.hexes.forEach((h, i) => deepStrictEqual(norm(u.unpack(bytes(h))), c.values[i]));
    deepStrictEqual(packGrowing(c.grow, c.maxShared, c.values), { hexes: c.hexes, saves: c.saves }, 'msgpackr grows otherwise');
}

// The growing cases both sides pack: [name, initial list, maxShared, values packed in turn].
export function growing() {
    return [
        ['growing from a list', [['a', 'b']], 32, [[{ a: 1, b: 2 }, { c: 3 }, { c: 4, d: 5 }, { c: 6 }], { c: 7, d: 8 }, { e: { c: 9 } }]],
        ['growing from none', [], 32, [{ id: 1, name: 'x' }, [{ id: 2, name: 'y' }, { id: 3 }], { id: 4 }]],
        ['growing to a maximum', [['a']], 2, [[{ a: 1 }, { b: 2 }, { c: 3 }, { c: 4 }], [{ c: 5 }, { b: 6 }]]],
        // past 32: two-byte identifiers for the new shared ones from the 33rd, then own ones
        ['growing past 32', Array.from({ length: 30 }, (_, i) => [`k${i}`]), 40,
            [Array.from({ length: 12 }, (_, i) => ({ [`n${i}`]: i })), [{ n0: 1 }, { n11: 2 }, { q: 3 }, { q: 4 }], { n9: 5 }]],
        ['growing to 8160 from none', [], 8160, [Array.from({ length: 70 }, (_, i) => ({ [`g${i}`]: i })), [{ g64: 1 }, { h: 2 }]]],
    ];
}

function check(file) {
    const cases = JSON.parse(readFileSync(file, 'utf8'));
    let passed = 0, failed = 0;
    for (const c of cases) {
        try {
            const opts = { useRecords: true, mapsAsObjects: true, ...(c.structures ? shared(c.structures) : {}) };
            // the writer's options for the same bytes
            const wopts = c.structures ? { structures: c.structures.map((s) => s.slice()), maxSharedStructures: c.maxShared } : {};
            if (c.grow) {
                checkGrowing(c);
            } else if (c.stream) {
                const u = new Unpackr({ ...opts, sequential: true });
                const got = [];
                const all = Buffer.concat(c.stream.map(bytes));
                u.unpackMultiple(all, (v) => { got.push(v); });
                deepStrictEqual(got, c.expect);
                if (c.same) {
                    const qp = new Packr({ sequential: true, useRecords: true, ...wopts });
                    deepStrictEqual(c.expect.map((v) => hex(qp.pack(v))), c.stream, 'bytes differ from msgpackr');
                }
            } else {
                deepStrictEqual(norm(new Unpackr(opts).unpack(bytes(c.hex))), c.expect);
                if (c.same) {
                    const p = new Packr({ useRecords: true, ...wopts });
                    deepStrictEqual(hex(p.pack(c.expect)), c.hex, 'bytes differ from msgpackr');
                }
            }
            passed++;
        } catch (e) {
            failed++;
            console.log(`FAIL php -> msgpackr: ${c.name}: ${String(e.message).split('\n').slice(0, 6).join(' | ')}`);
        }
    }
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
}

function emit(dataDir) {
    const out = [];
    for (const [name, value] of records()) {
        out.push({ name, hex: hex(new Packr({ useRecords: true }).pack(value)), expect: value });
    }
    // shared structures: their ids are 0x40...; a new shape is declared after them
    const structures = [['a', 'b'], ['x']];
    const sp = new Packr({ structures: structures.map((s) => s.slice()), shouldShareStructure: () => false });
    out.push({
        name: 'shared structures', structures,
        hex: hex(sp.pack([{ a: 1, b: 2 }, { x: 3 }, { c: 4 }, { c: 5 }, { x: { a: 6, b: 7 } }])),
        expect: [{ a: 1, b: 2 }, { x: 3 }, { c: 4 }, { c: 5 }, { x: { a: 6, b: 7 } }],
    });
    // past 32 shared structures: two-byte identifiers (maxSharedStructures the count: a new key
    // list is declared after them, d5 72 past 32); the PHP side must write the same bytes
    for (const n of [40, 100, 8160]) {
        const structures = twoByteStructures(n);
        const p = new Packr({ structures: structures.map((s) => s.slice()), maxSharedStructures: n });
        out.push({ name: `${n} shared structures`, structures, maxShared: n, hex: hex(p.pack(twoByteValue(n))), expect: twoByteValue(n), same: true });
    }
    // growing shared structures: new key lists join the list, saved before the bytes are used
    for (const [name, grow, maxShared, values] of growing()) {
        out.push({ name, grow, maxShared, values, ...packGrowing(grow, maxShared, values) });
    }
    // sequential: structures declared once per stream
    const qp = new Packr({ sequential: true, useRecords: true });
    const values = [{ a: 1, b: 'x' }, { a: 2, b: 'y' }, [{ c: 1 }, { a: 3, b: 'z' }], { c: 2 }];
    out.push({ name: 'sequential stream', stream: values.map((v) => hex(qp.pack(v))), expect: values, same: true });
    // past 0x5f: msgpackr declares 0x40... anew
    const wp = new Packr({ sequential: true, useRecords: true });
    const many = [...Array.from({ length: 35 }, (_, i) => ({ [`k${i}`]: i })), { k0: 0 }, [{ k34: 1 }, { k1: 2 }]];
    out.push({ name: 'sequential stream past 32 structures', stream: many.map((v) => hex(wp.pack(v))), expect: many, same: true });
    // sequential after 40 shared structures: its own ones are 40-71 (d5 72 68 00 ...), then 40 again
    const s40 = twoByteStructures(40);
    const sp40 = new Packr({ sequential: true, useRecords: true, structures: s40.map((s) => s.slice()), maxSharedStructures: 40 });
    const vals40 = [...Array.from({ length: 34 }, (_, i) => ({ [`s${i}`]: i })), { s0: 0 }, { s33: 1 }, { k39: 2 }, { k32: 3 }, { k3: 4, name: 'x' }];
    out.push({ name: 'sequential stream after 40 shared structures', structures: s40, maxShared: 40,
        stream: vals40.map((v) => hex(sp40.pack(v))), expect: vals40, same: true });
    // the benchmark documents: msgpackr's bytes with records, and plain, for the PHP side to
    // check that both read the same
    for (const doc of ['twitter.json', 'citm_catalog.json']) {
        const path = `${dataDir}/${doc}`;
        if (!dataDir || !existsSync(path)) continue;
        const value = JSON.parse(readFileSync(path, 'utf8'));
        out.push({
            name: doc, doc,
            hex: hex(new Packr({ useRecords: true }).pack(value)),
            plain: hex(new Packr({ useRecords: false }).pack(value)),
        });
    }
    process.stdout.write(JSON.stringify(out));
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'check') {
    check(arg);
} else if (mode === 'emit') {
    emit(arg);
} else if (mode === 'size') {
    // node records.mjs size FILE.json: the bytes msgpackr writes for it, with records and plain
    const value = JSON.parse(readFileSync(arg, 'utf8'));
    console.log(new Packr({ useRecords: true }).pack(value).length, new Packr({ useRecords: false }).pack(value).length);
} else {
    console.error('usage: node records.mjs emit [DATA_DIR] | check CASES.json | size FILE.json');
    process.exitCode = 2;
}
