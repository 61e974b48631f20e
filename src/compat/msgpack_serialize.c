/*
 * The compatible API's one-shots (msgpack_serialize.h): one value packed into a string, or one
 * string unpacked, with PECL msgpack's warnings. The codec (pack.c, unpack.c) only returns a
 * status: the texts of the compatible API's own warnings for it are here, once; what both APIs
 * say (the codec's notices, the errors PHP's serialize() and unserialize() raise) is in
 * report/msgpack_report.c.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_msgpack.h"
#include "common/msgpack_exception.h"
#include "compat/msgpack_serialize.h"
#include "report/msgpack_report.h"
#include "compat/msgpack_convert.h"

/* ---- the decoder's options ------------------------------------------------------------------ */

void msgpack_unpack_options_from_ini(msgpack_unpack_options *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->php_only = MSGPACK_G(php_only);
	opts->assoc = MSGPACK_G(assoc);
	opts->illegal_key_insert = MSGPACK_G(illegal_key_insert);
	opts->error_display = MSGPACK_G(error_display);
	opts->max_depth = (uint32_t) MSGPACK_G(max_depth); /* bounded by OnUpdateMaxDepth */
	opts->on_notice = msgpack_decoder_notice;
}

/* ---- warnings ----------------------------------------------------------------------------- */

void msgpack_encoder_report(const msgpack_encoder *enc)
{
	const msgpack_encode_error_detail *d = &enc->detail;

	switch (enc->error) {
		case MSGPACK_ENCODE_DEPTH:
			if (MSGPACK_G(error_display)) {
				zend_error(E_WARNING,
					"[msgpack] (php_msgpack_serialize) Maximum nesting depth of %u exceeded", enc->opts.max_depth);
			}
			break;
		case MSGPACK_ENCODE_STACK:
			if (MSGPACK_G(error_display)) {
				zend_error(E_WARNING,
					"[msgpack] (php_msgpack_serialize) Maximum nesting depth exceeded: the C stack is full at level %u",
					enc->stack_depth);
			}
			break;
		/* what serialize() refuses too, with its exceptions */
		case MSGPACK_ENCODE_SERIALIZE_NOT_ARRAY:
			msgpack_throw_since(d->pending, zend_ce_type_error, "%s::__serialize() must return an array",
				ZSTR_VAL(d->class_name));
			break;
		case MSGPACK_ENCODE_NOT_SERIALIZABLE:
			msgpack_throw_since(d->pending, zend_ce_exception, "Serialization of '%s' is not allowed",
				ZSTR_VAL(d->class_name));
			break;
		default:
			/* the others are the MsgPack\ API's alone (strict, portable objects, extensions) */
			ZEND_ASSERT(enc->error == MSGPACK_ENCODE_OK || enc->error == MSGPACK_ENCODE_EXCEPTION);
			break;
	}
}

void msgpack_decoder_report(const msgpack_unpack_result *res)
{
	const char *msg;

	switch (res->error) {
		case MSGPACK_DECODE_OK:
			return;
		case MSGPACK_DECODE_INSUFFICIENT:
			msg = "Insufficient data for unserializing";
			break;
		case MSGPACK_DECODE_PARSE_ERROR:
			msg = "Parse error";
			break;
		case MSGPACK_DECODE_DEPTH:
			msg = "Maximum nesting depth exceeded";
			break;
		case MSGPACK_DECODE_STACK:
			zend_error(E_WARNING, "[msgpack] (php_msgpack_unserialize) Maximum nesting depth exceeded: "
				"the C stack is full at level %u", res->stack_level);
			return;
		case MSGPACK_DECODE_INVALID:
			msg = res->detail;
			break;
		default: /* an exception is pending, or msgpack_decoder_raise() raised one */
			return;
	}
	zend_error(E_WARNING, "[msgpack] (php_msgpack_unserialize) %s", msg);
}

/* ---- one-shots ---------------------------------------------------------------------------- */

/* The exported functions are wrappers of these, which the functions' and methods' bodies below
 * inline: a call of an exported function within the module goes through the PLT, and the
 * shortest calls (a small value) would pay for it. */
static zend_always_inline msgpack_encode_status serialize_into(smart_str *buf, zval *val,
	const msgpack_pack_options *opts)
{
	msgpack_encoder enc;
	size_t start = buf->s ? ZSTR_LEN(buf->s) : 0;

	msgpack_encoder_init(&enc, buf, opts);
	enc.opts.notice = msgpack_serialize_notice;
	if (UNEXPECTED(msgpack_encode(&enc, val) > MSGPACK_ENCODE_EXCEPTION)) {
		/* what the encoder refused: thrown before the value it holds is released, as at the
		 * moment it was met */
		msgpack_encoder_report(&enc);
	}
	msgpack_encoder_destroy(&enc);
	if (enc.error != MSGPACK_ENCODE_OK) {
		if (enc.error < MSGPACK_ENCODE_EXCEPTION) {
			msgpack_encoder_report(&enc); /* the limits' warnings, once the value is released */
		}
		if (buf->s) {
			ZSTR_LEN(buf->s) = start;
		}
	}
	return enc.error;
}

static zend_always_inline bool unserialize_from(zval *out, const char *str, size_t len,
	const msgpack_unpack_options *opts)
{
	msgpack_unpack_result res;
	bool ok;

	if (len == 0) {
		/* PECL msgpack gives null for the empty string, silently */
		ZVAL_NULL(out);
		return true;
	}
	ok = msgpack_decode(str, len, opts, out, &res);
	if (!ok && msgpack_decoder_raise(&res)) {
		/* raised whatever msgpack.error_display says */
	} else if (!opts->error_display) {
		/* silent */
	} else if (!ok) {
		msgpack_decoder_report(&res);
	} else if (res.consumed != len) {
		/* the value is still returned */
		zend_error(E_WARNING, "[msgpack] (php_msgpack_unserialize) Extra bytes");
	}
	msgpack_unpack_result_destroy(&res);
	return ok;
}

msgpack_encode_status msgpack_serialize_into(smart_str *buf, zval *val, const msgpack_pack_options *opts)
{
	return serialize_into(buf, val, opts);
}

void msgpack_serialize_return(zval *return_value, zval *value, const msgpack_pack_options *opts)
{
	smart_str buf = {0};

	if (serialize_into(&buf, value, opts) != MSGPACK_ENCODE_OK) {
		smart_str_free(&buf);
		if (!EG(exception)) {
			RETVAL_FALSE;
		}
		return;
	}
	RETVAL_STR(smart_str_extract(&buf));
}

void msgpack_unserialize_return(zval *return_value, const zend_string *str, zval *tpl,
	const msgpack_unpack_options *opts)
{
	if (tpl && !msgpack_template_check(tpl, 2)) {
		return;
	}
	if (!unserialize_from(return_value, ZSTR_VAL(str), ZSTR_LEN(str), opts)) {
		if (!EG(exception)) {
			RETVAL_FALSE;
		}
		return;
	}
	/* as PECL: the template applies to the null of an empty string too */
	if (tpl) {
		msgpack_template_apply(return_value, tpl, opts);
	}
}

/* ---- C API (php_msgpack.h) --------------------------------------------------------------- */

PHP_MSGPACK_API void php_msgpack_serialize(smart_str *buf, zval *val)
{
	msgpack_pack_options opts;

	/* The caller's buffer gets a string of its own first: an empty one would be built on the
	 * encoder's stack, which a caller freeing its buffer after a bailout (zend_try) would free. */
	smart_str_alloc(buf, 64, 0);
	msgpack_pack_options_from_ini(&opts);
	serialize_into(buf, val, &opts);
}

PHP_MSGPACK_API int php_msgpack_unserialize(zval *return_value, char *str, size_t str_len)
{
	msgpack_unpack_options opts;

	msgpack_unpack_options_from_ini(&opts);
	if (!unserialize_from(return_value, str, str_len, &opts)) {
		ZVAL_FALSE(return_value);
		return FAILURE;
	}
	return SUCCESS;
}
