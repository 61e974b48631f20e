/*
 * Target typed: typed decoding (MsgPack\unpackAs(): unpack.h's msgpack_unpack_options.type,
 * unpack_typed.c) into the types of fuzz/typed.inc.php's FzT\PLANS (scalars, unions, list<int>,
 * array<string, float>, array<int|string, mixed>, classes with typed, nullable, defaulted,
 * renamed and promoted properties, #[AsList] classes, list<Class>, enums backed and pure,
 * DateTimeImmutable, MsgPack\Timestamp, mixed), their plans made once per request (the classes
 * declared, msgpack_type_from_string()). The input's first byte picks the type (byte % count)
 * and the flags (byte / count % 8: none; FORBID_UNKNOWN_KEYS; PHP_OBJECTS |
 * TIMESTAMP_AS_DATETIME; RECORDS | MAPS_AS_OBJECTS; BIGINT_AS_FLOAT | FLOAT32_DECIMAL_FIT;
 * RECORDS with 40 shared structures; MAPS_AS_OBJECTS; TIMESTAMP_AS_DATETIME |
 * FORBID_UNKNOWN_KEYS); the rest is the bytes, read whole as unpackAs() reads them:
 *
 *   - a value read is of the type (the plan's: its members, the elements of a list, the values
 *     of a map, the classes), every typed property of every object in it holds a value of its
 *     declared type, no constructor ran (FzT's constructors say so), all the bytes were taken;
 *   - a failed read leaves no value, names an offset inside the input (its end only for missing
 *     data) and a path from "$", and throws no ValueError or TypeError (the plans hold);
 *   - without flags, and for types without string keys (PHP makes "0", "1" ints, and such an
 *     array packs as a list), what was read packs with MsgPack\pack()'s options and reads back
 *     the same (serialize() of both), as fuzz/harness.inc.php checks unpackAs().
 */
#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "report/msgpack_report.h"
#include "../fuzz.h"
#include "common/msgpack_plan.h"
#include "common/msgpack_ext.h"

#ifndef FUZZ_DIR
# error "compile with -DFUZZ_DIR='\"/path/to/fuzz\"'"
#endif

#define MAX_PLANS 64
#define FLAG_SETS 8

static struct {
	zend_string *spec;
	msgpack_type *type;
	bool owned;
	bool string_keys; /* a map with string keys in it: not read back (see above) */
} plans[MAX_PLANS];
static uint32_t plan_count;
static msgpack_record_table *shared40;

static void typed_setup(void)
{
	zval list_zv, *list = &list_zv, *spec;
	zend_string *error = NULL, *too_deep = NULL;

	fuzz_eval("require '" FUZZ_DIR "/typed.inc.php';", FUZZ_DIR "/typed.inc.php");
	ZVAL_UNDEF(list);
	if (zend_eval_string("FzT\\PLANS", list, "FzT\\PLANS") != SUCCESS || Z_TYPE_P(list) != IS_ARRAY) {
		fprintf(stderr, "msgpack fuzzer: no FzT\\PLANS in typed.inc.php\n");
		exit(1);
	}
	plan_count = 0;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), spec) {
		if (plan_count == MAX_PLANS || Z_TYPE_P(spec) != IS_STRING) {
			fprintf(stderr, "msgpack fuzzer: FzT\\PLANS: more than %d types, or not strings\n", MAX_PLANS);
			exit(1);
		}
		plans[plan_count].spec = zend_string_copy(Z_STR_P(spec));
		plans[plan_count].type = msgpack_type_from_string(Z_STR_P(spec), &error, &plans[plan_count].owned, &too_deep);
		if (plans[plan_count].type == NULL) {
			fprintf(stderr, "msgpack fuzzer: FzT\\PLANS: %s: %s\n", Z_STRVAL_P(spec),
				error ? ZSTR_VAL(error) : too_deep ? "nested too deeply" : "exception");
			exit(1);
		}
		plans[plan_count].string_keys = strstr(Z_STRVAL_P(spec), "string,") != NULL;
		plan_count++;
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(list);
	shared40 = fuzz_shared_structures();
	fuzz_keep_index(shared40);
}

static void typed_teardown(void)
{
	for (uint32_t i = 0; i < plan_count; i++) {
		if (plans[i].owned) {
			msgpack_type_free(plans[i].type);
		}
		zend_string_release(plans[i].spec);
	}
	plan_count = 0;
	msgpack_record_table_free(shared40);
	shared40 = NULL;
}

/* Whether v is of type t, as the plan says what t holds. */
static bool of_type(const msgpack_type *t, zval *v, int depth)
{
	uint32_t m = t->members;
	zval *e;

	if (m & MSGPACK_TM_MIXED) {
		return true;
	}
	ZVAL_DEREF(v);
	switch (Z_TYPE_P(v)) {
		case IS_NULL:   return m & MSGPACK_TM_NULL;
		case IS_FALSE:  return m & MSGPACK_TM_FALSE;
		case IS_TRUE:   return m & MSGPACK_TM_TRUE;
		case IS_LONG:   return m & MSGPACK_TM_INT;
		case IS_DOUBLE: return m & MSGPACK_TM_FLOAT;
		case IS_STRING: return m & MSGPACK_TM_STRING;
		case IS_ARRAY: {
			HashTable *ht = Z_ARRVAL_P(v);
			if (m & MSGPACK_TM_ARRAY) {
				return true;
			}
			if (depth > 1000) {
				return true;
			}
			if ((m & MSGPACK_TM_LIST) && zend_array_is_list(ht)) {
				bool all = true;
				ZEND_HASH_FOREACH_VAL(ht, e) {
					if (!of_type(t->elem, e, depth + 1)) {
						all = false;
						break;
					}
				} ZEND_HASH_FOREACH_END();
				if (all) {
					return true;
				}
			}
			if (m & MSGPACK_TM_MAP) {
				zend_string *key;
				bool all = true;
				ZEND_HASH_FOREACH_STR_KEY_VAL(ht, key, e) {
					/* int keys only: no string (a string key may be "1", which PHP makes 1) */
					if ((key && t->map_key == MSGPACK_KEY_INT) || !of_type(t->value, e, depth + 1)) {
						all = false;
						break;
					}
				} ZEND_HASH_FOREACH_END();
				if (all) {
					return true;
				}
			}
			return false;
		}
		case IS_OBJECT: {
			zend_class_entry *ce = Z_OBJCE_P(v);
			return ((m & MSGPACK_TM_CLASS) && instanceof_function(ce, t->map_class->ce))
				|| ((m & MSGPACK_TM_LIST_CLASS) && instanceof_function(ce, t->list_class->ce))
				|| ((m & MSGPACK_TM_ENUM) && ((t->int_enum && ce == t->int_enum->ce) || (t->str_enum && ce == t->str_enum->ce)))
				|| ((m & MSGPACK_TM_DATE) && instanceof_function(ce, t->date_ce))
				|| ((m & MSGPACK_TM_BIN) && ce == msgpack_bin_ce)
				|| ((m & MSGPACK_TM_EXT) && ce == msgpack_ext_ce)
				|| ((m & MSGPACK_TM_TIMESTAMP) && ce == msgpack_timestamp_ce);
		}
		default:
			return false;
	}
}

/* Whether v fits the declared type of a property (no coercion: as the decoder must have made it). */
static bool fits(zend_type type, zval *v)
{
	zend_type *single;

	ZVAL_DEREF(v);
	if (ZEND_TYPE_CONTAINS_CODE(type, Z_TYPE_P(v))) {
		return true;
	}
	if (Z_TYPE_P(v) != IS_OBJECT || !ZEND_TYPE_IS_COMPLEX(type)) {
		return false;
	}
	ZEND_TYPE_FOREACH(type, single) {
		if (ZEND_TYPE_HAS_NAME(*single)) {
			zend_class_entry *ce = zend_lookup_class_ex(ZEND_TYPE_NAME(*single), NULL, ZEND_FETCH_CLASS_NO_AUTOLOAD);
			if (ce && instanceof_function(Z_OBJCE_P(v), ce)) {
				return true;
			}
		}
	} ZEND_TYPE_FOREACH_END();
	return false;
}

/* Every typed property of every object of a user class in v holds a value of its type. */
static const char *typed_properties_hold(zval *v, int depth)
{
	zval *e;

	ZVAL_DEREF(v);
	if (depth > 1000) {
		return NULL;
	}
	if (Z_TYPE_P(v) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), e) {
			const char *bad = typed_properties_hold(e, depth + 1);
			if (bad) {
				return bad;
			}
		} ZEND_HASH_FOREACH_END();
	} else if (Z_TYPE_P(v) == IS_OBJECT) {
		zend_object *obj = Z_OBJ_P(v);
		zend_property_info *info;

		if (obj->ce->type != ZEND_USER_CLASS || (obj->ce->ce_flags & ZEND_ACC_ENUM)) {
			return NULL;
		}
		ZEND_HASH_FOREACH_PTR(&obj->ce->properties_info, info) {
			if (info->flags & ZEND_ACC_STATIC) {
				continue;
			}
			zval *slot = OBJ_PROP(obj, info->offset);
			if (Z_TYPE_P(slot) == IS_UNDEF) {
				continue;
			}
			if (ZEND_TYPE_IS_SET(info->type) && !fits(info->type, slot)) {
				return ZSTR_VAL(info->name);
			}
			const char *bad = typed_properties_hold(slot, depth + 1);
			if (bad) {
				return bad;
			}
		} ZEND_HASH_FOREACH_END();
	}
	return NULL;
}

/* unpackAs() of all of data into t with options uo; the value in *out (null on failure). */
static bool read_as(const uint8_t *data, size_t size, const msgpack_unpack_options *opts, const msgpack_type *t, zval *out,
	msgpack_unpack_result *res)
{
	msgpack_unpack_options uo = *opts;

	uo.type = t;
	uo.whole_input = true;
	return msgpack_decode((const char *) data, size, &uo, out, res);
}

static void typed_run(const uint8_t *data, size_t size)
{
	msgpack_unpack_options uo;
	msgpack_unpack_result res;
	uint32_t flags, which;
	zval v;

	if (size < 1 || plan_count == 0) {
		return;
	}
	which = data[0] % plan_count;
	flags = (data[0] / plan_count) % FLAG_SETS;
	data++;
	size--;
	fuzz_api_options(&uo, flags == 2, !(flags == 3 || flags == 6), flags == 4 ? MSGPACK_BIGINT_FLOAT : MSGPACK_BIGINT_STRING,
		flags == 2 || flags == 7, flags == 4);
	uo.forbid_unknown_keys = flags == 1 || flags == 7;
	uo.records = flags == 3 || flags == 5;
	uo.shared_records = flags == 5 ? shared40 : NULL;

	const msgpack_type *t = plans[which].type;
	bool ok = read_as(data, size, &uo, t, &v, &res);
	zval *constructed = zend_hash_str_find(&EG(symbol_table), "__fuzz_typed_constructed", sizeof("__fuzz_typed_constructed") - 1);
	if (constructed) {
		fuzz_failf(data, size, "unpackAs(%s) ran a constructor (%s)", ZSTR_VAL(plans[which].spec),
			Z_TYPE_P(constructed) == IS_STRING ? Z_STRVAL_P(constructed) : "?");
	}
	if (!ok) {
		size_t at = res.error_offset;

		if (Z_TYPE(v) != IS_NULL) {
			fuzz_failf(data, size, "unpackAs(%s): a failed read left a value", ZSTR_VAL(plans[which].spec));
		}
		if (at > size || (at == size && res.api_error != MSGPACK_DECODE_INSUFFICIENT)) {
			fuzz_failf(data, size, "unpackAs(%s): an error at offset %zu of %zu bytes", ZSTR_VAL(plans[which].spec), at, size);
		}
		if (res.path && (ZSTR_LEN(res.path) == 0 || ZSTR_VAL(res.path)[0] != '$')) {
			fuzz_failf(data, size, "unpackAs(%s): a path that does not start at $: %s", ZSTR_VAL(plans[which].spec),
				ZSTR_VAL(res.path));
		}
		if (EG(exception) && (instanceof_function(EG(exception)->ce, zend_ce_value_error)
				|| instanceof_function(EG(exception)->ce, zend_ce_type_error))) {
			zval message;
			zend_string *text = zval_try_get_string(zend_read_property(EG(exception)->ce, EG(exception), "message",
				sizeof("message") - 1, 1, &message));
			fuzz_failf(data, size, "unpackAs(%s): %s: %s", ZSTR_VAL(plans[which].spec), ZSTR_VAL(EG(exception)->ce->name),
				text ? ZSTR_VAL(text) : "");
		}
		msgpack_decoder_raise(&res);
		zend_clear_exception();
		msgpack_unpack_result_destroy(&res);
		return;
	}
	msgpack_unpack_result_destroy(&res);
	if (EG(exception)) {
		fuzz_failf(data, size, "unpackAs(%s): an exception pending after a value was read", ZSTR_VAL(plans[which].spec));
	}
	if (res.consumed != size) {
		fuzz_failf(data, size, "unpackAs(%s): a value of %zu bytes read from %zu", ZSTR_VAL(plans[which].spec), res.consumed, size);
	}
	int64_t budget = 20000;
	bool refs = false;
	bool bounded = fuzz_bounded(&v, &budget, 0, &refs);
	if (bounded && !of_type(t, &v, 0)) {
		fuzz_failf(data, size, "unpackAs(%s) returned a %s", ZSTR_VAL(plans[which].spec), zend_zval_type_name(&v));
	}
	const char *bad = bounded ? typed_properties_hold(&v, 0) : NULL;
	if (bad) {
		fuzz_failf(data, size, "unpackAs(%s): property $%s holds a value not of its type", ZSTR_VAL(plans[which].spec), bad);
	}
	if (flags == 0 && !plans[which].string_keys && bounded) {
		msgpack_pack_options po;
		zend_string *bytes, *a, *b;
		zval again;

		fuzz_pack_options_for(&po, &uo);
		bytes = fuzz_pack(&v, &po);
		if (bytes) {
			/* (NULL: deeper than msgpack.max_depth, which pack() follows and unpackAs() does not) */
			if (!read_as((const uint8_t *) ZSTR_VAL(bytes), ZSTR_LEN(bytes), &uo, t, &again, &res)) {
				fuzz_dump("packed again", (const uint8_t *) ZSTR_VAL(bytes), ZSTR_LEN(bytes));
				fuzz_failf(data, size, "unpackAs(%s): what was read does not pack and read back: %s",
					ZSTR_VAL(plans[which].spec), res.detail ? res.detail : "?");
			}
			msgpack_unpack_result_destroy(&res);
			a = fuzz_serialize(&v);
			b = fuzz_serialize(&again);
			if (!a || !b || !zend_string_equals(a, b)) {
				fuzz_dump("packed again", (const uint8_t *) ZSTR_VAL(bytes), ZSTR_LEN(bytes));
				fuzz_failf(data, size, "unpackAs(%s): what was read packs and reads back otherwise", ZSTR_VAL(plans[which].spec));
			}
			zend_string_release(a);
			zend_string_release(b);
			zend_string_release(bytes);
			zval_ptr_dtor(&again);
		}
	}
	zval_ptr_dtor(&v);
	zend_clear_exception();
}

const fuzz_target_def fuzz_target = {
	.name = "typed",
	.request_inputs = 50000,
	.setup = typed_setup,
	.teardown = typed_teardown,
	.run = typed_run,
	.fresh_caches = true,
};
