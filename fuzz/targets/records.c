/*
 * Target records: msgpackr's records (unpack_records.c, msgpack_scan.c, pack_records.c,
 * msgpack_records.c). The input's first byte chooses the options: bit 0 maps as arrays (else
 * stdClass), bits 1-2 the structures shared in advance (none; the 40 of harness.inc.php, "k0" to
 * "k39", numbers 32-39 with two-byte identifiers; the 3 of harness.inc.php, [a, b], [x, y, z],
 * [0, 1]); its second byte the sizes of the pieces the scanner is fed. The rest is read:
 *
 *   - as MsgPack\unpack($data, RECORDS) reads it (the whole input one value: an error's offset
 *     inside the input, of the kind the scanner with the shared structures finds);
 *   - value after value as a stream reads it (the structures a value declares carry over to the
 *     next ones, msgpackr's sequential mode), against the resumable scanner fed the bytes in
 *     pieces and framing records with the field counts it keeps: each value the decoder reads
 *     the scanner finds whole, of the same length; each value (inputs of up to ROUND_TRIP_MAX
 *     bytes) packs again with RECORDS (and the shared structures) and reads back, twice, the
 *     bytes of the last two round trips the same.
 */
#include "php.h"
#include "../fuzz.h"

/* inputs longer than this are not packed again (the round trips cost twice the rest) */
#define ROUND_TRIP_MAX 512

static msgpack_record_table *shared40, *shared3;

static void records_setup(void)
{
	shared40 = fuzz_shared_structures();
	shared3 = fuzz_small_structures();
	fuzz_keep_index(shared40);
	fuzz_keep_index(shared3);
}

static void records_teardown(void)
{
	msgpack_record_table_free(shared40);
	msgpack_record_table_free(shared3);
	shared40 = shared3 = NULL;
}

static void records_run(const uint8_t *data, size_t size)
{
	msgpack_unpack_options uo;
	const msgpack_record_table *shared;
	fuzz_bytes pieces;
	uint8_t sel;

	if (size < 2) {
		return;
	}
	sel = data[0];
	pieces = (fuzz_bytes) {data + 1, 1, 0, 0};
	data += 2;
	size -= 2;
	switch ((sel >> 1) % 3) {
		case 0: shared = NULL; break;
		case 1: shared = shared40; break;
		default: shared = shared3; break;
	}
	fuzz_api_options(&uo, false, sel & 1, MSGPACK_BIGINT_STRING, false, false);
	uo.records = true;
	uo.shared_records = shared;
	fuzz_decode_whole(data, size, &uo);
	fuzz_decode_records(data, size, sel & 1, shared, &pieces, size <= ROUND_TRIP_MAX);
}

const fuzz_target_def fuzz_target = {
	.name = "records",
	.request_inputs = 50000,
	.setup = records_setup,
	.teardown = records_teardown,
	.run = records_run,
	.fresh_caches = true,
};
