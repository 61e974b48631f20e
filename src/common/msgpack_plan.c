/*
 * Plans (msgpack_plan.h): the shape of a class as the MsgPack\ API writes and reads it, the types
 * of its properties, and the types that type strings name, each worked out once per request.
 *
 * A class's types are made in a transaction: the plans set BUILDING on the way are listed, and if
 * anything fails (an unknown class, an ambiguous union, an autoloader that throws) all of them go
 * back to NONE, so that no kept plan ever points to a type that was freed. A class met again
 * while its plan is BUILDING (a recursive class) is referred to as it is: its plan is complete
 * before anything is decoded with it.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_attributes.h"
#include "zend_enum.h"
#include "zend_smart_str.h"
#include "zend_interfaces.h"
#include "zend_exceptions.h"
#include "ext/date/php_date.h"
#include "php_msgpack.h"
#include "common/msgpack_compat.h"
#include "common/msgpack_ext.h"
#include "common/msgpack_plan.h"
#include "common/msgpack_stack.h"

zend_class_entry *msgpack_attr_name_ce;
zend_class_entry *msgpack_attr_as_list_ce;
zend_class_entry *msgpack_attr_list_of_ce;
zend_class_entry *msgpack_attr_map_of_ce;

void msgpack_plan_register_attributes(zend_class_entry *name, zend_class_entry *as_list, zend_class_entry *list_of,
	zend_class_entry *map_of)
{
	msgpack_attr_name_ce = name;
	msgpack_attr_as_list_ce = as_list;
	msgpack_attr_list_of_ce = list_of;
	msgpack_attr_map_of_ce = map_of;
	/* what #[\Attribute(...)] says of a user class: where PHP accepts them (checked when a class
	 * is compiled), and that ReflectionAttribute::newInstance() may make them */
	zend_internal_attribute_register(name, ZEND_ATTRIBUTE_TARGET_PROPERTY);
	zend_internal_attribute_register(as_list, ZEND_ATTRIBUTE_TARGET_CLASS);
	zend_internal_attribute_register(list_of, ZEND_ATTRIBUTE_TARGET_PROPERTY);
	zend_internal_attribute_register(map_of, ZEND_ATTRIBUTE_TARGET_PROPERTY);
}

/* The constructors of the attributes with an argument: it is their one readonly property. */
static void attribute_construct(INTERNAL_FUNCTION_PARAMETERS, const char *property)
{
	zend_string *value;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(value)
	ZEND_PARSE_PARAMETERS_END();

	if (Z_TYPE_P(OBJ_PROP_NUM(obj, 0)) != IS_UNDEF) {
		zend_throw_error(NULL, "Cannot modify readonly property %s::$%s", ZSTR_VAL(obj->ce->name), property);
		RETURN_THROWS();
	}
	ZVAL_STR_COPY(OBJ_PROP_NUM(obj, 0), value);
}

ZEND_METHOD(MsgPack_Name, __construct)
{
	attribute_construct(INTERNAL_FUNCTION_PARAM_PASSTHRU, "name");
}

ZEND_METHOD(MsgPack_ListOf, __construct)
{
	attribute_construct(INTERNAL_FUNCTION_PARAM_PASSTHRU, "type");
}

ZEND_METHOD(MsgPack_MapOf, __construct)
{
	attribute_construct(INTERNAL_FUNCTION_PARAM_PASSTHRU, "type");
}

/* Type strings kept for the request; past this many a new one is the caller's to free. */
#define CACHED_TYPES_MAX 1024
/* A longer type string is made for its call only: the cached ones hold their text. */
#define CACHED_TYPE_MAX_LEN 256
/* Members of one union (a type string or a property type). */
#define MAX_MEMBERS 16

struct _msgpack_plan_cache {
	HashTable classes; /* ce address -> msgpack_class_plan * */
	HashTable enums;   /* ce address -> msgpack_enum_plan * */
	HashTable types;   /* type string -> msgpack_type * */
};

static zend_always_inline zend_ulong ce_key(const zend_class_entry *ce)
{
	return (zend_ulong) (uintptr_t) ce >> 3;
}

static void class_plan_free(zval *zv);
static void enum_plan_free(zval *zv);
static void cached_type_free(zval *zv);

static msgpack_plan_cache *plan_cache(void)
{
	msgpack_plan_cache *c = MSGPACK_G(plans);

	if (UNEXPECTED(c == NULL)) {
		c = MSGPACK_G(plans) = ecalloc(1, sizeof(msgpack_plan_cache));
		zend_hash_init(&c->classes, 8, NULL, class_plan_free, 0);
		zend_hash_init(&c->enums, 8, NULL, enum_plan_free, 0);
		zend_hash_init(&c->types, 8, NULL, cached_type_free, 0);
	}
	return c;
}

void msgpack_plans_trim(void)
{
	msgpack_plan_cache *c = MSGPACK_G(plans);

	if (UNEXPECTED(c != NULL) && MSGPACK_G(codec_calls) == 0 && zend_hash_num_elements(&c->classes)
			+ zend_hash_num_elements(&c->enums) + zend_hash_num_elements(&c->types) >= MSGPACK_PLANS_MAX) {
		msgpack_plans_free();
	}
}

void msgpack_plans_free(void)
{
	msgpack_plan_cache *c = MSGPACK_G(plans);

	if (c) {
		/* types first: they point to plans */
		zend_hash_destroy(&c->types);
		zend_hash_destroy(&c->classes);
		zend_hash_destroy(&c->enums);
		efree(c);
		MSGPACK_G(plans) = NULL;
	}
	MSGPACK_G(pack_plain_ce) = NULL;
	MSGPACK_G(pack_plan_ce) = NULL;
	MSGPACK_G(pack_plan) = NULL;
}

/* ---- types ---------------------------------------------------------------------------------- */

void msgpack_type_free(msgpack_type *t)
{
	if (t == NULL) {
		return;
	}
	msgpack_type_free(t->elem);
	msgpack_type_free(t->value);
	if (t->text) {
		zend_string_release(t->text);
	}
	efree(t);
}

static void cached_type_free(zval *zv)
{
	msgpack_type_free(Z_PTR_P(zv));
}

static void prop_types_free(msgpack_class_plan *plan)
{
	for (uint32_t i = 0; i < plan->count; i++) {
		msgpack_type_free(plan->props[i].type);
		plan->props[i].type = NULL;
		zval_ptr_dtor(&plan->props[i].default_value);
		ZVAL_UNDEF(&plan->props[i].default_value);
	}
}

/* ---- class shapes --------------------------------------------------------------------------- */

static void class_plan_free(zval *zv)
{
	msgpack_class_plan *plan = Z_PTR_P(zv);

	prop_types_free(plan);
	for (uint32_t i = 0; i < plan->count; i++) {
		zend_string_release(plan->props[i].key);
		zend_string_release(plan->props[i].name);
	}
	if (plan->props) {
		efree(plan->props);
	}
	if (plan->slot_keys) {
		efree(plan->slot_keys);
	}
	if (plan->error) {
		zend_string_release(plan->error);
	}
	zend_hash_destroy(&plan->by_key);
	efree(plan);
}

/* The one string argument of a property attribute (#[Name('x')], #[ListOf(T::class)]) into out;
 * false with *error set, or with an exception pending (a constant expression that failed). */
static bool attribute_string(zend_attribute *attr, zend_property_info *info, const char *what, zval *out,
	zend_string **error)
{
	ZVAL_UNDEF(out);
	if (attr->argc != 1) {
		*error = zend_strpprintf(0, "#[%s] takes one argument, %u given", what, attr->argc);
		return false;
	}
	if (zend_get_attribute_value(out, attr, 0, info->ce) != SUCCESS) {
		ZVAL_UNDEF(out);
		return false;
	}
	if (Z_TYPE_P(out) != IS_STRING) {
		*error = zend_strpprintf(0, "#[%s] takes a string, %s given", what, zend_zval_type_name(out));
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		return false;
	}
	return true;
}

/* The shape of a new plan: false on an exception (an attribute's constant expression). */
static bool build_shape(msgpack_class_plan *plan)
{
	zend_class_entry *ce = plan->ce;
	zend_property_info **table = ce->properties_info_table;
	zend_string *error = NULL;
	uint32_t n = 0;

	plan->as_list = ce->attributes && zend_get_attribute_str(ce->attributes, "msgpack\\aslist", sizeof("msgpack\\aslist") - 1);
	if (ce->default_properties_count && table == NULL) {
		/* not reached for a linked class: the table is built when a class is linked */
		plan->error = zend_strpprintf(0, "the properties of %s cannot be listed", ZSTR_VAL(ce->name));
		return true;
	}
	for (int i = 0; i < ce->default_properties_count; i++) {
		if (table[i] && (table[i]->flags & ZEND_ACC_PUBLIC) && !(table[i]->flags & ZEND_ACC_STATIC)) {
			n++;
		}
	}
	plan->props = n ? safe_emalloc(n, sizeof(msgpack_prop_plan), 0) : NULL;
	for (int i = 0; i < ce->default_properties_count; i++) {
		zend_property_info *info = table[i];
		zend_attribute *attr;
		msgpack_prop_plan *prop;
		zval key, index;

		if (info == NULL || !(info->flags & ZEND_ACC_PUBLIC) || (info->flags & ZEND_ACC_STATIC)) {
			continue;
		}
		ZVAL_STR_COPY(&key, info->name);
		attr = info->attributes ? zend_get_attribute_str(info->attributes, "msgpack\\name", sizeof("msgpack\\name") - 1) : NULL;
		if (attr) {
			zval_ptr_dtor(&key);
			if (!attribute_string(attr, info, "MsgPack\\Name", &key, &error)) {
				if (error) {
					zend_string *where = zend_strpprintf(0, "%s::$%s: %s", ZSTR_VAL(info->ce->name), ZSTR_VAL(info->name),
						ZSTR_VAL(error));
					zend_string_release(error);
					error = where;
				}
				break;
			}
			plan->renamed |= !zend_string_equals(Z_STR(key), info->name);
		}
		prop = &plan->props[plan->count];
		prop->key = Z_STR(key);
		prop->name = zend_string_copy(info->name);
		prop->offset = info->offset;
		prop->slot = (uint32_t) i;
		prop->info = info;
		prop->type = NULL;
		ZVAL_UNDEF(&prop->default_value);
		plan->count++;
		ZVAL_LONG(&index, plan->count);
		if (!zend_hash_add(&plan->by_key, prop->key, &index)) {
			uint32_t other = (uint32_t) Z_LVAL_P(zend_hash_find(&plan->by_key, prop->key)) - 1;
			error = zend_strpprintf(0, "%s::$%s: the key \"%s\" is already %s::$%s's", ZSTR_VAL(info->ce->name),
				ZSTR_VAL(info->name), ZSTR_VAL(prop->key), ZSTR_VAL(plan->props[other].info->ce->name),
				ZSTR_VAL(plan->props[other].name));
			break;
		}
	}
	if (EG(exception)) {
		return false;
	}
	if (error) {
		plan->error = error;
		return true;
	}
	if (plan->renamed || plan->as_list) {
		plan->slot_count = (uint32_t) ce->default_properties_count;
		plan->slot_keys = ecalloc(plan->slot_count, sizeof(zend_string *));
		for (uint32_t i = 0; i < plan->count; i++) {
			plan->slot_keys[plan->props[i].slot] = plan->props[i].key;
		}
	}
	return true;
}

/* build_shape() with a fatal error in user code (an autoloader that an attribute's argument
 * runs) caught on its way: nothing may keep a shape that was never finished, as a shutdown
 * function may still pack or decode. */
static zend_never_inline bool build_shape_guarded(msgpack_class_plan *plan)
{
	bool ok = false;

	zend_try {
		ok = build_shape(plan);
	} zend_catch {
		zend_hash_index_del(&MSGPACK_G(plans)->classes, ce_key(plan->ce));
		zend_bailout();
	} zend_end_try();
	return ok;
}

msgpack_class_plan *msgpack_class_plan_get(zend_class_entry *ce)
{
	msgpack_plan_cache *c = plan_cache();
	msgpack_class_plan *plan = zend_hash_index_find_ptr(&c->classes, ce_key(ce));
	bool ok;

	if (EXPECTED(plan != NULL)) {
		return plan;
	}
	plan = ecalloc(1, sizeof(msgpack_class_plan));
	plan->ce = ce;
	plan->shaping = true;
	zend_hash_init(&plan->by_key, 8, NULL, NULL, 0);
	/* cached while shaped, so that a request for it from user code that an attribute's argument
	 * runs finds it and is refused (its caller sees shaping) */
	zend_hash_index_add_new_ptr(&c->classes, ce_key(ce), plan);
	ok = build_shape_guarded(plan);
	plan->shaping = false;
	if (!ok) {
		zend_hash_index_del(&c->classes, ce_key(ce));
		return NULL;
	}
	return plan;
}

msgpack_class_plan *msgpack_class_plan_for_pack(zend_class_entry *ce)
{
	msgpack_class_plan *plan;

	if (MSGPACK_G(pack_plain_ce) == ce) {
		return NULL;
	}
	if (MSGPACK_G(pack_plan_ce) == ce) {
		return MSGPACK_G(pack_plan);
	}
	plan = msgpack_class_plan_get(ce);
	if (plan == NULL) {
		return NULL; /* an exception */
	}
	if (UNEXPECTED(plan->shaping)) {
		/* refused by the encoder; nothing cached: the packer asks again once the shape is made */
		return plan;
	}
	if (plan->error || plan->renamed || plan->as_list) {
		MSGPACK_G(pack_plan_ce) = ce;
		MSGPACK_G(pack_plan) = plan;
		return plan;
	}
	MSGPACK_G(pack_plain_ce) = ce;
	return NULL;
}

/* ---- enums ---------------------------------------------------------------------------------- */

static void enum_plan_free(zval *zv)
{
	msgpack_enum_plan *e = Z_PTR_P(zv);

	zend_hash_destroy(&e->cases);
	efree(e);
}

/* The enum's cases by value (backed) or name (pure); NULL with an exception pending when a case's
 * value cannot be worked out. */
static msgpack_enum_plan *enum_plan_get(zend_class_entry *ce)
{
	msgpack_plan_cache *c = plan_cache();
	msgpack_enum_plan *e = zend_hash_index_find_ptr(&c->enums, ce_key(ce));
	zend_string *name;
	zend_class_constant *cc;

	if (e) {
		return e;
	}
	e = emalloc(sizeof(msgpack_enum_plan));
	e->count = 0;
	e->ce = ce;
	e->backing = ce->enum_backing_type;
	zend_hash_init(&e->cases, 8, NULL, NULL, 0);
	ZEND_HASH_FOREACH_STR_KEY_PTR(CE_CONSTANTS_TABLE(ce), name, cc) {
		if (!(ZEND_CLASS_CONST_FLAGS(cc) & ZEND_CLASS_CONST_IS_CASE)) {
			continue;
		}
		if (Z_TYPE(cc->value) == IS_CONSTANT_AST && zval_update_constant_ex(&cc->value, cc->ce) != SUCCESS) {
			zend_hash_destroy(&e->cases);
			efree(e);
			return NULL;
		}
		zend_object *obj = Z_OBJ(cc->value);
		if (e->backing == IS_UNDEF) {
			zend_hash_add_ptr(&e->cases, name, obj);
		} else {
			zval *v = zend_enum_fetch_case_value(obj);
			if (Z_TYPE_P(v) == IS_LONG) {
				zend_hash_index_add_ptr(&e->cases, (zend_ulong) Z_LVAL_P(v), obj);
			} else {
				zend_hash_add_ptr(&e->cases, Z_STR_P(v), obj);
			}
		}
	} ZEND_HASH_FOREACH_END();
	if (e->backing != IS_LONG && zend_hash_num_elements(&e->cases) <= MSGPACK_ENUM_SCAN) {
		zend_string *key;
		zend_object *obj;
		ZEND_HASH_FOREACH_STR_KEY_PTR(&e->cases, key, obj) {
			e->names[e->count] = key; /* held by the table */
			e->objects[e->count++] = obj;
		} ZEND_HASH_FOREACH_END();
	}
	zend_hash_index_add_new_ptr(&c->enums, ce_key(ce), e);
	return e;
}

/* ---- building types --------------------------------------------------------------------------- */

typedef struct _type_builder {
	zend_string *error;           /* the first error, a phrase; NULL with an exception pending */
	msgpack_class_plan **building; /* the plans set BUILDING by this build */
	uint32_t building_count;
	uint32_t building_capacity;
	const char *stack_limit;      /* plan_types() recurses once per class of a chain */
	/* the class whose plan the C stack could not hold (the API throws an Error naming it, not a
	 * phrase of error: that would be prefixed with every class of the chain), else NULL */
	zend_string *too_deep;
} type_builder;

static bool fail(type_builder *b, zend_string *error)
{
	if (b->error == NULL && b->too_deep == NULL && !EG(exception)) {
		b->error = error;
	} else {
		zend_string_release(error);
	}
	return false;
}

/* Prefixes the error of a nested part with where it is ("Order::$items: ..."). */
static void prefix_error(type_builder *b, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);
static void prefix_error(type_builder *b, const char *format, ...)
{
	va_list args;
	zend_string *prefix;

	if (b->error == NULL) {
		return;
	}
	va_start(args, format);
	prefix = zend_vstrpprintf(0, format, args);
	va_end(args);
	zend_string *joined = zend_strpprintf(0, "%s%s", ZSTR_VAL(prefix), ZSTR_VAL(b->error));
	zend_string_release(prefix);
	zend_string_release(b->error);
	b->error = joined;
}

/* One member of a union while it is collected. */
typedef struct _member {
	zend_string *text;
	uint8_t action;         /* msgpack_type_action */
	uint16_t wires;         /* bit per mp_type: taken by this member */
	uint16_t fallback;      /* bit per mp_type: taken if no other member takes it */
	const void *target;     /* what makes two members of one action differ (a class, an enum) */
} member;

typedef struct _union_acc {
	msgpack_type *t;
	member m[MAX_MEMBERS];
	uint32_t n;
	bool has_null;
} union_acc;

#define WIRE(x) (1u << (x))

static void acc_init(union_acc *acc)
{
	acc->t = ecalloc(1, sizeof(msgpack_type));
	acc->n = 0;
	acc->has_null = false;
}

static void acc_discard(union_acc *acc)
{
	for (uint32_t i = 0; i < acc->n; i++) {
		zend_string_release(acc->m[i].text);
	}
	msgpack_type_free(acc->t);
	acc->t = NULL;
	acc->n = 0;
}

/* Adds a member (text is taken); false on too many members. */
static bool acc_add(type_builder *b, union_acc *acc, uint32_t kind, zend_string *text, uint8_t action,
	uint16_t wires, uint16_t fallback, const void *target)
{
	acc->t->members |= kind;
	if (kind == MSGPACK_TM_NULL) {
		acc->has_null = true;
		zend_string_release(text);
		return true;
	}
	for (uint32_t i = 0; i < acc->n; i++) {
		if (zend_string_equals(acc->m[i].text, text) && acc->m[i].action == action) {
			zend_string_release(text); /* int|int */
			return true;
		}
	}
	if (acc->n == MAX_MEMBERS) {
		zend_string_release(text);
		return fail(b, zend_strpprintf(0, "more than %d types in a union", MAX_MEMBERS));
	}
	acc->m[acc->n++] = (member) { text, action, wires, fallback, target };
	return true;
}

static const char *const wire_names[] = {
	[MP_TYPE_NIL] = "nil", [MP_TYPE_BOOL] = "bool", [MP_TYPE_INT] = "an int", [MP_TYPE_FLOAT] = "a float",
	[MP_TYPE_STR] = "a str", [MP_TYPE_BIN] = "a bin", [MP_TYPE_ARRAY] = "an array", [MP_TYPE_MAP] = "a map",
	[MP_TYPE_EXT] = "a timestamp", [MP_TYPE_NEVER] = "",
};

/* The type's text and its action per wire type; false (the type discarded) when two members
 * would take the same wire type. */
static msgpack_type *acc_finish(type_builder *b, union_acc *acc)
{
	msgpack_type *t = acc->t;
	smart_str text = {0};

	if (acc->n == 0 && !acc->has_null) {
		acc_discard(acc);
		fail(b, zend_string_init("empty type", sizeof("empty type") - 1, 0));
		return NULL;
	}
	if ((t->members & MSGPACK_TM_MIXED) && (acc->n > 1 || acc->has_null)) {
		acc_discard(acc);
		fail(b, zend_string_init("mixed cannot be part of a union or nullable", sizeof("mixed cannot be part of a union or nullable") - 1, 0));
		return NULL;
	}
	if (acc->has_null) {
		t->on[MP_TYPE_NIL] = MSGPACK_TA_NULL;
	}
	for (int w = 0; w < MP_TYPE_NEVER; w++) {
		int first = -1;
		for (uint32_t i = 0; i < acc->n; i++) {
			member *m = &acc->m[i];
			if (!(m->wires & WIRE(w))) {
				continue;
			}
			if (first < 0) {
				first = (int) i;
				continue;
			}
			member *f = &acc->m[first];
			bool same = f->action == m->action && f->target == m->target
				&& m->action != MSGPACK_TA_LIST && m->action != MSGPACK_TA_MAP;
			if (!same) {
				zend_string *error = zend_strpprintf(0, "ambiguous: %s could be %s or %s", wire_names[w],
					ZSTR_VAL(f->text), ZSTR_VAL(m->text));
				acc_discard(acc);
				fail(b, error);
				return NULL;
			}
		}
		if (first >= 0) {
			t->on[w] = acc->m[first].action;
			continue;
		}
		for (uint32_t i = 0; i < acc->n; i++) {
			if (acc->m[i].fallback & WIRE(w)) {
				t->on[w] = acc->m[i].action;
				break;
			}
		}
	}
	/* "?T", or "T|U|null" */
	if (acc->has_null && acc->n == 1) {
		smart_str_appendc(&text, '?');
	}
	for (uint32_t i = 0; i < acc->n; i++) {
		if (i) {
			smart_str_appendc(&text, '|');
		}
		smart_str_append(&text, acc->m[i].text);
		zend_string_release(acc->m[i].text);
	}
	if (acc->has_null && acc->n != 1) {
		smart_str_appends(&text, acc->n ? "|null" : "null");
	}
	acc->n = 0;
	t->text = smart_str_extract(&text);
	acc->t = NULL;
	return t;
}

static bool plan_types(type_builder *b, msgpack_class_plan *plan);

/* A class as a member: what it is decides how it is read. */
static bool add_class(type_builder *b, union_acc *acc, zend_class_entry *ce)
{
	zend_string *name = zend_string_copy(ce->name);

	if (ce->ce_flags & ZEND_ACC_ENUM) {
		msgpack_enum_plan *e = enum_plan_get(ce);
		if (e == NULL) {
			zend_string_release(name);
			return false;
		}
		if (e->backing == IS_LONG) {
			acc->t->int_enum = e;
			return acc_add(b, acc, MSGPACK_TM_ENUM, name, MSGPACK_TA_ENUM, WIRE(MP_TYPE_INT), 0, e);
		}
		acc->t->str_enum = e;
		return acc_add(b, acc, MSGPACK_TM_ENUM, name, MSGPACK_TA_ENUM, WIRE(MP_TYPE_STR),
			e->backing == IS_UNDEF ? WIRE(MP_TYPE_MAP) : 0, e);
	}
	if (ce == php_date_get_interface_ce() || instanceof_function(ce, php_date_get_immutable_ce())
			|| instanceof_function(ce, php_date_get_date_ce())) {
		if (ce != php_date_get_interface_ce() && (ce->ce_flags & (ZEND_ACC_INTERFACE | ZEND_ACC_EXPLICIT_ABSTRACT_CLASS
				| ZEND_ACC_IMPLICIT_ABSTRACT_CLASS))) {
			zend_string_release(name);
			return fail(b, zend_strpprintf(0, "%s is %s", ZSTR_VAL(ce->name),
				(ce->ce_flags & ZEND_ACC_INTERFACE) ? "an interface" : "abstract"));
		}
		acc->t->date_ce = ce == php_date_get_interface_ce() ? php_date_get_immutable_ce() : ce;
		return acc_add(b, acc, MSGPACK_TM_DATE, name, MSGPACK_TA_EXT, WIRE(MP_TYPE_EXT), 0, ce);
	}
	if (ce == msgpack_timestamp_ce) {
		return acc_add(b, acc, MSGPACK_TM_TIMESTAMP, name, MSGPACK_TA_EXT, WIRE(MP_TYPE_EXT), 0, ce);
	}
	if (ce == msgpack_ext_ce) {
		return acc_add(b, acc, MSGPACK_TM_EXT, name, MSGPACK_TA_EXT, 0, WIRE(MP_TYPE_EXT), ce);
	}
	if (ce == msgpack_bin_ce) {
		return acc_add(b, acc, MSGPACK_TM_BIN, name, MSGPACK_TA_BIN, WIRE(MP_TYPE_BIN), 0, ce);
	}
	const char *why = NULL;
	if (ce->ce_flags & ZEND_ACC_INTERFACE) {
		why = "is an interface";
	} else if (ce->ce_flags & ZEND_ACC_TRAIT) {
		why = "is a trait";
	} else if (ce->ce_flags & (ZEND_ACC_EXPLICIT_ABSTRACT_CLASS | ZEND_ACC_IMPLICIT_ABSTRACT_CLASS)) {
		why = "is abstract";
	} else if (ce->type == ZEND_INTERNAL_CLASS) {
		why = "is an internal class";
	} else if (ce->create_object != NULL) {
		/* an internal parent makes its objects (Exception, ArrayObject...) */
		why = "extends an internal class that makes its own objects";
	} else if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		why = "is not serializable";
	}
	if (why) {
		zend_string_release(name);
		return fail(b, zend_strpprintf(0, "%s %s", ZSTR_VAL(ce->name), why));
	}
	msgpack_class_plan *plan = msgpack_class_plan_get(ce);
	if (plan == NULL) {
		zend_string_release(name);
		return false;
	}
	if (UNEXPECTED(plan->shaping)) {
		zend_string_release(name);
		return fail(b, zend_strpprintf(0, "the plan of %s is being made by the call that runs this one",
			ZSTR_VAL(ce->name)));
	}
	if (plan->error) {
		zend_string_release(name);
		return fail(b, zend_string_copy(plan->error));
	}
	if (!plan_types(b, plan)) {
		zend_string_release(name);
		return false;
	}
	if (plan->as_list) {
		acc->t->list_class = plan;
		return acc_add(b, acc, MSGPACK_TM_LIST_CLASS, name, MSGPACK_TA_OBJECT, WIRE(MP_TYPE_ARRAY), 0, plan);
	}
	acc->t->map_class = plan;
	return acc_add(b, acc, MSGPACK_TM_CLASS, name, MSGPACK_TA_OBJECT, WIRE(MP_TYPE_MAP), 0, plan);
}

static bool add_mixed(type_builder *b, union_acc *acc)
{
	return acc_add(b, acc, MSGPACK_TM_MIXED, zend_string_init("mixed", 5, 0), MSGPACK_TA_MIXED,
		(uint16_t) (WIRE(MP_TYPE_NEVER) - 1), 0, NULL);
}

/* list<elem> (elem taken). */
static bool add_list(type_builder *b, union_acc *acc, msgpack_type *elem)
{
	zend_string *text = zend_strpprintf(0, "list<%s>", ZSTR_VAL(elem->text));

	msgpack_type_free(acc->t->elem);
	acc->t->elem = elem;
	return acc_add(b, acc, MSGPACK_TM_LIST, text, MSGPACK_TA_LIST, WIRE(MP_TYPE_ARRAY), 0, NULL);
}

/* array<key, elem> (elem taken). */
static bool add_map(type_builder *b, union_acc *acc, uint8_t key, msgpack_type *elem)
{
	zend_string *text = key == (MSGPACK_KEY_INT | MSGPACK_KEY_STRING)
		? zend_strpprintf(0, "array<%s>", ZSTR_VAL(elem->text))
		: zend_strpprintf(0, "array<%s, %s>", key == MSGPACK_KEY_INT ? "int" : "string", ZSTR_VAL(elem->text));

	msgpack_type_free(acc->t->value);
	acc->t->value = elem;
	acc->t->map_key = key;
	return acc_add(b, acc, MSGPACK_TM_MAP, text, MSGPACK_TA_MAP,
		(uint16_t) (WIRE(MP_TYPE_MAP) | ((key & MSGPACK_KEY_INT) ? WIRE(MP_TYPE_ARRAY) : 0)), 0, NULL);
}

/* The scalar and array keywords; false if name is none of them. */
static bool add_keyword(type_builder *b, union_acc *acc, const char *name, size_t len, bool *ok)
{
#define IS(s) (len == sizeof(s) - 1 && zend_binary_strcasecmp(name, len, s, sizeof(s) - 1) == 0)
#define TEXT(s) zend_string_init(s, sizeof(s) - 1, 0)
	if (IS("int")) {
		*ok = acc_add(b, acc, MSGPACK_TM_INT, TEXT("int"), MSGPACK_TA_INT, WIRE(MP_TYPE_INT), 0, NULL);
	} else if (IS("float")) {
		*ok = acc_add(b, acc, MSGPACK_TM_FLOAT, TEXT("float"), MSGPACK_TA_FLOAT, WIRE(MP_TYPE_FLOAT), WIRE(MP_TYPE_INT), NULL);
	} else if (IS("string")) {
		*ok = acc_add(b, acc, MSGPACK_TM_STRING, TEXT("string"), MSGPACK_TA_STRING, WIRE(MP_TYPE_STR) | WIRE(MP_TYPE_BIN), 0, NULL);
	} else if (IS("bool")) {
		*ok = acc_add(b, acc, MSGPACK_TM_BOOL, TEXT("bool"), MSGPACK_TA_BOOL, WIRE(MP_TYPE_BOOL), 0, NULL);
	} else if (IS("true")) {
		*ok = acc_add(b, acc, MSGPACK_TM_TRUE, TEXT("true"), MSGPACK_TA_BOOL, WIRE(MP_TYPE_BOOL), 0, NULL);
	} else if (IS("false")) {
		*ok = acc_add(b, acc, MSGPACK_TM_FALSE, TEXT("false"), MSGPACK_TA_BOOL, WIRE(MP_TYPE_BOOL), 0, NULL);
	} else if (IS("null")) {
		*ok = acc_add(b, acc, MSGPACK_TM_NULL, TEXT("null"), MSGPACK_TA_NULL, WIRE(MP_TYPE_NIL), 0, NULL);
	} else if (IS("array")) {
		*ok = acc_add(b, acc, MSGPACK_TM_ARRAY, TEXT("array"), MSGPACK_TA_ARRAY, WIRE(MP_TYPE_ARRAY) | WIRE(MP_TYPE_MAP), 0, NULL);
	} else if (IS("mixed")) {
		*ok = add_mixed(b, acc);
	} else {
		return false;
	}
	return true;
#undef IS
#undef TEXT
}

/* ---- type strings ----------------------------------------------------------------------------- */

typedef struct _parser {
	const char *s;
	size_t len;
	size_t pos;
	zend_string *spec;
	type_builder *b;
	uint32_t depth;
} parser;

static bool syntax_error(parser *p, const char *what)
{
	if (p->pos >= p->len) {
		return fail(p->b, zend_strpprintf(0, "%s at the end", what));
	}
	return fail(p->b, zend_strpprintf(0, "%s at offset %zu (\"%c\")", what, p->pos, p->s[p->pos]));
}

static void skip_ws(parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' || p->s[p->pos] == '\r')) {
		p->pos++;
	}
}

static bool ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static bool ident_char(unsigned char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

/* A name (`\Foo\Bar`, `int`, `array-key`): its start and length; false if none starts here. */
static bool read_name(parser *p, const char **name, size_t *len, bool *qualified)
{
	size_t start = p->pos;

	*qualified = false;
	if (p->pos < p->len && p->s[p->pos] == '\\') {
		*qualified = true;
		p->pos++;
	}
	for (;;) {
		if (p->pos >= p->len || !ident_start((unsigned char) p->s[p->pos])) {
			p->pos = start;
			return false;
		}
		while (p->pos < p->len && ident_char((unsigned char) p->s[p->pos])) {
			p->pos++;
		}
		if (p->pos + 1 < p->len && p->s[p->pos] == '\\') {
			*qualified = true;
			p->pos++;
			continue;
		}
		break;
	}
	*name = p->s + start;
	*len = p->pos - start;
	if (!*qualified && *len == 5 && zend_binary_strcasecmp(*name, 5, "array", 5) == 0
			&& p->len - p->pos >= 4 && zend_binary_strcasecmp(p->s + p->pos, 4, "-key", 4) == 0
			&& (p->pos + 4 == p->len || !ident_char((unsigned char) p->s[p->pos + 4]))) {
		p->pos += 4;
		*len += 4;
	}
	return true;
}

static msgpack_type *parse_type(parser *p);

/* The key type of array<K, V>: int, string, array-key or int|string. */
static bool parse_key(parser *p, uint8_t *key)
{
	*key = 0;
	for (;;) {
		const char *name;
		size_t len;
		bool qualified;

		skip_ws(p);
		if (!read_name(p, &name, &len, &qualified) || qualified) {
			return syntax_error(p, "expected the key type int, string or array-key");
		}
		if (len == 3 && zend_binary_strcasecmp(name, len, "int", 3) == 0) {
			*key |= MSGPACK_KEY_INT;
		} else if (len == 6 && zend_binary_strcasecmp(name, len, "string", 6) == 0) {
			*key |= MSGPACK_KEY_STRING;
		} else if (len == 9 && zend_binary_strcasecmp(name, len, "array-key", 9) == 0) {
			*key |= MSGPACK_KEY_INT | MSGPACK_KEY_STRING;
		} else {
			p->pos -= len;
			return syntax_error(p, "expected the key type int, string or array-key");
		}
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == '|') {
			p->pos++;
			continue;
		}
		return true;
	}
}

/* One member: a name, with <...> for list and array. */
static bool parse_member(parser *p, union_acc *acc)
{
	const char *name;
	size_t len, at;
	bool qualified, ok = true;

	skip_ws(p);
	at = p->pos;
	if (!read_name(p, &name, &len, &qualified)) {
		return syntax_error(p, "expected a type");
	}
	skip_ws(p);
	bool generic = p->pos < p->len && p->s[p->pos] == '<';
	if (!qualified && ((len == 4 && zend_binary_strcasecmp(name, len, "list", 4) == 0)
			|| (len == 5 && zend_binary_strcasecmp(name, len, "array", 5) == 0 && generic))) {
		bool is_list = len == 4;
		uint8_t key = MSGPACK_KEY_INT | MSGPACK_KEY_STRING;
		msgpack_type *elem;

		if (!generic) {
			/* list alone: a list of anything */
			union_acc inner;
			acc_init(&inner);
			if (!add_mixed(p->b, &inner) || (elem = acc_finish(p->b, &inner)) == NULL) {
				return false;
			}
			return add_list(p->b, acc, elem);
		}
		p->pos++;
		size_t key_at = p->pos;
		bool keyed = false;
		if (!is_list) {
			/* array<V> or array<K, V>: K is read as a key if a comma follows it */
			size_t save = p->pos;
			uint8_t k;
			bool saved_error = p->b->error != NULL;
			if (parse_key(p, &k) && (skip_ws(p), p->pos < p->len && p->s[p->pos] == ',')) {
				key = k;
				keyed = true;
				p->pos++;
			} else {
				if (!saved_error && p->b->error) {
					zend_string_release(p->b->error);
					p->b->error = NULL;
				}
				p->pos = save;
			}
		}
		if (++p->depth > 32) {
			return syntax_error(p, "types nested too deep");
		}
		elem = parse_type(p);
		p->depth--;
		if (elem == NULL) {
			return false;
		}
		skip_ws(p);
		if (p->pos >= p->len || p->s[p->pos] != '>') {
			if (!is_list && p->pos < p->len && p->s[p->pos] == ',') {
				msgpack_type_free(elem);
				if (keyed) {
					return syntax_error(p, "array<K, V> takes two types: expected \">\"");
				}
				skip_ws(p);
				return fail(p->b, zend_strpprintf(0, "the key type of array<K, V> must be int, string or array-key (offset %zu)",
					key_at));
			}
			msgpack_type_free(elem);
			return syntax_error(p, "expected \">\"");
		}
		p->pos++;
		return is_list ? add_list(p->b, acc, elem) : add_map(p->b, acc, key, elem);
	}
	if (generic) {
		return syntax_error(p, "type arguments only go with list and array");
	}
	if (!qualified && add_keyword(p->b, acc, name, len, &ok)) {
		return ok;
	}
	if (!qualified) {
		static const char *const refused[] = {
			"object", "iterable", "callable", "void", "never", "resource", "static", "self", "parent",
			"array-key", "int|string",
		};
		for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
			if (strlen(refused[i]) == len && zend_binary_strcasecmp(name, len, refused[i], len) == 0) {
				return fail(p->b, zend_strpprintf(0, "%.*s cannot be decoded into (offset %zu)", (int) len, name, at));
			}
		}
	}
	/* a class */
	zend_string *class_name = zend_string_init(name[0] == '\\' ? name + 1 : name, name[0] == '\\' ? len - 1 : len, 0);
	zend_class_entry *ce = zend_lookup_class(class_name);
	if (ce == NULL) {
		if (!EG(exception)) {
			fail(p->b, zend_strpprintf(0, "unknown class %s", ZSTR_VAL(class_name)));
		}
		zend_string_release(class_name);
		return false;
	}
	zend_string_release(class_name);
	return add_class(p->b, acc, ce);
}

/* A whole type: `?T`, or `T|U|...`. */
static msgpack_type *parse_type(parser *p)
{
	union_acc acc;

	acc_init(&acc);
	skip_ws(p);
	if (p->pos < p->len && p->s[p->pos] == '?') {
		p->pos++;
		acc.has_null = true;
		acc.t->members |= MSGPACK_TM_NULL;
		if (!parse_member(p, &acc)) {
			acc_discard(&acc);
			return NULL;
		}
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == '|') {
			acc_discard(&acc);
			syntax_error(p, "a nullable type (?T) cannot be part of a union");
			return NULL;
		}
		return acc_finish(p->b, &acc);
	}
	for (;;) {
		if (!parse_member(p, &acc)) {
			acc_discard(&acc);
			return NULL;
		}
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == '|') {
			p->pos++;
			continue;
		}
		return acc_finish(p->b, &acc);
	}
}

/* A type string (a type argument of an attribute included); on failure b->error says why. */
static msgpack_type *type_of_string(type_builder *b, zend_string *spec)
{
	parser p = { ZSTR_VAL(spec), ZSTR_LEN(spec), 0, spec, b, 0 };
	msgpack_type *t = parse_type(&p);

	if (t && (skip_ws(&p), p.pos < p.len)) {
		msgpack_type_free(t);
		syntax_error(&p, "unexpected text");
		return NULL;
	}
	return t;
}

/* ---- property types --------------------------------------------------------------------------- */

/* Whether the constant expression makes an object (new): it cannot be a shared default. */
static bool ast_has_new(zend_ast *ast)
{
	if (ast == NULL) {
		return false;
	}
	if (ast->kind == ZEND_AST_NEW) {
		return true;
	}
	if (ast->kind == ZEND_AST_ZVAL || ast->kind == ZEND_AST_CONSTANT) {
		return false;
	}
	if (zend_ast_is_list(ast)) {
		zend_ast_list *list = zend_ast_get_list(ast);
		for (uint32_t i = 0; i < list->children; i++) {
			if (ast_has_new(list->child[i])) {
				return true;
			}
		}
		return false;
	}
	uint32_t n = zend_ast_get_num_children(ast);
	for (uint32_t i = 0; i < n; i++) {
		if (ast_has_new(ast->child[i])) {
			return true;
		}
	}
	return false;
}

/* A promoted property's default: the constructor parameter's, when it is a constant expression
 * that makes no object and holds for the property's type. False with an exception pending when
 * the expression fails. */
static bool promoted_default(msgpack_prop_plan *prop)
{
	zend_property_info *info = prop->info;
	zend_function *ctor = info->ce->constructor;
	const char *name = ZSTR_VAL(prop->name);

	if (!(info->flags & ZEND_ACC_PROMOTED) || ctor == NULL || ctor->type != ZEND_USER_FUNCTION) {
		return true;
	}
	zend_op_array *op_array = &ctor->op_array;
	for (uint32_t i = 0; i < op_array->num_args; i++) {
		if (!ZEND_ARG_IS_PROMOTED(&op_array->arg_info[i]) || strcmp(ZSTR_VAL(op_array->arg_info[i].name), name) != 0) {
			continue;
		}
		for (uint32_t o = 0; o < op_array->last; o++) {
			zend_op *op = &op_array->opcodes[o];
			if (op->opcode != ZEND_RECV_INIT || op->op1.num != i + 1) {
				continue;
			}
			zval value;
			ZVAL_COPY(&value, RT_CONSTANT(op, op->op2));
			if (Z_TYPE(value) == IS_CONSTANT_AST) {
				if (ast_has_new(Z_ASTVAL(value))) {
					zval_ptr_dtor(&value);
					return true;
				}
				if (zval_update_constant_ex(&value, info->ce) != SUCCESS) {
					zval_ptr_dtor(&value);
					return false;
				}
			}
			if (ZEND_TYPE_IS_SET(info->type) && !zend_verify_prop_assignable_by_ref(info, &value, /* strict */ true)) {
				/* a default the constructor itself would refuse: no default */
				zend_clear_exception();
				zval_ptr_dtor(&value);
				return true;
			}
			ZVAL_COPY_VALUE(&prop->default_value, &value);
			return true;
		}
		return true;
	}
	return true;
}

/* The type read into a property: its declared type, with #[ListOf]/#[MapOf] for its arrays. */
static msgpack_type *type_of_property(type_builder *b, msgpack_prop_plan *prop)
{
	zend_property_info *info = prop->info;
	zend_type zt = info->type;
	zend_attribute *list_of = NULL, *map_of = NULL;
	msgpack_type *elem = NULL;
	union_acc acc;
	bool ok = true;

	if (info->attributes) {
		list_of = zend_get_attribute_str(info->attributes, "msgpack\\listof", sizeof("msgpack\\listof") - 1);
		map_of = zend_get_attribute_str(info->attributes, "msgpack\\mapof", sizeof("msgpack\\mapof") - 1);
	}
	if (list_of && map_of) {
		fail(b, zend_string_init("#[MsgPack\\ListOf] and #[MsgPack\\MapOf] together", sizeof("#[MsgPack\\ListOf] and #[MsgPack\\MapOf] together") - 1, 0));
		return NULL;
	}
	if (list_of || map_of) {
		zval spec;
		zend_string *error = NULL;
		if (!attribute_string(list_of ? list_of : map_of, info, list_of ? "MsgPack\\ListOf" : "MsgPack\\MapOf", &spec, &error)) {
			if (error) {
				fail(b, error);
			}
			return NULL;
		}
		elem = type_of_string(b, Z_STR(spec));
		if (elem == NULL) {
			prefix_error(b, "#[%s(\"%s\")]: ", list_of ? "MsgPack\\ListOf" : "MsgPack\\MapOf", Z_STRVAL(spec));
			zval_ptr_dtor(&spec);
			return NULL;
		}
		zval_ptr_dtor(&spec);
	}

	acc_init(&acc);
	uint32_t mask = ZEND_TYPE_IS_SET(zt) ? ZEND_TYPE_PURE_MASK(zt) : MAY_BE_ANY;
	if ((mask & MAY_BE_ANY) == MAY_BE_ANY) {
		/* mixed or untyped; an array of it may be typed by the attributes */
		if (elem) {
			acc.has_null = true;
			acc.t->members |= MSGPACK_TM_NULL;
			ok = list_of ? add_list(b, &acc, elem) : add_map(b, &acc, MSGPACK_KEY_INT | MSGPACK_KEY_STRING, elem);
			elem = NULL;
		} else {
			ok = add_mixed(b, &acc);
		}
		goto done;
	}
	if (msgpack_type_is_iterable(zt)) {
		ok = fail(b, zend_string_init("type iterable cannot be decoded into", sizeof("type iterable cannot be decoded into") - 1, 0));
		goto done;
	}
	if (ZEND_TYPE_IS_INTERSECTION(zt)) {
		ok = fail(b, zend_string_init("an intersection type cannot be decoded into", sizeof("an intersection type cannot be decoded into") - 1, 0));
		goto done;
	}
	{
		const zend_type *member;
		ZEND_TYPE_FOREACH(zt, member) {
			if (!ok) {
				break;
			}
			if (ZEND_TYPE_HAS_LIST(*member)) {
				ok = fail(b, zend_string_init("an intersection type cannot be decoded into", sizeof("an intersection type cannot be decoded into") - 1, 0));
				break;
			}
			if (!ZEND_TYPE_HAS_NAME(*member)) {
				continue;
			}
			zend_string *name = ZEND_TYPE_NAME(*member);
			zend_class_entry *ce;
			if (zend_string_equals_literal_ci(name, "self")) {
				ce = info->ce;
			} else if (zend_string_equals_literal_ci(name, "parent")) {
				ce = info->ce->parent;
			} else {
				ce = zend_lookup_class(name);
			}
			if (ce == NULL) {
				ok = EG(exception) ? false : fail(b, zend_strpprintf(0, "unknown class %s", ZSTR_VAL(name)));
				break;
			}
			ok = add_class(b, &acc, ce);
		} ZEND_TYPE_FOREACH_END();
	}
	if (!ok) {
		goto done;
	}
	if (mask & (MAY_BE_OBJECT | MAY_BE_CALLABLE | MAY_BE_VOID | MAY_BE_STATIC | MAY_BE_NEVER)) {
		ok = fail(b, zend_strpprintf(0, "type %s cannot be decoded into", (mask & MAY_BE_OBJECT) ? "object" : "callable"));
		goto done;
	}
	if (mask & MAY_BE_ARRAY) {
		if (elem) {
			ok = list_of ? add_list(b, &acc, elem) : add_map(b, &acc, MSGPACK_KEY_INT | MSGPACK_KEY_STRING, elem);
			elem = NULL;
		} else {
			add_keyword(b, &acc, "array", 5, &ok);
		}
	}
	if (ok && (mask & MAY_BE_STRING)) {
		add_keyword(b, &acc, "string", 6, &ok);
	}
	if (ok && (mask & MAY_BE_LONG)) {
		add_keyword(b, &acc, "int", 3, &ok);
	}
	if (ok && (mask & MAY_BE_DOUBLE)) {
		add_keyword(b, &acc, "float", 5, &ok);
	}
	if (ok && (mask & MAY_BE_BOOL) == MAY_BE_BOOL) {
		add_keyword(b, &acc, "bool", 4, &ok);
	} else if (ok && (mask & MAY_BE_FALSE)) {
		add_keyword(b, &acc, "false", 5, &ok);
	} else if (ok && (mask & MAY_BE_TRUE)) {
		add_keyword(b, &acc, "true", 4, &ok);
	}
	if (ok && (mask & MAY_BE_NULL)) {
		add_keyword(b, &acc, "null", 4, &ok);
	}
	if (ok && elem) {
		ok = fail(b, zend_strpprintf(0, "#[%s] needs a property of type array", list_of ? "MsgPack\\ListOf" : "MsgPack\\MapOf"));
	}
done:
	msgpack_type_free(elem);
	if (!ok) {
		acc_discard(&acc);
		return NULL;
	}
	return acc_finish(b, &acc);
}

/* Makes the types of the plan's properties (and of the classes they name). */
static bool plan_types(type_builder *b, msgpack_class_plan *plan)
{
	if (plan->types == MSGPACK_PLAN_TYPES_READY) {
		return true;
	}
	if (plan->types == MSGPACK_PLAN_TYPES_BUILDING) {
		for (uint32_t i = 0; i < b->building_count; i++) {
			if (b->building[i] == plan) {
				return true; /* a recursive class: complete before any decoding */
			}
		}
		/* being made by a call that user code (an autoloader) interrupted */
		return fail(b, zend_strpprintf(0, "the plan of %s is being made by the call that runs this one",
			ZSTR_VAL(plan->ce->name)));
	}
	if (msgpack_stack_exhausted(b->stack_limit)) {
		if (b->too_deep == NULL) {
			b->too_deep = zend_string_copy(plan->ce->name);
		}
		return false;
	}
	if (b->building_count == b->building_capacity) {
		b->building_capacity = b->building_capacity ? b->building_capacity * 2 : 8;
		b->building = safe_erealloc(b->building, b->building_capacity, sizeof(msgpack_class_plan *), 0);
	}
	b->building[b->building_count++] = plan;
	plan->types = MSGPACK_PLAN_TYPES_BUILDING;
	/* the defaults' constant expressions worked out now, as the first object would */
	if (zend_update_class_constants(plan->ce) != SUCCESS) {
		return false;
	}
	plan->copy_defaults = true;
	zval *defaults = CE_DEFAULT_PROPERTIES_TABLE(plan->ce);
	for (int i = 0; i < plan->ce->default_properties_count; i++) {
		if (Z_REFCOUNTED(defaults[i]) || Z_TYPE(defaults[i]) == IS_CONSTANT_AST) {
			plan->copy_defaults = false;
		}
	}
	plan->all_props = plan->count <= 64 ? (plan->count == 64 ? UINT64_MAX : (UINT64_C(1) << plan->count) - 1) : 0;
	for (uint32_t i = 0; i < plan->count; i++) {
		msgpack_prop_plan *prop = &plan->props[i];
		prop->type = type_of_property(b, prop);
		if (prop->type == NULL) {
			prefix_error(b, "%s::$%s: ", ZSTR_VAL(plan->ce->name), ZSTR_VAL(prop->name));
			return false;
		}
		if (!promoted_default(prop)) {
			return false;
		}
	}
	return true;
}

/* Ends a build: the plans it set BUILDING become READY, or NONE again on failure. */
static void builder_finish(type_builder *b, bool ok)
{
	for (uint32_t i = 0; i < b->building_count; i++) {
		msgpack_class_plan *plan = b->building[i];
		if (ok) {
			plan->types = MSGPACK_PLAN_TYPES_READY;
		} else {
			prop_types_free(plan);
			plan->types = MSGPACK_PLAN_TYPES_NONE;
		}
	}
	if (b->building) {
		efree(b->building);
	}
}

msgpack_type *msgpack_type_from_string(zend_string *spec, zend_string **error, bool *owned, zend_string **too_deep)
{
	msgpack_plans_trim(); /* before the lookup: what it returns is not dropped before its decode */
	msgpack_plan_cache *c = plan_cache();
	msgpack_type *t = zend_hash_find_ptr(&c->types, spec);
	type_builder b = {0};

	*error = NULL;
	*owned = false;
	*too_deep = NULL;
	if (EXPECTED(t != NULL)) {
		return t;
	}
	b.stack_limit = msgpack_stack_limit();
	zend_try {
		t = type_of_string(&b, spec);
	} zend_catch {
		/* a fatal error in user code (an autoloader): the plans this build set BUILDING go back
		 * to NONE, else they would refuse every later call of the request (a shutdown
		 * function's) as being made */
		builder_finish(&b, false);
		if (b.error) {
			zend_string_release(b.error);
		}
		if (b.too_deep) {
			zend_string_release(b.too_deep);
		}
		zend_bailout();
	} zend_end_try();
	builder_finish(&b, t != NULL && !EG(exception));
	if (t == NULL || EG(exception)) {
		msgpack_type_free(t);
		*error = EG(exception) ? NULL : b.error;
		if (EG(exception) && b.error) {
			zend_string_release(b.error);
		}
		if (b.too_deep && !EG(exception)) {
			*too_deep = b.too_deep;
		} else if (b.too_deep) {
			zend_string_release(b.too_deep);
		}
		return NULL;
	}
	c = plan_cache();
	msgpack_type *cached = zend_hash_find_ptr(&c->types, spec);
	if (cached != NULL) {
		/* cached meanwhile by a call that user code run by this one made (an autoloader) */
		msgpack_type_free(t);
		return cached;
	}
	if (zend_hash_num_elements(&c->types) < CACHED_TYPES_MAX && ZSTR_LEN(spec) <= CACHED_TYPE_MAX_LEN) {
		zend_hash_add_new_ptr(&c->types, spec, t);
	} else {
		*owned = true;
	}
	return t;
}
