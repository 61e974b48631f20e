/*
 * What the parts of the encoder share: pack.c walks values (arrays, strings, numbers) and holds
 * the entry points; pack_object.c writes objects (PECL's PHP object model with its references
 * and back-references, and the MsgPack\ API's portable objects, extensions and transformers);
 * pack_state.c records the errors the encoder refuses a value with, and what their messages
 * name. Not installed; nothing outside the encoder includes it.
 *
 * pack.c calls pack_object.c for each object, and pack_object.c calls pack.c back for the values
 * an object holds (msgpack_encode_walk_value() and the two below): the encoder's files are one
 * layer, which only the files above it may call (tests/compat/layers.sh).
 */
#ifndef MSGPACK_PACK_INTERNAL_H
#define MSGPACK_PACK_INTERNAL_H

#include "php.h"
#include "common/msgpack_format.h"
#include "common/msgpack_stack.h"
#include "encode/pack.h"
#include "encode/pack_write.h"

/* pack.c's walk, for pack_object.c: a value, an array in the form the options choose, the entries
 * of an array as a list or a map. */
void msgpack_encode_walk_value(msgpack_encoder *enc, zval *val);
void msgpack_encode_walk_array(msgpack_encoder *enc, HashTable *ht);
void msgpack_encode_walk_entries(msgpack_encoder *enc, HashTable *ht, bool as_list);
#include "encode/pack_records.h"

/* ---- nesting ------------------------------------------------------------------------------- */

/*
 * The C stack (msgpack_stack.h) is looked at when a level reaches enc->next_look, not at every
 * level: packing enters a container per list of two floats (a GeoJSON point), and a look at
 * every level would be paid for each of them. After each look, next_look is as many levels
 * further as surely fit in what is left of the stack: what is left over four times the most a
 * level has taken so far on this path, and at least STACK_LEVEL_MIN bytes a level. Frames of user code run by a level (jsonSerialize(),
 * __serialize(), ext encoders) are gone before the next level starts; a call that packs again
 * from there is a new encoder, which looks at the stack as it starts.
 */
#define STACK_LEVEL_MIN 1024

static inline void msgpack_encoder_plan_next_look(msgpack_encoder *enc)
{
	uintptr_t here = msgpack_stack_position(), limit = (uintptr_t) enc->stack_limit;
	size_t per_level = enc->depth ? (enc->stack_top - here) / enc->depth : 0;
	size_t levels = here > limit ? (here - limit) / MAX(4 * per_level, STACK_LEVEL_MIN) : 0;

	enc->next_look = levels >= enc->opts.max_depth - enc->depth ? enc->opts.max_depth : enc->depth + (uint32_t) levels;
}

/* msgpack_encoder_enter() past enc->next_look: the depth limit and the C stack, then the next look; false with
 * the error set. Out of line, but static in each file that enters: the compiler then sees that
 * it writes only the encoder, and keeps what the caller knows of the array it enters (a call to
 * another file could write anything, and costs the loops over small arrays reloads and tests;
 * unused in pack_state.c). */
static zend_never_inline ZEND_ATTRIBUTE_UNUSED bool msgpack_encoder_enter_looking(msgpack_encoder *enc)
{
	if (enc->depth > enc->opts.max_depth) {
		enc->error = MSGPACK_ENCODE_DEPTH;
		return false;
	}
	if (msgpack_stack_exhausted(enc->stack_limit)) {
		enc->error = MSGPACK_ENCODE_STACK;
		enc->stack_depth = enc->depth;
		return false;
	}
	msgpack_encoder_plan_next_look(enc);
	return true;
}

/* One level deeper (an array, a map, an object); false with the error set when it is too deep. */
static zend_always_inline bool msgpack_encoder_enter(msgpack_encoder *enc)
{
	if (UNEXPECTED(++enc->depth > enc->next_look)) {
		return msgpack_encoder_enter_looking(enc);
	}
	return true;
}

#define LEAVE(enc) ((enc)->depth--)

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

/* ---- what the encoder reports (pack_state.c) ---------------------------------------------- */

/* Fails the value with what the encoder refuses (msgpack_encode_status past EXCEPTION): the walk
 * stops, and the API says it. Returns the detail, cleared, for what the message names
 * (references, released with the encoder). */
msgpack_encode_error_detail *msgpack_encoder_refuse(msgpack_encoder *enc, msgpack_encode_status error);
/* msgpack_encoder_refuse() with the class the message names. */
void msgpack_encoder_refuse_class(msgpack_encoder *enc, msgpack_encode_status error, zend_class_entry *ce);
/* Releases what the detail of a refused value holds (msgpack_encoder_destroy()). */
void msgpack_encoder_release_detail(msgpack_encoder *enc);

/* Tells the API of a nil written in place of what cannot be packed, at the moment it is. */
static inline void msgpack_encoder_notify(const msgpack_encoder *enc, msgpack_encode_notice_kind kind, zend_string *name)
{
	if (enc->opts.notice) {
		msgpack_encode_notice n = {kind, name};
		enc->opts.notice(&n);
	}
}

/* ---- writing items ------------------------------------------------------------------------- */

/* An int value or key: while records are on, 64..127 take the uint8 form (the fixints are ids). */
static zend_always_inline void msgpack_pack_int(msgpack_encoder *enc, int64_t v)
{
	if (UNEXPECTED(enc->records != NULL)) {
		msgpack_record_write_int(enc->buf, v);
		return;
	}
	msgpack_pack_long(enc->buf, v);
}

/* A string value under BIN_STRINGS or DETECT_BIN, a map key or a property's name under
 * DETECT_BIN (other keys and names stay str); refused past 4 GiB - 1. */
static inline void msgpack_encode_string_by_mode(msgpack_encoder *enc, zend_string *str)
{
	if (UNEXPECTED(ZSTR_LEN(str) > UINT32_MAX)) {
		msgpack_encoder_refuse(enc, MSGPACK_ENCODE_STRING_TOO_LONG)->size = ZSTR_LEN(str);
		return;
	}
	msgpack_write_str_or_bin(enc->buf, str, enc->opts.strings == MSGPACK_STRINGS_BIN);
}

/* A value with the common scalars written in place, else by array() or other(): in the loops
 * over array entries and properties, a call of encode_zval() (a large function, whose prologue
 * saves every register) costs as much as writing an int or a short string. pack.c passes its
 * own functions (the calls are direct once inlined), pack_object.c its way back into pack.c. */
static zend_always_inline void msgpack_encode_entry_with(msgpack_encoder *enc, zval *v,
	void (*array)(msgpack_encoder *enc, HashTable *ht), void (*other)(msgpack_encoder *enc, zval *val))
{
	switch (Z_TYPE_P(v)) {
		case IS_LONG:
			msgpack_pack_int(enc, Z_LVAL_P(v));
			return;
		case IS_STRING:
			if (EXPECTED(enc->opts.strings == MSGPACK_STRINGS_STR)) {
				msgpack_pack_str(enc->buf, Z_STRVAL_P(v), Z_STRLEN_P(v), enc->opts.use_str8);
				return;
			}
			break;
		case IS_DOUBLE:
			msgpack_pack_double(enc->buf, Z_DVAL_P(v), enc->opts.force_f32);
			return;
		case IS_TRUE:
			msgpack_put_byte(enc->buf, MP_TRUE);
			return;
		case IS_FALSE:
			msgpack_put_byte(enc->buf, MP_FALSE);
			return;
		case IS_NULL:
			msgpack_put_byte(enc->buf, MP_NIL);
			return;
		case IS_ARRAY:
			array(enc, Z_ARRVAL_P(v));
			return;
	}
	other(enc, v);
}

/* ---- objects (pack_object.c) ------------------------------------------------------------- */

/* An object (IS_OBJECT), in the form the options choose. */
void msgpack_encode_object(msgpack_encoder *enc, zval *obj_zv);
/* A PHP reference, php_only on: an array or object in it with its reference marker, or a
 * back-reference to where it was written first; a scalar as it is. */
void msgpack_encode_reference(msgpack_encoder *enc, zval *ref);
/* Releases the table of the objects and references written (msgpack_encoder_destroy()). */
void msgpack_encoder_release_seen(msgpack_encoder *enc);

#endif
