/* What both APIs say of what the codec reports (msgpack_report.c): PHP's texts, once. */
#ifndef MSGPACK_REPORT_H
#define MSGPACK_REPORT_H

#include "php.h"
#include "encode/pack.h"
#include "decode/unpack.h"

/* The decoder's on_notice for both APIs: PECL's warnings of an illegal key and of a class with no
 * unserializer (unless opts->error_display is off), unserialize_callback_func's (always). */
void msgpack_decoder_notice(const msgpack_unpack_options *opts, msgpack_decode_notice notice, const char *name);
/* Raises the error a failed decode stopped on when PHP's unserialize() raises it (res->error
 * MSGPACK_DECODE_NOT_SERIALIZABLE and those after it), as unserialize() does: an Exception, an
 * Error, or the fatal error (which does not return). True if it raised one; false for the others
 * (each API's own reports; MSGPACK_DECODE_EXCEPTION is pending already). Both APIs call it,
 * whatever their options say of warnings. */
bool msgpack_decoder_raise(const msgpack_unpack_result *res);
/* PECL's warning or notice for a nil the encoder writes in place of what it cannot pack
 * (msgpack_pack_options.notice): the compatible API's, and MsgPack\Packer's with PHP_OBJECTS,
 * which writes PECL's objects. */
void msgpack_serialize_notice(const msgpack_encode_notice *n);

#endif
