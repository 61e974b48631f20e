// The msgpackr contenders of scripts/bench in one node process: bench/driver.php starts it as it
// starts bench/worker.php, once per contender per round, with the same arguments and the same
// output (one JSON line per case), so that rounds interleave with the PHP contenders.
//
//   node worker.mjs version
//       one JSON line: node's version, msgpackr's, and whether its native extension is loaded
//   node worker.mjs --values FILE time CONTENDER DATA_DIR CASES TARGET_MS CHECK
//       one round over CASES (comma-separated): the documents are JSON.parse of DATA_DIR/NAME.json
//       (the file PHP's worker json_decode()s), the generated cases the values bench/driver.php
//       built with bench/cases.inc.php and wrote to FILE as JSON, so that both sides time the
//       same values. Prints pack and unpack ns per call, bytes, whether the value round-trips.
//
// Contenders (the PHP contender each one stands beside):
//   msgpackr          new Packr({useRecords: false}), Unpackr({useRecords: false}): plain maps (ours)
//   msgpackr_records  new Packr(), new Unpackr(): records, msgpackr's default; each value declares
//                     its own structures (ours_records)
//   msgpackr_shared   Packr and Unpackr given every key list of the value as `structures`, one value
//                     per call: the bytes carry identifiers and values only (ours_shared)
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Packr, Unpackr, isNativeAccelerationEnabled } from 'msgpackr';

const args = process.argv.slice(2);

if (args[0] === 'version') {
    // msgpackr's exports do not include its package.json: read from where npm installed it
    const { version } = JSON.parse(readFileSync(new URL('node_modules/msgpackr/package.json', import.meta.url), 'utf8'));
    console.log(JSON.stringify({ node: process.version, msgpackr: version, native: isNativeAccelerationEnabled }));
    process.exit(0);
}

let values = {};
if (args[0] === '--values') {
    values = JSON.parse(readFileSync(args[1], 'utf8'));
    args.splice(0, 2);
}
const [mode, contender, dataDir, caseList, targetMs, check] = args;
if (mode !== 'time') {
    console.error(`unknown mode ${mode} (this worker only times: callgrind cannot count a JIT)`);
    process.exit(2);
}

// Every key list of the plain objects of value, outer before inner: bench/worker.php's
// bench_shared() walk, so that both sides share the same structures in the same order.
function keyLists(value) {
    const lists = new Map();
    const walk = (v) => {
        if (Array.isArray(v)) {
            v.forEach(walk);
        } else if (v !== null && typeof v === 'object') {
            const keys = Object.keys(v);
            if (keys.length) {
                lists.set(JSON.stringify(keys), keys);
            }
            Object.values(v).forEach(walk);
        }
    };
    walk(value);
    return [...lists.values()];
}

// [pack, unpack] of a contender for value
function codec(value) {
    let p, u;
    if (contender === 'msgpackr') {
        p = new Packr({ useRecords: false });
        u = new Unpackr({ useRecords: false });
    } else if (contender === 'msgpackr_records') {
        p = new Packr();
        u = new Unpackr();
    } else if (contender === 'msgpackr_shared') {
        const lists = keyLists(value);
        // each side its own copy: a Packr keeps its transitions on the array it is given
        const maxSharedStructures = Math.max(32, lists.length);
        p = new Packr({ structures: lists.map((k) => k.slice()), maxSharedStructures });
        u = new Unpackr({ structures: lists.map((k) => k.slice()), maxSharedStructures });
    } else {
        throw new Error(`unknown contender ${contender}`);
    }
    return [(v) => p.pack(v), (b) => u.unpack(b)];
}

let sink; // every result is kept, so that no call can be optimised away

// Calls fn(arg) in loops of about targetNs, twice, and returns the best ns per call: the loops of
// bench/worker.php's bench_time(). What differs is the warm-up: PHP runs one call and sizes the
// loops from a second one, but node's first calls run in its interpreter, tens of times slower
// than once its JIT compiled them, and a loop sized from one of them would last a fraction of
// the target; so the calls are doubled until a loop lasts the target (the JIT's warm-up), and the
// two loops are sized from that last loop.
function benchTime(fn, arg, targetNs) {
    let calls = 1;
    let elapsed;
    for (;;) {
        const t = process.hrtime.bigint();
        for (let i = 0; i < calls; i++) {
            sink = fn(arg);
        }
        elapsed = Math.max(1, Number(process.hrtime.bigint() - t));
        if (elapsed >= targetNs || calls >= 1000000) {
            break;
        }
        calls *= 2;
    }
    calls = Math.max(1, Math.min(1000000, Math.round((targetNs * calls) / elapsed)));
    let best = Infinity;
    for (let loop = 0; loop < 2; loop++) {
        const t = process.hrtime.bigint();
        for (let i = 0; i < calls; i++) {
            sink = fn(arg);
        }
        best = Math.min(best, Number(process.hrtime.bigint() - t) / calls);
    }
    return best;
}

const targetNs = Number(targetMs) * 1000000;
for (const name of caseList.split(',')) {
    const value = name in values ? values[name] : JSON.parse(readFileSync(`${dataDir}/${name}.json`, 'utf8'));
    const [pack, unpack] = codec(value);
    // a copy: the packer's buffer is its own, and the next pack may write past these bytes
    const bytes = Buffer.from(pack(value));
    const out = { case: name, bytes: bytes.length };
    if (check !== '0') {
        out.roundtrip = isDeepStrictEqual(unpack(bytes), value);
    }
    out.pack_ns = benchTime(pack, value, targetNs);
    out.unpack_ns = benchTime(unpack, bytes, targetNs);
    console.log(JSON.stringify(out));
}
