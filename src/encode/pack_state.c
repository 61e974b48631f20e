/*
 * The encoder's errors, for pack.c and pack_object.c (pack_internal.h): what the encoder refuses
 * a value with, recorded with what its message names for the API to say. The encoder raises no
 * warning and throws no exception itself (msgpack_encode_status, pack.h).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "encode/pack.h"
#include "encode/pack_internal.h"

msgpack_encode_error_detail *msgpack_encoder_refuse(msgpack_encoder *enc, msgpack_encode_status error)
{
	enc->error = error;
	memset(&enc->detail, 0, sizeof(enc->detail));
	/* an exception thrown after this (a destructor's, as the encoder returns) goes over the one
	 * the API throws for this error, as if that one had been thrown now (msgpack_exception.h) */
	enc->detail.pending = EG(exception);
	return &enc->detail;
}

void msgpack_encoder_refuse_class(msgpack_encoder *enc, msgpack_encode_status error, zend_class_entry *ce)
{
	msgpack_encoder_refuse(enc, error)->class_name = zend_string_copy(ce->name);
}

void msgpack_encoder_release_detail(msgpack_encoder *enc)
{
	msgpack_encode_error_detail *d = &enc->detail;
	zend_string *held[] = {d->class_name, d->result_class, d->again_class, d->text};

	for (size_t i = 0; i < sizeof(held) / sizeof(held[0]); i++) {
		if (held[i]) {
			zend_string_release(held[i]);
		}
	}
	memset(d, 0, sizeof(*d));
}
