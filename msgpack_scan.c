/*
 * Scanner: walks the items of a MessagePack value (format byte, length or count, payload)
 * without building anything, to find where the value ends. The streaming unpackers frame
 * values with it, and the decoder asks it where an input went wrong.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "msgpack_format.h"
#include "msgpack_scan.h"
#include "msgpack_records.h"

void msgpack_scanner_init(msgpack_scanner *s, uint32_t max_depth)
{
	memset(s, 0, sizeof(*s));
	s->max_depth = max_depth;
}

void msgpack_scanner_destroy(msgpack_scanner *s)
{
	if (s->pending) {
		efree(s->pending);
	}
	msgpack_scanner_init(s, s->max_depth);
}

/* Forgets the value in progress (keeps the limit and the allocation). */
static void scanner_restart(msgpack_scanner *s)
{
	s->pos = 0;
	s->top = 0;
	s->started = false;
}

msgpack_scan_result msgpack_scan_extent(const char *data, size_t avail, size_t *head_len, uint64_t *total,
	uint64_t *children)
{
	const unsigned char *p = (const unsigned char *) data;
	unsigned char c = p[0];
	size_t head = 0, known = avail - 1;
	uint64_t skip = 0;

	*children = 0;
	if (c <= 0x7f || c >= 0xe0 || c == MP_NIL || c == MP_FALSE || c == MP_TRUE) {
		/* nothing follows */
	} else if (c >= 0xa0 && c <= 0xbf) {
		skip = c & 0x1f;
	} else if (c >= 0x90 && c <= 0x9f) {
		*children = c & 0x0f;
	} else if (c >= 0x80 && c <= 0x8f) {
		*children = (uint64_t) (c & 0x0f) * 2;
	} else {
		switch (c) {
			case MP_UINT8: case MP_INT8: skip = 1; break;
			case MP_UINT16: case MP_INT16: skip = 2; break;
			case MP_FLOAT32: case MP_UINT32: case MP_INT32: skip = 4; break;
			case MP_FLOAT64: case MP_UINT64: case MP_INT64: skip = 8; break;
			case MP_FIXEXT1: skip = 2; break;
			case MP_FIXEXT2: skip = 3; break;
			case MP_FIXEXT4: skip = 5; break;
			case MP_FIXEXT8: skip = 9; break;
			case MP_FIXEXT16: skip = 17; break;
			case MP_STR8: case MP_BIN8: case MP_EXT8:
				if (known < 1) return MSGPACK_SCAN_INCOMPLETE;
				head = 1;
				skip = p[1] + (c == MP_EXT8);
				break;
			case MP_STR16: case MP_BIN16: case MP_EXT16:
				if (known < 2) return MSGPACK_SCAN_INCOMPLETE;
				head = 2;
				skip = load16(p + 1) + (c == MP_EXT16);
				break;
			case MP_STR32: case MP_BIN32: case MP_EXT32:
				if (known < 4) return MSGPACK_SCAN_INCOMPLETE;
				head = 4;
				skip = (uint64_t) load32(p + 1) + (c == MP_EXT32);
				break;
			case MP_ARRAY16: case MP_MAP16:
				if (known < 2) return MSGPACK_SCAN_INCOMPLETE;
				head = 2;
				*children = (uint64_t) load16(p + 1) * (c == MP_MAP16 ? 2 : 1);
				break;
			case MP_ARRAY32: case MP_MAP32:
				if (known < 4) return MSGPACK_SCAN_INCOMPLETE;
				head = 4;
				*children = (uint64_t) load32(p + 1) * (c == MP_MAP32 ? 2 : 1);
				break;
			default:
				return MSGPACK_SCAN_INVALID;
		}
	}
	*head_len = 1 + head;
	*total = 1 + head + skip;
	return MSGPACK_SCAN_COMPLETE;
}

/* Reads one whole item at p, if all of it is before end (else false, and *invalid for 0xc1). */
static bool scan_item(const unsigned char *p, const unsigned char *end, size_t *item_len, uint64_t *children,
	bool *invalid)
{
	size_t head_len;
	uint64_t total;

	switch (msgpack_scan_extent((const char *) p, (size_t) (end - p), &head_len, &total, children)) {
		case MSGPACK_SCAN_INVALID:
			*invalid = true;
			return false;
		case MSGPACK_SCAN_INCOMPLETE:
			return false;
		case MSGPACK_SCAN_COMPLETE:
			break;
	}
	if ((uint64_t) (end - p) < total) {
		return false;
	}
	*item_len = (size_t) total;
	return true;
}

msgpack_scan_result msgpack_scanner_run(msgpack_scanner *s, const char *data, size_t len, size_t *value_len)
{
	const unsigned char *base = (const unsigned char *) data, *end = base + len;

	if (!s->started) {
		s->started = true;
		s->top = 0;
		s->pos = 0;
		if (s->pending == NULL) {
			s->capacity = 16;
			s->pending = safe_emalloc(s->capacity, sizeof(uint64_t), 0);
		}
		s->pending[0] = 1;
		if (s->records) {
			s->records->declared = 0; /* records: what this value declares */
		}
	}
	while (s->pos < len) {
		size_t item_len;
		uint64_t children;
		bool invalid = false;

		int record = s->records ? msgpack_records_scan_item(s->records, base + s->pos, end, &item_len, &children) : 0;
		if (record < 0) {
			/* records: an identifier with no structure cannot be framed */
			return record == -2 ? MSGPACK_SCAN_INVALID : MSGPACK_SCAN_INCOMPLETE;
		}
		if (record == 0 && !scan_item(base + s->pos, end, &item_len, &children, &invalid)) {
			return invalid ? MSGPACK_SCAN_INVALID : MSGPACK_SCAN_INCOMPLETE;
		}
		if (children && s->top + 1 > s->max_depth) {
			/* stays before this item, as for 0xc1: a stream stops where the input went wrong */
			return MSGPACK_SCAN_INVALID;
		}
		s->pos += item_len;
		s->pending[s->top]--;
		if (children) {
			if (s->top + 1 == s->capacity) {
				s->capacity *= 2;
				s->pending = safe_erealloc(s->pending, s->capacity, sizeof(uint64_t), 0);
			}
			s->pending[++s->top] = children;
		}
		while (s->pending[s->top] == 0) {
			if (s->top == 0) {
				*value_len = s->pos;
				scanner_restart(s);
				return MSGPACK_SCAN_COMPLETE;
			}
			s->top--;
		}
	}
	return MSGPACK_SCAN_INCOMPLETE;
}

msgpack_scan_result msgpack_scan(const char *data, size_t len, uint32_t max_depth, size_t *value_len)
{
	msgpack_scanner s;
	msgpack_scan_result result;

	msgpack_scanner_init(&s, max_depth);
	result = msgpack_scanner_run(&s, data, len, value_len);
	msgpack_scanner_destroy(&s);
	return result;
}

