/*
 * What the parts of the decoder share: unpack.c reads MessagePack, unpack_object.c builds
 * PECL msgpack's PHP object model from the nil-keyed map entries (objects, references,
 * back-references, enums), unpack_records.c reads msgpackr's records. Not installed; nothing
 * outside the decoder includes it.
 */
#ifndef MSGPACK_UNPACK_INTERNAL_H
#define MSGPACK_UNPACK_INTERNAL_H

#include "php.h"
#include "php_msgpack.h"
#include "common/msgpack_format.h"
#include "decode/unpack.h"
#include "common/msgpack_stack.h"
#include "common/msgpack_copy.h"
#include "common/msgpack_records.h"

typedef struct _msgpack_value_cache msgpack_value_cache;

/* Typed decoding (unpack_typed.c): where the value being read is, as a chain of frames on the C
 * stack, the innermost last; the path of an error ("$.items[3].price") is made from it only
 * when one is found. */
typedef struct _msgpack_typed_frame {
	const struct _msgpack_typed_frame *parent;
	const unsigned char *key; /* the map key's bytes, or NULL for an index (or an int key) */
	uint32_t key_len;
	zend_long index;
} msgpack_typed_frame;
typedef struct _msgpack_kept_shapes msgpack_kept_shapes;

/* A container met while decoding, by pre-order id, for back-references. The zval is borrowed:
 * the value it points to is owned by the result being built (or by the graveyard). */
typedef struct _msgpack_slot {
	zval value;
	bool ready; /* plain arrays can be referred to once they are complete */
} msgpack_slot;

#define MSGPACK_SHAPE_SLOTS 64 /* at most 64: a bit each in shapes_used */
#define MSGPACK_INLINE_SLOTS 16

typedef struct _msgpack_decoder {
	const unsigned char *pos;
	const unsigned char *end;
	msgpack_unpack_options opts;
	uint32_t depth;
	msgpack_decode_status error;
	const char *stack_limit; /* msgpack_stack_limit() of the call */
	uint32_t stack_depth;    /* MSGPACK_DECODE_STACK: the level that found the stack full */
	const char *detail;      /* what was wrong, for MSGPACK_DECODE_INVALID */
	zend_string *detail_str; /* holds detail when it was made for the error (it names a
	                          * property): released with the decoder */
	const unsigned char *start;    /* the input's first byte, for error offsets */
	const unsigned char *error_at; /* where the error was found (see error_item) */
	bool error_item;         /* error_at is the start of the item at fault, not a point after it */
	const unsigned char *key_at; /* the last map key that is no str or bin (strict_keys) */
	/* typed decoding: the frame of the value being read (NULL: the root), and the path of the
	 * error once one is found; typed_message: detail is the whole message */
	const msgpack_typed_frame *typed_frame;
	zend_string *path;
	bool typed_message;
	/* what an error that PHP raises names (msgpack_decode_fail_named()): held until
	 * msgpack_decode() hands them to the result (such an error fails the call) */
	zend_string *error_class;
	zend_string *error_property;
	uint32_t error_slots;

	/* Slot id - 1 is msgpack_slot_at(d, id - 1): the first MSGPACK_SLOT_BLOCK are in slots (the
	 * decoder's inline_slots, then a table grown by doubling: a small value keeps a small table;
	 * the table is lent from value to value for the request, see msgpack_grow_slots()),
	 * the next ones in blocks of that size, never moved (slot_blocks[0] is slots once there is a
	 * second block). */
	msgpack_slot *slots;
	msgpack_slot **slot_blocks;
	uint32_t slot_count;
	uint32_t slot_capacity;
	uint32_t slot_block_count;
	uint32_t slot_block_capacity;

	/* Objects created by this call (borrowed): a failed call keeps their destructors from
	 * running. Values replaced by a duplicate key are kept in the graveyard till the end,
	 * since a back-reference may still name them. Calls to __unserialize()/__wakeup() wait in
	 * deferred until the whole value is built. */
	zend_object **objects;
	uint32_t object_count;
	uint32_t object_capacity;
	HashTable *graveyard;
	HashTable *deferred;

	/* how well the value cache (unpack_state.c) does: off when repeated values are too rare to
	 * pay for it */
	uint32_t value_misses;
	uint32_t value_hits;
	uint8_t value_cache_off; /* MSGPACK_VALUES_ON, _OFF, or _SOME_KEYS_OFF */
	uint64_t value_keys_off; /* the keys judged off, a bit each (a Bloom filter: msgpack_value_key_off()) */
	bool value_keys_urgent;  /* every miss sampled, verdicts sooner (see judge_value_cache()) */
	/* the key of the map entry (or the field of the record, or the property) whose value is
	 * being read, NULL under an int key or before any: the value cache judges its strings key
	 * by key, since one record holds both unique strings and repeated ones. Set for each value,
	 * not restored after a map (a string that follows a map in a list is judged with the map's
	 * last key: rare, and restoring it after every map cost more than it saves).
	 * Hashed by its bytes (msgpack_value_key_hash()): a key the decoder frees is taken out of it
	 * (msgpack_release_key()). */
	zend_string *value_key;
	msgpack_value_cache *value_cache; /* MSGPACK_G(value_cache), once the call has met a string */
	bool small_input;        /* no value cache, no shapes: see decoder_init() in unpack.c */

	/* the classes met, by name (see class_info in unpack_object.c) */
	struct _msgpack_class_cache *classes;

	/* elements containers may still be allocated for up front (see msgpack_presize()) */
	size_t presize_budget;

	/* records: the structures declared so far, made on the first one (a copy of the shared
	 * ones), or a stream's, borrowed (records_borrowed) so that they outlive the value */
	struct _msgpack_record_table *records;
	bool records_borrowed;
	/* Maps of this value that later maps with the same keys are copied from (see find_shape()
	 * in unpack.c), by their first key and size; each holds a reference, dropped when the
	 * value is complete. */
	uint64_t shapes_used;    /* bit i: shapes[i] is set (the last members: see decoder_init() in unpack.c) */
	HashTable *shapes[MSGPACK_SHAPE_SLOTS];
	/* the first slots, in the decoder itself: a small value needs no allocation for them */
	msgpack_slot inline_slots[MSGPACK_INLINE_SLOTS];
} msgpack_decoder;

/* Past the first block the slots of a large value (a million rows: 24 MB) are blocks of 96 KB,
 * which the allocator takes from its 2 MB chunks and reuses from call to call. One table grown
 * by doubling became a block mapped for itself, copied at each doubling and faulted in afresh
 * at every call (11,000 of the 15,000 page faults of a 1M-row unpack). */
/* The largest heap slot table kept from call to call (24 bytes a slot: 24 KB). */
#define MSGPACK_KEPT_SLOTS_MAX 1024
#define MSGPACK_SLOT_BLOCK_SHIFT 12
#define MSGPACK_SLOT_BLOCK ((uint32_t) 1 << MSGPACK_SLOT_BLOCK_SHIFT)

static zend_always_inline msgpack_slot *msgpack_slot_at(const msgpack_decoder *d, uint32_t i)
{
	if (EXPECTED(i < MSGPACK_SLOT_BLOCK)) {
		return &d->slots[i];
	}
	return &d->slot_blocks[i >> MSGPACK_SLOT_BLOCK_SHIFT][i & (MSGPACK_SLOT_BLOCK - 1)];
}

/* Room for one more slot (unpack_state.c); false, the error set, past the ids a value can have. */
bool msgpack_grow_slots(msgpack_decoder *d);
/* Gives back a heap slot table at the end of a value (unpack_state.c). */
void msgpack_release_slots(msgpack_decoder *d);

/* Gives the next pre-order id to a container; returns its slot, or NULL with the error set when
 * the value has more containers than ids. Inlined, the callers' test for NULL costs nothing on
 * the common path: the slot is written to here, so the compiler knows it is not NULL there. */
static zend_always_inline msgpack_slot *msgpack_new_slot(msgpack_decoder *d)
{
	if (UNEXPECTED(d->slot_count == d->slot_capacity) && UNEXPECTED(!msgpack_grow_slots(d))) {
		return NULL;
	}
	msgpack_slot *slot = msgpack_slot_at(d, d->slot_count++);
	ZVAL_UNDEF(&slot->value);
	slot->ready = false;
	return slot;
}

/* Whether a one-byte structure is declared (or shared) for the identifier id. Any other byte
 * 0x40-0x7f is the first of a two-byte identifier when a two-byte structure is in its slot
 * (msgpack_record_other() in unpack_records.c), an unknown record while structures are shared,
 * and else the int, as msgpackr reads it: data of writers that know no records (a fixint 100)
 * reads the same with RECORDS on, and the scanner frames it alike (scan_record_item() in
 * msgpack_scan.c). */
static zend_always_inline bool msgpack_record_declared(const msgpack_decoder *d, unsigned char id)
{
	unsigned i = id - MSGPACK_RECORD_FIRST_ID;

	/* the decoder's table, once made, is a copy of the shared one with what the input declared
	 * (and, in a stream, without what a refused value declared: a shared identifier it
	 * redeclared is forgotten too, for the scanner as well) */
	if (d->records) {
		return d->records->by_id[i] != NULL;
	}
	return d->opts.shared_records && d->opts.shared_records->by_id[i];
}

/* Whether the byte id (0x40-0x7f, records on) names a structure the reader knows: a one-byte
 * one, or the first byte of a two-byte identifier whose slot holds a two-byte one. */
static zend_always_inline bool msgpack_record_known(const msgpack_decoder *d, unsigned char id)
{
	if (msgpack_record_declared(d, id)) {
		return true;
	}
	/* the decoder's table once it has one, else the shared one */
	const msgpack_record_table *t = d->records ? d->records : d->opts.shared_records;
	return id >= MSGPACK_RECORD_TWO_BYTE_FIRST && msgpack_record_table_two(t, id, 0) != NULL;
}

/* Whether the byte id (0x40-0x7f, records on) is no int: a record the reader knows, or, while
 * structures are shared, an identifier the reader lacks (an error where it is read:
 * msgpack_record_head()). */
static zend_always_inline bool msgpack_record_byte(const msgpack_decoder *d, unsigned char id)
{
	return d->opts.shared_records != NULL || msgpack_record_known(d, id);
}

/* The cache of map keys (msgpack_cached_key() below): entries, and the longest key cached. */
#define MSGPACK_KEY_CACHE_SIZE 512
#define MSGPACK_KEY_CACHE_MAX_LEN 64
/* The cache of short string values (unpack_state.c): entries, the lengths cached. */
#define MSGPACK_VALUE_CACHE_SIZE 2048
#define MSGPACK_VALUE_CACHE_MAX_LEN 1024

#define MSGPACK_REMAINING(d) ((size_t) ((d)->end - (d)->pos))

/* The functions declared here are called from the decoder's hot paths across its files: the
 * shared library is built with -fvisibility=hidden (config.m4), so these calls are direct, never
 * through the PLT. */

/*
 * The error recorders: each records the first error (d->error) and where it was found, and
 * returns false. Inline, so that every file of the decoder sees that they return false and
 * call nothing: in msgpack_decode_value() a call that returns would make every value pay for
 * saving registers (see decode_str_value() in unpack.c).
 */
static inline bool msgpack_decode_fail(msgpack_decoder *d, msgpack_decode_status status)
{
	if (d->error == MSGPACK_DECODE_OK) {
		d->error = status;
		d->error_at = d->pos;
		d->error_item = false;
	}
	return false;
}

/* Well-formed but invalid; found at d->pos, after (or inside) the item at fault. */
static inline bool msgpack_decode_invalid(msgpack_decoder *d, const char *detail)
{
	if (d->error == MSGPACK_DECODE_OK) {
		d->error = MSGPACK_DECODE_INVALID;
		d->detail = detail;
		d->error_at = d->pos;
		d->error_item = false;
	}
	return false;
}

/* The same, for the item that starts at item. */
static inline bool msgpack_decode_invalid_item(msgpack_decoder *d, const unsigned char *item, const char *detail)
{
	if (d->error == MSGPACK_DECODE_OK) {
		msgpack_decode_invalid(d, detail);
		d->error_at = item;
		d->error_item = true;
	}
	return false;
}

/* The error of a container met where the C stack is nearly full, called as it is entered (its
 * header read): reported at its start (api_error() in unpack.c). */
static inline bool msgpack_decode_stack_full(msgpack_decoder *d)
{
	if (d->error == MSGPACK_DECODE_OK) {
		d->stack_depth = d->depth ? d->depth : 1; /* 0: the value itself, before its first level */
	}
	return msgpack_decode_fail(d, MSGPACK_DECODE_STACK);
}

/* msgpack_decode_invalid_item() (msgpack_decode_invalid() if item is NULL) with a detail made
 * for the error, which the decoder takes. */
bool msgpack_decode_invalid_item_str(msgpack_decoder *d, const unsigned char *item, zend_string *detail);

/* An error that PHP's unserialize() raises as an Error or an Exception
 * (MSGPACK_DECODE_NOT_SERIALIZABLE and those after it): the API raises it from the status and the
 * names, which the decoder takes (NULL for none). Out of line: never on a path that matters. */
bool msgpack_decode_fail_named(msgpack_decoder *d, msgpack_decode_status status, zend_string *class_name,
	zend_string *property);

/* Tells the API of what the decoder met without stopping (an illegal key, ...), as it is met:
 * the API warns of it then, so that the order of warnings and of the output of user code stays
 * what it was when the decoder warned itself. */
static zend_always_inline void msgpack_notify(const msgpack_decoder *d, msgpack_decode_notice notice, const char *name)
{
	if (d->opts.on_notice) {
		d->opts.on_notice(&d->opts, notice, name);
	}
}

/* 2 to 32 bytes in two overlapping moves of one size class: no call, and no jump on the length
 * but these (short strings of random lengths unpacked much slower when the size classes of
 * memcpy() were mispredicted; how often depends on the code around it) */
static zend_always_inline void msgpack_copy_short(char *dst, const unsigned char *src, uint32_t len)
{
	if (len >= 16) {
		uint64_t a[2], b[2];
		memcpy(a, src, 16);
		memcpy(b, src + len - 16, 16);
		memcpy(dst, a, 16);
		memcpy(dst + len - 16, b, 16);
	} else if (len >= 8) {
		uint64_t a, b;
		memcpy(&a, src, 8);
		memcpy(&b, src + len - 8, 8);
		memcpy(dst, &a, 8);
		memcpy(dst + len - 8, &b, 8);
	} else if (len >= 4) {
		uint32_t a, b;
		memcpy(&a, src, 4);
		memcpy(&b, src + len - 4, 4);
		memcpy(dst, &a, 4);
		memcpy(dst + len - 4, &b, 4);
	} else {
		dst[0] = (char) src[0];
		dst[1] = (char) src[1];
		dst[len - 1] = (char) src[len - 1];
	}
}

/* A new string of the len bytes at p (2 or more). */
static zend_always_inline zend_string *msgpack_string_from(const unsigned char *p, uint32_t len)
{
	zend_string *str = zend_string_alloc(len, 0);

	if (len <= 32) {
		msgpack_copy_short(ZSTR_VAL(str), p, len);
	} else {
		msgpack_copy_long(ZSTR_VAL(str), p, len);
	}
	ZSTR_VAL(str)[len] = '\0';
	return str;
}

/* ---- ints beyond zend_long ----------------------------------------------------------------- */

/* Whether v, an int read from format c (for a uint64, its bits), is a zend_long. Beyond it: a
 * uint64 past PHP_INT_MAX, and on 32-bit PHP a uint32 past it and an int64 beyond 32 bits. */
static zend_always_inline bool msgpack_int_fits_long(unsigned char c, int64_t v)
{
#if SIZEOF_ZEND_LONG == 8
	return !((c == MP_UINT64) & (v < 0));
#else
	return !((c == MP_UINT64) & (v < 0)) & (v >= ZEND_LONG_MIN) & (v <= ZEND_LONG_MAX);
#endif
}

/* The decimal string of a 64-bit int (of v's bits as a uint64 when is_unsigned): zend_long_to_str()
 * takes a zend_long, 32 bits on 32-bit PHP. */
static inline zend_string *msgpack_int64_to_str(uint64_t v, bool is_unsigned)
{
#if SIZEOF_ZEND_LONG == 8
	return is_unsigned ? zend_ulong_to_str((zend_ulong) v) : zend_long_to_str((zend_long) v);
#else
	char buf[21], *p = buf + sizeof(buf);
	bool negative = !is_unsigned && (int64_t) v < 0;
	uint64_t u = negative ? 0 - v : v;

	do {
		*--p = (char) ('0' + u % 10);
		u /= 10;
	} while (u);
	if (negative) {
		*--p = '-';
	}
	return zend_string_init(p, (size_t) (buf + sizeof(buf) - p), 0);
#endif
}

/* Reads the n-byte big-endian length or count that follows a format byte. */
static zend_always_inline bool msgpack_read_size(msgpack_decoder *d, unsigned n, uint32_t *size)
{
	if (UNEXPECTED(MSGPACK_REMAINING(d) < n)) {
		*size = 0; /* never read: set so that no compiler thinks it may be */
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	*size = n == 1 ? d->pos[0] : n == 2 ? mp_load16(d->pos) : mp_load32(d->pos);
	d->pos += n;
	return true;
}

/* msgpack_bury() of a refcounted value. */
void msgpack_bury_refcounted(msgpack_decoder *d, zval *v);
/* Keeps a value alive until the end of the call (see graveyard in msgpack_decoder). */
static zend_always_inline void msgpack_bury(msgpack_decoder *d, zval *v)
{
	if (Z_REFCOUNTED_P(v)) {
		msgpack_bury_refcounted(d, v);
	}
}

/* The objects array grown for one more (unpack_state.c). */
void msgpack_grow_objects(msgpack_decoder *d);

/* An object created by this call: a failed call keeps its destructor from running. */
static zend_always_inline void msgpack_remember_object(msgpack_decoder *d, zend_object *obj)
{
	if (UNEXPECTED(d->object_count == d->object_capacity)) {
		msgpack_grow_objects(d);
	}
	d->objects[d->object_count++] = obj;
}

/* Decodes the value at d->pos into out: the switch on the format byte, in unpack.c (global, not
 * static: the compiler lays out the hot loops that call it better). Every file of the decoder
 * recurses into values through it: they are one layer, which may call each other
 * (tests/compat/layers.php checks them as one group). */
bool msgpack_decode_value(msgpack_decoder *d, zval *out);

/* Decodes the next value into v. On failure what was built of it is buried, not freed: the
 * objects in it must not run destructors (see msgpack_decode). */
static zend_always_inline bool msgpack_decode_child(msgpack_decoder *d, zval *v)
{
	ZVAL_UNDEF(v);
	if (EXPECTED(msgpack_decode_value(d, v))) {
		return true;
	}
	msgpack_bury(d, v);
	return false;
}

/* The int at d->pos (any int format, its format byte first), as 64 bits (a uint64 past INT64_MAX:
 * its bits); msgpack_int_fits_long() of the format byte and *v tells whether it is a zend_long.
 * False on input that ends inside it. */
static zend_always_inline bool msgpack_read_int(msgpack_decoder *d, int64_t *v)
{
	const unsigned char *p = d->pos;
	unsigned char c = *p;

	if (c <= MP_POSITIVE_FIXINT_MAX) {
		*v = c;
		d->pos++;
		return true;
	}
	if (c >= MP_NEGATIVE_FIXINT) {
		*v = (int8_t) c;
		d->pos++;
		return true;
	}
	unsigned size = 1u << (c & 3);
	if (UNEXPECTED(MSGPACK_REMAINING(d) < (size_t) size + 1)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	uint64_t raw = size == 1 ? p[1] : size == 2 ? mp_load16(p + 1) : size == 4 ? mp_load32(p + 1) : mp_load64(p + 1);
	d->pos += 1 + size;
	if (c >= MP_INT8) {
		unsigned shift = 64 - 8 * size;
		*v = (int64_t) (raw << shift) >> shift;
		return true;
	}
	*v = (int64_t) raw;
	return true;
}

/* Enters a container: the policy limit, then the C stack (msgpack_stack.h). */
static zend_always_inline bool msgpack_enter(msgpack_decoder *d)
{
	if (UNEXPECTED(++d->depth > d->opts.max_depth)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_DEPTH);
	}
	if (msgpack_stack_exhausted(d->stack_limit)) {
		return msgpack_decode_stack_full(d);
	}
	return true;
}

/* Releases a map key the decoder read (after its entry is stored, or on failure): a key freed
 * here (a long key given twice, or numeric: the table keeps another string or none) must not stay
 * d->value_key, whose hash the value cache reads (msgpack_value_key_hash()). */
static zend_always_inline void msgpack_release_key(msgpack_decoder *d, zend_string *key)
{
	if (!ZSTR_IS_INTERNED(key) && GC_DELREF(key) == 0) {
		if (d->value_key == key) {
			d->value_key = NULL;
		}
		zend_string_free(key);
	}
}

/* Stores one map entry in ht. A value replaced by a duplicate key goes to the graveyard. */
static zend_always_inline void msgpack_store_entry(msgpack_decoder *d, HashTable *ht, zend_string *skey, zend_ulong ikey,
	zval *val)
{
	zval *old;

	if (skey) {
		zend_ulong idx;
		if (ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(skey), ZSTR_LEN(skey), idx)) {
			ikey = idx;
			skey = NULL;
		}
	}
	if (skey) {
		old = zend_hash_lookup(ht, skey);
	} else {
		old = zend_hash_index_lookup(ht, ikey);
	}
	if (UNEXPECTED(Z_TYPE_P(old) != IS_NULL)) {
		msgpack_bury(d, old);
	}
	ZVAL_COPY_VALUE(old, val);
}

/* Buries what a declared property's slot holds, before a duplicate key replaces it: a PHP
 * reference written with info (msgpack_write_slot()) has the property as a type source, which
 * must go first (a reference destroyed with a source left asserts on a debug build, and a
 * reference kept alive elsewhere would stay bound to the property's type). */
static zend_always_inline void msgpack_bury_slot(msgpack_decoder *d, zend_property_info *info, zval *target)
{
	if (UNEXPECTED(Z_ISREF_P(target)) && info) {
		ZEND_REF_DEL_TYPE_SOURCE(Z_REF_P(target), info);
	}
	msgpack_bury(d, target);
}

/* Writes val into a declared property's slot (the value it replaces kept till the end); with
 * info, typed properties are checked as unserialize() checks them. The PHP object model writes
 * what the input says through it; typed decoding (unpack_typed.c) values made for the type. */
static zend_always_inline bool msgpack_write_slot(msgpack_decoder *d, zend_property_info *info, zval *target, zval *val)
{
	if (info) {
		zval *plain = Z_ISREF_P(val) ? Z_REFVAL_P(val) : val;
		if (!zend_verify_prop_assignable_by_ref(info, plain, /* strict */ true)) {
			msgpack_bury(d, val);
			return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		}
		if (Z_ISREF_P(val)) {
			ZEND_REF_ADD_TYPE_SOURCE(Z_REF_P(val), info);
		}
	}
	if (Z_TYPE_P(target) != IS_UNDEF) {
		msgpack_bury_slot(d, info, target);
	}
	ZVAL_COPY_VALUE(target, val);
	return true;
}

/* What msgpack_decode_key() read. The two that end the plain entries of a map come first, so that
 * one comparison tells them from the others. */
typedef enum _msgpack_map_key_kind {
	MSGPACK_MAP_KEY_FAILED = 0,
	MSGPACK_MAP_KEY_PHP,   /* a nil key while php_only is on, not consumed: see msgpack_decode_php_entries() */
	MSGPACK_MAP_KEY_STR,   /* in *skey */
	MSGPACK_MAP_KEY_INT,   /* in *ikey */
	MSGPACK_MAP_KEY_OTHER, /* another type, in *other */
} msgpack_map_key_kind;

/*
 * Keys repeat from map to map (a list of records) and from call to call (cache entries of one
 * shape): a small cache, kept for the request (MSGPACK_G(key_cache)), hands out the same
 * zend_string, hash included, instead of allocating and hashing each copy. It is 2-way set
 * associative: with one way, two keys of the same record landing in one slot (a few pairs of
 * the ~100 keys of a typical document do) would evict each other on every record.
 */
/* memcmp() == 0 for the short lengths of keys (2 or more), without a call or a byte loop:
 * 8 bytes at a time, the last word overlapping the one before it. */
static zend_always_inline bool msgpack_same_bytes(const char *a, const unsigned char *b, uint32_t len)
{
	uint64_t x, y;
	uint32_t x4, y4;
	uint16_t x2, y2;

	if (len >= 8) {
		while (len > 8) {
			memcpy(&x, a, 8);
			memcpy(&y, b, 8);
			if (x != y) {
				return false;
			}
			a += 8;
			b += 8;
			len -= 8;
		}
		memcpy(&x, a + len - 8, 8);
		memcpy(&y, b + len - 8, 8);
		return x == y;
	}
	if (len >= 4) {
		memcpy(&x4, a, 4);
		memcpy(&y4, b, 4);
		if (x4 != y4) {
			return false;
		}
		memcpy(&x4, a + len - 4, 4);
		memcpy(&y4, b + len - 4, 4);
		return x4 == y4;
	}
	memcpy(&x2, a, 2);
	memcpy(&y2, b, 2);
	if (x2 != y2) {
		return false;
	}
	memcpy(&x2, a + len - 2, 2);
	memcpy(&y2, b + len - 2, 2);
	return x2 == y2;
}

/* A key not in its set, allocated and put in the cache (unpack_state.c). */
zend_string *msgpack_cache_new_key(zend_string **set, const unsigned char *p, uint32_t len);

/* The slot hash of the key and value caches; len >= 2. Values of one kind often share their first
 * and last 8 bytes (dates "Sun Aug 31 00:16:06 +0000 2014", "/images/UE0AAAAACEKo6QAAAAZDSVRN",
 * "https://pbs.twimg.com/profile_images/..._normal.jpeg"): a hash of those alone put a whole
 * kind in one set, where they evicted each other. Past 16 bytes it takes three more words, at a
 * quarter, the middle and three quarters (all the bytes up to 32), not every word: a long text
 * met once would pay for hashing all of it. Each word has its own odd multiplier, so that a change
 * in any one of them changes the sum. Its high 32 bits pick the set. The words are read
 * little-endian on every platform (mp_load_le64()). */
static zend_always_inline uint64_t msgpack_short_bytes_hash(const unsigned char *p, uint32_t len)
{
	uint64_t head, tail;

	if (len >= 8) {
		head = mp_load_le64(p);
		tail = mp_load_le64(p + len - 8);
		if (len > 16) {
			head += mp_load_le64(p + (len >> 2)) * UINT64_C(0xc2b2ae3d27d4eb4f)
				+ mp_load_le64(p + (len >> 1) - 4) * UINT64_C(0x165667b19e3779f9)
				+ mp_load_le64(p + len - (len >> 2) - 8) * UINT64_C(0x27d4eb2f165667c5);
		}
	} else if (len >= 4) {
		head = mp_load_le32(p);
		tail = mp_load_le32(p + len - 4);
	} else {
		head = (uint64_t) p[0] | (uint64_t) p[1] << 8 | (uint64_t) p[len - 1] << 16;
		tail = 0;
	}
	return (head ^ (tail * UINT64_C(0x9e3779b97f4a7c15)) ^ len) * UINT64_C(0xff51afd7ed558ccd);
}

/* ---- the value cache (unpack_state.c) ------------------------------------------------------ */

/* d->value_cache_off */
#define MSGPACK_VALUES_ON 0
#define MSGPACK_VALUES_OFF 1
#define MSGPACK_VALUES_SOME_KEYS_OFF 2 /* on, but for the keys of d->value_keys_off */

#define MSGPACK_VALUE_KEY_STATS 128
#define MSGPACK_VALUE_KEY_SAMPLES 8

/* What the value cache met under one map key in this call (unpack_state.c). */
typedef struct _msgpack_value_key_stats {
	const zend_string *key; /* compared, never read: it may be gone (see d->value_key) */
	uint32_t generation; /* the call's (the cache's generation): older stats are another call's */
	uint8_t misses;      /* sampled */
	uint8_t samples;
	bool verdict;        /* to come: no sample of the key was met again yet */
	uint16_t sample_set[MSGPACK_VALUE_KEY_SAMPLES]; /* where each sample was put */
	zend_string *sample[MSGPACK_VALUE_KEY_SAMPLES]; /* compared, not read, unless still in the cache */
} msgpack_value_key_stats;

/* In the header for the first way's lookup inline in the loops of maps and records. */
struct _msgpack_value_cache {
	zend_string *str[MSGPACK_VALUE_CACHE_SIZE]; /* 2-way sets, the most recently used first */
	uint16_t used[MSGPACK_VALUE_CACHE_SIZE / 2]; /* the sets in use, to be emptied */
	uint32_t used_count;
	uint32_t generation; /* one per call: msgpack_release_value_cache() moves it on */
	msgpack_value_key_stats keys[MSGPACK_VALUE_KEY_STATS];
};

/* The string of a value read by msgpack_decode_value() (its key d->value_key), NULL when it is
 * to be copied (its key is off). */
zend_string *msgpack_cached_str_value(msgpack_decoder *d, uint32_t len);
/* The second way of the set of hash h, then a new string put in the cache. */
zend_string *msgpack_cache_second_way(msgpack_decoder *d, uint64_t h, uint32_t len, zend_string *const *key);
/* The call's cache, made on its first string (or the one kept from an earlier call). */
msgpack_value_cache *msgpack_value_cache_of(msgpack_decoder *d);
/* Drops the entries of the call's value cache once the value is read, and keeps the cache for the
 * next call unless the value was large (MSGPACK_VALUE_CACHE_KEEP_BELOW). */
void msgpack_release_value_cache(msgpack_decoder *d);
/* Frees the cache kept between calls (at the end of the request). */
void msgpack_value_cache_free(void);
/* A value of this many bytes or more frees the cache after it (about 30 KB, made again by the next
 * such value for a small part of its decode), and the key cache; smaller ones keep them for the
 * next call. */
#define MSGPACK_VALUE_CACHE_KEEP_BELOW (256 * 1024)

/* Longer values are compared by memcmp(), which compares 32 bytes a step where msgpack_same_bytes()
 * takes 8. */
static zend_always_inline bool msgpack_value_bytes_equal(const char *a, const unsigned char *b, uint32_t len)
{
	return len <= 32 ? msgpack_same_bytes(a, b, len) : memcmp(a, b, len) == 0;
}

/* A key's place in the value cache's tables of keys: by the hash of its bytes, so that which keys
 * share a place is the same from run to run (an address moves with ASLR and with all that is
 * allocated before: test 089 failed about 3 runs in 100 by its address). The key is alive:
 * msgpack_release_key() takes a key it frees out of d->value_key. */
static zend_always_inline uint64_t msgpack_value_key_hash(const zend_string *key)
{
	return zend_string_hash_val((zend_string *) key) * UINT64_C(0x9e3779b97f4a7c15);
}

/* The bit of a key in d->value_keys_off. */

static zend_always_inline uint64_t msgpack_value_key_bit(const zend_string *key)
{
	return UINT64_C(1) << (msgpack_value_key_hash(key) >> (64 - 6));
}

/* Whether the strings under key are judged off; those under no key (a list's items at the top,
 * say) go by the call's rule. */
static zend_always_inline bool msgpack_value_key_off(msgpack_decoder *d, const zend_string *key)
{
	return key != NULL && (d->value_keys_off & msgpack_value_key_bit(key)) != 0;
}

/* The first way of the set of h when it holds the len bytes at d->pos: a hit, its reference
 * taken; NULL otherwise. */
static zend_always_inline zend_string *msgpack_value_first_way(msgpack_decoder *d, msgpack_value_cache *cache,
	uint64_t h, uint32_t len)
{
	zend_string *s = cache->str[((uint32_t) (h >> 32) & (MSGPACK_VALUE_CACHE_SIZE / 2 - 1)) * 2];

	if (s && ZSTR_LEN(s) == len && msgpack_value_bytes_equal(ZSTR_VAL(s), d->pos, len)) {
		d->value_hits++;
		GC_ADDREF(s); /* the cache's strings are made by msgpack_string_from(): none is interned */
		return s;
	}
	return NULL;
}

/* The len bytes at d->pos (2 or more) from the first way of their set, else from the rest
 * (msgpack_cache_second_way(), a call: the whole lookup inline made the other values of the
 * loops pay for the registers it takes). */
static zend_always_inline zend_string *msgpack_cached_value_first_way(msgpack_decoder *d, uint32_t len,
	zend_string *const *key)
{
	msgpack_value_cache *cache = d->value_cache;
	uint64_t h;
	zend_string *s;

	if (UNEXPECTED(cache == NULL)) {
		cache = msgpack_value_cache_of(d);
	}
	h = msgpack_short_bytes_hash(d->pos, len);
	if ((s = msgpack_value_first_way(d, cache, h, len)) != NULL) {
		return s;
	}
	return msgpack_cache_second_way(d, h, len, key);
}

/*
 * A string value of len bytes at d->pos (its header read). key: the map key (record field,
 * property) it is under, for the value cache, read only there. in_call: the lookup is a call
 * (msgpack_cached_str_value(), for msgpack_decode_value() and the typed decoder, key d->value_key);
 * otherwise (the loops of maps and records) the first way of the set is looked up inline: a hit
 * there costs no call (most hits of twitter.json, whose statuses and users are maps of known
 * shapes). The cache is tested first: a value whose cache is off pays one test per string.
 */
static zend_always_inline bool msgpack_decode_str_in(msgpack_decoder *d, zval *out, uint32_t len,
	zend_string *const *key, bool in_call)
{
	zend_string *s;

	if (UNEXPECTED(MSGPACK_REMAINING(d) < len)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (len <= 1) {
		if (len == 0) {
			ZVAL_EMPTY_STRING(out);
		} else {
			ZVAL_CHAR(out, d->pos[0]);
		}
	} else if (in_call) {
		if (d->value_cache_off != MSGPACK_VALUES_OFF && len <= MSGPACK_VALUE_CACHE_MAX_LEN
				&& (s = msgpack_cached_str_value(d, len)) != NULL) {
			ZVAL_NEW_STR(out, s); /* not interned */
		} else {
			ZVAL_NEW_STR(out, msgpack_string_from(d->pos, len));
		}
	} else if (d->value_cache_off != MSGPACK_VALUES_OFF && len <= MSGPACK_VALUE_CACHE_MAX_LEN
			&& (d->value_cache_off == MSGPACK_VALUES_ON || !msgpack_value_key_off(d, *key))) {
		ZVAL_NEW_STR(out, msgpack_cached_value_first_way(d, len, key)); /* not interned */
	} else {
		ZVAL_NEW_STR(out, msgpack_string_from(d->pos, len));
	}
	d->pos += len;
	return true;
}

/* A string value read by msgpack_decode_value() or the typed decoder: its key is d->value_key. */
static zend_always_inline bool msgpack_decode_str(msgpack_decoder *d, zval *out, uint32_t len)
{
	return msgpack_decode_str_in(d, out, len, &d->value_key, true);
}

/*
 * Narrow readers: the values whose type the format says (a class name, a Serializable payload, a
 * back-reference id, a record's field name) are read as that type, without the switch of
 * msgpack_decode_value(). A value of another type, which no writer makes there, is decoded as
 * any other (msgpack_decode_child()) for the caller to refuse: what it builds, the user code it
 * runs and the error found in it are the general decoder's, so that such input fails as it always
 * did.
 */

/* The str or bin at d->pos into out (a string, as msgpack_decode_value() makes it), or any other
 * value as msgpack_decode_child() reads it. */
static zend_always_inline bool msgpack_decode_expected_str(msgpack_decoder *d, zval *out)
{
	uint32_t len;
	int head;

	if (EXPECTED(d->pos < d->end)
			&& EXPECTED((head = mp_str_header(*d->pos, d->pos + 1, MSGPACK_REMAINING(d) - 1, &len)) >= 0)) {
		ZVAL_UNDEF(out);
		d->pos += 1 + head;
		return msgpack_decode_str(d, out, len);
	}
	return msgpack_decode_child(d, out);
}

/* The int at d->pos when it is all there and a zend_long (and no record: 0x40-0x7f with records
 * on): consumed, in *out; false with nothing read otherwise. */
static zend_always_inline bool msgpack_take_int(msgpack_decoder *d, zend_long *out)
{
	const unsigned char *p = d->pos;
	unsigned char c;
	int64_t v;

	if (UNEXPECTED(p >= d->end)) {
		return false;
	}
	c = *p;
	if (c <= MP_POSITIVE_FIXINT_MAX) {
		if (c >= MSGPACK_RECORD_FIRST_ID && d->opts.records) {
			return false;
		}
	} else if (c < MP_NEGATIVE_FIXINT
			&& ((unsigned) (c - MP_UINT8) > MP_INT64 - MP_UINT8 || MSGPACK_REMAINING(d) < 1 + (1u << (c & 3)))) {
		return false;
	}
	msgpack_read_int(d, &v); /* all there */
	if (UNEXPECTED(!msgpack_int_fits_long(c, v))) {
		d->pos = p;
		return false;
	}
	*out = (zend_long) v;
	return true;
}

/* The int at d->pos into out, or any other value (an int beyond zend_long too) as
 * msgpack_decode_child() reads it. */
static zend_always_inline bool msgpack_decode_expected_int(msgpack_decoder *d, zval *out)
{
	zend_long v;

	if (EXPECTED(msgpack_take_int(d, &v))) {
		ZVAL_LONG(out, v);
		return true;
	}
	return msgpack_decode_child(d, out);
}

static zend_always_inline zend_string *msgpack_cached_key(const unsigned char *p, uint32_t len)
{
	zend_string **set, *s;
	uint64_t h = msgpack_short_bytes_hash(p, len);

	if (UNEXPECTED(MSGPACK_G(key_cache) == NULL)) {
		MSGPACK_G(key_cache) = ecalloc(MSGPACK_KEY_CACHE_SIZE, sizeof(zend_string *));
	}
	/* a set is two adjacent entries, the most recently used first */
	set = &MSGPACK_G(key_cache)[((h >> 32) & (MSGPACK_KEY_CACHE_SIZE / 2 - 1)) * 2];
	s = set[0];
	if (s && ZSTR_LEN(s) == len && msgpack_same_bytes(ZSTR_VAL(s), p, len)) {
		return zend_string_copy(s);
	}
	s = set[1];
	if (s && ZSTR_LEN(s) == len && msgpack_same_bytes(ZSTR_VAL(s), p, len)) {
		set[1] = set[0];
		set[0] = s;
		return zend_string_copy(s);
	}
	return msgpack_cache_new_key(set, p, len);
}

/* The bytes of the str or bin 8 key at d->pos: its length in *len, NULL for another form or
 * input that ends inside it. */
static zend_always_inline const unsigned char *msgpack_shape_key_bytes(const msgpack_decoder *d, uint32_t *len)
{
	return mp_short_str(d->pos, d->end, true, len);
}

static zend_always_inline bool msgpack_key_is(const zend_string *key, const unsigned char *p, uint32_t len)
{
	if (ZSTR_LEN(key) != len) {
		return false;
	}
	if (len >= 2) {
		return msgpack_same_bytes(ZSTR_VAL(key), p, len);
	}
	return len == 0 || (unsigned char) ZSTR_VAL(key)[0] == p[0];
}

/* Reads the key of a map entry: ints and strings directly, anything else as a zval. */
static zend_always_inline msgpack_map_key_kind msgpack_decode_key(msgpack_decoder *d, zend_string **skey, zend_ulong *ikey,
	zval *other)
{
	unsigned char c;
	uint32_t len;
	int head;

	if (UNEXPECTED(d->pos >= d->end)) {
		msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		return MSGPACK_MAP_KEY_FAILED;
	}
	c = *d->pos;
	if (EXPECTED(mp_is_fixstr(c))) {
		/* on its own: the code after it is then laid out for a length below 32 */
		len = mp_fixstr_len(c);
		d->pos++;
	} else if ((head = mp_str_header(c, d->pos + 1, MSGPACK_REMAINING(d) - 1, &len)) >= 0) {
		d->pos += 1 + head;
	} else if (head == MP_STR_CUT) {
		d->pos++;
		msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		return MSGPACK_MAP_KEY_FAILED;
	} else {
		if (c == MP_NIL && d->opts.php_only) {
			return MSGPACK_MAP_KEY_PHP;
		}
		d->key_at = d->pos;
		if (!msgpack_decode_child(d, other)) {
			return MSGPACK_MAP_KEY_FAILED;
		}
		if (Z_TYPE_P(other) == IS_LONG) {
			*ikey = (zend_ulong) Z_LVAL_P(other);
			return MSGPACK_MAP_KEY_INT;
		}
		if (Z_TYPE_P(other) == IS_STRING) { /* uint64 beyond PHP_INT_MAX */
			*skey = Z_STR_P(other);
			return MSGPACK_MAP_KEY_STR;
		}
		return MSGPACK_MAP_KEY_OTHER;
	}
	if (UNEXPECTED(MSGPACK_REMAINING(d) < len)) {
		msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		return MSGPACK_MAP_KEY_FAILED;
	}
	if (len <= 1) {
		*skey = len == 0 ? ZSTR_EMPTY_ALLOC() : ZSTR_CHAR(d->pos[0]);
	} else if (len <= MSGPACK_KEY_CACHE_MAX_LEN) {
		*skey = msgpack_cached_key(d->pos, len);
	} else {
		*skey = zend_string_init((const char *) d->pos, len, 0);
	}
	d->pos += len;
	return MSGPACK_MAP_KEY_STR;
}

/*
 * Whether the len bytes at b (2 to 15, and 16 readable) are those of the key whose bytes are at a:
 * in whole words, the bytes past len shifted out. The words of a are within the key's allocation:
 * a zend_string is allocated in a size rounded up to 8 (_ZSTR_STRUCT_SIZE() through
 * ZEND_MM_ALIGNED_SIZE(), in the engine's allocator, the persistent and the interned ones), so that
 * the 8 bytes from its first (a length up to 7) or the 16 (up to 15) are the string's; what lies
 * past its terminating NUL is shifted out before it is compared.
 */
static zend_always_inline bool msgpack_short_key_is(const char *a, const unsigned char *b, size_t len)
{
	uint64_t x, y, diff;

	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	diff = x ^ y;
	if (len > 8) {
		if (diff) {
			return false;
		}
		memcpy(&x, a + 8, 8);
		memcpy(&y, b + 8, 8);
		diff = x ^ y;
		len -= 8;
	}
#ifdef WORDS_BIGENDIAN
	return (diff >> (64 - 8 * len)) == 0;
#else
	return (diff << (64 - 8 * len)) == 0;
#endif
}

/* The key of the next property when it is key (fixstr, else any form msgpack_shape_key_bytes()
 * takes): consumed, true; false with nothing read otherwise. */
static zend_always_inline bool msgpack_take_key(msgpack_decoder *d, const zend_string *key)
{
	const unsigned char *p = d->pos;
	size_t len = ZSTR_LEN(key);
	uint32_t size;

	if (EXPECTED(len - 2 < 14 && (size_t) (d->end - p) > 16 && *p == (MP_FIXSTR | len))) {
		if (!msgpack_short_key_is(ZSTR_VAL(key), p + 1, len)) {
			return false;
		}
		d->pos = p + 1 + len;
		return true;
	}
	if (EXPECTED(len < 32 && (size_t) (d->end - p) > len && *p == (MP_FIXSTR | len))) {
		if (!msgpack_key_is(key, p + 1, (uint32_t) len)) {
			return false;
		}
		d->pos = p + 1 + len;
		return true;
	}
	if ((p = msgpack_shape_key_bytes(d, &size)) == NULL || !msgpack_key_is(key, p, size)) {
		return false;
	}
	d->pos = p + size;
	return true;
}

/*
 * The size to allocate a container declaring n elements with. Each check of n against the
 * remaining input holds per level only: nested containers each declaring what is left would
 * have every byte paid for again at every level (quadratic memory). All the containers of
 * well-formed input hold at most one element per byte together, so that many are allocated up
 * front; past it, containers start small and grow with what is actually read.
 */
static zend_always_inline uint32_t msgpack_presize(msgpack_decoder *d, uint32_t n)
{
	if (EXPECTED(n <= d->presize_budget)) {
		d->presize_budget -= n;
		return n;
	}
	return 0;
}

/* The value at d->pos when it is nil, a bool, an int of at most 32 bits or a float64 (as
 * msgpack_decode_value() reads them): the common values of properties and records, without the call
 * (in the loops of maps and objects: a float through the call cost 1,000 rows with a float
 * each 15,000 instructions). False (nothing read) otherwise. */
static zend_always_inline bool msgpack_decode_small_scalar(msgpack_decoder *d, zval *out)
{
	const unsigned char *p = d->pos;
	size_t left = (size_t) (d->end - p);

	if (UNEXPECTED(left == 0)) {
		return false;
	}
	if (*p < MSGPACK_RECORD_FIRST_ID) { /* not 0x40-0x7f: records may name a structure with them */
		ZVAL_LONG(out, *p);
		d->pos++;
		return true;
	}
	if (*p >= MP_NEGATIVE_FIXINT) {
		ZVAL_LONG(out, (int8_t) *p);
		d->pos++;
		return true;
	}
	if (*p < MP_NIL) { /* the fixed maps, arrays and strings, and 0x40-0x7f */
		return false;
	}
	switch (*p) {
		case MP_NIL:   ZVAL_NULL(out);  break;
		case MP_FALSE: ZVAL_FALSE(out); break;
		case MP_TRUE:  ZVAL_TRUE(out);  break;
		case MP_UINT8:
			if (left < 2) return false;
			ZVAL_LONG(out, p[1]);
			d->pos += 2;
			return true;
		case MP_UINT16:
			if (left < 3) return false;
			ZVAL_LONG(out, mp_load16(p + 1));
			d->pos += 3;
			return true;
		case MP_UINT32:
			if (left < 5) return false;
#if SIZEOF_ZEND_LONG == 4
			if (mp_load32(p + 1) > ZEND_LONG_MAX) return false; /* msgpack_decode_value()'s rule for it */
#endif
			ZVAL_LONG(out, (zend_long) mp_load32(p + 1));
			d->pos += 5;
			return true;
		case MP_FLOAT64:
			if (left < 9) return false;
			ZVAL_DOUBLE(out, mp_load_double(p + 1));
			d->pos += 9;
			return true;
		default:
			return false;
	}
	d->pos++;
	return true;
}

/* strict_keys: a key of another type than int or str, taken before its value is read (d->key_at is
 * this key's). True with *skey set (an int beyond zend_long, whatever the bigint options made of it),
 * false when refused. */
bool msgpack_refuse_key(msgpack_decoder *d, zend_string **skey, zval *key);
/* A key of another type than int or str (PECL: "illegal key type"), without strict_keys; false on
 * failure. */
bool msgpack_insert_illegal_key(msgpack_decoder *d, HashTable *ht, zval *key, zval *val);

/* Typed decoding: the value at d->pos read as d->opts.type into out (unpack_typed.c). The paths
 * in its errors start at d->typed_frame: NULL for the root, or the steps of a partial decode. */
bool msgpack_decode_typed(msgpack_decoder *d, zval *out);

/* Frees d->classes (unpack_object.c). */
void msgpack_class_cache_free(msgpack_decoder *d);

/* The last n entries of a map from its first nil key on (php_only); out holds the entries before
 * it (or is UNDEF if there were none). In unpack_object.c. */
bool msgpack_decode_php_entries(msgpack_decoder *d, zval *out, uint32_t n, uint32_t slot_index);

#endif
