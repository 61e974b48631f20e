// The JavaScript side of tests/compat/cross-records.sh: msgpackr's records (ext 0x72) both ways.
//   node records.mjs emit [DATA_DIR]    prints cases msgpackr packs with useRecords (one-shot, with
//                                       shared structures, sequential), for the PHP side to read
//   node records.mjs check CASES.json   reads the cases PHP packed with RECORDS, compares with
//                                       their expected JSON, and, where asked, with the bytes
//                                       msgpackr writes for the same value
//
// A case is {name, hex, expect, structures?, stream?, same?}: expect is the value as JSON;
// structures the shared structures of both sides; stream a list of hex values of one stream
// (msgpackr's sequential mode) and expect the list of their values; same: msgpackr must write
// exactly these bytes for expect (a stream: its sequential packer, the values in turn). Or a growing case {name, grow, maxShared, values, hexes, saves}:
// values packed one after the other by one packer whose shared structures start as grow and may
// grow to maxShared (msgpackr's structures + saveStructures); hexes their bytes, saves the list
// saved after each (null: none). The reading side reads each with the last list saved and packs
// the values itself: the same bytes, the same lists saved.
import { readFileSync, existsSync } from 'node:fs';
import { deepStrictEqual } from 'node:assert';
import { Packr, Unpackr } from 'msgpackr';

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const bytes = (h) => Buffer.from(h, 'hex');
// msgpackr reads an int beyond 2^53 as a BigInt, JSON.parse as the nearest number
const norm = (v) => (typeof v === 'bigint' ? Number(v) : Array.isArray(v) ? v.map(norm)
    : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)])) : v);

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
    const u = new Unpackr({ useRecords: true, mapsAsObjects: true, structures: last.map((s) => s.slice()) });
    c.hexes.forEach((h, i) => deepStrictEqual(norm(u.unpack(bytes(h))), c.values[i]));
    deepStrictEqual(packGrowing(c.grow, c.maxShared, c.values), { hexes: c.hexes, saves: c.saves }, 'msgpackr grows otherwise');
}

// The growing cases both sides pack: [name, initial list, maxShared, values packed in turn].
export function growing() {
    return [
        ['growing from a list', [['a', 'b']], 32, [[{ a: 1, b: 2 }, { c: 3 }, { c: 4, d: 5 }, { c: 6 }], { c: 7, d: 8 }, { e: { c: 9 } }]],
        ['growing from none', [], 32, [{ id: 1, name: 'x' }, [{ id: 2, name: 'y' }, { id: 3 }], { id: 4 }]],
        ['growing to a maximum', [['a']], 2, [[{ a: 1 }, { b: 2 }, { c: 3 }, { c: 4 }], [{ c: 5 }, { b: 6 }]]],
    ];
}

function check(file) {
    const cases = JSON.parse(readFileSync(file, 'utf8'));
    let passed = 0, failed = 0;
    for (const c of cases) {
        try {
            const opts = { useRecords: true, mapsAsObjects: true };
            if (c.structures) opts.structures = c.structures.map((s) => s.slice());
            if (c.grow) {
                checkGrowing(c);
            } else if (c.stream) {
                const u = new Unpackr({ ...opts, sequential: true });
                const got = [];
                const all = Buffer.concat(c.stream.map(bytes));
                u.unpackMultiple(all, (v) => { got.push(v); });
                deepStrictEqual(got, c.expect);
                if (c.same) {
                    const qp = new Packr({ sequential: true, useRecords: true });
                    deepStrictEqual(c.expect.map((v) => hex(qp.pack(v))), c.stream, 'bytes differ from msgpackr');
                }
            } else {
                deepStrictEqual(norm(new Unpackr(opts).unpack(bytes(c.hex))), c.expect);
                if (c.same) {
                    const p = new Packr({ useRecords: true, ...(c.structures ? { structures: c.structures.map((s) => s.slice()) } : {}) });
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
