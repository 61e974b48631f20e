/*
 * Target path: partial decoding (unpack_path.c), MsgPack\unpack($data, $flags, $path) and
 * unpackPaths() as the decoder runs them. The input's first byte chooses the options: bit 0 maps
 * as stdClass (MAPS_AS_OBJECTS), bit 1 STOP_AT_PATH, bit 2 RECORDS, bit 3 BIGINT_AS_FLOAT, bits
 * 4-5 how many paths (1 to 4, read in one pass); its second byte seeds the choice of the paths.
 * The rest is the MessagePack read:
 *
 *   - whole, as MsgPack\unpack() reads it; where that succeeds, each path is drawn from the value
 *     read (a key or an index at each level, to a random depth, then sometimes one step that
 *     misses), else made of a few common steps;
 *   - with the paths: where the whole value reads, so do the paths (STOP_AT_PATH included), and,
 *     without STOP_AT_PATH, each path is found exactly where the same steps taken in the whole
 *     value find it, with the same value, or is missing at the same step (objects other than
 *     stdClass, a MsgPack\Timestamp, end the comparison); an error's offset is inside the input.
 *
 * FUZZ_PATH_DEBUG=1 prints the paths drawn (to reproduce a finding from PHP).
 */
#include "php.h"
#include "../fuzz.h"
#include "decode/unpack_path.h"
#include "report/msgpack_report.h"

#define MAX_PATHS 4
#define MAX_STEPS 8

/* A small generator of choices (xorshift32), seeded from the input. */
static uint32_t next_choice(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

/* The entries a step can go into: an array's, a stdClass's properties; NULL for anything else. */
static HashTable *entries_of(zval *v)
{
	ZVAL_DEREF(v);
	if (Z_TYPE_P(v) == IS_ARRAY) {
		return Z_ARRVAL_P(v);
	}
	if (Z_TYPE_P(v) == IS_OBJECT && Z_OBJCE_P(v) == zend_standard_class_def) {
		return Z_OBJPROP_P(v);
	}
	return NULL;
}

/* The value of v at step, or NULL if there is none; *opaque when v is an object the comparison
 * does not step into. */
static zval *take_step(zval *v, zval *step, bool *opaque)
{
	HashTable *ht;
	zval *next;

	ZVAL_DEREF(v);
	if (Z_TYPE_P(v) == IS_OBJECT && Z_OBJCE_P(v) != zend_standard_class_def) {
		*opaque = true;
		return NULL;
	}
	if ((ht = entries_of(v)) == NULL) {
		return NULL;
	}
	if (Z_TYPE_P(v) == IS_ARRAY) {
		return Z_TYPE_P(step) == IS_LONG ? zend_hash_index_find(ht, Z_LVAL_P(step)) : zend_symtable_find(ht, Z_STR_P(step));
	}
	if (Z_TYPE_P(step) == IS_STRING) {
		return zend_hash_find_ind(ht, Z_STR_P(step));
	}
	zend_string *name = zend_long_to_str(Z_LVAL_P(step));
	next = zend_hash_find_ind(ht, name);
	zend_string_release(name);
	return next;
}

/* A step that is in no value here but may be in a map: an index past most lists, common keys. */
static void missing_step(zval *step, uint32_t choice)
{
	static const char *const keys[] = { "a", "", "0", "x", "\0*\0b" };

	if (choice & 1) {
		ZVAL_LONG(step, (zend_long) ((choice >> 1) % 5) - 1);
	} else {
		uint32_t k = (choice >> 1) % (sizeof(keys) / sizeof(keys[0]));
		ZVAL_STRINGL(step, keys[k], k == 4 ? 4 : strlen(keys[k]));
	}
}

/* A path drawn from whole (NULL: none read) into steps, a new array. */
static void draw_path(zval *whole, uint32_t *state, zval *steps)
{
	zval *node = whole;

	array_init(steps);
	for (uint32_t depth = 0; depth < MAX_STEPS; depth++) {
		HashTable *ht = node ? entries_of(node) : NULL;
		uint32_t choice = next_choice(state);
		zval step;

		if (ht == NULL || zend_hash_num_elements(ht) == 0 || choice % 5 == 0) {
			if (choice % 3 == 0) {
				missing_step(&step, next_choice(state));
				zend_hash_next_index_insert(Z_ARRVAL_P(steps), &step);
			}
			return;
		}
		/* the entry at a random position */
		uint32_t at = next_choice(state) % zend_hash_num_elements(ht), i = 0;
		zend_string *key;
		zend_ulong index;
		zval *value;
		ZEND_HASH_FOREACH_KEY_VAL_IND(ht, index, key, value) {
			if (i++ == at) {
				if (key) {
					ZVAL_STR_COPY(&step, key);
				} else {
					ZVAL_LONG(&step, (zend_long) index);
				}
				node = value;
				break;
			}
		} ZEND_HASH_FOREACH_END();
		if (i <= at) {
			return; /* (unset slots counted) */
		}
		zend_hash_next_index_insert(Z_ARRVAL_P(steps), &step);
	}
}

/* Where the steps lead in whole: 1 found (*value), 0 missing at *missing_step, -1 not compared. */
static int expected_at(zval *whole, HashTable *steps, zval **value, uint32_t *missing_step)
{
	zval *node = whole, *step;
	uint32_t i = 0;

	ZEND_HASH_FOREACH_VAL(steps, step) {
		bool opaque = false;
		zval *next = take_step(node, step, &opaque);
		if (opaque) {
			return -1;
		}
		if (next == NULL) {
			*missing_step = i;
			return 0;
		}
		node = next;
		i++;
	} ZEND_HASH_FOREACH_END();
	ZVAL_DEREF(node);
	if (Z_TYPE_P(node) == IS_OBJECT && Z_OBJCE_P(node) != zend_standard_class_def) {
		return -1;
	}
	*value = node;
	return 1;
}

static void path_run(const uint8_t *data, size_t size)
{
	msgpack_unpack_options uo, with_path;
	msgpack_unpack_result res;
	zval whole, found, steps[MAX_PATHS];
	uint32_t state, path_count;
	bool whole_read, stop_early;
	msgpack_path *path;
	uint8_t sel;

	if (size < 2) {
		return;
	}
	sel = data[0];
	state = 0x9e3779b9u ^ ((uint32_t) data[1] << 8) ^ (uint32_t) size;
	data += 2;
	size -= 2;
	fuzz_api_options(&uo, false, !(sel & 1), (sel & 8) ? MSGPACK_BIGINT_FLOAT : MSGPACK_BIGINT_STRING, false, false);
	uo.records = (sel & 4) != 0;
	uo.whole_input = true;
	stop_early = (sel & 2) != 0;
	path_count = 1 + ((sel >> 4) & 3);

	whole_read = msgpack_decode((const char *) data, size, &uo, &whole, &res);
	if (!whole_read) {
		msgpack_decoder_raise(&res);
	}
	msgpack_unpack_result_destroy(&res);
	zend_clear_exception();

	path = msgpack_path_new();
	for (uint32_t i = 0; i < path_count; i++) {
		uint32_t bad;
		draw_path(whole_read ? &whole : NULL, &state, &steps[i]);
		if (getenv("FUZZ_PATH_DEBUG")) {
			zval *s;
			fprintf(stderr, "path %u:", i);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL(steps[i]), s) {
				if (Z_TYPE_P(s) == IS_LONG) fprintf(stderr, " " ZEND_LONG_FMT, Z_LVAL_P(s));
				else fprintf(stderr, " \"%s\"", Z_STRVAL_P(s));
			} ZEND_HASH_FOREACH_END();
			fprintf(stderr, "\n");
		}
		if (!msgpack_path_add(path, Z_ARRVAL(steps[i]), &bad)) {
			fuzz_fail("a path of ints and strings refused", data, size);
		}
	}
	with_path = uo;
	with_path.path = path;
	with_path.path_stop_early = stop_early;
	bool path_read = msgpack_decode((const char *) data, size, &with_path, &found, &res);
	if (!path_read) {
		size_t at = res.error_offset;
		msgpack_decode_status error = res.api_error;
		msgpack_decoder_raise(&res);
		zend_clear_exception();
		if (at > size || (at == size && error != MSGPACK_DECODE_INSUFFICIENT)) {
			fuzz_failf(data, size, "a path read's error at offset %zu of %zu bytes", at, size);
		}
		if (whole_read) {
			fuzz_failf(data, size, "the whole value reads, a path read fails (%s)", res.detail ? res.detail : "?");
		}
	}
	msgpack_unpack_result_destroy(&res);
	if (path_read && Z_TYPE(found) != IS_ARRAY) {
		fuzz_fail("a path read gave no array of the values found", data, size);
	}
	if (path_read && whole_read && !stop_early) {
		for (uint32_t i = 0; i < path_count; i++) {
			zval *want = NULL, *got = zend_hash_index_find(Z_ARRVAL(found), i);
			uint32_t step = 0;
			int expected = expected_at(&whole, Z_ARRVAL(steps[i]), &want, &step);
			const msgpack_path_target *t = &path->targets[i];

			if (expected < 0) {
				continue;
			}
			if (expected == 1 && (got == NULL || t->missing != MSGPACK_PATH_FOUND)) {
				fuzz_failf(data, size, "path %u (%u steps): in the whole value, not by the path (missing %d at step %u)",
					i, zend_hash_num_elements(Z_ARRVAL(steps[i])), (int) t->missing, t->step);
			}
			if (expected == 0 && (got != NULL || t->missing == MSGPACK_PATH_FOUND)) {
				fuzz_failf(data, size, "path %u: found by the path, missing at step %u of the whole value", i, step);
			}
			if (expected == 0 && t->step != step) {
				fuzz_failf(data, size, "path %u: missing at step %u, at step %u of the whole value", i, t->step, step);
			}
			if (expected == 1 && !fuzz_same_value(got, want)) {
				fuzz_failf(data, size, "path %u: another value than at the same steps of the whole value", i);
			}
		}
	}
	if (path_read) {
		zval_ptr_dtor(&found);
	}
	if (whole_read) {
		zval_ptr_dtor(&whole);
	}
	for (uint32_t i = 0; i < path_count; i++) {
		zval_ptr_dtor(&steps[i]);
	}
	msgpack_path_free(path);
	zend_clear_exception();
}

const fuzz_target_def fuzz_target = {
	.name = "path",
	.request_inputs = 50000,
	.run = path_run,
	.fresh_caches = true,
};
