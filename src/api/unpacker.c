/*
 * The unpacking half of the MsgPack\ API: MsgPack\unpack() and MsgPack\Unpacker (one value, or a
 * stream fed in chunks). Both go through the one decoder of unpack.c, with the options their
 * flags select; errors are MsgPack\UnpackException with the byte offset of the problem.
 *
 * A stream goes through the stream core of msgpack_stream.c (the one MessagePackUnpacker uses):
 * its scanner goes over each byte once, however many pieces a value comes in, and a value is
 * decoded only once all of it is buffered, so nothing half-built is ever handed out. What is
 * consumed when, and the exceptions, are this file's.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include "zend_closures.h"
#include "php_msgpack.h"
#include "common/msgpack_stack.h"
#include "common/msgpack_format.h"
#include "decode/unpack.h"
#include "report/msgpack_report.h"
#include "decode/msgpack_stream.h"
#include "common/msgpack_exception.h"
#include "api/unpacker.h"
#include "common/msgpack_records.h"
#include "common/msgpack_ext.h"
#include "common/msgpack_plan.h"
#include "decode/unpack_path.h"
#include "common/msgpack_path_text.h"

zend_class_entry *msgpack_unpacker_api_ce;
static zend_object_handlers unpacker_api_handlers;

#define UNPACK_KNOWN_FLAGS (MSGPACK_UNPACK_BIGINT_AS_GMP | MSGPACK_UNPACK_BIGINT_AS_FLOAT \
	| MSGPACK_UNPACK_MAPS_AS_OBJECTS | MSGPACK_UNPACK_TIMESTAMP_AS_DATETIME | MSGPACK_UNPACK_PHP_OBJECTS \
	| MSGPACK_UNPACK_RECORDS | MSGPACK_UNPACK_FLOAT32_DECIMAL_FIT | MSGPACK_UNPACK_FORBID_UNKNOWN_KEYS \
	| MSGPACK_UNPACK_STOP_AT_PATH)

typedef struct _msgpack_api_unpacker {
	msgpack_unpack_options opts;
	HashTable ext_decoders;     /* type -> callable; opts.ext_decoders points here once one is set */
	HashTable *allowed_classes; /* owned; what opts.allowed_classes points to (NULL: any class) */
	/* the bytes fed, the scanner of the value at the stream's head, the records declared so far
	 * and the busy guard (also held by unpack(): user code may not change the options) */
	msgpack_stream stream;
	zend_object *deferred_error; /* thrown by the next call (see try_unpack) */
	msgpack_record_table *structures; /* withStructures(): shared record structures, or NULL */
	zend_object std;
} msgpack_api_unpacker;

static zend_always_inline msgpack_api_unpacker *unpacker_from(zend_object *obj)
{
	return (msgpack_api_unpacker *) ((char *) obj - XtOffsetOf(msgpack_api_unpacker, std));
}

/* ---- options ---------------------------------------------------------------------------- */

/* Options from $flags (argument arg_num); false with a ValueError or MsgPack\Exception thrown. */
static bool options_from_flags(msgpack_unpack_options *opts, zend_long flags, uint32_t arg_num)
{
	memset(opts, 0, sizeof(*opts));
	if (flags & ~(zend_long) UNPACK_KNOWN_FLAGS) {
		zend_argument_value_error(arg_num, "contains unknown flags (0x" ZEND_XLONG_FMT ")",
			(zend_ulong) (flags & ~(zend_long) UNPACK_KNOWN_FLAGS));
		return false;
	}
	if ((flags & MSGPACK_UNPACK_BIGINT_AS_GMP) && (flags & MSGPACK_UNPACK_BIGINT_AS_FLOAT)) {
		zend_argument_value_error(arg_num, "cannot combine BIGINT_AS_GMP and BIGINT_AS_FLOAT");
		return false;
	}
	if ((flags & MSGPACK_UNPACK_RECORDS) && (flags & MSGPACK_UNPACK_PHP_OBJECTS)) {
		zend_argument_value_error(arg_num, "cannot combine RECORDS and PHP_OBJECTS");
		return false;
	}
	if ((flags & MSGPACK_UNPACK_BIGINT_AS_GMP) && !zend_hash_str_exists(&module_registry, "gmp", sizeof("gmp") - 1)) {
		zend_throw_exception(msgpack_exception_ce,
			"MsgPack\\Unpacker::BIGINT_AS_GMP needs the gmp extension, which is not loaded", 0);
		return false;
	}
	opts->bigint = (flags & MSGPACK_UNPACK_BIGINT_AS_GMP) ? MSGPACK_BIGINT_GMP
		: (flags & MSGPACK_UNPACK_BIGINT_AS_FLOAT) ? MSGPACK_BIGINT_FLOAT : MSGPACK_BIGINT_STRING;
	opts->assoc = !(flags & MSGPACK_UNPACK_MAPS_AS_OBJECTS);
	opts->timestamp_as_datetime = (flags & MSGPACK_UNPACK_TIMESTAMP_AS_DATETIME) != 0;
	opts->php_only = (flags & MSGPACK_UNPACK_PHP_OBJECTS) != 0;
	opts->records = (flags & MSGPACK_UNPACK_RECORDS) != 0;
	opts->float32_decimal = (flags & MSGPACK_UNPACK_FLOAT32_DECIMAL_FIT) != 0;
	opts->forbid_unknown_keys = (flags & MSGPACK_UNPACK_FORBID_UNKNOWN_KEYS) != 0;
	opts->path_stop_early = (flags & MSGPACK_UNPACK_STOP_AT_PATH) != 0;
	opts->strict_keys = true;
	opts->api = true;
	opts->max_depth = MSGPACK_DEFAULT_MAX_DEPTH;
	/* unserialize_callback_func's warnings (PHP_OBJECTS), as unserialize() gives them */
	opts->on_notice = msgpack_decoder_notice;
	/* no class unless allowed (the function allows none) */
	opts->allowed_classes = (HashTable *) &zend_empty_array;
	return true;
}

/* $allowedClasses: true (NULL: any class), false (none) or a list of class names. */
static bool allowed_classes_from_arg(HashTable *list, bool all, HashTable **out)
{
	zval *name;

	*out = NULL;
	if (list == NULL && all) {
		return true;
	}
	ALLOC_HASHTABLE(*out);
	zend_hash_init(*out, list ? zend_hash_num_elements(list) : 0, NULL, NULL, 0);
	if (list == NULL) {
		return true;
	}
	ZEND_HASH_FOREACH_VAL(list, name) {
		ZVAL_DEREF(name);
		if (Z_TYPE_P(name) != IS_STRING) {
			zend_argument_type_error(2, "must contain only class names (strings), %s given", zend_zval_type_name(name));
			return false;
		}
		zend_string *lc = zend_string_tolower(Z_STR_P(name));
		zend_hash_add_empty_element(*out, lc);
		zend_string_release(lc);
	} ZEND_HASH_FOREACH_END();
	return true;
}

/* ---- errors ----------------------------------------------------------------------------- */

/* Throws what a failed decode of input starting at stream offset base found (an exception of
 * user code may be pending; what PHP's unserialize() raises is raised as it raises it). A typed
 * decode's errors carry their path (getPath()); its type errors are whole messages ("Expected
 * int, got str at $.age"). */
static void throw_decode_error(const msgpack_unpack_result *res, uint32_t max_depth, size_t base)
{
	size_t at = base + res->error_offset;
	zend_string *path = res->path;

	switch (res->api_error) {
		case MSGPACK_DECODE_INSUFFICIENT:
			msgpack_throw_unpack_exception_at(msgpack_insufficient_data_exception_ce, at, path,
				"insufficient data at offset %zu", at);
			break;
		case MSGPACK_DECODE_PARSE_ERROR:
			msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, path, "unexpected byte 0xc1 at offset %zu", at);
			break;
		case MSGPACK_DECODE_DEPTH:
			msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, path,
				"maximum nesting depth of %u exceeded at offset %zu", max_depth, at);
			break;
		case MSGPACK_DECODE_STACK:
			msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, path,
				"the C stack is full at nesting level %u, offset %zu", res->stack_level, at);
			break;
		case MSGPACK_DECODE_TRAILING:
			msgpack_throw_unpack_exception(msgpack_unpack_exception_ce, at,
				"unexpected trailing bytes at offset %zu", at);
			break;
		case MSGPACK_DECODE_INVALID: {
			if (res->typed_message && res->error == MSGPACK_DECODE_INVALID && res->detail) {
				msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, path, "%s", res->detail);
				break;
			}
			/* the decoder's detail, as a phrase: "Invalid timestamp length" -> "invalid ..." */
			const char *detail = res->api_detail ? res->api_detail : res->detail ? res->detail : "Invalid data";
			msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, path, "%c%s at offset %zu",
				zend_tolower_ascii(detail[0]), detail + 1, at);
			break;
		}
		default:
			if (!msgpack_decoder_raise(res) && !EG(exception)) {
				msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, path, "invalid data at offset %zu", at);
			}
			break;
	}
}

/* Decodes all of data as exactly one value; false with the exception thrown. */
static bool unpack_whole(const msgpack_unpack_options *opts, const char *data, size_t len, zval *return_value)
{
	msgpack_unpack_options whole = *opts;
	msgpack_unpack_result res;
	bool ok;

	whole.whole_input = true;
	ok = msgpack_decode(data, len, &whole, return_value, &res);
	if (!ok) {
		throw_decode_error(&res, whole.max_depth, 0);
	}
	msgpack_unpack_result_destroy(&res);
	return ok;
}

static bool take_value(msgpack_api_unpacker *u, zval *out);
static bool reader_ready(msgpack_api_unpacker *u);

/* ---- paths (partial decoding) ------------------------------------------------------------------ */

/* The step of steps at position n (0 is the first). */
static zval *step_at(HashTable *steps, uint32_t n)
{
	zval *step;

	ZEND_HASH_FOREACH_VAL(steps, step) {
		if (n-- == 0) {
			return step;
		}
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

/* A path argument (arg_num) made a one-path msgpack_path; NULL with a TypeError thrown. */
static msgpack_path *path_from_arg(HashTable *steps, uint32_t arg_num)
{
	msgpack_path *path = msgpack_path_new();
	uint32_t bad;

	if (!msgpack_path_add(path, steps, &bad)) {
		zend_argument_type_error(arg_num, "must contain only ints and strings (map keys and list indexes), %s given at step %" PRIu32,
			zend_zval_type_name(step_at(steps, bad)), bad);
		msgpack_path_free(path);
		return NULL;
	}
	return path;
}

/* The paths argument of unpackPaths() (arg_num), each a target in its order; NULL with a
 * TypeError thrown. */
static msgpack_path *paths_from_arg(HashTable *paths, uint32_t arg_num)
{
	msgpack_path *path = msgpack_path_new();
	zval *steps;
	uint32_t bad;

	ZEND_HASH_FOREACH_VAL(paths, steps) {
		ZVAL_DEREF(steps);
		if (Z_TYPE_P(steps) != IS_ARRAY) {
			zend_argument_type_error(arg_num, "must contain only paths (arrays of map keys and list indexes), %s given",
				zend_zval_type_name(steps));
			msgpack_path_free(path);
			return NULL;
		}
		if (!msgpack_path_add(path, Z_ARRVAL_P(steps), &bad)) {
			zend_argument_type_error(arg_num, "must contain only paths of ints and strings (map keys and list indexes), %s given at step %" PRIu32,
				zend_zval_type_name(step_at(Z_ARRVAL_P(steps), bad)), bad);
			msgpack_path_free(path);
			return NULL;
		}
	} ZEND_HASH_FOREACH_END();
	return path;
}

/* Throws the PathException for a target not found: where its first missing step is. */
static void throw_path_missing(const msgpack_path_target *t, HashTable *steps)
{
	zend_string *container = msgpack_path_string(steps, t->step);
	zend_string *missing = msgpack_path_string(steps, t->step + 1);
	zval *step = step_at(steps, t->step);
	smart_str what = {0};

	ZVAL_DEREF(step);
	if (t->missing == MSGPACK_PATH_NO_CONTAINER) {
		smart_str_appends(&what, "is not a map or list");
	} else if (Z_TYPE_P(step) == IS_LONG) {
		smart_str_appends(&what, t->missing == MSGPACK_PATH_NO_INDEX ? "has no index " : "has no key ");
		smart_str_append_long(&what, Z_LVAL_P(step));
	} else {
		smart_str_appends(&what, "has no key ");
		msgpack_append_quoted(&what, (const unsigned char *) Z_STRVAL_P(step), Z_STRLEN_P(step));
	}
	smart_str_0(&what);
	msgpack_throw_unpack_exception_at(msgpack_path_exception_ce, t->offset, missing,
		"path not found: %s %s (offset %zu)", ZSTR_VAL(container), ZSTR_VAL(what.s), t->offset);
	smart_str_free(&what);
	zend_string_release(container);
	zend_string_release(missing);
}

/*
 * The values at the paths, by target number, into found: of all of data, or with data NULL of
 * the next value of u's stream (consumed whatever the outcome). With PHP_OBJECTS the whole value
 * is decoded and the paths taken in it (a back-reference may name any container before the
 * one asked). False with the exception thrown.
 */
static bool unpack_paths(msgpack_api_unpacker *u, const msgpack_unpack_options *opts, const zend_string *data,
	msgpack_path *path, zval *found)
{
	msgpack_unpack_options with_path = *opts;
	size_t base = data == NULL ? msgpack_stream_offset(&u->stream) : 0;
	zval whole, *into = opts->php_only ? &whole : found;
	bool ok;

	if (!opts->php_only) {
		with_path.path = path;
	}
	if (data) {
		ok = unpack_whole(&with_path, ZSTR_VAL(data), ZSTR_LEN(data), into);
	} else {
		msgpack_unpack_options saved = u->opts;
		u->opts = with_path;
		ok = take_value(u, into);
		u->opts = saved;
	}
	if (!ok) {
		return false;
	}
	if (opts->php_only) {
		array_init(found);
		msgpack_path_navigate(path, &whole, Z_ARRVAL_P(found), 0);
		zval_ptr_dtor(&whole);
	}
	for (uint32_t i = 0; i < path->target_count; i++) {
		path->targets[i].offset += base;
	}
	return true;
}

/* The value at the one path of path (target 0) into return_value, or its PathException. */
static bool unpack_at_path(msgpack_api_unpacker *u, const msgpack_unpack_options *opts, const zend_string *data,
	HashTable *steps, uint32_t arg_num, zval *return_value)
{
	msgpack_path *path = path_from_arg(steps, arg_num);
	zval found, *v;
	bool ok;

	if (path == NULL) {
		return false;
	}
	ok = unpack_paths(u, opts, data, path, &found);
	if (ok) {
		v = zend_hash_index_find(Z_ARRVAL(found), 0);
		if (v) {
			ZVAL_COPY(return_value, v);
		} else {
			throw_path_missing(&path->targets[0], steps);
			ok = false;
		}
		zval_ptr_dtor(&found);
	}
	msgpack_path_free(path);
	return ok;
}

/* unpackPaths(): the value at each of paths by its name (default for one not there, unless
 * default is NULL: then the PathException of the first). */
static bool unpack_named_paths(msgpack_api_unpacker *u, const msgpack_unpack_options *opts, const zend_string *data,
	HashTable *paths, uint32_t arg_num, zval *default_value, zval *return_value)
{
	msgpack_path *path = paths_from_arg(paths, arg_num);
	zend_string *name;
	zend_ulong h;
	zval found, *steps;
	uint32_t n = 0;
	bool ok;

	if (path == NULL) {
		return false;
	}
	ok = unpack_paths(u, opts, data, path, &found);
	if (ok) {
		array_init_size(return_value, zend_hash_num_elements(paths));
		ZEND_HASH_FOREACH_KEY_VAL(paths, h, name, steps) {
			zval *v = zend_hash_index_find(Z_ARRVAL(found), n);
			if (v == NULL && default_value == NULL) {
				ZVAL_DEREF(steps);
				throw_path_missing(&path->targets[n], Z_ARRVAL_P(steps));
				zval_ptr_dtor(return_value);
				ZVAL_UNDEF(return_value);
				ok = false;
				break;
			}
			v = v ? v : default_value;
			Z_TRY_ADDREF_P(v);
			if (name) {
				zend_hash_add_new(Z_ARRVAL_P(return_value), name, v);
			} else {
				zend_hash_index_add_new(Z_ARRVAL_P(return_value), h, v);
			}
			n++;
		} ZEND_HASH_FOREACH_END();
		zval_ptr_dtor(&found);
	}
	msgpack_path_free(path);
	return ok;
}

ZEND_FUNCTION(MsgPack_unpack)
{
	zend_string *data;
	zend_long flags = 0;
	HashTable *steps = NULL;
	msgpack_unpack_options opts;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(data)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
		Z_PARAM_ARRAY_HT_OR_NULL(steps)
	ZEND_PARSE_PARAMETERS_END();

	if (!options_from_flags(&opts, flags, 2)) {
		RETURN_THROWS();
	}
	if (steps && zend_hash_num_elements(steps)) {
		unpack_at_path(NULL, &opts, data, steps, 3, return_value);
		return;
	}
	unpack_whole(&opts, ZSTR_VAL(data), ZSTR_LEN(data), return_value);
}

ZEND_FUNCTION(MsgPack_unpackPaths)
{
	zend_string *data;
	HashTable *paths;
	zend_long flags = 0;
	zval *default_value = NULL;
	msgpack_unpack_options opts;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(data)
		Z_PARAM_ARRAY_HT(paths)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
		Z_PARAM_ZVAL(default_value)
	ZEND_PARSE_PARAMETERS_END();

	if (!options_from_flags(&opts, flags, 3)) {
		RETURN_THROWS();
	}
	unpack_named_paths(NULL, &opts, data, paths, 2, default_value, return_value);
}

/* The type a type string names (argument arg_num), for typed decoding; false with a ValueError
 * (or what an autoloader threw) pending. *owned: free it after use (msgpack_type_free()). */
static bool type_from_arg(zend_string *spec, uint32_t arg_num, msgpack_type **type, bool *owned)
{
	zend_string *error, *too_deep;

	*type = msgpack_type_from_string(spec, &error, owned, &too_deep);
	if (*type == NULL) {
		if (error) {
			zend_argument_value_error(arg_num, "is not a valid type: %s (in \"%s\")", ZSTR_VAL(error), ZSTR_VAL(spec));
			zend_string_release(error);
		} else if (too_deep) {
			zend_throw_error(NULL, "The plan of %s cannot be made: the classes its properties name nest too deeply for the C stack",
				ZSTR_VAL(too_deep));
			zend_string_release(too_deep);
		}
		return false;
	}
	return true;
}

/* Decodes all of data (or the value at a path in it: steps not NULL, argument arg_num) as one
 * value of the type. */
static bool unpack_whole_as(msgpack_api_unpacker *u, const msgpack_unpack_options *opts, const zend_string *data,
	msgpack_type *type, HashTable *steps, uint32_t arg_num, zval *return_value)
{
	msgpack_unpack_options typed = *opts;

	typed.type = type;
	if (steps && zend_hash_num_elements(steps)) {
		if (opts->php_only) {
			/* the path is taken in the value decoded, which the type would have to describe */
			zend_argument_value_error(arg_num, "cannot be used with PHP_OBJECTS");
			return false;
		}
		return unpack_at_path(u, &typed, data, steps, arg_num, return_value);
	}
	return unpack_whole(&typed, ZSTR_VAL(data), ZSTR_LEN(data), return_value);
}

ZEND_FUNCTION(MsgPack_unpackAs)
{
	zend_string *data, *spec;
	zend_long flags = 0;
	HashTable *steps = NULL;
	msgpack_unpack_options opts;
	msgpack_type *type;
	bool owned;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(data)
		Z_PARAM_STR(spec)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
		Z_PARAM_ARRAY_HT_OR_NULL(steps)
	ZEND_PARSE_PARAMETERS_END();

	if (!options_from_flags(&opts, flags, 3) || !type_from_arg(spec, 2, &type, &owned)) {
		RETURN_THROWS();
	}
	unpack_whole_as(NULL, &opts, data, type, steps, 4, return_value);
	if (owned) {
		msgpack_type_free(type);
	}
}

/* ---- the object --------------------------------------------------------------------------- */

static zend_object *unpacker_create(zend_class_entry *ce)
{
	msgpack_api_unpacker *u = zend_object_alloc(sizeof(msgpack_api_unpacker), ce);

	zend_object_std_init(&u->std, ce);
	object_properties_init(&u->std, ce);
	u->std.handlers = &unpacker_api_handlers;
	/* the defaults of the constructor, so that the object is usable before it runs */
	options_from_flags(&u->opts, 0, 1);
	u->opts.allowed_classes = NULL;
	zend_hash_init(&u->ext_decoders, 0, NULL, ZVAL_PTR_DTOR, 0);
	allowed_classes_from_arg(NULL, false, &u->allowed_classes);
	u->opts.allowed_classes = u->allowed_classes;
	msgpack_stream_init(&u->stream, u->opts.max_depth);
	u->structures = NULL;
	return &u->std;
}

static void unpacker_free(zend_object *obj)
{
	msgpack_api_unpacker *u = unpacker_from(obj);

	zend_hash_destroy(&u->ext_decoders);
	if (u->allowed_classes) {
		zend_hash_destroy(u->allowed_classes);
		FREE_HASHTABLE(u->allowed_classes);
	}
	msgpack_stream_destroy(&u->stream);
	if (u->deferred_error) {
		OBJ_RELEASE(u->deferred_error);
	}
	msgpack_record_table_free(u->structures);
	zend_object_std_dtor(obj);
}

/* The callables may hold the unpacker (a closure of an object that has it): show them to the GC. */
static HashTable *unpacker_get_gc(zend_object *obj, zval **table, int *n)
{
	msgpack_api_unpacker *u = unpacker_from(obj);
	zend_get_gc_buffer *gc = zend_get_gc_buffer_create();
	zval *cb;

	ZEND_HASH_FOREACH_VAL(&u->ext_decoders, cb) {
		zend_get_gc_buffer_add_zval(gc, cb);
	} ZEND_HASH_FOREACH_END();
	if (u->deferred_error) {
		zend_get_gc_buffer_add_obj(gc, u->deferred_error);
	}
	zend_get_gc_buffer_use(gc, table, n);
	return zend_std_get_properties(obj);
}

/* Refuses a call from user code run by the unpacker's own decoding (an ext decoder, __wakeup()):
 * the buffer and the options are in use. */
static bool check_idle(msgpack_api_unpacker *u)
{
	if (UNEXPECTED(msgpack_stream_busy(&u->stream))) {
		zend_throw_error(NULL, "MsgPack\\Unpacker cannot be used while it is unpacking (from a callback of its own)");
		return false;
	}
	return true;
}

/* A stream's structures start as the shared ones (records on), none declared yet. */
static void reset_stream_records(msgpack_api_unpacker *u)
{
	msgpack_stream_records_reset(&u->stream, u->structures, u->opts.records);
}

ZEND_METHOD(MsgPack_Unpacker, __construct)
{
	zend_long flags = 0, max_depth = MSGPACK_DEFAULT_MAX_DEPTH;
	HashTable *list = NULL;
	zval *allowed_arg = NULL;
	bool all = false;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	msgpack_unpack_options opts;
	HashTable *allowed;

	ZEND_PARSE_PARAMETERS_START(0, 3)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
		Z_PARAM_ZVAL(allowed_arg)
		Z_PARAM_LONG(max_depth)
	ZEND_PARSE_PARAMETERS_END();

	if (allowed_arg) {
		if (Z_TYPE_P(allowed_arg) == IS_ARRAY) {
			list = Z_ARRVAL_P(allowed_arg);
		} else if (Z_TYPE_P(allowed_arg) == IS_TRUE || Z_TYPE_P(allowed_arg) == IS_FALSE) {
			all = Z_TYPE_P(allowed_arg) == IS_TRUE;
		} else {
			zend_argument_type_error(2, "must be of type array|bool, %s given", zend_zval_type_name(allowed_arg));
			RETURN_THROWS();
		}
	}

	if (!check_idle(u) || !options_from_flags(&opts, flags, 1)) {
		RETURN_THROWS();
	}
	if (max_depth < 0) {
		zend_argument_value_error(3, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	if (!allowed_classes_from_arg(list, all, &allowed)) {
		if (allowed) {
			zend_hash_destroy(allowed);
			FREE_HASHTABLE(allowed);
		}
		RETURN_THROWS();
	}
	/* a policy limit: the C stack is checked on its own (msgpack_stack.h) */
	opts.max_depth = (zend_ulong) max_depth > UINT32_MAX ? UINT32_MAX : (uint32_t) max_depth;
	if (u->allowed_classes) {
		zend_hash_destroy(u->allowed_classes);
		FREE_HASHTABLE(u->allowed_classes);
	}
	u->allowed_classes = allowed;
	opts.allowed_classes = allowed;
	opts.ext_decoders = zend_hash_num_elements(&u->ext_decoders) ? &u->ext_decoders : NULL;
	u->opts = opts;
	u->opts.shared_records = u->structures;
	msgpack_stream_set_max_depth(&u->stream, opts.max_depth);
	reset_stream_records(u);
}

/* Runs a read of one value of $data (not the stream) with the unpacker's options: busy, so that
 * user code it runs cannot change them. */
static void begin_read(msgpack_api_unpacker *u)
{
	GC_ADDREF(&u->std);
	msgpack_stream_set_busy(&u->stream, true);
}

static void end_read(msgpack_api_unpacker *u)
{
	msgpack_stream_set_busy(&u->stream, false);
	OBJ_RELEASE(&u->std);
}

ZEND_METHOD(MsgPack_Unpacker, unpack)
{
	zend_string *data = NULL;
	HashTable *steps = NULL;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(data)
		Z_PARAM_ARRAY_HT_OR_NULL(steps)
	ZEND_PARSE_PARAMETERS_END();

	if (steps && zend_hash_num_elements(steps) == 0) {
		steps = NULL;
	}
	if (data == NULL) {
		/* no argument: the next value of the stream (rybakit's BufferUnpacker::unpack()) */
		if (!reader_ready(u) || !(steps ? unpack_at_path(u, &u->opts, NULL, steps, 2, return_value)
				: take_value(u, return_value))) {
			RETURN_THROWS();
		}
		return;
	}
	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	begin_read(u);
	if (steps) {
		unpack_at_path(u, &u->opts, data, steps, 2, return_value);
	} else {
		unpack_whole(&u->opts, ZSTR_VAL(data), ZSTR_LEN(data), return_value);
	}
	end_read(u);
}

ZEND_METHOD(MsgPack_Unpacker, unpackPaths)
{
	zend_string *data;
	HashTable *paths;
	zval *default_value = NULL;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(data)
		Z_PARAM_ARRAY_HT(paths)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(default_value)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	begin_read(u);
	unpack_named_paths(u, &u->opts, data, paths, 2, default_value, return_value);
	end_read(u);
}

ZEND_METHOD(MsgPack_Unpacker, unpackAs)
{
	zend_string *data, *spec;
	HashTable *steps = NULL;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	msgpack_type *type;
	bool owned;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(data)
		Z_PARAM_STR(spec)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_NULL(steps)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_idle(u) || !type_from_arg(spec, 2, &type, &owned)) {
		RETURN_THROWS();
	}
	begin_read(u);
	unpack_whole_as(u, &u->opts, data, type, steps, 3, return_value);
	end_read(u);
	if (owned) {
		msgpack_type_free(type);
	}
}

msgpack_record_table *msgpack_structures_from_arg(HashTable *list, uint32_t arg_num, uint32_t max)
{
	msgpack_structures_fault fault;
	msgpack_record_table *t = msgpack_record_table_from_array(list, max, &fault);

	if (t != NULL) {
		return t;
	}
	switch (fault.kind) {
		case MSGPACK_STRUCTURES_TOO_MANY:
			zend_argument_value_error(arg_num, "must hold at most %u structures, %u given", max, fault.given);
			break;
		case MSGPACK_STRUCTURES_NOT_LIST:
			zend_argument_value_error(arg_num, "must be a list of structures");
			break;
		case MSGPACK_STRUCTURES_NOT_NAMES:
			zend_argument_value_error(arg_num, "must contain lists of field names, structure %u is not one", fault.structure);
			break;
		case MSGPACK_STRUCTURES_NAME_TYPE:
			zend_argument_value_error(arg_num, "must contain field names of type string or int, structure %u has %s",
				fault.structure, fault.type);
			break;
		case MSGPACK_STRUCTURES_DUPLICATE:
			zend_argument_value_error(arg_num, "must contain unique field names, structure %u repeats one", fault.structure);
			break;
	}
	return NULL;
}

/* Structures agreed in advance with the writer (msgpackr's `structures`): identifiers 0x40, 0x41,
 * ... in order, from the 33rd on in two bytes (`60 00`, `61 00`, ..., as msgpackr reads a list
 * it loads). A stream starts over with them (nothing of it may be scanned yet). */
ZEND_METHOD(MsgPack_Unpacker, withStructures)
{
	HashTable *list;
	msgpack_record_table *t;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(list)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	if (!u->opts.records) {
		/* the structures would never be used: the records of a writer given the same list
		 * would then fail to read, far from the mistake */
		zend_value_error("MsgPack\\Unpacker::withStructures() needs an unpacker made with MsgPack\\Unpacker::RECORDS");
		RETURN_THROWS();
	}
	t = msgpack_structures_from_arg(list, 1, MSGPACK_RECORD_MAX_SHARED_TWO_BYTE);
	if (t == NULL) {
		RETURN_THROWS();
	}
	msgpack_record_table_free(u->structures);
	u->structures = t;
	u->opts.shared_records = t;
	reset_stream_records(u);
	RETURN_OBJ_COPY(&u->std);
}

ZEND_METHOD(MsgPack_Unpacker, registerExtension)
{
	zend_long type;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(type)
		Z_PARAM_FUNC(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();

	if (type < -128 || type > 127) {
		zend_argument_value_error(1, "must be between -128 and 127");
		RETURN_THROWS();
	}
	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	/* a Closure, as Closure::fromCallable() makes it here: a private method or "parent::f" the
	 * caller may call stays callable when the decoder calls it later, from no scope */
	zval decoder;
	zend_call_method_with_1_params(NULL, zend_ce_closure, NULL, "fromcallable", &decoder, &fci.function_name);
	if (EG(exception) || Z_TYPE(decoder) != IS_OBJECT) {
		zval_ptr_dtor(&decoder);
		RETURN_THROWS();
	}
	zend_hash_index_update(&u->ext_decoders, (zend_ulong) type, &decoder);
	u->opts.ext_decoders = &u->ext_decoders;
}

/* ---- streaming ---------------------------------------------------------------------------- */

ZEND_METHOD(MsgPack_Unpacker, feed)
{
	zend_string *chunk;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(chunk)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	/* the buffer holds at most the bytes not consumed and one chunk of 4 KiB more */
	msgpack_stream_feed(&u->stream, chunk, 4096);
}

ZEND_METHOD(MsgPack_Unpacker, remaining)
{
	ZEND_PARSE_PARAMETERS_NONE();

	RETURN_LONG((zend_long) msgpack_stream_pending(&unpacker_from(Z_OBJ_P(ZEND_THIS))->stream));
}

/* Throws the error a tryUnpack() put off (it had values to return first). */
static bool throw_deferred_error(msgpack_api_unpacker *u)
{
	if (u->deferred_error) {
		zval ex;
		ZVAL_OBJ(&ex, u->deferred_error);
		u->deferred_error = NULL;
		zend_throw_exception_object(&ex);
		return true;
	}
	return false;
}

typedef enum _next_result {
	NEXT_VALUE,
	NEXT_NONE,  /* no complete value buffered */
	NEXT_ERROR, /* thrown */
} next_result;

/* Throws why the scanner refused the bytes at the stream's head (value): at the item at fault. */
static void throw_scan_error(const msgpack_api_unpacker *u, const char *value)
{
	const msgpack_stream *s = &u->stream;
	size_t at = msgpack_stream_offset(s) + s->scan.pos;
	size_t record_at = 0;
	zend_string *record_error = s->scan.records
		? msgpack_records_scan_error(s->scan.records, (const unsigned char *) value + s->scan.pos,
			msgpack_stream_pending(s) - s->scan.pos, &record_at) : NULL;

	if ((unsigned char) value[s->scan.pos] == MP_NEVER) {
		msgpack_throw_unpack_exception(msgpack_unpack_exception_ce, at, "unexpected byte 0xc1 at offset %zu", at);
	} else if (record_error) {
		at += record_at;
		/* a phrase, as the decoder's details are made one */
		msgpack_throw_unpack_exception(msgpack_unpack_exception_ce, at, "%c%s at offset %zu",
			zend_tolower_ascii(ZSTR_VAL(record_error)[0]), ZSTR_VAL(record_error) + 1, at);
	} else {
		msgpack_throw_unpack_exception(msgpack_unpack_exception_ce, at,
			"maximum nesting depth of %u exceeded at offset %zu", u->opts.max_depth, at);
	}
	if (record_error) {
		zend_string_release(record_error);
	}
}

/*
 * Takes the next complete value of the stream into out (NULL: skips it). A value the decoder
 * refuses is consumed (the stream goes on after it); bytes the scanner refuses (0xc1, nesting too
 * deep) are not: the framing is lost there, and every later read refuses them again until the
 * caller moves past them by hand (skip(), read(), a typed read: msgpack_stream_skip()).
 * NEXT_NONE, nothing thrown, when the value is not all buffered (throw_insufficient() says where).
 */
static next_result take_next(msgpack_api_unpacker *u, zval *out)
{
	const char *value = NULL;
	size_t value_len;
	msgpack_unpack_result res;
	zval skipped;
	bool ok;

	switch (msgpack_stream_next(&u->stream, &value, &value_len)) {
		case MSGPACK_SCAN_INCOMPLETE:
			return NEXT_NONE;
		case MSGPACK_SCAN_INVALID:
			throw_scan_error(u, value);
			return NEXT_ERROR;
		case MSGPACK_SCAN_COMPLETE:
			break;
	}
	if (out == NULL) {
		if (!u->stream.scan.records || !msgpack_scan_records_declared(&u->stream.scan_records)) {
			/* skipped without being built: the scanner framed it, nothing else needs it */
			msgpack_stream_consume(&u->stream, value_len);
			return NEXT_VALUE;
		}
		/* records: the structures it declares are for the values after it, so the decoder
		 * must see them; the value itself is dropped */
		out = &skipped;
	}
	GC_ADDREF(&u->std);
	ok = msgpack_stream_decode(&u->stream, value, value_len, &u->opts, out, &res);
	msgpack_stream_consume(&u->stream, value_len);
	if (!ok) {
		msgpack_stream_forget_declared(&u->stream, u->structures);
		throw_decode_error(&res, u->opts.max_depth, msgpack_stream_offset(&u->stream) - value_len);
	} else if (out == &skipped) {
		zval_ptr_dtor(&skipped);
	}
	msgpack_unpack_result_destroy(&res);
	OBJ_RELEASE(&u->std);
	return ok ? NEXT_VALUE : NEXT_ERROR;
}

/* Takes the next complete value of the stream into out; no value buffered is no error. */
static next_result unpack_next(msgpack_api_unpacker *u, zval *out)
{
	if (throw_deferred_error(u)) {
		return NEXT_ERROR;
	}
	return take_next(u, out);
}

ZEND_METHOD(MsgPack_Unpacker, tryUnpack)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	zval value;
	next_result r;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	array_init(return_value);
	while ((r = unpack_next(u, &value)) == NEXT_VALUE) {
		zend_hash_next_index_insert_new(Z_ARRVAL_P(return_value), &value);
	}
	if (r == NEXT_ERROR) {
		if (zend_hash_num_elements(Z_ARRVAL_P(return_value)) == 0 || u->deferred_error) {
			RETURN_THROWS();
		}
		/* the values before the error are returned; the next call throws it */
		u->deferred_error = EG(exception);
		GC_ADDREF(u->deferred_error);
		zend_clear_exception();
	}
}

/* ---- reading item by item (rybakit's BufferUnpacker) ---------------------------------------
 *
 * Each read takes one item (or one whole value) at the head of the stream, or throws and takes
 * nothing: a caller short of bytes feeds more and calls again. The bytes are consumed through
 * msgpack_stream_skip(), which makes the scanner start over at the new head, so that the reads
 * mix with tryUnpack() and the iterator, and so that moving past bytes the scanner refused
 * (0xc1, nesting too deep) lets the stream go on. */

static const char *const type_names[] = {
	[MP_TYPE_NIL] = "nil", [MP_TYPE_BOOL] = "bool", [MP_TYPE_INT] = "int", [MP_TYPE_FLOAT] = "float",
	[MP_TYPE_STR] = "str", [MP_TYPE_BIN] = "bin", [MP_TYPE_ARRAY] = "array", [MP_TYPE_MAP] = "map",
	[MP_TYPE_EXT] = "ext", [MP_TYPE_NEVER] = "byte 0xc1",
};

/* Before a read: the error a tryUnpack() put off comes first, it is about bytes before the head. */
static bool reader_ready(msgpack_api_unpacker *u)
{
	return check_idle(u) && !throw_deferred_error(u);
}

static void throw_insufficient(size_t at)
{
	msgpack_throw_unpack_exception(msgpack_insufficient_data_exception_ce, at, "insufficient data at offset %zu", at);
}

/* The next whole value, or an exception: InsufficientDataException at the item the buffered
 * bytes end in when it is not all there. */
static bool take_value(msgpack_api_unpacker *u, zval *out)
{
	next_result r = take_next(u, out);

	if (r == NEXT_NONE) {
		const msgpack_stream *s = &u->stream;
		throw_insufficient(msgpack_stream_offset(s) + (msgpack_stream_pending(s) ? s->scan.pos : 0));
	}
	return r == NEXT_VALUE;
}

/* Throws, unless the item at the head is of type want: "expected int, found str". */
static bool head_type_is(msgpack_api_unpacker *u, mp_type want, bool record_ok, msgpack_stream_peek_result r,
	const msgpack_stream_item *item)
{
	size_t at = msgpack_stream_offset(&u->stream);

	if (r == MSGPACK_PEEK_NONE) {
		throw_insufficient(at);
		return false;
	}
	if (item->record ? !record_ok : item->type != want) {
		msgpack_throw_unpack_exception(msgpack_unpack_exception_ce, at, "expected %s, found %s at offset %zu",
			type_names[want], item->record ? "record" : type_names[item->type], at);
		return false;
	}
	return true;
}

/* The item at the head, if it is of type want and all of it is buffered (for an array or a map:
 * its header, the values in it are other items); else throws, nothing consumed. The type is
 * checked first: one byte tells it, and more bytes would not change it. */
static bool head_item(msgpack_api_unpacker *u, mp_type want, msgpack_stream_item *item)
{
	msgpack_stream_peek_result r = msgpack_stream_peek(&u->stream, item);

	if (!head_type_is(u, want, false, r, item)) {
		return false;
	}
	if (r != MSGPACK_PEEK_WHOLE) {
		throw_insufficient(msgpack_stream_offset(&u->stream));
		return false;
	}
	return true;
}

/* unpackNil() ... unpackBin(): one item of the type, read by the decoder (so unpackInt() follows
 * the BIGINT flags, unpackStr() and unpackBin() give strings as unpack() does). */
static void read_scalar(INTERNAL_FUNCTION_PARAMETERS, mp_type want)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	msgpack_stream_item item;
	msgpack_unpack_result res;
	bool ok;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!reader_ready(u) || !head_item(u, want, &item)) {
		RETURN_THROWS();
	}
	/* no user code runs for these types; busy all the same, as every decode of the stream is */
	ok = msgpack_stream_decode(&u->stream, msgpack_stream_head(&u->stream), (size_t) item.total, &u->opts,
		return_value, &res);
	if (ok) {
		msgpack_stream_skip(&u->stream, (size_t) item.total);
	} else {
		throw_decode_error(&res, u->opts.max_depth, msgpack_stream_offset(&u->stream));
	}
	msgpack_unpack_result_destroy(&res);
}

ZEND_METHOD(MsgPack_Unpacker, unpackNil)
{
	read_scalar(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_NIL);
}

ZEND_METHOD(MsgPack_Unpacker, unpackBool)
{
	read_scalar(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_BOOL);
}

ZEND_METHOD(MsgPack_Unpacker, unpackInt)
{
	read_scalar(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_INT);
}

ZEND_METHOD(MsgPack_Unpacker, unpackFloat)
{
	read_scalar(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_FLOAT);
}

ZEND_METHOD(MsgPack_Unpacker, unpackStr)
{
	read_scalar(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_STR);
}

ZEND_METHOD(MsgPack_Unpacker, unpackBin)
{
	read_scalar(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_BIN);
}

/* unpackArray(), unpackMap(): the whole value (a record is a map), as unpack() reads it. */
static void read_container(INTERNAL_FUNCTION_PARAMETERS, mp_type want)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	msgpack_stream_item item;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!reader_ready(u)) {
		RETURN_THROWS();
	}
	if (!head_type_is(u, want, want == MP_TYPE_MAP, msgpack_stream_peek(&u->stream, &item), &item)
		|| !take_value(u, return_value)) {
		RETURN_THROWS();
	}
}

ZEND_METHOD(MsgPack_Unpacker, unpackArray)
{
	read_container(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_ARRAY);
}

ZEND_METHOD(MsgPack_Unpacker, unpackMap)
{
	read_container(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_MAP);
}

/* unpackArrayHeader(), unpackMapHeader(): the count; the items stay, to be read one by one. */
static void read_header(INTERNAL_FUNCTION_PARAMETERS, mp_type want)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	msgpack_stream_item item;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!reader_ready(u) || !head_item(u, want, &item)) {
		RETURN_THROWS();
	}
#if SIZEOF_ZEND_LONG == 4
	if (UNEXPECTED(item.count > ZEND_LONG_MAX)) {
		/* 32-bit PHP: nor can an input that PHP holds have so many items */
		size_t at = msgpack_stream_offset(&u->stream);
		msgpack_throw_unpack_exception_at(msgpack_unpack_exception_ce, at, NULL,
			"a count of %" PRIu32 " items, beyond PHP_INT_MAX, at offset %zu", (uint32_t) item.count, at);
		RETURN_THROWS();
	}
#endif
	msgpack_stream_skip(&u->stream, item.head_len);
	RETURN_LONG((zend_long) item.count);
}

ZEND_METHOD(MsgPack_Unpacker, unpackArrayHeader)
{
	read_header(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_ARRAY);
}

ZEND_METHOD(MsgPack_Unpacker, unpackMapHeader)
{
	read_header(INTERNAL_FUNCTION_PARAM_PASSTHRU, MP_TYPE_MAP);
}

/* The ext as it is, MsgPack\Ext of any type (-1 too): no decoder registered runs. */
ZEND_METHOD(MsgPack_Unpacker, unpackExt)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));
	msgpack_stream_item item;
	int8_t type;
	uint32_t len;
	size_t head_len;
	const unsigned char *p;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!reader_ready(u) || !head_item(u, MP_TYPE_EXT, &item)) {
		RETURN_THROWS();
	}
	p = (const unsigned char *) msgpack_stream_head(&u->stream);
	if (!mp_ext_header(p, (size_t) item.total, &type, &len, &head_len)) {
		/* not reached: the whole item is buffered, so its header is */
		throw_insufficient(msgpack_stream_offset(&u->stream));
		RETURN_THROWS();
	}
	msgpack_ext_init(return_value, type, (const char *) p + head_len, len);
	msgpack_stream_skip(&u->stream, (size_t) item.total);
}

/* The next whole value, framed by the scanner and not built (records: see take_next()). */
ZEND_METHOD(MsgPack_Unpacker, skipValue)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();

	if (!reader_ready(u) || !take_value(u, NULL)) {
		RETURN_THROWS();
	}
}

/* $bytes raw bytes at the head (skip(), read()): all of them buffered, or none taken. */
static bool raw_bytes(msgpack_api_unpacker *u, zend_long bytes)
{
	size_t pending = msgpack_stream_pending(&u->stream);

	if (bytes < 0) {
		zend_argument_value_error(1, "must be greater than or equal to 0");
		return false;
	}
	if (!reader_ready(u)) {
		return false;
	}
	if ((zend_ulong) bytes > pending) {
		size_t at = msgpack_stream_offset(&u->stream);
		msgpack_throw_unpack_exception(msgpack_insufficient_data_exception_ce, at,
			"insufficient data at offset %zu: " ZEND_LONG_FMT " bytes asked, %zu buffered", at, bytes, pending);
		return false;
	}
	return true;
}

ZEND_METHOD(MsgPack_Unpacker, skip)
{
	zend_long bytes;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(bytes)
	ZEND_PARSE_PARAMETERS_END();

	if (!raw_bytes(u, bytes)) {
		RETURN_THROWS();
	}
	if (bytes > 0) {
		msgpack_stream_skip(&u->stream, (size_t) bytes);
	}
}

ZEND_METHOD(MsgPack_Unpacker, read)
{
	zend_long bytes;
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(bytes)
	ZEND_PARSE_PARAMETERS_END();

	if (!raw_bytes(u, bytes)) {
		RETURN_THROWS();
	}
	if (bytes == 0) {
		RETURN_EMPTY_STRING();
	}
	RETVAL_STRINGL(msgpack_stream_head(&u->stream), (size_t) bytes);
	msgpack_stream_skip(&u->stream, (size_t) bytes);
}

/* A new stream, as PECL's MessagePackUnpacker::reset() and rybakit's BufferUnpacker::reset()
 * start one: the bytes buffered, the value in progress, an error put off and the structures the
 * stream declared are dropped, offsets count from 0 again; the options, the ext decoders and the
 * structures of withStructures() stay. */
ZEND_METHOD(MsgPack_Unpacker, reset)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();

	if (!check_idle(u)) {
		RETURN_THROWS();
	}
	msgpack_stream_clear(&u->stream);
	reset_stream_records(u);
	if (u->deferred_error) {
		OBJ_RELEASE(u->deferred_error);
		u->deferred_error = NULL;
	}
}

/* ---- iteration: one value at a time, decoded as the loop asks for it ---------------------- */

typedef struct _unpacker_iterator {
	zend_object_iterator it; /* it.data: the unpacker */
	zval current;            /* UNDEF at the end */
	zend_long key;
} unpacker_iterator;

static void iterator_fetch(unpacker_iterator *iter)
{
	msgpack_api_unpacker *u = unpacker_from(Z_OBJ(iter->it.data));

	zval_ptr_dtor(&iter->current);
	ZVAL_UNDEF(&iter->current);
	if (!check_idle(u)) {
		return;
	}
	if (unpack_next(u, &iter->current) != NEXT_VALUE) {
		ZVAL_UNDEF(&iter->current);
	}
}

static void iterator_dtor(zend_object_iterator *it)
{
	unpacker_iterator *iter = (unpacker_iterator *) it;

	zval_ptr_dtor(&iter->current);
	zval_ptr_dtor(&it->data);
}

static zend_result iterator_valid(zend_object_iterator *it)
{
	return Z_TYPE(((unpacker_iterator *) it)->current) != IS_UNDEF ? SUCCESS : FAILURE;
}

static zval *iterator_current(zend_object_iterator *it)
{
	return &((unpacker_iterator *) it)->current;
}

static void iterator_key(zend_object_iterator *it, zval *key)
{
	ZVAL_LONG(key, ((unpacker_iterator *) it)->key);
}

static void iterator_next(zend_object_iterator *it)
{
	unpacker_iterator *iter = (unpacker_iterator *) it;

	iter->key++;
	iterator_fetch(iter);
}

/* A stream is not rewound: the loop starts at the next value not yet taken. */
static void iterator_rewind(zend_object_iterator *it)
{
	unpacker_iterator *iter = (unpacker_iterator *) it;

	iter->key = 0;
	iterator_fetch(iter);
}

static HashTable *iterator_get_gc(zend_object_iterator *it, zval **table, int *n)
{
	unpacker_iterator *iter = (unpacker_iterator *) it;
	zend_get_gc_buffer *gc = zend_get_gc_buffer_create();

	zend_get_gc_buffer_add_zval(gc, &it->data);
	zend_get_gc_buffer_add_zval(gc, &iter->current);
	zend_get_gc_buffer_use(gc, table, n);
	return NULL;
}

static const zend_object_iterator_funcs unpacker_iterator_funcs = {
	iterator_dtor,
	iterator_valid,
	iterator_current,
	iterator_key,
	iterator_next,
	iterator_rewind,
	NULL, /* invalidate_current */
	iterator_get_gc,
};

static zend_object_iterator *unpacker_get_iterator(zend_class_entry *ce, zval *object, int by_ref)
{
	unpacker_iterator *iter;

	(void) ce; /* the handler's signature: the class is that of object */
	if (by_ref) {
		zend_throw_error(NULL, "An iterator cannot be used with foreach by reference");
		return NULL;
	}
	iter = ecalloc(1, sizeof(unpacker_iterator));
	zend_iterator_init(&iter->it);
	ZVAL_OBJ_COPY(&iter->it.data, Z_OBJ_P(object));
	iter->it.funcs = &unpacker_iterator_funcs;
	ZVAL_UNDEF(&iter->current);
	return &iter->it;
}

ZEND_METHOD(MsgPack_Unpacker, getIterator)
{
	ZEND_PARSE_PARAMETERS_NONE();

	zend_create_internal_iterator_zval(return_value, ZEND_THIS);
}

void msgpack_unpacker_api_register(zend_class_entry *ce)
{
	msgpack_unpacker_api_ce = ce;
	ce->create_object = unpacker_create;
	ce->get_iterator = unpacker_get_iterator;
	memcpy(&unpacker_api_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	unpacker_api_handlers.offset = XtOffsetOf(msgpack_api_unpacker, std);
	unpacker_api_handlers.free_obj = unpacker_free;
	unpacker_api_handlers.get_gc = unpacker_get_gc;
	unpacker_api_handlers.clone_obj = NULL;
}
