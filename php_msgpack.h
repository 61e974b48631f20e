/*
 * msgpack for PHP: public header.
 *
 * Other extensions (phpredis, php-memcached) include this file and link against the two
 * functions below, exactly as they do with the PECL msgpack extension.
 */
#ifndef PHP_MSGPACK_H
#define PHP_MSGPACK_H

#include "php.h"
#include "zend_smart_str.h"

#define PHP_MSGPACK_VERSION "3.1.0"
#define PHP_MSGPACK_EXTNAME "msgpack"

/* Option ids of MessagePack::setOption() (and the MESSAGEPACK_OPT_* constants). */
#define MSGPACK_OPT_PHPONLY   -1001
#define MSGPACK_OPT_ASSOC     -1002
#define MSGPACK_OPT_FORCE_F32 -1003

extern zend_module_entry msgpack_module_entry;
#define phpext_msgpack_ptr &msgpack_module_entry

#if defined(__GNUC__) && __GNUC__ >= 4
# define PHP_MSGPACK_API __attribute__((visibility("default")))
#elif defined(PHP_WIN32)
# define PHP_MSGPACK_API __declspec(dllexport)
#else
# define PHP_MSGPACK_API
#endif

ZEND_BEGIN_MODULE_GLOBALS(msgpack)
	bool error_display;
	bool php_only;
	bool assoc;
	bool illegal_key_insert;
	bool use_str8_serialization;
	bool force_f32;
	zend_long max_depth;
	/* map keys seen lately in this request (see msgpack_cached_key() in unpack_internal.h) */
	zend_string **key_cache;
	/* short string values of the value being decoded (see msgpack_cached_str_value() in src/decode/unpack_state.c) */
	struct _msgpack_value_cache *value_cache;
	/* map shapes of small values, kept from call to call (see kept_shape() in unpack.c) */
	struct _msgpack_kept_shapes *kept_shapes;
	/* the slot table of the last value that needed one on the heap, lent to the next (see
	 * msgpack_grow_slots() in unpack_state.c) */
	struct _msgpack_slot *kept_slots;
	uint32_t kept_slot_capacity;
	/* the plans of classes and the types of type strings (msgpack_plan.h); the encoder's last
	 * class asked that has no plan (packed as before), and the last that has one, with its plan
	 * (msgpack_class_plan_for_pack()) */
	struct _msgpack_plan_cache *plans;
	uint32_t codec_calls; /* encodes and decodes running (nested ones too): plans in use */
	zend_class_entry *pack_plain_ce;
	zend_class_entry *pack_plan_ce;
	struct _msgpack_class_plan *pack_plan;
	/* the epoch as a DateTimeImmutable and a DateTime, cloned for each date (msgpack_ext.c) */
	zend_object *date_protos[2];
	/* past this extension's RSHUTDOWN: no object is kept for the request any more */
	bool request_ending;
	/* this thread's own C stack, once asked of the system, and the limit of a recursion on it
	 * (msgpack_stack.c) */
	const char *thread_stack_low;
	const char *thread_stack_high;
	const char *thread_stack_limit;
ZEND_END_MODULE_GLOBALS(msgpack)

ZEND_EXTERN_MODULE_GLOBALS(msgpack)
#define MSGPACK_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(msgpack, v)

#if defined(ZTS) && defined(COMPILE_DL_MSGPACK)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

/* Appends the MessagePack encoding of val to buf, with the options of the INI settings. */
PHP_MSGPACK_API void php_msgpack_serialize(smart_str *buf, zval *val);

/* Decodes str into return_value with the options of the INI settings; SUCCESS or FAILURE. */
PHP_MSGPACK_API int php_msgpack_unserialize(zval *return_value, char *str, size_t str_len);

#endif /* PHP_MSGPACK_H */
