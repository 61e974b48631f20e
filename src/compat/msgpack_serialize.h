/*
 * The compatible API's one-shots: msgpack_serialize()/msgpack_unserialize(), MessagePack's
 * pack()/unpack(), the session and APCu serializers and the C API of php_msgpack.h go through
 * them, and they alone turn the codec's status into the compatible API's warnings. What both APIs
 * say (the codec's notices, the errors PHP's serialize() and unserialize() raise) is in
 * report/msgpack_report.h.
 */
#ifndef MSGPACK_SERIALIZE_H
#define MSGPACK_SERIALIZE_H

#include "php.h"
#include "zend_smart_str.h"
#include "encode/pack.h"
#include "decode/unpack.h"

/* Appends val to buf; on failure buf is left as it was and the warning is emitted. */
msgpack_encode_status msgpack_serialize_into(smart_str *buf, zval *val, const msgpack_pack_options *opts);

/* The bodies of msgpack_serialize() and MessagePack::pack(): the packed string, or false (or an
 * exception) in return_value. */
void msgpack_serialize_return(zval *return_value, zval *value, const msgpack_pack_options *opts);
/* The bodies of msgpack_unserialize() and MessagePack::unpack(): the value with the template
 * (argument 2, or NULL) applied, or false (or an exception) in return_value. */
void msgpack_unserialize_return(zval *return_value, const zend_string *str, zval *tpl,
	const msgpack_unpack_options *opts);

/* The compatible API's message for the error of a failed encode (msgpack_encode_status): PECL's
 * warning for the limits (unless msgpack.error_display is off), and the exceptions of PHP's
 * serialize() for what PHP refuses to serialize. */
void msgpack_encoder_report(const msgpack_encoder *enc);
/* The compatible API's warning of a failed decode (none when an exception says it). The caller
 * checks its options' error_display first; the encoder's warning reads msgpack.error_display
 * itself. */
void msgpack_decoder_report(const msgpack_unpack_result *res);

/* The compatible API's decoder options from the INI settings (msgpack.php_only, ...), told of
 * notices by msgpack_decoder_notice() (report/msgpack_report.h). */
void msgpack_unpack_options_from_ini(msgpack_unpack_options *opts);
#endif
