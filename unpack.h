/* Decoder: MessagePack bytes -> zvals, reading everything PECL msgpack writes. */
#ifndef MSGPACK_UNPACK_H
#define MSGPACK_UNPACK_H

#include "php.h"

typedef struct _msgpack_unpack_options {
	bool php_only;           /* nil-keyed map entries are objects, references, back-references */
	bool assoc;              /* maps become arrays (else stdClass objects) */
	bool illegal_key_insert; /* a key of another type than int/str: append key and value */
	bool error_display;      /* warnings of the compatible API */
	uint32_t max_depth;

	/* The MsgPack\ API's options (all zero for the compatible API). */
	uint8_t bigint;          /* uint64 beyond PHP_INT_MAX: MSGPACK_BIGINT_STRING, _FLOAT or _GMP */
	bool timestamp_as_datetime; /* ext -1 as DateTimeImmutable (UTC) instead of MsgPack\Timestamp */
	bool strict_keys;        /* a map key of another type than int, str or bin is an error */
	bool api;                /* the MsgPack\ API's reading of php_only data: {} is an array; the
	                          * __serialize() data of a class not allowed are the properties of its
	                          * __PHP_Incomplete_Class */
	bool whole_input;        /* bytes after the value are an error (MSGPACK_UNPACK_TRAILING) */
	HashTable *ext_decoders; /* ext type (int key) -> callable returning the value, or NULL */
	HashTable *allowed_classes; /* NULL: any class; else only the classes whose lowercase name is a
	                             * key here are instantiated (php_only), others become
	                             * __PHP_Incomplete_Class without autoloading */
	bool records;            /* msgpackr's records (msgpack_records.h): ext 0x72, bytes 0x40-0x7f */
	const struct _msgpack_record_table *shared_records; /* agreed in advance, or NULL */
} msgpack_unpack_options;

typedef struct _msgpack_value_cache msgpack_value_cache;
typedef struct _msgpack_kept_shapes msgpack_kept_shapes;

#define MSGPACK_BIGINT_STRING 0 /* the decimal string, as PECL msgpack */
#define MSGPACK_BIGINT_FLOAT  1
#define MSGPACK_BIGINT_GMP    2

typedef enum _msgpack_unpack_status {
	MSGPACK_UNPACK_OK = 0,
	MSGPACK_UNPACK_INSUFFICIENT, /* the input ends inside the value */
	MSGPACK_UNPACK_PARSE_ERROR,  /* bytes that are no MessagePack value (0xc1) */
	MSGPACK_UNPACK_DEPTH,        /* nesting deeper than max_depth */
	MSGPACK_UNPACK_STACK,        /* nesting deeper than the C stack holds (msgpack_stack.h) */
	MSGPACK_UNPACK_INVALID,      /* well-formed but not a valid value; detail says why */
	MSGPACK_UNPACK_EXCEPTION,    /* an exception is pending */
	MSGPACK_UNPACK_TRAILING,     /* bytes after the value (whole_input) */
} msgpack_unpack_status;

/* A container met while decoding, by pre-order id, for back-references. The zval is borrowed:
 * the value it points to is owned by the result being built (or by the graveyard). */
typedef struct _msgpack_slot {
	zval value;
	bool ready; /* plain arrays can be referred to once they are complete */
} msgpack_slot;

#define MSGPACK_SHAPE_SLOTS 64 /* at most 64: a bit each in shapes_used */
#define MSGPACK_INLINE_SLOTS 16

typedef struct _msgpack_decoder {
	const unsigned char *pos;
	const unsigned char *end;
	msgpack_unpack_options opts;
	uint32_t depth;
	msgpack_unpack_status error;
	const char *stack_limit; /* msgpack_stack_limit() of the call */
	uint32_t stack_depth;    /* MSGPACK_UNPACK_STACK: the level that found the stack full */
	const char *detail;      /* what was wrong, for MSGPACK_UNPACK_INVALID */
	zend_string *detail_str; /* holds detail when it was made for the error (it names a
	                          * property): released with the decoder */
	const unsigned char *start;    /* the input's first byte, for error offsets */
	const unsigned char *error_at; /* where the error was found (see error_item) */
	bool error_item;         /* error_at is the start of the item at fault, not a point after it */
	const unsigned char *key_at; /* the last map key that is no str or bin (strict_keys) */

	/* Slot id - 1 is msgpack_slot_at(d, id - 1): the first MSGPACK_SLOT_BLOCK are in slots (the
	 * decoder's inline_slots, then a table grown by doubling: a small value keeps a small table),
	 * the next ones in blocks of that size, never moved (slot_blocks[0] is slots once there is a
	 * second block). */
	msgpack_slot *slots;
	msgpack_slot **slot_blocks;
	uint32_t slot_count;
	uint32_t slot_capacity;
	uint32_t slot_block_count;
	uint32_t slot_block_capacity;

	/* Objects created by this call (borrowed): a failed call keeps their destructors from
	 * running. Values replaced by a duplicate key are kept in the graveyard till the end,
	 * since a back-reference may still name them. Calls to __unserialize()/__wakeup() wait in
	 * deferred until the whole value is built. */
	zend_object **objects;
	uint32_t object_count;
	uint32_t object_capacity;
	HashTable *graveyard;
	HashTable *deferred;

	/* how well the value cache (cached_value() in unpack.c) does: off when repeated values are
	 * too rare to pay for it */
	uint32_t value_misses;
	uint32_t value_hits;
	bool value_cache_off;
	bool small_input;        /* no value cache, no shapes: see msgpack_decoder_init() */

	/* the classes met, by name (see class_info in unpack_object.c) */
	struct _msgpack_class_cache *classes;

	/* elements containers may still be allocated for up front (see presize() in unpack.c) */
	size_t presize_budget;

	/* records: the structures declared so far, made on the first one (a copy of the shared
	 * ones), or a stream's, borrowed (records_borrowed) so that they outlive the value */
	struct _msgpack_record_table *records;
	bool records_borrowed;
	/* Maps of this value that later maps with the same keys are copied from (see find_shape()
	 * in unpack.c), by their first key and size; each holds a reference, dropped when the
	 * value is complete. */
	uint64_t shapes_used;    /* bit i: shapes[i] is set (the last members: see msgpack_decoder_init) */
	HashTable *shapes[MSGPACK_SHAPE_SLOTS];
	/* the first slots, in the decoder itself: a small value needs no allocation for them */
	msgpack_slot inline_slots[MSGPACK_INLINE_SLOTS];
} msgpack_decoder;

/* Past the first block the slots of a large value (a million rows: 24 MB) are blocks of 96 KB,
 * which the allocator takes from its 2 MB chunks and reuses from call to call. One table grown
 * by doubling became a block mapped for itself, copied at each doubling and faulted in afresh
 * at every call (11,000 of the 15,000 page faults of a 1M-row unpack). */
#define MSGPACK_SLOT_BLOCK_SHIFT 12
#define MSGPACK_SLOT_BLOCK ((uint32_t) 1 << MSGPACK_SLOT_BLOCK_SHIFT)

static zend_always_inline msgpack_slot *msgpack_slot_at(const msgpack_decoder *d, uint32_t i)
{
	if (EXPECTED(i < MSGPACK_SLOT_BLOCK)) {
		return &d->slots[i];
	}
	return &d->slot_blocks[i >> MSGPACK_SLOT_BLOCK_SHIFT][i & (MSGPACK_SLOT_BLOCK - 1)];
}

/* The cache of map keys (cached_key() in unpack.c): entries, and the longest key cached. */
#define MSGPACK_KEY_CACHE_SIZE 512
#define MSGPACK_KEY_CACHE_MAX_LEN 64
/* The cache of short string values (cached_value() in unpack.c): entries, the lengths cached. */
#define MSGPACK_VALUE_CACHE_SIZE 2048
#define MSGPACK_VALUE_CACHE_MAX_LEN 1024
/* Releases the caches at the end of the request. */
void msgpack_key_cache_free(void);
/* Releases the shapes kept from call to call (see kept_shape() in unpack.c). */
void msgpack_kept_shapes_free(void);

void msgpack_unpack_options_from_ini(msgpack_unpack_options *opts);
void msgpack_decoder_init(msgpack_decoder *d, const char *data, size_t len, const msgpack_unpack_options *opts);
void msgpack_decoder_destroy(msgpack_decoder *d);
/* Decodes one value at d->pos into out and runs the deferred magic methods. On failure out is
 * NULL and d->error says why; nothing half-built is left behind. */
bool msgpack_decode(msgpack_decoder *d, zval *out);
/* The offset in the input of the problem d->error reports: the byte 0xc1, the container nested
 * too deep, the item the input ends in, the item found invalid, the first trailing byte. */
size_t msgpack_decoder_error_offset(const msgpack_decoder *d);
/* d->error as the MsgPack\ API reports it: input that ran short, or too deep, but holds a byte
 * no more input can make valid (0xc1) is a parse error. */
msgpack_unpack_status msgpack_decoder_error_status(const msgpack_decoder *d);

/* Emits the compatible API's warning for d->error (if error_display is on). */
void msgpack_decoder_report(const msgpack_decoder *d);

#endif
