/*
 * Target php: the thorough one, PHP code in the loop (about 150 inputs a second). Each input goes
 * to every unpacking entry point:
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
 *     MessagePack::unpack() and MessagePackUnpacker::data(); the MsgPack\ API: unpack() with
 *     each set of flags, Unpacker fed in pieces and read item by item, unpackAs()
 *     (fuzz/harness.inc.php).
 *
 * The fast targets (decode, scan, records, typed, stream) run the C parts of these without PHP
 * code, thousands of inputs a second.
 */
#include "php.h"
#include "zend_exceptions.h"
#include "../fuzz.h"

#ifndef FUZZ_DIR
# error "compile with -DFUZZ_DIR='\"/path/to/fuzz\"'"
#endif

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

static const zend_function_entry php_functions[] = {
	ZEND_FE(__fuzz_decode, arginfo___fuzz_decode)
	ZEND_FE_END
};

/* The request's PHP part: classes and the functions of harness.inc.php. */
static void php_setup(void)
{
	fuzz_eval("require '" FUZZ_DIR "/harness.inc.php';", FUZZ_DIR "/harness.inc.php");
}

static void php_run(const uint8_t *data, size_t size)
{
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
}

const fuzz_target_def fuzz_target = {
	.name = "php",
	.request_inputs = 5000,
	.setup = php_setup,
	.run = php_run,
	.functions = php_functions,
};
