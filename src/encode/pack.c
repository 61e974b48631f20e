/*
 * Encoder: zval -> MessagePack bytes, in the format PECL msgpack writes (docs/format.md).
 *
 * Every byte is written by one of the put_* / pack_* writers of pack_write.h; the encode_*
 * functions below walk the value (arrays, strings, numbers) and decide which ones to call.
 * Objects and PHP references are pack_object.c's (msgpack_encode_object(),
 * msgpack_encode_reference()). Nothing here raises a warning or an exception: an error is
 * returned as a code, with what its message names (pack_state.c), and the API says it.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "php_msgpack.h"
#include "common/msgpack_format.h"
#include "encode/pack.h"
#include "encode/pack_write.h"
#include "common/msgpack_records.h"
#include "encode/pack_records.h"
#include "common/msgpack_stack.h"
#include "common/msgpack_plan.h"
#include "encode/pack_internal.h"

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
	if (wanted > (double) buf->a && !msgpack_buffer_on_stack(buf)) {
		smart_str_erealloc(buf, (size_t) wanted);
	}
}

/* ---- walking the value ------------------------------------------------------------------ */

static void encode_zval(msgpack_encoder *enc, zval *val);
static void encode_array(msgpack_encoder *enc, HashTable *ht);
static void encode_hash_entries(msgpack_encoder *enc, HashTable *ht, bool as_list);

/* A value in the loops over array entries: the common scalars in place (pack_internal.h). */
static zend_always_inline void encode_entry(msgpack_encoder *enc, zval *v)
{
	msgpack_encode_entry_with(enc, v, encode_array, encode_zval);
}

static zend_always_inline void encode_key(msgpack_encoder *enc, zend_string *key, zend_ulong h)
{
	if (key) {
		msgpack_pack_str(enc->buf, ZSTR_VAL(key), ZSTR_LEN(key), enc->opts.use_str8);
	} else {
		msgpack_pack_int(enc, (zend_long) h);
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

/* The entries of ht, values only (as_list) or keys and values. Packed arrays (PHP 8.2 keeps
 * their values without buckets) and hash maps each get their own loop. The caller holds ht (see
 * HOLD_ARRAY, pack_internal.h). */
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
				msgpack_pack_int(enc, (zend_long) h);
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
				msgpack_encode_string_by_mode(enc, key);
				if (UNEXPECTED(enc->error)) {
					return; /* refused: no user code of the value runs */
				}
			} else {
				msgpack_pack_int(enc, (zend_long) h);
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
		msgpack_put_byte(enc->buf, enc->opts.arrays_as_maps ? MP_FIXMAP : MP_FIXARRAY);
		return;
	}
	/* php_only off has no back-references: as PECL msgpack does, an array met again inside
	 * itself is written as nil. The outermost array is not watched (PECL's quirk), so a cycle
	 * through it is written once more before the nil. The MsgPack\ API refuses a cycle. */
	bool watch = !enc->opts.php_only && enc->depth > 0 && !(GC_FLAGS(ht) & GC_IMMUTABLE);
	if (watch && GC_IS_RECURSIVE(ht)) {
		if (enc->opts.strict) {
			msgpack_encoder_refuse(enc, MSGPACK_ENCODE_ARRAY_CYCLE);
			return;
		}
		msgpack_put_byte(enc->buf, MP_NIL);
		return;
	}
	if (!msgpack_encoder_enter(enc)) {
		return;
	}
	HOLD_ARRAY(ht);
	if (watch) {
		GC_PROTECT_RECURSION(ht);
	}
	if (zend_array_is_list(ht) && !enc->opts.arrays_as_maps) {
		msgpack_pack_array_header(enc->buf, n);
		encode_hash_entries(enc, ht, true);
	} else if (UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, ht, false)) {
		/* records: the head (an identifier or a declaration) is written, the values follow */
		encode_hash_entries(enc, ht, true);
	} else {
		msgpack_pack_map_header(enc->buf, n);
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
		msgpack_put_byte(enc->buf, form == MSGPACK_ROOT_MAP ? MP_FIXMAP : MP_FIXARRAY);
		return;
	}
	if (!msgpack_encoder_enter(enc)) {
		return;
	}
	HOLD_ARRAY(ht);
	if (form == MSGPACK_ROOT_LIST) {
		msgpack_pack_array_header(enc->buf, n);
		encode_hash_entries(enc, ht, true);
	} else if (UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, ht, false)) {
		encode_hash_entries(enc, ht, true);
	} else {
		msgpack_pack_map_header(enc->buf, n);
		encode_hash_entries(enc, ht, false);
	}
	RELEASE_ARRAY(ht);
	LEAVE(enc);
}

static void encode_zval(msgpack_encoder *enc, zval *val)
{
again:
	switch (Z_TYPE_P(val)) {
		case IS_LONG:
			msgpack_pack_int(enc, Z_LVAL_P(val));
			return;
		case IS_STRING:
			if (EXPECTED(enc->opts.strings == MSGPACK_STRINGS_STR)) {
				msgpack_pack_str(enc->buf, Z_STRVAL_P(val), Z_STRLEN_P(val), enc->opts.use_str8);
			} else {
				msgpack_encode_string_by_mode(enc, Z_STR_P(val));
			}
			return;
		case IS_ARRAY:
			encode_array(enc, Z_ARRVAL_P(val));
			return;
		case IS_DOUBLE:
			msgpack_pack_double(enc->buf, Z_DVAL_P(val), enc->opts.force_f32);
			return;
		case IS_TRUE:
			msgpack_put_byte(enc->buf, MP_TRUE);
			return;
		case IS_FALSE:
			msgpack_put_byte(enc->buf, MP_FALSE);
			return;
		case IS_OBJECT:
			msgpack_encode_object(enc, val);
			return;
		case IS_REFERENCE:
			if (enc->opts.php_only) {
				msgpack_encode_reference(enc, val);
				return;
			}
			val = Z_REFVAL_P(val);
			goto again;
		case IS_INDIRECT:
			val = Z_INDIRECT_P(val);
			goto again;
		case IS_RESOURCE:
			if (enc->opts.strict) {
				msgpack_encoder_refuse(enc, MSGPACK_ENCODE_RESOURCE)->type_name = zend_rsrc_list_get_rsrc_type(Z_RES_P(val));
				return;
			}
			msgpack_encoder_notify(enc, MSGPACK_ENCODE_NOTICE_RESOURCE, NULL);
			msgpack_put_byte(enc->buf, MP_NIL);
			return;
		default: /* IS_NULL, IS_UNDEF */
			msgpack_put_byte(enc->buf, MP_NIL);
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
	opts->notice = NULL;
}

/* pack_object.c's way back into the walk, for what an object holds (pack_internal.h) */
void msgpack_encode_walk_value(msgpack_encoder *enc, zval *val)
{
	encode_zval(enc, val);
}

void msgpack_encode_walk_array(msgpack_encoder *enc, HashTable *ht)
{
	encode_array(enc, ht);
}

void msgpack_encode_walk_entries(msgpack_encoder *enc, HashTable *ht, bool as_list)
{
	encode_hash_entries(enc, ht, as_list);
}

static zend_always_inline void encoder_init(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts,
	msgpack_record_writer *w)
{
	enc->buf = buf;
	enc->opts = *opts;
	enc->depth = 0;
	enc->error = MSGPACK_ENCODE_OK;
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

void msgpack_encoder_destroy(msgpack_encoder *enc)
{
	if (UNEXPECTED(enc->error > MSGPACK_ENCODE_EXCEPTION)) {
		msgpack_encoder_release_detail(enc);
	}
	if (enc->records) {
		if (!enc->records_borrowed) {
			msgpack_record_writer_destroy(enc->records);
			efree(enc->records);
		}
		enc->records = NULL;
	}
	if (enc->seen) {
		msgpack_encoder_release_seen(enc);
	}
}

/* msgpack_encode() and msgpack_encode_as(): inline with form a constant, so that the first is
 * what it was before the forms came */
static zend_always_inline msgpack_encode_status encode_root(msgpack_encoder *enc, zval *val, msgpack_root_form form)
{
	/* room for a zend_string's header and STACK_BUFFER_SIZE bytes, aligned as one */
	zend_string *stack[(_ZSTR_HEADER_SIZE + STACK_BUFFER_SIZE) / sizeof(zend_string *) + 1];
	smart_str *buf = enc->buf;

	/* a call made by user code that an outer call runs (an ext encoder, jsonSerialize()) starts
	 * below that call's frames: the stack may be full before the first level */
	if (msgpack_stack_exhausted(enc->stack_limit)) {
		enc->error = MSGPACK_ENCODE_STACK;
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
	if (msgpack_buffer_on_stack(buf)) {
		/* the output, at its exact size; nothing of it stays on this stack */
		msgpack_buffer_to_heap(buf, ZSTR_LEN(buf->s));
	}
	if (enc->error == MSGPACK_ENCODE_OK && EG(exception)) {
		enc->error = MSGPACK_ENCODE_EXCEPTION;
	}
	msgpack_codec_leave();
	return enc->error;
}

msgpack_encode_status msgpack_encode(msgpack_encoder *enc, zval *val)
{
	return encode_root(enc, val, MSGPACK_ROOT_VALUE);
}

msgpack_encode_status msgpack_encode_as(msgpack_encoder *enc, zval *val, msgpack_root_form form)
{
	ZEND_ASSERT(form == MSGPACK_ROOT_VALUE || Z_TYPE_P(val) == IS_ARRAY);
	return form == MSGPACK_ROOT_VALUE ? encode_root(enc, val, MSGPACK_ROOT_VALUE)
		: encode_root(enc, val, form == MSGPACK_ROOT_LIST ? MSGPACK_ROOT_LIST : MSGPACK_ROOT_MAP);
}
