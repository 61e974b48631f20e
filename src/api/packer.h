/* The packing half of the MsgPack\ API: MsgPack\pack() and MsgPack\Packer (packer.c). */
#ifndef MSGPACK_PACKER_H
#define MSGPACK_PACKER_H

#include "php.h"

/* Flags of MsgPack\Packer and MsgPack\pack(). */
#define MSGPACK_PACK_BIN_STRINGS    (1 << 0) /* every string as bin */
#define MSGPACK_PACK_DETECT_BIN     (1 << 1) /* strings and map keys that are not valid UTF-8 as bin */
#define MSGPACK_PACK_FLOAT32        (1 << 2) /* floats as float32 */
#define MSGPACK_PACK_ARRAYS_AS_MAPS (1 << 3) /* lists as maps too */
#define MSGPACK_PACK_PHP_OBJECTS    (1 << 4) /* objects and references in PECL's php_only format */
#define MSGPACK_PACK_RECORDS        (1 << 5) /* maps and objects as msgpackr's records */
#define MSGPACK_PACK_FLOAT32_DECIMAL_FIT (1 << 6) /* floats as float32 when their decimal form survives */
#define MSGPACK_PACK_SEQUENTIAL     (1 << 7) /* records: structures carry over from pack() to pack() */

extern zend_class_entry *msgpack_packer_ce;

void msgpack_packer_register(zend_class_entry *ce);

#endif
