/*
 * The encoder's byte writers: the one place where the bytes of each MessagePack format are
 * written (docs/format.md), into a smart_str that may start on msgpack_encode()'s stack. They
 * are static inline, so that the encoder's walk (pack.c, pack_object.c) and the records' heads
 * (pack_records.c) write in place, as fast as in one file; pack_write.c holds what is called,
 * not inlined: the buffer's growth, MsgPack\Packer's typed writers, and the choice of str or bin
 * by a string's bytes.
 */
#ifndef MSGPACK_PACK_WRITE_H
#define MSGPACK_PACK_WRITE_H

#include "php.h"
#include "zend_smart_str.h"
#include "common/msgpack_format.h"
#include "common/msgpack_copy.h"
#include "common/msgpack_float.h"

/* ---- the buffer --------------------------------------------------------------------------- */

/* A buffer that starts empty starts on msgpack_encode()'s stack, marked by this value in its hash
 * (which no smart_str sets while building): a small output is then allocated once, at its exact
 * size, instead of being allocated at 256 bytes and shrunk by a copy at the end. So every write
 * into an encoder's buffer goes through msgpack_reserve(), never through smart_str_append*(), which
 * would realloc() the stack (outside the encoder, code writes with the msgpack_write_* functions, which see to it). */
#define ON_STACK_MARK ((zend_ulong) 0x6d7073746b) /* "mpstk" */

static zend_always_inline bool msgpack_buffer_on_stack(const smart_str *buf)
{
	return ZSTR_H(buf->s) == ON_STACK_MARK;
}

/* Moves a buffer on the stack to the heap, with room for at least capacity bytes. */
static inline void msgpack_buffer_to_heap(smart_str *buf, size_t capacity)
{
	zend_string *heap = zend_string_alloc(capacity, 0);

	memcpy(ZSTR_VAL(heap), ZSTR_VAL(buf->s), ZSTR_LEN(buf->s));
	ZSTR_LEN(heap) = ZSTR_LEN(buf->s);
	buf->s = heap;
	buf->a = capacity;
}

/* smart_str alone grows a string to the next 4 KB page: a large output would be reallocated once
 * per page, and copied each time its block cannot grow in place. Growing by half the capacity
 * (at most a cap) makes that rare; smart_str_extract() gives the slack back (pack_write.c). */
void msgpack_buffer_grow(smart_str *buf, size_t n);

/* Makes room for n more bytes and returns where they go; the caller then adds n to the length.
 * The buffer has a string already: msgpack_encode() and the typed writers (msgpack_buffer_start()) see to it. */
static zend_always_inline unsigned char *msgpack_reserve(smart_str *buf, size_t n)
{
	if (UNEXPECTED(n >= buf->a - ZSTR_LEN(buf->s))) {
		msgpack_buffer_grow(buf, n);
	}
	return (unsigned char *) ZSTR_VAL(buf->s) + ZSTR_LEN(buf->s);
}

#define GROW(buf, n) (ZSTR_LEN((buf)->s) += (n))

/* Gives an empty buffer its first string, which msgpack_reserve() takes for granted (the writers for
 * buffers that are not an encoder's: MsgPack\Packer's typed writers, the records' heads). */
static zend_always_inline smart_str *msgpack_buffer_start(smart_str *buf)
{
	if (UNEXPECTED(buf->s == NULL)) {
		smart_str_alloc(buf, 16, 0);
	}
	return buf;
}

/* ---- the formats -------------------------------------------------------------------------- */

static zend_always_inline void msgpack_store16(unsigned char *p, uint16_t v)
{
	p[0] = (unsigned char) (v >> 8);
	p[1] = (unsigned char) v;
}

static zend_always_inline void msgpack_store32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char) (v >> 24);
	p[1] = (unsigned char) (v >> 16);
	p[2] = (unsigned char) (v >> 8);
	p[3] = (unsigned char) v;
}

static zend_always_inline void msgpack_store64(unsigned char *p, uint64_t v)
{
	msgpack_store32(p, (uint32_t) (v >> 32));
	msgpack_store32(p + 4, (uint32_t) v);
}

static zend_always_inline void msgpack_put_byte(smart_str *buf, unsigned char c)
{
	*msgpack_reserve(buf, 1) = c;
	GROW(buf, 1);
}

/* Integers: always the shortest form; non-negative values never use the signed formats. 64 bits
 * wide, so that a GMP number or a timestamp's seconds beyond a 32-bit zend_long are written whole. */
static zend_always_inline void msgpack_pack_long(smart_str *buf, int64_t v)
{
	unsigned char *p = msgpack_reserve(buf, 9);
	size_t n;

	if (v >= 0) {
		if (v <= MP_POSITIVE_FIXINT_MAX) {
			p[0] = (unsigned char) v;
			n = 1;
		} else if (v < 0x100) {
			p[0] = MP_UINT8;
			p[1] = (unsigned char) v;
			n = 2;
		} else if (v < 0x10000) {
			p[0] = MP_UINT16;
			msgpack_store16(p + 1, (uint16_t) v);
			n = 3;
		} else if ((uint64_t) v <= UINT32_MAX) {
			p[0] = MP_UINT32;
			msgpack_store32(p + 1, (uint32_t) v);
			n = 5;
		} else {
			p[0] = MP_UINT64;
			msgpack_store64(p + 1, (uint64_t) v);
			n = 9;
		}
	} else if (v >= -32) {
		p[0] = (unsigned char) (int8_t) v;
		n = 1;
	} else if (v >= INT8_MIN) {
		p[0] = MP_INT8;
		p[1] = (unsigned char) (int8_t) v;
		n = 2;
	} else if (v >= INT16_MIN) {
		p[0] = MP_INT16;
		msgpack_store16(p + 1, (uint16_t) (int16_t) v);
		n = 3;
	} else if (v >= INT32_MIN) {
		p[0] = MP_INT32;
		msgpack_store32(p + 1, (uint32_t) (int32_t) v);
		n = 5;
	} else {
		p[0] = MP_INT64;
		msgpack_store64(p + 1, (uint64_t) v);
		n = 9;
	}
	GROW(buf, n);
}

/* A uint64: beyond INT64_MAX only the uint64 format holds it. */
static zend_always_inline void msgpack_pack_uint64(smart_str *buf, uint64_t v)
{
	if (v <= (uint64_t) INT64_MAX) {
		msgpack_pack_long(buf, (int64_t) v);
	} else {
		unsigned char *p = msgpack_reserve(buf, 9);
		p[0] = MP_UINT64;
		msgpack_store64(p + 1, v);
		GROW(buf, 9);
	}
}

/* f32: MSGPACK_F32_*; with NEVER, the one test of it is all the modes cost */
static zend_always_inline void msgpack_pack_double(smart_str *buf, double d, uint8_t f32)
{
	unsigned char *p = msgpack_reserve(buf, 9);

	if (f32 && (f32 == MSGPACK_F32_ALWAYS || msgpack_float32_decimal_fits(d))) {
		float f = (float) d;
		uint32_t bits;
		memcpy(&bits, &f, 4);
		p[0] = MP_FLOAT32;
		msgpack_store32(p + 1, bits);
		GROW(buf, 5);
	} else {
		uint64_t bits;
		memcpy(&bits, &d, 8);
		p[0] = MP_FLOAT64;
		msgpack_store64(p + 1, bits);
		GROW(buf, 9);
	}
}

/* Copies len bytes. Most strings packed are map keys and short values, for which a call of
 * memcpy() (its size dispatch included) costs more than the copy: up to 16 bytes, two
 * overlapping fixed-size copies do it (the compiler makes each one load and one store), never
 * reading or writing past the len bytes. */
static zend_always_inline void msgpack_copy_bytes(unsigned char *dst, const char *src, size_t len)
{
	if (len >= 8 && len <= 16) {
		memcpy(dst, src, 8);
		memcpy(dst + len - 8, src + len - 8, 8);
	} else if (len >= 4 && len < 8) {
		memcpy(dst, src, 4);
		memcpy(dst + len - 4, src + len - 4, 4);
	} else if (len < 4) {
		if (len > 0) {
			dst[0] = (unsigned char) src[0];
			dst[len >> 1] = (unsigned char) src[len >> 1];
			dst[len - 1] = (unsigned char) src[len - 1];
		}
	} else {
		msgpack_copy_long(dst, src, len);
	}
}

/* The format byte and the length after it, in the fewest bytes: f8 (if any, 0 for none),
 * f16 or f32. Returns how many bytes that took. */
static zend_always_inline size_t msgpack_store_sized_header(unsigned char *p, size_t len, unsigned char f8,
	unsigned char f16, unsigned char f32)
{
	if (len < 0x100 && f8) {
		p[0] = f8;
		p[1] = (unsigned char) len;
		return 2;
	}
	if (len < 0x10000) {
		p[0] = f16;
		msgpack_store16(p + 1, (uint16_t) len);
		return 3;
	}
	p[0] = f32;
	msgpack_store32(p + 1, (uint32_t) len);
	return 5;
}

/* str family only (the compatible format never writes bin); no UTF-8 check. */
static zend_always_inline void msgpack_pack_str(smart_str *buf, const char *s, size_t len, bool use_str8)
{
	unsigned char *p = msgpack_reserve(buf, len + 5);
	size_t head;

	if (len <= MP_FIXSTR_LEN_MAX) {
		p[0] = (unsigned char) (MP_FIXSTR | len);
		head = 1;
	} else {
		head = msgpack_store_sized_header(p, len, use_str8 ? MP_STR8 : 0, MP_STR16, MP_STR32);
	}
	msgpack_copy_bytes(p + head, s, len);
	GROW(buf, head + len);
}

/* bin family: always the shortest, bin8 included. */
static inline void msgpack_pack_bin(smart_str *buf, const char *s, size_t len)
{
	unsigned char *p = msgpack_reserve(buf, len + 5);
	size_t head = msgpack_store_sized_header(p, len, MP_BIN8, MP_BIN16, MP_BIN32);

	msgpack_copy_long(p + head, s, len);
	GROW(buf, head + len);
}

static zend_always_inline void msgpack_pack_container_header(smart_str *buf, uint32_t n, unsigned char fix,
	unsigned char f16, unsigned char f32)
{
	unsigned char *p = msgpack_reserve(buf, 5);

	if (n <= MP_FIX_COUNT_MAX) {
		p[0] = (unsigned char) (fix | n);
		GROW(buf, 1);
	} else {
		GROW(buf, msgpack_store_sized_header(p, n, 0, f16, f32));
	}
}

#define msgpack_pack_array_header(buf, n) msgpack_pack_container_header(buf, n, MP_FIXARRAY, MP_ARRAY16, MP_ARRAY32)
#define msgpack_pack_map_header(buf, n) msgpack_pack_container_header(buf, n, MP_FIXMAP, MP_MAP16, MP_MAP32)

/* An ext value in its shortest form. */
static inline void msgpack_pack_ext(smart_str *buf, int8_t type, const char *data, size_t len)
{
	unsigned char *p = msgpack_reserve(buf, len + 6);
	size_t head;

	switch (len) {
		case 1:  p[0] = MP_FIXEXT1;  head = 1; break;
		case 2:  p[0] = MP_FIXEXT2;  head = 1; break;
		case 4:  p[0] = MP_FIXEXT4;  head = 1; break;
		case 8:  p[0] = MP_FIXEXT8;  head = 1; break;
		case 16: p[0] = MP_FIXEXT16; head = 1; break;
		default:
			head = msgpack_store_sized_header(p, len, MP_EXT8, MP_EXT16, MP_EXT32);
	}
	p[head] = (unsigned char) type;
	memcpy(p + head + 1, data, len);
	GROW(buf, head + 1 + len);
}

/* A timestamp (ext -1) in the shortest of the spec's three forms that holds it: 32 bits of
 * seconds, 30 of nanoseconds and 34 of seconds, or 32 and 64. */
static inline void msgpack_pack_timestamp(smart_str *buf, int64_t sec, uint32_t nsec)
{
	unsigned char data[12];

	if (sec >= 0 && (sec >> 34) == 0) {
		if (nsec == 0 && sec <= UINT32_MAX) {
			msgpack_store32(data, (uint32_t) sec);
			msgpack_pack_ext(buf, MP_EXT_TIMESTAMP, (char *) data, 4);
		} else {
			msgpack_store64(data, ((uint64_t) nsec << 34) | (uint64_t) sec);
			msgpack_pack_ext(buf, MP_EXT_TIMESTAMP, (char *) data, 8);
		}
	} else {
		msgpack_store32(data, nsec);
		msgpack_store64(data + 4, (uint64_t) sec);
		msgpack_pack_ext(buf, MP_EXT_TIMESTAMP, (char *) data, 12);
	}
}

/* PECL's nil-keyed entry of a PHP object or reference: c0 followed by a marker
 * (MSGPACK_MARKER_*); a class name follows c0 through msgpack_put_byte() and msgpack_pack_str() instead. */
static zend_always_inline void msgpack_pack_marker(smart_str *buf, zend_long marker)
{
	unsigned char *p = msgpack_reserve(buf, 2);
	p[0] = MP_NIL;
	p[1] = (unsigned char) marker;
	GROW(buf, 2);
}

/* Bytes as they are (the heads of records). */
static zend_always_inline void msgpack_put_bytes(smart_str *buf, const unsigned char *bytes, size_t len)
{
	memcpy(msgpack_reserve(buf, len), bytes, len);
	GROW(buf, len);
}

/* ---- typed writers (MsgPack\Packer; pack_write.c) ----------------------------------------- */

/* Each appends one item (or a header) in its shortest form, to any buffer (an empty one too). */
void msgpack_write_nil(smart_str *buf);
void msgpack_write_bool(smart_str *buf, bool v);
void msgpack_write_long(smart_str *buf, zend_long v);
void msgpack_write_double(smart_str *buf, double v, uint8_t f32); /* f32: MSGPACK_F32_* */
void msgpack_write_str(smart_str *buf, const char *s, size_t len);
void msgpack_write_bin(smart_str *buf, const char *s, size_t len);
void msgpack_write_array_header(smart_str *buf, uint32_t n);
void msgpack_write_map_header(smart_str *buf, uint32_t n);
void msgpack_write_ext(smart_str *buf, int8_t type, const char *data, size_t len);
/* A string of at most 4 GiB - 1 bytes as bin when always_bin or when it is not valid UTF-8, else
 * as str (str8 included): BIN_STRINGS and DETECT_BIN. */
void msgpack_write_str_or_bin(smart_str *buf, zend_string *str, bool always_bin);
/* Writes into an encoder's buffer go through these functions or the inline writers above, never
 * smart_str_append*(): the buffer may be on msgpack_encode()'s stack. */

#endif
