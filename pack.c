/*
 * Encoder: zval -> MessagePack bytes, in the format PECL msgpack writes (docs/format.md).
 *
 * Every byte is written by one of the put_* / pack_* writers of pack_write.h; the encode_*
 * functions below walk the value and decide which ones to call.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "zend_bitset.h"
#include "zend_interfaces.h"
#include "zend_exceptions.h"
#include "zend_enum.h"
#include "ext/standard/php_incomplete_class.h"
#include "ext/date/php_date.h"
#include "ext/json/php_json.h"
#include "php_msgpack.h"
#include "msgpack_compat.h"
#include "msgpack_format.h"
#include "msgpack_copy.h"
#include "msgpack_ext.h"
#include "msgpack_exception.h"
#include "msgpack_utf8.h"
#include "pack.h"
#include "pack_write.h"
#include "msgpack_records.h"
#include "pack_records.h"
#include "msgpack_stack.h"
#include "msgpack_plan.h"

/* ---- the output's size ------------------------------------------------------------------ */

/* The bytes of the buffer msgpack_encode() starts on its stack (ON_STACK_MARK, pack_write.h). */
#define STACK_BUFFER_SIZE 1024

/*
 * Sizing a large output from the progress through a long outermost list (a million rows).
 * Past 2 MB an output is a block mapped for itself: growing it in place fails whenever another
 * mapping follows it, and the output is then copied into a fresh block, whose pages the kernel
 * faults in and zeroes once more. Growing by steps, a 117 MB output was copied four times
 * (110 MB in all) and faulted 74,000 pages instead of 28,500: 206 ns a row instead of 135.
 * So each time the list's output has doubled from SIZE_ESTIMATE_AT on, the buffer is grown at
 * once to what the rest of the list should take at the bytes per entry of the entries since
 * the last time, or of the whole list if lower (the first time only marks where that is).
 * Pages of the block not written are never touched (no fault), and smart_str_extract() gives
 * the tail back. The estimate is bounded by SIZE_ESTIMATE_MAX_RATIO times what is written, and
 * by half of what memory_limit leaves, so that the slack cannot fail an allocation that the
 * output alone would not.
 */
#define SIZE_ESTIMATE_AT ((size_t) 1024 * 1024)
#define SIZE_ESTIMATE_BATCH 1024 /* entries between two looks at the output's length */
#define SIZE_ESTIMATE_MAX_RATIO 32

/* Grows buf for the rest entries still to come: at the lower of two rates, the entries since the
 * last look (bytes over entries) and the whole list so far (all_bytes over all_entries), so that
 * neither large first entries nor a run of large ones in the middle, followed by small ones,
 * reserve far more than the rest will take. */
static zend_never_inline void size_from_progress(smart_str *buf, size_t bytes, uint32_t entries,
	size_t all_bytes, uint32_t all_entries, uint32_t rest)
{
	size_t len = ZSTR_LEN(buf->s);
	double rate = MIN((double) bytes / entries, (double) all_bytes / all_entries);
	double more = rate * rest;
	double wanted = (double) len + more + more / 16; /* a sixteenth more: entries vary */
	double bound = (double) len * SIZE_ESTIMATE_MAX_RATIO;

	if (PG(memory_limit) > 0) {
		/* the new block may be allocated while the old one is held (and counted in used), so
		 * it must fit in what is left on its own; half of it, for the rest of the work */
		size_t used = zend_memory_usage(true);
		size_t limit = (size_t) PG(memory_limit);
		double room = used < limit ? (double) (limit - used) / 2 : 0;
		bound = MIN(bound, room);
	}
	wanted = MIN(wanted, bound);
	if (wanted > (double) buf->a && !buffer_on_stack(buf)) {
		smart_str_erealloc(buf, (size_t) wanted);
	}
}

/* ---- ext values, timestamps, PHP markers -------------------------------------------------- */

/* An ext value of the encoder: while records are on, fixext 0x72 (`d4 72`, `d5 72`) would read as
 * a record declaration, so an ext 0x72 of 1 or 2 bytes takes the ext8 form (msgpackr's neither). */
static void encode_ext(msgpack_encoder *enc, int8_t type, const char *data, size_t len)
{
	if (UNEXPECTED(enc->records != NULL) && msgpack_record_write_ext(enc->buf, type, data, len)) {
		return;
	}
	pack_ext(enc->buf, type, data, len);
}

static zend_always_inline void pack_class_entry(msgpack_encoder *enc, zend_string *class_name)
{
	put_byte(enc->buf, MP_NIL);
	pack_str(enc->buf, ZSTR_VAL(class_name), ZSTR_LEN(class_name), enc->opts.use_str8);
}

/* ---- what the encoder reports ------------------------------------------------------------ */

/* Fails the value with what the encoder refuses (msgpack_pack_error past EXCEPTION): the walk
 * stops, and the API says it. Returns the detail, cleared, for what the message names
 * (references, released with the encoder). */
static zend_never_inline msgpack_pack_error_detail *refuse(msgpack_encoder *enc, msgpack_pack_error error)
{
	enc->error = error;
	memset(&enc->detail, 0, sizeof(enc->detail));
	enc->detail.pending = EG(exception);
	return &enc->detail;
}

/* refuse() with the class the message names. */
static zend_never_inline void refuse_class(msgpack_encoder *enc, msgpack_pack_error error, zend_class_entry *ce)
{
	refuse(enc, error)->class_name = zend_string_copy(ce->name);
}

/* Tells the API of a nil written in place of what cannot be packed, at the moment it is. */
static void notify(const msgpack_encoder *enc, msgpack_pack_notice_kind kind, zend_string *name)
{
	if (enc->opts.notice) {
		msgpack_pack_notice n = {kind, name};
		enc->opts.notice(&n);
	}
}

/* ---- walking the value ------------------------------------------------------------------ */

static void encode_zval(msgpack_encoder *enc, zval *val);
static void encode_array(msgpack_encoder *enc, HashTable *ht);

/* A string value under BIN_STRINGS or DETECT_BIN; a map key under DETECT_BIN (other keys and
 * names stay str). */
static void encode_string_by_mode(msgpack_encoder *enc, zend_string *str)
{
	size_t len = ZSTR_LEN(str);
	bool as_bin;

	if (enc->opts.strings == MSGPACK_STRINGS_BIN) {
		as_bin = true;
	} else if (len <= 32) {
		as_bin = !msgpack_is_utf8(ZSTR_VAL(str), len); /* cheaper than the flag below */
#ifdef IS_STR_VALID_UTF8
	} else if (GC_FLAGS(str) & IS_STR_VALID_UTF8) {
		/* the flag PHP (8.2+) and PCRE keep on strings found valid: packing again is free */
		as_bin = false;
#endif
	} else {
		as_bin = !msgpack_utf8_check(ZSTR_VAL(str), len);
#ifdef IS_STR_VALID_UTF8
		if (!as_bin && !ZSTR_IS_INTERNED(str)) {
			GC_ADD_FLAGS(str, IS_STR_VALID_UTF8);
		}
#endif
	}
	if (UNEXPECTED(len > UINT32_MAX)) {
		refuse(enc, MSGPACK_PACK_ERROR_STRING_TOO_LONG)->size = len;
	} else if (as_bin) {
		pack_bin(enc->buf, ZSTR_VAL(str), len);
	} else {
		pack_str(enc->buf, ZSTR_VAL(str), len, true);
	}
}

/*
 * The C stack (msgpack_stack.h) is looked at when a level reaches enc->next_look, not at every
 * level: packing enters a container per list of two floats, and a look there cost more than 3%
 * of the work. After each look, next_look is as many levels further as surely fit in what is left
 * of the stack: what is left over four times the most a level has taken so far on this path, and
 * at least STACK_LEVEL_MIN bytes a level. Frames of user code run by a level (jsonSerialize(),
 * __serialize(), ext encoders) are gone before the next level starts; a call that packs again
 * from there is a new encoder, which looks at the stack as it starts.
 */
#define STACK_LEVEL_MIN 1024

static void plan_next_look(msgpack_encoder *enc)
{
	uintptr_t here = msgpack_stack_position(), limit = (uintptr_t) enc->stack_limit;
	size_t per_level = enc->depth ? (enc->stack_top - here) / enc->depth : 0;
	size_t levels = here > limit ? (here - limit) / MAX(4 * per_level, STACK_LEVEL_MIN) : 0;

	enc->next_look = levels >= enc->opts.max_depth - enc->depth ? enc->opts.max_depth : enc->depth + (uint32_t) levels;
}

static zend_never_inline bool enter_looking(msgpack_encoder *enc)
{
	if (enc->depth > enc->opts.max_depth) {
		enc->error = MSGPACK_PACK_ERROR_DEPTH;
		return false;
	}
	if (msgpack_stack_exhausted(enc->stack_limit)) {
		enc->error = MSGPACK_PACK_ERROR_STACK;
		enc->stack_depth = enc->depth;
		return false;
	}
	plan_next_look(enc);
	return true;
}

static zend_always_inline bool enter(msgpack_encoder *enc)
{
	if (UNEXPECTED(++enc->depth > enc->next_look)) {
		return enter_looking(enc);
	}
	return true;
}

#define LEAVE(enc) ((enc)->depth--)

/*
 * Back-references. The id of a value is its pre-order number among arrays and objects (and the
 * back-reference maps, which readers count too). The addresses already written live in a small
 * open-addressed table: a zend_hash costs a bucket, a zval and a resize of its own per entry.
 */
typedef struct _msgpack_seen_slot {
	uintptr_t addr; /* 0: free */
	uint32_t id;
} msgpack_seen_slot;

#define SEEN_INITIAL_CAPACITY 64

/* Fibonacci hashing of the address (its low bits are alignment, the same in every address). */
static zend_always_inline msgpack_seen_slot *seen_probe(const msgpack_encoder *enc, uintptr_t addr)
{
	uint32_t i = (uint32_t) (((uint64_t) addr * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & enc->seen_mask;

	while (enc->seen[i].addr != 0 && enc->seen[i].addr != addr) {
		i = (i + 1) & enc->seen_mask;
	}
	return &enc->seen[i];
}

/* Doubles the table (kept at most half full, so that probes stay short). */
static zend_never_inline void seen_grow(msgpack_encoder *enc)
{
	msgpack_seen_slot *old = enc->seen;
	uint32_t old_capacity = old ? enc->seen_mask + 1 : 0;
	uint32_t capacity = old ? old_capacity * 2 : SEEN_INITIAL_CAPACITY;

	enc->seen = ecalloc(capacity, sizeof(msgpack_seen_slot));
	enc->seen_mask = capacity - 1;
	for (uint32_t i = 0; i < old_capacity; i++) {
		if (old[i].addr) {
			*seen_probe(enc, old[i].addr) = old[i];
		}
	}
	if (old) {
		efree(old);
	}
	enc->keep_alive = erealloc(enc->keep_alive, (capacity / 2) * sizeof(zend_refcounted *));
}

/* The id addr was written under, or 0. */
static uint32_t seen_id(const msgpack_encoder *enc, void *addr)
{
	return enc->seen ? seen_probe(enc, (uintptr_t) addr)->id : 0;
}

/* The id of addr if it was written before; else records it under the id just given, returns 0. */
static uint32_t seen_before(msgpack_encoder *enc, void *addr, zval *holder)
{
	msgpack_seen_slot *slot;

	if (UNEXPECTED(enc->seen == NULL || (enc->seen_count + 1) * 2 > enc->seen_mask + 1)) {
		seen_grow(enc);
	}
	slot = seen_probe(enc, (uintptr_t) addr);
	if (slot->addr) {
		return slot->id;
	}
	slot->addr = (uintptr_t) addr;
	slot->id = enc->last_id;
	GC_ADDREF(Z_COUNTED_P(holder));
	enc->keep_alive[enc->seen_count++] = Z_COUNTED_P(holder);
	return 0;
}

/* `82 c0 <marker> 00 <id>`. PECL's reader counts this map as a container, so it takes an id
 * here too; PECL's writer skips it for markers 2 and 5, which shifts every later id (we don't). */
static void pack_back_reference(msgpack_encoder *enc, zend_long marker, uint32_t id)
{
	enc->last_id++;
	pack_map_header(enc->buf, 2);
	pack_marker(enc->buf, marker);
	put_byte(enc->buf, 0);
	pack_long(enc->buf, id);
}

/* An int value or key: while records are on, 64..127 take the uint8 form (the fixints are ids). */
static zend_always_inline void pack_int(msgpack_encoder *enc, int64_t v)
{
	if (UNEXPECTED(enc->records != NULL)) {
		msgpack_record_write_int(enc->buf, v);
		return;
	}
	pack_long(enc->buf, v);
}

/* encode_zval() with the common scalars written in place: in the loops over array entries and
 * properties, a call of encode_zval() (a large function, whose prologue saves every register)
 * costs as much as writing an int or a short string. */
static zend_always_inline void encode_entry(msgpack_encoder *enc, zval *v)
{
	switch (Z_TYPE_P(v)) {
		case IS_LONG:
			pack_int(enc, Z_LVAL_P(v));
			return;
		case IS_STRING:
			if (EXPECTED(enc->opts.strings == MSGPACK_STRINGS_STR)) {
				pack_str(enc->buf, Z_STRVAL_P(v), Z_STRLEN_P(v), enc->opts.use_str8);
				return;
			}
			break;
		case IS_DOUBLE:
			pack_double(enc->buf, Z_DVAL_P(v), enc->opts.force_f32);
			return;
		case IS_TRUE:
			put_byte(enc->buf, MP_TRUE);
			return;
		case IS_FALSE:
			put_byte(enc->buf, MP_FALSE);
			return;
		case IS_NULL:
			put_byte(enc->buf, MP_NIL);
			return;
		case IS_ARRAY:
			encode_array(enc, Z_ARRVAL_P(v));
			return;
	}
	encode_zval(enc, v);
}

static zend_always_inline void encode_key(msgpack_encoder *enc, zend_string *key, zend_ulong h)
{
	if (key) {
		pack_str(enc->buf, ZSTR_VAL(key), ZSTR_LEN(key), enc->opts.use_str8);
	} else {
		pack_int(enc, (zend_long) h);
	}
}

/* The values of a packed array from from to to (holes skipped); false on an error. */
static zend_always_inline bool encode_packed_values(msgpack_encoder *enc, zval *from, zval *to)
{
	for (zval *v = from; v != to; v++) {
		if (UNEXPECTED(Z_TYPE_P(v) == IS_UNDEF)) {
			continue;
		}
		encode_entry(enc, v);
		if (UNEXPECTED(enc->error)) {
			return false;
		}
	}
	return true;
}

/* The outermost list when it is long: written SIZE_ESTIMATE_BATCH values at a time, and the
 * output sized from the progress (size_from_progress()) each time it has doubled. */
static zend_never_inline void encode_long_list(msgpack_encoder *enc, HashTable *ht)
{
	smart_str *buf = enc->buf;
	size_t start = ZSTR_LEN(buf->s);
	size_t mark_len = start, check_at = start + SIZE_ESTIMATE_AT;
	zval *first = ht->arPacked, *end = first + ht->nNumUsed, *from = first, *mark = first;

	while (from != end) {
		zval *to = end - from > SIZE_ESTIMATE_BATCH ? from + SIZE_ESTIMATE_BATCH : end;
		if (!encode_packed_values(enc, from, to)) {
			return;
		}
		from = to;
		if (UNEXPECTED(ZSTR_LEN(buf->s) >= check_at) && from != end) {
			size_t len = ZSTR_LEN(buf->s);
			/* not from the first entries alone: they may be the large ones */
			if (mark != first) {
				size_from_progress(buf, len - mark_len, (uint32_t) (from - mark), len - start,
					(uint32_t) (from - first), (uint32_t) (end - from));
			}
			mark_len = len;
			mark = from;
			check_at = start + 2 * (len - start);
		}
	}
}

/* An array being written is held: user code the encoder runs for an object in it (an extension
 * encoder, a transformer, __serialize(), jsonSerialize()) may write to the array or drop the last
 * reference to it (by reassigning the property that holds it). Held, the array is separated from
 * by such a write, never grown or freed under the loop that walks it. */
#define HOLD_ARRAY(ht) GC_TRY_ADDREF(ht)
#define RELEASE_ARRAY(ht) do { \
		if (!(GC_FLAGS(ht) & GC_IMMUTABLE) && UNEXPECTED(GC_DELREF(ht) == 0)) { \
			zend_array_destroy(ht); \
		} \
	} while (0)

/* The entries of ht, values only (as_list) or keys and values. Packed arrays (PHP 8.2 keeps
 * their values without buckets) and hash maps each get their own loop. The caller holds ht (see
 * HOLD_ARRAY). */
static void encode_hash_entries(msgpack_encoder *enc, HashTable *ht, bool as_list)
{
	zend_string *key;
	zend_ulong h;
	zval *v;

	if (HT_IS_PACKED(ht)) {
		if (as_list) {
			if (UNEXPECTED(ht == enc->long_list)) {
				encode_long_list(enc, ht);
			} else {
				encode_packed_values(enc, ht->arPacked, ht->arPacked + ht->nNumUsed);
			}
		} else {
			ZEND_HASH_PACKED_FOREACH_KEY_VAL(ht, h, v) {
				pack_int(enc, (zend_long) h);
				encode_entry(enc, v);
				if (UNEXPECTED(enc->error)) {
					return;
				}
			} ZEND_HASH_FOREACH_END();
		}
		return;
	}
	if (as_list) {
		ZEND_HASH_MAP_FOREACH_VAL(ht, v) {
			encode_entry(enc, v);
			if (UNEXPECTED(enc->error)) {
				return;
			}
		} ZEND_HASH_FOREACH_END();
		return;
	}
	if (UNEXPECTED(enc->opts.strings == MSGPACK_STRINGS_DETECT)) {
		/* a str must be UTF-8: a key that is not is bin. Its own loop, so that the loop below
		 * (every map of the other modes) looks at the mode once a map, not once a key. */
		ZEND_HASH_MAP_FOREACH_KEY_VAL(ht, h, key, v) {
			if (key) {
				encode_string_by_mode(enc, key);
				if (UNEXPECTED(enc->error)) {
					return; /* refused: no user code of the value runs */
				}
			} else {
				pack_int(enc, (zend_long) h);
			}
			encode_entry(enc, v);
			if (UNEXPECTED(enc->error)) {
				return;
			}
		} ZEND_HASH_FOREACH_END();
		return;
	}
	ZEND_HASH_MAP_FOREACH_KEY_VAL(ht, h, key, v) {
		encode_key(enc, key, h);
		encode_entry(enc, v);
		if (UNEXPECTED(enc->error)) {
			return;
		}
	} ZEND_HASH_FOREACH_END();
}

static void encode_array(msgpack_encoder *enc, HashTable *ht)
{
	uint32_t n = zend_hash_num_elements(ht);

	enc->last_id++;
	if (n == 0) {
		put_byte(enc->buf, enc->opts.arrays_as_maps ? MP_FIXMAP : MP_FIXARRAY);
		return;
	}
	/* php_only off has no back-references: as PECL msgpack does, an array met again inside
	 * itself is written as nil. The outermost array is not watched (PECL's quirk), so a cycle
	 * through it is written once more before the nil. The MsgPack\ API refuses a cycle. */
	bool watch = !enc->opts.php_only && enc->depth > 0 && !(GC_FLAGS(ht) & GC_IMMUTABLE);
	if (watch && GC_IS_RECURSIVE(ht)) {
		if (enc->opts.strict) {
			refuse(enc, MSGPACK_PACK_ERROR_ARRAY_CYCLE);
			return;
		}
		put_byte(enc->buf, MP_NIL);
		return;
	}
	if (!enter(enc)) {
		return;
	}
	HOLD_ARRAY(ht);
	if (watch) {
		GC_PROTECT_RECURSION(ht);
	}
	if (zend_array_is_list(ht) && !enc->opts.arrays_as_maps) {
		pack_array_header(enc->buf, n);
		encode_hash_entries(enc, ht, true);
	} else if (UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, ht, false)) {
		/* records: the head (an identifier or a declaration) is written, the values follow */
		encode_hash_entries(enc, ht, true);
	} else {
		pack_map_header(enc->buf, n);
		encode_hash_entries(enc, ht, false);
	}
	if (watch) {
		GC_UNPROTECT_RECURSION(ht);
	}
	RELEASE_ARRAY(ht);
	LEAVE(enc);
}

/* The outermost array of packArray() (form LIST: the list of its values, whatever its keys) or
 * packMap() (form MAP: a map, a list included), as encode_array() writes the form it picks. */
static void encode_array_as(msgpack_encoder *enc, HashTable *ht, msgpack_root_form form)
{
	uint32_t n = zend_hash_num_elements(ht);

	enc->last_id++;
	if (n == 0) {
		put_byte(enc->buf, form == MSGPACK_ROOT_MAP ? MP_FIXMAP : MP_FIXARRAY);
		return;
	}
	if (!enter(enc)) {
		return;
	}
	HOLD_ARRAY(ht);
	if (form == MSGPACK_ROOT_LIST) {
		pack_array_header(enc->buf, n);
		encode_hash_entries(enc, ht, true);
	} else if (UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, ht, false)) {
		encode_hash_entries(enc, ht, true);
	} else {
		pack_map_header(enc->buf, n);
		encode_hash_entries(enc, ht, false);
	}
	RELEASE_ARRAY(ht);
	LEAVE(enc);
}

/* An array held in a PHP reference: `c0 01` first, then every key, list or not. */
static void encode_referenced_array(msgpack_encoder *enc, zval *ref)
{
	HashTable *ht = Z_ARRVAL_P(Z_REFVAL_P(ref));
	uint32_t n = zend_hash_num_elements(ht), id;

	enc->last_id++;
	id = seen_before(enc, Z_REF_P(ref), ref);
	if (id) {
		enc->last_id--; /* the marker map takes the id instead */
		pack_back_reference(enc, MSGPACK_MARKER_RECURSIVE, id);
		return;
	}
	if (n == 0) {
		put_byte(enc->buf, enc->opts.arrays_as_maps ? MP_FIXMAP : MP_FIXARRAY);
		return;
	}
	if (!enter(enc)) {
		return;
	}
	pack_map_header(enc->buf, n + 1);
	pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
	HOLD_ARRAY(ht);
	encode_hash_entries(enc, ht, false);
	RELEASE_ARRAY(ht);
	LEAVE(enc);
}

/* Counts the properties that will be written: initialized ones, without the name slot that
 * __PHP_Incomplete_Class keeps. */
/*
 * The entries of a property table that are written, chosen before any is written: their count
 * goes first (a map header, a record's field list). User code run by a value (jsonSerialize(),
 * __serialize() of an object inside) may then unset a declared property of this object, which
 * the table shows at once in its slot; such a property, counted already, is written as nil, as
 * encode_slots() does, so that the count stays true. (Other changes to the table separate it
 * from the one we hold: zend_get_properties_for() gave it a reference.) Bit i: the i-th entry.
 */
typedef struct _property_selection {
	zend_ulong *bits;
	zend_ulong inline_bits[2];
	uint32_t count;
} property_selection;

static zend_always_inline bool property_written(zend_string *key, zval *v, bool incomplete, bool public_only)
{
	if (Z_TYPE_P(v) == IS_INDIRECT) {
		v = Z_INDIRECT_P(v);
	}
	if (Z_TYPE_P(v) == IS_UNDEF) {
		return false;
	}
	if (incomplete && key && zend_string_equals_literal(key, MAGIC_MEMBER)) {
		return false;
	}
	/* private and protected names are mangled: they begin with a NUL byte */
	return !(public_only && key && ZSTR_LEN(key) && ZSTR_VAL(key)[0] == '\0');
}

static void select_properties(HashTable *props, bool incomplete, bool public_only, property_selection *sel)
{
	uint32_t words = zend_bitset_len(props->nNumUsed);
	uint32_t i = 0;
	zend_string *key;
	zval *v;

	sel->bits = words <= 2 ? sel->inline_bits : ecalloc(words, sizeof(zend_ulong));
	if (words <= 2) {
		sel->inline_bits[0] = sel->inline_bits[1] = 0;
	}
	sel->count = 0;
	ZEND_HASH_FOREACH_STR_KEY_VAL(props, key, v) {
		if (property_written(key, v, incomplete, public_only)) {
			zend_bitset_incl(sel->bits, i);
			sel->count++;
		}
		i++;
	} ZEND_HASH_FOREACH_END();
}

static void release_selection(property_selection *sel)
{
	if (sel->bits != sel->inline_bits) {
		efree(sel->bits);
	}
}

/* The selected properties: names (unless values_only) and values, in the table's order. */
static void encode_selected_properties(msgpack_encoder *enc, HashTable *props, const property_selection *sel,
	bool values_only, bool use_str8)
{
	uint32_t i = 0;
	zend_string *key;
	zend_ulong h;
	zval *v;

	ZEND_HASH_FOREACH_KEY_VAL(props, h, key, v) {
		if (!zend_bitset_in(sel->bits, i++)) {
			continue;
		}
		if (!values_only) {
			if (key && UNEXPECTED(enc->opts.strings == MSGPACK_STRINGS_DETECT)) {
				encode_string_by_mode(enc, key); /* a dynamic property's name may be any bytes */
				if (UNEXPECTED(enc->error)) {
					return; /* refused: no user code of the value runs */
				}
			} else if (key) {
				pack_str(enc->buf, ZSTR_VAL(key), ZSTR_LEN(key), use_str8);
			} else {
				pack_int(enc, (zend_long) h);
			}
		}
		if (Z_TYPE_P(v) == IS_INDIRECT) {
			v = Z_INDIRECT_P(v);
		}
		if (UNEXPECTED(Z_TYPE_P(v) == IS_UNDEF)) {
			put_byte(enc->buf, MP_NIL); /* unset since it was counted */
		} else {
			encode_zval(enc, v);
		}
		if (UNEXPECTED(enc->error)) {
			return;
		}
	} ZEND_HASH_FOREACH_END();
}

/* Looks a __sleep() name up as public, then private, then protected property. */
static zval *find_sleep_property(HashTable *props, zend_class_entry *ce, zend_string *name,
	zend_string **mangled)
{
	zval *v = zend_hash_find(props, name);

	if (v) {
		*mangled = zend_string_copy(name);
		return v;
	}
	*mangled = zend_mangle_property_name(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name),
		ZSTR_VAL(name), ZSTR_LEN(name), 0);
	if ((v = zend_hash_find(props, *mangled)) != NULL) {
		return v;
	}
	zend_string_release(*mangled);
	*mangled = zend_mangle_property_name("*", 1, ZSTR_VAL(name), ZSTR_LEN(name), 0);
	if ((v = zend_hash_find(props, *mangled)) != NULL) {
		return v;
	}
	zend_string_release(*mangled);
	*mangled = zend_string_copy(name);
	return NULL;
}

/*
 * Writes the object as __sleep() asks: only the listed properties, each under the name it was
 * found under. A name that is no property gets a notice and nil. Returns false when __sleep()
 * did not return an array (the caller then writes nil).
 */
static bool encode_sleep(msgpack_encoder *enc, zval *obj_zv, zval *names, bool in_reference)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	HashTable *props;
	zval *name;

	if (Z_TYPE_P(names) != IS_ARRAY) {
		return false;
	}
	props = zend_get_properties_for(obj_zv, ZEND_PROP_PURPOSE_SERIALIZE);
	pack_map_header(enc->buf, zend_hash_num_elements(Z_ARRVAL_P(names)) + 1 + in_reference);
	if (in_reference) {
		pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
	}
	pack_class_entry(enc, obj->ce->name);
	ZEND_HASH_FOREACH_VAL_IND(Z_ARRVAL_P(names), name) {
		zend_string *mangled, *tmp_name;
		zend_string *str = zval_get_tmp_string(name, &tmp_name);
		zval *v = find_sleep_property(props, obj->ce, str, &mangled);

		if (v && Z_TYPE_P(v) == IS_INDIRECT) {
			v = Z_INDIRECT_P(v);
		}
		pack_str(enc->buf, ZSTR_VAL(mangled), ZSTR_LEN(mangled), enc->opts.use_str8);
		if (v == NULL || Z_TYPE_P(v) == IS_UNDEF) {
			notify(enc, MSGPACK_PACK_NOTICE_SLEEP_MISSING, str);
			put_byte(enc->buf, MP_NIL);
		} else {
			encode_zval(enc, v);
		}
		zend_string_release(mangled);
		zend_tmp_string_release(tmp_name);
		if (enc->error) {
			break;
		}
	} ZEND_HASH_FOREACH_END();
	zend_release_properties(props);
	return true;
}

/* `82 c0 "Class" c0 <array>`: what __serialize() returned. */
static void encode_serialize_method(msgpack_encoder *enc, zend_object *obj, bool in_reference)
{
	zval data;

	zend_call_known_instance_method_with_0_params(obj->ce->__serialize, obj, &data);
	if (EG(exception)) {
		zval_ptr_dtor(&data);
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		return;
	}
	if (Z_TYPE(data) != IS_ARRAY) {
		zval_ptr_dtor(&data);
		refuse_class(enc, MSGPACK_PACK_ERROR_SERIALIZE_NOT_ARRAY, obj->ce);
		return;
	}
	pack_map_header(enc->buf, 2 + in_reference);
	if (in_reference) {
		pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
	}
	pack_class_entry(enc, obj->ce->name);
	put_byte(enc->buf, MP_NIL);
	encode_array(enc, Z_ARRVAL(data));
	zval_ptr_dtor(&data);
}

/* `82 c0 03 "Class" <payload of serialize()>`: a class implementing Serializable. */
static void encode_serializable(msgpack_encoder *enc, zval *obj_zv)
{
	zend_class_entry *ce = Z_OBJCE_P(obj_zv);
	unsigned char *payload = NULL;
	size_t len = 0;

	if (ce->serialize(obj_zv, &payload, &len, NULL) == SUCCESS && !EG(exception)) {
		pack_map_header(enc->buf, 2);
		pack_marker(enc->buf, MSGPACK_MARKER_CUSTOM_OBJECT);
		pack_str(enc->buf, ZSTR_VAL(ce->name), ZSTR_LEN(ce->name), enc->opts.use_str8);
		pack_str(enc->buf, (char *) payload, len, enc->opts.use_str8);
	} else if (EG(exception)) {
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
	} else {
		put_byte(enc->buf, MP_NIL);
	}
	if (payload) {
		efree(payload);
	}
}

/* `82 c0 06 "Enum" "Case"`, the case name also for backed enums. */
static void encode_enum(msgpack_encoder *enc, zend_object *obj)
{
	zval *case_name = zend_enum_fetch_case_name(obj);

	pack_map_header(enc->buf, 2);
	pack_marker(enc->buf, MSGPACK_MARKER_ENUM);
	pack_str(enc->buf, ZSTR_VAL(obj->ce->name), ZSTR_LEN(obj->ce->name), enc->opts.use_str8);
	pack_str(enc->buf, Z_STRVAL_P(case_name), Z_STRLEN_P(case_name), enc->opts.use_str8);
}

/* MsgPack\Map: its array as a map, list or empty; a container like any array (it takes an id). */
static void encode_map_object(msgpack_encoder *enc, zend_object *obj)
{
	zval *value = MSGPACK_MAP_VALUE(obj);
	HashTable *ht;

	if (Z_TYPE_P(value) != IS_ARRAY) {
		put_byte(enc->buf, MP_NIL); /* made without its constructor */
		return;
	}
	ht = Z_ARRVAL_P(value);
	enc->last_id++;
	if (!enter(enc)) {
		return;
	}
	pack_map_header(enc->buf, zend_hash_num_elements(ht));
	HOLD_ARRAY(ht);
	encode_hash_entries(enc, ht, false);
	RELEASE_ARRAY(ht);
	LEAVE(enc);
}

/* MsgPack\Ext, Timestamp, Bin and Map: the MessagePack type they stand for. */
static void encode_value_object(msgpack_encoder *enc, zend_object *obj)
{
	if (obj->ce == msgpack_map_ce) {
		encode_map_object(enc, obj);
		return;
	}
	if (obj->ce == msgpack_bin_ce) {
		zval *data = MSGPACK_BIN_DATA(obj);
		if (Z_TYPE_P(data) != IS_STRING) {
			put_byte(enc->buf, MP_NIL); /* made without its constructor */
		} else if (enc->opts.strict && UNEXPECTED(Z_STRLEN_P(data) > UINT32_MAX)) {
			refuse(enc, MSGPACK_PACK_ERROR_STRING_TOO_LONG)->size = Z_STRLEN_P(data);
		} else {
			pack_bin(enc->buf, Z_STRVAL_P(data), Z_STRLEN_P(data));
		}
		return;
	}
	if (obj->ce == msgpack_timestamp_ce) {
		int64_t seconds;
		uint32_t nanoseconds;
		if (msgpack_timestamp_read(obj, &seconds, &nanoseconds)) {
			pack_timestamp(enc->buf, seconds, nanoseconds);
		} else {
			put_byte(enc->buf, MP_NIL); /* made without its constructor (reflection) */
		}
	} else if (Z_TYPE_P(MSGPACK_EXT_TYPE(obj)) != IS_LONG || Z_TYPE_P(MSGPACK_EXT_DATA(obj)) == IS_UNDEF) {
		/* made without its constructor (reflection): nothing to write */
		put_byte(enc->buf, MP_NIL);
	} else {
		zval *data = MSGPACK_EXT_DATA(obj);
		encode_ext(enc, (int8_t) Z_LVAL_P(MSGPACK_EXT_TYPE(obj)), Z_STRVAL_P(data), Z_STRLEN_P(data));
	}
}

static zend_always_inline bool is_value_class(const zend_class_entry *ce)
{
	return ce == msgpack_ext_ce || ce == msgpack_timestamp_ce || ce == msgpack_bin_ce || ce == msgpack_map_ce;
}

/* The registered extension for obj's class: its own class first, then the first one registered
 * that obj is an instance of. */
static msgpack_pack_extension *find_extension(HashTable *extensions, zend_class_entry *ce)
{
	msgpack_pack_extension *ext = zend_hash_find_ptr(extensions, ce->name);

	if (ext && ext->ce == ce) {
		return ext;
	}
	ZEND_HASH_FOREACH_PTR(extensions, ext) {
		if (instanceof_function(ce, ext->ce)) {
			return ext;
		}
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

/* An object of a registered class: ext of its type, with the payload encode($object) returns. */
static void encode_extension(msgpack_encoder *enc, msgpack_pack_extension *ext, zend_object *obj)
{
	zval encode, arg, payload;
	int8_t type = ext->type;

	/* held here: the callable may register extensions again, which can free ext */
	ZVAL_COPY(&encode, &ext->encode);
	ZVAL_OBJ(&arg, obj);
	ZVAL_UNDEF(&payload);
	call_user_function(NULL, NULL, &encode, &payload, 1, &arg);
	zval_ptr_dtor(&encode);
	if (EG(exception)) {
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
	} else if (Z_TYPE(payload) != IS_STRING) {
		refuse_class(enc, MSGPACK_PACK_ERROR_EXT_NOT_STRING, obj->ce);
		enc->detail.type_name = zend_zval_type_name(&payload);
	} else if (Z_STRLEN(payload) > UINT32_MAX) {
		refuse_class(enc, MSGPACK_PACK_ERROR_EXT_TOO_LONG, obj->ce);
		enc->detail.size = Z_STRLEN(payload);
	} else {
		encode_ext(enc, type, Z_STRVAL(payload), Z_STRLEN(payload));
	}
	zval_ptr_dtor(&payload);
}

/*
 * An object of a class with a transformer: packed as the value transform($object) returns. A
 * result that is again an object with a transformer is transformed in turn, here in a loop and
 * not by recursion, so that the classes transformed in a row are known: one met a second time
 * (a transformer returning an object of its own class, or A to B to A) would never end, and is a
 * PackException. A cycle through containers (A to [A]) enters a level each time, which the depth
 * limit and the C stack guard end as for any value.
 */
static void encode_transformed(msgpack_encoder *enc, msgpack_pack_extension *ext, zend_object *obj)
{
	zend_class_entry *local[8], **chain = local;
	uint32_t chain_len = 0, chain_cap = sizeof(local) / sizeof(local[0]);
	zval current, result;

	ZVAL_OBJ_COPY(&current, obj);
	for (;;) {
		zval transform;
		zend_class_entry *registered = ext->ce;

		if (chain_len == chain_cap) {
			zend_class_entry **grown = safe_emalloc(chain_cap, 2 * sizeof(*chain), 0);
			memcpy(grown, chain, chain_len * sizeof(*chain));
			if (chain != local) {
				efree(chain);
			}
			chain = grown;
			chain_cap *= 2;
		}
		chain[chain_len++] = registered;
		/* held here: the callable may register again, which can free ext */
		ZVAL_COPY(&transform, &ext->encode);
		ZVAL_UNDEF(&result);
		call_user_function(NULL, NULL, &transform, &result, 1, &current);
		zval_ptr_dtor(&transform);
		if (EG(exception)) {
			enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
			break;
		}
		if (Z_TYPE(result) != IS_OBJECT || enc->opts.extensions == NULL) {
			encode_zval(enc, &result);
			break;
		}
		ext = find_extension(enc->opts.extensions, Z_OBJCE(result));
		if (ext == NULL || !ext->transform) {
			encode_zval(enc, &result);
			break;
		}
		for (uint32_t i = 0; i < chain_len; i++) {
			if (chain[i] == ext->ce) {
				refuse_class(enc, MSGPACK_PACK_ERROR_TRANSFORM_LOOP, registered);
				enc->detail.result_class = zend_string_copy(Z_OBJCE(result)->name);
				enc->detail.again_class = zend_string_copy(ext->ce->name);
				goto done;
			}
		}
		zval_ptr_dtor(&current);
		ZVAL_COPY_VALUE(&current, &result);
	}
done:
	zval_ptr_dtor(&result);
	zval_ptr_dtor(&current);
	if (chain != local) {
		efree(chain);
	}
}

/* DateTimeInterface: a timestamp in the shortest form, to the microsecond PHP keeps. */
static void encode_datetime(msgpack_encoder *enc, zend_object *obj)
{
	int64_t seconds;
	uint32_t nanoseconds;

	if (!msgpack_datetime_to_timespec(obj, &seconds, &nanoseconds)) {
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		return;
	}
	pack_timestamp(enc->buf, seconds, nanoseconds);
}

/* JsonSerializable: what jsonSerialize() returns, one level deeper (so that an object returning
 * itself ends at the depth limit). */
static void encode_json_serializable(msgpack_encoder *enc, zend_object *obj)
{
	zval data;

	ZVAL_UNDEF(&data);
	zend_call_method_with_0_params(obj, obj->ce, NULL, "jsonserialize", &data);
	if (EG(exception)) {
		zval_ptr_dtor(&data);
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		return;
	}
	if (enter(enc)) {
		encode_zval(enc, &data);
		LEAVE(enc);
	}
	zval_ptr_dtor(&data);
}

/*
 * Whether the properties PHP lists for serialization are exactly the declared slots in slot
 * order: a standard object whose properties table was never built (no dynamic property, no
 * get_object_vars() or foreach on it yet). rebuild_object_properties() would then make that
 * table from ce->properties_info_table, one entry per initialized slot; reading the slots gives
 * the same entries without building (and keeping) a table per object. Up to 64 slots: the set
 * of those written is one bit mask.
 */
static zend_always_inline bool properties_are_slots(zend_object *obj)
{
	if (msgpack_object_is_lazy(obj)) {
		return false; /* reading its properties initializes it, or reads the proxied object */
	}
	return obj->properties == NULL && obj->handlers->get_properties_for == NULL
		&& obj->handlers->get_properties == zend_std_get_properties
		&& obj->ce->default_properties_count <= 64
		&& (obj->ce->properties_info_table != NULL || obj->ce->default_properties_count == 0);
}

/* The slots to write (a bit per slot): the initialized ones, public ones only if asked (their
 * names are not mangled); *n gets how many. */
static zend_always_inline uint64_t slots_to_write(const zend_object *obj, bool public_only, uint32_t *n)
{
	zend_property_info **info = obj->ce->properties_info_table;
	uint64_t mask = 0;

	*n = 0;
	for (int i = 0; i < obj->ce->default_properties_count; i++) {
		if (info[i] != NULL && Z_TYPE(obj->properties_table[i]) != IS_UNDEF
				&& (!public_only || (info[i]->flags & ZEND_ACC_PUBLIC))) {
			mask |= UINT64_C(1) << i;
			(*n)++;
		}
	}
	return mask;
}

/* Writes the slots of the mask, each under its mangled name (as the properties table has it).
 * User code run by a value (__serialize() of an object inside) may unset a later slot after the
 * header counted it: it is written as nil, so that the map keeps its length. */
static zend_always_inline void encode_slots(msgpack_encoder *enc, zend_object *obj, uint64_t mask, bool values_only, bool use_str8)
{
	zend_property_info **info = obj->ce->properties_info_table;

	for (int i = 0; mask; i++, mask >>= 1) {
		zval *v = &obj->properties_table[i];

		if (!(mask & 1)) {
			continue;
		}
		if (!values_only) {
			pack_str(enc->buf, ZSTR_VAL(info[i]->name), ZSTR_LEN(info[i]->name), use_str8);
		}
		encode_entry(enc, v); /* nil if unset meanwhile */
		if (UNEXPECTED(enc->error)) {
			return;
		}
	}
}

/* What json_encode() writes for a hooked or virtual property, which the property table made for
 * it lists as its info (IS_PTR): what reading the property gives, its get hook called. False,
 * with nothing in out, when the property is left out (virtual without a get hook) or reading it
 * threw. */
static bool read_hooked_property(zend_object *obj, zend_property_info *info, zval *out)
{
	zval tmp, *v;

	if (msgpack_property_is_write_only(info)) {
		return false;
	}
	ZVAL_UNDEF(&tmp);
	v = zend_read_property_ex(info->ce, obj, info->name, /* silent */ true, &tmp);
	if (EG(exception)) {
		zval_ptr_dtor(&tmp);
		return false;
	}
	ZVAL_COPY_DEREF(out, v);
	zval_ptr_dtor(&tmp);
	return true;
}

/*
 * The public properties of an object whose class has hooks, as json_encode() sees them: the
 * table of zend_get_properties_for(ZEND_PROP_PURPOSE_JSON), in its order (declarations from the
 * topmost parent down, virtual ones included, then dynamic ones), each hooked or virtual
 * property read through its get hook. Read whole into a table of values before anything is
 * written: the map's header (or a record's field list) counts them, and a hook may change the
 * object. NULL with an exception pending when a hook threw.
 */
static HashTable *hooked_public_view(zval *obj_zv)
{
	HashTable *props = zend_get_properties_for(obj_zv, ZEND_PROP_PURPOSE_JSON);
	HashTable *view;
	zend_string *key;
	zend_ulong h;
	zval *v;

	if (props == NULL || EG(exception)) {
		zend_release_properties(props);
		return NULL;
	}
	view = zend_new_array(zend_hash_num_elements(props));
	ZEND_HASH_FOREACH_KEY_VAL_IND(props, h, key, v) {
		zval value;

		if (key && ZSTR_LEN(key) && ZSTR_VAL(key)[0] == '\0') {
			continue; /* private or protected: a mangled name */
		}
		if (Z_TYPE_P(v) == IS_PTR) {
			if (!read_hooked_property(Z_OBJ_P(obj_zv), Z_PTR_P(v), &value)) {
				if (EG(exception)) {
					break;
				}
				continue;
			}
		} else {
			ZVAL_COPY_DEREF(&value, v);
		}
		if (key) {
			zend_hash_add_new(view, key, &value);
		} else {
			zend_hash_index_add_new(view, h, &value);
		}
	} ZEND_HASH_FOREACH_END();
	zend_release_properties(props);
	if (EG(exception)) {
		zend_array_release(view);
		return NULL;
	}
	return view;
}

/* The key of a declared public property in plan (its #[Name]), or the name itself. */
static zend_string *planned_key(const msgpack_class_plan *plan, zend_class_entry *ce, zend_string *name)
{
	zend_property_info *info = zend_hash_find_ptr(&ce->properties_info, name);

	if (info && (info->flags & ZEND_ACC_PUBLIC) && !(info->flags & ZEND_ACC_STATIC)
			&& !msgpack_property_is_virtual(info)) {
		uint32_t slot = (uint32_t) OBJ_PROP_TO_NUM(info->offset);
		if (slot < plan->slot_count && plan->slot_keys[slot]) {
			return plan->slot_keys[slot];
		}
	}
	return name;
}

static void refuse_uninitialized(msgpack_encoder *enc, const msgpack_class_plan *plan, const msgpack_prop_plan *prop)
{
	refuse_class(enc, MSGPACK_PACK_ERROR_LIST_UNINITIALIZED, plan->ce);
	enc->detail.text = zend_string_copy(prop->name);
}

/*
 * An object whose class has #[MsgPack\Name] or #[MsgPack\AsList] (its plan, msgpack_plan.h):
 * the map of its public, initialized properties under their keys, or with AsList the array of
 * their values in declaration order (all of them: a value left out would shift the others).
 * From the slots when they are the properties (as encode_public_properties()); else from what
 * json_encode() sees, hooked properties read through their hooks, dynamic ones under their
 * names (not in the list form). Called entered, the object protected from recursion.
 */
static zend_never_inline void encode_planned_object(msgpack_encoder *enc, zval *obj_zv, const msgpack_class_plan *plan, bool hooked)
{
	zend_object *obj = Z_OBJ_P(obj_zv);

	if (plan->error) {
		refuse_class(enc, MSGPACK_PACK_ERROR_PLAN_INVALID, obj->ce);
		enc->detail.text = zend_string_copy(plan->error);
		return;
	}
	if (enc->records == NULL && !hooked && properties_are_slots(obj)) {
		/* the properties written, chosen before any is (see property_selection) */
		zend_ulong inline_bits[2] = {0, 0};
		zend_ulong *counted = plan->count <= 2 * sizeof(zend_ulong) * 8 ? inline_bits : ecalloc(zend_bitset_len(plan->count), sizeof(zend_ulong));
		uint32_t n = 0;
		for (uint32_t i = 0; i < plan->count; i++) {
			if (Z_TYPE_P(OBJ_PROP(obj, plan->props[i].offset)) != IS_UNDEF) {
				zend_bitset_incl(counted, i);
				n++;
			} else if (plan->as_list) {
				refuse_uninitialized(enc, plan, &plan->props[i]);
				break;
			}
		}
		if (!enc->error) {
			if (plan->as_list) {
				pack_array_header(enc->buf, n);
			} else {
				pack_map_header(enc->buf, n);
			}
		}
		for (uint32_t i = 0; i < plan->count && !enc->error; i++) {
			zval *v = OBJ_PROP(obj, plan->props[i].offset);
			if (!zend_bitset_in(counted, i)) {
				continue;
			}
			if (!plan->as_list) {
				pack_str(enc->buf, ZSTR_VAL(plan->props[i].key), ZSTR_LEN(plan->props[i].key), true);
			}
			if (UNEXPECTED(Z_TYPE_P(v) == IS_UNDEF)) {
				put_byte(enc->buf, MP_NIL); /* unset since it was counted */
			} else {
				encode_entry(enc, v);
			}
		}
		if (counted != inline_bits) {
			efree(counted);
		}
		return;
	}
	HashTable *props = hooked ? hooked_public_view(obj_zv) : zend_get_properties_for(obj_zv, ZEND_PROP_PURPOSE_JSON);
	if (props == NULL || EG(exception)) {
		if (EG(exception)) {
			enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		} else {
			put_byte(enc->buf, plan->as_list ? MP_FIXARRAY : MP_FIXMAP);
		}
		zend_release_properties(props);
		return;
	}
	/* the values under their keys, read before anything is written (as the view of hooks) */
	HashTable *view = zend_new_array(zend_hash_num_elements(props));
	zend_string *key;
	zend_ulong h;
	zval *v;
	ZEND_HASH_FOREACH_KEY_VAL_IND(props, h, key, v) {
		zval copy;
		if (Z_TYPE_P(v) == IS_UNDEF || Z_TYPE_P(v) == IS_PTR || (key && ZSTR_LEN(key) && ZSTR_VAL(key)[0] == '\0')) {
			continue; /* uninitialized, a hook's info (hooked_public_view() read those), not public */
		}
		ZVAL_COPY_DEREF(&copy, v);
		if (key) {
			zend_hash_update(view, planned_key(plan, obj->ce, key), &copy);
		} else {
			zend_hash_index_update(view, h, &copy);
		}
	} ZEND_HASH_FOREACH_END();
	zend_release_properties(props);
	if (plan->as_list) {
		for (uint32_t i = 0; i < plan->count; i++) {
			if (!zend_hash_exists(view, plan->props[i].key)) {
				refuse_uninitialized(enc, plan, &plan->props[i]);
				zend_array_release(view);
				return;
			}
		}
		pack_array_header(enc->buf, plan->count);
		for (uint32_t i = 0; i < plan->count && !enc->error; i++) {
			encode_zval(enc, zend_hash_find(view, plan->props[i].key));
		}
		zend_array_release(view);
		return;
	}
	property_selection selection;
	select_properties(view, false, false, &selection);
	bool as_record = UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, view, true);
	if (!as_record) {
		pack_map_header(enc->buf, selection.count);
	}
	encode_selected_properties(enc, view, &selection, as_record, true);
	release_selection(&selection);
	zend_array_release(view);
}

/* encode_planned_object() if the object's class has a plan (true: written, or failed); out of
 * line, so that objects of other classes pay only the comparison with the last class asked. */
static zend_never_inline bool encode_if_planned(msgpack_encoder *enc, zval *obj_zv)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	const msgpack_class_plan *plan = msgpack_class_plan_for_pack(obj->ce);

	if (plan == NULL && !EG(exception)) {
		return false;
	}
	if (plan == NULL) {
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION; /* an attribute's argument failed */
		return true;
	}
	if (UNEXPECTED(plan->shaping)) {
		/* asked by user code that the making of the plan runs (an attribute's argument) */
		refuse_class(enc, MSGPACK_PACK_ERROR_PLAN_SHAPING, obj->ce);
		return true;
	}
	GC_PROTECT_RECURSION(obj);
	encode_planned_object(enc, obj_zv, plan, msgpack_class_has_hooks(obj->ce));
	GC_UNPROTECT_RECURSION(obj);
	return true;
}

/* Other objects: the map of their public, initialized properties, by name, as json_encode()
 * writes them. An object met again inside itself is refused (there are no back-references
 * outside PHP_OBJECTS). */
static void encode_public_properties(msgpack_encoder *enc, zval *obj_zv)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	HashTable *props;
	property_selection selection;
	uint32_t n = 0;

	if (GC_IS_RECURSIVE(obj)) {
		refuse_class(enc, MSGPACK_PACK_ERROR_OBJECT_CYCLE, obj->ce);
		return;
	}
	if (!enter(enc)) {
		return;
	}
	/* a class with #[Name] or #[AsList]: the class asked last is compared here, without a call */
	if (UNEXPECTED(!MSGPACK_PLAN_FOR_PACK_IS_PLAIN(obj->ce)) && encode_if_planned(enc, obj_zv)) {
		LEAVE(enc);
		return;
	}
	bool hooked = msgpack_class_has_hooks(obj->ce);
	/* records write the head from the property table's keys (msgpack_record_write_head());
	 * the slots of a class with hooks hold backing values, not what its properties read */
	if (enc->records == NULL && !hooked && properties_are_slots(obj)) {
		uint64_t slots = slots_to_write(obj, true, &n);

		GC_PROTECT_RECURSION(obj);
		pack_map_header(enc->buf, n);
		encode_slots(enc, obj, slots, false, true);
		GC_UNPROTECT_RECURSION(obj);
		LEAVE(enc);
		return;
	}
	/* protected already while get hooks (or a lazy object's initializer) run: one that packs
	 * the object again finds it */
	GC_PROTECT_RECURSION(obj);
	props = hooked ? hooked_public_view(obj_zv) : zend_get_properties_for(obj_zv, ZEND_PROP_PURPOSE_JSON);
	if (props == NULL || EG(exception)) {
		/* an exception of a hook or of an initializer; else an object without properties */
		if (EG(exception)) {
			enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		} else {
			put_byte(enc->buf, MP_FIXMAP);
		}
		zend_release_properties(props);
		GC_UNPROTECT_RECURSION(obj);
		LEAVE(enc);
		return;
	}
	select_properties(props, false, true, &selection);
	/* records: the head (an identifier or a declaration) instead of the map's, then the values */
	bool as_record = UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, props, true);
	if (!as_record) {
		pack_map_header(enc->buf, selection.count);
	}
	encode_selected_properties(enc, props, &selection, as_record, true);
	release_selection(&selection);
	GC_UNPROTECT_RECURSION(obj);
	zend_release_properties(props);
	LEAVE(enc);
}

/* GMP (what BIGINT_AS_GMP reads): an int, uint64 included, so that a big int reads back the
 * same; beyond 64 bits MessagePack has no int. Read through GMP's own cast to a decimal string,
 * so that nothing links against ext/gmp. */
static bool is_gmp(const zend_class_entry *ce)
{
	return ce->type == ZEND_INTERNAL_CLASS && zend_string_equals_literal(ce->name, "GMP");
}

static void encode_gmp(msgpack_encoder *enc, zend_object *obj)
{
	zval dec;
	const char *p, *end;
	bool negative;
	uint64_t magnitude = 0;
	bool fits = true;

	if (obj->handlers->cast_object(obj, &dec, IS_STRING) != SUCCESS || Z_TYPE(dec) != IS_STRING) {
		if (EG(exception)) {
			enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		} else {
			refuse(enc, MSGPACK_PACK_ERROR_GMP_UNREADABLE);
		}
		return;
	}
	p = Z_STRVAL(dec);
	end = p + Z_STRLEN(dec);
	negative = p < end && *p == '-';
	p += negative;
	for (; p < end && fits; p++) {
		unsigned digit = (unsigned) (*p - '0');
		fits = digit <= 9 && magnitude <= (UINT64_MAX - digit) / 10;
		magnitude = magnitude * 10 + digit;
	}
	if (fits && negative && magnitude <= (uint64_t) INT64_MAX + 1) {
		pack_int(enc, (int64_t) (0 - magnitude)); /* INT64_MIN's magnitude included */
	} else if (fits && !negative && magnitude <= (uint64_t) INT64_MAX) {
		pack_int(enc, (int64_t) magnitude);
	} else if (fits && !negative) {
		pack_uint64(enc->buf, magnitude);
	} else {
		refuse(enc, MSGPACK_PACK_ERROR_GMP_TOO_BIG)->text = zend_string_copy(Z_STR(dec));
	}
	zval_ptr_dtor_str(&dec);
}

/* An object without PHP_OBJECTS in the MsgPack\ API: as other languages can read it. */
static void encode_portable_object(msgpack_encoder *enc, zval *obj_zv)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	zend_class_entry *ce = obj->ce;

	if (instanceof_function(ce, php_date_get_interface_ce())) {
		encode_datetime(enc, obj);
	} else if ((ce->ce_flags & ZEND_ACC_ENUM) && ce->enum_backing_type != IS_UNDEF) {
		encode_zval(enc, zend_enum_fetch_case_value(obj));
	} else if (instanceof_function(ce, php_json_serializable_ce)) {
		encode_json_serializable(enc, obj);
	} else if (is_gmp(ce)) {
		encode_gmp(enc, obj);
	} else if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		/* a Closure, a Generator...: not data; writing {} would hide a mistake */
		refuse_class(enc, MSGPACK_PACK_ERROR_NOT_SERIALIZABLE, ce);
	} else {
		encode_public_properties(enc, obj_zv);
	}
}

/*
 * With assoc off a map is read as a stdClass, so a stdClass is written as the plain map of its
 * properties, php_only on or off (PECL 3.0): what was read packs back to the same bytes. Inside a
 * PHP reference it keeps its class entry, since `c0 01` followed by plain keys reads as an array.
 */
static zend_always_inline bool is_plain_map_object(const msgpack_encoder *enc, const zend_object *obj, bool in_reference)
{
	return !enc->opts.assoc && obj->ce == zend_standard_class_def && !in_reference;
}

/* A plain object: a map of the class entry and its properties (php_only), else its properties
 * as a list of values (assoc) or a map. */
static void encode_plain_object(msgpack_encoder *enc, zval *obj_zv, bool in_reference)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	bool incomplete = obj->ce == PHP_IC_ENTRY;
	bool from_slots = properties_are_slots(obj);
	uint32_t n = 0;
	uint64_t slots = from_slots ? slots_to_write(obj, false, &n) : 0;
	HashTable *props = from_slots ? NULL : zend_get_properties_for(obj_zv, ZEND_PROP_PURPOSE_SERIALIZE);
	property_selection selection;

	if (props) {
		select_properties(props, incomplete, false, &selection);
		n = selection.count;
	}
	bool values_only = !enc->opts.php_only && enc->opts.assoc;

	if (!enc->opts.php_only || is_plain_map_object(enc, obj, in_reference)) {
		if (enc->opts.assoc) {
			pack_array_header(enc->buf, n);
		} else {
			pack_map_header(enc->buf, n);
		}
	} else {
		zend_string *class_name = incomplete ? php_lookup_class_name(obj) : NULL;

		pack_map_header(enc->buf, n + 1 + in_reference);
		if (in_reference) {
			pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
		}
		pack_class_entry(enc, class_name ? class_name : obj->ce->name);
		if (class_name) {
			zend_string_release(class_name);
		}
	}
	if (from_slots) {
		encode_slots(enc, obj, slots, values_only, enc->opts.use_str8);
	} else if (props) {
		encode_selected_properties(enc, props, &selection, values_only, enc->opts.use_str8);
		release_selection(&selection);
		zend_release_properties(props);
	}
}

/* Objects, given as the object zval and the reference holding it (or NULL), both held. */
static void encode_object_held(msgpack_encoder *enc, zval *obj_zv, zval *ref)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	zend_class_entry *ce = obj->ce;

	if (enc->opts.extensions) {
		msgpack_pack_extension *ext = find_extension(enc->opts.extensions, ce);
		if (ext) {
			if (ext->transform) {
				encode_transformed(enc, ext, obj);
			} else {
				encode_extension(enc, ext, obj);
			}
			return;
		}
	}
	if (is_value_class(ce) && enc->opts.ext_types) {
		encode_value_object(enc, obj);
		return;
	}
	if (enc->opts.portable_objects) {
		encode_portable_object(enc, obj_zv);
		return;
	}
	if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		refuse_class(enc, MSGPACK_PACK_ERROR_NOT_SERIALIZABLE, ce);
		return;
	}
	enc->last_id++;
	/* An enum case is one object too: met again, it is a back-reference, as PECL 3.0 writes. */
	if (enc->opts.php_only) {
		/* A PHP reference met again names where it was first written: a marker-5 map to an
		 * object written plain makes a new reference in every reader, held by that map's id
		 * only, so later occurrences must name that map, not the object. */
		uint32_t id = ref ? seen_id(enc, Z_REF_P(ref)) : 0;
		if (id == 0) {
			id = seen_before(enc, obj, obj_zv);
		}
		if (id) {
			enc->last_id--; /* the marker map takes the id instead */
			pack_back_reference(enc, ref ? MSGPACK_MARKER_OBJECT_REFERENCE : MSGPACK_MARKER_OBJECT, id);
		}
		if (ref) {
			seen_before(enc, Z_REF_P(ref), ref); /* under the id just written, if it is new */
		}
		if (id) {
			return;
		}
	}
	if (ce->ce_flags & ZEND_ACC_ENUM) {
		encode_enum(enc, obj);
		return;
	}
	if (!enter(enc)) {
		return;
	}
	bool in_reference = ref != NULL && enc->opts.php_only;
	if (ce->__serialize) {
		encode_serialize_method(enc, obj, in_reference);
	} else if (ce->serialize) {
		encode_serializable(enc, obj_zv);
	} else if (ce != PHP_IC_ENTRY && zend_hash_find_known_hash(&ce->function_table, ZSTR_KNOWN(ZEND_STR_SLEEP))) {
		zval names;

		zend_call_method_with_0_params(obj, ce, NULL, "__sleep", &names);
		if (EG(exception)) {
			enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
		} else if (!encode_sleep(enc, obj_zv, &names, in_reference)) {
			notify(enc, MSGPACK_PACK_NOTICE_SLEEP_NOT_ARRAY, ce->name);
			put_byte(enc->buf, MP_NIL);
		}
		zval_ptr_dtor(&names);
	} else {
		encode_plain_object(enc, obj_zv, in_reference);
	}
	LEAVE(enc);
}

/* encode_object_held() with the object and its reference held: user code it runs (an extension
 * encoder, a transformer, __serialize(), __sleep(), jsonSerialize()) may reassign the property or
 * element that holds them, which would free them while they are written. */
static void encode_object(msgpack_encoder *enc, zval *obj_zv, zval *ref)
{
	zend_object *obj = Z_OBJ_P(obj_zv);
	zval held;

	GC_ADDREF(obj);
	ZVAL_OBJ(&held, obj);
	if (UNEXPECTED(ref != NULL)) {
		zval held_ref;

		ZVAL_COPY(&held_ref, ref);
		encode_object_held(enc, &held, &held_ref);
		zval_ptr_dtor(&held_ref);
	} else {
		encode_object_held(enc, &held, NULL);
	}
	OBJ_RELEASE(obj);
}

static void encode_reference(msgpack_encoder *enc, zval *ref)
{
	zval *inner = Z_REFVAL_P(ref);

	if (Z_TYPE_P(inner) == IS_ARRAY) {
		encode_referenced_array(enc, ref);
	} else if (Z_TYPE_P(inner) == IS_OBJECT) {
		encode_object(enc, inner, ref);
	} else {
		/* references to scalars are not kept */
		encode_zval(enc, inner);
	}
}

static void encode_zval(msgpack_encoder *enc, zval *val)
{
again:
	switch (Z_TYPE_P(val)) {
		case IS_LONG:
			pack_int(enc, Z_LVAL_P(val));
			return;
		case IS_STRING:
			if (EXPECTED(enc->opts.strings == MSGPACK_STRINGS_STR)) {
				pack_str(enc->buf, Z_STRVAL_P(val), Z_STRLEN_P(val), enc->opts.use_str8);
			} else {
				encode_string_by_mode(enc, Z_STR_P(val));
			}
			return;
		case IS_ARRAY:
			encode_array(enc, Z_ARRVAL_P(val));
			return;
		case IS_DOUBLE:
			pack_double(enc->buf, Z_DVAL_P(val), enc->opts.force_f32);
			return;
		case IS_TRUE:
			put_byte(enc->buf, MP_TRUE);
			return;
		case IS_FALSE:
			put_byte(enc->buf, MP_FALSE);
			return;
		case IS_OBJECT:
			encode_object(enc, val, NULL);
			return;
		case IS_REFERENCE:
			if (enc->opts.php_only) {
				encode_reference(enc, val);
				return;
			}
			val = Z_REFVAL_P(val);
			goto again;
		case IS_INDIRECT:
			val = Z_INDIRECT_P(val);
			goto again;
		case IS_RESOURCE:
			if (enc->opts.strict) {
				refuse(enc, MSGPACK_PACK_ERROR_RESOURCE)->type_name = zend_rsrc_list_get_rsrc_type(Z_RES_P(val));
				return;
			}
			notify(enc, MSGPACK_PACK_NOTICE_RESOURCE, NULL);
			put_byte(enc->buf, MP_NIL);
			return;
		default: /* IS_NULL, IS_UNDEF */
			put_byte(enc->buf, MP_NIL);
			return;
	}
}

/* ---- entry points ----------------------------------------------------------------------- */

void msgpack_pack_options_from_ini(msgpack_pack_options *opts)
{
	opts->php_only = MSGPACK_G(php_only);
	opts->assoc = MSGPACK_G(assoc);
	opts->force_f32 = MSGPACK_G(force_f32) ? MSGPACK_F32_ALWAYS : MSGPACK_F32_NEVER;
	opts->use_str8 = MSGPACK_G(use_str8_serialization);
	opts->ext_types = true;
	opts->strict = false;
	opts->portable_objects = false;
	opts->arrays_as_maps = false;
	opts->strings = MSGPACK_STRINGS_STR;
	opts->extensions = NULL;
	opts->max_depth = (uint32_t) MSGPACK_G(max_depth); /* bounded by OnUpdateMaxDepth */
	opts->records = false;
	opts->records_two_byte = false;
	opts->shared_records = NULL;
	opts->shared_index = NULL;
}

static zend_always_inline void encoder_init(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts,
	msgpack_record_writer *w)
{
	enc->buf = buf;
	enc->opts = *opts;
	enc->depth = 0;
	enc->error = MSGPACK_PACK_OK;
	enc->stack_limit = msgpack_stack_limit();
	enc->stack_top = 0;
	enc->next_look = 0;
	enc->stack_depth = 0;
	enc->last_id = 0;
	enc->seen = NULL;
	enc->seen_mask = 0;
	enc->seen_count = 0;
	enc->keep_alive = NULL;
	enc->records = NULL;
	enc->long_list = NULL;
	enc->records_borrowed = w != NULL;
	if (w) {
		enc->records = w;
		msgpack_record_writer_begin(w);
	} else if (opts->records) {
		enc->records = emalloc(sizeof(msgpack_record_writer));
		msgpack_record_writer_init(enc->records, opts->shared_records, opts->shared_index, opts->records_two_byte, 0, false);
	}
}

void msgpack_encoder_init(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts)
{
	encoder_init(enc, buf, opts, NULL);
}

void msgpack_encoder_init_records(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts,
	msgpack_record_writer *w)
{
	ZEND_ASSERT(opts->records && w);
	encoder_init(enc, buf, opts, w);
}

/* The strings an error's detail holds. */
static zend_never_inline void release_detail(msgpack_pack_error_detail *d)
{
	zend_string *held[] = {d->class_name, d->result_class, d->again_class, d->text};

	for (size_t i = 0; i < sizeof(held) / sizeof(held[0]); i++) {
		if (held[i]) {
			zend_string_release(held[i]);
		}
	}
	memset(d, 0, sizeof(*d));
}

void msgpack_encoder_destroy(msgpack_encoder *enc)
{
	if (UNEXPECTED(enc->error > MSGPACK_PACK_ERROR_EXCEPTION)) {
		release_detail(&enc->detail);
	}
	if (enc->records) {
		if (!enc->records_borrowed) {
			msgpack_record_writer_destroy(enc->records);
			efree(enc->records);
		}
		enc->records = NULL;
	}
	if (enc->seen) {
		for (uint32_t i = 0; i < enc->seen_count; i++) {
			zend_refcounted *held = enc->keep_alive[i];
			if (GC_DELREF(held) == 0) {
				rc_dtor_func(held);
			} else {
				gc_check_possible_root(held);
			}
		}
		efree(enc->seen);
		efree(enc->keep_alive);
		enc->seen = NULL;
		enc->keep_alive = NULL;
		enc->seen_count = 0;
	}
}

/* msgpack_encode() and msgpack_encode_as(): inline with form a constant, so that the first is
 * what it was before the forms came */
static zend_always_inline msgpack_pack_error encode_root(msgpack_encoder *enc, zval *val, msgpack_root_form form)
{
	/* room for a zend_string's header and STACK_BUFFER_SIZE bytes, aligned as one */
	zend_string *stack[(_ZSTR_HEADER_SIZE + STACK_BUFFER_SIZE) / sizeof(zend_string *) + 1];
	smart_str *buf = enc->buf;

	/* a call made by user code that an outer call runs (an ext encoder, jsonSerialize()) starts
	 * below that call's frames: the stack may be full before the first level */
	if (msgpack_stack_exhausted(enc->stack_limit)) {
		enc->error = MSGPACK_PACK_ERROR_STACK;
		enc->stack_depth = 1;
		return enc->error;
	}
	/* The first look at the second level: nothing is known of the levels before it, and a level
	 * takes from 300 bytes (-O2) to 4 KiB (-O0, sanitizers) of stack: planned at STACK_LEVEL_MIN
	 * a level, 4096 levels at -O0 overflowed an 8 MiB stack before any look. */
	msgpack_plans_trim(); /* no plan of an earlier call is held now (an outer call's may be) */
	msgpack_codec_enter();
	enc->stack_top = msgpack_stack_position();
	enc->next_look = MIN(enc->opts.max_depth, 1);
	if (buf->s == NULL) {
		buf->s = (zend_string *) stack;
		ZSTR_H(buf->s) = ON_STACK_MARK;
		ZSTR_LEN(buf->s) = 0;
		buf->a = STACK_BUFFER_SIZE - 1;
	} else {
		/* Reserve room ahead so that small values never reallocate. */
		smart_str_alloc(buf, 64, 0);
	}
	/* the outermost array, if it is long, is the list whose output is sized from its progress */
	enc->long_list = Z_TYPE_P(val) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(val)) > SIZE_ESTIMATE_BATCH
		? Z_ARRVAL_P(val) : NULL;
	if (form == MSGPACK_ROOT_VALUE) {
		encode_zval(enc, val);
	} else {
		encode_array_as(enc, Z_ARRVAL_P(val), form);
	}
	if (buffer_on_stack(buf)) {
		/* the output, at its exact size; nothing of it stays on this stack */
		buffer_to_heap(buf, ZSTR_LEN(buf->s));
	}
	if (enc->error == MSGPACK_PACK_OK && EG(exception)) {
		enc->error = MSGPACK_PACK_ERROR_EXCEPTION;
	}
	msgpack_codec_leave();
	return enc->error;
}

msgpack_pack_error msgpack_encode(msgpack_encoder *enc, zval *val)
{
	return encode_root(enc, val, MSGPACK_ROOT_VALUE);
}

msgpack_pack_error msgpack_encode_as(msgpack_encoder *enc, zval *val, msgpack_root_form form)
{
	ZEND_ASSERT(form == MSGPACK_ROOT_VALUE || Z_TYPE_P(val) == IS_ARRAY);
	return form == MSGPACK_ROOT_VALUE ? encode_root(enc, val, MSGPACK_ROOT_VALUE)
		: encode_root(enc, val, form == MSGPACK_ROOT_LIST ? MSGPACK_ROOT_LIST : MSGPACK_ROOT_MAP);
}
