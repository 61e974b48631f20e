/*
 * Stream core of the two unpacker classes (msgpack_stream.h). A value is decoded only once the
 * scanner has found all of it: the decoder never sees a value cut short, and nothing half-built
 * is handed out.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "decode/msgpack_stream.h"

void msgpack_stream_init(msgpack_stream *s, uint32_t max_depth)
{
	memset(&s->buf, 0, sizeof(s->buf));
	s->head = 0;
	s->dropped = 0;
	msgpack_scanner_init(&s->scan, max_depth);
	s->records = NULL;
	memset(&s->scan_records, 0, sizeof(s->scan_records));
	s->busy = false;
}

void msgpack_stream_destroy(msgpack_stream *s)
{
	msgpack_stream_clear(s);
	msgpack_record_table_free(s->records);
	s->records = NULL;
	msgpack_scan_records_destroy(&s->scan_records);
}

void msgpack_stream_clear(msgpack_stream *s)
{
	smart_str_free(&s->buf);
	s->head = 0;
	s->dropped = 0;
	msgpack_stream_forget_value(s);
}

void msgpack_stream_forget_value(msgpack_stream *s)
{
	/* the scanner starts over, still framing the stream's records (they stay) */
	msgpack_scan_records *records = s->scan.records;

	msgpack_scanner_destroy(&s->scan);
	s->scan.records = records;
}

void msgpack_stream_forget_declared(msgpack_stream *s, const msgpack_record_table *shared)
{
	if (s->records) {
		msgpack_scan_records_forget(&s->scan_records, s->records, shared);
	}
}

void msgpack_stream_feed(msgpack_stream *s, const zend_string *chunk, size_t compact_from)
{
	if (s->head > 0 && (s->head == ZSTR_LEN(s->buf.s) || s->head >= compact_from)) {
		/* the scanner counts from head, so moving the bytes does not disturb it */
		size_t rest = ZSTR_LEN(s->buf.s) - s->head;
		memmove(ZSTR_VAL(s->buf.s), ZSTR_VAL(s->buf.s) + s->head, rest);
		ZSTR_LEN(s->buf.s) = rest;
		s->dropped += s->head;
		s->head = 0;
	}
	smart_str_append(&s->buf, chunk);
}

void msgpack_stream_consume(msgpack_stream *s, size_t n)
{
	s->head += n;
	if (s->buf.s && s->head == ZSTR_LEN(s->buf.s)) {
		/* nothing to move on the next feed */
		ZSTR_LEN(s->buf.s) = 0;
		s->dropped += s->head;
		s->head = 0;
	}
}

msgpack_scan_result msgpack_stream_scan(msgpack_stream *s, const char *data, size_t len, size_t *value_len)
{
	return msgpack_scanner_run(&s->scan, data, len, value_len);
}

msgpack_scan_result msgpack_stream_next(msgpack_stream *s, const char **value, size_t *value_len)
{
	size_t avail = msgpack_stream_pending(s);

	if (avail == 0) {
		return MSGPACK_SCAN_INCOMPLETE;
	}
	*value = msgpack_stream_head(s);
	return msgpack_stream_scan(s, *value, avail, value_len);
}

void msgpack_stream_skip(msgpack_stream *s, size_t n)
{
	if (s->scan.started) {
		/* the scanner's position and its pending counts are of bytes no longer at the head */
		msgpack_stream_forget_value(s);
		if (s->scan.records) {
			/* declarations of the value scanned in part reached the scanner, not the decoder:
			 * its table is the truth for the values to come */
			bool strict = s->scan_records.strict;

			msgpack_scan_records_destroy(&s->scan_records);
			msgpack_scan_records_init(&s->scan_records, s->records);
			/* an identifier with no structure is an error only with shared structures (the
			 * decoder's rule): the table is there whenever records are on */
			s->scan_records.strict = strict;
		}
	}
	msgpack_stream_consume(s, n);
}

msgpack_stream_peek_result msgpack_stream_peek(const msgpack_stream *s, msgpack_stream_item *item)
{
	size_t avail = msgpack_stream_pending(s);
	const unsigned char *p;
	uint64_t children;

	if (avail == 0) {
		return MSGPACK_PEEK_NONE;
	}
	p = (const unsigned char *) msgpack_stream_head(s);
	item->type = mp_type_of(*p);
	item->record = false;
	item->count = 0;
	if (s->scan.records && (*p == MP_FIXEXT1 || *p == MP_FIXEXT2) && avail < 2) {
		/* an ext of 1 or 2 bytes or a record declaration (d4 72, d5 72): the next byte tells,
		 * none yet */
		return MSGPACK_PEEK_NONE;
	}
	if (s->scan.records) {
		/* the decoder's table (not the scanner's, which may hold declarations of a value it
		 * scanned in part, after the head) says which identifiers are records: a one-byte
		 * structure, or a two-byte one whose first byte this is (msgpack_records.h) */
		if (*p >= MSGPACK_RECORD_FIRST_ID && *p < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
			item->record = s->records && (s->records->by_id[*p - MSGPACK_RECORD_FIRST_ID] != NULL
				|| (*p >= MSGPACK_RECORD_TWO_BYTE_FIRST && msgpack_record_table_two(s->records, *p, 0) != NULL));
		} else if ((*p == MP_FIXEXT1 || *p == MP_FIXEXT2) && p[1] == MSGPACK_RECORD_EXT_TYPE) {
			item->record = true;
		}
	}
	if (item->type == MP_TYPE_NEVER
		|| msgpack_scan_extent((const char *) p, avail, &item->head_len, &item->total, &children) != MSGPACK_SCAN_COMPLETE) {
		return MSGPACK_PEEK_PARTIAL;
	}
	item->count = item->type == MP_TYPE_MAP ? children / 2 : children;
	return item->total <= avail ? MSGPACK_PEEK_WHOLE : MSGPACK_PEEK_PARTIAL;
}

void msgpack_stream_records_reset(msgpack_stream *s, const msgpack_record_table *shared, bool on)
{
	msgpack_record_table_free(s->records);
	s->records = NULL;
	s->scan.records = NULL;
	/* a value scanned in part with other field counts is scanned again from its start */
	s->scan.started = false;
	msgpack_scan_records_destroy(&s->scan_records);
	if (on) {
		s->records = msgpack_record_table_copy(shared);
		msgpack_scan_records_init(&s->scan_records, shared);
		s->scan.records = &s->scan_records;
	}
}

bool msgpack_stream_decode(msgpack_stream *s, const char *data, size_t len, const msgpack_unpack_options *opts,
	zval *out, msgpack_unpack_result *res)
{
	msgpack_unpack_options with_records = *opts;
	bool ok;

	/* records: declarations carry over to the next values of the stream */
	with_records.stream_records = s->records;
	s->busy = true;
	ok = msgpack_decode(data, len, &with_records, out, res);
	s->busy = false;
	return ok;
}
