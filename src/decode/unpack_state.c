/*
 * The decoder's shared state (unpack_internal.h): an error that names a property, the
 * objects a call made, the graveyard, the map keys of other types than int and str, the key
 * cache's misses, the value cache. Below unpack.c and beside-files (unpack_object.c, the
 * records reader): they all use it, it uses none of them.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_msgpack.h"
#include "common/msgpack_format.h"
#include "common/msgpack_copy.h"
#include "decode/unpack.h"
#include "decode/unpack_internal.h"

/* ---- errors ------------------------------------------------------------------------------- */

bool msgpack_decode_invalid_item_str(msgpack_decoder *d, const unsigned char *item, zend_string *detail)
{
	if (d->error != MSGPACK_DECODE_OK) {
		zend_string_release(detail);
		return false;
	}
	d->detail_str = detail;
	return item ? msgpack_decode_invalid_item(d, item, ZSTR_VAL(detail)) : msgpack_decode_invalid(d, ZSTR_VAL(detail));
}

zend_never_inline bool msgpack_decode_fail_named(msgpack_decoder *d, msgpack_decode_status status, zend_string *class_name,
	zend_string *property)
{
	if (d->error != MSGPACK_DECODE_OK) {
		if (class_name) {
			zend_string_release(class_name);
		}
		if (property) {
			zend_string_release(property);
		}
		return false;
	}
	d->error_class = class_name;
	d->error_property = property;
	return msgpack_decode_fail(d, status);
}

/* ---- the value cache ------------------------------------------------------------------------ */

/*
 * Short string values repeat within a document (a language, a colour, a source, a status):
 * the value cache hands out one zend_string for all copies of the same bytes met in one value,
 * as igbinary's string table does, which saves their memory and most of their allocations.
 * 2-way set associative; its table is kept for the request (no allocation per call), its entries only
 * for the value: msgpack_decode() drops them (msgpack_release_value_cache()), so that nothing of one value
 * is held after it, and a benchmark that decodes the same bytes again finds none of them.
 *
 * A miss costs more than a plain copy (the hash, the probe of two strings not in the CPU's cache,
 * the entry it replaces and the one dropped at the end), a hit saves about an allocation: a call
 * turns the cache off when its strings repeat too little (judge_value_cache()).
 *
 * The strings of each map key (record field, property) are also judged alone: rows hold unique
 * strings (names, emails) beside short ones that repeat (tags, a status). Judged together, the
 * repeated ones kept the cache on for all, and every unique string paid a miss: the hash, a
 * probe, the entry it replaced released (a string decoded long before, out of the CPU's
 * caches), its own entry made and dropped at the end; such rows unpacked slower with the cache
 * than with none.
 *
 * A key is judged on a sample of its misses, those that go to a set whose index is a multiple
 * of four, once the call has had 256 misses and kept the cache (a smaller value holds too few
 * strings of a key for a verdict, and the samples cost 100 objects of two unique strings each
 * instructions, for no verdict): at its 32nd sampled miss, on its first 8 sampled
 * strings, which had time to be met again, the key is off if none still in the cache was (its
 * refcount is then the cache's and the value's only); if one was, it is not judged again. Hits
 * cost nothing this way, and misses little: counting every hit and miss by key cost documents
 * where no key is worth turning off (twitter.json) more than it saved; an earlier verdict turned
 * off keys whose strings repeat later (user names, banner URLs). When the call's strings repeat
 * too little (judge_value_cache()), every miss is sampled and a key is judged at its 16th: the
 * unique keys of rows go off before they cost much, and the strings that repeat beside them stay
 * shared, as igbinary shares them (rows of two unique strings and a date of 28 decode in as
 * little memory as igbinary's, less than with the cache off). The strings of a key that is off
 * are copied without a lookup, and are no misses of the call: its rule judges the strings still
 * looked up. Strings under no key (a list's) are left to the call's rule: their kinds are many.
 * Whether a key is off is a bit of d->value_keys_off, a Bloom filter of one hash: a key that
 * shares the bit of one that is off is copied too, which costs sharing, never a value.
 */
#define VALUE_KEY_VERDICT 32 /* sampled misses */
#define VALUE_KEY_URGENT_VERDICT 16 /* misses, every one sampled */
#define VALUE_KEY_SAMPLED 3  /* the bits of a sampled set's index, clear */

/* Drops the cache's reference to one of its strings: made by msgpack_string_from(), none is
 * interned or persistent (zend_string_release() tests both). */
static zend_always_inline void value_release(zend_string *s)
{
	if (GC_DELREF(s) == 0) {
		efree(s);
	}
}

/*
 * Every 128 misses: how the call's strings repeat. At the 128th, off with fewer than 8 hits
 * (unique ids, hashes, 1,000 short strings). At every 256th, with fewer hits than half the
 * misses (a database's rows, names and emails unique and dates repeated: a hit for every two
 * misses, slower with the cache than without before keys were judged), every miss is sampled from then on, for the keys' verdicts; if the next 256th still
 * has too few hits, off. Documents whose repeats come late are judged on the misses, not on the
 * lookups: citm_catalog.json has 27 hits at its 128th miss, 478 at its 256th; twitter.json 215 at
 * its 256th, 756 at its 512th.
 */
static zend_never_inline void judge_value_cache(msgpack_decoder *d)
{
	if (d->value_misses == 128) {
		if (d->value_hits < 8) {
			d->value_cache_off = MSGPACK_VALUES_OFF;
		}
	} else if (d->value_misses % 256 == 0 && d->value_hits < d->value_misses / 2) {
		if (d->value_keys_urgent) {
			d->value_cache_off = MSGPACK_VALUES_OFF;
		} else {
			d->value_keys_urgent = true;
		}
	}
}

/* The verdict on k at its VALUE_KEY_VERDICT-th sampled miss: off if none of its samples still
 * in the cache was met again, never judged again otherwise. */
static zend_never_inline void judge_value_key(msgpack_decoder *d, msgpack_value_key_stats *k)
{
	zend_string **str = d->value_cache->str;
	bool met_again = false;

	for (uint32_t i = 0; i < k->samples && !met_again; i++) {
		zend_string **set = &str[k->sample_set[i] * 2];
		if (set[0] == k->sample[i] || set[1] == k->sample[i]) {
			met_again = GC_REFCOUNT(k->sample[i]) > 2;
		}
	}
	k->verdict = false;
	if (!met_again) {
		d->value_keys_off |= msgpack_value_key_bit(k->key);
		if (d->value_cache_off == MSGPACK_VALUES_ON) {
			d->value_cache_off = MSGPACK_VALUES_SOME_KEYS_OFF;
		}
	}
}

/* The stats of key in this call: a table indexed by the key's hash, an entry held by one key's
 * address (a key is one zend_string for all the maps of a call: the key cache's, or a template's,
 * or a structure's); two keys that meet in one entry take it from each other, starting afresh. */
static zend_always_inline msgpack_value_key_stats *key_stats(msgpack_value_cache *cache, const zend_string *key)
{
	msgpack_value_key_stats *k = &cache->keys[msgpack_value_key_hash(key) >> (64 - 7)];

	/* the generation first: an entry of no call yet holds nothing else (see msgpack_value_cache_of()) */
	if (UNEXPECTED(k->generation != cache->generation || k->key != key)) {
		k->key = key;
		k->generation = cache->generation;
		k->misses = k->samples = 0;
		k->verdict = true;
	}
	return k;
}

zend_never_inline msgpack_value_cache *msgpack_value_cache_of(msgpack_decoder *d)
{
	msgpack_value_cache *cache = MSGPACK_G(value_cache);

	if (cache == NULL) {
		/* the sets empty; the stats of the keys stale (generation 0: key_stats() starts them
		 * afresh), which spares zeroing them */
		cache = emalloc(sizeof(msgpack_value_cache));
		memset(cache->str, 0, sizeof(cache->str));
		cache->used_count = 0;
		cache->generation = 1;
		for (uint32_t i = 0; i < MSGPACK_VALUE_KEY_STATS; i++) {
			cache->keys[i].generation = 0;
		}
	}
	/* taken, not shared: a decode nested in __wakeup() makes its own, and may free it */
	MSGPACK_G(value_cache) = NULL;
	d->value_cache = cache;
	return cache;
}

/* A sampled miss of key: the string just put first in set index. In a call of its own: inline, it made every
 * lookup pay for the registers it takes. */
static zend_never_inline void sample_key_miss(msgpack_decoder *d, const zend_string *key, uint32_t index)
{
	msgpack_value_key_stats *k;

	if (key == NULL) {
		return; /* under no key: the call's rule */
	}
	k = key_stats(d->value_cache, key);
	if (k->samples < MSGPACK_VALUE_KEY_SAMPLES) {
		k->sample_set[k->samples] = (uint16_t) index;
		k->sample[k->samples++] = d->value_cache->str[index * 2];
	}
	if (UNEXPECTED(++k->misses == (d->value_keys_urgent ? VALUE_KEY_URGENT_VERDICT : VALUE_KEY_VERDICT))
			&& k->verdict) { /* misses wraps: verdict first */
		judge_value_key(d, k);
	}
}

/* A value not in the cache (h: its msgpack_short_bytes_hash()): a new string, put in the cache (the
 * set's older entry dropped), and a sample of its key's misses taken. */
static zend_always_inline zend_string *cache_new_value(msgpack_decoder *d, uint64_t h, uint32_t len,
	zend_string *const *key)
{
	msgpack_value_cache *cache = d->value_cache;
	uint32_t index = (uint32_t) (h >> 32) & (MSGPACK_VALUE_CACHE_SIZE / 2 - 1);
	zend_string *s, **set = &cache->str[index * 2];

	if (UNEXPECTED(++d->value_misses % 128 == 0)) {
		judge_value_cache(d);
	}
	if (set[1]) {
		value_release(set[1]);
	}
	if (set[0] == NULL) {
		cache->used[cache->used_count++] = (uint16_t) index;
	}
	set[1] = set[0];
	s = msgpack_string_from(d->pos, len);
	GC_ADDREF(s);
	set[0] = s;
	if (UNEXPECTED(d->value_misses > 256) && ((index & VALUE_KEY_SAMPLED) == 0 || d->value_keys_urgent)) {
		sample_key_miss(d, *key, index);
	}
	return s;
}

/* The second way of the set of h, then a new value. */
static zend_always_inline zend_string *second_way_or_new(msgpack_decoder *d, uint64_t h, uint32_t len,
	zend_string *const *key)
{
	uint32_t index = (uint32_t) (h >> 32) & (MSGPACK_VALUE_CACHE_SIZE / 2 - 1);
	zend_string **set = &d->value_cache->str[index * 2], *s = set[1];

	if (s && ZSTR_LEN(s) == len && msgpack_value_bytes_equal(ZSTR_VAL(s), d->pos, len)) {
		d->value_hits++;
		set[1] = set[0];
		set[0] = s;
		GC_ADDREF(s);
		return s;
	}
	return cache_new_value(d, h, len, key);
}

zend_never_inline zend_string *msgpack_cache_second_way(msgpack_decoder *d, uint64_t h, uint32_t len,
	zend_string *const *key)
{
	return second_way_or_new(d, h, len, key);
}

/* In a call of its own: inlined in msgpack_decode_value()'s string path, the lookup made its other
 * strings pay for the registers it takes (a list of unique strings, whose cache goes off early).
 * The whole lookup is inline here: a miss pays no second call. */
zend_never_inline zend_string *msgpack_cached_str_value(msgpack_decoder *d, uint32_t len)
{
	msgpack_value_cache *cache = d->value_cache;
	zend_string *s;

	if (d->value_cache_off == MSGPACK_VALUES_SOME_KEYS_OFF && msgpack_value_key_off(d, d->value_key)) {
		return NULL;
	}
	if (UNEXPECTED(cache == NULL)) {
		cache = msgpack_value_cache_of(d);
	}
	uint64_t h = msgpack_short_bytes_hash(d->pos, len);
	if ((s = msgpack_value_first_way(d, cache, h, len)) != NULL) {
		return s;
	}
	return second_way_or_new(d, h, len, &d->value_key);
}

static void forget_values(msgpack_value_cache *cache)
{
	for (uint32_t i = 0; i < cache->used_count; i++) {
		zend_string **set = &cache->str[cache->used[i] * 2];
		value_release(set[0]);
		if (set[1]) {
			value_release(set[1]);
		}
		set[0] = set[1] = NULL;
	}
	cache->used_count = 0;
	cache->generation++; /* the stats of the keys are the call's */
}

void msgpack_release_value_cache(msgpack_decoder *d)
{
	msgpack_value_cache *cache = d->value_cache;

	if (cache == NULL) {
		return;
	}
	d->value_cache = NULL;
	forget_values(cache);
	/* kept for the next value unless this one was large: it costs such a value less to make
	 * it again than it would cost a long-running worker to hold it between calls */
	if (MSGPACK_G(value_cache) == NULL && (size_t) (d->end - d->start) < MSGPACK_VALUE_CACHE_KEEP_BELOW) {
		MSGPACK_G(value_cache) = cache;
	} else {
		efree(cache);
	}
}

void msgpack_value_cache_free(void)
{
	if (MSGPACK_G(value_cache)) {
		efree(MSGPACK_G(value_cache)); /* emptied when it was given back */
		MSGPACK_G(value_cache) = NULL;
	}
}

/* ---- slots -------------------------------------------------------------------------------- */

/* Room for one more slot: the decoder's own slots first (most values have few containers: they
 * spare them an allocation), then a table that doubles up to a block, then whole blocks are
 * added (unpack_internal.h). */
zend_never_inline bool msgpack_grow_slots(msgpack_decoder *d)
{
	if (d->slots == NULL) {
		d->slots = d->inline_slots;
		d->slot_capacity = MSGPACK_INLINE_SLOTS;
		return true;
	}
	if (d->slot_capacity < MSGPACK_SLOT_BLOCK) {
		if (d->slots == d->inline_slots) {
			if (MSGPACK_G(kept_slots)) {
				/* the table of an earlier value: a value of thousands of containers would
				 * otherwise regrow it by doubling on every call (citm_catalog: 9 reallocs,
				 * 74k instructions). Taken, not shared: a decode nested in __wakeup() makes
				 * its own. */
				d->slots = MSGPACK_G(kept_slots);
				d->slot_capacity = MSGPACK_G(kept_slot_capacity);
				MSGPACK_G(kept_slots) = NULL;
				memcpy(d->slots, d->inline_slots, sizeof(d->inline_slots));
				return true;
			}
			/* sized by the input (a container every 16 bytes at most, up to a block), so that a
			 * large value seldom grows it by copies */
			uint32_t capacity = d->slot_capacity * 2;
			size_t room = (size_t) (d->end - d->start) / 16;
			while (capacity < room && capacity < MSGPACK_SLOT_BLOCK) {
				capacity *= 2;
			}
			d->slots = safe_emalloc(capacity, sizeof(msgpack_slot), 0);
			memcpy(d->slots, d->inline_slots, sizeof(d->inline_slots));
			d->slot_capacity = capacity;
			return true;
		} else {
			d->slots = safe_erealloc(d->slots, d->slot_capacity, 2 * sizeof(msgpack_slot), 0);
		}
		d->slot_capacity *= 2;
		return true;
	}
	if (UNEXPECTED(d->slot_capacity > UINT32_MAX - MSGPACK_SLOT_BLOCK)) {
		/* a fatal error, which the API raises */
		if (d->error == MSGPACK_DECODE_OK) {
			d->error_slots = d->slot_capacity;
		}
		return msgpack_decode_fail_named(d, MSGPACK_DECODE_TOO_MANY_CONTAINERS, NULL, NULL);
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
	return true;
}

/* Keeps a value's heap slot table for the next value (msgpack_grow_slots()) when it is small
 * (MSGPACK_KEPT_SLOTS_MAX), or frees it: a value of more containers pays its doubling again
 * rather than a long-running worker holding the table between calls; and when one is kept
 * already (a nested decode). */
void msgpack_release_slots(msgpack_decoder *d)
{
	if (MSGPACK_G(kept_slots) == NULL && d->slot_capacity <= MSGPACK_KEPT_SLOTS_MAX) {
		MSGPACK_G(kept_slots) = d->slots;
		MSGPACK_G(kept_slot_capacity) = d->slot_capacity;
	} else {
		efree(d->slots);
	}
}

void msgpack_kept_slots_free(void)
{
	if (MSGPACK_G(kept_slots)) {
		efree(MSGPACK_G(kept_slots));
		MSGPACK_G(kept_slots) = NULL;
		MSGPACK_G(kept_slot_capacity) = 0;
	}
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
 * strict_keys: a key that decoded to another type than int or string. An int beyond zend_long
 * (a float or GMP number under the bigint options) is its decimal string, as an array
 * key can be no float or object; any other type is refused, at the key's offset. Checked here,
 * out of msgpack_decode_key(), so that str and int keys, nearly all of them, pay nothing for it.
 */
zend_never_inline bool msgpack_refuse_key(msgpack_decoder *d, zend_string **skey, zval *key)
{
	unsigned char c = *d->key_at;
	const char *what;

	msgpack_bury(d, key);
	ZVAL_UNDEF(key);
	if (c >= MP_UINT8 && c <= MP_INT64) {
		/* an int beyond zend_long (msgpack_int_fits_long()): all there, it was decoded */
		unsigned size = 1u << (c & 3), shift = 64 - 8 * size;
		const unsigned char *p = d->key_at + 1;
		uint64_t raw = size == 1 ? p[0] : size == 2 ? mp_load16(p) : size == 4 ? mp_load32(p) : mp_load64(p);
		*skey = c >= MP_INT8 ? msgpack_int64_to_str((uint64_t) ((int64_t) (raw << shift) >> shift), false)
			: msgpack_int64_to_str(raw, true);
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

	ZEND_ASSERT(!d->opts.strict_keys); /* msgpack_refuse_key() took the key before its value */
	/* PECL warns in both modes */
	msgpack_notify(d, MSGPACK_DECODE_NOTICE_ILLEGAL_KEY, NULL);
	if (d->opts.illegal_key_insert) {
		/* no next index after PHP_INT_MAX: what does not go in is kept till the end */
		if (!zend_hash_next_index_insert(ht, key)) {
			msgpack_bury(d, key);
		}
		if (!zend_hash_next_index_insert(ht, val)) {
			msgpack_bury(d, val);
		}
		return true;
	}
	if (Z_TYPE_P(key) == IS_OBJECT) {
		/* as PECL: the entry is dropped (no __toString() of decoded objects, no Error) */
		msgpack_bury(d, key);
		msgpack_bury(d, val);
		return true;
	}
	if (Z_TYPE_P(key) == IS_NULL) {
		str = ZSTR_EMPTY_ALLOC();
	} else {
		str = zval_try_get_string(key);
	}
	msgpack_bury(d, key);
	if (UNEXPECTED(str == NULL || EG(exception))) {
		if (str) {
			zend_string_release(str);
		}
		msgpack_bury(d, val);
		return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	zval *old = zend_symtable_find(ht, str);
	if (old) {
		msgpack_bury(d, old);
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
	s = msgpack_string_from(p, len); /* len >= 2 */
	zend_string_hash_val(s);
	/* the engine's own string when it has one ("type", "name", "message": the names of its
	 * functions, classes and properties), as igbinary reads keys */
	zend_string *known = zend_interned_string_find_permanent(s);
	if (known) {
		zend_string_release(s);
		s = known;
	}
	set[0] = zend_string_copy(s);
	return s;
}
