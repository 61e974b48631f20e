/*
 * The bytes of the MessagePack format and the PHP-specific markers of the PECL msgpack wire
 * format (see docs/format.md), and the small inline readers of a format byte and a header.
 * Every file that writes or reads MessagePack names its bytes from here: a search for a
 * format's name (MP_FIXSTR, mp_is_fixstr, MP_STR8) finds each place it is written or read.
 */
#ifndef MSGPACK_FORMAT_H
#define MSGPACK_FORMAT_H

#include "php.h"
#include "zend_bitset.h" /* zend_ulong_ntz() */

/* First bytes of the formats that are not a fix* range. */
#define MP_NIL      0xc0
#define MP_NEVER    0xc1 /* never used: always an error */
#define MP_FALSE    0xc2
#define MP_TRUE     0xc3
#define MP_BIN8     0xc4
#define MP_BIN16    0xc5
#define MP_BIN32    0xc6
#define MP_EXT8     0xc7
#define MP_EXT16    0xc8
#define MP_EXT32    0xc9
#define MP_FLOAT32  0xca
#define MP_FLOAT64  0xcb
#define MP_UINT8    0xcc
#define MP_UINT16   0xcd
#define MP_UINT32   0xce
#define MP_UINT64   0xcf
#define MP_INT8     0xd0
#define MP_INT16    0xd1
#define MP_INT32    0xd2
#define MP_INT64    0xd3
#define MP_FIXEXT1  0xd4
#define MP_FIXEXT2  0xd5
#define MP_FIXEXT4  0xd6
#define MP_FIXEXT8  0xd7
#define MP_FIXEXT16 0xd8
#define MP_STR8     0xd9
#define MP_STR16    0xda
#define MP_STR32    0xdb
#define MP_ARRAY16  0xdc
#define MP_ARRAY32  0xdd
#define MP_MAP16    0xde
#define MP_MAP32    0xdf

/* The fix* ranges: the format and its length or count in one byte. */
#define MP_POSITIVE_FIXINT_MAX 0x7f /* 0x00-0x7f: 0 to 127 */
#define MP_FIXMAP   0x80 /* 0x80-0x8f: the low 4 bits are the count of entries */
#define MP_FIXARRAY 0x90 /* 0x90-0x9f: the low 4 bits are the count of elements */
#define MP_FIXSTR   0xa0 /* 0xa0-0xbf: the low 5 bits are the length */
#define MP_NEGATIVE_FIXINT 0xe0 /* 0xe0-0xff: -32 to -1 */
#define MP_FIX_COUNT_MAX 15
#define MP_FIXSTR_LEN_MAX 31

/* Range checks, each one unsigned compare. */
static zend_always_inline bool mp_is_fixmap(unsigned char c)
{
	return (unsigned char) (c - MP_FIXMAP) <= MP_FIX_COUNT_MAX;
}

static zend_always_inline bool mp_is_fixarray(unsigned char c)
{
	return (unsigned char) (c - MP_FIXARRAY) <= MP_FIX_COUNT_MAX;
}

static zend_always_inline bool mp_is_fixstr(unsigned char c)
{
	return (unsigned char) (c - MP_FIXSTR) <= MP_FIXSTR_LEN_MAX;
}

/* The count of a fixmap or fixarray, the length of a fixstr. */
static zend_always_inline uint32_t mp_fix_count(unsigned char c)
{
	return c & MP_FIX_COUNT_MAX;
}

static zend_always_inline uint32_t mp_fixstr_len(unsigned char c)
{
	return c & MP_FIXSTR_LEN_MAX;
}

/* The ext type of timestamps in the MessagePack spec. */
#define MP_EXT_TIMESTAMP (-1)

/*
 * PHP values that MessagePack has no type for are written as a map whose first key is nil. An
 * int value after that nil key is one of these markers; a string value is a class name.
 */
#define MSGPACK_MARKER_REFERENCE        1 /* the value is held in a PHP reference */
#define MSGPACK_MARKER_RECURSIVE        2 /* back-reference to an array held in a reference */
#define MSGPACK_MARKER_CUSTOM_OBJECT    3 /* Serializable: class name => serialize() payload */
#define MSGPACK_MARKER_OBJECT           4 /* back-reference to an object met before */
#define MSGPACK_MARKER_OBJECT_REFERENCE 5 /* back-reference to an object through a reference */
#define MSGPACK_MARKER_ENUM             6 /* enum: class name => case name */

/* Big-endian loads of the lengths, counts and numbers that follow a format byte. */
static zend_always_inline uint16_t mp_load16(const unsigned char *p)
{
	return (uint16_t) ((p[0] << 8) | p[1]);
}

static zend_always_inline uint32_t mp_load32(const unsigned char *p)
{
	return ((uint32_t) p[0] << 24) | ((uint32_t) p[1] << 16) | ((uint32_t) p[2] << 8) | p[3];
}

static zend_always_inline uint64_t mp_load64(const unsigned char *p)
{
	return ((uint64_t) mp_load32(p) << 32) | mp_load32(p + 4);
}

/* Words of the input in little-endian order, whatever the platform's: what the hash of a string's
 * bytes reads (msgpack_short_bytes_hash()), so that a value lands in the same cache set on a
 * big-endian platform (s390x) as on the others, and caches and counts behave alike. */
static zend_always_inline uint64_t mp_load_le64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
#ifdef WORDS_BIGENDIAN
	v = __builtin_bswap64(v); /* GCC and clang: the compilers of big-endian PHP */
#endif
	return v;
}

static zend_always_inline uint32_t mp_load_le32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
#ifdef WORDS_BIGENDIAN
	v = __builtin_bswap32(v);
#endif
	return v;
}

/* The index of the lowest bit set in x (not 0): zend_ulong_ntz() takes a zend_ulong, 32 bits on
 * 32-bit PHP, where the bits above would be lost. */
static zend_always_inline unsigned mp_ntz64(uint64_t x)
{
#if SIZEOF_ZEND_LONG == 8
	return zend_ulong_ntz((zend_ulong) x);
#else
	return (uint32_t) x ? zend_ulong_ntz((zend_ulong) (uint32_t) x) : 32 + zend_ulong_ntz((zend_ulong) (x >> 32));
#endif
}

/* The float64 whose 8 big-endian bytes are at p. */
static zend_always_inline double mp_load_double(const unsigned char *p)
{
	uint64_t bits = mp_load64(p);
	double f;

	memcpy(&f, &bits, 8);
	return f;
}

/* The type a format byte starts an item of, as MessagePack names its types: what the typed readers
 * of MsgPack\Unpacker (unpackInt(), ...) expect and report finding. */
typedef enum _mp_type {
	MP_TYPE_NIL,
	MP_TYPE_BOOL,
	MP_TYPE_INT,
	MP_TYPE_FLOAT,
	MP_TYPE_STR,
	MP_TYPE_BIN,
	MP_TYPE_ARRAY,
	MP_TYPE_MAP,
	MP_TYPE_EXT,
	MP_TYPE_NEVER, /* 0xc1 */
} mp_type;

static zend_always_inline mp_type mp_type_of(unsigned char c)
{
	if (c <= MP_POSITIVE_FIXINT_MAX || c >= MP_NEGATIVE_FIXINT) {
		return MP_TYPE_INT;
	}
	if (mp_is_fixmap(c)) {
		return MP_TYPE_MAP;
	}
	if (mp_is_fixarray(c)) {
		return MP_TYPE_ARRAY;
	}
	if (mp_is_fixstr(c)) {
		return MP_TYPE_STR;
	}
	switch (c) {
		case MP_NIL: return MP_TYPE_NIL;
		case MP_FALSE: case MP_TRUE: return MP_TYPE_BOOL;
		case MP_BIN8: case MP_BIN16: case MP_BIN32: return MP_TYPE_BIN;
		case MP_EXT8: case MP_EXT16: case MP_EXT32:
		case MP_FIXEXT1: case MP_FIXEXT2: case MP_FIXEXT4: case MP_FIXEXT8: case MP_FIXEXT16:
			return MP_TYPE_EXT;
		case MP_FLOAT32: case MP_FLOAT64: return MP_TYPE_FLOAT;
		case MP_UINT8: case MP_UINT16: case MP_UINT32: case MP_UINT64:
		case MP_INT8: case MP_INT16: case MP_INT32: case MP_INT64:
			return MP_TYPE_INT;
		case MP_STR8: case MP_STR16: case MP_STR32: return MP_TYPE_STR;
		case MP_ARRAY16: case MP_ARRAY32: return MP_TYPE_ARRAY;
		case MP_MAP16: case MP_MAP32: return MP_TYPE_MAP;
		default: return MP_TYPE_NEVER;
	}
}

/* The ext header at p (avail >= 1 bytes known, *p an ext format byte): its type, the length of
 * its data and the bytes of the header before the data. False when the header is not all there. */
static zend_always_inline bool mp_ext_header(const unsigned char *p, size_t avail, int8_t *type, uint32_t *len,
	size_t *head_len)
{
	switch (*p) {
		case MP_FIXEXT1: *len = 1; *head_len = 2; break;
		case MP_FIXEXT2: *len = 2; *head_len = 2; break;
		case MP_FIXEXT4: *len = 4; *head_len = 2; break;
		case MP_FIXEXT8: *len = 8; *head_len = 2; break;
		case MP_FIXEXT16: *len = 16; *head_len = 2; break;
		case MP_EXT8: *head_len = 3; if (avail >= 3) *len = p[1]; break;
		case MP_EXT16: *head_len = 4; if (avail >= 4) *len = mp_load16(p + 1); break;
		default: *head_len = 6; if (avail >= 6) *len = mp_load32(p + 1); break; /* MP_EXT32 */
	}
	if (avail < *head_len) {
		return false;
	}
	*type = (int8_t) p[*head_len - 1];
	return true;
}

/* The payload of a timestamp (ext -1), p and len bytes: seconds and nanoseconds in one of the
 * spec's three forms. NULL when it is valid, else why not (a sentence): another length, or
 * nanoseconds past 999999999. */
static zend_always_inline const char *mp_timestamp_parse(const unsigned char *p, uint32_t len, int64_t *sec,
	uint32_t *nsec)
{
	if (len == 4) {
		*sec = mp_load32(p);
		*nsec = 0;
	} else if (len == 8) {
		uint64_t v = mp_load64(p);
		*nsec = (uint32_t) (v >> 34);
		*sec = (int64_t) (v & ((UINT64_C(1) << 34) - 1));
	} else if (len == 12) {
		*nsec = mp_load32(p);
		*sec = (int64_t) mp_load64(p + 4);
	} else {
		return "Invalid timestamp length";
	}
	if (*nsec > 999999999) {
		return "Invalid timestamp nanoseconds";
	}
	return NULL;
}

/* What mp_str_header() returns when it reads no header. */
#define MP_NO_STR  (-1) /* the format byte is no str or bin */
#define MP_STR_CUT (-2) /* a str or bin whose header the input ends in */

/*
 * The header of a str or bin (fixstr, str 8/16/32, bin 8/16/32), the one reader of them: c is the
 * format byte, followed by the avail bytes at p. The length of its bytes in *len, and the bytes
 * of p the header takes (0 for a fixstr, 1, 2 or 4); MP_NO_STR for another format, MP_STR_CUT
 * when the length is not all in avail (*len 0 then). Whether the bytes themselves are there is
 * the caller's to check, as what it does when they are not differs. Inlined where c is known (a
 * case of the decoder's switch) it is the length's load alone.
 */
static zend_always_inline int mp_str_header(unsigned char c, const unsigned char *p, size_t avail, uint32_t *len)
{
	unsigned n;

	*len = 0;
	/* the common form (keys, short values): the one laid out first in the loops of maps */
	if (EXPECTED(mp_is_fixstr(c))) {
		*len = mp_fixstr_len(c);
		return 0;
	}
	/* str 8/16/32 and bin 8/16/32 are each three bytes in a row: 1, 2 and 4 bytes of length */
	if ((unsigned char) (c - MP_STR8) <= MP_STR32 - MP_STR8) {
		n = 1u << (c - MP_STR8);
	} else if ((unsigned char) (c - MP_BIN8) <= MP_BIN32 - MP_BIN8) {
		n = 1u << (c - MP_BIN8);
	} else {
		return MP_NO_STR;
	}
	if (UNEXPECTED(avail < n)) {
		return MP_STR_CUT;
	}
	*len = n == 1 ? p[0] : n == 2 ? mp_load16(p) : mp_load32(p);
	return (int) n;
}

/* A short string's header at p, before end: a fixstr or a str8 (or a bin8 too, with_bin8). The
 * start of its bytes and their length in *len; NULL for another form, or an input that ends
 * inside the header or the bytes. The readers that look for a short key or class name before
 * decoding use it: the longer forms are left to the general readers. */
static zend_always_inline const unsigned char *mp_short_str(const unsigned char *p, const unsigned char *end,
	bool with_bin8, uint32_t *len)
{
	int head;

	if (UNEXPECTED(p >= end) || !(mp_is_fixstr(*p) || *p == MP_STR8 || (with_bin8 && *p == MP_BIN8))) {
		return NULL;
	}
	head = mp_str_header(*p, p + 1, (size_t) (end - p) - 1, len);
	if (head < 0) {
		return NULL;
	}
	p += 1 + head;
	return (size_t) (end - p) >= *len ? p : NULL;
}

#endif
