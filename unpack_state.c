/*
 * The decoder's shared state (unpack_internal.h): an error that names a property, the
 * objects a call made, the graveyard, the map keys of other types than int and str, the key
 * cache's misses. Below unpack.c and beside-files (unpack_object.c, the records reader): they
 * all use it, it uses none of them.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_msgpack.h"
#include "msgpack_format.h"
#include "msgpack_copy.h"
#include "unpack.h"
#include "unpack_internal.h"

/* ---- errors ------------------------------------------------------------------------------- */

bool msgpack_decode_invalid_item_str(msgpack_decoder *d, const unsigned char *item, zend_string *detail)
{
	if (d->error != MSGPACK_UNPACK_OK) {
		zend_string_release(detail);
		return false;
	}
	d->detail_str = detail;
	return item ? msgpack_decode_invalid_item(d, item, ZSTR_VAL(detail)) : msgpack_decode_invalid(d, ZSTR_VAL(detail));
}

/* ---- the value cache ------------------------------------------------------------------------ */

/*
 * Short string values repeat within a document (a language, a colour, a source, a status):
 * the value cache hands out one zend_string for all copies of the same bytes met in one value,
 * as igbinary's string table does, which saves their memory and most of their allocations.
 * 2-way set associative; its table is kept for the request (no allocation per call), its entries only
 * for the value: msgpack_decode() drops them (msgpack_forget_values()), so that nothing of one value
 * is held after it, and a benchmark that decodes the same bytes again finds none of them.
 *
 * A miss costs more than a plain copy (the hash, the probe of two strings not in the CPU's cache,
 * the entry it replaces and the one dropped at the end), a hit saves about an allocation: a call
 * turns the cache off when its strings repeat too little (judge_value_cache()).
 */
struct _msgpack_value_cache {
	zend_string *str[MSGPACK_VALUE_CACHE_SIZE]; /* 2-way sets, the most recently used first */
	uint16_t used[MSGPACK_VALUE_CACHE_SIZE / 2]; /* the sets in use, to be emptied */
	uint32_t used_count;
};

/* Longer values are compared by memcmp(), which compares 32 bytes a step where same_bytes()
 * takes 8. */
static zend_always_inline bool value_bytes_equal(const char *a, const unsigned char *b, uint32_t len)
{
	return len <= 32 ? same_bytes(a, b, len) : memcmp(a, b, len) == 0;
}

/*
 * Every 128 misses: off when the call's strings repeat too little to pay for the cache. At the
 * 128th, fewer than 8 hits (unique ids, hashes, 1,000 short strings). At every 256th, fewer hits
 * than half the misses: a database's rows (names and emails unique, dates repeated: a hit for
 * every two misses, so the 1,000 rows took 11% more instructions and 50% more time with the
 * cache than without). Documents whose repeats come late are judged on the misses, not on the
 * lookups: citm_catalog.json has 27 hits at its 128th miss, 478 at its 256th; twitter.json 215 at
 * its 256th, 756 at its 512th.
 */
static zend_never_inline void judge_value_cache(msgpack_decoder *d)
{
	if (d->value_misses == 128 ? d->value_hits < 8 : d->value_misses % 256 == 0 && d->value_hits < d->value_misses / 2) {
		d->value_cache_off = true;
	}
}

zend_never_inline zend_string *msgpack_cached_value(msgpack_decoder *d, const unsigned char *p, uint32_t len)
{
	msgpack_value_cache *cache = MSGPACK_G(value_cache);
	zend_string *s, **set;
	uint32_t index = (uint32_t) (short_bytes_hash(p, len) >> 32) & (MSGPACK_VALUE_CACHE_SIZE / 2 - 1);

	if (UNEXPECTED(cache == NULL)) {
		cache = MSGPACK_G(value_cache) = ecalloc(1, sizeof(msgpack_value_cache));
	}
	set = &cache->str[index * 2];
	s = set[0];
	if (s && ZSTR_LEN(s) == len && value_bytes_equal(ZSTR_VAL(s), p, len)) {
		d->value_hits++;
		return zend_string_copy(s);
	}
	s = set[1];
	if (s && ZSTR_LEN(s) == len && value_bytes_equal(ZSTR_VAL(s), p, len)) {
		d->value_hits++;
		set[1] = set[0];
		set[0] = s;
		return zend_string_copy(s);
	}
	if (UNEXPECTED(++d->value_misses % 128 == 0)) {
		judge_value_cache(d);
	}
	if (set[1]) {
		zend_string_release(set[1]);
	}
	if (set[0] == NULL) {
		cache->used[cache->used_count++] = (uint16_t) index;
	}
	set[1] = set[0];
	s = string_from(p, len);
	set[0] = zend_string_copy(s);
	return s;
}

/* Drops the entries of the value cache (the strings stay in the values that hold them). */
void msgpack_forget_values(void)
{
	msgpack_value_cache *cache = MSGPACK_G(value_cache);

	if (cache) {
		for (uint32_t i = 0; i < cache->used_count; i++) {
			zend_string **set = &cache->str[cache->used[i] * 2];
			zend_string_release(set[0]);
			if (set[1]) {
				zend_string_release(set[1]);
			}
			set[0] = set[1] = NULL;
		}
		cache->used_count = 0;
	}
}

/* ---- slots -------------------------------------------------------------------------------- */

/* Room for one more slot: the decoder's own slots first (most values have few containers: they
 * spare them an allocation), then a table that doubles up to a block, then whole blocks are
 * added (unpack_internal.h). */
zend_never_inline void msgpack_grow_slots(msgpack_decoder *d)
{
	if (d->slots == NULL) {
		d->slots = d->inline_slots;
		d->slot_capacity = MSGPACK_INLINE_SLOTS;
		return;
	}
	if (d->slot_capacity < MSGPACK_SLOT_BLOCK) {
		if (d->slots == d->inline_slots) {
			d->slots = safe_emalloc(d->slot_capacity, 2 * sizeof(msgpack_slot), 0);
			memcpy(d->slots, d->inline_slots, sizeof(d->inline_slots));
		} else {
			d->slots = safe_erealloc(d->slots, d->slot_capacity, 2 * sizeof(msgpack_slot), 0);
		}
		d->slot_capacity *= 2;
		return;
	}
	if (UNEXPECTED(d->slot_capacity > UINT32_MAX - MSGPACK_SLOT_BLOCK)) {
		zend_error_noreturn(E_ERROR, "msgpack: more than %u arrays and maps in one value", d->slot_capacity);
	}
	if (d->slot_block_count == d->slot_block_capacity) {
		d->slot_block_capacity = d->slot_block_capacity ? d->slot_block_capacity * 2 : 8;
		d->slot_blocks = safe_erealloc(d->slot_blocks, d->slot_block_capacity, sizeof(msgpack_slot *), 0);
		if (d->slot_block_count == 0) {
			d->slot_blocks[d->slot_block_count++] = d->slots; /* on the heap: a block is more than the inline slots */
		}
	}
	d->slot_blocks[d->slot_block_count++] = safe_emalloc(MSGPACK_SLOT_BLOCK, sizeof(msgpack_slot), 0);
	d->slot_capacity += MSGPACK_SLOT_BLOCK;
}

/* ---- objects and the graveyard ------------------------------------------------------------ */

void msgpack_grow_objects(msgpack_decoder *d)
{
	d->object_capacity = d->object_capacity ? d->object_capacity * 2 : 8;
	d->objects = safe_erealloc(d->objects, d->object_capacity, sizeof(zend_object *), 0);
}

void msgpack_bury_refcounted(msgpack_decoder *d, zval *v)
{
	if (d->graveyard == NULL) {
		ALLOC_HASHTABLE(d->graveyard);
		zend_hash_init(d->graveyard, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
	zend_hash_next_index_insert_new(d->graveyard, v);
}

/* ---- keys --------------------------------------------------------------------------------- */

/*
 * strict_keys: a key that decoded to another type than int or string. A uint64 beyond
 * PHP_INT_MAX (a float or GMP number under the bigint options) is its decimal string, as an array
 * key can be no float or object; any other type is refused, at the key's offset. Checked here,
 * out of decode_key(), so that str and int keys pay nothing for it (a check in decode_key() costs
 * str keys 1.3% of the decoding: callgrind, citm_catalog.json).
 */
zend_never_inline bool msgpack_refuse_key(msgpack_decoder *d, zend_string **skey, zval *key)
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
	} else if (mp_is_fixarray(c) || c == MP_ARRAY16 || c == MP_ARRAY32) {
		what = "Invalid map key of type array";
	} else if (c < MP_FIXARRAY || c == MP_MAP16 || c == MP_MAP32) {
		/* a fixmap, or a record (0x40-0x7f): read as a map */
		what = "Invalid map key of type map";
	} else {
		what = "Invalid map key of type ext";
	}
	return msgpack_decode_invalid_item(d, d->key_at, what);
}

bool msgpack_insert_illegal_key(msgpack_decoder *d, HashTable *ht, zval *key, zval *val)
{
	zend_string *str;

	if (d->opts.strict_keys) {
		if (!msgpack_refuse_key(d, &str, key)) {
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
		return msgpack_decode_fail(d, MSGPACK_UNPACK_EXCEPTION);
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

/* A key not in its set: it takes the first place, the first goes second, the second out. */
zend_never_inline zend_string *msgpack_cache_new_key(zend_string **set, const unsigned char *p, uint32_t len)
{
	zend_string *s;

	if (set[1]) {
		zend_string_release(set[1]);
	}
	set[1] = set[0];
	s = string_from(p, len); /* len >= 2 */
	zend_string_hash_val(s);
	set[0] = zend_string_copy(s);
	return s;
}
