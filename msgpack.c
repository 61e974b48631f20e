/*
 * msgpack for PHP: the module. INI settings, the userland functions of the compatible API, the
 * session serializer and the APCu serializer. The one-shots they share with MessagePack, the
 * compatible API's warnings and the C API of php_msgpack.h are in msgpack_serialize.c; the bytes
 * themselves are written by the encoder (pack.c, through pack_write.h) and read by the decoder
 * (unpack.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "ext/session/php_session.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/spl/spl_exceptions.h"
#include "php_msgpack.h"
#include "common/msgpack_stack.h"
#include "encode/pack.h"
#include "decode/unpack.h"
#include "compat/msgpack_serialize.h"
#include "report/msgpack_report.h"
#include "common/msgpack_ext.h"
#include "compat/msgpack_class.h"
#include "common/msgpack_exception.h"
#include "common/msgpack_utf8.h"
#include "api/packer.h"
#include "api/unpacker.h"
#include "common/msgpack_plan.h"
#include "msgpack_arginfo.h"

#if HAVE_APCU_SUPPORT
# include "ext/apcu/apc_serializer.h"
#endif

ZEND_DECLARE_MODULE_GLOBALS(msgpack)


/*
 * msgpack.max_depth: the deepest nesting packed or unpacked, a policy limit; 0 or a negative value
 * means no limit but the C stack's, which every recursion checks on its own (msgpack_stack.h).
 */
static PHP_INI_MH(OnUpdateMaxDepth)
{
	zend_long depth = ZEND_STRTOL(ZSTR_VAL(new_value), NULL, 10);

	MSGPACK_G(max_depth) = depth <= 0 || (uint64_t) depth > UINT32_MAX ? UINT32_MAX : (uint32_t) depth;
	return SUCCESS;
}

PHP_INI_BEGIN()
	STD_PHP_INI_BOOLEAN("msgpack.error_display", "1", PHP_INI_ALL, OnUpdateBool, error_display, zend_msgpack_globals, msgpack_globals)
	STD_PHP_INI_BOOLEAN("msgpack.php_only", "1", PHP_INI_ALL, OnUpdateBool, php_only, zend_msgpack_globals, msgpack_globals)
	STD_PHP_INI_BOOLEAN("msgpack.assoc", "1", PHP_INI_ALL, OnUpdateBool, assoc, zend_msgpack_globals, msgpack_globals)
	STD_PHP_INI_BOOLEAN("msgpack.illegal_key_insert", "0", PHP_INI_ALL, OnUpdateBool, illegal_key_insert, zend_msgpack_globals, msgpack_globals)
	STD_PHP_INI_BOOLEAN("msgpack.use_str8_serialization", "1", PHP_INI_ALL, OnUpdateBool, use_str8_serialization, zend_msgpack_globals, msgpack_globals)
	STD_PHP_INI_BOOLEAN("msgpack.force_f32", "0", PHP_INI_ALL, OnUpdateBool, force_f32, zend_msgpack_globals, msgpack_globals)
	PHP_INI_ENTRY("msgpack.max_depth", ZEND_TOSTR(MSGPACK_DEFAULT_MAX_DEPTH), PHP_INI_ALL, OnUpdateMaxDepth)
PHP_INI_END()

/* ---- userland functions ------------------------------------------------------------------- */

PHP_FUNCTION(msgpack_serialize)
{
	zval *value;
	msgpack_pack_options opts;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	msgpack_pack_options_from_ini(&opts);
	msgpack_serialize_return(return_value, value, &opts);
}

PHP_FUNCTION(msgpack_unserialize)
{
	zend_string *str;
	zval *template = NULL;
	msgpack_unpack_options opts;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(str)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(template)
	ZEND_PARSE_PARAMETERS_END();

	msgpack_unpack_options_from_ini(&opts);
	msgpack_unserialize_return(return_value, str, template, &opts);
}

/* ---- session serializer "msgpack" --------------------------------------------------------- */

/* $_SESSION is written as the reference it is: `c0 01` first, as PECL msgpack writes it. The
 * reader takes maps as arrays whatever msgpack.assoc says, so a stdClass keeps its class entry
 * here (assoc on) to come back as an object. */
static PS_SERIALIZER_ENCODE_FUNC(msgpack)
{
	smart_str buf = {0};
	msgpack_pack_options opts;

	msgpack_pack_options_from_ini(&opts);
	opts.php_only = true;
	opts.assoc = true;
	if (msgpack_serialize_into(&buf, &PS(http_session_vars), &opts) != MSGPACK_ENCODE_OK) {
		smart_str_free(&buf);
		return NULL;
	}
	smart_str_0(&buf);
	return buf.s ? buf.s : ZSTR_EMPTY_ALLOC();
}

/*
 * Only string keys become session variables; a map read as an object gives its properties.
 * Data this serializer cannot read (broken, truncated, written by another handler) is an empty
 * session, silently, as with PECL msgpack: a warning would be output before the headers, and
 * a failure would make PHP destroy the session and lose what the request stores in it. Bytes
 * after the first value are ignored.
 */
static PS_SERIALIZER_DECODE_FUNC(msgpack)
{
	zval vars, *v;
	zend_string *key;
	HashTable *props;
	msgpack_unpack_options opts;
	msgpack_unpack_result res;
	bool ok;

	if (vallen == 0) {
		return SUCCESS;
	}
	msgpack_unpack_options_from_ini(&opts);
	opts.php_only = true;
	opts.assoc = true;
	ok = msgpack_decode(val, vallen, &opts, &vars, &res);
	if (!ok) {
		/* no warning, but what unserialize() raises is raised */
		msgpack_decoder_raise(&res);
	}
	msgpack_unpack_result_destroy(&res);
	if (!ok) {
		return SUCCESS;
	}
	if (Z_TYPE(vars) == IS_ARRAY || Z_TYPE(vars) == IS_OBJECT) {
		props = Z_TYPE(vars) == IS_ARRAY ? Z_ARRVAL(vars) : Z_OBJPROP(vars);
		ZEND_HASH_FOREACH_STR_KEY_VAL_IND(props, key, v) {
			if (key && Z_TYPE_P(v) != IS_UNDEF) {
				Z_TRY_ADDREF_P(v);
				if (php_set_session_var(key, v, NULL) == NULL) {
					zval_ptr_dtor(v);
				}
			}
		} ZEND_HASH_FOREACH_END();
	}
	zval_ptr_dtor(&vars);
	return SUCCESS;
}

/* ---- APCu serializer "msgpack" ------------------------------------------------------------- */

#if HAVE_APCU_SUPPORT
static int APC_SERIALIZER_NAME(msgpack)(APC_SERIALIZER_ARGS)
{
	smart_str out = {0};
	msgpack_pack_options opts;

	(void) config;
	msgpack_pack_options_from_ini(&opts);
	if (msgpack_serialize_into(&out, (zval *) value, &opts) != MSGPACK_ENCODE_OK || out.s == NULL) {
		smart_str_free(&out);
		return 0;
	}
	*buf_len = ZSTR_LEN(out.s);
	*buf = (unsigned char *) estrndup(ZSTR_VAL(out.s), ZSTR_LEN(out.s));
	smart_str_free(&out);
	return 1;
}

static int APC_UNSERIALIZER_NAME(msgpack)(APC_UNSERIALIZER_ARGS)
{
	(void) config;
	return php_msgpack_unserialize(value, (char *) buf, buf_len) == SUCCESS;
}
#endif

/* ---- module ------------------------------------------------------------------------------- */

static PHP_GINIT_FUNCTION(msgpack)
{
#if defined(COMPILE_DL_MSGPACK) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(msgpack_globals, 0, sizeof(*msgpack_globals));
}

static PHP_MINIT_FUNCTION(msgpack)
{
	REGISTER_INI_ENTRIES();
	msgpack_utf8_startup();
	register_msgpack_symbols(module_number);
	msgpack_ext_ce = register_class_MsgPack_Ext();
	msgpack_timestamp_ce = register_class_MsgPack_Timestamp();
	msgpack_bin_ce = register_class_MsgPack_Bin();
	msgpack_map_ce = register_class_MsgPack_Map();
	msgpack_plan_register_attributes(register_class_MsgPack_Name(), register_class_MsgPack_AsList(),
		register_class_MsgPack_ListOf(), register_class_MsgPack_MapOf());
	msgpack_exception_ce = register_class_MsgPack_Exception(spl_ce_RuntimeException);
	msgpack_pack_exception_ce = register_class_MsgPack_PackException(msgpack_exception_ce);
	msgpack_unpack_exception_ce = register_class_MsgPack_UnpackException(msgpack_exception_ce);
	msgpack_insufficient_data_exception_ce = register_class_MsgPack_InsufficientDataException(msgpack_unpack_exception_ce);
	msgpack_path_exception_ce = register_class_MsgPack_PathException(msgpack_unpack_exception_ce);
	msgpack_packer_register(register_class_MsgPack_Packer());
	msgpack_unpacker_api_register(register_class_MsgPack_Unpacker(zend_ce_aggregate));
	msgpack_class_register(register_class_MessagePack(), register_class_MessagePackUnpacker());
	php_session_register_serializer("msgpack", PS_SERIALIZER_ENCODE_NAME(msgpack), PS_SERIALIZER_DECODE_NAME(msgpack));
#if HAVE_APCU_SUPPORT
	apc_register_serializer("msgpack", APC_SERIALIZER_NAME(msgpack), APC_UNSERIALIZER_NAME(msgpack), NULL);
#endif
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(msgpack)
{
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

/*
 * The state kept for a request (caches, kept shapes and slots, plans, date prototypes) lives
 * from its first use to the end of the request, and each request starts with none: what the
 * last one left is gone with its memory, and a pointer to it must not survive. It is freed after
 * every module's RSHUTDOWN (post deactivate), not in ours: the session module's RSHUTDOWN runs
 * after ours (it was loaded first) and writes the session with this serializer, which may make
 * new state then. The date prototypes, objects, go in our RSHUTDOWN, while the engine still
 * destroys objects in order, and none is kept after it (an object made then would leak).
 */
static PHP_RINIT_FUNCTION(msgpack)
{
#if defined(COMPILE_DL_MSGPACK) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	MSGPACK_G(key_cache) = NULL;
	MSGPACK_G(value_cache) = NULL;
	MSGPACK_G(kept_shapes) = NULL;
	MSGPACK_G(kept_slots) = NULL;
	MSGPACK_G(kept_slot_capacity) = 0;
	MSGPACK_G(plans) = NULL;
	MSGPACK_G(codec_calls) = 0; /* a call the last request's fatal error ended never left */
	MSGPACK_G(pack_plain_ce) = NULL;
	MSGPACK_G(pack_plan_ce) = NULL;
	MSGPACK_G(pack_plan) = NULL;
	MSGPACK_G(date_protos)[0] = MSGPACK_G(date_protos)[1] = NULL;
	MSGPACK_G(request_ending) = false;
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(msgpack)
{
	msgpack_ext_request_shutdown();
	MSGPACK_G(request_ending) = true;
	return SUCCESS;
}

static ZEND_MODULE_POST_ZEND_DEACTIVATE_D(msgpack)
{
	msgpack_key_cache_free();
	msgpack_kept_shapes_free();
	msgpack_kept_slots_free();
	msgpack_plans_free();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(msgpack)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "MessagePack Support", "enabled");
	php_info_print_table_row(2, "Session Support", "enabled");
#if HAVE_APCU_SUPPORT
	php_info_print_table_row(2, "MessagePack APCu Serializer ABI", APC_SERIALIZER_ABI);
#else
	php_info_print_table_row(2, "MessagePack APCu Serializer ABI", "no");
#endif
	php_info_print_table_row(2, "extension Version", PHP_MSGPACK_VERSION);
	/* PECL prints there the version of the msgpack-c headers it was built with; there are none
	 * here, and a second version that never changes made users read the wrong row */
	php_info_print_table_row(2, "header Version", PHP_MSGPACK_VERSION);
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

static const zend_module_dep msgpack_deps[] = {
	ZEND_MOD_REQUIRED("session")
	ZEND_MOD_REQUIRED("spl")
	ZEND_MOD_OPTIONAL("apcu")
	ZEND_MOD_END
};

zend_module_entry msgpack_module_entry = {
	STANDARD_MODULE_HEADER_EX,
	NULL,
	msgpack_deps,
	PHP_MSGPACK_EXTNAME,
	ext_functions,
	PHP_MINIT(msgpack),
	PHP_MSHUTDOWN(msgpack),
	PHP_RINIT(msgpack),
	PHP_RSHUTDOWN(msgpack),
	PHP_MINFO(msgpack),
	PHP_MSGPACK_VERSION,
	PHP_MODULE_GLOBALS(msgpack),
	PHP_GINIT(msgpack),
	NULL,
	ZEND_MODULE_POST_ZEND_DEACTIVATE_N(msgpack),
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_MSGPACK
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(msgpack)
#endif
