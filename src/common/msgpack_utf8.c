/*
 * UTF-8 validation, for DETECT_BIN: it runs over every string packed, so it works on words.
 *
 * ASCII, most of the text in most documents, is checked 16 bytes at a time (8 off x86-64 and
 * arm64). From the first block that is not ASCII on, x86-64 CPUs with AVX2 or SSSE3 check 32 or
 * 16 bytes per step, arm64 CPUs 16 with NEON (the table-lookup method of Keiser and Lemire,
 * "Validating UTF-8 In Less Than One Instruction Per Byte", 2021); other CPUs, and strings under
 * 16 bytes, one character per step on a 4-byte word (validate_scalar()).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "common/msgpack_utf8.h"

#if defined(__x86_64__) && defined(__GNUC__)
# define MSGPACK_UTF8_SSSE3 1
# include <immintrin.h>
#elif defined(__aarch64__) && defined(__ARM_NEON)
/* NEON (Advanced SIMD) is part of every arm64 CPU: no check at run time */
# define MSGPACK_UTF8_NEON 1
# include <arm_neon.h>
#endif

#define HIGH_BITS UINT64_C(0x8080808080808080)

/* The 4 bytes at p as a little-endian word; past end, zeros, which no continuation byte matches. */
static zend_always_inline uint32_t load4(const unsigned char *p, const unsigned char *end)
{
	if (EXPECTED(end - p >= 4)) {
		return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
	}
	uint32_t w = 0;
	for (int i = 0; i < end - p; i++) {
		w |= (uint32_t) p[i] << (8 * i);
	}
	return w;
}

/* One character at a time from p, which follows ASCII (or is the start). */
static bool validate_scalar(const unsigned char *p, const unsigned char *end)
{
	while (p < end) {
		if (*p < 0x80) {
			p++;
			continue;
		}
		uint32_t w = load4(p, end), cp;

		if ((w & 0xc0c0f0) == 0x8080e0) {
			cp = (w & 0x0f) << 12 | (w & 0x3f00) >> 2 | (w >> 16 & 0x3f);
			if (cp < 0x800 || cp - 0xd800 < 0x800) { /* overlong, surrogate */
				return false;
			}
			p += 3;
		} else if ((w & 0xc0e0) == 0x80c0) {
			if ((w & 0x1e) == 0) { /* c0, c1: overlong */
				return false;
			}
			p += 2;
		} else if ((w & 0xc0c0c0f8) == 0x808080f0) {
			cp = (w & 0x07) << 18 | (w & 0x3f00) << 4 | (w & 0x3f0000) >> 10 | (w >> 24 & 0x3f);
			if (cp - 0x10000 > 0xfffff) { /* overlong, past U+10FFFF */
				return false;
			}
			p += 4;
		} else {
			return false;
		}
	}
	return true;
}

#if defined(MSGPACK_UTF8_SSSE3) || defined(MSGPACK_UTF8_NEON)
/*
 * Each byte is judged with the one before it: three 16-entry tables, indexed by the high nibble
 * of the previous byte, its low nibble and the high nibble of the byte, give the errors that
 * pair could be; their AND is the errors it is. A continuation byte after a continuation byte
 * (TWO_CONTS) is right exactly where the byte two or three back is a lead of 3 or 4 bytes.
 */
#define TOO_SHORT  (1 << 0) /* lead not followed by a continuation */
#define TOO_LONG   (1 << 1) /* ASCII followed by a continuation */
#define OVERLONG_3 (1 << 2) /* e0 80..9f */
#define TOO_LARGE  (1 << 3) /* f4 90..bf, f5..ff */
#define SURROGATE  (1 << 4) /* ed a0..bf */
#define OVERLONG_2 (1 << 5) /* c0, c1 */
#define OVERLONG_4_OR_TOO_LARGE_1000 (1 << 6) /* f0 80..8f; f5..ff 80..8f */
#define TWO_CONTS  (1 << 7) /* continuation after continuation */
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS) /* whatever the low nibble */

/* The three tables, each twice: a 256-bit shuffle looks up in each 128-bit lane. */
#define PREV_HIGH_ENTRIES \
	TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, \
	TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, \
	TOO_SHORT | OVERLONG_2, \
	TOO_SHORT, \
	TOO_SHORT | OVERLONG_3 | SURROGATE, \
	TOO_SHORT | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000
#define PREV_LOW_ENTRIES \
	CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4_OR_TOO_LARGE_1000, \
	CARRY | OVERLONG_2, \
	CARRY, CARRY, \
	CARRY | TOO_LARGE, \
	CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, \
	CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, \
	CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, \
	CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, \
	CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000 | SURROGATE, \
	CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000, CARRY | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000
#define CUR_HIGH_ENTRIES \
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | OVERLONG_4_OR_TOO_LARGE_1000, \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE, \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, \
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT

static const unsigned char prev_high_table[32] = { PREV_HIGH_ENTRIES, PREV_HIGH_ENTRIES };
static const unsigned char prev_low_table[32] = { PREV_LOW_ENTRIES, PREV_LOW_ENTRIES };
static const unsigned char cur_high_table[32] = { CUR_HIGH_ENTRIES, CUR_HIGH_ENTRIES };
/* shifts a block down by k bytes, zeros coming in: index k of this, as a shuffle mask */
static const unsigned char shift_down[32] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};

#endif

#ifdef MSGPACK_UTF8_SSSE3
/* The errors of the 16 bytes cur, which follow the 16 bytes prev. */
__attribute__((target("ssse3")))
static zend_always_inline __m128i block_errors_16(__m128i prev, __m128i cur)
{
	const __m128i nibble = _mm_set1_epi8(0x0f);
	__m128i prev1 = _mm_alignr_epi8(cur, prev, 15);
	__m128i special = _mm_and_si128(
		_mm_and_si128(
			_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) prev_high_table), _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble)),
			_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) prev_low_table), _mm_and_si128(prev1, nibble))),
		_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) cur_high_table), _mm_and_si128(_mm_srli_epi16(cur, 4), nibble)));
	/* at least 1 where the byte 2 back is e0..ff or the byte 3 back f0..ff */
	__m128i third_or_fourth = _mm_or_si128(
		_mm_subs_epu8(_mm_alignr_epi8(cur, prev, 14), _mm_set1_epi8((char) (0xe0 - 1))),
		_mm_subs_epu8(_mm_alignr_epi8(cur, prev, 13), _mm_set1_epi8((char) (0xf0 - 1))));
	__m128i must_continue = _mm_and_si128(_mm_cmpgt_epi8(third_or_fourth, _mm_setzero_si128()), _mm_set1_epi8((char) 0x80));

	return _mm_xor_si128(must_continue, special);
}

/* From p (at least 16 bytes before end, or prev holding the 16 bytes before p) to the end, by
 * 16 bytes; error holds the errors found so far. */
__attribute__((target("ssse3")))
static zend_always_inline bool validate_rest_16(const unsigned char *p, const unsigned char *end, __m128i prev, __m128i error)
{
	__m128i cur;

	while (end - p >= 16) {
		cur = _mm_loadu_si128((const __m128i *) p);
		error = _mm_or_si128(error, block_errors_16(prev, cur));
		prev = cur;
		p += 16;
	}
	if (p < end) {
		/* the rest, as the last 16 bytes shifted down over what was checked, zeros after them */
		cur = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (end - 16)),
			_mm_loadu_si128((const __m128i *) (shift_down + (16 - (end - p)))));
		error = _mm_or_si128(error, block_errors_16(prev, cur));
	}
	/* a sequence cut by the end */
	if (end[-1] >= 0xc0 || end[-2] >= 0xe0 || end[-3] >= 0xf0) {
		return false;
	}
	return _mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) == 0xffff;
}

/* p has at least 16 bytes before end; what precedes p is ASCII. */
__attribute__((target("ssse3")))
static bool validate_ssse3(const unsigned char *p, const unsigned char *end)
{
	return validate_rest_16(p, end, _mm_setzero_si128(), _mm_setzero_si128());
}

/* The same 32 bytes at a time: the bytes before each lane's first come from the lane before. */
__attribute__((target("avx2")))
static bool validate_avx2(const unsigned char *p, const unsigned char *end)
{
	const __m256i nibble = _mm256_set1_epi8(0x0f);
	const __m256i prev_high = _mm256_loadu_si256((const __m256i *) prev_high_table);
	const __m256i prev_low = _mm256_loadu_si256((const __m256i *) prev_low_table);
	const __m256i cur_high = _mm256_loadu_si256((const __m256i *) cur_high_table);
	const __m256i lead3_floor = _mm256_set1_epi8((char) (0xe0 - 1));
	const __m256i lead4_floor = _mm256_set1_epi8((char) (0xf0 - 1));
	const __m256i high_bit = _mm256_set1_epi8((char) 0x80);
	__m256i prev = _mm256_setzero_si256(), error = _mm256_setzero_si256();

	while (end - p >= 32) {
		__m256i cur = _mm256_loadu_si256((const __m256i *) p);
		__m256i before = _mm256_permute2x128_si256(prev, cur, 0x21); /* prev's high lane, cur's low */
		__m256i prev1 = _mm256_alignr_epi8(cur, before, 15);
		__m256i special = _mm256_and_si256(
			_mm256_and_si256(
				_mm256_shuffle_epi8(prev_high, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
				_mm256_shuffle_epi8(prev_low, _mm256_and_si256(prev1, nibble))),
			_mm256_shuffle_epi8(cur_high, _mm256_and_si256(_mm256_srli_epi16(cur, 4), nibble)));
		__m256i third_or_fourth = _mm256_or_si256(
			_mm256_subs_epu8(_mm256_alignr_epi8(cur, before, 14), lead3_floor),
			_mm256_subs_epu8(_mm256_alignr_epi8(cur, before, 13), lead4_floor));
		__m256i must_continue = _mm256_and_si256(_mm256_cmpgt_epi8(third_or_fourth, _mm256_setzero_si256()), high_bit);
		error = _mm256_or_si256(error, _mm256_xor_si256(must_continue, special));
		prev = cur;
		p += 32;
	}
	/* the rest: its shifted last block reads the 16 bytes before end, which are in the string */
	return validate_rest_16(p, end, _mm256_extracti128_si256(prev, 1),
		_mm_or_si128(_mm256_castsi256_si128(error), _mm256_extracti128_si256(error, 1)));
}

#endif

#ifdef MSGPACK_UTF8_NEON
/* block_errors_16() with NEON: vextq_u8() takes the bytes before each, vqtbl1q_u8() looks up. */
static zend_always_inline uint8x16_t neon_block_errors(uint8x16_t prev, uint8x16_t cur, uint8x16_t prev_high,
	uint8x16_t prev_low, uint8x16_t cur_high)
{
	const uint8x16_t nibble = vdupq_n_u8(0x0f);
	uint8x16_t prev1 = vextq_u8(prev, cur, 15);
	uint8x16_t special = vandq_u8(
		vandq_u8(vqtbl1q_u8(prev_high, vshrq_n_u8(prev1, 4)), vqtbl1q_u8(prev_low, vandq_u8(prev1, nibble))),
		vqtbl1q_u8(cur_high, vshrq_n_u8(cur, 4)));
	/* not 0 where the byte 2 back is e0..ff or the byte 3 back f0..ff */
	uint8x16_t third_or_fourth = vorrq_u8(
		vqsubq_u8(vextq_u8(prev, cur, 14), vdupq_n_u8(0xe0 - 1)),
		vqsubq_u8(vextq_u8(prev, cur, 13), vdupq_n_u8(0xf0 - 1)));
	uint8x16_t must_continue = vandq_u8(vtstq_u8(third_or_fourth, third_or_fourth), vdupq_n_u8(0x80));

	return veorq_u8(must_continue, special);
}

/* p has at least 16 bytes before end; what precedes p is ASCII. */
static bool validate_neon(const unsigned char *p, const unsigned char *end)
{
	const uint8x16_t prev_high = vld1q_u8(prev_high_table);
	const uint8x16_t prev_low = vld1q_u8(prev_low_table);
	const uint8x16_t cur_high = vld1q_u8(cur_high_table);
	uint8x16_t prev = vdupq_n_u8(0), error = vdupq_n_u8(0), cur;

	while (end - p >= 16) {
		cur = vld1q_u8(p);
		error = vorrq_u8(error, neon_block_errors(prev, cur, prev_high, prev_low, cur_high));
		prev = cur;
		p += 16;
	}
	if (p < end) {
		/* the rest, as the last 16 bytes shifted down over what was checked, zeros after them
		 * (vqtbl1q_u8() gives 0 for an index past 15) */
		cur = vqtbl1q_u8(vld1q_u8(end - 16), vld1q_u8(shift_down + (16 - (end - p))));
		error = vorrq_u8(error, neon_block_errors(prev, cur, prev_high, prev_low, cur_high));
	}
	/* a sequence cut by the end */
	if (end[-1] >= 0xc0 || end[-2] >= 0xe0 || end[-3] >= 0xf0) {
		return false;
	}
	return vmaxvq_u8(error) == 0;
}
#endif

#ifdef MSGPACK_UTF8_SSSE3
/* 2: AVX2, 1: SSSE3, 0: neither. Set once by msgpack_utf8_startup(), at module startup, before
 * any thread runs; only read after that (a lazy first-use choice would be written by whichever
 * thread of a ZTS process came first, while others read it). Until then: the scalar code. */
static int simd_level;
#endif

void msgpack_utf8_startup(void)
{
#ifdef MSGPACK_UTF8_SSSE3
	__builtin_cpu_init();
	simd_level = __builtin_cpu_supports("avx2") ? 2 : __builtin_cpu_supports("ssse3") ? 1 : 0;
#endif
}

/* The 8 bytes at p as a word (any alignment). */
static zend_always_inline uint64_t load8(const unsigned char *p)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return w;
}

bool msgpack_utf8_check(const char *str, size_t len)
{
	const unsigned char *p = (const unsigned char *) str, *end = p + len;

	if (len < 16) {
		return validate_scalar(p, end); /* msgpack_is_utf8() found a byte that is not ASCII */
	}
#ifdef MSGPACK_UTF8_SSSE3
	/* SSE2 is part of x86-64 */
	while (end - p >= 16) {
		if (_mm_movemask_epi8(_mm_loadu_si128((const __m128i *) p))) {
			goto not_ascii;
		}
		p += 16;
	}
	if (p == end || !_mm_movemask_epi8(_mm_loadu_si128((const __m128i *) (end - 16)))) {
		return true;
	}
	p = end - 16; /* what precedes it is ASCII */
not_ascii:
	switch (simd_level) {
		case 2: return validate_avx2(p, end);
		case 1: return validate_ssse3(p, end);
		default: return validate_scalar(p, end);
	}
#elif defined(MSGPACK_UTF8_NEON)
	while (end - p >= 16) {
		if (vmaxvq_u8(vld1q_u8(p)) >= 0x80) {
			return validate_neon(p, end);
		}
		p += 16;
	}
	if (p == end || vmaxvq_u8(vld1q_u8(end - 16)) < 0x80) {
		return true;
	}
	return validate_neon(end - 16, end); /* what precedes it is ASCII */
#else
	while (end - p >= 8) {
		if (load8(p) & HIGH_BITS) {
			return validate_scalar(p, end);
		}
		p += 8;
	}
	if (p == end || !(load8(end - 8) & HIGH_BITS)) {
		return true;
	}
	return validate_scalar(end - 8, end);
#endif
}
