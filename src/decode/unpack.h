/*
 * Decoder: MessagePack bytes -> zvals, reading everything PECL msgpack writes. It raises nothing
 * itself, as php-src's ext/json parser: what stops it is a status in msgpack_unpack_result, what
 * it meets on the way is told to the options' on_notice, and the API layer (msgpack_serialize.c
 * for the compatible API, unpacker.c for the MsgPack\ API) turns both into warnings and
 * exceptions. Exceptions of the user code it runs (autoloaders, __wakeup(), ext decoders) are
 * left pending, MSGPACK_DECODE_EXCEPTION.
 */
#ifndef MSGPACK_UNPACK_H
#define MSGPACK_UNPACK_H

#include "php.h"

struct _msgpack_unpack_options;

/* What the decoder meets that does not stop it: the API warns of these as they are met (the
 * compatible API of all, PECL's warnings and unserialize()'s; the MsgPack\ API of
 * unserialize_callback_func's). */
typedef enum _msgpack_decode_notice {
	MSGPACK_DECODE_NOTICE_ILLEGAL_KEY,       /* a map key of another type than int and str */
	MSGPACK_DECODE_NOTICE_NO_UNSERIALIZER,   /* a Serializable entry of class name, which has no unserialize() */
	MSGPACK_DECODE_NOTICE_CALLBACK_MISSING,  /* unserialize_callback_func name could not be called */
	MSGPACK_DECODE_NOTICE_CALLBACK_NO_CLASS, /* unserialize_callback_func name did not define the class */
} msgpack_decode_notice;

/* Told of a notice as it is met; opts are the call's; name as the notice says, else NULL. */
typedef void (*msgpack_decode_notice_fn)(const struct _msgpack_unpack_options *opts, msgpack_decode_notice notice,
	const char *name);

typedef struct _msgpack_unpack_options {
	bool php_only;           /* nil-keyed map entries are objects, references, back-references */
	bool assoc;              /* maps become arrays (else stdClass objects) */
	bool illegal_key_insert; /* a key of another type than int/str: append key and value */
	bool error_display;      /* warnings of the compatible API (read by the API, not the decoder) */
	uint32_t max_depth;
	msgpack_decode_notice_fn on_notice; /* or NULL: nothing told */

	/* The MsgPack\ API's options (all zero for the compatible API). */
	uint8_t bigint;          /* uint64 beyond PHP_INT_MAX: MSGPACK_BIGINT_STRING, _FLOAT or _GMP */
	bool timestamp_as_datetime; /* ext -1 as DateTimeImmutable (UTC) instead of MsgPack\Timestamp */
	bool strict_keys;        /* a map key of another type than int, str or bin is an error */
	bool api;                /* the MsgPack\ API's reading of php_only data: {} is an array; the
	                          * __serialize() data of a class not allowed are the properties of its
	                          * __PHP_Incomplete_Class */
	bool whole_input;        /* bytes after the value are an error (MSGPACK_DECODE_TRAILING) */
	bool float32_decimal;    /* float32 as the decimal it stands for (msgpack_float.h) */
	bool records;            /* msgpackr's records (msgpack_records.h): ext 0x72, bytes 0x40-0x7f */
	bool forbid_unknown_keys; /* typed: a key no property has is an error (else skipped) */
	/* with path: stop once the values at the paths are read (the first of a key given twice
	 * counts, and what follows is not read, nor checked); else every container on the way is
	 * read to its end, as unpack() reads it */
	bool path_stop_early;
	/* (the flags together, in one word: the options are copied and cleared at every call) */
	HashTable *ext_decoders; /* ext type (int key) -> callable returning the value, or NULL */
	HashTable *allowed_classes; /* NULL: any class; else only the classes whose lowercase name is a
	                             * key here are instantiated (php_only), others become
	                             * __PHP_Incomplete_Class without autoloading */
	const struct _msgpack_record_table *shared_records; /* agreed in advance, or NULL */
	/* a stream's structures (borrowed), or NULL: the value's declarations are added to them, so
	 * that the next values of the stream can use them */
	struct _msgpack_record_table *stream_records;
	/* Typed decoding (MsgPack\unpackAs(), unpack_typed.c): the value is read as this type
	 * (msgpack_plan.h), or NULL for a plain decode. */
	const struct _msgpack_type *type;
	/* Partial decoding (unpack_path.h): the values at these paths only, in an array by path
	 * number (with type: each read as it), or NULL for the whole value. */
	struct _msgpack_path *path;
} msgpack_unpack_options;


#define MSGPACK_BIGINT_STRING 0 /* the decimal string, as PECL msgpack */
#define MSGPACK_BIGINT_FLOAT  1
#define MSGPACK_BIGINT_GMP    2

/* What stopped the decoder. Named MSGPACK_DECODE_*: MSGPACK_UNPACK_* are the flags of
 * MsgPack\Unpacker (unpacker.h). */
typedef enum _msgpack_decode_status {
	MSGPACK_DECODE_OK = 0,
	MSGPACK_DECODE_INSUFFICIENT, /* the input ends inside the value */
	MSGPACK_DECODE_PARSE_ERROR,  /* bytes that are no MessagePack value (0xc1) */
	MSGPACK_DECODE_DEPTH,        /* nesting deeper than max_depth */
	MSGPACK_DECODE_STACK,        /* nesting deeper than the C stack holds (msgpack_stack.h) */
	MSGPACK_DECODE_INVALID,      /* well-formed but not a valid value; detail says why */
	MSGPACK_DECODE_EXCEPTION,    /* an exception of user code (or the engine's) is pending */
	MSGPACK_DECODE_TRAILING,     /* bytes after the value (whole_input) */
	/* What PHP's unserialize() raises as an Error or an Exception, and the API alike
	 * (msgpack_decoder_raise()), with the names in the result: */
	MSGPACK_DECODE_NOT_SERIALIZABLE,   /* an object of a class PHP may not unserialize (class_name) */
	MSGPACK_DECODE_DYNAMIC_PROPERTY,   /* a property the class has not, which may have no dynamic
	                                    * ones (class_name, property) */
	MSGPACK_DECODE_UNSERIALIZE_FAILED, /* Serializable::unserialize() failed without an exception
	                                    * (class_name) */
	MSGPACK_DECODE_NO_GMP,             /* gmp_init() could not be called (BIGINT_AS_GMP) */
	MSGPACK_DECODE_TOO_MANY_CONTAINERS, /* more arrays and maps than a value has ids for (slot_limit):
	                                     * a fatal error */
} msgpack_decode_status;

/* What msgpack_decode() tells besides the value. */
typedef struct _msgpack_unpack_result {
	msgpack_decode_status error; /* MSGPACK_DECODE_OK, or what stopped the decoder */
	size_t consumed;             /* the bytes the value took (all of them with whole_input) */
	/* On failure (set only then: a value decoded sets the two above alone): */
	msgpack_decode_status api_error; /* error as the MsgPack\ API names it: input that ran short,
	                                  * or too deep, but holds a byte no more input can make
	                                  * valid (0xc1) is a parse error */
	size_t error_offset;         /* the byte 0xc1, the container nested too deep, the item the
	                              * input ends in, the item found invalid, the first trailing byte */
	uint32_t stack_level;        /* MSGPACK_DECODE_STACK: the level that found the stack full */
	const char *detail;          /* MSGPACK_DECODE_INVALID: what was wrong, a sentence */
	const char *api_detail;      /* api_error MSGPACK_DECODE_INVALID where error is not: what the
	                              * scanner found wrong with a record, a phrase */
	zend_string *detail_str;     /* holds detail when it was made for the error (it names a
	                              * property); see msgpack_unpack_result_destroy() */
	/* Typed decoding: where the error is ("$.items[3].price"), or NULL; typed_message: detail is
	 * the whole message ("Expected int, got str at $.age"), not a phrase of the decoder's */
	zend_string *path;
	bool typed_message;
	/* What the errors PHP raises name (see msgpack_decode_status), NULL when they do not */
	zend_string *class_name;
	zend_string *property;
	uint32_t slot_limit;
} msgpack_unpack_result;

/* Decodes one value at the start of data into out and runs the deferred magic methods. On
 * failure out is null, res->error says why, and nothing half-built is left behind. */
bool msgpack_decode(const char *data, size_t len, const msgpack_unpack_options *opts, zval *out,
	msgpack_unpack_result *res);
static inline void msgpack_unpack_result_destroy(msgpack_unpack_result *res)
{
	if (EXPECTED(res->error == MSGPACK_DECODE_OK)) {
		return; /* nothing held */
	}
	if (res->detail_str) {
		zend_string_release(res->detail_str);
		res->detail_str = NULL;
	}
	if (res->path) {
		zend_string_release(res->path);
		res->path = NULL;
	}
	if (res->class_name) {
		zend_string_release(res->class_name);
		res->class_name = NULL;
	}
	if (res->property) {
		zend_string_release(res->property);
		res->property = NULL;
	}
}

/* Releases the caches at the end of the request. */
void msgpack_key_cache_free(void);
/* Releases the slot table kept from call to call (see msgpack_grow_slots() in unpack_state.c). */
void msgpack_kept_slots_free(void);
/* Releases the shapes kept from call to call (see kept_shape() in unpack.c). */
void msgpack_kept_shapes_free(void);

#endif
