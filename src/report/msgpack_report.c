/*
 * What both APIs say of what the codec reports (msgpack_report.h): the notices it tells as it
 * meets them, and the errors PHP's serialize() and unserialize() raise, with PHP's texts. The
 * codec raises nothing itself; the compatible API (compat/) and the MsgPack\ API (api/) call
 * these, so that each text is in one place.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "php_msgpack.h"
#include "report/msgpack_report.h"

void msgpack_decoder_notice(const msgpack_unpack_options *opts, msgpack_decode_notice notice, const char *name)
{
	switch (notice) {
		/* PECL's, in both modes of msgpack.illegal_key_insert */
		case MSGPACK_DECODE_NOTICE_ILLEGAL_KEY:
			if (opts->error_display) {
				zend_error(E_WARNING, "[msgpack] (msgpack_unserialize_map_item) illegal key type");
			}
			break;
		case MSGPACK_DECODE_NOTICE_NO_UNSERIALIZER:
			if (opts->error_display) {
				zend_error(E_WARNING, "[msgpack] (msgpack_unserialize_map_item) Class %s has no unserializer", name);
			}
			break;
		/* unserialize()'s, whatever msgpack.error_display says */
		case MSGPACK_DECODE_NOTICE_CALLBACK_MISSING:
			php_error_docref(NULL, E_WARNING, "defined (%s) but not found", name);
			break;
		case MSGPACK_DECODE_NOTICE_CALLBACK_NO_CLASS:
			php_error_docref(NULL, E_WARNING, "Function %s() hasn't defined the class it was called for", name);
			break;
	}
}

bool msgpack_decoder_raise(const msgpack_unpack_result *res)
{
	switch (res->error) {
		case MSGPACK_DECODE_NOT_SERIALIZABLE:
			zend_throw_exception_ex(NULL, 0, "Unserialization of '%s' is not allowed", ZSTR_VAL(res->class_name));
			return true;
		case MSGPACK_DECODE_DYNAMIC_PROPERTY:
			zend_throw_error(NULL, "Cannot create dynamic property %s::$%s", ZSTR_VAL(res->class_name),
				ZSTR_VAL(res->property));
			return true;
		case MSGPACK_DECODE_UNSERIALIZE_FAILED:
			zend_throw_exception_ex(NULL, 0, "Erroneous data format for unserializing '%s'", ZSTR_VAL(res->class_name));
			return true;
		case MSGPACK_DECODE_NO_GMP:
			zend_throw_error(NULL, "gmp_init() is not available");
			return true;
		case MSGPACK_DECODE_TOO_MANY_CONTAINERS:
			zend_error_noreturn(E_ERROR, "msgpack: more than %u arrays and maps in one value", res->slot_limit);
			/* does not return */
		default:
			return false;
	}
}

/* ---- the encoder ---------------------------------------------------------------------------- */

void msgpack_serialize_notice(const msgpack_encode_notice *n)
{
	switch (n->kind) {
		case MSGPACK_ENCODE_NOTICE_SLEEP_MISSING:
			zend_error(E_NOTICE, "[msgpack] (msgpack_serialize_class) \"%s\" returned as member variable from __sleep() but does not exist",
				ZSTR_VAL(n->name));
			break;
		case MSGPACK_ENCODE_NOTICE_SLEEP_NOT_ARRAY:
			php_error_docref(NULL, E_WARNING, "%s::__sleep() should return an array only containing the names of instance-variables to serialize",
				ZSTR_VAL(n->name));
			break;
		case MSGPACK_ENCODE_NOTICE_RESOURCE:
			zend_error(E_WARNING, "[msgpack] (php_msgpack_serialize_zval) type is unsupported, encoded as null");
			break;
	}
}
