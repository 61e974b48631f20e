/*
 * What the libFuzzer targets share (fuzz/msgpack_fuzzer.c): PHP embedded with the extension, a
 * request every so many inputs, the checks of the decoder that more than one target runs.
 *
 * A target is fuzz/targets/NAME.c, linked with msgpack_fuzzer.c and the extension's sources into
 * its own binary (scripts/fuzz builds them). It defines fuzz_target, whose run() gets each input
 * inside the frame of an internal PHP function (an exception thrown with no frame running is a
 * fatal error), with no PHP code of the user's in the loop unless the target calls some.
 */
#ifndef MSGPACK_FUZZ_H
#define MSGPACK_FUZZ_H

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_msgpack.h"
#include "encode/pack.h"
#include "decode/unpack.h"
#include "common/msgpack_records.h"

typedef struct _fuzz_target_def {
	const char *name;
	/* inputs per PHP request (the request's caches, plans and classes are dropped between) */
	int request_inputs;
	/* after each request startup: what the target declares (classes, plans); may be NULL */
	void (*setup)(void);
	/* before each request shutdown: what setup() made that the request does not free; may be NULL */
	void (*teardown)(void);
	/* one input */
	void (*run)(const uint8_t *data, size_t size);
	/* PHP functions the target adds (the embed SAPI's additional functions), or NULL */
	const zend_function_entry *functions;
	/* the decoder's caches kept from call to call (keys, values, map shapes, slots) start empty
	 * for each input, as at a request's start: the calls of one input share them, and an
	 * input does the same whatever ran before it (a finding reproduces from its file), and
	 * takes as many blocks as it frees unless it leaks, so that LeakSanitizer's check after
	 * each input that keeps some (libFuzzer's -detect_leaks) runs only on a leak; else the
	 * caches last the request (the php target) */
	bool fresh_caches;
} fuzz_target_def;

extern const fuzz_target_def fuzz_target;

/* A broken invariant: prints what, and aborts (libFuzzer saves the input). */
ZEND_NORETURN void fuzz_fail(const char *what, const uint8_t *data, size_t size);
/* The same with a formatted message. */
ZEND_NORETURN void fuzz_failf(const uint8_t *data, size_t size, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

/* Prints bytes in hex to stderr (the first 256), for a finding's report. */
void fuzz_dump(const char *what, const uint8_t *bytes, size_t len);

/* Runs PHP code (the target's declarations); exits on failure. */
void fuzz_eval(const char *code, const char *what);

/* ---- pieces and choices drawn from the input ------------------------------------------------ */

/* A cursor over control bytes (a target's header): next() cycles through them, 0 if none. */
typedef struct _fuzz_bytes {
	const uint8_t *p;
	size_t n, i;
	uint8_t pass; /* the passes through the bytes so far */
} fuzz_bytes;

static inline uint8_t fuzz_next(fuzz_bytes *b)
{
	if (b->n == 0) {
		return 0;
	}
	/* each pass through the bytes differs from the last: no piece size repeats forever */
	uint8_t c = (uint8_t) (b->p[b->i] + 37 * b->pass);
	if (++b->i == b->n) {
		b->i = 0;
		b->pass++;
	}
	return c;
}

/* A piece size of 1 to 64 bytes (mostly small: a value cut anywhere) from a control byte. */
static inline size_t fuzz_piece(uint8_t c)
{
	switch (c >> 6) {
		case 0:  return 1;
		case 1:  return 1 + (c & 7);
		case 2:  return 1 + (c & 31);
		default: return 1 + (c & 63) * 4;
	}
}

/* ---- the decoder's checks (also run by the php target's __fuzz_decode()) ----------------- */

/* The options of the compatible API (the INI settings with these). */
void fuzz_compat_options(msgpack_unpack_options *uo, bool php_only, bool assoc, bool illegal_key_insert, bool error_display);
/* The options of the MsgPack\ API (MsgPack\unpack()'s flags, as unpacker.c makes them; no class
 * allowed). */
void fuzz_api_options(msgpack_unpack_options *uo, bool php_only, bool assoc, uint8_t bigint, bool timestamp_as_datetime,
	bool float32_decimal);

/* The decoder with one set of options over the whole input, value after value: each value
 * agrees with msgpack_scan() on where it ends and (round_trip) packs again and reads back.
 * Stops at the first value that fails; returns how many bytes the values read took. */
size_t fuzz_decode_all(const uint8_t *data, size_t size, const msgpack_unpack_options *uo, bool round_trip);
/* The compatible API's set of options (as the php target always ran it). */
void decode_all(const uint8_t *data, size_t size, bool php_only, bool assoc, bool illegal_key_insert, bool error_display);
/* The decoder as MsgPack\unpack() runs it (the whole input one value): the offset an error names
 * is inside the input and is what the error says it is. */
void fuzz_decode_whole(const uint8_t *data, size_t size, const msgpack_unpack_options *uo);
void decode_whole_api(const uint8_t *data, size_t size, bool php_only, uint8_t bigint);
/* Records: the values one after the other, the structures carrying over, against the scanner
 * framing them with its field counts (pieces: 0 for the whole input at once, else the scanner
 * is fed the bytes in pieces of sizes drawn from it); each value packs again with RECORDS. */
void fuzz_decode_records(const uint8_t *data, size_t size, bool assoc, const msgpack_record_table *shared,
	fuzz_bytes *pieces, bool round_trip);
void decode_records(const uint8_t *data, size_t size, bool assoc, const msgpack_record_table *shared);
/* 40 shared structures "k0".."k39" (numbers 32-39 two-byte), as harness.inc.php's. */
msgpack_record_table *fuzz_shared_structures(void);
/* 3 shared structures [a, b], [x, y, z], [0, 1], as harness.inc.php's. */
msgpack_record_table *fuzz_small_structures(void);
/* The writer's index of t's shared structures made once, for the values packed with t until the
 * request ends (t must last as long: a target's setup() makes it); else each pack makes one. */
void fuzz_keep_index(const msgpack_record_table *t);

/* ---- values ------------------------------------------------------------------------------- */

/* Whether v has at most *budget nodes (no cycle); sets *has_reference if it holds a PHP reference. */
bool fuzz_bounded(zval *v, int64_t *budget, int depth, bool *has_reference);
/* Packs v with options po; NULL if packing fails (an exception is cleared). */
zend_string *fuzz_pack(zval *v, const msgpack_pack_options *po);
/* The pack options that write what uo reads (the compatible API's, or the MsgPack\ API's). */
void fuzz_pack_options_for(msgpack_pack_options *po, const msgpack_unpack_options *uo);
/* The value packed again reads back, and from the second round trip on the bytes stay the same
 * (assoc on, no references). */
void fuzz_round_trip(zval *v, const msgpack_unpack_options *uo, const uint8_t *data, size_t size);
/* Whether two values are the same: the same types, ints, strings, floats (the same bits), keys in
 * the same order, objects of the same class with the same properties, enum cases, PHP references
 * at the same places; values too large to compare (20000 nodes) count as the same. */
bool fuzz_same_value(zval *a, zval *b);
/* serialize($v), a new string (or NULL when serialize() throws). */
zend_string *fuzz_serialize(zval *v);
/* Whether the values of data may read differently each time (a DateTime named in the input,
 * whose date is a relative time: now): no comparison of two reads holds for them. */
bool fuzz_unsteady(const uint8_t *data, size_t size);

#endif
