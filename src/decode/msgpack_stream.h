/*
 * Stream core: what MessagePackUnpacker (msgpack_class.c) and MsgPack\Unpacker (unpacker.c) share.
 * The bytes fed and how far they are consumed, the busy guard, the resumable scanner that finds
 * where the next value ends, and the decode of one value with the stream's record structures.
 * What a class consumes when, and how it reports a failure, stays with the class.
 */
#ifndef MSGPACK_STREAM_H
#define MSGPACK_STREAM_H

#include "php.h"
#include "zend_smart_str.h"
#include "decode/unpack.h"
#include "decode/msgpack_scan.h"
#include "common/msgpack_records.h"
#include "common/msgpack_format.h"

typedef struct _msgpack_stream {
	smart_str buf;        /* bytes fed; those before head are consumed */
	size_t head;
	size_t dropped;       /* consumed bytes dropped from the front of buf: dropped + head is the
	                       * offset of head from the start of the stream */
	msgpack_scanner scan; /* how far the value in progress was scanned; MessagePackUnpacker frames a
	                       * value across its partial buffer and the string given to execute()
	                       * itself, with scan.pos (msgpack_class.c) */
	/* records: the structures declared so far, kept from value to value (msgpackr's sequential
	 * mode), for the decoder and, as field counts, for the scanner; NULL when records are off */
	msgpack_record_table *records;
	msgpack_scan_records scan_records;
	bool busy;            /* a value is being decoded: the user code it runs may not change buf */
} msgpack_stream;

void msgpack_stream_init(msgpack_stream *s, uint32_t max_depth);
void msgpack_stream_destroy(msgpack_stream *s);
/* Drops the bytes fed and the value in progress (the records stay). */
void msgpack_stream_clear(msgpack_stream *s);
/* The scanner starts over at the next value it is given. */
void msgpack_stream_forget_value(msgpack_stream *s);

/* Appends chunk. The consumed bytes are dropped from the front first when they are all of buf or
 * at least compact_from of them: the buffer holds the bytes not consumed and at most
 * compact_from - 1 more, at the cost of one memmove per compact_from bytes consumed. */
void msgpack_stream_feed(msgpack_stream *s, const zend_string *chunk, size_t compact_from);
/* Marks n more bytes consumed; a buffer consumed whole is emptied in place. */
void msgpack_stream_consume(msgpack_stream *s, size_t n);

static zend_always_inline size_t msgpack_stream_pending(const msgpack_stream *s)
{
	return s->buf.s ? ZSTR_LEN(s->buf.s) - s->head : 0;
}

/* The first byte not consumed (msgpack_stream_pending() > 0). */
static zend_always_inline const char *msgpack_stream_head(const msgpack_stream *s)
{
	return ZSTR_VAL(s->buf.s) + s->head;
}

/* The offset of the first byte not consumed from the start of the stream. */
static zend_always_inline size_t msgpack_stream_offset(const msgpack_stream *s)
{
	return s->dropped + s->head;
}

/* Goes on scanning the value in progress over the len bytes at data (see msgpack_scanner_run()). */
msgpack_scan_result msgpack_stream_scan(msgpack_stream *s, const char *data, size_t len, size_t *value_len);
/* The same over the bytes not consumed: COMPLETE with the value at *value (*value_len bytes);
 * INVALID with *value at the first byte not consumed; INCOMPLETE also when nothing is buffered. */
msgpack_scan_result msgpack_stream_next(msgpack_stream *s, const char **value, size_t *value_len);

/* Consumes n bytes at the head by hand (MsgPack\Unpacker's typed reads, skip(), read()), not as a
 * value the scanner framed: the scanner starts over at the new head, so a value it had scanned
 * in part, or refused (0xc1, too deep), is framed again from there; the field counts of records
 * it took from that value are dropped, back to the structures the decoder knows. */
void msgpack_stream_skip(msgpack_stream *s, size_t n);

/* The item at the head of the stream as the typed readers see it (its format byte, header and
 * payload, not the values nested in it). */
typedef struct _msgpack_stream_item {
	mp_type type;
	bool record;       /* records on: a record or a declaration (msgpackr's ext 0x72), which only
	                    * a read of a whole value takes, so that the structures stay known */
	size_t head_len;   /* format byte and length or count */
	uint64_t total;    /* head_len and the payload (for an array or a map, head_len) */
	uint64_t count;    /* an array's elements, a map's entries */
} msgpack_stream_item;

typedef enum _msgpack_stream_peek_result {
	MSGPACK_PEEK_NONE,    /* nothing buffered, or too little to tell the type (records: d4 alone) */
	MSGPACK_PEEK_PARTIAL, /* type and record known; the header or the payload not all buffered */
	MSGPACK_PEEK_WHOLE,   /* the item is buffered, total bytes of it */
} msgpack_stream_peek_result;

msgpack_stream_peek_result msgpack_stream_peek(const msgpack_stream *s, msgpack_stream_item *item);

/* Records on (the structures agreed in advance, or NULL) or off: the stream starts over with them,
 * none declared yet. */
void msgpack_stream_records_reset(msgpack_stream *s, const msgpack_record_table *shared, bool on);

/* Records: the scanner took every declaration of a value the decoder failed on, the decoder maybe
 * not all (or not as they were): both forget them, so that their identifiers are ints again for
 * both, never records framed with one structure and read with another; an identifier of the
 * shared structures (NULL: none) is that structure again for both (else, ints being refused
 * while structures are shared, the stream could not go on past it). */
void msgpack_stream_forget_declared(msgpack_stream *s, const msgpack_record_table *shared);

/* A value is being decoded: the user code it runs may not feed, reset or reconfigure the stream. */
static zend_always_inline bool msgpack_stream_busy(const msgpack_stream *s)
{
	return s->busy;
}

/* For a decode of the class's own that is not of the stream (MsgPack\Unpacker::unpack($data)). */
static zend_always_inline void msgpack_stream_set_busy(msgpack_stream *s, bool busy)
{
	s->busy = busy;
}

/* The policy limit on nesting the scanner applies from the next value on. */
static zend_always_inline void msgpack_stream_set_max_depth(msgpack_stream *s, uint32_t max_depth)
{
	s->scan.max_depth = max_depth;
}

/* Decodes the value at data (msgpack_decode()) with the stream's records, busy meanwhile. */
bool msgpack_stream_decode(msgpack_stream *s, const char *data, size_t len, const msgpack_unpack_options *opts,
	zval *out, msgpack_unpack_result *res);

#endif
