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
#include "common/msgpack_format.h"
#include "common/msgpack_records.h"
#include "decode/msgpack_scan.h"

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
			case MP_EXT8:
				if (known < 1) return MSGPACK_SCAN_INCOMPLETE;
				head = 1;
				skip = p[1] + 1;
				break;
			case MP_EXT16:
				if (known < 2) return MSGPACK_SCAN_INCOMPLETE;
				head = 2;
				skip = mp_load16(p + 1) + 1;
				break;
			case MP_EXT32:
				if (known < 4) return MSGPACK_SCAN_INCOMPLETE;
				head = 4;
				skip = (uint64_t) mp_load32(p + 1) + 1;
				break;
			case MP_ARRAY16: case MP_MAP16:
				if (known < 2) return MSGPACK_SCAN_INCOMPLETE;
				head = 2;
				*children = (uint64_t) mp_load16(p + 1) * (c == MP_MAP16 ? 2 : 1);
				break;
			case MP_ARRAY32: case MP_MAP32:
				if (known < 4) return MSGPACK_SCAN_INCOMPLETE;
				head = 4;
				*children = (uint64_t) mp_load32(p + 1) * (c == MP_MAP32 ? 2 : 1);
				break;
			default: {
				/* a str or bin (fixstr included), else 0xc1 */
				uint32_t len;
				int n = mp_str_header(c, p + 1, known, &len);
				if (n == MP_NO_STR) return MSGPACK_SCAN_INVALID;
				if (n == MP_STR_CUT) return MSGPACK_SCAN_INCOMPLETE;
				head = (size_t) n;
				skip = len;
				break;
			}
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

/* ---- stepping over values ------------------------------------------------------------------ */

/* What the first byte of an item says of it, for msgpack_skip_values(), when the byte alone
 * gives the item's size: the bytes it takes in all (format byte, length and payload) in the low
 * byte, and above it the values it holds less one (-1 for a scalar; a fixmap's keys and values,
 * a fixarray's items): what the count of values still to step over changes by. 0 where the
 * length or count is in the bytes after the format byte (str, bin and ext 8-32, array and map
 * 16/32), and for 0xc1. */
#define S(size) ((int32_t) ((uint32_t) (size) | 0xffffff00u))
#define LIST(n) ((int32_t) (1 | (((n) - 1) * 256)))
#define MAP(n) ((int32_t) (1 | ((2 * (n) - 1) * 256)))
static const int32_t item_sizes[256] = {
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), /* positive fixint */
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
	MAP(0), MAP(1), MAP(2), MAP(3), MAP(4), MAP(5), MAP(6), MAP(7), /* 0x80-0x8f: fixmap */
	MAP(8), MAP(9), MAP(10), MAP(11), MAP(12), MAP(13), MAP(14), MAP(15),
	LIST(0), LIST(1), LIST(2), LIST(3), LIST(4), LIST(5), LIST(6), LIST(7), /* 0x90-0x9f: fixarray */
	LIST(8), LIST(9), LIST(10), LIST(11), LIST(12), LIST(13), LIST(14), LIST(15),
	S(1), S(2), S(3), S(4), S(5), S(6), S(7), S(8), /* 0xa0-0xbf: fixstr */
	S(9), S(10), S(11), S(12), S(13), S(14), S(15), S(16),
	S(17), S(18), S(19), S(20), S(21), S(22), S(23), S(24),
	S(25), S(26), S(27), S(28), S(29), S(30), S(31), S(32),
	/* nil, 0xc1, false, true, bin 8-32, ext 8-32 */
	S(1), 0, S(1), S(1), 0, 0, 0, 0, 0, 0,
	/* float 32/64, uint 8-64, int 8-64 */
	S(5), S(9), S(2), S(3), S(5), S(9), S(2), S(3), S(5), S(9),
	/* fixext 1-16, str 8-32, array 16/32, map 16/32 */
	S(3), S(4), S(6), S(10), S(18), 0, 0, 0, 0, 0, 0, 0,
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), /* negative fixint */
	S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1), S(1),
};
#undef S
#undef LIST
#undef MAP

/* The size of the str or bin of format c at p, avail bytes there (at least its format byte), in
 * *size; c a constant where it is called, so that each case is the load of its length. */
static zend_always_inline bool str_size(const unsigned char *p, size_t avail, unsigned char c, uint64_t *size)
{
	uint32_t len;
	int head = mp_str_header(c, p + 1, avail - 1, &len);

	if (head == MP_STR_CUT) {
		return false;
	}
	/* in 64 bits: 5 + a 32-bit length would wrap a 32-bit size_t */
	*size = 1 + (uint64_t) head + len;
	return true;
}

/* An item whose size is in the bytes after its format byte, at p before end: its size in *size,
 * or for an array or a map 16/32 its header's in *size and the values it holds in *count. */
static msgpack_scan_result sized_item(const unsigned char *p, const unsigned char *end, uint64_t *size, uint64_t *count)
{
	size_t avail = (size_t) (end - p);

	*count = 0;
	switch (*p) {
		case MP_STR8:  if (!str_size(p, avail, MP_STR8, size)) return MSGPACK_SCAN_INCOMPLETE; break;
		case MP_STR16: if (!str_size(p, avail, MP_STR16, size)) return MSGPACK_SCAN_INCOMPLETE; break;
		case MP_STR32: if (!str_size(p, avail, MP_STR32, size)) return MSGPACK_SCAN_INCOMPLETE; break;
		case MP_BIN8:  if (!str_size(p, avail, MP_BIN8, size)) return MSGPACK_SCAN_INCOMPLETE; break;
		case MP_BIN16: if (!str_size(p, avail, MP_BIN16, size)) return MSGPACK_SCAN_INCOMPLETE; break;
		case MP_BIN32: if (!str_size(p, avail, MP_BIN32, size)) return MSGPACK_SCAN_INCOMPLETE; break;
		case MP_EXT8:
			if (avail < 2) return MSGPACK_SCAN_INCOMPLETE;
			*size = 3 + (uint64_t) p[1];
			break;
		case MP_EXT16:
			if (avail < 3) return MSGPACK_SCAN_INCOMPLETE;
			*size = 4 + (uint64_t) mp_load16(p + 1);
			break;
		case MP_EXT32:
			/* in 64 bits: 6 + a 32-bit length would wrap a 32-bit size_t */
			if (avail < 5) return MSGPACK_SCAN_INCOMPLETE;
			*size = 6 + (uint64_t) mp_load32(p + 1);
			break;
		case MP_ARRAY16: case MP_MAP16:
			if (avail < 3) return MSGPACK_SCAN_INCOMPLETE;
			*size = 3;
			*count = (uint64_t) mp_load16(p + 1) * (*p == MP_MAP16 ? 2 : 1);
			break;
		case MP_ARRAY32: case MP_MAP32:
			if (avail < 5) return MSGPACK_SCAN_INCOMPLETE;
			*size = 5;
			*count = (uint64_t) mp_load32(p + 1) * (*p == MP_MAP32 ? 2 : 1);
			break;
		default: /* 0xc1 */
			return MSGPACK_SCAN_INVALID;
	}
	/* a value takes a byte at least: a count beyond the bytes left cannot be */
	return *size + *count > avail ? MSGPACK_SCAN_INCOMPLETE : MSGPACK_SCAN_COMPLETE;
}

/* Four items of the table's sizes take this many bytes at most (fixstrs of 31 bytes). */
#define FOUR_ITEMS_MAX (4 * 32)

msgpack_scan_result msgpack_skip_values(const unsigned char **at, const unsigned char *end, uint64_t n)
{
	const unsigned char *p = *at, *item = p;
	/* before safe, four items of the table's sizes end before end */
	const unsigned char *safe = (size_t) (end - p) > FOUR_ITEMS_MAX ? end - FOUR_ITEMS_MAX : p;

	while (n) {
		/* Four items at a time while four can neither pass end nor end the count: no check
		 * between them. An item the table has no size for (0) adds nothing and leaves p on
		 * it, so the reads after it in the four do nothing either; it is then taken alone. */
		while (n >= 4 && p < safe) {
			int32_t a = item_sizes[*p];
			p += (unsigned char) a;
			n += (int64_t) (a >> 8); /* arithmetic shift: the count's change, -1 or more */
			int32_t b = item_sizes[*p];
			p += (unsigned char) b;
			n += (int64_t) (b >> 8);
			int32_t c = item_sizes[*p];
			p += (unsigned char) c;
			n += (int64_t) (c >> 8);
			int32_t e = item_sizes[*p];
			p += (unsigned char) e;
			n += (int64_t) (e >> 8);
			if (e == 0) {
				break;
			}
		}
		if (n == 0) {
			break;
		}
		if (UNEXPECTED(p >= end)) {
			/* the input ends before the next item, or the last one ran past it */
			*at = p == end ? p : item;
			return MSGPACK_SCAN_INCOMPLETE;
		}
		int32_t sizes = item_sizes[*p];
		item = p;
		if (EXPECTED(sizes != 0)) {
			p += (unsigned char) sizes;
			n += (int64_t) (sizes >> 8);
			continue;
		}
		uint64_t size, count;
		msgpack_scan_result r = sized_item(p, end, &size, &count);
		if (r != MSGPACK_SCAN_COMPLETE) {
			*at = p;
			return r;
		}
		p += (size_t) size;
		n = n - 1 + count;
	}
	if (UNEXPECTED(p > end)) {
		*at = item;
		return MSGPACK_SCAN_INCOMPLETE;
	}
	*at = p;
	return MSGPACK_SCAN_COMPLETE;
}

/* ---- records: msgpackr's ext 0x72 and its identifiers (msgpack_records.h) ------------------ */

#define BIT64(i) ((uint64_t) 1 << (i))
#define BIT32(i) ((uint32_t) 1 << (i))

static zend_always_inline const msgpack_scan_chunk *chunk_of(const msgpack_scan_records *r, unsigned char second)
{
	return second < r->two_count ? r->two[second] : NULL;
}

/* The chunk of second byte second, made if there is none. */
static msgpack_scan_chunk *make_chunk(msgpack_scan_records *r, unsigned char second)
{
	if (second >= r->two_count) {
		uint32_t count = MAX((uint32_t) second + 1, MIN(r->two_count * 2, MSGPACK_RECORD_CHUNK_COUNT));
		r->two = safe_erealloc(r->two, count, sizeof(*r->two), 0);
		memset(r->two + r->two_count, 0, (count - r->two_count) * sizeof(*r->two));
		r->two_count = count;
	}
	if (r->two[second] == NULL) {
		r->two[second] = ecalloc(1, sizeof(msgpack_scan_chunk));
	}
	return r->two[second];
}

/* Sets the field count of number in a form (n) or none (defined false); the other form of a
 * number 32-63 goes, as in the decoder's table. declared: a declaration of the value scanned. */
static void scan_set(msgpack_scan_records *r, uint32_t number, bool two_byte, bool defined, uint32_t n, bool declared)
{
	if (!two_byte) {
		r->fields[number] = n;
		r->defined = defined ? r->defined | BIT64(number) : r->defined & ~BIT64(number);
		if (declared) {
			r->declared |= BIT64(number);
		}
		if (number >= MSGPACK_RECORD_TWO_BYTE_BASE && r->two_count && r->two[0]) {
			r->two[0]->defined &= ~BIT32(number - MSGPACK_RECORD_TWO_BYTE_BASE);
		}
	} else {
		unsigned char first = msgpack_record_two_byte_first(number), second = msgpack_record_two_byte_second(number);
		msgpack_scan_chunk *c;

		if (defined || declared || chunk_of(r, second) != NULL) { /* else nothing to clear */
			c = make_chunk(r, second);
			c->fields[first & 0x1f] = n;
			c->defined = defined ? c->defined | BIT32(first & 0x1f) : c->defined & ~BIT32(first & 0x1f);
			if (declared) {
				c->declared |= BIT32(first & 0x1f);
				r->two_declared = true;
			}
		}
		if (number < MSGPACK_RECORD_ID_COUNT) {
			r->defined &= ~BIT64(number);
		}
	}
}

void msgpack_scan_records_init(msgpack_scan_records *r, const msgpack_record_table *t)
{
	memset(r, 0, sizeof(*r));
	if (t) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
			if (t->by_id[i]) {
				r->fields[i] = t->by_id[i]->count;
				r->defined |= BIT64(i);
			}
		}
		for (uint32_t second = 0; second < t->two_count; second++) {
			for (uint32_t lo = 0; t->two[second] && lo < MSGPACK_RECORD_CHUNK; lo++) {
				const msgpack_record_structure *s = t->two[second]->s[lo];
				if (s) {
					scan_set(r, MSGPACK_RECORD_TWO_BYTE_BASE + lo + MSGPACK_RECORD_CHUNK * second, true, true, s->count, false);
				}
			}
		}
		r->strict = true;
	}
}

void msgpack_scan_records_destroy(msgpack_scan_records *r)
{
	for (uint32_t i = 0; i < r->two_count; i++) {
		if (r->two[i]) {
			efree(r->two[i]);
		}
	}
	if (r->two) {
		efree(r->two);
	}
	r->two = NULL;
	r->two_count = 0;
}

/* A value starts: none of its declarations yet. */
static void scan_records_begin(msgpack_scan_records *r)
{
	r->declared = 0;
	if (r->two_declared) {
		for (uint32_t i = 0; i < r->two_count; i++) {
			if (r->two[i]) {
				r->two[i]->declared = 0;
			}
		}
		r->two_declared = false;
	}
}

/* The number's structure forgotten by both: the shared one, if any, comes back. */
static void forget_number(msgpack_scan_records *r, msgpack_record_table *t, uint32_t number, bool two_byte,
	const msgpack_record_table *shared)
{
	const msgpack_record_structure *s = shared && number < shared->shared_count ? msgpack_record_table_shared(shared, number) : NULL;

	msgpack_record_table_forget(t, number, two_byte, shared);
	scan_set(r, number, two_byte, false, 0, false);
	if (s) {
		scan_set(r, number, number >= MSGPACK_RECORD_TWO_BYTE_BASE, true, s->count, false);
	}
}

void msgpack_scan_records_forget(msgpack_scan_records *r, msgpack_record_table *t, const msgpack_record_table *shared)
{
	for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
		if (r->declared & BIT64(i)) {
			forget_number(r, t, i, false, shared);
		}
	}
	for (uint32_t second = 0; r->two_declared && second < r->two_count; second++) {
		for (uint32_t lo = 0; r->two[second] && lo < MSGPACK_RECORD_CHUNK; lo++) {
			if (r->two[second]->declared & BIT32(lo)) {
				forget_number(r, t, MSGPACK_RECORD_TWO_BYTE_BASE + lo + MSGPACK_RECORD_CHUNK * second, true, shared);
			}
		}
	}
}

/* A declaration the scanner met, noted once the scanner takes it. */
typedef struct _scan_declaration {
	bool set;
	bool two_byte;
	uint32_t number;
	uint32_t n;
} scan_declaration;

/* The item at p if it is a record or a declaration: 1 with *item_len and *children set (and a
 * declaration in *decl), 0 when it is none (a plain item), -1 when more bytes are needed, -2 when
 * it cannot be framed (a declaration whose field list is no array, an unknown identifier while
 * shared structures are on, a two-byte identifier whose second byte names no structure). Else a
 * one-byte identifier with no structure is the int (0). */
static int scan_record_item(const msgpack_scan_records *r, const unsigned char *p, const unsigned char *end,
	size_t *item_len, uint64_t *children, scan_declaration *decl)
{
	unsigned char c = p[0];
	size_t avail = (size_t) (end - p);
	uint32_t n, head, id_len;
	const unsigned char *list;

	decl->set = false;
	if (c >= MSGPACK_RECORD_FIRST_ID && c < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		const msgpack_scan_chunk *k;

		if (r->defined & BIT64(c - MSGPACK_RECORD_FIRST_ID)) {
			*item_len = 1;
			*children = r->fields[c - MSGPACK_RECORD_FIRST_ID];
			return 1;
		}
		k = c >= MSGPACK_RECORD_TWO_BYTE_FIRST ? chunk_of(r, 0) : NULL;
		if (k && (k->defined & BIT32(c & 0x1f))) {
			/* a two-byte identifier: its second byte says which (msgpack_records.h) */
			if (avail < 2) {
				return -1;
			}
			k = chunk_of(r, p[1]);
			if (k == NULL || !(k->defined & BIT32(c & 0x1f))) {
				return -2; /* msgpackr refuses it too: its length is not known */
			}
			*item_len = 2;
			*children = k->fields[c & 0x1f];
			return 1;
		}
		/* no structure: the int, as the decoder reads it; with shared structures an unknown
		 * record, refused (its length is not known) */
		return r->strict ? -2 : 0;
	}
	if (c != MP_FIXEXT1 && c != MP_FIXEXT2) {
		return 0;
	}
	/* d4 72 <id> <array header>, d5 72 <id> <id> <array header>: the head of a declaration, read
	 * whole or not at all */
	if (avail < 2) {
		return -1;
	}
	if (p[1] != MSGPACK_RECORD_EXT_TYPE) {
		return 0;
	}
	id_len = c == MP_FIXEXT1 ? 1 : 2;
	if (avail < 3 + id_len) {
		return -1;
	}
	list = p + 2 + id_len;
	if (mp_is_fixarray(list[0])) {
		n = mp_fix_count(list[0]);
		head = 0;
	} else if (list[0] == MP_ARRAY16 || list[0] == MP_ARRAY32) {
		head = list[0] == MP_ARRAY16 ? 2 : 4;
		if (avail < 3 + id_len + head) {
			return -1;
		}
		n = head == 2 ? mp_load16(list + 1) : mp_load32(list + 1);
	} else {
		return -2;
	}
	/* an identifier out of range is framed as msgpackr reads it (a one-byte one by its low 6
	 * bits, a two-byte one by its number when its first byte's low 6 bits are 32 or more: one
	 * below names a number no record reaches); the decoder refuses it */
	if (id_len == 1) {
		decl->set = true;
		decl->two_byte = false;
		decl->number = p[2] & 0x3f;
	} else if ((p[2] & 0x3f) >= MSGPACK_RECORD_TWO_BYTE_BASE) {
		decl->set = true;
		decl->two_byte = true;
		decl->number = msgpack_record_two_byte_number(p[2], p[3]);
	}
	decl->n = n;
	*item_len = 3 + id_len + head;
	*children = (uint64_t) n * 2; /* the names, then the first record's values */
	return 1;
}

zend_string *msgpack_records_scan_error(const msgpack_scan_records *r, const unsigned char *p, size_t avail, size_t *at)
{
	size_t item_len;
	uint64_t children;
	scan_declaration decl;

	/* a record the scanner refused for being too deep is not one of these */
	if (scan_record_item(r, p, p + avail, &item_len, &children, &decl) != -2) {
		return NULL;
	}
	if (p[0] == MP_FIXEXT1 || p[0] == MP_FIXEXT2) {
		*at = p[0] == MP_FIXEXT1 ? 3 : 4; /* the field list, as the decoder reports it */
		return zend_string_init("Record field list is not an array", sizeof("Record field list is not an array") - 1, 0);
	}
	*at = 0;
	if (!(r->defined & BIT64(p[0] - MSGPACK_RECORD_FIRST_ID)) && p[0] >= MSGPACK_RECORD_TWO_BYTE_FIRST && avail >= 2
		&& chunk_of(r, 0) && (chunk_of(r, 0)->defined & BIT32(p[0] & 0x1f))) {
		return msgpack_record_unknown_two_byte(p[0], p[1], r->strict);
	}
	return zend_string_init(MSGPACK_RECORD_UNKNOWN_ID, sizeof(MSGPACK_RECORD_UNKNOWN_ID) - 1, 0);
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
			scan_records_begin(s->records); /* records: what this value declares */
		}
	}
	while (s->pos < len) {
		size_t item_len;
		uint64_t children;
		bool invalid = false;

		scan_declaration decl;
		int record = s->records ? scan_record_item(s->records, base + s->pos, end, &item_len, &children, &decl) : 0;
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
		if (record > 0 && decl.set) {
			/* taken: the declaration's field count frames its records from here on */
			scan_set(s->records, decl.number, decl.two_byte, true, decl.n, true);
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

