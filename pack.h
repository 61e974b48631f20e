/* Encoder: walks a zval and appends its MessagePack encoding to a smart_str. */
#ifndef MSGPACK_PACK_H
#define MSGPACK_PACK_H

#include "php.h"
#include "zend_smart_str.h"

typedef struct _msgpack_pack_options {
	bool php_only;  /* write PHP objects, references and back-references (PECL format) */
	bool assoc;     /* php_only off: plain objects become lists of their property values */
	bool force_f32; /* write floats as float32 */
	bool use_str8;  /* use str8 (0xd9) for strings of 32..255 bytes */
	bool ext_types; /* MsgPack\Ext and MsgPack\Timestamp are written as ext */
	uint32_t max_depth;
} msgpack_pack_options;

typedef enum _msgpack_pack_error {
	MSGPACK_PACK_OK = 0,
	MSGPACK_PACK_ERROR_DEPTH,     /* nesting deeper than max_depth */
	MSGPACK_PACK_ERROR_EXCEPTION, /* user code threw, or a value may not be serialized */
} msgpack_pack_error;

typedef struct _msgpack_encoder {
	smart_str *buf;
	msgpack_pack_options opts;
	uint32_t depth;
	msgpack_pack_error error;
	/* Pre-order number of the last array or object written, the root being 1: back-references
	 * name values by it. */
	uint32_t last_id;
	/* Objects and references written so far (address => id), made on the first one met, so a
	 * value without any costs nothing. keep_alive holds them until the end, because an address
	 * freed by a __serialize() temporary could otherwise be reused by a later value. */
	HashTable *seen;
	HashTable *keep_alive;
} msgpack_encoder;

void msgpack_pack_options_from_ini(msgpack_pack_options *opts);
void msgpack_encoder_init(msgpack_encoder *enc, smart_str *buf, const msgpack_pack_options *opts);
void msgpack_encoder_destroy(msgpack_encoder *enc);
/* Appends val; MSGPACK_PACK_OK or the error (an exception may be pending). */
msgpack_pack_error msgpack_encode(msgpack_encoder *enc, zval *val);
/* Reports the encoder's error the way the compatible API does (warning unless an exception). */
void msgpack_encoder_report(const msgpack_encoder *enc);

#endif
