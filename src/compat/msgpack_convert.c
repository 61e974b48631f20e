/*
 * Templates, as PECL msgpack applies them (the rules below were established by running its
 * converter on a matrix of values and templates, tests/compat/diff-templates.sh):
 *
 * A class name or an object makes a new object of that class (constructor called, without
 * arguments, when it is public), unless the value already is an object of that class (kept as
 * it is). Then:
 *   - an empty array leaves the defaults;
 *   - a list (keys 0..n-1) with as many elements as the new object has properties fills them in
 *     order; a property holding an array or an object is the template of its element, and (as
 *     PECL does) that converter stays for the following properties whatever they hold;
 *   - any other array: string keys name the properties (a public or new one with a warning, as
 *     PECL gives), then the int-keyed elements, in their order, fill the properties not named,
 *     in declaration order, and past the last one become properties named by their key;
 *   - anything else (scalar, null, object of another class) goes into the first property.
 * An array template builds a new array:
 *   - with string keys or holes (not a list): its entries are matched to the value's (an array
 *     or an object's properties) by position, and the string-keyed ones are kept under the
 *     template's key, converted where the template entry is an array or an object;
 *   - a list: its first entry is the template of every element of the value, which must be an
 *     array with int keys; the result is re-indexed.
 * A value the template does not fit makes the whole result null, with a warning.
 *
 * This is the compatible API's, not the decoder's: msgpack_serialize.c and msgpack_class.c apply
 * it to the value msgpack_decode() returned, and its warnings and Errors are its own, written here
 * as PECL's converter writes them.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "common/msgpack_compat.h"
#include "compat/msgpack_convert.h"
#include "common/msgpack_stack.h"

typedef struct _convert_ctx {
	bool error_display;
	uint32_t max_depth;
	uint32_t depth;
	/* A level of conversion can take ten times the C stack of a level of decoding (the
	 * constructors it calls): the stack itself is checked at each level (msgpack_stack.h). */
	const char *stack_limit;
	bool refused;             /* a value for a virtual property: the result is null */
} convert_ctx;

/* What converts the value of a property or array element: nothing, an array template, or a
 * class template. */
typedef enum { CONVERT_NONE, CONVERT_ARRAY, CONVERT_OBJECT } convert_kind;

static bool convert_array(zval *out, zval *tpl, zval *value, convert_ctx *ctx);
static bool convert_object(zval *out, zval *tpl, zval *value, convert_ctx *ctx);

/* The warnings name the functions of PECL msgpack's converter, so that logs read the same. */
static void convert_warning(const convert_ctx *ctx, const char *where, const char *what)
{
	if (ctx->error_display) {
		zend_error(E_WARNING, "[msgpack] (%s) %s", where, what);
	}
}

/* An entry of a property table points to the property. A reference stays one: as PECL's
 * converter, a reference is neither an array nor an object to convert, nor a template, and is
 * stored as it is. */
static zval *slot_value(zval *v)
{
	return Z_TYPE_P(v) == IS_INDIRECT ? Z_INDIRECT_P(v) : v;
}

/* tpl and value point into tables that user code run by the conversion (constructors) might
 * change: the conversion works on copies of its own. */
static bool convert_by(convert_kind kind, zval *out, zval *tpl, zval *value, convert_ctx *ctx)
{
	zval own_tpl, own_value;
	bool ok;

	if (kind == CONVERT_NONE) {
		ZVAL_COPY(out, value);
		return true;
	}
	if (ctx->depth >= ctx->max_depth || msgpack_stack_exhausted(ctx->stack_limit)) {
		convert_warning(ctx, "msgpack_convert_template", "Maximum nesting depth exceeded");
		ZVAL_UNDEF(out);
		return false;
	}
	ZVAL_COPY(&own_tpl, tpl);
	ZVAL_COPY(&own_value, value);
	ctx->depth++;
	ok = kind == CONVERT_ARRAY
		? convert_array(out, &own_tpl, &own_value, ctx)
		: convert_object(out, &own_tpl, &own_value, ctx);
	ctx->depth--;
	zval_ptr_dtor(&own_tpl);
	zval_ptr_dtor(&own_value);
	return ok;
}

/* ---- array templates ------------------------------------------------------------------------ */

/* A template that is not a list: entries matched by position, string-keyed ones kept. */
static bool convert_keyed(zval *out, HashTable *tpl, zval *value, convert_ctx *ctx)
{
	HashTable *src;
	HashPosition pos;
	zend_string *key;
	zval *elem_tpl;
	bool ok = true;

	if (Z_TYPE_P(value) == IS_ARRAY) {
		src = Z_ARRVAL_P(value);
	} else if (Z_TYPE_P(value) == IS_OBJECT && Z_OBJPROP_P(value) != NULL) {
		src = Z_OBJPROP_P(value);
	} else {
		convert_warning(ctx, "msgpack_convert_array", "input data is not array");
		return false;
	}
	/* held: a write to the object's properties meanwhile makes it a table of its own */
	GC_TRY_ADDREF(src);
	zend_hash_internal_pointer_reset_ex(src, &pos);
	ZEND_HASH_FOREACH_STR_KEY_VAL(tpl, key, elem_tpl) {
		if (key) {
			zval *v = zend_hash_get_current_data_ex(src, &pos);
			zval converted;
			convert_kind kind;

			if (v == NULL) {
				convert_warning(ctx, "msgpack_convert_array", "can't get data");
				ok = false;
				break;
			}
			v = slot_value(v);
			if (Z_TYPE_P(v) == IS_UNDEF) {
				/* an uninitialized typed property: PECL puts the undefined value itself into
				 * the array, which then counts an element it does not have */
				v = &EG(uninitialized_zval);
			}
			elem_tpl = slot_value(elem_tpl);
			kind = Z_TYPE_P(elem_tpl) == IS_ARRAY ? CONVERT_ARRAY
				: Z_TYPE_P(elem_tpl) == IS_OBJECT ? CONVERT_OBJECT : CONVERT_NONE;
			if (!convert_by(kind, &converted, elem_tpl, v, ctx)) {
				ok = false;
				break;
			}
			zend_symtable_update(Z_ARRVAL_P(out), key, &converted);
		}
		zend_hash_move_forward_ex(src, &pos);
	} ZEND_HASH_FOREACH_END();
	zend_array_release(src);
	return ok;
}

/* A list template: its first entry converts every element; the result is re-indexed. */
static bool convert_list(zval *out, HashTable *tpl, zval *value, convert_ctx *ctx)
{
	zval *elem_tpl = NULL, *v;
	zend_string *key;
	convert_kind kind;

	if (Z_TYPE_P(value) != IS_ARRAY) {
		convert_warning(ctx, "msgpack_convert_array", "unserialized data must be array.");
		return false;
	}
	ZEND_HASH_FOREACH_VAL(tpl, elem_tpl) {
		break;
	} ZEND_HASH_FOREACH_END();
	elem_tpl = slot_value(elem_tpl);
	switch (Z_TYPE_P(elem_tpl)) {
		case IS_ARRAY:
			kind = CONVERT_ARRAY;
			break;
		case IS_OBJECT:
		case IS_STRING:
			kind = CONVERT_OBJECT;
			break;
		default:
			kind = CONVERT_NONE;
			break;
	}
	if (zend_hash_num_elements(Z_ARRVAL_P(value)) == 0) {
		convert_warning(ctx, "msgpack_convert_array", "array length is 0 in unserialized data");
		return false;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(value), key, v) {
		zval converted;

		if (key) {
			convert_warning(ctx, "msgpack_convert_array", "key is string");
			return false;
		}
		if (!convert_by(kind, &converted, elem_tpl, slot_value(v), ctx)) {
			if (!EG(exception)) {
				convert_warning(ctx, "msgpack_convert_array", "convert failure in HASH_KEY_IS_LONG in indexed array");
			}
			return false;
		}
		zend_hash_next_index_insert(Z_ARRVAL_P(out), &converted);
	} ZEND_HASH_FOREACH_END();
	return true;
}

/* A list in PHP's own sense: as many elements as the next free index (no string key, no hole). */
static bool counts_as_list(const HashTable *ht)
{
	return (zend_long) zend_hash_num_elements(ht) == ht->nNextFreeElement;
}

static bool convert_array(zval *out, zval *tpl, zval *value, convert_ctx *ctx)
{
	bool ok;

	tpl = slot_value(tpl);
	value = slot_value(value);
	ZVAL_UNDEF(out);
	if (Z_TYPE_P(tpl) != IS_ARRAY) {
		convert_warning(ctx, "msgpack_convert_array", "template is not array");
		return false;
	}
	if (zend_hash_num_elements(Z_ARRVAL_P(tpl)) == 0) {
		convert_warning(ctx, "msgpack_convert_array", "template array length is 0");
		return false;
	}
	array_init(out);
	ok = counts_as_list(Z_ARRVAL_P(tpl))
		? convert_list(out, Z_ARRVAL_P(tpl), value, ctx)
		: convert_keyed(out, Z_ARRVAL_P(tpl), value, ctx);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
	}
	return ok;
}

/* ---- class templates ------------------------------------------------------------------------ */

/* The declared property whose slot this is, when it is one with a type. A slot of the
 * dynamic properties is outside the object's table of declared ones. */
static zend_property_info *typed_slot_info(zend_object *obj, zval *slot)
{
	uintptr_t first = (uintptr_t) obj->properties_table;
	uintptr_t end = (uintptr_t) (obj->properties_table + obj->ce->default_properties_count);

	if ((uintptr_t) slot < first || (uintptr_t) slot >= end) {
		return NULL;
	}
	return zend_get_typed_property_info_for_slot(obj, slot);
}

typedef enum { BIND_DONE, BIND_BY_VALUE, BIND_FAILED } bind_result;

/* Binds the property to the reference ref as `$obj->name = &$ref` does: the engine's
 * write_property() takes no reference (a debug build asserts; a release build stores it as it
 * is, or inside the reference the property holds already). BIND_BY_VALUE: the property is no
 * plain slot (a typed, readonly or hooked one, an object with handlers or magic methods of its
 * own) and nothing was done; BIND_FAILED: the property cannot be written (not accessible from
 * that scope, no dynamic property allowed), the exception is thrown. */
static bind_result bind_property(zend_object *obj, zend_string *name, zval *ref, bool as_caller)
{
	zend_class_entry *caller_scope = EG(fake_scope);
	zend_object *pending = EG(exception);  /* a constructor's, the object is filled all the same */
	zval *slot, old;

	/* a class's own handlers may not take a reference where their slot would: they get the
	 * value; so does a name that goes to __set() (get_property_ptr_ptr() would make a dynamic
	 * property of it instead), as __set() gets it from PECL, while a declared property the
	 * scope can write is bound, as PECL binds it */
	if (obj->handlers->write_property != zend_std_write_property
			|| obj->handlers->get_property_ptr_ptr != zend_std_get_property_ptr_ptr) {
		return BIND_BY_VALUE;
	}
	if (obj->ce->__get || obj->ce->__set) {
		zend_property_info *info = zend_hash_find_ptr(&obj->ce->properties_info, name);

		if (info == NULL || (info->flags & ZEND_ACC_STATIC) || (as_caller && !(info->flags & ZEND_ACC_PUBLIC))) {
			return BIND_BY_VALUE;
		}
	}
	if (!as_caller) {
		EG(fake_scope) = obj->ce;
	}
	slot = obj->handlers->get_property_ptr_ptr(obj, name, BP_VAR_W, NULL);
	EG(fake_scope) = caller_scope;
	if (EG(exception) != pending) {
		return BIND_FAILED;
	}
	/* a typed property gets the value: PECL does not register the property as a source of
	 * the reference's type (the type could then be bypassed through the reference) */
	if (slot == NULL || Z_ISERROR_P(slot) || typed_slot_info(obj, slot)) {
		return BIND_BY_VALUE;
	}
	/* a reference the slot held is left to its other holders; what the slot held is released
	 * last, so that a destructor it runs sees the property bound already */
	ZVAL_COPY_VALUE(&old, slot);
	ZVAL_COPY(slot, ref);
	zval_ptr_dtor(&old);
	return BIND_DONE;
}

/*
 * A property with hooks (PHP 8.4) gets the value as unserialize() gives it: as its backing value,
 * type checked, without calling its set hook; a virtual one has no backing value, and the value
 * is refused with unserialize()'s warning, which makes the whole result null.
 */
static bool write_hooked_property(zend_object *obj, zend_property_info *info, zval *v, convert_ctx *ctx)
{
	zval value, old, *slot;
	/* as the write_property handler would check it, called from here */
	bool strict = EG(current_execute_data) && EG(current_execute_data)->func
		&& ZEND_CALL_USES_STRICT_TYPES(EG(current_execute_data));

	if (msgpack_property_is_virtual(info)) {
		if (ctx->error_display) {
			zend_error(E_WARNING, "[msgpack] (msgpack_convert_object) Cannot unserialize value for virtual property %s::$%s",
				ZSTR_VAL(info->ce->name), zend_get_unmangled_property_name(info->name));
		}
		ctx->refused = true;
		return false;
	}
	/* a hooked property is never a reference (PHP refuses to make one): the value goes in */
	ZVAL_COPY_DEREF(&value, v);
	if (ZEND_TYPE_IS_SET(info->type) && !zend_verify_property_type(info, &value, strict)) {
		zval_ptr_dtor(&value);
		return false;
	}
	slot = OBJ_PROP(obj, info->offset);
	ZVAL_COPY_VALUE(&old, slot);
	ZVAL_COPY_VALUE(slot, &value);
	Z_PROP_FLAG_P(slot) &= ~IS_PROP_UNINIT;
	zval_ptr_dtor(&old);
	return true;
}

/* Writes a property as code of the class would (any visibility, types checked), or, with
 * as_caller, as the code that called the unpacking would (public ones only; a readonly one
 * cannot be initialized so); a name no property has makes a dynamic one. A PHP reference (a
 * container shared in the input, php_only on) is bound to the property where it can be, as
 * PECL's output shows it; elsewhere the property gets its value. */
static bool write_property(zend_object *obj, zend_string *name, zval *v, bool as_caller, convert_ctx *ctx)
{
	zend_property_info *info = zend_hash_find_ptr(&obj->ce->properties_info, name);

	/* (the caller reaches it only if it is public without private(set) or protected(set): any
	 * other write below fails as it would without hooks) */
	if (info && msgpack_property_has_hooks(info) && !(info->flags & ZEND_ACC_STATIC)
			&& (!as_caller || msgpack_property_is_publicly_writable(info))) {
		return write_hooked_property(obj, info, v, ctx);
	}
	if (Z_ISREF_P(v)) {
		switch (bind_property(obj, name, v, as_caller)) {
			case BIND_DONE:
				return !EG(exception);
			case BIND_FAILED:
				return false;
			case BIND_BY_VALUE:
				v = Z_REFVAL_P(v);
				break;
		}
	}
	if (as_caller) {
		obj->handlers->write_property(obj, name, v, NULL);
	} else {
		zend_update_property_ex(obj->ce, obj, name, v);
	}
	return !EG(exception);
}

/* The property name of an entry of the property table ("\0Class\0name" -> "name"). */
static zend_string *table_name(zend_string *key)
{
	const char *class_name, *prop_name;
	size_t prop_len;

	zend_unmangle_property_name_ex(key, &class_name, &prop_name, &prop_len);
	return prop_len == ZSTR_LEN(key) ? zend_string_copy(key) : zend_string_init(prop_name, prop_len, 0);
}

/* Whether the property table holds the property `name` mangled for the class or as protected. */
static bool has_mangled(zend_object *obj, const char *scope, size_t scope_len, zend_string *name)
{
	zend_string *mangled = zend_mangle_property_name(scope, scope_len, ZSTR_VAL(name), ZSTR_LEN(name), 0);
	bool found = zend_hash_exists(obj->handlers->get_properties(obj), mangled);

	zend_string_release(mangled);
	return found;
}

/* A string key of a map: the property of that name. A private or protected one of the class
 * is written as the class would; any other name as the caller would, with the warning PECL
 * gives (which does not skip anything). */
static void fill_by_name(zend_object *obj, zend_string *name, zval *v, convert_ctx *ctx)
{
	if (has_mangled(obj, ZSTR_VAL(obj->ce->name), ZSTR_LEN(obj->ce->name), name)
			|| has_mangled(obj, "*", 1, name)) {
		write_property(obj, name, v, false, ctx);
		return;
	}
	if (!write_property(obj, name, v, true, ctx) && ctx->refused) {
		return;
	}
	convert_warning(ctx, "msgpack_convert_object", "illegal offset type, skip this decoding");
}

/* Walks the property table of a new object, whose writes may add entries to it (a parent's
 * private property written by name becomes a dynamic one, met later in the walk). */
typedef struct _property_walk {
	zend_object *obj;
	uint32_t iter;  /* a hash iterator: it follows the table when it grows */
	bool done;      /* the table was walked to its end once: no more entries are taken */
} property_walk;

static void walk_start(property_walk *w, zend_object *obj)
{
	HashTable *props = obj->handlers->get_properties(obj);
	HashPosition pos;

	zend_hash_internal_pointer_reset_ex(props, &pos);
	w->obj = obj;
	w->iter = zend_hash_iterator_add(props, pos);
	w->done = false;
}

static void walk_end(property_walk *w)
{
	zend_hash_iterator_del(w->iter);
}

/* The name of the next entry whose name is not in skip (NULL: none left), and its value, the
 * template of what is written there. */
static zend_string *walk_next(property_walk *w, HashTable *skip, zval **current)
{
	HashTable *props = w->obj->handlers->get_properties(w->obj);
	HashPosition pos;

	if (w->done) {
		return NULL;
	}
	pos = zend_hash_iterator_pos(w->iter, props);
	for (;;) {
		zend_string *key;
		zend_ulong index;
		zval *v = zend_hash_get_current_data_ex(props, &pos);
		zend_string *name;

		if (v == NULL) {
			w->done = true;
			EG(ht_iterators)[w->iter].pos = pos;
			return NULL;
		}
		if (zend_hash_get_current_key_ex(props, &key, &index, &pos) == HASH_KEY_IS_STRING) {
			name = table_name(key);
		} else {
			name = zend_long_to_str((zend_long) index);
		}
		zend_hash_move_forward_ex(props, &pos);
		if (skip && zend_hash_exists(skip, name)) {
			zend_string_release(name);
			continue;
		}
		EG(ht_iterators)[w->iter].pos = pos;
		*current = slot_value(v);
		return name;
	}
}

/* The int-keyed elements of a map (or a value that is no array, at index 0): the next property
 * not named by the map, else a property named by the key. */
static bool fill_next(property_walk *w, HashTable *skip, zend_ulong index, zval *v, convert_ctx *ctx)
{
	zval *current;
	zend_string *name = walk_next(w, skip, &current);
	bool ok;

	if (name == NULL) {
		name = zend_long_to_str((zend_long) index);
	}
	ok = write_property(w->obj, name, v, false, ctx);
	zend_string_release(name);
	return ok;
}

/* As PECL, an exception (a type check, a readonly property, a name starting with "\0") does
 * not stop the filling: the warnings of the following elements show as PECL's do. */
static bool fill_from_map(zend_object *obj, HashTable *src, convert_ctx *ctx)
{
	HashTable named;
	property_walk walk;
	zend_string *key;
	zend_ulong index;
	zval *v;

	zend_hash_init(&named, 8, NULL, NULL, 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(src, key, v) {
		if (key) {
			zend_hash_add_empty_element(&named, key);
			fill_by_name(obj, key, slot_value(v), ctx);
		}
	} ZEND_HASH_FOREACH_END();
	walk_start(&walk, obj);
	ZEND_HASH_FOREACH_KEY_VAL(src, index, key, v) {
		if (!key) {
			fill_next(&walk, &named, index, slot_value(v), ctx);
		}
	} ZEND_HASH_FOREACH_END();
	walk_end(&walk);
	zend_hash_destroy(&named);
	return !EG(exception);
}

/* A list with one element per property: each property in turn, converted by what it holds. */
static bool fill_from_list(zend_object *obj, HashTable *src, convert_ctx *ctx)
{
	property_walk walk;
	convert_kind kind = CONVERT_NONE;
	uint32_t count = zend_hash_num_elements(src);
	bool ok = true;

	walk_start(&walk, obj);
	for (uint32_t i = 0; i < count && ok; i++) {
		zval *current, *v = zend_hash_index_find(src, i);
		zend_string *name = walk_next(&walk, NULL, &current);
		zval converted;

		if (name == NULL || v == NULL) {
			if (name) {
				zend_string_release(name);
			}
			convert_warning(ctx, "msgpack_convert_object", "can't get data value by index");
			ok = false;
			break;
		}
		/* PECL keeps the converter of the last property that held an array or an object */
		if (Z_TYPE_P(current) == IS_ARRAY) {
			kind = CONVERT_ARRAY;
		} else if (Z_TYPE_P(current) == IS_OBJECT) {
			kind = CONVERT_OBJECT;
		}
		if (!convert_by(kind, &converted, current, slot_value(v), ctx)) {
			if (!EG(exception)) {
				convert_warning(ctx, "msgpack_convert_object", "convert failure in convert_object");
			}
			ok = false;
		} else {
			ok = write_property(obj, name, &converted, false, ctx);
			zval_ptr_dtor(&converted);
		}
		zend_string_release(name);
	}
	walk_end(&walk);
	return ok;
}

static zend_class_entry *template_class(zval *tpl)
{
	zend_class_entry *ce;

	if (Z_TYPE_P(tpl) == IS_OBJECT) {
		return Z_OBJCE_P(tpl);
	}
	/* PECL stops the script with a fatal error for these two; an Error can be caught */
	if (Z_TYPE_P(tpl) != IS_STRING) {
		zend_throw_error(NULL, "[msgpack] (msgpack_convert_object) object type is unsupported");
		return NULL;
	}
	ce = zend_lookup_class(Z_STR_P(tpl));
	if (ce == NULL && !EG(exception)) {
		zend_throw_error(NULL, "[msgpack] (msgpack_convert_object) Class '%s' not found", Z_STRVAL_P(tpl));
	}
	return ce;
}

/* A new object of the class, made as `new Class()` when its constructor is public. An
 * exception of the constructor stays pending: as PECL, the object is filled all the same (what
 * shows is the warnings of the filling), and then dropped. */
static bool new_object(zval *out, zend_class_entry *ce)
{
	zend_function *ctor;

	if (object_init_ex(out, ce) != SUCCESS) {
		ZVAL_UNDEF(out);
		return false;
	}
	ctor = ce->constructor;
	if (ctor && (ctor->common.fn_flags & ZEND_ACC_PUBLIC)) {
		zend_call_known_instance_method_with_0_params(ctor, Z_OBJ_P(out), NULL);
		if (EG(exception)) {
			/* its destructor must not run: it was never made */
			GC_ADD_FLAGS(Z_OBJ_P(out), IS_OBJ_DESTRUCTOR_CALLED);
		}
	}
	return true;
}

static bool convert_object(zval *out, zval *tpl, zval *value, convert_ctx *ctx)
{
	zend_class_entry *ce;
	zend_object *obj;
	bool ok;

	ZVAL_UNDEF(out);
	tpl = slot_value(tpl);
	value = slot_value(value);
	ce = template_class(tpl);
	if (ce == NULL) {
		return false;
	}
	if (Z_TYPE_P(value) == IS_OBJECT && Z_OBJCE_P(value) == ce) {
		ZVAL_COPY(out, value);
		return true;
	}
	if (!new_object(out, ce)) {
		return false;
	}
	obj = Z_OBJ_P(out);
	if (Z_TYPE_P(value) == IS_ARRAY) {
		HashTable *src = Z_ARRVAL_P(value);
		uint32_t count = zend_hash_num_elements(src);

		if (count == 0) {
			if (EG(exception)) {
				zval_ptr_dtor(out);
				ZVAL_UNDEF(out);
				return false;
			}
			return true;
		}
		ok = counts_as_list(src) && count == zend_hash_num_elements(obj->handlers->get_properties(obj))
			? fill_from_list(obj, src, ctx)
			: fill_from_map(obj, src, ctx);
	} else {
		property_walk walk;

		walk_start(&walk, obj);
		ok = fill_next(&walk, NULL, 0, value, ctx);
		walk_end(&walk);
	}
	if (!ok || EG(exception) || ctx->refused) {
		ok = false;
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
	}
	return ok;
}

/* ---- entry points ----------------------------------------------------------------------------- */

bool msgpack_template_check(zval *tpl, uint32_t arg_num)
{
	zval *t = tpl;

	ZVAL_DEREF(t);
	switch (Z_TYPE_P(t)) {
		case IS_NULL:
		case IS_STRING:
		case IS_OBJECT:
		case IS_ARRAY:
			return true;
		default:
			/* PECL stops the script: "Template type is unsupported" */
			zend_argument_type_error(arg_num, "must be of type object|string|array|null, %s given",
				zend_zval_type_name(t));
			return false;
	}
}

bool msgpack_template_apply(zval *value, zval *tpl, const msgpack_unpack_options *opts)
{
	convert_ctx ctx;
	zval result;
	bool ok;

	ctx.error_display = opts->error_display;
	ctx.max_depth = opts->max_depth ? opts->max_depth : UINT32_MAX;
	ctx.depth = 0;
	ctx.stack_limit = msgpack_stack_limit();
	ctx.refused = false;

	ZVAL_DEREF(tpl);
	if (Z_TYPE_P(tpl) == IS_NULL) {
		return true;
	}
	ok = Z_TYPE_P(tpl) == IS_ARRAY ? convert_array(&result, tpl, value, &ctx) : convert_object(&result, tpl, value, &ctx);
	zval_ptr_dtor(value);
	if (ok) {
		ZVAL_COPY_VALUE(value, &result);
		return true;
	}
	ZVAL_NULL(value);
	return !EG(exception);
}
