/*
 * The encoder's byte writers that are called rather than inlined (pack_write.h has the others):
 * the growth of the buffer, out of the writers' fast path, the typed writers of
 * MsgPack\Packer, one call per item written, and the choice of str or bin by a string's bytes.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "encode/pack_write.h"
#include "common/msgpack_utf8.h"

/* ---- the buffer --------------------------------------------------------------------------- */

/* Past this, the buffer grows by this much at a time: the Zend allocator maps blocks this large
 * in 2 MB steps anyway, and a larger slack could hit memory_limit where the output alone fits. */
#define GROWTH_CAP ((size_t) 2 * 1024 * 1024)

void msgpack_buffer_grow(smart_str *buf, size_t n)
{
	size_t needed = ZSTR_LEN(buf->s) + n;
	size_t ahead = buf->a + MIN(buf->a >> 1, GROWTH_CAP);

	if (msgpack_buffer_on_stack(buf)) {
		/* past the stack buffer, the output is likely to grow more: go straight to 4 KB */
		msgpack_buffer_to_heap(buf, MAX(needed, (size_t) 4096 - _ZSTR_HEADER_SIZE - 1));
		return;
	}
	smart_str_erealloc(buf, needed > ahead ? needed : ahead);
}

/* ---- typed writers (MsgPack\Packer) -------------------------------------------------------- */

void msgpack_write_nil(smart_str *buf)
{
	msgpack_put_byte(msgpack_buffer_start(buf), MP_NIL);
}

void msgpack_write_bool(smart_str *buf, bool v)
{
	msgpack_put_byte(msgpack_buffer_start(buf), v ? MP_TRUE : MP_FALSE);
}

void msgpack_write_long(smart_str *buf, zend_long v)
{
	msgpack_pack_long(msgpack_buffer_start(buf), v);
}

void msgpack_write_double(smart_str *buf, double v, uint8_t f32)
{
	msgpack_pack_double(msgpack_buffer_start(buf), v, f32);
}

void msgpack_write_str(smart_str *buf, const char *s, size_t len)
{
	msgpack_pack_str(msgpack_buffer_start(buf), s, len, true);
}

void msgpack_write_bin(smart_str *buf, const char *s, size_t len)
{
	msgpack_pack_bin(msgpack_buffer_start(buf), s, len);
}

void msgpack_write_array_header(smart_str *buf, uint32_t n)
{
	msgpack_pack_array_header(msgpack_buffer_start(buf), n);
}

void msgpack_write_map_header(smart_str *buf, uint32_t n)
{
	msgpack_pack_map_header(msgpack_buffer_start(buf), n);
}

void msgpack_write_ext(smart_str *buf, int8_t type, const char *data, size_t len)
{
	msgpack_pack_ext(msgpack_buffer_start(buf), type, data, len);
}

/* ---- str or bin ---------------------------------------------------------------------------- */

void msgpack_write_str_or_bin(smart_str *buf, zend_string *str, bool always_bin)
{
	size_t len = ZSTR_LEN(str);
	bool as_bin;

	if (always_bin) {
		as_bin = true;
	} else if (len <= 32) {
		as_bin = !msgpack_is_utf8(ZSTR_VAL(str), len); /* cheaper than the flag below */
#ifdef IS_STR_VALID_UTF8
	} else if (GC_FLAGS(str) & IS_STR_VALID_UTF8) {
		/* the flag PHP (8.2+) and PCRE keep on strings found valid: packing again is free */
		as_bin = false;
#endif
	} else {
		as_bin = !msgpack_utf8_check(ZSTR_VAL(str), len);
#ifdef IS_STR_VALID_UTF8
		if (!as_bin && !ZSTR_IS_INTERNED(str)) {
			GC_ADD_FLAGS(str, IS_STR_VALID_UTF8);
		}
#endif
	}
	if (as_bin) {
		msgpack_pack_bin(msgpack_buffer_start(buf), ZSTR_VAL(str), len);
	} else {
		msgpack_pack_str(msgpack_buffer_start(buf), ZSTR_VAL(str), len, true);
	}
}
