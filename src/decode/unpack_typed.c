/*
 * Typed decoding (MsgPack\unpackAs()): a value read straight into the PHP type that the plan
 * says (msgpack_plan.h), each item checked against the type as it is read. Maps become objects
 * of the declared classes, their values written into the property slots; no class name comes
 * from the input, no constructor, hook, __wakeup() or __unserialize() runs. The parts typed mixed
 * (and untyped properties) are read by the plain decoder (msgpack_decode_value()), with the call's
 * options.
 *
 * Errors say where: each container keeps a frame on the C stack (the key or index being read),
 * and the path ("$.items[3].price") is made from the frames only when an error is found. What
 * was built is left in place for msgpack_decode() to release (no destructor runs), as the plain
 * decoder does.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "ext/date/php_date.h"
#include "php_msgpack.h"
#include "common/msgpack_format.h"
#include "common/msgpack_float.h"
#include "common/msgpack_ext.h"
#include "decode/msgpack_scan.h"
#include "common/msgpack_plan.h"
#include "decode/unpack.h"
#include "decode/unpack_internal.h"
#include "decode/unpack_records.h"
#include "common/msgpack_path_text.h"

/* ---- paths and errors ------------------------------------------------------------------------ */

/* The path of the value frame f reads ("$" for the root). */
static void append_path(smart_str *s, const msgpack_typed_frame *f)
{
	const msgpack_typed_frame *stack[64], **frames = stack;
	uint32_t n = 0, cap = 64;

	for (const msgpack_typed_frame *g = f; g; g = g->parent) {
		if (n == cap) {
			const msgpack_typed_frame **bigger = safe_emalloc(cap, 2 * sizeof(*bigger), 0);
			memcpy(bigger, frames, n * sizeof(*bigger));
			if (frames != stack) {
				efree(frames);
			}
			frames = bigger;
			cap *= 2;
		}
		frames[n++] = g;
	}
	smart_str_appendc(s, '$');
	while (n--) {
		const msgpack_typed_frame *g = frames[n];
		msgpack_path_append_step(s, g->key, g->key_len, g->index);
	}
	if (frames != stack) {
		efree(frames);
	}
}

/* Keeps the path of the value being read as the error's, unless one is kept already (an inner
 * frame found it first). */
static zend_never_inline void note_path(msgpack_decoder *d)
{
	if (d->path == NULL && d->error != MSGPACK_DECODE_OK) {
		smart_str s = {0};
		append_path(&s, d->typed_frame);
		d->path = smart_str_extract(&s);
	}
}

/* A type error at item: the message of s (taken) followed by " at <path>"; the path is kept for
 * getPath(). */
static zend_never_inline bool typed_error(msgpack_decoder *d, const unsigned char *item, smart_str *s)
{
	smart_str path = {0};

	if (d->error != MSGPACK_DECODE_OK) {
		smart_str_free(s);
		return false;
	}
	append_path(&path, d->typed_frame);
	smart_str_0(&path);
	smart_str_appendl(s, " at ", 4);
	smart_str_append(s, path.s);
	if (d->path) {
		zend_string_release(d->path);
	}
	d->path = smart_str_extract(&path);
	d->typed_message = true;
	return msgpack_decode_invalid_item_str(d, item, smart_str_extract(s));
}

/* The wire type of the item at p, as messages name it. */
static void append_wire(smart_str *s, const msgpack_decoder *d, const unsigned char *p)
{
	unsigned char c = *p;
	int8_t type;
	uint32_t len;
	size_t head_len;

	if (d->opts.records && c >= MSGPACK_RECORD_FIRST_ID && c <= MP_POSITIVE_FIXINT_MAX && msgpack_record_byte(d, c)) {
		smart_str_appends(s, "record");
		return;
	}
	switch (mp_type_of(c)) {
		case MP_TYPE_NIL: smart_str_appends(s, "nil"); return;
		case MP_TYPE_BOOL: smart_str_appends(s, c == MP_TRUE ? "true" : "false"); return;
		case MP_TYPE_INT: smart_str_appends(s, "int"); return;
		case MP_TYPE_FLOAT: smart_str_appends(s, "float"); return;
		case MP_TYPE_STR: smart_str_appends(s, "str"); return;
		case MP_TYPE_BIN: smart_str_appends(s, "bin"); return;
		case MP_TYPE_ARRAY: smart_str_appends(s, "array"); return;
		case MP_TYPE_MAP: smart_str_appends(s, "map"); return;
		case MP_TYPE_EXT:
			if (mp_ext_header(p, (size_t) (d->end - p), &type, &len, &head_len)) {
				if (d->opts.records && type == MSGPACK_RECORD_EXT_TYPE && (c == MP_FIXEXT1 || c == MP_FIXEXT2)) {
					smart_str_appends(s, "record");
				} else {
					smart_str_appends(s, "ext ");
					smart_str_append_long(s, type);
				}
			} else {
				smart_str_appends(s, "ext");
			}
			return;
		default:
			smart_str_appends(s, "byte 0xc1");
			return;
	}
}

/* "Expected <type>, got <what the item is>". */
static zend_never_inline bool expected(msgpack_decoder *d, const msgpack_type *t, const unsigned char *item)
{
	smart_str s = {0};

	smart_str_appends(&s, "Expected ");
	smart_str_append(&s, t->text);
	smart_str_appends(&s, ", got ");
	append_wire(&s, d, item);
	return typed_error(d, item, &s);
}

/* ---- reading ---------------------------------------------------------------------------------- */

/* The decimal digits of an int read by msgpack_read_int() from format c, for a message. */
static void append_int64(smart_str *s, unsigned char c, int64_t v)
{
	zend_string *digits = msgpack_int64_to_str((uint64_t) v, c <= MP_UINT64);

	smart_str_append(s, digits);
	zend_string_release(digits);
}

/* An int that zend_long cannot hold, for a message: "18446744073709551615 (beyond PHP_INT_MAX)". */
static void append_big_int(smart_str *s, unsigned char c, int64_t v)
{
	append_int64(s, c, v);
	smart_str_appends(s, c > MP_UINT64 && v < 0 ? " (below PHP_INT_MIN)" : " (beyond PHP_INT_MAX)");
}

/* The bytes of the str or bin at d->pos, consumed; false (nothing read) when it is none, or with
 * the error set when the input ends inside it (*p NULL then). */
static zend_always_inline bool read_bytes(msgpack_decoder *d, const unsigned char **p, uint32_t *len)
{
	int head = mp_str_header(*d->pos, d->pos + 1, MSGPACK_REMAINING(d) - 1, len);

	*p = NULL;
	if (head == MP_NO_STR) {
		return false;
	}
	d->pos++;
	if (UNEXPECTED(head == MP_STR_CUT)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	d->pos += head;
	if (UNEXPECTED(MSGPACK_REMAINING(d) < *len)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	*p = d->pos;
	d->pos += *len;
	return true;
}

/* The count of the array or map at d->pos (its header consumed). */
static zend_always_inline bool read_count(msgpack_decoder *d, unsigned char c, uint32_t *n)
{
	if (mp_is_fixarray(c) || mp_is_fixmap(c)) {
		*n = mp_fix_count(c);
		d->pos++;
		return true;
	}
	d->pos++;
	return msgpack_read_size(d, c == MP_ARRAY16 || c == MP_MAP16 ? 2 : 4, n);
}

/* PHP_OBJECTS: a slot for each container of the value at p that was skipped (the scanner found
 * all of it there), so that the ids of later back-references count them as their writer did.
 * False with the error set when there are more than a value has ids for. */
static bool claim_skipped_slots(msgpack_decoder *d, const unsigned char *p)
{
	uint64_t pending = 1;

	while (pending--) {
		size_t head_len;
		uint64_t total, children;

		msgpack_scan_extent((const char *) p, (size_t) (d->end - p), &head_len, &total, &children);
		if (children) {
			if (msgpack_new_slot(d) == NULL) {
				return false;
			}
			pending += children;
			p += head_len;
		} else {
			p += total;
		}
	}
	return true;
}

/* Past the value at d->pos without building it: unknown keys' values, framed by the scanner (no
 * class of PECL's object format is made, no __wakeup() runs). With records the decoder reads it
 * instead, and drops it: the structures it declares are for what follows. */
static bool skip_value(msgpack_decoder *d)
{
	const unsigned char *start = d->pos;
	size_t head_len, len;
	uint64_t total, children;
	msgpack_scan_result r;

	if (UNEXPECTED(d->pos >= d->end)) {
		/* the input ends where the value should start (the scanner reads its first byte) */
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (d->opts.records) {
		zval v;
		if (!msgpack_decode_child(d, &v)) {
			return false;
		}
		msgpack_bury(d, &v);
		return true;
	}
	r = msgpack_scan_extent((const char *) d->pos, MSGPACK_REMAINING(d), &head_len, &total, &children);
	if (r == MSGPACK_SCAN_COMPLETE && children == 0) {
		if (total > MSGPACK_REMAINING(d)) {
			return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		}
		d->pos += total;
		return true;
	}
	if (r == MSGPACK_SCAN_INVALID) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_PARSE_ERROR);
	}
	msgpack_scanner s;
	msgpack_scanner_init(&s, d->opts.max_depth - d->depth);
	r = msgpack_scanner_run(&s, (const char *) d->pos, MSGPACK_REMAINING(d), &len);
	bool ok = r == MSGPACK_SCAN_COMPLETE;
	if (ok) {
		d->pos += len;
		ok = !d->opts.php_only || claim_skipped_slots(d, start);
	} else if (r == MSGPACK_SCAN_INVALID && d->pos[s.pos] == MP_NEVER) {
		d->pos += s.pos;
		msgpack_decode_fail(d, MSGPACK_DECODE_PARSE_ERROR);
	} else {
		msgpack_decode_fail(d, r == MSGPACK_SCAN_INVALID ? MSGPACK_DECODE_DEPTH : MSGPACK_DECODE_INSUFFICIENT);
	}
	msgpack_scanner_destroy(&s);
	return ok;
}

static bool typed_value(msgpack_decoder *d, const msgpack_type *t, zval *out);

/* The value at d->pos as the plain decoder reads it. On failure what was built stays in out, for
 * the caller to bury (as with every typed value; msgpack_decode_child() would bury it itself). */
static zend_always_inline bool plain_value(msgpack_decoder *d, zval *out)
{
	ZVAL_UNDEF(out);
	return msgpack_decode_value(d, out);
}

/* Stores a value read for a property into its slot, as an assignment leaves it (no longer
 * "uninitialized"); a value it replaces (a duplicate key) is kept till the end. */
static zend_always_inline bool store_property(msgpack_decoder *d, const msgpack_prop_plan *prop, zval *slot, zval *val)
{
	if (UNEXPECTED(Z_ISREF_P(val))) {
		/* a PHP reference from a mixed part (PHP_OBJECTS): a typed property is its type source */
		if (!msgpack_write_slot(d, ZEND_TYPE_IS_SET(prop->info->type) ? prop->info : NULL, slot, val)) {
			return false;
		}
	} else {
#if ZEND_DEBUG
		ZEND_ASSERT(!ZEND_TYPE_IS_SET(prop->info->type) || zend_verify_prop_assignable_by_ref(prop->info, val, true));
#endif
		if (Z_TYPE_P(slot) != IS_UNDEF) {
			msgpack_bury_slot(d, ZEND_TYPE_IS_SET(prop->info->type) ? prop->info : NULL, slot);
		}
		ZVAL_COPY_VALUE(slot, val);
	}
	Z_PROP_FLAG_P(slot) = 0;
	return true;
}

/* The properties no entry gave: their defaults, or "Missing key". */
static bool fill_missing(msgpack_decoder *d, const msgpack_class_plan *plan, zend_object *obj, const unsigned char *item)
{
	for (uint32_t i = 0; i < plan->count; i++) {
		const msgpack_prop_plan *prop = &plan->props[i];
		zval *slot = OBJ_PROP(obj, prop->offset);

		if (EXPECTED(Z_TYPE_P(slot) != IS_UNDEF)) {
			continue;
		}
		if (Z_TYPE(prop->default_value) != IS_UNDEF) {
			ZVAL_COPY(slot, &prop->default_value);
			Z_PROP_FLAG_P(slot) = 0;
			continue;
		}
		smart_str s = {0};
		smart_str_appends(&s, "Missing key ");
		msgpack_append_quoted(&s, (const unsigned char *) ZSTR_VAL(prop->key), ZSTR_LEN(prop->key));
		return typed_error(d, item, &s);
	}
	return true;
}

/* A new object of the plan's class, made without its constructor (its declared defaults set). */
static zend_always_inline bool new_object(msgpack_decoder *d, const msgpack_class_plan *plan, zval *out)
{
	if (EXPECTED(plan->copy_defaults)) {
		/* what object_init_ex() does for such a class, without its checks (made at plan time) */
		zend_object *obj = zend_objects_new(plan->ce);
		if (plan->ce->default_properties_count) {
			memcpy(obj->properties_table, CE_DEFAULT_PROPERTIES_TABLE(plan->ce),
				sizeof(zval) * (size_t) plan->ce->default_properties_count);
		}
		ZVAL_OBJ(out, obj);
		msgpack_remember_object(d, obj);
		return true;
	}
	if (UNEXPECTED(object_init_ex(out, plan->ce) != SUCCESS)) {
		/* a default's constant expression failed */
		ZVAL_UNDEF(out);
		return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	msgpack_remember_object(d, Z_OBJ_P(out));
	return true;
}

/* The common scalars of properties and list elements, read in place when the type takes them as
 * they are (an int, a short string, a float64, nil, a bool): true with out set, or false with
 * nothing read (typed_value() then reads it). */
static zend_always_inline bool typed_scalar(msgpack_decoder *d, const msgpack_type *t, zval *out)
{
	const unsigned char *p = d->pos;
	unsigned char c;

	if (UNEXPECTED(p >= d->end)) {
		return false;
	}
	c = *p;
	if (mp_is_fixstr(c)) {
		if (t->on[MP_TYPE_STR] != MSGPACK_TA_STRING) {
			return false;
		}
		d->pos++;
		/* the value cache's lookup inline, as in the loops of shaped maps: a string of a key
		 * judged off (a row's unique name) pays no call */
		return msgpack_decode_str_in(d, out, mp_fixstr_len(c), &d->value_key, false) || (d->pos = p, false);
	}
	if (c <= MP_POSITIVE_FIXINT_MAX) {
		if (t->on[MP_TYPE_INT] != MSGPACK_TA_INT || (c >= MSGPACK_RECORD_FIRST_ID && d->opts.records)) {
			return false;
		}
		ZVAL_LONG(out, c);
		d->pos++;
		return true;
	}
	switch (c) {
		case MP_NIL:
			if (t->on[MP_TYPE_NIL] != MSGPACK_TA_NULL) {
				return false;
			}
			ZVAL_NULL(out);
			break;
		case MP_FALSE:
		case MP_TRUE:
			if (t->on[MP_TYPE_BOOL] != MSGPACK_TA_BOOL || !(t->members & (c == MP_TRUE ? MSGPACK_TM_TRUE : MSGPACK_TM_FALSE))) {
				return false;
			}
			ZVAL_BOOL(out, c == MP_TRUE);
			break;
		case MP_FLOAT64: {
			if (t->on[MP_TYPE_FLOAT] != MSGPACK_TA_FLOAT || (size_t) (d->end - p) < 9) {
				return false;
			}
			ZVAL_DOUBLE(out, mp_load_double(p + 1));
			d->pos += 9;
			return true;
		}
		case MP_UINT8:
		case MP_UINT16:
		case MP_UINT32:
		case MP_INT8:
		case MP_INT16:
		case MP_INT32: {
			int64_t v;
			if (t->on[MP_TYPE_INT] != MSGPACK_TA_INT || (size_t) (d->end - p) < 5) {
				return false;
			}
			msgpack_read_int(d, &v); /* at most 4 bytes after the format byte: all there */
			if (UNEXPECTED(!msgpack_int_fits_long(c, v))) {
				d->pos = p; /* a uint32 on 32-bit PHP: the long way says what it is */
				return false;
			}
			ZVAL_LONG(out, (zend_long) v);
			return true;
		}
		default:
			if (c >= MP_NEGATIVE_FIXINT && t->on[MP_TYPE_INT] == MSGPACK_TA_INT) {
				ZVAL_LONG(out, (int8_t) c);
				break;
			}
			return false;
	}
	d->pos++;
	return true;
}

/* The index + 1 of the property whose key is the n bytes at p, 0 if none. */
static zend_always_inline uint32_t find_key(const msgpack_class_plan *plan, const unsigned char *p, uint32_t len)
{
	zval *found = zend_hash_str_find(&plan->by_key, (const char *) p, len);

	return found ? (uint32_t) Z_LVAL_P(found) : 0;
}

/* A class from a map of n entries (its header read; item is its first byte). */
static bool typed_object_from_map(msgpack_decoder *d, const msgpack_class_plan *plan, zval *out, uint32_t n,
	const unsigned char *item)
{
	msgpack_typed_frame frame = { d->typed_frame, NULL, 0, 0 };
	uint32_t next = 0; /* the property the next key probably names: the one after the last */
	uint64_t seen = 0; /* the properties given (up to 64: see all_props) */
	zend_object *obj;

	/* each entry takes at least two bytes */
	if (UNEXPECTED(n > MSGPACK_REMAINING(d) / 2)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (!msgpack_enter(d)) {
		return false;
	}
	/* the ids of back-references count every container */
	if (UNEXPECTED(d->opts.php_only) && msgpack_new_slot(d) == NULL) {
		return false;
	}
	if (!new_object(d, plan, out)) {
		return false;
	}
	obj = Z_OBJ_P(out);
	for (uint32_t i = 0; i < n; i++) {
		const msgpack_prop_plan *prop;
		const unsigned char *key_at = d->pos, *key;
		uint32_t len, index;
		zval val, *slot;

		if (EXPECTED(next < plan->count) && msgpack_take_key(d, plan->props[next].key)) {
			prop = &plan->props[next];
			key = (const unsigned char *) ZSTR_VAL(prop->key);
			len = (uint32_t) ZSTR_LEN(prop->key);
		} else {
			if (UNEXPECTED(d->pos >= d->end)) {
				return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
			}
			if (!read_bytes(d, &key, &len)) {
				if (d->error != MSGPACK_DECODE_OK) {
					return false;
				}
				smart_str s = {0};
				smart_str_appends(&s, "Expected a string key, got ");
				append_wire(&s, d, key_at);
				return typed_error(d, key_at, &s);
			}
			index = find_key(plan, key, len);
			if (index == 0) {
				if (UNEXPECTED(d->opts.forbid_unknown_keys)) {
					smart_str s = {0};
					smart_str_appends(&s, "Unknown key ");
					msgpack_append_quoted(&s, key, len);
					return typed_error(d, key_at, &s);
				}
				/* an error inside it is at its key */
				frame.key = key;
				frame.key_len = len;
				d->typed_frame = &frame;
				bool skipped = skip_value(d);
				if (!skipped) {
					note_path(d);
				}
				d->typed_frame = frame.parent;
				if (!skipped) {
					return false;
				}
				continue;
			}
			prop = &plan->props[index - 1];
		}
		next = (uint32_t) (prop - plan->props) + 1;
		seen |= UINT64_C(1) << ((next - 1) & 63);
		slot = OBJ_PROP(obj, prop->offset);
		d->value_key = prop->key; /* for the value cache (see msgpack_decoder) */
		if (EXPECTED(typed_scalar(d, prop->type, &val))) {
			/* no value to replace but a default (none refcounted) or a duplicate key's */
			if (EXPECTED(!Z_REFCOUNTED_P(slot))) {
				ZVAL_COPY_VALUE(slot, &val);
				Z_PROP_FLAG_P(slot) = 0;
				continue;
			}
		} else {
			frame.key = key;
			frame.key_len = len;
			d->typed_frame = &frame;
			ZVAL_UNDEF(&val);
			if (UNEXPECTED(!typed_value(d, prop->type, &val))) {
				note_path(d);
				d->typed_frame = frame.parent;
				msgpack_bury(d, &val);
				return false;
			}
			d->typed_frame = frame.parent;
		}
		if (UNEXPECTED(!store_property(d, prop, slot, &val))) {
			return false;
		}
	}
	if (seen != plan->all_props || plan->all_props == 0) {
		if (!fill_missing(d, plan, obj, item)) {
			return false;
		}
	}
	d->depth--;
	return true;
}

/* RECORDS: a class from a record (msgpackr's record extension), at item: a declared identifier,
 * or a declaration. Its keys are the structure's field names, in order, its values follow. */
static bool typed_object_from_record(msgpack_decoder *d, const msgpack_class_plan *plan, zval *out,
	const unsigned char *item)
{
	msgpack_typed_frame frame = { d->typed_frame, NULL, 0, 0 };
	msgpack_record_structure *s = msgpack_record_head(d);
	zend_object *obj;
	zend_string *key;
	zend_ulong h;
	bool ok = false;

	if (s == NULL) {
		return false;
	}
	/* each value takes at least one byte */
	if (UNEXPECTED(s->count > MSGPACK_REMAINING(d))) {
		msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		goto done;
	}
	if (!msgpack_enter(d) || !new_object(d, plan, out)) {
		goto done;
	}
	obj = Z_OBJ_P(out);
	ZEND_HASH_FOREACH_KEY(s->fields, h, key) {
		uint32_t index = key ? find_key(plan, (const unsigned char *) ZSTR_VAL(key), (uint32_t) ZSTR_LEN(key)) : 0;
		zval val;

		frame.key = key ? (const unsigned char *) ZSTR_VAL(key) : NULL;
		frame.key_len = key ? (uint32_t) ZSTR_LEN(key) : 0;
		frame.index = (zend_long) h;
		if (index == 0) {
			if (UNEXPECTED(d->opts.forbid_unknown_keys)) {
				smart_str msg = {0};
				smart_str_appends(&msg, "Unknown key ");
				if (key) {
					msgpack_append_quoted(&msg, (const unsigned char *) ZSTR_VAL(key), ZSTR_LEN(key));
				} else {
					smart_str_append_long(&msg, (zend_long) h);
				}
				typed_error(d, item, &msg);
				goto done;
			}
			d->typed_frame = &frame;
			bool skipped = skip_value(d);
			if (!skipped) {
				note_path(d);
			}
			d->typed_frame = frame.parent;
			if (!skipped) {
				goto done;
			}
			continue;
		}
		const msgpack_prop_plan *prop = &plan->props[index - 1];
		d->value_key = prop->key;
		d->typed_frame = &frame;
		ZVAL_UNDEF(&val);
		if (UNEXPECTED(!typed_value(d, prop->type, &val))) {
			note_path(d);
			d->typed_frame = frame.parent;
			msgpack_bury(d, &val);
			goto done;
		}
		d->typed_frame = frame.parent;
		if (UNEXPECTED(!store_property(d, prop, OBJ_PROP(obj, prop->offset), &val))) {
			goto done;
		}
	} ZEND_HASH_FOREACH_END();
	if (fill_missing(d, plan, obj, item)) {
		d->depth--;
		ok = true;
	}
done:
	msgpack_record_structure_release(s);
	return ok;
}

/* An #[AsList] class from an array of n values (its header read). */
static bool typed_object_from_list(msgpack_decoder *d, const msgpack_class_plan *plan, zval *out, uint32_t n,
	const unsigned char *item)
{
	msgpack_typed_frame frame = { d->typed_frame, NULL, 0, 0 };
	zend_object *obj;

	if (UNEXPECTED(n > plan->count)) {
		smart_str s = {0};
		smart_str_appends(&s, "Expected at most ");
		smart_str_append_unsigned(&s, plan->count);
		smart_str_appends(&s, " values for ");
		smart_str_append(&s, plan->ce->name);
		smart_str_appends(&s, ", got ");
		smart_str_append_unsigned(&s, n);
		return typed_error(d, item, &s);
	}
	if (UNEXPECTED(n > MSGPACK_REMAINING(d))) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (!msgpack_enter(d)) {
		return false;
	}
	if (UNEXPECTED(d->opts.php_only) && msgpack_new_slot(d) == NULL) {
		return false;
	}
	if (!new_object(d, plan, out)) {
		return false;
	}
	obj = Z_OBJ_P(out);
	for (uint32_t i = 0; i < n; i++) {
		const msgpack_prop_plan *prop = &plan->props[i];
		zval val;

		d->value_key = prop->key;
		frame.index = i;
		d->typed_frame = &frame;
		ZVAL_UNDEF(&val);
		if (UNEXPECTED(!typed_value(d, prop->type, &val))) {
			note_path(d);
			d->typed_frame = frame.parent;
			msgpack_bury(d, &val);
			return false;
		}
		d->typed_frame = frame.parent;
		if (UNEXPECTED(!store_property(d, prop, OBJ_PROP(obj, prop->offset), &val))) {
			return false;
		}
	}
	if (!fill_missing(d, plan, obj, item)) {
		return false;
	}
	d->depth--;
	return true;
}

/* list<T>, or array<int, T> from an array: the n values, in order (its header read). */
static bool typed_list(msgpack_decoder *d, const msgpack_type *elem, zval *out, uint32_t n)
{
	msgpack_typed_frame frame = { d->typed_frame, NULL, 0, 0 };
	bool ok = true;

	/* each element takes at least one byte */
	if (UNEXPECTED(n > MSGPACK_REMAINING(d))) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (UNEXPECTED(d->opts.php_only) && msgpack_new_slot(d) == NULL) {
		return false;
	}
	if (n == 0) {
		ZVAL_EMPTY_ARRAY(out);
		return true;
	}
	if (!msgpack_enter(d)) {
		return false;
	}
	array_init_size(out, msgpack_presize(d, n));
	HashTable *ht = Z_ARRVAL_P(out);
	zend_hash_real_init_packed(ht);
	d->typed_frame = &frame;
	ZEND_HASH_FILL_PACKED(ht) {
		for (uint32_t i = 0; i < n; i++) {
			zval v;
			frame.index = i;
			ZVAL_UNDEF(&v);
			if (UNEXPECTED(!typed_scalar(d, elem, &v) && !typed_value(d, elem, &v))) {
				note_path(d);
				msgpack_bury(d, &v);
				ok = false;
				break;
			}
			ZEND_HASH_FILL_GROW(); /* allocated for fewer than n (msgpack_presize()) */
			ZEND_HASH_FILL_ADD(&v);
		}
	} ZEND_HASH_FILL_END();
	d->typed_frame = frame.parent;
	if (ok) {
		d->depth--;
	}
	return ok;
}

/* array<K, V> from a map of n entries (its header read): keys checked against K. */
static bool typed_map(msgpack_decoder *d, const msgpack_type *t, zval *out, uint32_t n)
{
	msgpack_typed_frame frame = { d->typed_frame, NULL, 0, 0 };
	HashTable *ht;

	if (UNEXPECTED(n > MSGPACK_REMAINING(d) / 2)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (UNEXPECTED(d->opts.php_only) && msgpack_new_slot(d) == NULL) {
		return false;
	}
	if (n == 0) {
		ZVAL_EMPTY_ARRAY(out);
		return true;
	}
	if (!msgpack_enter(d)) {
		return false;
	}
	array_init_size(out, msgpack_presize(d, n));
	ht = Z_ARRVAL_P(out);
	for (uint32_t i = 0; i < n; i++) {
		const unsigned char *key_at = d->pos, *key = NULL;
		zend_string *skey = NULL, *big_key = NULL;
		int64_t ikey = 0;
		uint32_t len = 0;
		zval val;

		if (UNEXPECTED(d->pos >= d->end)) {
			return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		}
		mp_type w = mp_type_of(*key_at);
		if (w == MP_TYPE_INT && (t->map_key & MSGPACK_KEY_INT)
				&& !(d->opts.records && *key_at >= MSGPACK_RECORD_FIRST_ID && *key_at <= MP_POSITIVE_FIXINT_MAX
					&& msgpack_record_byte(d, *key_at))) {
			if (!msgpack_read_int(d, &ikey)) {
				return false;
			}
			if (UNEXPECTED(!msgpack_int_fits_long(*key_at, ikey))) {
				if (!(t->map_key & MSGPACK_KEY_STRING)) {
					smart_str s = {0};
					smart_str_appends(&s, "Expected an int key, got ");
					append_big_int(&s, *key_at, ikey);
					return typed_error(d, key_at, &s);
				}
				/* array-key: the decimal string, as unpack() makes such a key */
				big_key = msgpack_int64_to_str((uint64_t) ikey, *key_at <= MP_UINT64);
				key = (const unsigned char *) ZSTR_VAL(big_key);
				len = (uint32_t) ZSTR_LEN(big_key);
				ikey = 0;
			}
		} else if ((w == MP_TYPE_STR || w == MP_TYPE_BIN) && (t->map_key & MSGPACK_KEY_STRING)) {
			if (!read_bytes(d, &key, &len)) {
				return false;
			}
		} else {
			smart_str s = {0};
			smart_str_appends(&s, t->map_key == MSGPACK_KEY_INT ? "Expected an int key, got "
				: t->map_key == MSGPACK_KEY_STRING ? "Expected a string key, got " : "Expected an int or string key, got ");
			append_wire(&s, d, key_at);
			return typed_error(d, key_at, &s);
		}
		frame.key = key;
		frame.key_len = len;
		frame.index = (zend_long) ikey;
		d->typed_frame = &frame;
		ZVAL_UNDEF(&val);
		if (UNEXPECTED(!typed_value(d, t->value, &val))) {
			note_path(d);
			d->typed_frame = frame.parent;
			msgpack_bury(d, &val);
			if (big_key) {
				zend_string_release(big_key);
			}
			return false;
		}
		d->typed_frame = frame.parent;
		if (big_key) {
			skey = big_key;
		} else if (key) {
			skey = len <= 1 ? (len ? ZSTR_CHAR(key[0]) : ZSTR_EMPTY_ALLOC())
				: len <= MSGPACK_KEY_CACHE_MAX_LEN ? msgpack_cached_key(key, len) : zend_string_init((const char *) key, len, 0);
		}
		msgpack_store_entry(d, ht, skey, (zend_ulong) (zend_long) ikey, &val);
		if (skey) {
			zend_string_release(skey);
		}
	}
	d->depth--;
	return true;
}

/* A backed enum's case from its value, a pure enum's from its name. */
static bool typed_enum(msgpack_decoder *d, const msgpack_type *t, zval *out, const unsigned char *item)
{
	const msgpack_enum_plan *e;
	zend_object *obj;
	smart_str s = {0};

	if (mp_type_of(*item) == MP_TYPE_INT) {
		int64_t v;
		bool fits;
		e = t->int_enum;
		if (!msgpack_read_int(d, &v)) {
			return false;
		}
		fits = msgpack_int_fits_long(*item, v);
		obj = fits ? zend_hash_index_find_ptr(&e->cases, (zend_ulong) (zend_long) v) : NULL;
		if (obj == NULL) {
			smart_str_appends(&s, "Invalid ");
			smart_str_append(&s, e->ce->name);
			smart_str_appends(&s, " value ");
			append_int64(&s, *item, v);
			return typed_error(d, item, &s);
		}
	} else if (mp_type_of(*item) == MP_TYPE_STR) {
		const unsigned char *p;
		uint32_t len;
		e = t->str_enum;
		if (!read_bytes(d, &p, &len)) {
			return false;
		}
		obj = NULL;
		if (e->count) {
			for (uint32_t i = 0; i < e->count; i++) {
				if (msgpack_key_is(e->names[i], p, len)) {
					obj = e->objects[i];
					break;
				}
			}
		} else {
			obj = zend_hash_str_find_ptr(&e->cases, (const char *) p, len);
		}
		if (obj == NULL) {
			smart_str_appends(&s, "Invalid ");
			smart_str_append(&s, e->ce->name);
			smart_str_appends(&s, e->backing == IS_UNDEF ? " case " : " value ");
			msgpack_append_quoted(&s, p, len);
			return typed_error(d, item, &s);
		}
	} else {
		/* a pure enum as MsgPack\pack() writes it: {"name": "Case"} */
		const unsigned char *p;
		uint32_t len, n;
		e = t->str_enum;
		if (!read_count(d, *item, &n)) {
			return false;
		}
		if (n != 1 || d->pos >= d->end || !read_bytes(d, &p, &len) || len != 4 || memcmp(p, "name", 4) != 0
				|| d->pos >= d->end || mp_type_of(*d->pos) != MP_TYPE_STR) {
			if (d->error != MSGPACK_DECODE_OK) {
				return false;
			}
			d->pos = item;
			return expected(d, t, item);
		}
		const unsigned char *value_at = d->pos;
		if (!read_bytes(d, &p, &len)) {
			return false;
		}
		obj = zend_hash_str_find_ptr(&e->cases, (const char *) p, len);
		if (obj == NULL) {
			smart_str_appends(&s, "Invalid ");
			smart_str_append(&s, e->ce->name);
			smart_str_appends(&s, " case ");
			msgpack_append_quoted(&s, p, len);
			return typed_error(d, value_at, &s);
		}
	}
	ZVAL_OBJ_COPY(out, obj);
	return true;
}

/* An ext: a timestamp as a date or MsgPack\Timestamp, any ext as MsgPack\Ext. */
static bool typed_ext(msgpack_decoder *d, const msgpack_type *t, zval *out, const unsigned char *item)
{
	int8_t type;
	uint32_t len;
	size_t head_len;
	const unsigned char *p;

	if (!mp_ext_header(item, MSGPACK_REMAINING(d), &type, &len, &head_len)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (UNEXPECTED(MSGPACK_REMAINING(d) - head_len < len)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	p = item + head_len;
	if (type == MP_EXT_TIMESTAMP && (t->members & (MSGPACK_TM_DATE | MSGPACK_TM_TIMESTAMP))) {
		int64_t sec;
		uint32_t nsec;
		const char *invalid = mp_timestamp_parse(p, len, &sec, &nsec);
		if (invalid) {
			smart_str s = {0};
			smart_str_appends(&s, invalid);
			return typed_error(d, item, &s);
		}
		d->pos = p + len;
		if (t->members & MSGPACK_TM_TIMESTAMP) {
			msgpack_timestamp_init(out, sec, nsec);
			return true;
		}
		if (!msgpack_timestamp_to_date(out, t->date_ce, sec, nsec)) {
			return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		}
		if (t->date_ce->type == ZEND_USER_CLASS) {
			/* a subclass may have a destructor: not run if the call fails */
			msgpack_remember_object(d, Z_OBJ_P(out));
		}
		return true;
	}
	if (!(t->members & MSGPACK_TM_EXT)) {
		return expected(d, t, item);
	}
	d->pos = p + len;
	msgpack_ext_init(out, type, (const char *) p, len);
	return true;
}

/* What the plain decoder read for a type `array`: an array (a map read as stdClass under
 * MAPS_AS_OBJECTS is made one; PHP_OBJECTS may have read an object: refused). */
static bool plain_array(msgpack_decoder *d, const msgpack_type *t, zval *out, const unsigned char *item)
{
	if (!plain_value(d, out)) {
		return false;
	}
	if (Z_ISREF_P(out)) {
		/* The value, not the reference: a back-reference slot may name the reference (c0 01),
		 * which zend_unwrap_reference() would free when out holds its only count; buried, it
		 * stays alive for a later back-reference, which gets the reference as plain decoding
		 * would. */
		zval inner;
		ZVAL_COPY(&inner, Z_REFVAL_P(out));
		msgpack_bury(d, out);
		ZVAL_COPY_VALUE(out, &inner);
	}
	if (Z_TYPE_P(out) == IS_OBJECT && Z_OBJCE_P(out) == zend_standard_class_def) {
		HashTable *array = zend_proptable_to_symtable(zend_std_get_properties(Z_OBJ_P(out)), true);
		msgpack_bury(d, out);
		ZVAL_ARR(out, array);
	}
	if (Z_TYPE_P(out) != IS_ARRAY) {
		msgpack_bury(d, out);
		ZVAL_UNDEF(out);
		return expected(d, t, item);
	}
	return true;
}

/* The value at d->pos as type t into out (out is UNDEF or holds what was built on failure). */
static bool typed_value(msgpack_decoder *d, const msgpack_type *t, zval *out)
{
	const unsigned char *item = d->pos;
	unsigned char c;
	uint32_t n;

	if (UNEXPECTED(item >= d->end)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	c = *item;
	mp_type w = mp_type_of(c);
	msgpack_type_action action = (msgpack_type_action) t->on[w];
	if (UNEXPECTED(d->opts.records) && action != MSGPACK_TA_MIXED
			&& ((c >= MSGPACK_RECORD_FIRST_ID && c <= MP_POSITIVE_FIXINT_MAX && msgpack_record_byte(d, c))
				|| ((c == MP_FIXEXT1 || c == MP_FIXEXT2) && MSGPACK_REMAINING(d) >= 2 && item[1] == MSGPACK_RECORD_EXT_TYPE))) {
		/* a record, or a declaration and its first record: a class reads it as a map, the other
		 * types refuse it */
		if (t->map_class) {
			return typed_object_from_record(d, t->map_class, out, item);
		}
		if (c <= MP_POSITIVE_FIXINT_MAX && !msgpack_record_known(d, c)) {
			/* no record the reader knows: one of a structure its shared list lacks, as the plain
			 * decoder says (the caller reloads the list) */
			return msgpack_decode_invalid_item(d, item, MSGPACK_RECORD_UNKNOWN_ID);
		}
		return expected(d, t, item);
	}
	switch (action) {
		case MSGPACK_TA_MIXED:
			return plain_value(d, out);
		case MSGPACK_TA_NULL:
			d->pos++;
			ZVAL_NULL(out);
			return true;
		case MSGPACK_TA_BOOL:
			if (!(t->members & (c == MP_TRUE ? MSGPACK_TM_TRUE : MSGPACK_TM_FALSE))) {
				return expected(d, t, item);
			}
			d->pos++;
			ZVAL_BOOL(out, c == MP_TRUE);
			return true;
		case MSGPACK_TA_INT: {
			int64_t v;
			if (!msgpack_read_int(d, &v)) {
				return false;
			}
			if (UNEXPECTED(!msgpack_int_fits_long(c, v))) {
				smart_str s = {0};
				if (t->members & MSGPACK_TM_FLOAT) {
					/* int|float: the float, as PHP makes of an int literal that overflows */
					ZVAL_DOUBLE(out, c == MP_UINT64 ? (double) (uint64_t) v : (double) v);
					return true;
				}
				smart_str_appends(&s, "Expected ");
				smart_str_append(&s, t->text);
				smart_str_appends(&s, ", got ");
				append_big_int(&s, c, v);
				return typed_error(d, item, &s);
			}
			ZVAL_LONG(out, (zend_long) v);
			return true;
		}
		case MSGPACK_TA_FLOAT:
			if (w == MP_TYPE_INT) {
				int64_t v;
				if (!msgpack_read_int(d, &v)) {
					return false;
				}
				ZVAL_DOUBLE(out, c == MP_UINT64 ? (double) (uint64_t) v : (double) v);
				return true;
			}
			if (c == MP_FLOAT64) {
				if (UNEXPECTED(MSGPACK_REMAINING(d) < 9)) {
					return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
				}
				ZVAL_DOUBLE(out, mp_load_double(item + 1));
				d->pos += 9;
				return true;
			}
			if (UNEXPECTED(MSGPACK_REMAINING(d) < 5)) {
				return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
			}
			{
				uint32_t bits = mp_load32(item + 1);
				float f;
				memcpy(&f, &bits, 4);
				d->pos += 5;
				ZVAL_DOUBLE(out, d->opts.float32_decimal ? msgpack_float32_decimal(f) : (double) f);
			}
			return true;
		case MSGPACK_TA_STRING:
			return plain_value(d, out);
		case MSGPACK_TA_ENUM:
			return typed_enum(d, t, out, item);
		case MSGPACK_TA_ARRAY:
			return plain_array(d, t, out, item);
		case MSGPACK_TA_LIST:
			return read_count(d, c, &n) && typed_list(d, t->elem, out, n);
		case MSGPACK_TA_MAP:
			if (!read_count(d, c, &n)) {
				return false;
			}
			return w == MP_TYPE_ARRAY ? typed_list(d, t->value, out, n) : typed_map(d, t, out, n);
		case MSGPACK_TA_OBJECT:
			if (!read_count(d, c, &n)) {
				return false;
			}
			return w == MP_TYPE_MAP ? typed_object_from_map(d, t->map_class, out, n, item)
				: typed_object_from_list(d, t->list_class, out, n, item);
		case MSGPACK_TA_EXT:
			return typed_ext(d, t, out, item);
		case MSGPACK_TA_BIN: {
			const unsigned char *p;
			uint32_t len;
			if (!read_bytes(d, &p, &len)) {
				return false;
			}
			msgpack_bin_init(out, (const char *) p, len);
			return true;
		}
		case MSGPACK_TA_NONE:
		default:
			if (w == MP_TYPE_NEVER) {
				return msgpack_decode_fail(d, MSGPACK_DECODE_PARSE_ERROR);
			}
			return expected(d, t, item);
	}
}

bool msgpack_decode_typed(msgpack_decoder *d, zval *out)
{
	bool ok = typed_value(d, d->opts.type, out);

	if (!ok) {
		note_path(d);
	}
	return ok;
}
