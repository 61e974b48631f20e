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
#include "zend_enum.h"
#include "ext/standard/php_incomplete_class.h"
#include "ext/date/php_date.h"
#include "php_msgpack.h"
#include "msgpack_format.h"
#include "msgpack_ext.h"
#include "msgpack_records.h"
#include "unpack.h"
#include "msgpack_scan.h"

/* ---- bytes ---------------------------------------------------------------------------- */

#define REMAINING(d) ((size_t) ((d)->end - (d)->pos))

static bool fail(msgpack_decoder *d, msgpack_unpack_status status)
{
	if (d->error == MSGPACK_UNPACK_OK) {
		d->error = status;
		d->error_at = d->pos;
		d->error_item = false;
	}
	return false;
}

/* Well-formed but invalid; found at d->pos, after (or inside) the item at fault. */
static bool invalid(msgpack_decoder *d, const char *detail)
{
	if (d->error == MSGPACK_UNPACK_OK) {
		d->error = MSGPACK_UNPACK_INVALID;
		d->detail = detail;
		d->error_at = d->pos;
		d->error_item = false;
	}
	return false;
}

/* The same, for the item that starts at item. */
static bool invalid_item(msgpack_decoder *d, const unsigned char *item, const char *detail)
{
	if (d->error == MSGPACK_UNPACK_OK) {
		invalid(d, detail);
		d->error_at = item;
		d->error_item = true;
	}
	return false;
}

/* Reads the n-byte big-endian length or count that follows a format byte. */
static zend_always_inline bool read_size(msgpack_decoder *d, unsigned n, uint32_t *size)
{
	if (UNEXPECTED(REMAINING(d) < n)) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	*size = n == 1 ? d->pos[0] : n == 2 ? load16(d->pos) : load32(d->pos);
	d->pos += n;
	return true;
}

/* ---- bookkeeping for the PHP object model ------------------------------------------------ */

/* Gives the next pre-order id to a container; returns its slot. */
static msgpack_slot *new_slot(msgpack_decoder *d)
{
	if (d->slot_count == d->slot_capacity) {
		d->slot_capacity = d->slot_capacity ? d->slot_capacity * 2 : 16;
		d->slots = safe_erealloc(d->slots, d->slot_capacity, sizeof(msgpack_slot), 0);
	}
	msgpack_slot *slot = &d->slots[d->slot_count++];
	ZVAL_UNDEF(&slot->value);
	slot->ready = false;
	return slot;
}

static void remember_object(msgpack_decoder *d, zend_object *obj)
{
	if (d->object_count == d->object_capacity) {
		d->object_capacity = d->object_capacity ? d->object_capacity * 2 : 8;
		d->objects = safe_erealloc(d->objects, d->object_capacity, sizeof(zend_object *), 0);
	}
	d->objects[d->object_count++] = obj;
}

/* Keeps a value alive until the end of the call (see graveyard in unpack.h). */
static void bury(msgpack_decoder *d, zval *v)
{
	if (!Z_REFCOUNTED_P(v)) {
		zval_ptr_dtor_nogc(v);
		return;
	}
	if (d->graveyard == NULL) {
		ALLOC_HASHTABLE(d->graveyard);
		zend_hash_init(d->graveyard, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
	zend_hash_next_index_insert_new(d->graveyard, v);
}

static void defer_call(msgpack_decoder *d, zend_object *obj, zval *unserialize_data)
{
	zval entry;

	if (d->deferred == NULL) {
		ALLOC_HASHTABLE(d->deferred);
		zend_hash_init(d->deferred, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
	/* [object, data] for __unserialize(), [object] for __wakeup() */
	array_init_size(&entry, 2);
	GC_ADDREF(obj);
	add_next_index_object(&entry, obj);
	if (unserialize_data) {
		add_next_index_zval(&entry, unserialize_data);
	}
	zend_hash_next_index_insert_new(d->deferred, &entry);
}

/* ---- scalars ------------------------------------------------------------------------------ */

static zend_always_inline bool decode_str(msgpack_decoder *d, zval *out, uint32_t len)
{
	if (UNEXPECTED(REMAINING(d) < len)) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	if (len <= 1) {
		if (len == 0) {
			ZVAL_EMPTY_STRING(out);
		} else {
			ZVAL_CHAR(out, d->pos[0]);
		}
	} else {
		ZVAL_STRINGL_FAST(out, (const char *) d->pos, len);
	}
	d->pos += len;
	return true;
}

/* A uint64 beyond PHP_INT_MAX as the GMP number gmp_init() makes of its decimal string (ext/gmp
 * has no C API to link against; the MsgPack\ API checks it is loaded before decoding). */
static zend_never_inline bool big_uint64_as_gmp(msgpack_decoder *d, zval *out, uint64_t v)
{
	zval fname, arg;
	bool ok;

	ZVAL_STRINGL(&fname, "gmp_init", sizeof("gmp_init") - 1);
	ZVAL_STR(&arg, zend_ulong_to_str((zend_ulong) v));
	ZVAL_UNDEF(out);
	ok = call_user_function(NULL, NULL, &fname, out, 1, &arg) == SUCCESS && !EG(exception)
		&& Z_TYPE_P(out) == IS_OBJECT;
	zval_ptr_dtor(&fname);
	zval_ptr_dtor(&arg);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		if (!EG(exception)) {
			zend_throw_error(NULL, "gmp_init() is not available");
		}
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	return true;
}

static zend_always_inline bool decode_uint64(msgpack_decoder *d, zval *out, uint64_t v)
{
	if (EXPECTED(v <= (uint64_t) ZEND_LONG_MAX)) {
		ZVAL_LONG(out, (zend_long) v);
	} else if (d->opts.bigint == MSGPACK_BIGINT_STRING) {
		/* as PECL msgpack: beyond PHP_INT_MAX the decimal string */
		ZVAL_STR(out, zend_ulong_to_str((zend_ulong) v));
	} else if (d->opts.bigint == MSGPACK_BIGINT_FLOAT) {
		ZVAL_DOUBLE(out, (double) v);
	} else {
		return big_uint64_as_gmp(d, out, v);
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
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
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

	if (len == 4) {
		sec = load32(p);
		nsec = 0;
	} else if (len == 8) {
		uint64_t v = load64(p);
		nsec = (uint32_t) (v >> 34);
		sec = (int64_t) (v & ((UINT64_C(1) << 34) - 1));
	} else if (len == 12) {
		nsec = load32(p);
		sec = (int64_t) load64(p + 4);
	} else {
		return invalid(d, "Invalid timestamp length");
	}
	if (nsec > 999999999) {
		return invalid(d, "Invalid timestamp nanoseconds");
	}
	if (UNEXPECTED(d->opts.timestamp_as_datetime)) {
		return msgpack_timestamp_to_datetime(out, sec, nsec) || fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	msgpack_timestamp_init(out, sec, nsec);
	return true;
}

static bool decode_ext(msgpack_decoder *d, zval *out, uint32_t len)
{
	const unsigned char *p;
	int8_t type;

	if (UNEXPECTED(REMAINING(d) < (size_t) len + 1)) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	type = (int8_t) d->pos[0];
	p = d->pos + 1;
	d->pos += (size_t) len + 1;
	if (UNEXPECTED(type == MSGPACK_RECORD_EXT_TYPE) && d->opts.records && len <= 2
			&& p[-2] == (len == 1 ? MP_FIXEXT1 : MP_FIXEXT2)) {
		/* records: `d4 72 <id>` declares a structure, its first record follows (msgpack_records.c) */
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
 * The size to allocate a container declaring n elements with. Each check of n against the
 * remaining input holds per level only: nested containers each declaring what is left would
 * have every byte paid for again at every level (quadratic memory). All the containers of
 * well-formed input hold at most one element per byte together, so that many are allocated up
 * front; past it, containers start small and grow with what is actually read.
 */
static zend_always_inline uint32_t presize(msgpack_decoder *d, uint32_t n)
{
	if (EXPECTED(n <= d->presize_budget)) {
		d->presize_budget -= n;
		return n;
	}
	return 0;
}

static bool decode_value(msgpack_decoder *d, zval *out);

/* Decodes the next value into v. On failure what was built of it is buried, not freed: the
 * objects in it must not run destructors (see msgpack_decode). */
static zend_always_inline bool decode_child(msgpack_decoder *d, zval *v)
{
	ZVAL_UNDEF(v);
	if (EXPECTED(decode_value(d, v))) {
		return true;
	}
	bury(d, v);
	return false;
}

static zend_always_inline bool enter(msgpack_decoder *d)
{
	if (UNEXPECTED(++d->depth > d->opts.max_depth)) {
		return fail(d, MSGPACK_UNPACK_DEPTH);
	}
	return true;
}

static bool decode_array(msgpack_decoder *d, zval *out, uint32_t n)
{
	msgpack_slot *slot;
	HashTable *ht;

	/* each element takes at least one byte */
	if (UNEXPECTED(n > REMAINING(d))) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	slot = new_slot(d);
	if (n == 0) {
		ZVAL_EMPTY_ARRAY(out);
		ZVAL_COPY_VALUE(&slot->value, out);
		slot->ready = true;
		return true;
	}
	if (!enter(d)) {
		return false;
	}
	array_init_size(out, presize(d, n));
	ht = Z_ARRVAL_P(out);
	zend_hash_real_init_packed(ht);
	ZVAL_COPY_VALUE(&slot->value, out);
	uint32_t slot_index = (uint32_t) (slot - d->slots); /* new_slot() may move d->slots */
	/* the children never touch ht, so it is filled in place; on failure what was read so far
	 * stays in it, for the cleanup */
	ZEND_HASH_FILL_PACKED(ht) {
		for (uint32_t i = 0; i < n; i++) {
			zval v;
			if (UNEXPECTED(!decode_child(d, &v))) {
				ZEND_HASH_FILL_FINISH();
				return false;
			}
			ZEND_HASH_FILL_GROW(); /* allocated for fewer than n (presize()) */
			ZEND_HASH_FILL_ADD(&v);
		}
	} ZEND_HASH_FILL_END();
	d->slots[slot_index].ready = true;
	d->depth--;
	return true;
}

/*
 * strict_keys: a key that decoded to another type than int or string. A uint64 beyond
 * PHP_INT_MAX (a float or GMP number under the bigint options) is its decimal string, as an array
 * key can be no float or object; any other type is refused, at the key's offset. Checked here,
 * out of decode_key(), so that str and int keys pay nothing for it (a check in decode_key() costs
 * str keys 1.3% of the decoding: callgrind, citm_catalog.json).
 */
static zend_always_inline void store_entry(msgpack_decoder *d, HashTable *ht, zend_string *skey, zend_ulong ikey, zval *val);

/* True with *skey set (a big uint64), false when refused. */
static zend_never_inline bool refuse_key(msgpack_decoder *d, zend_string **skey, zval *key)
{
	unsigned char c = *d->key_at;
	const char *what;

	bury(d, key);
	ZVAL_UNDEF(key);
	if (c == MP_UINT64) {
		*skey = zend_ulong_to_str((zend_ulong) load64(d->key_at + 1));
		return true;
	}
	if (c == MP_NIL) {
		what = "Invalid map key of type nil";
	} else if (c == MP_FALSE || c == MP_TRUE) {
		what = "Invalid map key of type bool";
	} else if (c == MP_FLOAT32 || c == MP_FLOAT64) {
		what = "Invalid map key of type float";
	} else if ((c >= 0x90 && c <= 0x9f) || c == MP_ARRAY16 || c == MP_ARRAY32) {
		what = "Invalid map key of type array";
	} else if (c <= 0x8f || c == MP_MAP16 || c == MP_MAP32) {
		what = "Invalid map key of type map";
	} else {
		what = "Invalid map key of type ext";
	}
	return invalid_item(d, d->key_at, what);
}

/* A key of another type than int or str (PECL: "illegal key type"). Returns false on failure;
 * *appended is set when the key and value went in as two list elements instead. */
static bool insert_illegal_key(msgpack_decoder *d, HashTable *ht, zval *key, zval *val)
{
	zend_string *str;

	if (d->opts.strict_keys) {
		if (!refuse_key(d, &str, key)) {
			bury(d, val);
			return false;
		}
		store_entry(d, ht, str, 0, val);
		zend_string_release(str);
		return true;
	}
	/* PECL warns in both modes */
	if (d->opts.error_display) {
		zend_error(E_WARNING, "[msgpack] (msgpack_unserialize_map_item) illegal key type");
	}
	if (d->opts.illegal_key_insert) {
		/* no next index after PHP_INT_MAX: what does not go in is kept till the end */
		if (!zend_hash_next_index_insert(ht, key)) {
			bury(d, key);
		}
		if (!zend_hash_next_index_insert(ht, val)) {
			bury(d, val);
		}
		return true;
	}
	if (Z_TYPE_P(key) == IS_OBJECT) {
		/* as PECL: the entry is dropped (no __toString() of decoded objects, no Error) */
		bury(d, key);
		bury(d, val);
		return true;
	}
	if (Z_TYPE_P(key) == IS_NULL) {
		str = ZSTR_EMPTY_ALLOC();
	} else {
		str = zval_try_get_string(key);
	}
	bury(d, key);
	if (UNEXPECTED(str == NULL || EG(exception))) {
		if (str) {
			zend_string_release(str);
		}
		bury(d, val);
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	zval *old = zend_symtable_find(ht, str);
	if (old) {
		bury(d, old);
		ZVAL_COPY_VALUE(old, val);
	} else {
		zend_symtable_add_new(ht, str, val);
	}
	zend_string_release(str);
	return true;
}

/* Stores one map entry in ht. A value replaced by a duplicate key goes to the graveyard. */
static zend_always_inline void store_entry(msgpack_decoder *d, HashTable *ht, zend_string *skey, zend_ulong ikey, zval *val)
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
		bury(d, old);
	}
	ZVAL_COPY_VALUE(old, val);
}

/*
 * Keys repeat from map to map (a list of records) and from call to call (cache entries of one
 * shape): a small cache, kept for the request (MSGPACK_G(key_cache)), hands out the same
 * zend_string, hash included, instead of allocating and hashing each copy. It is 2-way set
 * associative: with one way, two keys of the same record landing in one slot (a few pairs of
 * the ~100 keys of a typical document do) would evict each other on every record.
 */
/* memcmp() == 0 for the short lengths of keys (2 or more), without a call or a byte loop:
 * 8 bytes at a time, the last word overlapping the one before it. */
static zend_always_inline bool same_bytes(const char *a, const unsigned char *b, uint32_t len)
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

/* A key not in its set: it takes the first place, the first goes second, the second out. */
static zend_never_inline zend_string *cache_new_key(zend_string **set, const unsigned char *p, uint32_t len)
{
	zend_string *s;

	if (set[1]) {
		zend_string_release(set[1]);
	}
	set[1] = set[0];
	s = zend_string_init((const char *) p, len, 0);
	zend_string_hash_val(s);
	set[0] = zend_string_copy(s);
	return s;
}

static zend_always_inline zend_string *cached_key(const unsigned char *p, uint32_t len)
{
	zend_string **set, *s;
	uint64_t head, tail;

	/* slot from the length, the first and the last 8 bytes (keys often share a prefix) */
	if (len >= 8) {
		memcpy(&head, p, 8);
		memcpy(&tail, p + len - 8, 8);
	} else {
		head = (uint64_t) p[0] | (uint64_t) p[1] << 8 | (uint64_t) p[len >> 1] << 16;
		tail = (uint64_t) p[len - 1] | (uint64_t) p[len - 2] << 8;
	}
	uint64_t h = (head ^ (tail * UINT64_C(0x9e3779b97f4a7c15)) ^ len) * UINT64_C(0xff51afd7ed558ccd);

	if (UNEXPECTED(MSGPACK_G(key_cache) == NULL)) {
		MSGPACK_G(key_cache) = ecalloc(MSGPACK_KEY_CACHE_SIZE, sizeof(zend_string *));
	}
	/* a set is two adjacent entries, the most recently used first */
	set = &MSGPACK_G(key_cache)[((h >> 32) & (MSGPACK_KEY_CACHE_SIZE / 2 - 1)) * 2];
	s = set[0];
	if (s && ZSTR_LEN(s) == len && same_bytes(ZSTR_VAL(s), p, len)) {
		return zend_string_copy(s);
	}
	s = set[1];
	if (s && ZSTR_LEN(s) == len && same_bytes(ZSTR_VAL(s), p, len)) {
		set[1] = set[0];
		set[0] = s;
		return zend_string_copy(s);
	}
	return cache_new_key(set, p, len);
}

/* What decode_key() read. The two that end the plain entries of a map come first, so that one
 * comparison tells them from the others. */
typedef enum _map_key_kind {
	KEY_FAILED = 0,
	KEY_PHP,   /* a nil key while php_only is on, not consumed: see decode_php_entries() */
	KEY_STR,   /* in *skey */
	KEY_INT,   /* in *ikey */
	KEY_OTHER, /* another type, in *other */
} map_key_kind;

/* Reads the key of a map entry: ints and strings directly, anything else as a zval. */
static zend_always_inline map_key_kind decode_key(msgpack_decoder *d, zend_string **skey, zend_ulong *ikey, zval *other)
{
	unsigned char c;
	uint32_t len;

	if (UNEXPECTED(d->pos >= d->end)) {
		fail(d, MSGPACK_UNPACK_INSUFFICIENT);
		return KEY_FAILED;
	}
	c = *d->pos;
	if (c >= 0xa0 && c <= 0xbf) {
		len = c & 0x1f;
		d->pos++;
	} else if (c == MP_STR8 || c == MP_STR16 || c == MP_STR32 || c == MP_BIN8 || c == MP_BIN16 || c == MP_BIN32) {
		unsigned n = (c == MP_STR8 || c == MP_BIN8) ? 1 : (c == MP_STR16 || c == MP_BIN16) ? 2 : 4;
		d->pos++;
		if (!read_size(d, n, &len)) {
			return KEY_FAILED;
		}
	} else {
		if (c == MP_NIL && d->opts.php_only) {
			return KEY_PHP;
		}
		d->key_at = d->pos;
		if (!decode_child(d, other)) {
			return KEY_FAILED;
		}
		if (Z_TYPE_P(other) == IS_LONG) {
			*ikey = (zend_ulong) Z_LVAL_P(other);
			return KEY_INT;
		}
		if (Z_TYPE_P(other) == IS_STRING) { /* uint64 beyond PHP_INT_MAX */
			*skey = Z_STR_P(other);
			return KEY_STR;
		}
		return KEY_OTHER;
	}
	if (UNEXPECTED(REMAINING(d) < len)) {
		fail(d, MSGPACK_UNPACK_INSUFFICIENT);
		return KEY_FAILED;
	}
	if (len <= 1) {
		*skey = len == 0 ? ZSTR_EMPTY_ALLOC() : ZSTR_CHAR(d->pos[0]);
	} else if (len <= MSGPACK_KEY_CACHE_MAX_LEN) {
		*skey = cached_key(d->pos, len);
	} else {
		*skey = zend_string_init((const char *) d->pos, len, 0);
	}
	d->pos += len;
	return KEY_STR;
}

/* decode_map_entries() failed (counts are below: each entry takes two bytes of the input) */
#define MAP_ENTRIES_FAILED UINT32_MAX

/* Reads the plain entries of a map into ht, up to n of them: stops before a nil key while
 * php_only is on. Returns how many were read, or MAP_ENTRIES_FAILED. Not inlined: in
 * decode_map() the loop costs more (callgrind on twitter.json: +0.25% for the whole decode). */
static zend_never_inline uint32_t decode_map_entries(msgpack_decoder *d, HashTable *ht, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string *skey = NULL;
		zend_ulong ikey = 0;
		zval other, val;
		map_key_kind kind = decode_key(d, &skey, &ikey, &other);

		if (UNEXPECTED(kind <= KEY_PHP)) {
			return kind == KEY_PHP ? i : MAP_ENTRIES_FAILED;
		}
		if (UNEXPECTED(!decode_child(d, &val))) {
			if (kind == KEY_STR) {
				zend_string_release(skey);
			} else if (kind == KEY_OTHER) {
				bury(d, &other);
			}
			return MAP_ENTRIES_FAILED;
		}
		if (EXPECTED(kind != KEY_OTHER)) {
			store_entry(d, ht, skey, ikey, &val);
			if (skey) {
				zend_string_release(skey);
			}
		} else if (!insert_illegal_key(d, ht, &other, &val)) {
			return MAP_ENTRIES_FAILED;
		}
	}
	return n;
}

static bool decode_php_entries(msgpack_decoder *d, zval *out, uint32_t n, uint32_t slot_index);

/* With assoc off, maps become stdClass objects. */
static void map_to_object(msgpack_decoder *d, zval *out)
{
	HashTable *props = zend_symtable_to_proptable(Z_ARRVAL_P(out));
	if (props == Z_ARRVAL_P(out)) {
		zval_ptr_dtor(out);
	} else {
		/* A copy (integer keys): it unwraps references held only by the array, which a slot
		 * may still name (a back-reference made them). The array stays till the end. */
		bury(d, out);
	}
	object_and_properties_init(out, zend_standard_class_def, props);
	remember_object(d, Z_OBJ_P(out));
}

static bool decode_map(msgpack_decoder *d, zval *out, uint32_t n)
{
	msgpack_slot *slot;

	/* each entry takes at least two bytes */
	if (UNEXPECTED(n > REMAINING(d) / 2)) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	slot = new_slot(d);
	if (n == 0) {
		/* PECL reads {} as an object when php_only is on; the MsgPack\ API as any other map */
		if ((d->opts.php_only && !d->opts.api) || !d->opts.assoc) {
			object_init(out);
			remember_object(d, Z_OBJ_P(out));
		} else {
			ZVAL_EMPTY_ARRAY(out);
		}
		ZVAL_COPY_VALUE(&slot->value, out);
		slot->ready = true;
		return true;
	}
	if (!enter(d)) {
		return false;
	}
	uint32_t slot_index = (uint32_t) (slot - d->slots); /* new_slot() may move d->slots */
	uint32_t done = 0;
	if (EXPECTED(!(d->opts.php_only && *d->pos == MP_NIL))) {
		array_init_size(out, presize(d, n));
		ZVAL_COPY_VALUE(&slot->value, out);
		done = decode_map_entries(d, Z_ARRVAL_P(out), n);
		if (EXPECTED(done == n)) {
			slot = &d->slots[slot_index];
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
	if (!decode_php_entries(d, out, n - done, slot_index)) {
		return false;
	}
	d->depth--;
	return true;
}

/* ---- the PHP object model (nil-keyed entries) ---------------------------------------------- */

static bool class_allowed(const msgpack_decoder *d, zend_string *name)
{
	zend_string *lc = zend_string_tolower(name);
	bool allowed = zend_hash_exists(d->opts.allowed_classes, lc);

	zend_string_release(lc);
	return allowed;
}

/* Class lookup as unserialize() does it: autoload, then unserialize_callback_func, else NULL
 * (the caller then makes a __PHP_Incomplete_Class). */
static zend_class_entry *lookup_class(msgpack_decoder *d, zend_string *name)
{
	zend_class_entry *ce;
	const char *cb;

	if (!zend_is_valid_class_name(name)) {
		return NULL;
	}
	if (d->opts.allowed_classes && !class_allowed(d, name)) {
		/* as unserialize()'s allowed_classes: another class is not even autoloaded */
		return NULL;
	}
	ce = zend_lookup_class(name);
	if (ce || EG(exception)) {
		return ce;
	}
	cb = PG(unserialize_callback_func);
	if (cb == NULL || cb[0] == '\0') {
		return NULL;
	}
	zval fname, arg, ret;
	ZVAL_STRING(&fname, cb);
	ZVAL_STR_COPY(&arg, name);
	if (call_user_function(NULL, NULL, &fname, &ret, 1, &arg) != SUCCESS) {
		if (!EG(exception)) {
			php_error_docref(NULL, E_WARNING, "defined (%s) but not found", cb);
		}
	} else {
		zval_ptr_dtor(&ret);
	}
	zval_ptr_dtor(&fname);
	zval_ptr_dtor(&arg);
	if (EG(exception)) {
		return NULL;
	}
	ce = zend_lookup_class(name);
	if (ce == NULL && !EG(exception)) {
		php_error_docref(NULL, E_WARNING, "Function %s() hasn't defined the class it was called for", cb);
	}
	return ce;
}

/* Creates an object of the named class (or __PHP_Incomplete_Class) into out. */
static bool create_object(msgpack_decoder *d, zval *out, zend_string *class_name, zend_class_entry **ce_out)
{
	zend_class_entry *ce = lookup_class(d, class_name);

	if (EG(exception)) {
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	if (ce == NULL) {
		object_init_ex(out, PHP_IC_ENTRY);
		php_store_class_name(out, class_name);
		ce = PHP_IC_ENTRY;
	} else if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		zend_throw_exception_ex(NULL, 0, "Unserialization of '%s' is not allowed", ZSTR_VAL(ce->name));
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	} else if (object_init_ex(out, ce) != SUCCESS) {
		/* interfaces, abstract classes, enums */
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	remember_object(d, Z_OBJ_P(out));
	*ce_out = ce;
	return true;
}

/*
 * Writes a property read from the input: under the name as written if the object has it, else
 * under the declared visibility of that name, else as a dynamic property. Typed properties are
 * checked as unserialize() checks them.
 */
static bool set_property(msgpack_decoder *d, zend_object *obj, zend_string *key, zval *val)
{
	HashTable *props = zend_std_get_properties(obj);
	zval *slot = zend_hash_find(props, key);

	if (slot == NULL) {
		const char *class_name, *prop_name;
		size_t prop_len;
		zend_property_info *info;

		zend_unmangle_property_name_ex(key, &class_name, &prop_name, &prop_len);
		/* as unserialize() and PECL msgpack: a private name of another class (a parent's
		 * included) stays a property of its own */
		info = class_name && strcmp(class_name, "*") != 0
				&& strcasecmp(class_name, ZSTR_VAL(obj->ce->name)) != 0
			? NULL : zend_hash_str_find_ptr(&obj->ce->properties_info, prop_name, prop_len);
		if (info && !(info->flags & ZEND_ACC_STATIC)) {
			slot = zend_hash_find(props, info->name);
		}
	}
	if (slot && Z_TYPE_P(slot) == IS_INDIRECT) {
		zval *target = Z_INDIRECT_P(slot);
		zend_property_info *info = zend_get_typed_property_info_for_slot(obj, target);

		if (info) {
			zval *plain = Z_ISREF_P(val) ? Z_REFVAL_P(val) : val;
			if (!zend_verify_prop_assignable_by_ref(info, plain, /* strict */ true)) {
				bury(d, val);
				return fail(d, MSGPACK_UNPACK_EXCEPTION);
			}
			if (Z_ISREF_P(val)) {
				ZEND_REF_ADD_TYPE_SOURCE(Z_REF_P(val), info);
			}
		}
		if (Z_TYPE_P(target) != IS_UNDEF) {
			bury(d, target);
		}
		ZVAL_COPY_VALUE(target, val);
		return true;
	}
	if (slot) {
		bury(d, slot);
		ZVAL_COPY_VALUE(slot, val);
		return true;
	}
	if (obj->ce->ce_flags & ZEND_ACC_NO_DYNAMIC_PROPERTIES) {
		zend_throw_error(NULL, "Cannot create dynamic property %s::$%s", ZSTR_VAL(obj->ce->name), ZSTR_VAL(key));
		bury(d, val);
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	zend_hash_add_new(props, key, val);
	return true;
}

/* Reads a str value (class and case names); false if the next value is no string. */
static bool decode_name(msgpack_decoder *d, zval *name)
{
	if (!decode_child(d, name)) {
		return false;
	}
	if (Z_TYPE_P(name) != IS_STRING) {
		bury(d, name);
		ZVAL_UNDEF(name);
		return invalid(d, "Invalid class name");
	}
	return true;
}

/* The entry after marker 3: `"Class" <payload>`, for Serializable::unserialize(). */
static bool decode_custom_object(msgpack_decoder *d, zval *out)
{
	zval name, payload;
	zend_class_entry *ce;
	bool ok = false;

	if (!decode_name(d, &name)) {
		return false;
	}
	if (!decode_child(d, &payload)) {
		zval_ptr_dtor(&name);
		return false;
	}
	if (Z_TYPE(payload) != IS_STRING) {
		invalid(d, "Invalid Serializable payload");
		goto done;
	}
	ce = lookup_class(d, Z_STR(name));
	if (EG(exception)) {
		fail(d, MSGPACK_UNPACK_EXCEPTION);
		goto done;
	}
	if (ce == NULL) {
		/* as unserialize() and PECL msgpack: the stand-in class cannot read the payload */
		if (d->opts.error_display) {
			zend_error(E_WARNING, "[msgpack] (msgpack_unserialize_map_item) Class %s has no unserializer", ZSTR_VAL(PHP_IC_ENTRY->name));
		}
		object_init_ex(out, PHP_IC_ENTRY);
		php_store_class_name(out, Z_STR(name));
		remember_object(d, Z_OBJ_P(out));
		ok = true;
		goto done;
	}
	if (ce->unserialize == NULL) {
		if (d->opts.error_display) {
			zend_error(E_WARNING, "[msgpack] (msgpack_unserialize_map_item) Class %s has no unserializer", ZSTR_VAL(ce->name));
		}
		ok = create_object(d, out, Z_STR(name), &ce);
		goto done;
	}
	if (ce->unserialize(out, ce, (const unsigned char *) Z_STRVAL(payload), Z_STRLEN(payload), NULL) != SUCCESS
			|| EG(exception)) {
		if (!EG(exception)) {
			zend_throw_exception_ex(NULL, 0, "Erroneous data format for unserializing '%s'", ZSTR_VAL(ce->name));
		}
		if (Z_TYPE_P(out) == IS_OBJECT) {
			GC_ADD_FLAGS(Z_OBJ_P(out), IS_OBJ_DESTRUCTOR_CALLED);
			zval_ptr_dtor(out);
		}
		ZVAL_UNDEF(out);
		fail(d, MSGPACK_UNPACK_EXCEPTION);
		goto done;
	}
	if (Z_TYPE_P(out) == IS_OBJECT) {
		remember_object(d, Z_OBJ_P(out));
	}
	ok = true;
done:
	zval_ptr_dtor(&name);
	bury(d, &payload);
	return ok;
}

/* The entry after marker 6: `"Enum" "Case"`. */
static bool decode_enum(msgpack_decoder *d, zval *out)
{
	zval name, case_name;
	zend_class_entry *ce;
	zend_class_constant *c;
	bool ok = false;

	if (!decode_name(d, &name)) {
		return false;
	}
	if (!decode_name(d, &case_name)) {
		zval_ptr_dtor(&name);
		return false;
	}
	ce = lookup_class(d, Z_STR(name));
	if (EG(exception)) {
		fail(d, MSGPACK_UNPACK_EXCEPTION);
		goto done;
	}
	if (ce == NULL && d->opts.allowed_classes && !class_allowed(d, Z_STR(name))) {
		invalid(d, "Enum class not allowed");
		goto done;
	}
	if (ce == NULL || !(ce->ce_flags & ZEND_ACC_ENUM)) {
		invalid(d, "Invalid enum class");
		goto done;
	}
	c = zend_hash_find_ptr(CE_CONSTANTS_TABLE(ce), Z_STR(case_name));
	if (c == NULL || !(ZEND_CLASS_CONST_FLAGS(c) & ZEND_CLASS_CONST_IS_CASE)) {
		invalid(d, "Invalid enum case");
		goto done;
	}
	if (Z_TYPE(c->value) == IS_CONSTANT_AST && zval_update_constant_ex(&c->value, c->ce) != SUCCESS) {
		fail(d, MSGPACK_UNPACK_EXCEPTION);
		goto done;
	}
	ZVAL_COPY(out, &c->value);
	ok = true;
done:
	zval_ptr_dtor(&name);
	zval_ptr_dtor(&case_name);
	return ok;
}

/*
 * The entry after marker 2, 4 or 5: `<ignored key> <id>`, the value with that id. Ids are the
 * slots: every map and array in the order they start, marker maps included, as PECL's reader
 * counts them. A slot holds what its container became, so an id can name a reference that a
 * marker-1 map (or the map of a marker 5) made.
 */
static bool decode_back_reference(msgpack_decoder *d, zval *out, zend_long marker, uint32_t self_index)
{
	zval key, id;
	msgpack_slot *target;

	if (!decode_child(d, &key)) {
		return false;
	}
	bury(d, &key);
	if (!decode_child(d, &id)) {
		return false;
	}
	if (Z_TYPE(id) != IS_LONG || Z_LVAL(id) < 1 || (zend_ulong) Z_LVAL(id) > (zend_ulong) d->slot_count
			|| (zend_ulong) Z_LVAL(id) - 1 == self_index) {
		bury(d, &id);
		return invalid(d, "Invalid back-reference id");
	}
	target = &d->slots[Z_LVAL(id) - 1];
	if (Z_TYPE(target->value) == IS_UNDEF || !target->ready) {
		/* an array still being built: PHP cannot hold it inside itself without a reference */
		ZVAL_NULL(out);
	} else {
		/* As PECL reads it: the value in the slot as it is, a reference staying one; marker 5
		 * puts a plain value in a new reference, which only the marker map's own slot shares
		 * (the target keeps its plain value). */
		ZVAL_COPY(out, &target->value);
		if (marker == MSGPACK_MARKER_OBJECT_REFERENCE && !Z_ISREF_P(out)) {
			ZVAL_MAKE_REF(out);
		}
	}
	return true;
}

/*
 * A map with a nil key (php_only), read as PECL msgpack reads it: each nil-keyed entry changes
 * what the map stands for, wherever in the map it is. A class name makes it an object (the
 * string-keyed entries read so far become properties); marker 1 puts it in a reference; markers
 * 2, 4 and 5 replace it with the value the next entry names, 3 and 6 with the object or enum
 * case the next entry describes. Later entries go into what the map stands for then.
 */
typedef struct _php_map {
	zval *out;            /* array (UNDEF until there is an entry), object, or a reference to one */
	uint32_t slot_index;
	zend_long pending;    /* the marker whose entry comes next, or 0 */
	bool foreign;         /* out is a value met before (a back-reference), not this map's own */
	bool sealed;          /* an enum case: nothing may follow */
	zend_object *created; /* the object of the last class entry, for __wakeup()/__unserialize() */
	zval data;            /* __unserialize() data while created has __unserialize(), else UNDEF */
	bool data_given;      /* `c0 <array>` gave the data: nothing may follow */
} php_map;

static zend_always_inline zval *map_target(php_map *m)
{
	return Z_ISREF_P(m->out) ? Z_REFVAL_P(m->out) : m->out;
}

/* Shows back-references what the map is now; an array is named only once complete. */
static void map_publish(msgpack_decoder *d, php_map *m)
{
	msgpack_slot *slot = &d->slots[m->slot_index];

	ZVAL_COPY_VALUE(&slot->value, m->out);
	slot->ready = Z_TYPE_P(m->out) != IS_ARRAY && Z_TYPE_P(m->out) != IS_UNDEF;
}

static void map_forget_object(msgpack_decoder *d, php_map *m)
{
	if (Z_TYPE(m->data) != IS_UNDEF) {
		bury(d, &m->data);
		ZVAL_UNDEF(&m->data);
	}
	m->created = NULL;
	m->data_given = false;
}

/* The map stands for value now (a back-reference, a Serializable object, an enum case). What it
 * stood for is kept till the end: a slot may name it. */
static void map_replace(msgpack_decoder *d, php_map *m, zval *value)
{
	map_forget_object(d, m);
	bury(d, m->out);
	ZVAL_COPY_VALUE(m->out, value);
	map_publish(d, m);
}

/* Class entry: a new object in place of the value (inside the reference, if the map is one:
 * a reference named by a back-reference too, as PECL does). The string-keyed entries of the
 * array it replaces become its properties (as PECL: int keys are dropped); a back-referenced
 * plain value is left as it is. */
static bool map_become_object(msgpack_decoder *d, php_map *m, zend_string *class_name)
{
	zval obj, old, *target, *val;
	zend_class_entry *ce;
	zend_string *key;
	bool in_place = !m->foreign || Z_ISREF_P(m->out);

	if (!create_object(d, &obj, class_name, &ce)) {
		return false;
	}
	map_forget_object(d, m);
	target = in_place ? map_target(m) : m->out;
	ZVAL_COPY_VALUE(&old, target);
	ZVAL_COPY_VALUE(target, &obj);
	m->foreign = false;
	m->created = Z_OBJ(obj);
	if (ce->__unserialize) {
		array_init(&m->data);
	}
	map_publish(d, m);
	if (in_place && Z_TYPE(old) == IS_ARRAY) {
		ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL(old), key, val) {
			zval copy;
			if (key == NULL) {
				continue;
			}
			ZVAL_COPY(&copy, val);
			if (Z_TYPE(m->data) == IS_ARRAY) {
				zend_hash_update(Z_ARRVAL(m->data), key, &copy);
			} else if (!set_property(d, m->created, key, &copy)) {
				bury(d, &old);
				return false;
			}
		} ZEND_HASH_FOREACH_END();
		if (ce == PHP_IC_ENTRY && zend_hash_num_elements(Z_ARRVAL(old)) > 0) {
			/* as PECL: the stand-in's class name after the properties it adopted */
			zend_hash_str_del(zend_std_get_properties(m->created), MAGIC_MEMBER, sizeof(MAGIC_MEMBER) - 1);
			php_store_class_name(target, class_name);
		}
	}
	bury(d, &old);
	return true;
}

static bool map_incomplete_data(msgpack_decoder *d, php_map *m, zval *data)
{
	zend_string *key;
	zend_ulong index;
	zval *val;
	bool ok = true;

	m->data_given = true;
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(data), index, key, val) {
		zval copy;
		zend_string *name = key ? zend_string_copy(key) : zend_long_to_str((zend_long) index);
		ZVAL_COPY(&copy, val);
		ok = set_property(d, m->created, name, &copy);
		zend_string_release(name);
		if (!ok) {
			break;
		}
	} ZEND_HASH_FOREACH_END();
	bury(d, data);
	return ok;
}

/* A nil-keyed entry: `c0 <class name | marker | __unserialize() data>`. */
static bool map_nil_entry(msgpack_decoder *d, php_map *m)
{
	zval head;

	d->pos++;
	if (!decode_child(d, &head)) {
		return false;
	}
	if (Z_TYPE(head) == IS_STRING) {
		bool ok = map_become_object(d, m, Z_STR(head));
		zval_ptr_dtor(&head);
		return ok;
	}
	if (Z_TYPE(head) == IS_ARRAY && d->opts.api && m->created && m->created->ce == PHP_IC_ENTRY
			&& !m->data_given) {
		/* what __serialize() returned, for a class not allowed: its properties, as
		 * unserialize() gives them to __PHP_Incomplete_Class */
		return map_incomplete_data(d, m, &head);
	}
	if (Z_TYPE(m->data) == IS_ARRAY) {
		/* `c0 "Class" c0 <array>`: what __serialize() returned */
		if (Z_TYPE(head) != IS_ARRAY || m->data_given) {
			bury(d, &head);
			return invalid(d, "Invalid __unserialize() data");
		}
		bury(d, &m->data);
		ZVAL_COPY_VALUE(&m->data, &head);
		m->data_given = true;
		return true;
	}
	if (Z_TYPE(head) != IS_LONG) {
		bury(d, &head);
		return invalid(d, "Invalid nil-keyed entry");
	}
	switch (Z_LVAL(head)) {
		case MSGPACK_MARKER_REFERENCE:
			if (m->sealed) {
				return invalid(d, "Invalid enum entry");
			}
			if (Z_TYPE_P(m->out) == IS_UNDEF) {
				/* as PECL: null until an entry comes */
				ZVAL_NULL(m->out);
			}
			ZVAL_MAKE_REF(m->out);
			map_publish(d, m);
			return true;
		case MSGPACK_MARKER_RECURSIVE:
		case MSGPACK_MARKER_CUSTOM_OBJECT:
		case MSGPACK_MARKER_OBJECT:
		case MSGPACK_MARKER_OBJECT_REFERENCE:
		case MSGPACK_MARKER_ENUM:
			m->pending = Z_LVAL(head);
			return true;
		default:
			return invalid(d, "Invalid nil-keyed entry");
	}
}

/* The entry a marker announced. */
static bool map_marked_entry(msgpack_decoder *d, php_map *m)
{
	zend_long marker = m->pending;
	zval value;
	bool ok;

	m->pending = 0;
	ZVAL_UNDEF(&value);
	if (marker == MSGPACK_MARKER_CUSTOM_OBJECT) {
		ok = decode_custom_object(d, &value);
	} else if (marker == MSGPACK_MARKER_ENUM) {
		ok = decode_enum(d, &value);
	} else {
		ok = decode_back_reference(d, &value, marker, m->slot_index);
	}
	if (!ok) {
		bury(d, &value);
		return false;
	}
	map_replace(d, m, &value);
	m->foreign = marker != MSGPACK_MARKER_CUSTOM_OBJECT;
	m->sealed = marker == MSGPACK_MARKER_ENUM;
	return true;
}

/* A plain entry: into the array, the object's properties or its __unserialize() data. */
static bool map_plain_entry(msgpack_decoder *d, php_map *m)
{
	zend_string *skey = NULL;
	zend_ulong ikey = 0;
	zval other, val, *target;
	map_key_kind kind = decode_key(d, &skey, &ikey, &other);

	if (kind == KEY_OTHER && d->opts.strict_keys) {
		kind = refuse_key(d, &skey, &other) ? KEY_STR : KEY_FAILED;
	}
	if (kind == KEY_FAILED) {
		return false;
	}
	if (!decode_child(d, &val)) {
		if (kind == KEY_STR) {
			zend_string_release(skey);
		} else if (kind == KEY_OTHER) {
			bury(d, &other);
		}
		return false;
	}
	target = map_target(m);
	if (Z_TYPE_P(target) == IS_UNDEF || (Z_TYPE_P(target) == IS_NULL && !m->foreign)) {
		/* the map's first entry (null: marker 1 came first) */
		array_init(target);
	}
	if (m->sealed || m->data_given) {
		/* after an enum case or __unserialize() data, which no encoder writes */
		goto bad_entry;
	}
	if (Z_TYPE_P(target) == IS_ARRAY || (Z_TYPE_P(target) == IS_OBJECT && Z_TYPE(m->data) == IS_ARRAY)) {
		HashTable *ht;
		if (Z_TYPE_P(target) == IS_ARRAY) {
			/* a back-referenced array is a copy of it (as PECL does not: it changes both) */
			SEPARATE_ARRAY(target);
			ht = Z_ARRVAL_P(target);
			map_publish(d, m);
		} else {
			ht = Z_ARRVAL(m->data);
		}
		if (kind == KEY_OTHER) {
			return insert_illegal_key(d, ht, &other, &val);
		}
		store_entry(d, ht, skey, ikey, &val);
		if (skey) {
			zend_string_release(skey);
		}
		return true;
	}
	if (Z_TYPE_P(target) == IS_OBJECT && kind != KEY_OTHER) {
		bool ok;
		if (kind == KEY_INT) {
			skey = zend_long_to_str((zend_long) ikey);
		}
		ok = set_property(d, Z_OBJ_P(target), skey, &val);
		zend_string_release(skey);
		return ok;
	}
bad_entry:
	if (kind == KEY_STR) {
		zend_string_release(skey);
	} else if (kind == KEY_OTHER) {
		bury(d, &other);
	}
	bury(d, &val);
	if (m->sealed) {
		return invalid(d, "Invalid enum entry");
	}
	if (m->data_given) {
		return invalid(d, "Invalid __unserialize() data");
	}
	return invalid(d, Z_TYPE_P(target) == IS_OBJECT ? "Invalid property name" : "Invalid back-reference");
}

/* The last n entries of a map from its first nil key on; out holds the entries before it
 * (or is UNDEF if there were none). */
static bool decode_php_entries(msgpack_decoder *d, zval *out, uint32_t n, uint32_t slot_index)
{
	php_map m = { .out = out, .slot_index = slot_index };
	bool assoc = d->opts.assoc, ok = true;

	ZVAL_UNDEF(&m.data);
	for (uint32_t i = 0; ok && i < n; i++) {
		/* the data for __unserialize() is what __serialize() returned: its maps are arrays,
		 * whatever msgpack.assoc says */
		d->opts.assoc = assoc || Z_TYPE(m.data) == IS_ARRAY;
		if (m.pending) {
			ok = map_marked_entry(d, &m);
		} else if (d->pos < d->end && *d->pos == MP_NIL) {
			ok = map_nil_entry(d, &m);
		} else {
			ok = map_plain_entry(d, &m);
		}
	}
	d->opts.assoc = assoc;
	if (ok && m.pending) {
		ok = invalid(d, m.pending == MSGPACK_MARKER_CUSTOM_OBJECT ? "Invalid Serializable entry"
			: m.pending == MSGPACK_MARKER_ENUM ? "Invalid enum entry" : "Invalid back-reference");
	}
	if (!ok) {
		map_forget_object(d, &m);
		return false;
	}
	zval *target = map_target(&m);
	if (Z_TYPE_P(target) == IS_UNDEF) {
		ZVAL_NULL(target);
	}
	if (m.created && Z_TYPE_P(target) == IS_OBJECT && Z_OBJ_P(target) == m.created) {
		if (Z_TYPE(m.data) == IS_ARRAY) {
			defer_call(d, m.created, &m.data);
			ZVAL_UNDEF(&m.data);
		} else if (m.created->ce != PHP_IC_ENTRY
				&& zend_hash_str_exists(&m.created->ce->function_table, "__wakeup", sizeof("__wakeup") - 1)) {
			defer_call(d, m.created, NULL);
		}
	}
	map_forget_object(d, &m);
	map_publish(d, &m);
	d->slots[slot_index].ready = true;
	return true;
}

/* ---- one value ------------------------------------------------------------------------------ */

/* Whether a structure is declared (or shared) for the identifier id. Any other byte 0x40-0x7f is
 * the int, as msgpackr reads it: data of writers that know no records (a fixint 100) reads the
 * same with RECORDS on, and the scanner frames it alike (msgpack_records_scan_item()). */
static zend_always_inline bool record_declared(const msgpack_decoder *d, unsigned char id)
{
	unsigned i = id - MSGPACK_RECORD_FIRST_ID;

	return (d->records && d->records->by_id[i]) || (d->opts.shared_records && d->opts.shared_records->by_id[i]);
}

/* A record: a copy of its structure's table, keys in place, whose values are read in place
 * here, where a value costs one call, as in arrays and maps. The common case (an array of a
 * structure known, within the limits) is made here; msgpack_records.c does the others. */
static zend_never_inline bool decode_record(msgpack_decoder *d, zval *out, unsigned char id)
{
	msgpack_record_structure *s = d->records ? d->records->by_id[id - MSGPACK_RECORD_FIRST_ID] : NULL;
	Bucket *b;
	uint32_t n;

	if (EXPECTED(s != NULL && s->count != 0 && d->opts.assoc && s->count <= REMAINING(d)
			&& s->count <= d->presize_budget && d->depth < d->opts.max_depth)) {
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
		if (UNEXPECTED(!decode_child(d, &b->val))) {
			ZVAL_NULL(&b->val); /* what was built of it is buried */
			return false;
		}
	}
	msgpack_record_close(d, out);
	return true;
}

static bool decode_value(msgpack_decoder *d, zval *out)
{
	unsigned char c;
	uint32_t size;
	const unsigned char *p;

	if (UNEXPECTED(d->pos >= d->end)) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	c = *d->pos++;
	if (c <= 0x7f) {
		if (UNEXPECTED(c >= MSGPACK_RECORD_FIRST_ID) && UNEXPECTED(d->opts.records) && record_declared(d, c)) {
			/* records: 0x40-0x7f name a structure, its values follow */
			return decode_record(d, out, c);
		}
		ZVAL_LONG(out, c);
		return true;
	}
	if (c >= 0xe0) {
		ZVAL_LONG(out, (int8_t) c);
		return true;
	}
	if (c >= MP_FIXSTR) {
		if (c <= 0xbf) {
			return decode_str(d, out, c & 0x1f);
		}
	} else if (c >= MP_FIXARRAY) {
		return decode_array(d, out, c & 0x0f);
	} else {
		return decode_map(d, out, c & 0x0f);
	}

	/* 0xc0 - 0xdf: fixed-size scalars need this many bytes after the format byte */
	static const uint8_t fixed_size[32] = {
		/* c0 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 8, 1, 2, 4, 8,
		/* d0 */ 1, 2, 4, 8, 2, 3, 5, 9, 17, 0, 0, 0, 0, 0, 0, 0,
	};
	if (UNEXPECTED(REMAINING(d) < fixed_size[c - 0xc0])) {
		return fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	p = d->pos;
	switch (c) {
		case MP_NIL:   ZVAL_NULL(out);  return true;
		case MP_FALSE: ZVAL_FALSE(out); return true;
		case MP_TRUE:  ZVAL_TRUE(out);  return true;
		case MP_UINT8:  d->pos += 1; ZVAL_LONG(out, p[0]); return true;
		case MP_UINT16: d->pos += 2; ZVAL_LONG(out, load16(p)); return true;
		case MP_UINT32: d->pos += 4; ZVAL_LONG(out, (zend_long) load32(p)); return true;
		case MP_UINT64: d->pos += 8; return decode_uint64(d, out, load64(p));
		case MP_INT8:   d->pos += 1; ZVAL_LONG(out, (int8_t) p[0]); return true;
		case MP_INT16:  d->pos += 2; ZVAL_LONG(out, (int16_t) load16(p)); return true;
		case MP_INT32:  d->pos += 4; ZVAL_LONG(out, (int32_t) load32(p)); return true;
		case MP_INT64:  d->pos += 8; ZVAL_LONG(out, (zend_long) (int64_t) load64(p)); return true;
		case MP_FLOAT32: {
			uint32_t bits = load32(p);
			float f;
			memcpy(&f, &bits, 4);
			d->pos += 4;
			ZVAL_DOUBLE(out, (double) f);
			return true;
		}
		case MP_FLOAT64: {
			uint64_t bits = load64(p);
			double v;
			memcpy(&v, &bits, 8);
			d->pos += 8;
			ZVAL_DOUBLE(out, v);
			return true;
		}
		case MP_STR8: case MP_BIN8:
			return read_size(d, 1, &size) && decode_str(d, out, size);
		case MP_STR16: case MP_BIN16:
			return read_size(d, 2, &size) && decode_str(d, out, size);
		case MP_STR32: case MP_BIN32:
			return read_size(d, 4, &size) && decode_str(d, out, size);
		case MP_ARRAY16:
			return read_size(d, 2, &size) && decode_array(d, out, size);
		case MP_ARRAY32:
			return read_size(d, 4, &size) && decode_array(d, out, size);
		case MP_MAP16:
			return read_size(d, 2, &size) && decode_map(d, out, size);
		case MP_MAP32:
			return read_size(d, 4, &size) && decode_map(d, out, size);
		case MP_FIXEXT1:  return decode_ext(d, out, 1);
		case MP_FIXEXT2:  return decode_ext(d, out, 2);
		case MP_FIXEXT4:  return decode_ext(d, out, 4);
		case MP_FIXEXT8:  return decode_ext(d, out, 8);
		case MP_FIXEXT16: return decode_ext(d, out, 16);
		case MP_EXT8:
			return read_size(d, 1, &size) && decode_ext(d, out, size);
		case MP_EXT16:
			return read_size(d, 2, &size) && decode_ext(d, out, size);
		case MP_EXT32:
			return read_size(d, 4, &size) && decode_ext(d, out, size);
		default: /* 0xc1 */
			d->pos--;
			return fail(d, MSGPACK_UNPACK_PARSE_ERROR);
	}
}

/* ---- entry points ----------------------------------------------------------------------------- */

void msgpack_unpack_options_from_ini(msgpack_unpack_options *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->php_only = MSGPACK_G(php_only);
	opts->assoc = MSGPACK_G(assoc);
	opts->illegal_key_insert = MSGPACK_G(illegal_key_insert);
	opts->error_display = MSGPACK_G(error_display);
	opts->max_depth = (uint32_t) MSGPACK_G(max_depth); /* bounded by OnUpdateMaxDepth */
}

void msgpack_decoder_init(msgpack_decoder *d, const char *data, size_t len, const msgpack_unpack_options *opts)
{
	memset(d, 0, sizeof(*d));
	d->pos = (const unsigned char *) data;
	d->start = d->pos;
	d->end = d->pos + len;
	d->opts = *opts;
	d->presize_budget = len;
}

void msgpack_decoder_destroy(msgpack_decoder *d)
{
	if (d->slots) {
		efree(d->slots);
		d->slots = NULL;
	}
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

/* The decoder's helpers msgpack_records.c reads records with. */
bool msgpack_decoder_child(msgpack_decoder *d, zval *v)
{
	return decode_child(d, v);
}

bool msgpack_decoder_fail(msgpack_decoder *d, msgpack_unpack_status status)
{
	return fail(d, status);
}

bool msgpack_decoder_invalid_item(msgpack_decoder *d, const unsigned char *item, const char *detail)
{
	return invalid_item(d, item, detail);
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
		return fail(d, MSGPACK_UNPACK_EXCEPTION);
	}
	return true;
}

bool msgpack_decode(msgpack_decoder *d, zval *out)
{
	bool ok;

	ZVAL_UNDEF(out);
	d->error = MSGPACK_UNPACK_OK;
	ok = decode_value(d, out);
	if (ok && UNEXPECTED(d->opts.whole_input) && d->pos != d->end) {
		ok = fail(d, MSGPACK_UNPACK_TRAILING);
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
 * Returns the scanner's verdict, and in *pos where it stopped.
 */
static msgpack_scan_result rescan(const msgpack_decoder *d, size_t *pos)
{
	msgpack_scanner s;
	size_t value_len;
	msgpack_scan_result r;

	msgpack_scan_records records;

	msgpack_scanner_init(&s, d->opts.max_depth);
	if (d->opts.records) {
		/* the structures known when the value started (a stream's are not rescanned) */
		msgpack_scan_records_init(&records, d->opts.shared_records);
		s.records = &records;
	}
	r = msgpack_scanner_run(&s, (const char *) d->start, (size_t) (d->end - d->start), &value_len);
	*pos = s.pos;
	msgpack_scanner_destroy(&s);
	return r;
}

msgpack_unpack_status msgpack_decoder_error_status(const msgpack_decoder *d)
{
	size_t pos;

	if ((d->error == MSGPACK_UNPACK_INSUFFICIENT || d->error == MSGPACK_UNPACK_DEPTH)
			&& rescan(d, &pos) == MSGPACK_SCAN_INVALID) {
		return d->start[pos] == MP_NEVER ? MSGPACK_UNPACK_PARSE_ERROR : MSGPACK_UNPACK_DEPTH;
	}
	return d->error;
}

size_t msgpack_decoder_error_offset(const msgpack_decoder *d)
{
	const unsigned char *at = d->error_at ? d->error_at : d->pos;
	size_t pos;

	/* the scanner stops at the item the input ends in, at 0xc1, or at the container too deep */
	if ((d->error == MSGPACK_UNPACK_INSUFFICIENT || d->error == MSGPACK_UNPACK_DEPTH)
			&& rescan(d, &pos) != MSGPACK_SCAN_COMPLETE) {
		return pos;
	}
	if (d->error == MSGPACK_UNPACK_INVALID && !d->error_item) {
		return item_start_before(d, at);
	}
	return (size_t) (at - d->start);
}

void msgpack_decoder_report(const msgpack_decoder *d)
{
	const char *msg;

	if (!d->opts.error_display) {
		return;
	}
	switch (d->error) {
		case MSGPACK_UNPACK_OK:
			return;
		case MSGPACK_UNPACK_INSUFFICIENT:
			msg = "Insufficient data for unserializing";
			break;
		case MSGPACK_UNPACK_PARSE_ERROR:
			msg = "Parse error";
			break;
		case MSGPACK_UNPACK_DEPTH:
			msg = "Maximum nesting depth exceeded";
			break;
		case MSGPACK_UNPACK_INVALID:
			msg = d->detail;
			break;
		default: /* an exception is pending */
			return;
	}
	zend_error(E_WARNING, "[msgpack] (php_msgpack_unserialize) %s", msg);
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
}
