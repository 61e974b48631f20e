/* UTF-8 validation for DETECT_BIN (msgpack_utf8.c). */
#ifndef MSGPACK_UTF8_H
#define MSGPACK_UTF8_H

#include "php.h"

/* Whether s[0..len) is well-formed UTF-8: no stray or missing continuation bytes, no overlong
 * forms, no surrogates, nothing past U+10FFFF (what PCRE's //u accepts). */
bool msgpack_utf8_check(const char *s, size_t len);

/* Picks the implementation for this CPU; once, in MINIT (process-wide, read by every thread). */
void msgpack_utf8_startup(void);

/* The same, with the common case inline: a short ASCII string, tested on two words that may
 * overlap. */
static zend_always_inline bool msgpack_is_utf8(const char *s, size_t len)
{
	if (len < 16) {
		uint64_t high;
		if (len >= 8) {
			uint64_t a, b;
			memcpy(&a, s, 8);
			memcpy(&b, s + len - 8, 8);
			high = a | b;
		} else if (len >= 4) {
			uint32_t a, b;
			memcpy(&a, s, 4);
			memcpy(&b, s + len - 4, 4);
			high = a | b;
		} else {
			high = 0;
			for (size_t i = 0; i < len; i++) {
				high |= (unsigned char) s[i];
			}
		}
		if (!(high & UINT64_C(0x8080808080808080))) {
			return true;
		}
	} else if (len <= 32) {
		/* the first and the last 16 bytes, overlapping: ASCII needs no call */
		uint64_t a, b, c, d;
		memcpy(&a, s, 8);
		memcpy(&b, s + 8, 8);
		memcpy(&c, s + len - 16, 8);
		memcpy(&d, s + len - 8, 8);
		if (!((a | b | c | d) & UINT64_C(0x8080808080808080))) {
			return true;
		}
	}
	return msgpack_utf8_check(s, len);
}

#endif
