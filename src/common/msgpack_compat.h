/*
 * What differs between the PHP versions the extension builds on, in one place: the rest of the
 * code calls these and has no PHP_VERSION_ID check of its own.
 *
 * PHP 8.4 added property hooks, virtual properties and lazy objects: before it, no class has
 * hooks, no property is virtual and no object is lazy. The 8.5 and 8.6 branches are written
 * from php-src's notes and commits, not built (no such PHP here): see the README.
 */
#ifndef MSGPACK_COMPAT_H
#define MSGPACK_COMPAT_H

#include "php.h"
#if PHP_VERSION_ID >= 80400
# include "zend_lazy_objects.h"
#endif

/* Whether the class (or a parent) has a hooked or virtual property: the property tables made
 * for json_encode(), get_object_vars() and foreach then list those as their zend_property_info
 * (IS_PTR), not as values. */
static zend_always_inline bool msgpack_class_has_hooks(const zend_class_entry *ce)
{
#if PHP_VERSION_ID >= 80400
	return ce->num_hooked_props != 0;
#else
	(void) ce;
	return false;
#endif
}

/* A virtual property has no slot: only its hooks stand for it, and no value can be stored. */
static zend_always_inline bool msgpack_property_is_virtual(const zend_property_info *info)
{
#if PHP_VERSION_ID >= 80400
	return (info->flags & ZEND_ACC_VIRTUAL) != 0;
#else
	(void) info;
	return false;
#endif
}

/* Whether the property has hooks (a virtual one always has). */
static zend_always_inline bool msgpack_property_has_hooks(const zend_property_info *info)
{
#if PHP_VERSION_ID >= 80400
	return info->hooks != NULL;
#else
	(void) info;
	return false;
#endif
}

/* A virtual property that cannot be read (a set hook only): json_encode() leaves it out. */
static zend_always_inline bool msgpack_property_is_write_only(const zend_property_info *info)
{
#if PHP_VERSION_ID >= 80400
	return (info->flags & ZEND_ACC_VIRTUAL) && (info->hooks == NULL || info->hooks[ZEND_PROPERTY_HOOK_GET] == NULL);
#else
	(void) info;
	return false;
#endif
}

/* Whether code outside the class may write the property: public, and its set visibility too
 * (8.4: private(set), protected(set), and readonly, which implies protected(set)). */
static zend_always_inline bool msgpack_property_is_publicly_writable(const zend_property_info *info)
{
#if PHP_VERSION_ID >= 80400
	return (info->flags & ZEND_ACC_PUBLIC) && !(info->flags & (ZEND_ACC_PROTECTED_SET | ZEND_ACC_PRIVATE_SET));
#else
	return (info->flags & ZEND_ACC_PUBLIC) && !(info->flags & ZEND_ACC_READONLY);
#endif
}

/* Whether a declared type is iterable: a type bit of its own in PHP 8.1, Traversable|array with a
 * flag from 8.2 on. */
static zend_always_inline bool msgpack_type_is_iterable(zend_type type)
{
#if PHP_VERSION_ID >= 80200
	return ZEND_TYPE_IS_ITERABLE_FALLBACK(type);
#else
	return (ZEND_TYPE_PURE_MASK(type) & MAY_BE_ITERABLE) != 0;
#endif
}

/* A lazy object not initialized yet, or a lazy proxy (initialized or not): its own slots are
 * not its properties. */
static zend_always_inline bool msgpack_object_is_lazy(zend_object *obj)
{
#if PHP_VERSION_ID >= 80400
	return zend_object_is_lazy(obj);
#else
	(void) obj;
	return false;
#endif
}

/* The function named by unserialize_callback_func, or NULL when none is set. PHP 8.6 keeps the
 * setting as a zend_string (php-src c82acefe470), earlier ones as a char *; empty is unset in
 * both. */
static zend_always_inline const char *msgpack_unserialize_callback_func(void)
{
#if PHP_VERSION_ID >= 80600
	zend_string *name = PG(unserialize_callback_func);
	return name && ZSTR_LEN(name) ? ZSTR_VAL(name) : NULL;
#else
	const char *name = PG(unserialize_callback_func);
	return name && name[0] ? name : NULL;
#endif
}

#endif
