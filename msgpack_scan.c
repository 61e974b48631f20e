/*
 * Scanner: walks the items of a MessagePack value (format byte, length or count, payload)
 * without building anything, to find where the value ends. The streaming unpackers frame
 * values with it, and the decoder asks it where an input went wrong. With records on it frames
 * msgpackr's records too, from the field counts of their structures (msgpack_records.h).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "msgpack_format.h"
#include "msgpack_records.h"
#include "msgpack_scan.h"

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
	if (c <= MP_POSITIVE_FIXINT_MAX || c >= MP_NEGATIVE_FIXINT || c == MP_NIL || c == MP_FALSE || c == MP_TRUE) {
		/* nothing follows */
	} else if (mp_is_fixstr(c)) {
		skip = mp_fixstr_len(c);
	} else if (mp_is_fixarray(c)) {
		*children = mp_fix_count(c);
	} else if (mp_is_fixmap(c)) {
		*children = (uint64_t) mp_fix_count(c) * 2;
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

/* ---- records: msgpackr's ext 0x72 and identifiers 0x40-0x7f (msgpack_records.h) ---------- */

void msgpack_scan_records_init(msgpack_scan_records *r, const msgpack_record_table *t)
{
	memset(r, 0, sizeof(*r));
	if (t) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
			if (t->by_id[i]) {
				r->fields[i] = t->by_id[i]->count;
				r->defined |= (uint64_t) 1 << i;
			}
		}
		r->strict = true;
	}
}

/* The item at p if it is a record or a declaration: 1 with *item_len and *children set (and the
 * declaration's field count noted), 0 when it is none (a plain item), -1 when more bytes are
 * needed, -2 when it cannot be framed (a declaration whose field list is no array, an unknown
 * identifier while shared structures are on). Else an identifier with no structure is the int (0). */
static int scan_record_item(msgpack_scan_records *r, const unsigned char *p, const unsigned char *end,
	size_t *item_len, uint64_t *children)
{
	unsigned char c = p[0];
	size_t avail = (size_t) (end - p);
	uint32_t n, head;

	if (c >= MSGPACK_RECORD_FIRST_ID && c < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		if (!(r->defined & ((uint64_t) 1 << (c - MSGPACK_RECORD_FIRST_ID)))) {
			/* no structure: the int, as the decoder reads it; with shared structures an
			 * unknown record, refused (its length is not known) */
			return r->strict ? -2 : 0;
		}
		*item_len = 1;
		*children = r->fields[c - MSGPACK_RECORD_FIRST_ID];
		return 1;
	}
	if (c != MP_FIXEXT1) {
		return 0;
	}
	/* d4 72 <id> <array header>: the head of a declaration, read whole or not at all */
	if (avail < 4) {
		return avail >= 2 && p[1] != MSGPACK_RECORD_EXT_TYPE ? 0 : -1;
	}
	if (p[1] != MSGPACK_RECORD_EXT_TYPE) {
		return 0;
	}
	if (mp_is_fixarray(p[3])) {
		n = mp_fix_count(p[3]);
		head = 0;
	} else if (p[3] == MP_ARRAY16 || p[3] == MP_ARRAY32) {
		head = p[3] == MP_ARRAY16 ? 2 : 4;
		if (avail < 4 + head) {
			return -1;
		}
		n = head == 2 ? load16(p + 4) : load32(p + 4);
	} else {
		return -2;
	}
	/* an identifier outside 0x40-0x7f is framed as msgpackr reads it (its low 6 bits); the
	 * decoder refuses it */
	r->fields[p[2] & 0x3f] = n;
	r->defined |= (uint64_t) 1 << (p[2] & 0x3f);
	r->declared |= (uint64_t) 1 << (p[2] & 0x3f);
	*item_len = 4 + head;
	*children = (uint64_t) n * 2; /* the names, then the first record's values */
	return 1;
}

const char *msgpack_records_scan_error(const msgpack_scan_records *r, const unsigned char *p, size_t avail, size_t *at)
{
	size_t item_len;
	uint64_t children;
	msgpack_scan_records copy = *r;

	/* a record the scanner refused for being too deep is not one of these */
	if (scan_record_item(&copy, p, p + avail, &item_len, &children) != -2) {
		return NULL;
	}
	if (p[0] != MP_FIXEXT1) {
		*at = 0;
		return MSGPACK_RECORD_UNKNOWN_ID;
	}
	*at = 3; /* the field list, as the decoder reports it */
	return "record field list is not an array";
}

/* ---- values ------------------------------------------------------------------------------- */

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

		int record = s->records ? scan_record_item(s->records, base + s->pos, end, &item_len, &children) : 0;
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

