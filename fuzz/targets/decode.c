/*
 * Target decode: the decoder (unpack.h msgpack_decode()) with one set of options per input, the
 * input's first byte choosing it among 48 (every byte value names one; the top 64 with a small
 * max_depth, 1 to 5, so that the depth limit is met at once):
 *
 *   0-15   the compatible API: php_only x assoc x illegal_key_insert x error_display (bits 0-3)
 *   16-47  the MsgPack\ API (strict keys, no class allowed): php_only, MAPS_AS_OBJECTS,
 *          BIGINT_AS_FLOAT (else STRING), TIMESTAMP_AS_DATETIME, FLOAT32_DECIMAL_FIT (bits 0-4)
 *
 * The rest of the input is read as MsgPack\unpack() reads it (the whole of it one value: an
 * error's offset inside the input and of the kind the scanner finds), with the MsgPack\ API's
 * options, then value after value: each value where msgpack_scan() says it ends, packed again
 * with the options of its API and read back, twice, the bytes of the last two round trips the
 * same (assoc on, no references), for inputs of up to ROUND_TRIP_MAX bytes.
 */
#include "php.h"
#include "../fuzz.h"

#define OPTION_SETS 48
/* inputs longer than this are not packed again (the round trips cost three times the rest) */
#define ROUND_TRIP_MAX 256

static void decode_run(const uint8_t *data, size_t size)
{
	msgpack_unpack_options uo;
	uint8_t sel;

	if (size == 0) {
		return;
	}
	sel = data[0];
	data++;
	size--;
	unsigned set = sel % OPTION_SETS;
	if (set < 16) {
		fuzz_compat_options(&uo, set & 1, set & 2, set & 4, set & 8);
	} else {
		set -= 16;
		fuzz_api_options(&uo, set & 1, !(set & 2), (set & 4) ? MSGPACK_BIGINT_FLOAT : MSGPACK_BIGINT_STRING,
			set & 8, set & 16);
	}
	if (sel >= 192) {
		uo.max_depth = 1 + sel % 5;
	}
	if (uo.api) {
		fuzz_decode_whole(data, size, &uo);
	}
	fuzz_decode_all(data, size, &uo, size <= ROUND_TRIP_MAX);
}

const fuzz_target_def fuzz_target = {
	.name = "decode",
	.request_inputs = 50000,
	.run = decode_run,
	.fresh_caches = true,
};
