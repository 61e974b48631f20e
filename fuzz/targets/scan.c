/*
 * Target scan: the scanner (msgpack_scan.h) against the decoder. The input's first byte chooses
 * the decoder's options (bits 0-1: the compatible API with php_only on, off; the MsgPack\ API
 * with PHP_OBJECTS, without) and the nesting limit (bits 2-4: the default, or 1 to 7 levels),
 * its second the sizes of the pieces the resumable scanner is fed; the rest is read value after
 * value, for each value:
 *
 *   - msgpack_scan() and msgpack_scanner_run() on all the bytes left agree (verdict, length, and
 *     for INVALID and INCOMPLETE where the scanner stopped); run again after INVALID, the
 *     scanner refuses the same item again;
 *   - msgpack_scanner_run() fed the bytes in pieces (each run with the bytes before and more,
 *     as a stream feeds it) ends as the single run does: the same verdict at the same place,
 *     the same length; between pieces it stops at an item the bytes so far end in;
 *   - the decoder agrees: a value decoded is COMPLETE and as long; short of data is not
 *     COMPLETE, a parse error INVALID; as the MsgPack\ API reports the error, short of data is
 *     INCOMPLETE, a parse error INVALID at the 0xc1 the error names, too deep INVALID at the
 *     container it names; INVALID and INCOMPLETE are a failed decode;
 *
 * and the whole of it as MsgPack\unpack() reads it (fuzz_decode_whole(): the offset an error
 * names and its kind, against msgpack_scan()). The values go on after one the decoder refuses
 * whole (an invalid ext, a bad class entry), until the scanner stops.
 */
#include "php.h"
#include "decode/msgpack_scan.h"
#include "../fuzz.h"

/* The scanner on len bytes in one run: the verdict, *value_len, *stop (where it stopped). */
static msgpack_scan_result scan_once(const uint8_t *p, size_t len, uint32_t max_depth, size_t *value_len, size_t *stop)
{
	msgpack_scanner s;
	msgpack_scan_result r;

	msgpack_scanner_init(&s, max_depth);
	*value_len = 0;
	r = msgpack_scanner_run(&s, (const char *) p, len, value_len);
	*stop = r == MSGPACK_SCAN_COMPLETE ? *value_len : s.pos;
	msgpack_scanner_destroy(&s);
	return r;
}

static void scan_run(const uint8_t *data, size_t size)
{
	msgpack_unpack_options uo;
	fuzz_bytes pieces;
	size_t pos = 0;
	uint8_t sel;

	if (size < 2) {
		return;
	}
	sel = data[0];
	pieces = (fuzz_bytes) {data + 1, 1, 0, 0};
	data += 2;
	size -= 2;
	switch (sel & 3) {
		case 0: fuzz_compat_options(&uo, true, true, false, false); break;
		case 1: fuzz_compat_options(&uo, false, false, true, false); break;
		case 2: fuzz_api_options(&uo, true, true, MSGPACK_BIGINT_STRING, false, false); break;
		default: fuzz_api_options(&uo, false, false, MSGPACK_BIGINT_FLOAT, true, true); break;
	}
	if ((sel >> 2) & 7) {
		uo.max_depth = (sel >> 2) & 7;
	}

	while (pos < size) {
		const uint8_t *p = data + pos;
		size_t left = size - pos, len1 = 0, stop1, len2 = 0, stop2;
		msgpack_scan_result r1, r2, r0;
		msgpack_unpack_result res;
		msgpack_scanner s;
		zval v;

		/* one run, and msgpack_scan() */
		r1 = scan_once(p, left, uo.max_depth, &len1, &stop1);
		r0 = msgpack_scan((const char *) p, left, uo.max_depth, &len2);
		if (r0 != r1 || (r1 == MSGPACK_SCAN_COMPLETE && len2 != len1)) {
			fuzz_fail("msgpack_scan() and msgpack_scanner_run() disagree", data, size);
		}
		if (r1 == MSGPACK_SCAN_COMPLETE ? len1 == 0 || len1 > left : stop1 >= left + (r1 == MSGPACK_SCAN_INCOMPLETE)) {
			fuzz_fail("the scanner stopped outside the bytes", data, size);
		}
		if (r1 == MSGPACK_SCAN_INVALID && p[stop1] != 0xc1 && msgpack_scan_extent((const char *) p + stop1,
				left - stop1, &(size_t) {0}, &(uint64_t) {0}, &(uint64_t) {0}) != MSGPACK_SCAN_COMPLETE) {
			fuzz_fail("the scanner refused an item that is neither 0xc1 nor a container's whole header", data, size);
		}

		/* fed in pieces: the same bytes and more at each run */
		msgpack_scanner_init(&s, uo.max_depth);
		size_t avail = 0;
		do {
			avail += fuzz_piece(fuzz_next(&pieces));
			if (avail > left) {
				avail = left;
			}
			r2 = msgpack_scanner_run(&s, (const char *) p, avail, &len2);
			if (r2 == MSGPACK_SCAN_INCOMPLETE && s.pos > avail) {
				fuzz_fail("the resumable scanner stopped past the bytes it was given", data, size);
			}
		} while (r2 == MSGPACK_SCAN_INCOMPLETE && avail < left);
		stop2 = r2 == MSGPACK_SCAN_COMPLETE ? len2 : s.pos;
		if (r2 != r1 || stop2 != stop1) {
			fuzz_failf(data, size, "the scanner fed in pieces ends otherwise (%d at %zu) than in one run (%d at %zu)",
				(int) r2, stop2, (int) r1, stop1);
		}
		if (r2 == MSGPACK_SCAN_INVALID) {
			/* it stays at the item it refused */
			r2 = msgpack_scanner_run(&s, (const char *) p, left, &len2);
			if (r2 != MSGPACK_SCAN_INVALID || s.pos != stop1) {
				fuzz_fail("the scanner, run again after INVALID, does not refuse the same item", data, size);
			}
		}
		msgpack_scanner_destroy(&s);

		/* the decoder */
		bool ok = msgpack_decode((const char *) p, left, &uo, &v, &res);
		zend_clear_exception();
		if (ok) {
			if (r1 != MSGPACK_SCAN_COMPLETE || len1 != res.consumed) {
				fuzz_failf(data, size, "a value decoded (%zu bytes) where the scanner says %d (%zu bytes)",
					res.consumed, (int) r1, len1);
			}
			zval_ptr_dtor(&v);
		} else {
			if (Z_TYPE(v) != IS_NULL) {
				fuzz_fail("a failed decode left a value", data, size);
			}
			/* the decoder's own verdict: a count no bytes left could back is short of data at
			 * once, where the scanner may meet 0xc1 first (the compatible API's warning) */
			if (res.error == MSGPACK_DECODE_INSUFFICIENT && r1 == MSGPACK_SCAN_COMPLETE) {
				fuzz_fail("the decoder short of data, the scanner found the value whole", data, size);
			}
			if (res.error == MSGPACK_DECODE_PARSE_ERROR && r1 != MSGPACK_SCAN_INVALID) {
				fuzz_failf(data, size, "a parse error, the scanner %d", (int) r1);
			}
			/* as the MsgPack\ API reports it (the scanner asked where the input went wrong) */
			switch (res.api_error) {
				case MSGPACK_DECODE_INSUFFICIENT:
					if (r1 != MSGPACK_SCAN_INCOMPLETE) {
						fuzz_failf(data, size, "the decoder short of data, the scanner %d", (int) r1);
					}
					break;
				case MSGPACK_DECODE_PARSE_ERROR:
					if (r1 != MSGPACK_SCAN_INVALID || stop1 != res.error_offset || p[stop1] != 0xc1) {
						fuzz_failf(data, size, "a parse error at %zu, the scanner %d at %zu", res.error_offset,
							(int) r1, stop1);
					}
					break;
				case MSGPACK_DECODE_DEPTH:
					if (r1 != MSGPACK_SCAN_INVALID || stop1 != res.error_offset || p[stop1] == 0xc1) {
						fuzz_failf(data, size, "too deep for the decoder at %zu, the scanner %d at %zu",
							res.error_offset, (int) r1, stop1);
					}
					break;
				default:
					break;
			}
		}
		msgpack_unpack_result_destroy(&res);
		if (r1 != MSGPACK_SCAN_COMPLETE) {
			if (ok) {
				fuzz_fail("the scanner refused a value the decoder read", data, size);
			}
			break;
		}
		pos += len1;
	}
	if (uo.api) {
		fuzz_decode_whole(data, size, &uo);
	}
}

const fuzz_target_def fuzz_target = {
	.name = "scan",
	.request_inputs = 50000,
	.run = scan_run,
	.fresh_caches = true,
};
