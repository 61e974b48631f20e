/*
 * Decoder: MessagePack bytes -> zvals. Reads every format of the spec and the PHP-specific
 * entries of the PECL msgpack format (docs/format.md).
 *
 * Safety rules kept by every function here: no byte is read before checking it is there; no
 * allocation is sized from a declared length or count larger than what the remaining input can
 * hold (an array element takes at least one byte, a map entry two); nesting is limited.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_interfaces.h"
#include "zend_exceptions.h"
#include "ext/date/php_date.h"
#include "php_msgpack.h"
#include "common/msgpack_format.h"
#include "common/msgpack_copy.h"
#include "common/msgpack_float.h"
#include "common/msgpack_ext.h"
#include "common/msgpack_records.h"
#include "decode/unpack.h"
#include "decode/unpack_internal.h"
#include "decode/unpack_records.h"
#include "decode/msgpack_scan.h"
#include "common/msgpack_stack.h"
#include "common/msgpack_plan.h" /* msgpack_codec_enter() */
#include "decode/unpack_path.h"
#include "zend_bitset.h"

/* ---- bytes ---------------------------------------------------------------------------- */

/* ---- bookkeeping for the PHP object model ------------------------------------------------ */

/* ---- scalars ------------------------------------------------------------------------------ */

/* msgpack_decode_str() for msgpack_decode_value(), which only jumps here: with no call of its own that
 * returns to it, msgpack_decode_value() saves no register, which every value it reads would pay
 * for. */
static zend_never_inline bool decode_str_value(msgpack_decoder *d, zval *out, uint32_t len)
{
	return msgpack_decode_str(d, out, len);
}

/* A str or bin 8/16/32 whose format byte c was just read: its header (mp_str_header(), c a constant
 * where it is called, so that each case is the load of its length), then its bytes. */
static zend_always_inline bool decode_str_sized(msgpack_decoder *d, zval *out, unsigned char c)
{
	uint32_t len;
	int head = mp_str_header(c, d->pos, MSGPACK_REMAINING(d), &len);

	if (UNEXPECTED(head == MP_STR_CUT)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	d->pos += head;
	return decode_str_value(d, out, len);
}

/* An int beyond zend_long as the GMP number gmp_init() makes of its decimal string (ext/gmp has
 * no C API to link against; the MsgPack\ API checks it is loaded before decoding). */
static zend_never_inline bool big_int_as_gmp(msgpack_decoder *d, zval *out, uint64_t v, bool is_unsigned)
{
	zval fname, arg;
	bool ok;

	ZVAL_STRINGL(&fname, "gmp_init", sizeof("gmp_init") - 1);
	ZVAL_STR(&arg, msgpack_int64_to_str(v, is_unsigned));
	ZVAL_UNDEF(out);
	ok = call_user_function(NULL, NULL, &fname, out, 1, &arg) == SUCCESS && !EG(exception)
		&& Z_TYPE_P(out) == IS_OBJECT;
	zval_ptr_dtor(&fname);
	zval_ptr_dtor(&arg);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		return msgpack_decode_fail(d, EG(exception) ? MSGPACK_DECODE_EXCEPTION : MSGPACK_DECODE_NO_GMP);
	}
	return true;
}

/*
 * An int of format c that zend_long cannot hold (msgpack_int_fits_long()): v is its bits (a uint64
 * beyond PHP_INT_MAX; on 32-bit PHP also a uint32 beyond it, and an int64 beyond 32 bits). Out of
 * line: a call in msgpack_decode_value() would make every value pay for saving registers.
 */
static zend_never_inline bool decode_big_int(msgpack_decoder *d, zval *out, unsigned char c, uint64_t v)
{
	bool is_unsigned = c <= MP_UINT64;

	if (!d->opts.api && c == MP_UINT32) {
		/* as PECL msgpack on 32-bit PHP (a float, as PHP makes of an int literal that overflows) */
		ZVAL_DOUBLE(out, (double) v);
	} else if (d->opts.bigint == MSGPACK_BIGINT_STRING) {
		/* as PECL msgpack for a uint64 (it truncates an int64 on 32-bit PHP) */
		ZVAL_STR(out, msgpack_int64_to_str(v, is_unsigned));
	} else if (d->opts.bigint == MSGPACK_BIGINT_FLOAT) {
		ZVAL_DOUBLE(out, is_unsigned ? (double) v : (double) (int64_t) v);
	} else {
		return big_int_as_gmp(d, out, v, is_unsigned);
	}
	return true;
}

/* An ext type with a decoder registered (MsgPack\Unpacker::registerExtension()): what the
 * callable returns for the payload. */
static zend_never_inline bool call_ext_decoder(msgpack_decoder *d, zval *out, zval *decoder, const unsigned char *p,
	uint32_t len)
{
	zval fn, payload;
	bool ok;

	/* the callable may replace itself (registerExtension() again) while it runs */
	ZVAL_COPY(&fn, decoder);
	ZVAL_STRINGL_FAST(&payload, (const char *) p, len);
	ZVAL_UNDEF(out);
	ok = call_user_function(NULL, NULL, &fn, out, 1, &payload) == SUCCESS && !EG(exception);
	zval_ptr_dtor(&payload);
	zval_ptr_dtor(&fn);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	if (Z_ISREF_P(out)) {
		zend_unwrap_reference(out);
	}
	return true;
}

/* ext -1: the three forms of the spec; any other length, or nanoseconds past 999999999, is invalid. */
static bool decode_timestamp(msgpack_decoder *d, zval *out, const unsigned char *p, uint32_t len)
{
	int64_t sec;
	uint32_t nsec;
	const char *invalid = mp_timestamp_parse(p, len, &sec, &nsec);

	if (invalid) {
		return msgpack_decode_invalid(d, invalid);
	}
	if (UNEXPECTED(d->opts.timestamp_as_datetime)) {
		return msgpack_timestamp_to_datetime(out, sec, nsec) || msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	msgpack_timestamp_init(out, sec, nsec);
	return true;
}

static bool decode_ext(msgpack_decoder *d, zval *out, uint32_t len)
{
	const unsigned char *p;
	int8_t type;

	if (UNEXPECTED(MSGPACK_REMAINING(d) <= len)) { /* the type byte and len bytes; len + 1 wraps on 32-bit */
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	type = (int8_t) d->pos[0];
	p = d->pos + 1;
	d->pos += (size_t) len + 1;
	if (UNEXPECTED(type == MSGPACK_RECORD_EXT_TYPE) && d->opts.records && len <= 2
			&& p[-2] == (len == 1 ? MP_FIXEXT1 : MP_FIXEXT2)) {
		/* records: `d4 72 <id>` declares a structure, its first record follows (unpack_records.c) */
		return msgpack_record_declare(d, out, p, len);
	}
	if (UNEXPECTED(d->opts.ext_decoders != NULL)) {
		zval *decoder = zend_hash_index_find(d->opts.ext_decoders, (zend_ulong) (zend_long) type);
		if (decoder) {
			return call_ext_decoder(d, out, decoder, p, len);
		}
	}
	if (type == MP_EXT_TIMESTAMP) {
		return decode_timestamp(d, out, p, len);
	}
	msgpack_ext_init(out, type, (const char *) p, len);
	return true;
}

/* ---- containers ----------------------------------------------------------------------------- */

/*
 * The eight int formats, 0xcc-0xd3, in one path without a branch on the format: the low two
 * bits are the size (1, 2, 4 or 8 bytes), 0xd0 and up are signed. Ids, timestamps and counters
 * mix sizes and signs at random, and a jump per format mispredicted on about every other value
 * (cachegrind --branch-sim: 1 miss in 2 on large_ints_1000, which igbinary then unpacked faster).
 */
static zend_always_inline bool decode_int(msgpack_decoder *d, zval *out, unsigned char c)
{
	unsigned size = 1u << (c & 3);
	unsigned shift = 64 - 8 * size;
	uint64_t raw;
	int64_t v;

	if (EXPECTED(MSGPACK_REMAINING(d) >= 8)) {
		raw = mp_load64(d->pos); /* the bytes past the int are the input's, and shifted out */
	} else if (MSGPACK_REMAINING(d) >= size) {
		raw = 0;
		for (unsigned i = 0; i < size; i++) {
			raw |= (uint64_t) d->pos[i] << (56 - 8 * i);
		}
	} else {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	d->pos += size;
	v = c >= MP_INT8 ? (int64_t) raw >> shift : (int64_t) (raw >> shift);
	if (UNEXPECTED(!msgpack_int_fits_long(c, v))) {
		return decode_big_int(d, out, c, (uint64_t) v);
	}
	ZVAL_LONG(out, (zend_long) v);
	return true;
}

/*
 * An element of a list of numbers (coordinates, vectors, ids): ints and doubles without the call
 * of msgpack_decode_value(), which costs them more than their decoding. With RECORDS, 0x40-0x7f
 * can be records, and go the long way.
 */
static zend_always_inline bool decode_number_element(msgpack_decoder *d, zval *v)
{
	if (EXPECTED(MSGPACK_REMAINING(d) >= 9)) {
		unsigned char c = *d->pos;
		if ((int8_t) c >= -32 && (c < MSGPACK_RECORD_FIRST_ID || !d->opts.records)) {
			d->pos++;
			ZVAL_LONG(v, (int8_t) c); /* a positive or negative fixint */
			return true;
		}
		if (c == MP_FLOAT64) {
			ZVAL_DOUBLE(v, mp_load_double(d->pos + 1));
			d->pos += 9;
			return true;
		}
		if ((unsigned) (c - MP_UINT8) <= MP_INT64 - MP_UINT8) {
			d->pos++;
			return decode_int(d, v, c);
		}
	}
	return msgpack_decode_child(d, v);
}

/* What fill_array() expects the elements of an array to be, from its first element's byte: arrays
 * are mostly of one kind. */
typedef enum _fill_kind {
	FILL_NUMBERS, /* ints and doubles read in place (anything else the long way) */
	FILL_LISTS,   /* fixarrays read without msgpack_decode_value()'s switch (coordinates, matrices) */
	FILL_ANY,
} fill_kind;

static bool decode_array(msgpack_decoder *d, zval *out, uint32_t n);

/* The elements of an array, filled in place (the children never touch ht); on failure what was
 * read so far stays in it, for the cleanup. Instantiated for each fill_kind, so that lists of
 * strings or maps pay nothing for the other kinds' tests (strings_1000 paid for them when they
 * did). */
static zend_always_inline bool fill_array(msgpack_decoder *d, HashTable *ht, uint32_t n, fill_kind kind)
{
	ZEND_HASH_FILL_PACKED(ht) {
		for (uint32_t i = 0; i < n; i++) {
			zval v;
			bool ok;
			if (kind == FILL_NUMBERS) {
				ok = decode_number_element(d, &v);
			} else if (kind == FILL_LISTS && EXPECTED(d->pos < d->end) && mp_is_fixarray(*d->pos)) {
				/* as msgpack_decode_child() does through msgpack_decode_value() */
				uint32_t count = mp_fix_count(*d->pos++);
				ZVAL_UNDEF(&v);
				ok = decode_array(d, &v, count);
				if (UNEXPECTED(!ok)) {
					msgpack_bury(d, &v);
				}
			} else {
				ok = msgpack_decode_child(d, &v);
			}
			if (UNEXPECTED(!ok)) {
				ZEND_HASH_FILL_FINISH();
				return false;
			}
			ZEND_HASH_FILL_GROW(); /* allocated for fewer than n (msgpack_presize()) */
			ZEND_HASH_FILL_ADD(&v);
		}
	} ZEND_HASH_FILL_END();
	return true;
}

/* An empty packed array with room for HT_MIN_SIZE elements: what array_init_size() and
 * zend_hash_real_init_packed() make for that many or fewer, without their two calls, which cost
 * a coordinate pair of canada.json nearly as much as its two floats. */
static zend_always_inline HashTable *new_small_list(void)
{
	HashTable *ht = emalloc(sizeof(HashTable));
	void *data = emalloc(HT_PACKED_SIZE_EX(HT_MIN_SIZE, HT_MIN_MASK));

	GC_SET_REFCOUNT(ht, 1);
	GC_TYPE_INFO(ht) = GC_ARRAY;
	HT_FLAGS(ht) = HASH_FLAG_PACKED | HASH_FLAG_STATIC_KEYS;
	ht->nTableMask = HT_MIN_MASK;
	ht->nNumUsed = 0;
	ht->nNumOfElements = 0;
	ht->nTableSize = HT_MIN_SIZE;
	ht->nInternalPointer = 0;
	ht->nNextFreeElement = ZEND_LONG_MIN;
	ht->pDestructor = ZVAL_PTR_DTOR;
	HT_SET_DATA_ADDR(ht, data);
	HT_HASH_RESET_PACKED(ht);
	return ht;
}

static bool decode_array(msgpack_decoder *d, zval *out, uint32_t n)
{
	msgpack_slot *slot;
	HashTable *ht;
	unsigned char c;

	/* each element takes at least one byte */
	if (UNEXPECTED(n > MSGPACK_REMAINING(d))) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (UNEXPECTED((slot = msgpack_new_slot(d)) == NULL)) {
		return false;
	}
	if (n == 0) {
		ZVAL_EMPTY_ARRAY(out);
		ZVAL_COPY_VALUE(&slot->value, out);
		slot->ready = true;
		return true;
	}
	if (!msgpack_enter(d)) {
		return false;
	}
	if (n <= HT_MIN_SIZE) {
		(void) msgpack_presize(d, n); /* the budget counts it all the same */
		ht = new_small_list();
		ZVAL_ARR(out, ht);
	} else {
		array_init_size(out, msgpack_presize(d, n));
		ht = Z_ARRVAL_P(out);
		zend_hash_real_init_packed(ht);
	}
	ZVAL_COPY_VALUE(&slot->value, out);
	uint32_t slot_index = d->slot_count - 1; /* msgpack_new_slot() may move the first block */
	c = *d->pos; /* n >= 1 bytes remain */
	if (!((int8_t) c >= -32 || (c >= MP_FLOAT64 && c <= MP_INT64) ? fill_array(d, ht, n, FILL_NUMBERS)
			: mp_is_fixarray(c) ? fill_array(d, ht, n, FILL_LISTS) : fill_array(d, ht, n, FILL_ANY))) {
		return false;
	}
	msgpack_slot_at(d, slot_index)->ready = true;
	d->depth--;
	return true;
}

/* decode_map_entries() failed (counts are below: each entry takes two bytes of the input) */
#define MAP_ENTRIES_FAILED UINT32_MAX

/* Reads the plain entries of a map into ht, up to n of them: stops before a nil key while
 * php_only is on. Returns how many were read, or MAP_ENTRIES_FAILED. Not inlined: in
 * decode_map() the loop costs more (twitter.json's decode was slower so). */
static zend_never_inline uint32_t decode_map_entries(msgpack_decoder *d, HashTable *ht, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string *skey = NULL;
		zend_ulong ikey = 0;
		zval other, val;
		msgpack_map_key_kind kind = msgpack_decode_key(d, &skey, &ikey, &other);

		if (UNEXPECTED(kind <= MSGPACK_MAP_KEY_PHP)) {
			return kind == MSGPACK_MAP_KEY_PHP ? i : MAP_ENTRIES_FAILED;
		}
		if (UNEXPECTED(kind == MSGPACK_MAP_KEY_OTHER) && d->opts.strict_keys) {
			/* now, while d->key_at is this key's: the value may hold keys of its own */
			if (!msgpack_refuse_key(d, &skey, &other)) {
				return MAP_ENTRIES_FAILED;
			}
			kind = MSGPACK_MAP_KEY_STR;
		}
		d->value_key = skey;
		if (UNEXPECTED(!msgpack_decode_child(d, &val))) {
			if (kind == MSGPACK_MAP_KEY_STR) {
				msgpack_release_key(d, skey);
			} else if (kind == MSGPACK_MAP_KEY_OTHER) {
				msgpack_bury(d, &other);
			}
			return MAP_ENTRIES_FAILED;
		}
		if (EXPECTED(kind != MSGPACK_MAP_KEY_OTHER)) {
			msgpack_store_entry(d, ht, skey, ikey, &val);
			if (skey) {
				msgpack_release_key(d, skey);
			}
		} else if (!msgpack_insert_illegal_key(d, ht, &other, &val)) {
			return MAP_ENTRIES_FAILED;
		}
	}
	return n;
}

/*
 * Maps of the same shape. Records come in lists (rows of a query, statuses, their users): a map
 * whose keys, in order, are those of a map decoded before is built as a copy of that map's hash
 * table (keys, hashes and collision chains, in one memcpy) with the values filled in, each key
 * checked against the input's bytes as it is read. No key lookup, no insertion, no hashing.
 *
 * The maps that can be copied from (templates) are found by their first key's bytes and their
 * size, not by their place: one document holds several record types at one depth (a status
 * has a user, entities and metadata), and one type at several depths (a retweeted status),
 * and a (first key, size) pair names a record type well. A template has string keys only (a key
 * like "123" is an int in PHP: such maps are never templates), no duplicate (n entries read,
 * n in the table) and no hole, so a copy whose keys are checked one by one gives what inserting
 * them would. The moment a key differs (or comes in a form other than str/bin 8), the copy is cut
 * to the entries read, its hash rebuilt, and the map goes on through decode_map_entries().
 */
static zend_always_inline uint32_t shape_slot(const unsigned char *key, uint32_t len, uint32_t n)
{
	uint32_t h = (len * 0x9e3779b1u) ^ ((uint32_t) key[0] << 8 | key[len - 1]) ^ (n * 0x85ebca6bu);

	h ^= h >> 15;
	return (h * 0x2c1b3c6du) >> 26; /* 0 .. 63 */
}

/* The template for the map of n entries at d->pos, or NULL. */
static zend_always_inline const HashTable *find_shape(const msgpack_decoder *d, uint32_t n)
{
	uint32_t len;
	const unsigned char *p;
	const HashTable *tpl;

	if (d->shapes_used == 0 || (p = msgpack_shape_key_bytes(d, &len)) == NULL || len == 0) {
		return NULL;
	}
	uint32_t slot = shape_slot(p, len, n);
	if (!(d->shapes_used & (UINT64_C(1) << slot))) {
		return NULL;
	}
	tpl = d->shapes[slot];
	if (tpl->nNumUsed != n || !msgpack_key_is(tpl->arData[0].key, p, len)) {
		return NULL;
	}
	return tpl;
}

/* Whether ht (n entries just read) can be a template: n entries (no duplicate key replaced
 * another), all with string keys, the first not empty (shapes are found by it). */
static bool can_be_template(const HashTable *ht, uint32_t n)
{
	if (HT_IS_PACKED(ht) || ht->nNumUsed != n || ht->nNumOfElements != n) {
		return false;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (ht->arData[i].key == NULL) {
			return false;
		}
	}
	return ZSTR_LEN(ht->arData[0].key) != 0;
}

/* Makes ht (n entries just read, assoc) a template, unless it cannot be one. */
static zend_never_inline void remember_shape(msgpack_decoder *d, HashTable *ht, uint32_t n)
{
	if (!can_be_template(ht, n)) {
		return;
	}
	zend_string *first = ht->arData[0].key;
	uint32_t slot = shape_slot((const unsigned char *) ZSTR_VAL(first), (uint32_t) ZSTR_LEN(first), n);
	if (d->shapes_used & (UINT64_C(1) << slot)) {
		zend_array_release(d->shapes[slot]);
	}
	GC_ADDREF(ht);
	d->shapes[slot] = ht;
	d->shapes_used |= UINT64_C(1) << slot;
}

/* Drops the templates: the value is complete (or failed). */
static void forget_shapes(msgpack_decoder *d)
{
	while (d->shapes_used) {
		zend_array_release(d->shapes[mp_ntz64(d->shapes_used)]);
		d->shapes_used &= d->shapes_used - 1;
	}
}

/* A new array with the template's table, no entry counted yet (the buckets past nNumUsed are
 * the template's, never read: destruction and the GC stop at nNumUsed). */
static zend_always_inline HashTable *copy_shape(const HashTable *tpl)
{
	HashTable *ht = emalloc(sizeof(HashTable));
	void *data = emalloc(HT_SIZE_EX(tpl->nTableSize, tpl->nTableMask));

	GC_SET_REFCOUNT(ht, 1);
	GC_TYPE_INFO(ht) = GC_ARRAY;
	HT_FLAGS(ht) = HT_FLAGS(tpl) & HASH_FLAG_MASK;
	ht->nTableMask = tpl->nTableMask;
	ht->nNumUsed = 0;
	ht->nNumOfElements = 0;
	ht->nTableSize = tpl->nTableSize;
	ht->nInternalPointer = 0;
	ht->nNextFreeElement = tpl->nNextFreeElement;
	ht->pDestructor = ZVAL_PTR_DTOR;
	HT_SET_DATA_ADDR(ht, data);
	memcpy(data, HT_GET_DATA_ADDR(tpl), HT_USED_SIZE(tpl));
	return ht;
}

/*
 * Shapes kept from call to call, for small inputs. A small value (a cache entry, a message of a
 * protocol) holds too few maps to repeat a shape within it, but the next call often decodes the
 * same record type: its maps are built by copy_shape() from a table of the keys alone (values
 * nil, nothing of a value held), kept for the request (MSGPACK_G(kept_shapes)). A shape is kept
 * the second time it is met, so that inputs of ever new shapes pay a signature only; a kept shape
 * the input no longer follows is dropped.
 */
#define KEPT_SHAPES 32

struct _msgpack_kept_shapes {
	HashTable *table[KEPT_SHAPES]; /* tables of keys only, or NULL */
	uint32_t seen[KEPT_SHAPES];    /* shape_signature() of the last map met at this index */
};

static zend_always_inline uint32_t shape_signature(const unsigned char *key, uint32_t len, uint32_t n)
{
	return (len << 24 | (uint32_t) key[0] << 16 | (uint32_t) key[len - 1] << 8) ^ n ^ 1; /* never 0 */
}

/* The kept shape for the map of n entries at d->pos, or NULL. */
static zend_always_inline const HashTable *kept_shape(const msgpack_decoder *d, uint32_t n)
{
	msgpack_kept_shapes *kept = MSGPACK_G(kept_shapes);
	const unsigned char *p;
	const HashTable *tpl;
	uint32_t len;

	if (kept == NULL || (p = msgpack_shape_key_bytes(d, &len)) == NULL || len == 0) {
		return NULL;
	}
	tpl = kept->table[shape_slot(p, len, n) % KEPT_SHAPES];
	if (tpl == NULL || tpl->nNumUsed != n || !msgpack_key_is(tpl->arData[0].key, p, len)) {
		return NULL;
	}
	return tpl;
}

/* A table of ht's keys (and hashes and chains) whose values are all nil. */
static HashTable *keys_only_copy(const HashTable *ht)
{
	HashTable *keys = copy_shape(ht);
	Bucket *b = keys->arData;

	for (uint32_t i = 0; i < ht->nNumUsed; i++, b++) {
		zend_string_addref(b->key);
		Z_TYPE_INFO(b->val) = IS_NULL; /* the chain link (Z_NEXT) stays */
	}
	keys->nNumUsed = keys->nNumOfElements = ht->nNumUsed;
	return keys;
}

/* ht (n entries just read) was built key by key: keeps its shape if it was met last time at its
 * index too, unless it cannot be a template (see remember_shape()). */
static zend_never_inline void keep_shape(HashTable *ht, uint32_t n)
{
	msgpack_kept_shapes *kept = MSGPACK_G(kept_shapes);

	if (!can_be_template(ht, n)) {
		return;
	}
	zend_string *first = ht->arData[0].key;
	const unsigned char *key = (const unsigned char *) ZSTR_VAL(first);
	uint32_t len = (uint32_t) ZSTR_LEN(first);
	if (kept == NULL) {
		kept = MSGPACK_G(kept_shapes) = ecalloc(1, sizeof(msgpack_kept_shapes));
	}
	uint32_t index = shape_slot(key, len, n) % KEPT_SHAPES, signature = shape_signature(key, len, n);
	if (kept->seen[index] != signature) {
		kept->seen[index] = signature;
		return;
	}
	if (kept->table[index]) {
		zend_array_release(kept->table[index]); /* a copy being filled may hold it still */
	}
	kept->table[index] = keys_only_copy(ht);
}

/* The input left the kept shape tpl: it is dropped (met twice again, a shape is kept anew). */
static zend_never_inline void drop_kept_shape(const HashTable *tpl)
{
	msgpack_kept_shapes *kept = MSGPACK_G(kept_shapes);

	for (uint32_t i = 0; i < KEPT_SHAPES; i++) {
		if (kept->table[i] == tpl) {
			zend_array_release(kept->table[i]);
			kept->table[i] = NULL;
			kept->seen[i] = 0;
			return;
		}
	}
}

void msgpack_kept_shapes_free(void)
{
	msgpack_kept_shapes *kept = MSGPACK_G(kept_shapes);

	if (kept) {
		for (uint32_t i = 0; i < KEPT_SHAPES; i++) {
			if (kept->table[i]) {
				zend_array_release(kept->table[i]);
			}
		}
		efree(kept);
		MSGPACK_G(kept_shapes) = NULL;
	}
}

/* A value of a map of a known shape: the scalars and short strings records hold most are read
 * here, without the call to msgpack_decode_value() (the strings as msgpack_decode_str() reads
 * them). key: the key of its bucket, for the value cache: given to the strings read here, set in
 * d->value_key for the values that may hold some (a load of the key for every value made the
 * others pay for it, once the cache was off). */
static zend_always_inline bool decode_shaped_value(msgpack_decoder *d, zval *val, zend_string *const *key)
{
	if (EXPECTED(d->pos < d->end) && mp_is_fixstr(*d->pos)) {
		return msgpack_decode_str_in(d, val, mp_fixstr_len(*d->pos++), key, false);
	}
	if (msgpack_decode_small_scalar(d, val)) {
		return true;
	}
	d->value_key = *key;
	return msgpack_decode_child(d, val);
}

/* Fills ht, a copy_shape() of a template of n entries, from the input: as decode_map_entries(). */
static zend_never_inline uint32_t decode_map_shaped(msgpack_decoder *d, HashTable *ht, uint32_t n)
{
	Bucket *b = ht->arData;
	uint32_t i;

	for (i = 0; i < n; i++, b++) {
		zval val;

		if (UNEXPECTED(!msgpack_take_key(d, b->key))) {
			break;
		}
		if (UNEXPECTED(!decode_shaped_value(d, &val, &b->key))) {
			ht->nNumUsed = ht->nNumOfElements = i; /* what the cleanup releases */
			return MAP_ENTRIES_FAILED;
		}
		zend_string_addref(b->key);
		ZVAL_COPY_VALUE(&b->val, &val); /* the template's chain link (Z_NEXT) stays */
	}
	/* Counted once, here: nothing reads the table while it is filled (a back-reference names
	 * an array once it is complete only; it is in no other value yet). */
	ht->nNumUsed = ht->nNumOfElements = i;
	if (EXPECTED(i == n)) {
		return n;
	}
	/* another shape: the entries read so far, and the rest as any map */
	zend_hash_rehash(ht);
	uint32_t rest = decode_map_entries(d, ht, n - i);
	return rest == MAP_ENTRIES_FAILED ? rest : i + rest;
}

/* The plain entries of a map of a small input (see kept_shape()) into out, whose slot value is
 * slot_value: as decode_map() does for others, with the shapes kept from call to call. */
static zend_never_inline uint32_t decode_small_map(msgpack_decoder *d, zval *out, zval *slot_value, uint32_t n)
{
	const HashTable *shape = kept_shape(d, n);
	uint32_t done;

	if (shape && msgpack_presize(d, n) == n) {
		/* held while the copy is filled: the copy's buckets still to be filled borrow its keys,
		 * and a map inside this one may replace or drop it (a kept shape is in no value) */
		HashTable *tpl = (HashTable *) shape;
		HashTable *ht = copy_shape(tpl);
		GC_ADDREF(tpl);
		ZVAL_ARR(out, ht);
		ZVAL_COPY_VALUE(slot_value, out);
		done = decode_map_shaped(d, ht, n);
		/* the input left the shape if the last key is not the template's (a hint only: a
		 * duplicate key, or a key written in another form, may pass for the same shape) */
		if (done == n && UNEXPECTED(ht->arData[n - 1].key != tpl->arData[n - 1].key)) {
			drop_kept_shape(tpl);
		}
		zend_array_release(tpl);
		return done;
	}
	array_init_size(out, msgpack_presize(d, n));
	ZVAL_COPY_VALUE(slot_value, out);
	done = decode_map_entries(d, Z_ARRVAL_P(out), n);
	if (done == n && n >= 2 && d->opts.assoc) {
		keep_shape(Z_ARRVAL_P(out), n);
	}
	return done;
}

/* With assoc off, maps become stdClass objects. */
static void map_to_object(msgpack_decoder *d, zval *out)
{
	HashTable *props = zend_symtable_to_proptable(Z_ARRVAL_P(out));
	if (props == Z_ARRVAL_P(out)) {
		zval_ptr_dtor(out);
	} else {
		/* A copy (integer keys): it unwraps references held only by the array, which a slot
		 * may still name (a back-reference made them). The array stays till the end. */
		msgpack_bury(d, out);
	}
	object_and_properties_init(out, zend_standard_class_def, props);
	msgpack_remember_object(d, Z_OBJ_P(out));
}

static bool decode_map(msgpack_decoder *d, zval *out, uint32_t n)
{
	msgpack_slot *slot;

	/* each entry takes at least two bytes */
	if (UNEXPECTED(n > MSGPACK_REMAINING(d) / 2)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (UNEXPECTED((slot = msgpack_new_slot(d)) == NULL)) {
		return false;
	}
	if (n == 0) {
		/* PECL reads {} as an object when php_only is on; the MsgPack\ API as any other map */
		if ((d->opts.php_only && !d->opts.api) || !d->opts.assoc) {
			object_init(out);
			msgpack_remember_object(d, Z_OBJ_P(out));
		} else {
			ZVAL_EMPTY_ARRAY(out);
		}
		ZVAL_COPY_VALUE(&slot->value, out);
		slot->ready = true;
		return true;
	}
	if (!msgpack_enter(d)) {
		return false;
	}
	uint32_t slot_index = d->slot_count - 1; /* msgpack_new_slot() may move the first block */
	uint32_t done = 0;
	if (EXPECTED(!(d->opts.php_only && *d->pos == MP_NIL))) {
		const HashTable *shape = find_shape(d, n);
		if (UNEXPECTED(d->small_input)) {
			done = decode_small_map(d, out, &slot->value, n);
		} else if (shape && msgpack_presize(d, n) == n) {
			ZVAL_ARR(out, copy_shape(shape));
			ZVAL_COPY_VALUE(&slot->value, out);
			done = decode_map_shaped(d, Z_ARRVAL_P(out), n);
		} else {
			array_init_size(out, msgpack_presize(d, n));
			ZVAL_COPY_VALUE(&slot->value, out);
			done = decode_map_entries(d, Z_ARRVAL_P(out), n);
			/* not the top-level map: it has no sibling to be copied by */
			if (done == n && n >= 2 && d->depth > 1 && d->opts.assoc) {
				remember_shape(d, Z_ARRVAL_P(out), n);
			}
		}
		if (EXPECTED(done == n)) {
			slot = msgpack_slot_at(d, slot_index);
			if (!d->opts.assoc) {
				map_to_object(d, out);
				ZVAL_COPY_VALUE(&slot->value, out);
			}
			slot->ready = true;
			d->depth--;
			return true;
		}
		if (done == MAP_ENTRIES_FAILED) {
			return false;
		}
	}
	/* a nil key (php_only): the map is a PHP object, reference or back-reference */
	if (!msgpack_decode_php_entries(d, out, n - done, slot_index)) {
		return false;
	}
	d->depth--;
	return true;
}

/* ---- one value ------------------------------------------------------------------------------ */

/* A record: a copy of its structure's table, keys in place, whose values are read in place
 * here, where a value costs one call, as in arrays and maps. The common case (an array of a
 * structure known, within the limits) is made here; unpack_records.c does the others. */
static zend_never_inline bool decode_record(msgpack_decoder *d, zval *out, unsigned char id)
{
	msgpack_record_structure *s = d->records ? d->records->by_id[id - MSGPACK_RECORD_FIRST_ID] : NULL;
	Bucket *b;
	uint32_t n;

	if (EXPECTED(s != NULL && s->count != 0 && d->opts.assoc && s->count <= MSGPACK_REMAINING(d)
			&& s->count <= d->presize_budget && d->depth < d->opts.max_depth
			&& !msgpack_stack_exhausted(d->stack_limit))) {
		n = s->count;
		d->depth++;
		d->presize_budget -= n;
		ZVAL_ARR(out, msgpack_record_copy(s->fields));
		b = Z_ARR_P(out)->arData;
	} else if (!msgpack_record_open(d, out, id, &b, &n)) {
		return false;
	} else if (b == NULL) {
		return true; /* read whole */
	}
	for (Bucket *end = b + n; b < end; b++) {
		if (UNEXPECTED(!decode_shaped_value(d, &b->val, &b->key))) {
			ZVAL_NULL(&b->val); /* what was built of it is buried */
			return false;
		}
	}
	msgpack_record_close(d, out);
	return true;
}

/* A float32 read back as its shortest decimal (FLOAT32_DECIMAL_FIT). Out of line and only jumped
 * to, as decode_str_value(): a call that returns inside msgpack_decode_value() would make every
 * value pay for saving registers. */
static zend_never_inline bool decode_float32_decimal(msgpack_decoder *d, zval *out)
{
	uint32_t bits = mp_load32(d->pos);
	float f;

	memcpy(&f, &bits, 4);
	d->pos += 4;
	ZVAL_DOUBLE(out, msgpack_float32_decimal(f));
	return true;
}

bool msgpack_decode_value(msgpack_decoder *d, zval *out)
{
	unsigned char c;
	uint32_t size;
	const unsigned char *p;

	if (UNEXPECTED(d->pos >= d->end)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	c = *d->pos++;
	if (c <= MP_POSITIVE_FIXINT_MAX) {
		if (UNEXPECTED(c >= MSGPACK_RECORD_FIRST_ID) && UNEXPECTED(d->opts.records)) {
			if (msgpack_record_declared(d, c)) {
				/* records: 0x40-0x7f name a structure, its values follow */
				return decode_record(d, out, c);
			}
			if (c >= MSGPACK_RECORD_TWO_BYTE_FIRST || d->opts.shared_records) {
				/* a two-byte identifier, or an unknown one while structures are shared
				 * (unpack_records.c) */
				return msgpack_record_other(d, out, c);
			}
		}
		ZVAL_LONG(out, c);
		return true;
	}
	if (c >= MP_NEGATIVE_FIXINT) {
		ZVAL_LONG(out, (int8_t) c);
		return true;
	}
	/* the fix* ranges are in order: fixmap, fixarray, fixstr, then 0xc0 and up */
	if (c >= MP_FIXSTR) {
		if (c <= MP_FIXSTR + MP_FIXSTR_LEN_MAX) { /* one compare: mp_is_fixstr() would be two */
			return decode_str_value(d, out, mp_fixstr_len(c));
		}
	} else if (c >= MP_FIXARRAY) {
		return decode_array(d, out, mp_fix_count(c));
	} else {
		return decode_map(d, out, mp_fix_count(c));
	}

	/* ahead of the switch, whose one jump per format is what decode_int() avoids */
	if ((unsigned) (c - MP_UINT8) <= MP_INT64 - MP_UINT8) {
		return decode_int(d, out, c);
	}

	/* 0xc0 - 0xdf: fixed-size scalars need this many bytes after the format byte */
	static const uint8_t fixed_size[32] = {
		/* c0 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 8, 0, 0, 0, 0, /* cc-d3: decode_int() */
		/* d0 */ 0, 0, 0, 0, 2, 3, 5, 9, 17, 0, 0, 0, 0, 0, 0, 0,
	};
	if (UNEXPECTED(MSGPACK_REMAINING(d) < fixed_size[c - MP_NIL])) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	p = d->pos;
	switch (c) {
		case MP_NIL:   ZVAL_NULL(out);  return true;
		case MP_FALSE: ZVAL_FALSE(out); return true;
		case MP_TRUE:  ZVAL_TRUE(out);  return true;
		case MP_FLOAT32: {
			if (UNEXPECTED(d->opts.float32_decimal)) {
				return decode_float32_decimal(d, out);
			}
			uint32_t bits = mp_load32(p);
			float f;
			memcpy(&f, &bits, 4);
			d->pos += 4;
			ZVAL_DOUBLE(out, f);
			return true;
		}
		case MP_FLOAT64:
			ZVAL_DOUBLE(out, mp_load_double(p));
			d->pos += 8;
			return true;
		case MP_STR8:  return decode_str_sized(d, out, MP_STR8);
		case MP_STR16: return decode_str_sized(d, out, MP_STR16);
		case MP_STR32: return decode_str_sized(d, out, MP_STR32);
		case MP_BIN8:  return decode_str_sized(d, out, MP_BIN8);
		case MP_BIN16: return decode_str_sized(d, out, MP_BIN16);
		case MP_BIN32: return decode_str_sized(d, out, MP_BIN32);
		case MP_ARRAY16:
			return msgpack_read_size(d, 2, &size) && decode_array(d, out, size);
		case MP_ARRAY32:
			return msgpack_read_size(d, 4, &size) && decode_array(d, out, size);
		case MP_MAP16:
			return msgpack_read_size(d, 2, &size) && decode_map(d, out, size);
		case MP_MAP32:
			return msgpack_read_size(d, 4, &size) && decode_map(d, out, size);
		case MP_FIXEXT1:  return decode_ext(d, out, 1);
		case MP_FIXEXT2:  return decode_ext(d, out, 2);
		case MP_FIXEXT4:  return decode_ext(d, out, 4);
		case MP_FIXEXT8:  return decode_ext(d, out, 8);
		case MP_FIXEXT16: return decode_ext(d, out, 16);
		case MP_EXT8:
			return msgpack_read_size(d, 1, &size) && decode_ext(d, out, size);
		case MP_EXT16:
			return msgpack_read_size(d, 2, &size) && decode_ext(d, out, size);
		case MP_EXT32:
			return msgpack_read_size(d, 4, &size) && decode_ext(d, out, size);
		default: /* 0xc1 */
			d->pos--;
			return msgpack_decode_fail(d, MSGPACK_DECODE_PARSE_ERROR);
	}
}

/* ---- entry points ----------------------------------------------------------------------------- */

static void decoder_init(msgpack_decoder *d, const char *data, size_t len, const msgpack_unpack_options *opts)
{
	memset(d, 0, offsetof(msgpack_decoder, shapes)); /* shapes[] is read where shapes_used says,
	                                                  * inline_slots[] up to slot_count */
	d->pos = (const unsigned char *) data;
	d->start = d->pos;
	d->end = d->pos + len;
	d->opts = *opts;
	d->stack_limit = msgpack_stack_limit();
	d->presize_budget = len;
	/* An input this short holds too few strings and maps to repeat: the value cache and the
	 * shapes would cost it more than they save (a 100-byte record was much slower with them). */
	d->small_input = len < 256;
	d->value_cache_off = d->small_input ? MSGPACK_VALUES_OFF : MSGPACK_VALUES_ON;
	if (opts->stream_records) {
		/* records: declarations carry over to the next values of the stream */
		d->records = opts->stream_records;
		d->records_borrowed = true;
	}
}

static void decoder_destroy(msgpack_decoder *d)
{
	if (d->detail_str) {
		zend_string_release(d->detail_str);
		d->detail_str = NULL;
	}
	if (d->path) {
		zend_string_release(d->path);
		d->path = NULL;
	}
	/* error_class and error_property: set with an error only, which msgpack_decode() hands to
	 * the result */
	ZEND_ASSERT(d->error_class == NULL && d->error_property == NULL);
	forget_shapes(d);
	msgpack_class_cache_free(d);
	if (d->slot_blocks) {
		/* slot_blocks[0] is slots */
		for (uint32_t i = 1; i < d->slot_block_count; i++) {
			efree(d->slot_blocks[i]);
		}
		efree(d->slot_blocks);
		d->slot_blocks = NULL;
		d->slot_block_count = d->slot_block_capacity = 0;
	}
	if (d->slots && d->slots != d->inline_slots) {
		msgpack_release_slots(d);
	}
	d->slots = NULL;
	if (d->objects) {
		efree(d->objects);
		d->objects = NULL;
	}
	if (d->deferred) {
		zend_hash_destroy(d->deferred);
		FREE_HASHTABLE(d->deferred);
		d->deferred = NULL;
	}
	if (d->graveyard) {
		zend_hash_destroy(d->graveyard);
		FREE_HASHTABLE(d->graveyard);
		d->graveyard = NULL;
	}
	d->slot_count = d->slot_capacity = d->object_count = d->object_capacity = 0;
	msgpack_records_decoder_destroy(d);
}

/* Runs __unserialize()/__wakeup() in the order the objects were completed. */
static bool run_deferred_calls(msgpack_decoder *d)
{
	zval *entry;

	if (d->deferred == NULL) {
		return true;
	}
	ZEND_HASH_FOREACH_VAL(d->deferred, entry) {
		zend_object *obj = Z_OBJ_P(zend_hash_index_find(Z_ARRVAL_P(entry), 0));
		zval *data = zend_hash_index_find(Z_ARRVAL_P(entry), 1);

		if (EG(exception)) {
			break;
		}
		if (data) {
			zend_call_known_instance_method_with_1_params(obj->ce->__unserialize, obj, NULL, data);
		} else {
			zend_call_method_with_0_params(obj, obj->ce, NULL, "__wakeup", NULL);
		}
	} ZEND_HASH_FOREACH_END();
	if (EG(exception)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	return true;
}

/*
 * A value whose back-references make it hold itself (an object whose property names it) is
 * still held by itself once the caller lets it go: only the cycle collector can free it then,
 * and the collector looks only at the containers it was told of, those whose count dropped
 * without reaching 0. zval_ptr_dtor() tells it; the engine drops a call's result that is only
 * passed on or compared (`f(msgpack_unpack($s))`) by zval_ptr_dtor_nogc(), which assumes that
 * a new value holds no cycle: the value stayed till the end of the request (a leak report on
 * a debug build). So it is named to the collector here. A value that only the caller holds
 * needs nothing: once it is freed, what it holds is released by zval_ptr_dtor().
 */
static void hand_over_cycle(zval *out)
{
	if (Z_COLLECTABLE_P(out) && Z_REFCOUNT_P(out) > 1) {
		gc_check_possible_root(Z_COUNTED_P(out));
	}
}

/* Decodes one value at d->pos into out and runs the deferred magic methods. */
static bool decode_one(msgpack_decoder *d, zval *out)
{
	bool ok;

	ZVAL_UNDEF(out);
	d->error = MSGPACK_DECODE_OK;
	/* a call made by user code that an outer call runs (an ext decoder, __wakeup()) starts below
	 * that call's frames: the stack may be full before the first level */
	ok = msgpack_stack_exhausted(d->stack_limit) ? msgpack_decode_stack_full(d)
		: UNEXPECTED(d->opts.path != NULL) ? msgpack_decode_path(d, out)
		: UNEXPECTED(d->opts.type != NULL) ? msgpack_decode_typed(d, out) : msgpack_decode_value(d, out);
	forget_shapes(d);
	msgpack_release_value_cache(d);
	if (ok && UNEXPECTED(d->opts.whole_input) && d->pos != d->end) {
		ok = msgpack_decode_fail(d, MSGPACK_DECODE_TRAILING);
	}
	ok = ok && run_deferred_calls(d);
	if (ok && Z_ISREF_P(out)) {
		/* a top-level reference (PECL's session data) is just its value */
		zval tmp;
		ZVAL_COPY(&tmp, Z_REFVAL_P(out));
		zval_ptr_dtor(out);
		ZVAL_COPY_VALUE(out, &tmp);
	}
	if (!ok) {
		/* nothing of a failed call may run a destructor */
		for (uint32_t i = 0; i < d->object_count; i++) {
			GC_ADD_FLAGS(d->objects[i], IS_OBJ_DESTRUCTOR_CALLED);
		}
		/* the decoder returns false on the way out of every level, leaving what it built in
		 * place; the partial value is released from the root. */
		zval_ptr_dtor(out);
		ZVAL_NULL(out);
	}
	/* slots, objects and the graveyard are per value */
	d->slot_count = 0;
	d->object_count = 0;
	if (d->graveyard) {
		zend_hash_clean(d->graveyard);
	}
	if (d->deferred) {
		zend_hash_clean(d->deferred);
	}
	if (ok) {
		hand_over_cycle(out);
	}
	return ok;
}

/* The start of the last item (format byte and payload, or a container's head) that starts
 * before at, walking the items from the start of the input. */
static size_t item_start_before(const msgpack_decoder *d, const unsigned char *at)
{
	const unsigned char *p = d->start, *last = d->start;

	while (p < at && p < d->end) {
		size_t head_len;
		uint64_t total, children;

		if (msgpack_scan_extent((const char *) p, (size_t) (d->end - p), &head_len, &total, &children)
				!= MSGPACK_SCAN_COMPLETE) {
			break;
		}
		last = p;
		p += children || total > (uint64_t) (d->end - p) ? head_len : (size_t) total;
	}
	return (size_t) (last - d->start);
}

/*
 * A decode that ran short or too deep is checked again by the scanner, which reads every item:
 * the decoder refuses a declared count the input cannot hold before reading the elements, so
 * it may stop before a byte that makes the input invalid however much more came (`95 c1`).
 * Returns the scanner's verdict, in *pos where it stopped, and in *why the records' reason when
 * it refused a record there (an unknown identifier, a field list that is no array; *pos is then
 * where the fault is), else NULL.
 */
static msgpack_scan_result rescan(const msgpack_decoder *d, size_t *pos, zend_string **why)
{
	msgpack_scanner s;
	size_t value_len;
	msgpack_scan_result r;
	msgpack_scan_records records;

	*why = NULL;
	msgpack_scanner_init(&s, d->opts.max_depth);
	if (d->opts.records) {
		/* the structures known when the value started (a stream's are not rescanned) */
		msgpack_scan_records_init(&records, d->opts.shared_records);
		s.records = &records;
	}
	r = msgpack_scanner_run(&s, (const char *) d->start, (size_t) (d->end - d->start), &value_len);
	*pos = s.pos;
	if (r == MSGPACK_SCAN_INVALID && d->opts.records && d->start[s.pos] != MP_NEVER) {
		size_t at = 0;

		*why = msgpack_records_scan_error(&records, d->start + s.pos, (size_t) (d->end - d->start) - s.pos, &at);
		*pos += at;
	}
	if (d->opts.records) {
		msgpack_scan_records_destroy(&records);
	}
	msgpack_scanner_destroy(&s);
	return r;
}

/* The error as the MsgPack\ API reports it, and its offset, into res (the records' reason the
 * scanner gives is kept in d->detail_str, free then: the decoder's own error is no INVALID). */
static void api_error(msgpack_decoder *d, msgpack_unpack_result *res)
{
	const unsigned char *at = d->error_at ? d->error_at : d->pos;
	size_t pos;
	zend_string *why;

	res->api_error = d->error;
	/* the stack fills at a depth that depends on the kinds of container on the way (a map takes
	 * more than a list): the container is the one the decoder was entering, found by its bytes */
	if (d->error == MSGPACK_DECODE_STACK) {
		res->error_offset = item_start_before(d, at);
		return;
	}
	/* the scanner stops at the item the input ends in, at 0xc1, at the container too deep, or at
	 * a record it refuses */
	if (d->error == MSGPACK_DECODE_INSUFFICIENT || d->error == MSGPACK_DECODE_DEPTH) {
		msgpack_scan_result r = rescan(d, &pos, &why);

		if (r != MSGPACK_SCAN_COMPLETE) {
			res->error_offset = pos;
			if (r == MSGPACK_SCAN_INVALID) {
				res->api_error = d->start[pos] == MP_NEVER ? MSGPACK_DECODE_PARSE_ERROR
					: why ? MSGPACK_DECODE_INVALID : MSGPACK_DECODE_DEPTH;
			}
			if (why) {
				if (d->detail_str) {
					zend_string_release(d->detail_str);
				}
				d->detail_str = why;
				res->api_detail = ZSTR_VAL(why);
			}
			return;
		}
	}
	if (d->error == MSGPACK_DECODE_INVALID && !d->error_item) {
		res->error_offset = item_start_before(d, at);
		return;
	}
	res->error_offset = (size_t) (at - d->start);
}

bool msgpack_decode(const char *data, size_t len, const msgpack_unpack_options *opts, zval *out,
	msgpack_unpack_result *res)
{
	msgpack_decoder d;
	bool ok;

	msgpack_codec_enter();
	decoder_init(&d, data, len, opts);
	ok = decode_one(&d, out);
	if (EXPECTED(ok)) {
		/* the rest is for failures: nothing reads it, msgpack_unpack_result_destroy() included */
		ZEND_ASSERT(d.error == MSGPACK_DECODE_OK);
		res->error = MSGPACK_DECODE_OK;
		res->consumed = (size_t) (d.pos - d.start);
	} else {
		memset(res, 0, sizeof(*res));
		res->error = d.error;
		res->consumed = (size_t) (d.pos - d.start);
		api_error(&d, res);
		res->stack_level = d.stack_depth;
		res->detail = d.detail;
		res->detail_str = d.detail_str; /* the result takes it */
		d.detail_str = NULL;
		res->path = d.path;
		d.path = NULL;
		res->typed_message = d.typed_message;
		res->class_name = d.error_class; /* the result takes them */
		d.error_class = NULL;
		res->property = d.error_property;
		d.error_property = NULL;
		res->slot_limit = d.error_slots;
	}
	decoder_destroy(&d);
	msgpack_codec_leave();
	if (len >= MSGPACK_VALUE_CACHE_KEEP_BELOW) {
		/* a large value leaves nothing held for the next call (the value cache went already):
		 * its keys cost the next such value a few misses to cache again */
		msgpack_key_cache_free();
	}
	return ok;
}

void msgpack_key_cache_free(void)
{
	zend_string **cache = MSGPACK_G(key_cache);

	if (cache) {
		for (uint32_t i = 0; i < MSGPACK_KEY_CACHE_SIZE; i++) {
			if (cache[i]) {
				zend_string_release(cache[i]);
			}
		}
		efree(cache);
		MSGPACK_G(key_cache) = NULL;
	}
	msgpack_value_cache_free();
}
