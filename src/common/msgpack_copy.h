/* Copies of long strings (pack.c writes them, unpack.c reads them). */
#ifndef MSGPACK_COPY_H
#define MSGPACK_COPY_H

#include "php.h"

/*
 * glibc's memcpy() (2.36, x86-64; measured on an AMD EPYC) takes a slower path from 1 MiB on:
 * a copy of 1,048,576 bytes took 19.5 us, one of 1,048,575 bytes 15.1 us, and one of 16 MiB
 * 470-545 us; the same copies made of pieces of 512 KiB took 15.0 us and 370-390 us. So the
 * 1 MB string, which a plain substr($s, 1) copies 1 byte short of 1 MiB, cost 1.15-1.2x the copy
 * baseline to pack and to unpack with one memcpy(). A call more per 512 KiB costs nothing
 * measurable.
 */
#define MSGPACK_COPY_PIECE ((size_t) 512 * 1024)

static zend_never_inline void msgpack_copy_in_pieces(void *dst, const void *src, size_t len)
{
	char *d = dst;
	const char *s = src;

	while (len > MSGPACK_COPY_PIECE) {
		memcpy(d, s, MSGPACK_COPY_PIECE);
		d += MSGPACK_COPY_PIECE;
		s += MSGPACK_COPY_PIECE;
		len -= MSGPACK_COPY_PIECE;
	}
	memcpy(d, s, len);
}

/* memcpy() for copies that may be long. */
static zend_always_inline void msgpack_copy_long(void *dst, const void *src, size_t len)
{
	if (UNEXPECTED(len > MSGPACK_COPY_PIECE)) {
		msgpack_copy_in_pieces(dst, src, len);
	} else {
		memcpy(dst, src, len);
	}
}

#endif
