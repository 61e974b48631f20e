/*
 * The libFuzzer harness's common part: PHP embedded (libphp, the embed SAPI) with this extension
 * compiled in and registered as an additional module at startup, and the checks of the decoder
 * that the targets share. Each target (fuzz/targets/NAME.c, see fuzz.h) is its own binary:
 *
 *   decode   the decoder (unpack.h) with one set of options per input (the input's first byte):
 *            the compatible API's (php_only x assoc x illegal_key_insert x error_display) or the
 *            MsgPack\ API's (strict keys, php_only, assoc, bigint STRING/FLOAT,
 *            timestamp_as_datetime, float32_decimal), the whole input one value and then value
 *            after value, each agreeing with msgpack_scan() and packed again and read back
 *   scan     the scanner (msgpack_scan.h) against the decoder, whole and fed in pieces
 *   records  records with and without shared structures, the stream's declarations carried over
 *   typed    typed decoding (MsgPack\unpackAs()) into plans made once per request
 *   stream   the stream core of both unpacker classes (msgpack_stream.h), fed in pieces, read
 *            value by value and item by item
 *   path     partial decoding (unpack_path.h): paths drawn from the value read whole, read again
 *            with the paths, against the same steps taken in the whole value
 *   php      every entry point with PHP code in the loop (fuzz/harness.inc.php): the functions,
 *            both unpacker classes fed in pieces, templates, the MsgPack\ API
 *
 * The fast ones (all but php) run each input in the frame of an internal function, __fuzz_run(),
 * with no PHP code: they give the decoder the input's bytes and nothing after them (a read one byte
 * past them is caught, where a PHP string's NUL hides it), and empty the decoder's caches after each
 * input (fuzz.h: fresh_caches), so that a finding reproduces from its file alone.
 *
 * A broken invariant aborts (the fuzzer then saves the input). Memory: USE_ZEND_ALLOC=0 makes
 * emalloc() plain malloc(), so ASan sees every overflow and LeakSanitizer every leaked zval;
 * a PHP request lasts fuzz_target.request_inputs inputs, and the cycle collector runs after each
 * input. PHP's startup leaves a few blocks LeakSanitizer counts as leaked (libphp keeps only
 * interior pointers to them): PHP's startup and the request changes run with LeakSanitizer
 * disabled, so what it reports comes from the inputs.
 */
#include "php.h"
#include "php_main.h"
#include "SAPI.h"
#include "sapi/embed/php_embed.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "ext/standard/php_var.h"
#include "php_msgpack.h"
#include "encode/pack.h"
#include "decode/unpack.h"
#include "compat/msgpack_serialize.h"
#include "report/msgpack_report.h"
#include "decode/msgpack_scan.h"
#include "common/msgpack_records.h"
#include "common/msgpack_stack.h"
#include "encode/pack_records.h"
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sanitizer/lsan_interface.h>

static const char fuzz_ini[] =
	"html_errors=0\n"
	"implicit_flush=1\n"
	"output_buffering=0\n"
	"max_execution_time=0\n"
	"max_input_time=-1\n"
	"display_errors=0\n"
	"display_startup_errors=0\n"
	"log_errors=0\n"
	"error_reporting=-1\n"
	"memory_limit=-1\n";

static int inputs_left;
static const uint8_t *current_data;
static size_t current_size;
static zend_function *run_function;

static void fuzz_drop_indexes(void);

static size_t discard_output(const char *str, size_t len)
{
	(void) str;
	return len;
}

static void discard_log(const char *message, int syslog_type)
{
	(void) message;
	(void) syslog_type;
}

void fuzz_dump(const char *what, const uint8_t *bytes, size_t len)
{
	fprintf(stderr, "%s (%zu bytes):", what, len);
	for (size_t i = 0; i < len && i < 256; i++) {
		fprintf(stderr, " %02x", bytes[i]);
	}
	fprintf(stderr, "%s\n", len > 256 ? " ..." : "");
}

void fuzz_fail(const char *what, const uint8_t *data, size_t size)
{
	fprintf(stderr, "\n*** msgpack fuzzer (%s): %s (input of %zu bytes)\n", fuzz_target.name, what, size);
	(void) data;
	abort();
}

void fuzz_failf(const uint8_t *data, size_t size, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	fuzz_fail(what, data, size);
}

/* __fuzz_run(): the target's run() on the current input, in the frame of an internal function. */
static PHP_FUNCTION(__fuzz_run)
{
	ZEND_PARSE_PARAMETERS_NONE();

	fuzz_target.run(current_data, current_size);
	RETURN_NULL();
}

ZEND_BEGIN_ARG_INFO_EX(arginfo___fuzz_run, 0, 0, 0)
ZEND_END_ARG_INFO()

static const zend_function_entry run_entry[] = {
	ZEND_FE(__fuzz_run, arginfo___fuzz_run)
	ZEND_FE_END
};

static int fuzz_sapi_startup(sapi_module_struct *sapi)
{
	static zend_function_entry *functions;
	size_t n = 0;

	/* __fuzz_run() and the target's functions (instead of the embed SAPI's dl()) */
	while (fuzz_target.functions && fuzz_target.functions[n].fname) {
		n++;
	}
	functions = calloc(n + 2, sizeof(zend_function_entry));
	functions[0] = run_entry[0];
	for (size_t i = 0; i < n; i++) {
		functions[i + 1] = fuzz_target.functions[i];
	}
	sapi->ini_entries = (char *) fuzz_ini;
	sapi->additional_functions = functions;
	return php_module_startup(sapi, &msgpack_module_entry);
}

void fuzz_eval(const char *code, const char *what)
{
	zend_first_try {
		if (zend_eval_string((char *) code, NULL, (char *) what) != SUCCESS || EG(exception)) {
			fprintf(stderr, "msgpack fuzzer: %s failed\n", what);
			exit(1);
		}
	} zend_catch {
		fprintf(stderr, "msgpack fuzzer: fatal error in %s: %s\n", what,
			PG(last_error_message) ? ZSTR_VAL(PG(last_error_message)) : "");
		exit(1);
	} zend_end_try();
}

static void request_setup(void)
{
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	if (fuzz_target.setup) {
		fuzz_target.setup();
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	/* emalloc() through malloc(), for the sanitizers; set before the allocator starts */
	setenv("USE_ZEND_ALLOC", "0", 1);
	php_embed_module.startup = fuzz_sapi_startup;
	php_embed_module.php_ini_ignore = 1; /* never the system's php.ini, nor its msgpack.so */
	php_embed_module.ub_write = discard_output;
	php_embed_module.log_message = discard_log;
	__lsan_disable();
	if (php_embed_init(0, NULL) != SUCCESS) {
		fprintf(stderr, "msgpack fuzzer: php_embed_init failed\n");
		exit(1);
	}
	if (!zend_hash_str_exists(&module_registry, "msgpack", sizeof("msgpack") - 1)) {
		fprintf(stderr, "msgpack fuzzer: the msgpack module is not registered\n");
		exit(1);
	}
	run_function = zend_hash_str_find_ptr(CG(function_table), "__fuzz_run", sizeof("__fuzz_run") - 1);
	if (run_function == NULL) {
		fprintf(stderr, "msgpack fuzzer: __fuzz_run() is not registered\n");
		exit(1);
	}
	inputs_left = fuzz_target.request_inputs;
	request_setup();
	__lsan_enable();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (--inputs_left == 0) {
		inputs_left = fuzz_target.request_inputs;
		__lsan_disable();
		if (fuzz_target.teardown) {
			fuzz_target.teardown();
		}
		fuzz_drop_indexes();
		php_request_shutdown(NULL);
		if (php_request_startup() != SUCCESS) {
			fprintf(stderr, "msgpack fuzzer: php_request_startup failed\n");
			abort();
		}
		request_setup();
		__lsan_enable();
	}
	current_data = data;
	current_size = size;
	zend_try {
		zval ret;

		ZVAL_UNDEF(&ret);
		zend_call_known_function(run_function, NULL, NULL, &ret, 0, NULL, NULL);
		zval_ptr_dtor(&ret);
		if (EG(exception)) {
			/* the targets clear what the decoder throws: this is the harness broken */
			zend_exception_error(EG(exception), E_WARNING);
			fprintf(stderr, "%s\n", PG(last_error_message) ? ZSTR_VAL(PG(last_error_message)) : "");
			fuzz_fail("uncaught exception", data, size);
		}
	} zend_catch {
		/* a fatal error (bailout) is a crash of the request too */
		if (PG(last_error_message)) {
			fprintf(stderr, "\n*** fatal error: %s in %s:%d\n", ZSTR_VAL(PG(last_error_message)),
				PG(last_error_file) ? ZSTR_VAL(PG(last_error_file)) : "?", PG(last_error_lineno));
		}
		fuzz_fail("fatal error (zend_bailout)", data, size);
	} zend_end_try();
	gc_collect_cycles();
	if (fuzz_target.fresh_caches) {
		msgpack_key_cache_free();
		msgpack_kept_shapes_free();
		msgpack_kept_slots_free();
	}
	return 0;
}

/* ---- values --------------------------------------------------------------------------------- */

/* Counts the nodes of v up to *budget; false if there are more (or a cycle): such a value is
 * not packed again, since a DAG of shared arrays may unfold to an exponential size. */
bool fuzz_bounded(zval *v, int64_t *budget, int depth, bool *has_reference)
{
	if (Z_ISREF_P(v)) {
		*has_reference = true;
	}
	ZVAL_DEREF(v);
	if (--*budget < 0 || depth > 2000) {
		return false;
	}
	if (Z_TYPE_P(v) == IS_ARRAY) {
		zval *e;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), e) {
			if (!fuzz_bounded(e, budget, depth + 1, has_reference)) {
				return false;
			}
		} ZEND_HASH_FOREACH_END();
	} else if (Z_TYPE_P(v) == IS_OBJECT) {
		HashTable *props = Z_OBJ_HT_P(v)->get_properties(Z_OBJ_P(v));
		zval *e;
		if (props) {
			ZEND_HASH_FOREACH_VAL_IND(props, e) {
				if (!fuzz_bounded(e, budget, depth + 1, has_reference)) {
					return false;
				}
			} ZEND_HASH_FOREACH_END();
		}
	}
	return true;
}

zend_string *fuzz_pack(zval *v, const msgpack_pack_options *po)
{
	msgpack_encoder enc;
	smart_str buf = {0};

	msgpack_encoder_init(&enc, &buf, po);
	msgpack_encode(&enc, v);
	msgpack_encoder_destroy(&enc);
	if (enc.error != MSGPACK_ENCODE_OK || EG(exception)) {
		zend_clear_exception();
		smart_str_free(&buf);
		return NULL;
	}
	smart_str_0(&buf);
	return buf.s ? buf.s : ZSTR_EMPTY_ALLOC();
}

/* The writer's indexes of the shared structures of the tables a target keeps for the request
 * (fuzz_keep_index()): made once, not at each value packed (a MsgPack\Packer keeps its own so). */
static struct {
	const msgpack_record_table *t;
	msgpack_record_index *x[2]; /* one-byte, two-byte identifiers */
} kept_indexes[4];

void fuzz_keep_index(const msgpack_record_table *t)
{
	for (size_t i = 0; i < sizeof(kept_indexes) / sizeof(kept_indexes[0]); i++) {
		if (kept_indexes[i].t == NULL) {
			kept_indexes[i].t = t;
			return;
		}
	}
}

static void fuzz_drop_indexes(void)
{
	for (size_t i = 0; i < sizeof(kept_indexes) / sizeof(kept_indexes[0]); i++) {
		msgpack_record_index_release(kept_indexes[i].x[0]);
		msgpack_record_index_release(kept_indexes[i].x[1]);
		memset(&kept_indexes[i], 0, sizeof(kept_indexes[i]));
	}
}

static msgpack_record_index *kept_index(const msgpack_record_table *t, bool two_byte)
{
	for (size_t i = 0; t && i < sizeof(kept_indexes) / sizeof(kept_indexes[0]); i++) {
		if (kept_indexes[i].t == t) {
			if (kept_indexes[i].x[two_byte] == NULL) {
				kept_indexes[i].x[two_byte] = msgpack_record_index_new(t, two_byte);
			}
			return kept_indexes[i].x[two_byte];
		}
	}
	return NULL;
}

void fuzz_pack_options_for(msgpack_pack_options *po, const msgpack_unpack_options *uo)
{
	msgpack_pack_options_from_ini(po);
	po->php_only = uo->php_only;
	po->assoc = uo->assoc;
	if (uo->records) {
		/* as MsgPack\Packer::RECORDS packs: objects (stdClass) as their public properties */
		po->records = true;
		po->php_only = false;
		po->strict = true;
		po->portable_objects = true;
		/* with the structures that read it (past 32: two-byte identifiers, as a Packer given
		 * maxShared the count writes them) */
		po->shared_records = uo->shared_records;
		po->records_two_byte = uo->shared_records && uo->shared_records->shared_count > MSGPACK_RECORD_MAX_SHARED_ONE_BYTE;
		po->shared_index = kept_index(uo->shared_records, po->records_two_byte);
	} else if (uo->api) {
		/* as MsgPack\pack() packs (its flags: PHP_OBJECTS, FLOAT32_DECIMAL_FIT) */
		po->php_only = uo->php_only;
		po->assoc = true;
		po->force_f32 = uo->float32_decimal ? MSGPACK_F32_DECIMAL_FIT : MSGPACK_F32_NEVER;
		po->use_str8 = true;
		po->ext_types = true;
		po->strict = true;
		po->portable_objects = !uo->php_only;
		po->arrays_as_maps = false;
		po->strings = MSGPACK_STRINGS_STR;
		po->extensions = NULL;
	}
}

/* Reads one whole value from bytes; false if that fails. */
static bool read_back(const char *bytes, size_t len, const msgpack_unpack_options *uo, zval *out)
{
	msgpack_unpack_result res;
	bool ok;

	ok = msgpack_decode(bytes, len, uo, out, &res) && res.consumed == len;
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
	}
	msgpack_unpack_result_destroy(&res);
	zend_clear_exception();
	return ok;
}

/* A value just read: packed again, it must read back, and so on; with assoc on the bytes reach a
 * fixed point by the second round trip (the first may differ) unless there are references: a
 * back-reference to a plain value reads as a reference of its own, packed as the plain value. */
void fuzz_round_trip(zval *v, const msgpack_unpack_options *uo, const uint8_t *data, size_t size)
{
	int64_t budget = 20000;
	bool has_reference = false;
	zend_string *p[3];
	msgpack_unpack_options back = *uo;
	msgpack_pack_options po;
	zval w;

	if (!fuzz_bounded(v, &budget, 0, &has_reference)) {
		return;
	}
	/* what was read within max_depth may pack deeper (an object of PHP's format is a map in a
	 * map, a date read from a timestamp such an object): read back with room */
	back.max_depth = uo->max_depth > 100000 ? uo->max_depth : 2 * MAX(uo->max_depth, 64) + 2;
	uo = &back;
	/* packed with the options that read it */
	fuzz_pack_options_for(&po, uo);
	p[0] = fuzz_pack(v, &po);
	if (p[0] == NULL) {
		return;
	}
	for (int i = 1; i < 3; i++) {
		if (!read_back(ZSTR_VAL(p[i - 1]), ZSTR_LEN(p[i - 1]), uo, &w)) {
			fuzz_dump("packed again", (const uint8_t *) ZSTR_VAL(p[i - 1]), ZSTR_LEN(p[i - 1]));
			fuzz_fail("a decoded value, packed again, does not decode", data, size);
		}
		p[i] = fuzz_pack(&w, &po);
		zval_ptr_dtor(&w);
		if (p[i] == NULL) {
			fuzz_fail("a decoded value does not pack after a round trip", data, size);
		}
	}
	/* (with assoc off a map packed from an array reads back as an object; references lose a
	 * level at each round trip, as the first occurrence reads as a plain value) */
	if (uo->assoc && !has_reference && !zend_string_equals(p[1], p[2])) {
		fuzz_fail("the second and third round trips give other bytes", data, size);
	}
	for (int i = 0; i < 3; i++) {
		zend_string_release(p[i]);
	}
}

static bool same_value(zval *a, zval *b, int depth, int64_t *budget);

static bool same_table(HashTable *a, HashTable *b, int depth, int64_t *budget)
{
	zend_ulong ka, kb;
	zend_string *sa, *sb;
	zval *va, *vb;
	HashPosition at;

	if (a == b) {
		return true;
	}
	if (a == NULL || b == NULL) {
		return (a ? zend_hash_num_elements(a) : 0) == (b ? zend_hash_num_elements(b) : 0);
	}
	if (zend_hash_num_elements(a) != zend_hash_num_elements(b)) {
		return false;
	}
	/* the entries of a and of b in step */
	zend_hash_internal_pointer_reset_ex(b, &at);
	ZEND_HASH_FOREACH_KEY_VAL_IND(a, ka, sa, va) {
		do {
			vb = zend_hash_get_current_data_ex(b, &at);
			if (vb && Z_TYPE_P(vb) == IS_INDIRECT) {
				vb = Z_INDIRECT_P(vb);
			}
			if (vb && Z_TYPE_P(vb) == IS_UNDEF) {
				zend_hash_move_forward_ex(b, &at); /* an unset property slot */
				continue;
			}
			break;
		} while (1);
		int kind = vb ? zend_hash_get_current_key_ex(b, &sb, &kb, &at) : HASH_KEY_NON_EXISTENT;
		if (kind == HASH_KEY_NON_EXISTENT || (sa == NULL) != (kind == HASH_KEY_IS_LONG)
				|| (sa ? !zend_string_equals(sa, sb) : ka != kb)
				|| !same_value(va, vb, depth + 1, budget)) {
			return false;
		}
		zend_hash_move_forward_ex(b, &at);
	} ZEND_HASH_FOREACH_END();
	return true;
}

static bool same_value(zval *a, zval *b, int depth, int64_t *budget)
{
	if (--*budget < 0 || depth > 2000) {
		return true; /* too big to compare (or a cycle): counted the same */
	}
	if (Z_ISREF_P(a) != Z_ISREF_P(b)) {
		return false;
	}
	ZVAL_DEREF(a);
	ZVAL_DEREF(b);
	if (Z_TYPE_P(a) != Z_TYPE_P(b)) {
		return false;
	}
	switch (Z_TYPE_P(a)) {
		case IS_LONG:
			return Z_LVAL_P(a) == Z_LVAL_P(b);
		case IS_DOUBLE:
			/* the same bits: NAN is NAN, -0.0 is not 0.0 */
			return memcmp(&Z_DVAL_P(a), &Z_DVAL_P(b), sizeof(double)) == 0;
		case IS_STRING:
			return zend_string_equals(Z_STR_P(a), Z_STR_P(b));
		case IS_ARRAY:
			return same_table(Z_ARRVAL_P(a), Z_ARRVAL_P(b), depth, budget);
		case IS_OBJECT:
			if (Z_OBJCE_P(a) != Z_OBJCE_P(b)) {
				return false;
			}
			if (Z_OBJCE_P(a)->ce_flags & ZEND_ACC_ENUM) {
				return Z_OBJ_P(a) == Z_OBJ_P(b);
			}
			return same_table(Z_OBJ_HT_P(a)->get_properties(Z_OBJ_P(a)), Z_OBJ_HT_P(b)->get_properties(Z_OBJ_P(b)),
				depth, budget);
		default:
			return true; /* null, false, true (the type said it) */
	}
}

bool fuzz_same_value(zval *a, zval *b)
{
	int64_t budget = 20000;

	return same_value(a, b, 0, &budget);
}

zend_string *fuzz_serialize(zval *v)
{
	php_serialize_data_t vars;
	smart_str buf = {0};

	PHP_VAR_SERIALIZE_INIT(vars);
	php_var_serialize(&buf, v, &vars);
	PHP_VAR_SERIALIZE_DESTROY(vars);
	if (EG(exception)) {
		zend_clear_exception();
		smart_str_free(&buf);
		return NULL;
	}
	return smart_str_extract(&buf);
}

bool fuzz_unsteady(const uint8_t *data, size_t size)
{
	return size >= 4 && zend_memnistr((const char *) data, "date", 4, (const char *) data + size) != NULL;
}

/* ---- options -------------------------------------------------------------------------------- */

void fuzz_compat_options(msgpack_unpack_options *uo, bool php_only, bool assoc, bool illegal_key_insert, bool error_display)
{
	msgpack_unpack_options_from_ini(uo);
	uo->php_only = php_only;
	uo->assoc = assoc;
	uo->illegal_key_insert = illegal_key_insert;
	uo->error_display = error_display;
}

void fuzz_api_options(msgpack_unpack_options *uo, bool php_only, bool assoc, uint8_t bigint, bool timestamp_as_datetime,
	bool float32_decimal)
{
	/* as unpacker.c's options_from_flags() makes them */
	memset(uo, 0, sizeof(*uo));
	uo->bigint = bigint;
	uo->assoc = assoc;
	uo->timestamp_as_datetime = timestamp_as_datetime;
	uo->php_only = php_only;
	uo->float32_decimal = float32_decimal;
	uo->strict_keys = true;
	uo->api = true;
	uo->max_depth = MSGPACK_DEFAULT_MAX_DEPTH;
	uo->allowed_classes = (HashTable *) &zend_empty_array;
}

/* ---- the decoder's checks ------------------------------------------------------------------- */

size_t fuzz_decode_all(const uint8_t *data, size_t size, const msgpack_unpack_options *opts, bool round_trip)
{
	msgpack_unpack_options uo = *opts;
	msgpack_unpack_result res;
	size_t pos = 0;
	zval v;

	uo.whole_input = false;
	while (pos < size) {
		size_t scanned = 0;
		msgpack_scan_result scan = msgpack_scan((const char *) data + pos, size - pos, uo.max_depth, &scanned);
		bool ok = msgpack_decode((const char *) data + pos, size - pos, &uo, &v, &res);

		/* as the compatible API reports it */
		if (!ok && !msgpack_decoder_raise(&res) && uo.error_display) {
			msgpack_decoder_report(&res);
		}
		msgpack_unpack_result_destroy(&res);
		if (!ok) {
			zend_clear_exception();
			if (Z_TYPE(v) != IS_NULL) {
				fuzz_fail("a failed decode left a value", data, size);
			}
			/* the scanner found a whole value where the decoder ran out of data */
			if (res.error == MSGPACK_DECODE_INSUFFICIENT && scan == MSGPACK_SCAN_COMPLETE) {
				fuzz_fail("msgpack_scan() complete, the decoder short of data", data, size);
			}
			if (res.error == MSGPACK_DECODE_PARSE_ERROR && scan != MSGPACK_SCAN_INVALID) {
				fuzz_fail("decoder parse error, msgpack_scan() not invalid", data, size);
			}
			break;
		}
		if (res.consumed == 0 || res.consumed > size - pos) {
			fuzz_fail("the decoder did not advance, or went past the end", data, size);
		}
		if (scan != MSGPACK_SCAN_COMPLETE || scanned != res.consumed) {
			fuzz_fail("msgpack_scan() disagrees with the decoder on the length of a value", data, size);
		}
		pos += res.consumed;
		if (round_trip) {
			fuzz_round_trip(&v, &uo, data, size);
		}
		zval_ptr_dtor(&v);
	}
	zend_clear_exception();
	return pos;
}

void decode_all(const uint8_t *data, size_t size, bool php_only, bool assoc, bool illegal_key_insert, bool error_display)
{
	msgpack_unpack_options uo;

	fuzz_compat_options(&uo, php_only, assoc, illegal_key_insert, error_display);
	fuzz_decode_all(data, size, &uo, true);
}

/* 40 shared structures: "k0", "k1", ... (one field; every seventh from 3 on a second, "name";
 * number 5 none), numbers 32-39 two-byte, as MsgPack\Unpacker::withStructures() makes them. */
msgpack_record_table *fuzz_shared_structures(void)
{
	msgpack_record_table *t = msgpack_record_table_copy(NULL);

	for (uint32_t i = 0; i < 40; i++) {
		msgpack_record_structure *s = msgpack_record_structure_new();
		zval name;

		if (i != 5) {
			ZVAL_STR(&name, zend_strpprintf(0, "k%u", i));
			msgpack_record_structure_add(s, &name);
			zval_ptr_dtor(&name);
		}
		if (i % 7 == 3) {
			ZVAL_STRINGL(&name, "name", 4);
			msgpack_record_structure_add(s, &name);
			zval_ptr_dtor(&name);
		}
		msgpack_record_table_set(t, i, i >= MSGPACK_RECORD_TWO_BYTE_BASE, s);
	}
	t->shared_count = 40;
	return t;
}

msgpack_record_table *fuzz_small_structures(void)
{
	static const char *const fields[3][3] = {{"a", "b", NULL}, {"x", "y", "z"}, {"0", "1", NULL}};
	msgpack_record_table *t = msgpack_record_table_copy(NULL);

	for (uint32_t i = 0; i < 3; i++) {
		msgpack_record_structure *s = msgpack_record_structure_new();
		for (uint32_t j = 0; j < 3 && fields[i][j]; j++) {
			zval name;
			ZVAL_STRING(&name, fields[i][j]);
			msgpack_record_structure_add(s, &name); /* "0", "1": the ints, as PHP reads them */
			zval_ptr_dtor(&name);
		}
		msgpack_record_table_set(t, i, false, s);
	}
	t->shared_count = 3;
	return t;
}

/* Records: the values of the input one after the other, the structures declared carrying over
 * (a stream, msgpackr's sequential mode); the scanner, framing with the field counts it keeps,
 * must find each value the decoder reads, of the same length. shared: structures agreed in
 * advance (NULL: none), which make an identifier with no structure an error for both. */
void fuzz_decode_records(const uint8_t *data, size_t size, bool assoc, const msgpack_record_table *shared,
	fuzz_bytes *pieces, bool round_trip)
{
	msgpack_unpack_options uo, stream;
	msgpack_unpack_result res;
	size_t pos = 0;
	msgpack_record_table *table = msgpack_record_table_copy(shared);
	msgpack_scan_records counts;
	msgpack_scanner s;
	zval v;

	msgpack_unpack_options_from_ini(&uo);
	uo.error_display = false;
	uo.php_only = false;
	uo.assoc = assoc;
	uo.strict_keys = true;
	uo.api = true;
	uo.records = true;
	uo.shared_records = shared;
	uo.allowed_classes = (HashTable *) &zend_empty_array;
	msgpack_scan_records_init(&counts, shared);
	msgpack_scanner_init(&s, uo.max_depth);
	s.records = &counts;
	/* the stream's values carry their declarations over; a repacked value is read back on its
	 * own (fuzz_round_trip() with uo), as before with a fresh decoder */
	stream = uo;
	stream.stream_records = table;
	while (pos < size) {
		size_t scanned = 0;
		msgpack_scan_result scan;

		if (pieces) {
			/* the scanner fed the bytes in pieces: each run sees the same bytes and more */
			size_t avail = 0;
			do {
				avail += fuzz_piece(fuzz_next(pieces));
				if (avail > size - pos) {
					avail = size - pos;
				}
				scan = msgpack_scanner_run(&s, (const char *) data + pos, avail, &scanned);
			} while (scan == MSGPACK_SCAN_INCOMPLETE && avail < size - pos);
		} else {
			scan = msgpack_scanner_run(&s, (const char *) data + pos, size - pos, &scanned);
		}
		bool ok = msgpack_decode((const char *) data + pos, size - pos, &stream, &v, &res);

		if (!ok) {
			msgpack_decoder_raise(&res);
		}
		msgpack_unpack_result_destroy(&res);
		if (!ok) {
			zend_clear_exception();
			if (Z_TYPE(v) != IS_NULL) {
				fuzz_fail("records: a failed decode left a value", data, size);
			}
			if (res.error == MSGPACK_DECODE_INSUFFICIENT && scan == MSGPACK_SCAN_COMPLETE) {
				fuzz_fail("records: the scanner found a value complete, the decoder short of data", data, size);
			}
			break;
		}
		if (scan != MSGPACK_SCAN_COMPLETE || scanned != res.consumed) {
			fuzz_fail("records: the scanner disagrees with the decoder on the length of a value", data, size);
		}
		pos += res.consumed;
		if (round_trip) {
			fuzz_round_trip(&v, &uo, data, size);
		}
		zval_ptr_dtor(&v);
	}
	msgpack_record_table_free(table);
	msgpack_scan_records_destroy(&counts);
	msgpack_scanner_destroy(&s);
	zend_clear_exception();
}

void decode_records(const uint8_t *data, size_t size, bool assoc, const msgpack_record_table *shared)
{
	fuzz_decode_records(data, size, assoc, shared, NULL, true);
}

void fuzz_decode_whole(const uint8_t *data, size_t size, const msgpack_unpack_options *opts)
{
	msgpack_unpack_options uo = *opts;
	msgpack_unpack_result res;
	zval v;

	uo.whole_input = true;
	if (!msgpack_decode((const char *) data, size, &uo, &v, &res)) {
		size_t at = res.error_offset, value_len = 0;
		msgpack_scan_result scan;
		msgpack_decode_status error = res.api_error; /* what the API reports */

		if (uo.records) {
			/* records: the scanner frames them with the shared structures' field counts */
			msgpack_scan_records counts;
			msgpack_scanner s;

			msgpack_scan_records_init(&counts, uo.shared_records);
			msgpack_scanner_init(&s, uo.max_depth);
			s.records = &counts;
			scan = msgpack_scanner_run(&s, (const char *) data, size, &value_len);
			msgpack_scanner_destroy(&s);
			msgpack_scan_records_destroy(&counts);
		} else {
			scan = msgpack_scan((const char *) data, size, uo.max_depth, &value_len);
		}

		msgpack_decoder_raise(&res);
		zend_clear_exception();
		if (Z_TYPE(v) != IS_NULL) {
			fuzz_fail("MsgPack\\ API: a failed decode left a value", data, size);
		}
		if (at > size || (at == size && error != MSGPACK_DECODE_INSUFFICIENT)) {
			fuzz_fail("MsgPack\\ API: an error offset past the input", data, size);
		}
		if (error == MSGPACK_DECODE_PARSE_ERROR && data[at] != 0xc1) {
			fuzz_fail("MsgPack\\ API: a parse error offset not at 0xc1", data, size);
		}
		if (error == MSGPACK_DECODE_TRAILING && (scan != MSGPACK_SCAN_COMPLETE || value_len != at)) {
			fuzz_fail("MsgPack\\ API: trailing bytes not after the value msgpack_scan() finds", data, size);
		}
		if (error == MSGPACK_DECODE_INSUFFICIENT && scan != MSGPACK_SCAN_INCOMPLETE) {
			fuzz_fail("MsgPack\\ API: insufficient data where msgpack_scan() is not short of data", data, size);
		}
	} else {
		if (res.consumed != size) {
			fuzz_fail("MsgPack\\ API: a whole input decoded, not all of it taken", data, size);
		}
		zval_ptr_dtor(&v);
	}
	msgpack_unpack_result_destroy(&res);
	zend_clear_exception();
}

void decode_whole_api(const uint8_t *data, size_t size, bool php_only, uint8_t bigint)
{
	msgpack_unpack_options uo;

	msgpack_unpack_options_from_ini(&uo);
	uo.error_display = false;
	uo.php_only = php_only;
	uo.strict_keys = true;
	uo.api = true;
	uo.bigint = bigint;
	uo.allowed_classes = (HashTable *) &zend_empty_array;
	fuzz_decode_whole(data, size, &uo);
}
