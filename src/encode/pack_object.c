/*
 * The encoder's objects: PECL msgpack's PHP object model as msgpack_pack() writes it with
 * php_only (docs/format.md: the class entry, __sleep(), __serialize(), Serializable, enum cases,
 * __PHP_Incomplete_Class), with its references and back-references; the MsgPack\ API's portable
 * objects (DateTimeInterface, JsonSerializable, backed enums, GMP, public properties read through
 * hooks, the #[Name]/#[AsList] plans of msgpack_plan.c); the value classes (MsgPack\Ext,
 * Timestamp, Bin, Map); registered extensions and transformers. pack.c calls
 * msgpack_encode_object() for each object and msgpack_encode_reference() for each PHP reference
 * while php_only is on; the values an object holds go back to pack.c's walk
 * (msgpack_encode_walk_value(), pack_internal.h).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "zend_bitset.h"
#include "zend_interfaces.h"
#include "zend_enum.h"
#include "ext/standard/php_incomplete_class.h"
#include "ext/date/php_date.h"
#include "ext/json/php_json.h"
#include "php_msgpack.h"
#include "common/msgpack_compat.h"
#include "common/msgpack_format.h"
#include "common/msgpack_ext.h"
#include "encode/pack.h"
#include "encode/pack_write.h"
#include "common/msgpack_records.h"
#include "encode/pack_records.h"
#include "common/msgpack_plan.h"
#include "encode/pack_internal.h"

/* A value an object holds: the common scalars in place, the rest through pack.c's walk. */
static zend_always_inline void encode_entry(msgpack_encoder *enc, zval *v)
{
	msgpack_encode_entry_with(enc, v, msgpack_encode_walk_array, msgpack_encode_walk_value);
}

/* ---- ext values, class entries ----------------------------------------------------------- */

/* An ext value of the encoder: while records are on, fixext 0x72 (`d4 72`, `d5 72`) would read as
 * a record declaration, so an ext 0x72 of 1 or 2 bytes takes the ext8 form (msgpackr's neither). */
static void encode_ext(msgpack_encoder *enc, int8_t type, const char *data, size_t len)
{
	if (UNEXPECTED(enc->records != NULL) && msgpack_record_write_ext(enc->buf, type, data, len)) {
		return;
	}
	msgpack_pack_ext(enc->buf, type, data, len);
}

static zend_always_inline void pack_class_entry(msgpack_encoder *enc, zend_string *class_name)
{
	msgpack_put_byte(enc->buf, MP_NIL);
	msgpack_pack_str(enc->buf, ZSTR_VAL(class_name), ZSTR_LEN(class_name), enc->opts.use_str8);
}

/* ---- references and back-references ------------------------------------------------------ */

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
	msgpack_pack_map_header(enc->buf, 2);
	msgpack_pack_marker(enc->buf, marker);
	msgpack_put_byte(enc->buf, 0);
	msgpack_pack_long(enc->buf, id);
}

void msgpack_encoder_release_seen(msgpack_encoder *enc)
{
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
		msgpack_put_byte(enc->buf, enc->opts.arrays_as_maps ? MP_FIXMAP : MP_FIXARRAY);
		return;
	}
	if (!msgpack_encoder_enter(enc)) {
		return;
	}
	msgpack_pack_map_header(enc->buf, n + 1);
	msgpack_pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
	HOLD_ARRAY(ht);
	msgpack_encode_walk_entries(enc, ht, false);
	RELEASE_ARRAY(ht);
	LEAVE(enc);
}

/* ---- objects ---------------------------------------------------------------------------- */

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
				msgpack_encode_string_by_mode(enc, key); /* a dynamic property's name may be any bytes */
				if (UNEXPECTED(enc->error)) {
					return; /* refused: no user code of the value runs */
				}
			} else if (key) {
				msgpack_pack_str(enc->buf, ZSTR_VAL(key), ZSTR_LEN(key), use_str8);
			} else {
				msgpack_pack_int(enc, (zend_long) h);
			}
		}
		if (Z_TYPE_P(v) == IS_INDIRECT) {
			v = Z_INDIRECT_P(v);
		}
		if (UNEXPECTED(Z_TYPE_P(v) == IS_UNDEF)) {
			msgpack_put_byte(enc->buf, MP_NIL); /* unset since it was counted */
		} else {
			msgpack_encode_walk_value(enc, v);
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
	msgpack_pack_map_header(enc->buf, zend_hash_num_elements(Z_ARRVAL_P(names)) + 1 + in_reference);
	if (in_reference) {
		msgpack_pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
	}
	pack_class_entry(enc, obj->ce->name);
	ZEND_HASH_FOREACH_VAL_IND(Z_ARRVAL_P(names), name) {
		zend_string *mangled, *tmp_name;
		zend_string *str = zval_get_tmp_string(name, &tmp_name);
		zval *v = find_sleep_property(props, obj->ce, str, &mangled);

		if (v && Z_TYPE_P(v) == IS_INDIRECT) {
			v = Z_INDIRECT_P(v);
		}
		msgpack_pack_str(enc->buf, ZSTR_VAL(mangled), ZSTR_LEN(mangled), enc->opts.use_str8);
		if (v == NULL || Z_TYPE_P(v) == IS_UNDEF) {
			msgpack_encoder_notify(enc, MSGPACK_ENCODE_NOTICE_SLEEP_MISSING, str);
			msgpack_put_byte(enc->buf, MP_NIL);
		} else {
			msgpack_encode_walk_value(enc, v);
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
		enc->error = MSGPACK_ENCODE_EXCEPTION;
		return;
	}
	if (Z_TYPE(data) != IS_ARRAY) {
		zval_ptr_dtor(&data);
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_SERIALIZE_NOT_ARRAY, obj->ce);
		return;
	}
	msgpack_pack_map_header(enc->buf, 2 + in_reference);
	if (in_reference) {
		msgpack_pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
	}
	pack_class_entry(enc, obj->ce->name);
	msgpack_put_byte(enc->buf, MP_NIL);
	msgpack_encode_walk_array(enc, Z_ARRVAL(data));
	zval_ptr_dtor(&data);
}

/* `82 c0 03 "Class" <payload of serialize()>`: a class implementing Serializable. */
static void encode_serializable(msgpack_encoder *enc, zval *obj_zv)
{
	zend_class_entry *ce = Z_OBJCE_P(obj_zv);
	unsigned char *payload = NULL;
	size_t len = 0;

	if (ce->serialize(obj_zv, &payload, &len, NULL) == SUCCESS && !EG(exception)) {
		msgpack_pack_map_header(enc->buf, 2);
		msgpack_pack_marker(enc->buf, MSGPACK_MARKER_CUSTOM_OBJECT);
		msgpack_pack_str(enc->buf, ZSTR_VAL(ce->name), ZSTR_LEN(ce->name), enc->opts.use_str8);
		msgpack_pack_str(enc->buf, (char *) payload, len, enc->opts.use_str8);
	} else if (EG(exception)) {
		enc->error = MSGPACK_ENCODE_EXCEPTION;
	} else {
		msgpack_put_byte(enc->buf, MP_NIL);
	}
	if (payload) {
		efree(payload);
	}
}

/* `82 c0 06 "Enum" "Case"`, the case name also for backed enums. */
static void encode_enum(msgpack_encoder *enc, zend_object *obj)
{
	zval *case_name = zend_enum_fetch_case_name(obj);

	msgpack_pack_map_header(enc->buf, 2);
	msgpack_pack_marker(enc->buf, MSGPACK_MARKER_ENUM);
	msgpack_pack_str(enc->buf, ZSTR_VAL(obj->ce->name), ZSTR_LEN(obj->ce->name), enc->opts.use_str8);
	msgpack_pack_str(enc->buf, Z_STRVAL_P(case_name), Z_STRLEN_P(case_name), enc->opts.use_str8);
}

/* MsgPack\Map: its array as a map, list or empty; a container like any array (it takes an id). */
static void encode_map_object(msgpack_encoder *enc, zend_object *obj)
{
	zval *value = MSGPACK_MAP_VALUE(obj);
	HashTable *ht;

	if (Z_TYPE_P(value) != IS_ARRAY) {
		msgpack_put_byte(enc->buf, MP_NIL); /* made without its constructor */
		return;
	}
	ht = Z_ARRVAL_P(value);
	enc->last_id++;
	if (!msgpack_encoder_enter(enc)) {
		return;
	}
	msgpack_pack_map_header(enc->buf, zend_hash_num_elements(ht));
	HOLD_ARRAY(ht);
	msgpack_encode_walk_entries(enc, ht, false);
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
			msgpack_put_byte(enc->buf, MP_NIL); /* made without its constructor */
		} else if (enc->opts.strict && UNEXPECTED(Z_STRLEN_P(data) > UINT32_MAX)) {
			msgpack_encoder_refuse(enc, MSGPACK_ENCODE_STRING_TOO_LONG)->size = Z_STRLEN_P(data);
		} else {
			msgpack_pack_bin(enc->buf, Z_STRVAL_P(data), Z_STRLEN_P(data));
		}
		return;
	}
	if (obj->ce == msgpack_timestamp_ce) {
		int64_t seconds;
		uint32_t nanoseconds;
		if (msgpack_timestamp_read(obj, &seconds, &nanoseconds)) {
			msgpack_pack_timestamp(enc->buf, seconds, nanoseconds);
		} else {
			msgpack_put_byte(enc->buf, MP_NIL); /* made without its constructor (reflection) */
		}
	} else if (Z_TYPE_P(MSGPACK_EXT_TYPE(obj)) != IS_LONG || Z_TYPE_P(MSGPACK_EXT_DATA(obj)) == IS_UNDEF) {
		/* made without its constructor (reflection): nothing to write */
		msgpack_put_byte(enc->buf, MP_NIL);
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
		enc->error = MSGPACK_ENCODE_EXCEPTION;
	} else if (Z_TYPE(payload) != IS_STRING) {
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_EXT_NOT_STRING, obj->ce);
		enc->detail.type_name = zend_zval_type_name(&payload);
	} else if (Z_STRLEN(payload) > UINT32_MAX) {
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_EXT_TOO_LONG, obj->ce);
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
			enc->error = MSGPACK_ENCODE_EXCEPTION;
			break;
		}
		if (Z_TYPE(result) != IS_OBJECT || enc->opts.extensions == NULL) {
			msgpack_encode_walk_value(enc, &result);
			break;
		}
		ext = find_extension(enc->opts.extensions, Z_OBJCE(result));
		if (ext == NULL || !ext->transform) {
			msgpack_encode_walk_value(enc, &result);
			break;
		}
		for (uint32_t i = 0; i < chain_len; i++) {
			if (chain[i] == ext->ce) {
				msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_TRANSFORM_LOOP, registered);
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

	msgpack_date_error error = msgpack_datetime_to_timespec(obj, &seconds, &nanoseconds);

	if (EXPECTED(error == MSGPACK_DATE_OK)) {
		msgpack_pack_timestamp(enc->buf, seconds, nanoseconds);
	} else if (error == MSGPACK_DATE_EXCEPTION) {
		enc->error = MSGPACK_ENCODE_EXCEPTION;
	} else {
		msgpack_encoder_refuse_class(enc, error == MSGPACK_DATE_UNINITIALIZED ? MSGPACK_ENCODE_DATE_UNINITIALIZED
			: MSGPACK_ENCODE_DATE_UNREADABLE, obj->ce);
	}
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
		enc->error = MSGPACK_ENCODE_EXCEPTION;
		return;
	}
	if (msgpack_encoder_enter(enc)) {
		msgpack_encode_walk_value(enc, &data);
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
			msgpack_pack_str(enc->buf, ZSTR_VAL(info[i]->name), ZSTR_LEN(info[i]->name), use_str8);
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
	msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_LIST_UNINITIALIZED, plan->ce);
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
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_PLAN_INVALID, obj->ce);
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
				msgpack_pack_array_header(enc->buf, n);
			} else {
				msgpack_pack_map_header(enc->buf, n);
			}
		}
		for (uint32_t i = 0; i < plan->count && !enc->error; i++) {
			zval *v = OBJ_PROP(obj, plan->props[i].offset);
			if (!zend_bitset_in(counted, i)) {
				continue;
			}
			if (!plan->as_list) {
				msgpack_pack_str(enc->buf, ZSTR_VAL(plan->props[i].key), ZSTR_LEN(plan->props[i].key), true);
			}
			if (UNEXPECTED(Z_TYPE_P(v) == IS_UNDEF)) {
				msgpack_put_byte(enc->buf, MP_NIL); /* unset since it was counted */
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
			enc->error = MSGPACK_ENCODE_EXCEPTION;
		} else {
			msgpack_put_byte(enc->buf, plan->as_list ? MP_FIXARRAY : MP_FIXMAP);
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
		msgpack_pack_array_header(enc->buf, plan->count);
		for (uint32_t i = 0; i < plan->count && !enc->error; i++) {
			msgpack_encode_walk_value(enc, zend_hash_find(view, plan->props[i].key));
		}
		zend_array_release(view);
		return;
	}
	property_selection selection;
	select_properties(view, false, false, &selection);
	bool as_record = UNEXPECTED(enc->records != NULL) && msgpack_record_write_head(enc->records, enc->buf, view, true);
	if (!as_record) {
		msgpack_pack_map_header(enc->buf, selection.count);
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
		enc->error = MSGPACK_ENCODE_EXCEPTION; /* an attribute's argument failed */
		return true;
	}
	if (UNEXPECTED(plan->shaping)) {
		/* asked by user code that the making of the plan runs (an attribute's argument) */
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_PLAN_SHAPING, obj->ce);
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
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_OBJECT_CYCLE, obj->ce);
		return;
	}
	if (!msgpack_encoder_enter(enc)) {
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
		msgpack_pack_map_header(enc->buf, n);
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
			enc->error = MSGPACK_ENCODE_EXCEPTION;
		} else {
			msgpack_put_byte(enc->buf, MP_FIXMAP);
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
		msgpack_pack_map_header(enc->buf, selection.count);
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
			enc->error = MSGPACK_ENCODE_EXCEPTION;
		} else {
			msgpack_encoder_refuse(enc, MSGPACK_ENCODE_GMP_UNREADABLE);
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
		msgpack_pack_int(enc, (int64_t) (0 - magnitude)); /* INT64_MIN's magnitude included */
	} else if (fits && !negative && magnitude <= (uint64_t) INT64_MAX) {
		msgpack_pack_int(enc, (int64_t) magnitude);
	} else if (fits && !negative) {
		msgpack_pack_uint64(enc->buf, magnitude);
	} else {
		msgpack_encoder_refuse(enc, MSGPACK_ENCODE_GMP_TOO_BIG)->text = zend_string_copy(Z_STR(dec));
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
		msgpack_encode_walk_value(enc, zend_enum_fetch_case_value(obj));
	} else if (instanceof_function(ce, php_json_serializable_ce)) {
		encode_json_serializable(enc, obj);
	} else if (is_gmp(ce)) {
		encode_gmp(enc, obj);
	} else if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		/* a Closure, a Generator...: not data; writing {} would hide a mistake */
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_NOT_SERIALIZABLE, ce);
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
			msgpack_pack_array_header(enc->buf, n);
		} else {
			msgpack_pack_map_header(enc->buf, n);
		}
	} else {
		zend_string *class_name = incomplete ? php_lookup_class_name(obj) : NULL;

		msgpack_pack_map_header(enc->buf, n + 1 + in_reference);
		if (in_reference) {
			msgpack_pack_marker(enc->buf, MSGPACK_MARKER_REFERENCE);
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
		msgpack_encoder_refuse_class(enc, MSGPACK_ENCODE_NOT_SERIALIZABLE, ce);
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
	if (!msgpack_encoder_enter(enc)) {
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
			enc->error = MSGPACK_ENCODE_EXCEPTION;
		} else if (!encode_sleep(enc, obj_zv, &names, in_reference)) {
			msgpack_encoder_notify(enc, MSGPACK_ENCODE_NOTICE_SLEEP_NOT_ARRAY, ce->name);
			msgpack_put_byte(enc->buf, MP_NIL);
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
static zend_always_inline void encode_object(msgpack_encoder *enc, zval *obj_zv, zval *ref)
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

void msgpack_encode_object(msgpack_encoder *enc, zval *obj_zv)
{
	encode_object(enc, obj_zv, NULL);
}

void msgpack_encode_reference(msgpack_encoder *enc, zval *ref)
{
	zval *inner = Z_REFVAL_P(ref);

	if (Z_TYPE_P(inner) == IS_ARRAY) {
		encode_referenced_array(enc, ref);
	} else if (Z_TYPE_P(inner) == IS_OBJECT) {
		encode_object(enc, inner, ref);
	} else {
		/* references to scalars are not kept */
		msgpack_encode_walk_value(enc, inner);
	}
}
