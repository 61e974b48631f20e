// The Node.js side of examples/node-exchange.php: answers MessagePack requests read from stdin
// with MessagePack responses on stdout, through @msgpack/msgpack (npm install @msgpack/msgpack).
// A request is {id, method, params}; a response is {id, result} or {id, error}.
// MSGPACK_JS_MODULES names a directory whose node_modules holds the package, if not this one's.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(process.env.MSGPACK_JS_MODULES
    ? join(process.env.MSGPACK_JS_MODULES, 'index.js') : import.meta.url);
const { encode, decodeMultiStream } = require('@msgpack/msgpack');

// What a decoded value is, in JavaScript's terms.
const kind = (v) => v === null ? 'null'
    : v instanceof Uint8Array ? 'Uint8Array'
    : v instanceof Date ? 'Date'
    : Array.isArray(v) ? 'Array'
    : typeof v === 'object' ? (v.constructor?.name ?? 'Object')
    : typeof v;

const methods = {
    // the parameters as JavaScript sees them
    describe: (params) => params.map(kind),
    sum: (params) => params.reduce((a, b) => a + b, 0),
    // a Date is written as a MessagePack timestamp (ext -1)
    time: ([ms]) => new Date(Number(ms)),
    // bytes are written as bin
    bytes: ([n]) => Uint8Array.from({ length: Number(n) }, (_, i) => i),
    // with useBigInt64, int64 and uint64 values are BigInt both ways
    big: () => [-(2n ** 63n), 2n ** 64n - 1n],
    upper: ([s]) => s.toUpperCase(),
};

for await (const request of decodeMultiStream(process.stdin, { useBigInt64: true })) {
    let response;
    try {
        const method = methods[request.method];
        if (!method) throw new Error(`no method ${request.method}`);
        response = { id: request.id, result: method(request.params) };
    } catch (e) {
        response = { id: request.id, error: e.message };
    }
    process.stdout.write(encode(response, { useBigInt64: true }));
}
