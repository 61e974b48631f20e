/*
 * libFuzzer harness: PHP embedded (libphp, the embed SAPI) with this extension compiled in and
 * registered as an additional module at startup. Each input goes to every unpacking entry point:
 *
 *   - the decoder of unpack.h, with php_only x assoc (and illegal_key_insert, error_display
 *     varied along), reading values one after the other until the input ends or one fails;
 *     every value read is packed again with the same options and must read back, and (assoc
 *     on) the bytes of the third round trip must equal those of the second;
 *   - msgpack_scan(), which must agree with the decoder on where a value ends;
 *   - records (unpack_records.c, msgpack_scan.c, pack_records.c): the decoder with RECORDS
 *     reading values one after the other, the structures carrying over as in a stream, against
 *     the scanner framing them with its field counts; each value packs again with RECORDS and
 *     must read back; and the same with 40 shared structures (past 32: msgpackr's two-byte
 *     identifiers, read and written);
 *   - the PHP functions msgpack_unpack()/msgpack_unserialize() and, when the extension has it,
 *     MessagePackUnpacker fed the input in chunks and given it in chunks as new strings
 *     (execute($str, $offset) going on with the value in progress), which must give the values
 *     read from the whole string, and the templates of msgpack_unpack(),
 *     MessagePack::unpack() and MessagePackUnpacker::data() (fuzz/harness.inc.php).
 *
 * A broken invariant aborts (the fuzzer then saves the input). Memory: USE_ZEND_ALLOC=0 makes
 * emalloc() plain malloc(), so ASan sees every overflow and LeakSanitizer every leaked zval;
 * a PHP request lasts REQUEST_INPUTS inputs, and the cycle collector runs after each input.
 * PHP's startup leaves a few blocks LeakSanitizer counts as leaked (libphp keeps only interior
 * pointers to them): PHP's startup and the request changes run with LeakSanitizer disabled,
 * so what it reports comes from the inputs.
 */
#include "php.h"
#include "php_main.h"
#include "SAPI.h"
#include "sapi/embed/php_embed.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_msgpack.h"
#include "encode/pack.h"
#include "decode/unpack.h"
#include "compat/msgpack_serialize.h"
#include "report/msgpack_report.h"
#include "decode/msgpack_scan.h"
#include "common/msgpack_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <sanitizer/lsan_interface.h>

#ifndef FUZZ_DIR
# error "compile with -DFUZZ_DIR='\"/path/to/fuzz\"'"
#endif

#define REQUEST_INPUTS 5000

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

static int inputs_left = REQUEST_INPUTS;

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

static void decode_all(const uint8_t *data, size_t size, bool php_only, bool assoc, bool illegal_key_insert, bool error_display);
static void decode_whole_api(const uint8_t *data, size_t size, bool php_only, uint8_t bigint);
static void decode_records(const uint8_t *data, size_t size, bool assoc, const msgpack_record_table *shared);
static msgpack_record_table *fuzz_shared_structures(void);

/* __fuzz_decode(string $data): the decoder of unpack.h with each set of options. A function
 * called from PHP code, since an exception thrown with no PHP frame running is a fatal error. */
static PHP_FUNCTION(__fuzz_decode)
{
	zend_string *str;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(str)
	ZEND_PARSE_PARAMETERS_END();

	const uint8_t *data = (const uint8_t *) ZSTR_VAL(str);
	size_t size = ZSTR_LEN(str);
	decode_all(data, size, true, true, false, true);
	decode_all(data, size, true, false, true, false);
	decode_all(data, size, false, true, true, true);
	decode_all(data, size, false, false, false, false);
	decode_whole_api(data, size, true, MSGPACK_BIGINT_FLOAT);
	decode_whole_api(data, size, false, MSGPACK_BIGINT_STRING);
	decode_records(data, size, true, NULL);
	decode_records(data, size, false, NULL);
	msgpack_record_table *shared = fuzz_shared_structures();
	decode_records(data, size, true, shared);
	msgpack_record_table_free(shared);
	RETURN_NULL();
}

ZEND_BEGIN_ARG_INFO_EX(arginfo___fuzz_decode, 0, 0, 1)
	ZEND_ARG_INFO(0, data)
ZEND_END_ARG_INFO()

static const zend_function_entry fuzz_functions[] = {
	ZEND_FE(__fuzz_decode, arginfo___fuzz_decode)
	ZEND_FE_END
};

static int fuzz_sapi_startup(sapi_module_struct *sapi)
{
	sapi->ini_entries = (char *) fuzz_ini;
	sapi->additional_functions = fuzz_functions; /* instead of the embed SAPI's dl() */
	return php_module_startup(sapi, &msgpack_module_entry);
}

static void fuzz_fail(const char *what, const uint8_t *data, size_t size)
{
	fprintf(stderr, "\n*** msgpack fuzzer: %s (input of %zu bytes)\n", what, size);
	(void) data;
	abort();
}

/* The request's PHP part: classes and the functions of harness.inc.php. */
static void request_setup(void)
{
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	zend_first_try {
		if (zend_eval_string("require '" FUZZ_DIR "/harness.inc.php';", NULL, "fuzz setup") != SUCCESS
				|| EG(exception)) {
			fprintf(stderr, "msgpack fuzzer: cannot load " FUZZ_DIR "/harness.inc.php\n");
			exit(1);
		}
	} zend_catch {
		fprintf(stderr, "msgpack fuzzer: fatal error in " FUZZ_DIR "/harness.inc.php\n");
		exit(1);
	} zend_end_try();
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
	request_setup();
	__lsan_enable();
	return 0;
}

/* Counts the nodes of v up to *budget; false if there are more (or a cycle): such a value is
 * not packed again, since a DAG of shared arrays may unfold to an exponential size. */
static bool has_reference;

static bool bounded(zval *v, int64_t *budget, int depth)
{
	if (Z_ISREF_P(v)) {
		has_reference = true;
	}
	ZVAL_DEREF(v);
	if (--*budget < 0 || depth > 2000) {
		return false;
	}
	if (Z_TYPE_P(v) == IS_ARRAY) {
		zval *e;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), e) {
			if (!bounded(e, budget, depth + 1)) {
				return false;
			}
		} ZEND_HASH_FOREACH_END();
	} else if (Z_TYPE_P(v) == IS_OBJECT) {
		HashTable *props = Z_OBJ_HT_P(v)->get_properties(Z_OBJ_P(v));
		zval *e;
		if (props) {
			ZEND_HASH_FOREACH_VAL_IND(props, e) {
				if (!bounded(e, budget, depth + 1)) {
					return false;
				}
			} ZEND_HASH_FOREACH_END();
		}
	}
	return true;
}

/* Packs v with the options that read it; NULL if packing fails (an exception is cleared). */
static zend_string *repack(zval *v, const msgpack_unpack_options *uo)
{
	msgpack_pack_options po;
	msgpack_encoder enc;
	smart_str buf = {0};

	msgpack_pack_options_from_ini(&po);
	po.php_only = uo->php_only;
	po.assoc = uo->assoc;
	if (uo->records) {
		/* as MsgPack\Packer::RECORDS packs: objects (stdClass) as their public properties */
		po.records = true;
		po.php_only = false;
		po.strict = true;
		po.portable_objects = true;
		/* with the structures that read it (past 32: two-byte identifiers, as a Packer given
		 * maxShared the count writes them) */
		po.shared_records = uo->shared_records;
		po.records_two_byte = uo->shared_records && uo->shared_records->shared_count > MSGPACK_RECORD_MAX_SHARED_ONE_BYTE;
	}
	msgpack_encoder_init(&enc, &buf, &po);
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
static void round_trip(zval *v, const msgpack_unpack_options *uo, const uint8_t *data, size_t size)
{
	int64_t budget = 20000;
	zend_string *p[3];
	zval w;

	has_reference = false;
	if (!bounded(v, &budget, 0)) {
		return;
	}
	p[0] = repack(v, uo);
	if (p[0] == NULL) {
		return;
	}
	for (int i = 1; i < 3; i++) {
		if (!read_back(ZSTR_VAL(p[i - 1]), ZSTR_LEN(p[i - 1]), uo, &w)) {
			fuzz_fail("a decoded value, packed again, does not decode", data, size);
		}
		p[i] = repack(&w, uo);
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

/* The decoder with one set of options over the whole input, value after value. */
static void decode_all(const uint8_t *data, size_t size, bool php_only, bool assoc, bool illegal_key_insert, bool error_display)
{
	msgpack_unpack_options uo;
	msgpack_unpack_result res;
	size_t pos = 0;
	zval v;

	msgpack_unpack_options_from_ini(&uo);
	uo.php_only = php_only;
	uo.assoc = assoc;
	uo.illegal_key_insert = illegal_key_insert;
	uo.error_display = error_display;
	while (pos < size) {
		size_t scanned = 0;
		msgpack_scan_result scan = msgpack_scan((const char *) data + pos, size - pos, uo.max_depth, &scanned);
		bool ok = msgpack_decode((const char *) data + pos, size - pos, &uo, &v, &res);

		/* as the compatible API reports it */
		if (!ok && !msgpack_decoder_raise(&res) && error_display) {
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
		round_trip(&v, &uo, data, size);
		zval_ptr_dtor(&v);
	}
	zend_clear_exception();
}

/* 40 shared structures: "k0", "k1", ... (one field; every seventh from 3 on a second, "name";
 * number 5 none), numbers 32-39 two-byte, as MsgPack\Unpacker::withStructures() makes them. */
static msgpack_record_table *fuzz_shared_structures(void)
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

/* Records: the values of the input one after the other, the structures declared carrying over
 * (a stream, msgpackr's sequential mode); the scanner, framing with the field counts it keeps,
 * must find each value the decoder reads, of the same length. shared: structures agreed in
 * advance (NULL: none), which make an identifier with no structure an error for both. */
static void decode_records(const uint8_t *data, size_t size, bool assoc, const msgpack_record_table *shared)
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
	 * own (round_trip() with uo), as before with a fresh decoder */
	stream = uo;
	stream.stream_records = table;
	while (pos < size) {
		size_t scanned = 0;
		msgpack_scan_result scan = msgpack_scanner_run(&s, (const char *) data + pos, size - pos, &scanned);
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
		round_trip(&v, &uo, data, size);
		zval_ptr_dtor(&v);
	}
	msgpack_record_table_free(table);
	msgpack_scan_records_destroy(&counts);
	msgpack_scanner_destroy(&s);
	zend_clear_exception();
}

/* The decoder as the MsgPack\ API runs it (strict keys, the whole input one value): the offset
 * an error names is inside the input and is what the error says it is. */
static void decode_whole_api(const uint8_t *data, size_t size, bool php_only, uint8_t bigint)
{
	msgpack_unpack_options uo;
	msgpack_unpack_result res;
	zval v;

	msgpack_unpack_options_from_ini(&uo);
	uo.error_display = false;
	uo.php_only = php_only;
	uo.strict_keys = true;
	uo.api = true;
	uo.whole_input = true;
	uo.bigint = bigint;
	uo.allowed_classes = (HashTable *) &zend_empty_array;
	if (!msgpack_decode((const char *) data, size, &uo, &v, &res)) {
		size_t at = res.error_offset, value_len = 0;
		msgpack_scan_result scan = msgpack_scan((const char *) data, size, uo.max_depth, &value_len);
		msgpack_decode_status error = res.api_error; /* what the API reports */

		msgpack_decoder_raise(&res);
		zend_clear_exception();
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
		zval_ptr_dtor(&v);
	}
	msgpack_unpack_result_destroy(&res);
	zend_clear_exception();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (--inputs_left == 0) {
		inputs_left = REQUEST_INPUTS;
		__lsan_disable();
		php_request_shutdown(NULL);
		if (php_request_startup() != SUCCESS) {
			fprintf(stderr, "msgpack fuzzer: php_request_startup failed\n");
			abort();
		}
		request_setup();
		__lsan_enable();
	}
	zend_try {
		zval fn, arg, ret, *fail;

		ZVAL_STRINGL(&fn, "__fuzz_php", sizeof("__fuzz_php") - 1);
		ZVAL_STRINGL(&arg, (const char *) data, size);
		if (call_user_function(NULL, NULL, &fn, &ret, 1, &arg) == SUCCESS) {
			zval_ptr_dtor(&ret);
		}
		zval_ptr_dtor(&fn);
		zval_ptr_dtor(&arg);
		if (EG(exception)) {
			/* __fuzz_php() catches what the entry points throw: this is the harness broken */
			zend_exception_error(EG(exception), E_WARNING);
			fprintf(stderr, "%s\n", PG(last_error_message) ? ZSTR_VAL(PG(last_error_message)) : "");
			fuzz_fail("uncaught exception in __fuzz_php()", data, size);
		}
		fail = zend_hash_str_find(&EG(symbol_table), "__fuzz_fail", sizeof("__fuzz_fail") - 1);
		if (fail && Z_TYPE_P(fail) == IS_STRING) {
			fuzz_fail(Z_STRVAL_P(fail), data, size);
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
	return 0;
}
