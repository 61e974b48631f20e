/* Encoder: walks a zval and appends its MessagePack encoding to a smart_str. */
#ifndef MSGPACK_PACK_H
#define MSGPACK_PACK_H

#include "php.h"
#include "zend_smart_str.h"
#include "common/msgpack_float.h"

/* How string values are written (map keys: str, or bin under DETECT when not valid UTF-8). */
typedef enum _msgpack_string_mode {
	MSGPACK_STRINGS_STR = 0,  /* always str, as PECL msgpack writes */
	MSGPACK_STRINGS_BIN,      /* always bin */
	MSGPACK_STRINGS_DETECT,   /* bin when not valid UTF-8, else str */
} msgpack_string_mode;

/* What the encoder writes nil in place of, going on with the value (msgpack_pack_options.notice). */
typedef enum _msgpack_pack_notice_kind {
	MSGPACK_ENCODE_NOTICE_SLEEP_MISSING,   /* a name __sleep() returned is no property: written as nil */
	MSGPACK_ENCODE_NOTICE_SLEEP_NOT_ARRAY, /* __sleep() returned no array: the object written as nil */
	MSGPACK_ENCODE_NOTICE_RESOURCE,        /* a resource (strict off): written as nil */
} msgpack_encode_notice_kind;

typedef struct _msgpack_pack_notice {
	msgpack_encode_notice_kind kind;
	zend_string *name; /* SLEEP_MISSING: the name; SLEEP_NOT_ARRAY: the object's class; else NULL */
} msgpack_encode_notice;

typedef struct _msgpack_pack_options {
	bool php_only;  /* write PHP objects, references and back-references (PECL format) */
	bool assoc;     /* php_only off: plain objects become lists of their property values */
	uint8_t force_f32; /* floats: MSGPACK_F32_NEVER, _ALWAYS (float32) or _DECIMAL_FIT (msgpack_float.h) */
	bool use_str8;  /* use str8 (0xd9) for strings of 32..255 bytes */
	bool ext_types; /* MsgPack\Ext, Timestamp, Bin and Map are written as ext, bin and map */
	/* The MsgPack\ API: what cannot be packed (a resource, an array containing itself, a string
	 * past 4 GiB) fails the value with an error (msgpack_encode_status) instead of being written as
	 * nil (with a warning for a resource). */
	bool strict;
	/* php_only off, the MsgPack\ API: DateTimeInterface as a timestamp, JsonSerializable as what
	 * jsonSerialize() returns, a backed enum as its value, other objects as the map of their
	 * public properties. */
	bool portable_objects;
	bool arrays_as_maps; /* lists are written as maps too */
	msgpack_string_mode strings;
	/* Registered extensions (class name => msgpack_pack_extension *), consulted for objects
	 * before anything else; NULL for none. Owned by the caller. */
	HashTable *extensions;
	uint32_t max_depth;
	/* records (msgpack_records.h): maps and objects' public properties as msgpackr's records;
	 * shared_records: structures agreed in advance (owned by the caller), or NULL;
	 * shared_index: their index for the writer (pack_records.h), or NULL (made for the value);
	 * records_two_byte: identifiers from 0x60 on in two bytes (maxShared above 32) */
	bool records;
	bool records_two_byte;
	const struct _msgpack_record_table *shared_records;
	struct _msgpack_record_index *shared_index;
	/* Told of each nil written in place of what cannot be packed, at the moment it is: the API
	 * turns it into its warning or notice, which so comes in the same order as the output of the
	 * user code the encoder runs. NULL: nobody is told. */
	void (*notice)(const msgpack_encode_notice *n);
} msgpack_pack_options;

/* What a class of objects is packed as: ext of type, with the payload encode($object) returns
 * (registerExtension()); or, when transform is set, whatever value encode($object) returns,
 * packed by the same rules (registerTransformer()). Both kinds share one table, so that the
 * lookup (the class itself, then the first registered that the object is an instance of) and
 * the replacement of a class registered again are the same for both. */
typedef struct _msgpack_pack_extension {
	zend_class_entry *ce;
	int8_t type;    /* unused by a transformer */
	bool transform;
	zval encode; /* the callable */
} msgpack_pack_extension;

/*
 * Why msgpack_encode() failed. The encoder raises nothing itself: it returns the code, with what
 * its message names in msgpack_encoder.detail, and the API turns it into its warning or
 * exception (packer.c for the MsgPack\ API, msgpack_serialize.c for the compatible one). The
 * codes after MSGPACK_ENCODE_EXCEPTION are what the encoder refuses to write; each comment
 * says which fields of the detail it sets.
 */
typedef enum _msgpack_pack_error {
	MSGPACK_ENCODE_OK = 0,
	MSGPACK_ENCODE_DEPTH,     /* nesting deeper than max_depth */
	MSGPACK_ENCODE_STACK,     /* deeper than the C stack holds (msgpack_stack.h): msgpack_encoder.stack_depth */
	MSGPACK_ENCODE_EXCEPTION, /* an exception is pending, thrown by user code the encoder ran */
	MSGPACK_ENCODE_STRING_TOO_LONG,     /* strict: a string or MsgPack\Bin past 4 GiB - 1: size */
	MSGPACK_ENCODE_ARRAY_CYCLE,         /* strict: an array contains itself (through a reference) */
	MSGPACK_ENCODE_OBJECT_CYCLE,        /* portable: an object contains itself: class_name */
	MSGPACK_ENCODE_SERIALIZE_NOT_ARRAY, /* __serialize() returned no array: class_name */
	MSGPACK_ENCODE_NOT_SERIALIZABLE,    /* PHP refuses to serialize the class (Closure...): class_name */
	MSGPACK_ENCODE_RESOURCE,            /* strict: a resource: type_name (NULL: unknown type) */
	MSGPACK_ENCODE_EXT_NOT_STRING,      /* an extension's encoder returned no string: class_name, type_name */
	MSGPACK_ENCODE_EXT_TOO_LONG,        /* ... a payload past 4 GiB - 1: class_name, size */
	/* a transformer returned an object that an earlier transformer of the chain would transform
	 * again: class_name (the transformer's class), result_class, again_class */
	MSGPACK_ENCODE_TRANSFORM_LOOP,
	MSGPACK_ENCODE_PLAN_INVALID,        /* the class's attributes are misused: class_name, text (why) */
	MSGPACK_ENCODE_PLAN_SHAPING,        /* the class's plan is being made by the call that asks: class_name */
	MSGPACK_ENCODE_LIST_UNINITIALIZED,  /* #[AsList] with a property uninitialized: class_name, text (its name) */
	MSGPACK_ENCODE_GMP_UNREADABLE,      /* a GMP object whose value could not be read */
	MSGPACK_ENCODE_GMP_TOO_BIG,         /* a GMP value beyond 64 bits: text (its decimal) */
	MSGPACK_ENCODE_DATE_UNINITIALIZED,  /* a DateTimeInterface its constructor did not initialize: class_name */
	MSGPACK_ENCODE_DATE_UNREADABLE,     /* a DateTimeInterface whose time cannot be read: class_name */
} msgpack_encode_status;

/* What the message of an error names; the strings are references, released with the encoder. */
typedef struct _msgpack_pack_error_detail {
	zend_string *class_name;
	zend_string *result_class;
	zend_string *again_class;
	zend_string *text;
	const char *type_name; /* a static or persistent string */
	size_t size;
	/* the exception pending when the error was met (usually none): one thrown since, while the
	 * encoder returned, was thrown after the error (msgpack_throw_since()) */
	zend_object *pending;
} msgpack_encode_error_detail;

typedef struct _msgpack_encoder msgpack_encoder;

struct _msgpack_encoder {
	smart_str *buf;
	msgpack_pack_options opts;
	uint32_t depth;
	msgpack_encode_status error;
	const char *stack_limit; /* msgpack_stack_limit() of the call */
	uintptr_t stack_top;     /* where the call started on the stack */
	uint32_t next_look;      /* the depth at which msgpack_encoder_enter() next looks at the stack (pack_internal.h) */
	uint32_t stack_depth;    /* MSGPACK_ENCODE_STACK: the level that found the stack full */
	/* Pre-order number of the last array or object written, the root being 1: back-references
	 * name values by it. */
	uint32_t last_id;
	/* Objects and references written so far (address => id): an open-addressed table made on the
	 * first one met, so a value without any costs nothing. keep_alive holds a reference to each
	 * until the end, because an address freed by a __serialize() temporary could otherwise be
	 * reused by a later value. */
	struct _msgpack_seen_slot *seen;
	uint32_t seen_mask;  /* capacity - 1 (a power of two) */
	uint32_t seen_count;
	zend_refcounted **keep_alive; /* seen_count of them */
	/* records: the structures declared so far; NULL when records are off */
	struct _msgpack_record_writer *records;
	bool records_borrowed; /* records is the caller's (msgpack_encoder_init_records()) */
	/* the outermost array when it is long (pack.c: encode_long_list()), else NULL */
	HashTable *long_list;
	/* an error the encoder refused with (msgpack_encode_status): what its message names; set only
	 * with such an error */
	msgpack_encode_error_detail detail;
};

void msgpack_pack_options_from_ini(msgpack_pack_options *opts);
void msgpack_encoder_init(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts);
/* The same, writing records (opts->records on) with the caller's writer w, which outlives the
 * encoder: MsgPack\Packer's when its shared structures grow (it then takes what the value added,
 * msgpack_record_writer_added()) or when it is SEQUENTIAL (the writer lasts from value to value);
 * opts->shared_records is not used. */
void msgpack_encoder_init_records(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts,
	struct _msgpack_record_writer *w);
void msgpack_encoder_destroy(msgpack_encoder *enc);
/* Appends val; MSGPACK_ENCODE_OK or the error (an exception may be pending). */
msgpack_encode_status msgpack_encode(msgpack_encoder *enc, zval *val);

/* What the outermost value is written as (MsgPack\Packer::packArray(), packMap()). */
typedef enum _msgpack_root_form {
	MSGPACK_ROOT_VALUE = 0, /* as msgpack_encode() writes it */
	MSGPACK_ROOT_LIST,      /* an array: the list of its values, its keys dropped */
	MSGPACK_ROOT_MAP,       /* an array: a map (or a record), a list too */
} msgpack_root_form;

/* msgpack_encode() with the outermost value, an array unless form is MSGPACK_ROOT_VALUE,
 * written in that form; what is inside it is written as msgpack_encode() writes it. */
msgpack_encode_status msgpack_encode_as(msgpack_encoder *enc, zval *val, msgpack_root_form form);

#endif
