/*
 * Target stream: the stream core of both unpacker classes (msgpack_stream.h), driven the way
 * unpacker.c (MsgPack\Unpacker) and msgpack_class.c (MessagePackUnpacker) drive it: bytes fed in
 * pieces, values taken one by one (msgpack_stream_next(), msgpack_stream_decode(),
 * msgpack_stream_consume()), skipped, and for MsgPack\Unpacker read item by item
 * (msgpack_stream_peek(), msgpack_stream_skip(): typed scalars, array and map headers, exts, raw
 * bytes), the stream reset.
 *
 * The first 4 bytes of the input drive it, the rest is the stream. Byte 0 chooses the class and
 * its options: bit 0 MessagePackUnpacker (the compatible API's options from the INI settings,
 * bit 1 php_only, bit 2 assoc; consumed bytes dropped at each feed) or MsgPack\Unpacker (bit 1
 * PHP_OBJECTS, bit 2 MAPS_AS_OBJECTS, bits 3-4 RECORDS: off, on, with 40 shared structures,
 * with 3; bit 5 BIGINT_AS_FLOAT, bit 6 TIMESTAMP_AS_DATETIME; consumed bytes dropped from 4 KiB
 * on); bit 7 a nesting limit of 3. Bytes 1-3, read in turn again and again, choose each step
 * (feed a piece, take a value, skip one, peek, read an item, skip or read raw bytes, reset)
 * and the sizes of the pieces and of the raw reads. After each step:
 *
 *   - what the stream holds is what the model of it says: its offset is the bytes consumed since
 *     the stream (re)started, its pending bytes the bytes fed and not consumed, and they are the
 *     input's bytes at that offset; after a feed the consumed bytes kept are fewer than the
 *     class's compaction threshold; it is not busy;
 *   - the scanner, resumed from piece to piece, ends as a fresh one on the same bytes does (the
 *     same verdict, length, stop), and stops within the bytes between pieces;
 *   - a value taken is the value the decoder reads at that offset of the whole input (the same
 *     success, length and value); with records, as the decoder reads the values of the whole
 *     input one after the other (the declarations carried over), up to the first failure or
 *     the first read by hand;
 *   - peek() says what the input's bytes at the offset are (type, header, whole or not); a
 *     whole scalar item decodes (but a record identifier with no structure), a whole ext has
 *     its header.
 */
#include "php.h"
#include "decode/msgpack_stream.h"
#include "common/msgpack_format.h"
#include "../fuzz.h"

#define HEADER 4

typedef struct {
	const uint8_t *all; /* the whole input, for the failure reports */
	size_t all_size;
	const uint8_t *data; /* the stream's bytes */
	size_t size;
	fuzz_bytes ctl;
	msgpack_stream s;
	msgpack_unpack_options uo;
	const msgpack_record_table *shared;
	bool api, records, unsteady;
	size_t compact_from;
	size_t fed;  /* bytes of data fed */
	size_t pos;  /* the offset in data of the stream's head */
	size_t base; /* where in data the stream (re)started */
	/* records: the decoder's reading of the whole input value after value, the structures
	 * declared carried over, while the stream reads the same values */
	msgpack_record_table *ref_table;
	bool in_sync;
	/* where the stream's framing was last compared with a fresh scanner's (once per state: a
	 * stream stuck at bytes it refuses is asked again and again) */
	size_t framed_pos, framed_fed;
	/* where a value was asked for and none came (stopped_fed: SIZE_MAX the first time) */
	size_t stopped_pos, stopped_fed;
} model;

static msgpack_record_table *shared40, *shared3;

static void stream_setup(void)
{
	shared40 = fuzz_shared_structures();
	shared3 = fuzz_small_structures();
	fuzz_keep_index(shared40);
	fuzz_keep_index(shared3);
}

static void stream_teardown(void)
{
	msgpack_record_table_free(shared40);
	msgpack_record_table_free(shared3);
	shared40 = shared3 = NULL;
}

#define FAIL(...) fuzz_failf(m->all, m->all_size, __VA_ARGS__)

static void check(model *m, const char *after, bool all_bytes)
{
	size_t pending = msgpack_stream_pending(&m->s);

	if (msgpack_stream_busy(&m->s)) {
		FAIL("after %s: the stream is busy", after);
	}
	if (msgpack_stream_offset(&m->s) != m->pos - m->base) {
		FAIL("after %s: the stream's offset is %zu, %zu bytes were consumed", after, msgpack_stream_offset(&m->s),
			m->pos - m->base);
	}
	if (pending != m->fed - m->pos) {
		FAIL("after %s: %zu bytes pending, %zu fed and not consumed", after, pending, m->fed - m->pos);
	}
	/* all of them after a feed (which moves them when it drops the consumed ones), else the
	 * first and the last (a step that consumes moves no byte) */
	if (pending && (all_bytes ? memcmp(msgpack_stream_head(&m->s), m->data + m->pos, pending) != 0
			: msgpack_stream_head(&m->s)[0] != (char) m->data[m->pos]
				|| msgpack_stream_head(&m->s)[pending - 1] != (char) m->data[m->fed - 1])) {
		FAIL("after %s: the pending bytes are not the input's", after);
	}
}

/* A fresh scanner's verdict on the n bytes at p (*len: the value's, *stop: where it stopped). */
static msgpack_scan_result fresh_scan(model *m, const uint8_t *p, size_t n, size_t *len, size_t *stop)
{
	msgpack_scanner sc;
	msgpack_scan_result r;

	msgpack_scanner_init(&sc, m->uo.max_depth);
	*len = 0;
	r = msgpack_scanner_run(&sc, (const char *) p, n, len);
	*stop = sc.pos;
	msgpack_scanner_destroy(&sc);
	return r;
}

/* The decoder on the whole input at offset at (records: with the reference's structures). */
static bool ref_decode(model *m, size_t at, zval *v, msgpack_unpack_result *res)
{
	msgpack_unpack_options uo = m->uo;

	if (m->records) {
		uo.stream_records = m->ref_table;
	}
	return msgpack_decode((const char *) m->data + at, m->size - at, &uo, v, res);
}

/* A value the stream decoded at m->pos (len bytes; ok, v) against the decoder's reading. */
static void compare_value(model *m, bool ok, zval *v, size_t len, const char *what)
{
	msgpack_unpack_result res;
	zval w;

	if (m->records && !m->in_sync) {
		return;
	}
	bool ok2 = ref_decode(m, m->pos, &w, &res);
	zend_clear_exception();
	msgpack_unpack_result_destroy(&res);
	if (ok != ok2) {
		FAIL("%s at %zu: the stream's decode %s, the decoder's on the whole input %s", what, m->pos,
			ok ? "succeeds" : "fails", ok2 ? "succeeds" : "fails");
	}
	if (ok && res.consumed != len) {
		FAIL("%s at %zu: %zu bytes in the stream, %zu read by the decoder", what, m->pos, len, res.consumed);
	}
	if (ok && !m->unsteady && !fuzz_same_value(v, &w)) {
		FAIL("%s at %zu: the stream's value is not the decoder's", what, m->pos);
	}
	if (ok2) {
		zval_ptr_dtor(&w);
	}
	if (m->records && !ok) {
		/* the stream forgets what the failed value declared; the reference stops here */
		m->in_sync = false;
	}
}

/* MsgPack\Unpacker::tryUnpack(), skipValue() (build off), MessagePackUnpacker::execute(): the next
 * whole value. False when none is buffered whole, or the scanner refuses the bytes. */
static bool take_value(model *m, bool build)
{
	const char *value = NULL;
	size_t len = 0, pending = msgpack_stream_pending(&m->s);

	if (m->stopped_pos == m->pos && m->stopped_fed == m->fed) {
		/* asked once again with nothing new: the scanner said so before (INCOMPLETE, or
		 * INVALID and stuck), every call more would cost a step and tell nothing */
		return false;
	}
	msgpack_scan_result r = msgpack_stream_next(&m->s, &value, &len);

	if (r != MSGPACK_SCAN_COMPLETE) {
		if (m->stopped_pos == m->pos && m->stopped_fed == SIZE_MAX) {
			m->stopped_fed = m->fed;
		} else {
			m->stopped_pos = m->pos;
			m->stopped_fed = SIZE_MAX;
		}
	}

	if (pending == 0) {
		if (r != MSGPACK_SCAN_INCOMPLETE) {
			FAIL("msgpack_stream_next() with nothing buffered: %d", (int) r);
		}
		return false;
	}
	if (r == MSGPACK_SCAN_INCOMPLETE && m->s.scan.pos > pending) {
		FAIL("the stream's scanner stopped at %zu of %zu bytes", m->s.scan.pos, pending);
	}
	if (!m->records && (r != MSGPACK_SCAN_INCOMPLETE || m->fed == m->size)
			&& (m->framed_pos != m->pos || m->framed_fed != m->fed)) {
		m->framed_pos = m->pos;
		m->framed_fed = m->fed;
		/* framing needs no structure: a fresh scanner on the same bytes ends the same way (its
		 * verdict: a fresh scan at each piece would take quadratic time) */
		size_t len2, stop2;
		msgpack_scan_result r2 = fresh_scan(m, m->data + m->pos, pending, &len2, &stop2);
		if (r2 != r || (r == MSGPACK_SCAN_COMPLETE ? len2 != len : stop2 != m->s.scan.pos)) {
			FAIL("the stream's scanner (%d, %zu bytes, at %zu) and a fresh one (%d, %zu bytes, at %zu) disagree at %zu",
				(int) r, len, m->s.scan.pos, (int) r2, len2, stop2, m->pos);
		}
	}
	if (r == MSGPACK_SCAN_INCOMPLETE) {
		return false;
	}
	if (r == MSGPACK_SCAN_INVALID) {
		if (m->records && m->in_sync) {
			/* the decoder refuses the value too (0xc1, too deep, a record it cannot frame) */
			msgpack_unpack_result res;
			zval w;
			if (ref_decode(m, m->pos, &w, &res)) {
				zval_ptr_dtor(&w);
				FAIL("the stream's scanner refuses the value at %zu the decoder reads", m->pos);
			}
			zend_clear_exception();
			msgpack_unpack_result_destroy(&res);
			m->in_sync = false;
		}
		if (!m->api) {
			/* MessagePackUnpacker: execute() stops at the byte, reset() drops it */
			size_t skip = m->s.scan.pos + 1;
			msgpack_stream_consume(&m->s, skip);
			msgpack_stream_forget_value(&m->s);
			m->pos += skip;
		}
		return false;
	}
	if (value != msgpack_stream_head(&m->s) || len == 0 || len > pending) {
		FAIL("msgpack_stream_next(): a value of %zu bytes, not at the head, or past %zu pending", len, pending);
	}
	if (!build && (!m->s.scan.records || !msgpack_scan_records_declared(&m->s.scan_records))) {
		/* skipped without being built */
		if (m->records && m->in_sync) {
			zval w;
			msgpack_unpack_result res;
			bool ok = ref_decode(m, m->pos, &w, &res);
			zend_clear_exception();
			msgpack_unpack_result_destroy(&res);
			if (ok) {
				zval_ptr_dtor(&w);
			}
			if (!ok || res.consumed != len) {
				m->in_sync = false;
			}
		}
		msgpack_stream_consume(&m->s, len);
		m->pos += len;
		return true;
	}
	msgpack_unpack_result res;
	zval v;
	bool ok = msgpack_stream_decode(&m->s, value, len, &m->uo, &v, &res);

	msgpack_stream_consume(&m->s, len);
	zend_clear_exception();
	msgpack_unpack_result_destroy(&res);
	if (!ok) {
		if (Z_TYPE(v) != IS_NULL) {
			FAIL("a failed decode of the stream left a value");
		}
		if (m->api) {
			msgpack_stream_forget_declared(&m->s, m->shared);
		}
	} else if (res.consumed != len) {
		FAIL("the decoder took %zu bytes of a value of %zu", res.consumed, len);
	}
	compare_value(m, ok, &v, len, "a value");
	if (ok) {
		zval_ptr_dtor(&v);
	}
	m->pos += len;
	return true;
}

static void feed(model *m)
{
	size_t n = fuzz_piece(fuzz_next(&m->ctl));
	zend_string *chunk;

	if (n > m->size - m->fed) {
		n = m->size - m->fed;
	}
	chunk = zend_string_init((const char *) m->data + m->fed, n, 0);
	msgpack_stream_feed(&m->s, chunk, m->compact_from);
	zend_string_release(chunk);
	m->fed += n;
	if (m->s.head >= m->compact_from) {
		FAIL("after a feed %zu consumed bytes are kept (dropped from %zu on)", m->s.head, m->compact_from);
	}
}

/* peek(): what it says is the input's bytes at the offset. */
static msgpack_stream_peek_result peek(model *m, msgpack_stream_item *item)
{
	size_t pending = msgpack_stream_pending(&m->s);
	msgpack_stream_peek_result r = msgpack_stream_peek(&m->s, item);
	const uint8_t *p = m->data + m->pos;
	size_t head_len;
	uint64_t total, children;

	if (pending == 0 || r == MSGPACK_PEEK_NONE) {
		if (pending != 0 && !(m->records && pending == 1 && (p[0] == MP_FIXEXT1 || p[0] == MP_FIXEXT2))) {
			FAIL("peek(): nothing with %zu bytes pending at %zu", pending, m->pos);
		}
		if (pending == 0 && r != MSGPACK_PEEK_NONE) {
			FAIL("peek(): something with nothing pending");
		}
		return MSGPACK_PEEK_NONE;
	}
	if (item->type != mp_type_of(p[0])) {
		FAIL("peek(): type %d, the byte 0x%02x at %zu", (int) item->type, p[0], m->pos);
	}
	if (item->record && !m->records) {
		FAIL("peek(): a record with records off");
	}
	bool whole_head = msgpack_scan_extent((const char *) p, pending, &head_len, &total, &children) == MSGPACK_SCAN_COMPLETE;
	if (r == MSGPACK_PEEK_WHOLE) {
		if (!whole_head || total > pending || item->total != total || item->head_len != head_len
				|| item->count != (item->type == MP_TYPE_MAP ? children / 2 : children)) {
			FAIL("peek(): an item of %" PRIu64 " bytes whole, not what the input has at %zu", item->total, m->pos);
		}
	} else if (whole_head && total <= pending && item->type != MP_TYPE_NEVER) {
		FAIL("peek(): partial, the item at %zu is whole (%" PRIu64 " of %zu bytes)", m->pos, total, pending);
	}
	return r;
}

/* The item-by-item readers of MsgPack\Unpacker: a scalar, a header, an ext (all of it buffered). */
static void read_item(model *m, uint8_t how)
{
	msgpack_stream_item item;

	if (peek(m, &item) != MSGPACK_PEEK_WHOLE || item.record) {
		return; /* the reader throws, takes nothing */
	}
	switch (item.type) {
		case MP_TYPE_NIL: case MP_TYPE_BOOL: case MP_TYPE_INT: case MP_TYPE_FLOAT: case MP_TYPE_STR: case MP_TYPE_BIN: {
			msgpack_unpack_result res;
			zval v;
			bool ok = msgpack_stream_decode(&m->s, msgpack_stream_head(&m->s), (size_t) item.total, &m->uo, &v, &res);
			zend_clear_exception();
			msgpack_unpack_result_destroy(&res);
			if (!ok && m->records && m->data[m->pos] >= 0x40 && m->data[m->pos] <= 0x7f) {
				/* an identifier with no structure (shared structures on, or a two-byte one
				 * whose second byte names none): unpackInt() throws, takes nothing */
				return;
			}
			if (!ok || res.consumed != item.total) {
				FAIL("a whole scalar item of %" PRIu64 " bytes at %zu does not decode", item.total, m->pos);
			}
			m->in_sync = m->in_sync && !m->records;
			compare_value(m, ok, &v, (size_t) item.total, "a scalar");
			zval_ptr_dtor(&v);
			msgpack_stream_skip(&m->s, (size_t) item.total);
			m->pos += item.total;
			break;
		}
		case MP_TYPE_ARRAY: case MP_TYPE_MAP:
			if (how & 1) {
				/* unpackArray(), unpackMap(): the whole value */
				take_value(m, true);
			} else {
				msgpack_stream_skip(&m->s, item.head_len);
				m->pos += item.head_len;
				m->in_sync = m->in_sync && !m->records;
			}
			break;
		case MP_TYPE_EXT: {
			int8_t type;
			uint32_t len;
			size_t head_len;
			if (!mp_ext_header((const unsigned char *) msgpack_stream_head(&m->s), (size_t) item.total, &type, &len, &head_len)
					|| head_len + len != item.total) {
				FAIL("a whole ext item of %" PRIu64 " bytes at %zu has no header that says so", item.total, m->pos);
			}
			msgpack_stream_skip(&m->s, (size_t) item.total);
			m->pos += item.total;
			m->in_sync = m->in_sync && !m->records;
			break;
		}
		default:
			break;
	}
}

/* skip(n), read(n): n raw bytes of those buffered. */
static void raw_bytes(model *m, uint8_t c)
{
	size_t pending = msgpack_stream_pending(&m->s);
	size_t n = (c & 1) ? 1 : (size_t) c % (pending + 1);

	if (n == 0) {
		return;
	}
	if (memcmp(msgpack_stream_head(&m->s), m->data + m->pos, n) != 0) {
		FAIL("read(%zu): not the input's bytes at %zu", n, m->pos);
	}
	msgpack_stream_skip(&m->s, n);
	m->pos += n;
	m->in_sync = m->in_sync && !m->records;
}

static void reset(model *m)
{
	m->stopped_pos = SIZE_MAX;
	if (m->api) {
		/* MsgPack\Unpacker::reset(): a new stream, its offsets from 0, the records anew */
		msgpack_stream_clear(&m->s);
		msgpack_stream_records_reset(&m->s, m->shared, m->records);
		m->pos = m->base = m->fed;
		if (m->records) {
			msgpack_record_table_free(m->ref_table);
			m->ref_table = msgpack_record_table_copy(m->shared);
			m->in_sync = true;
		}
	} else if (msgpack_stream_pending(&m->s) == 0) {
		/* MessagePackUnpacker::reset() with nothing buffered */
		msgpack_stream_clear(&m->s);
		m->base = m->pos;
	} else {
		msgpack_stream_forget_value(&m->s);
	}
}

static void stream_run(const uint8_t *all, size_t all_size)
{
	model mm, *m = &mm;
	uint8_t sel;

	if (all_size < HEADER) {
		return;
	}
	memset(m, 0, sizeof(*m));
	m->all = all;
	m->all_size = all_size;
	sel = all[0];
	m->ctl = (fuzz_bytes) {all + 1, HEADER - 1, 0, 0};
	m->data = all + HEADER;
	m->size = all_size - HEADER;
	m->api = !(sel & 1);
	if (m->api) {
		unsigned rec = (sel >> 3) & 3;
		m->records = rec != 0;
		m->shared = rec == 2 ? shared40 : rec == 3 ? shared3 : NULL;
		fuzz_api_options(&m->uo, !m->records && (sel & 2), !(sel & 4), (sel & 32) ? MSGPACK_BIGINT_FLOAT : MSGPACK_BIGINT_STRING,
			sel & 64, false);
		m->uo.records = m->records;
		m->uo.shared_records = m->shared;
		m->compact_from = 4096;
	} else {
		fuzz_compat_options(&m->uo, sel & 2, sel & 4, false, false);
		m->compact_from = 1;
	}
	if (sel & 128) {
		m->uo.max_depth = 3;
	}
	m->unsteady = fuzz_unsteady(m->data, m->size);
	msgpack_stream_init(&m->s, m->uo.max_depth);
	if (m->api) {
		msgpack_stream_records_reset(&m->s, m->shared, m->records);
	}
	m->ref_table = m->records ? msgpack_record_table_copy(m->shared) : NULL;
	m->in_sync = true;
	m->framed_pos = m->stopped_pos = SIZE_MAX;

	/* every step takes a byte or feeds one, but for the ones that find nothing: a bound */
	for (size_t steps = 0, limit = 4 * m->size + 64; steps < limit; steps++) {
		uint8_t c = fuzz_next(&m->ctl);
		unsigned op = c % 16;
		const char *what;

		if (m->fed == m->size && msgpack_stream_pending(&m->s) == 0) {
			break;
		}
		if (m->fed < m->size && (op < 5 || (msgpack_stream_pending(&m->s) == 0))) {
			feed(m);
			what = "feed";
		} else if (m->fed == m->size && m->stopped_pos == m->pos && m->stopped_fed == m->fed) {
			/* all fed, and no value comes (the input ends inside one, or MsgPack\Unpacker is
			 * stuck at bytes it refuses): MessagePackUnpacker waits for more, and that is
			 * the end; a reader of MsgPack\Unpacker skips a byte one time in two */
			if (!m->api || !(op & 1)) {
				break;
			}
			raw_bytes(m, 1);
			what = "skip(1)";
		} else if (!m->api) {
			/* MessagePackUnpacker: execute() (and data()), reset() */
			if (op == 15) {
				reset(m);
				what = "reset";
			} else {
				take_value(m, true);
				what = "execute";
			}
		} else {
			switch (op) {
				case 5: case 6: case 7:
					take_value(m, true);
					what = "tryUnpack";
					break;
				case 8:
					take_value(m, false);
					what = "skipValue";
					break;
				case 9: {
					msgpack_stream_item item;
					peek(m, &item);
					what = "peek";
					break;
				}
				case 10: case 11: case 12:
					read_item(m, fuzz_next(&m->ctl));
					what = "an item read";
					break;
				case 13: case 14:
					/* at the end of the input, the bytes no read takes are skipped */
					raw_bytes(m, fuzz_next(&m->ctl));
					what = "skip() or read()";
					break;
				default:
					if ((c >> 4) == 0) {
						reset(m);
						what = "reset";
					} else {
						take_value(m, true);
						what = "tryUnpack";
					}
					break;
			}
		}
		check(m, what, what[0] == 'f');
	}
	msgpack_stream_destroy(&m->s);
	msgpack_record_table_free(m->ref_table);
	zend_clear_exception();
}

const fuzz_target_def fuzz_target = {
	.name = "stream",
	.request_inputs = 50000,
	.setup = stream_setup,
	.teardown = stream_teardown,
	.run = stream_run,
	.fresh_caches = true,
};
