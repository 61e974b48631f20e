/* The unpacking half of the MsgPack\ API: MsgPack\unpack() and MsgPack\Unpacker (unpacker.c). */
#ifndef MSGPACK_UNPACKER_H
#define MSGPACK_UNPACKER_H

#include "php.h"

/* Flags of MsgPack\Unpacker and MsgPack\unpack(). */
#define MSGPACK_UNPACK_BIGINT_AS_GMP         (1 << 0) /* uint64 beyond PHP_INT_MAX as GMP */
#define MSGPACK_UNPACK_BIGINT_AS_FLOAT       (1 << 1) /* ... as float (default: decimal string) */
#define MSGPACK_UNPACK_MAPS_AS_OBJECTS       (1 << 2) /* maps as stdClass */
#define MSGPACK_UNPACK_TIMESTAMP_AS_DATETIME (1 << 3) /* timestamps as DateTimeImmutable */
#define MSGPACK_UNPACK_PHP_OBJECTS           (1 << 4) /* read PECL's php_only format */
#define MSGPACK_UNPACK_RECORDS               (1 << 5) /* read msgpackr's records */
#define MSGPACK_UNPACK_FLOAT32_DECIMAL_FIT   (1 << 6) /* float32 as its decimal form of up to 7 digits */
#define MSGPACK_UNPACK_FORBID_UNKNOWN_KEYS   (1 << 7) /* unpackAs(): a key no property has is an error */
#define MSGPACK_UNPACK_STOP_AT_PATH          (1 << 8) /* a path read stops once its values are read */

extern zend_class_entry *msgpack_unpacker_api_ce;

void msgpack_unpacker_api_register(zend_class_entry *ce);

/* The structures of a withStructures() call (MsgPack\Unpacker's and MsgPack\Packer's), its argument
 * arg_num: the table, or NULL with the ValueError thrown (not a list of unique field-name lists,
 * or more than max of them). */
struct _msgpack_record_table *msgpack_structures_from_arg(HashTable *list, uint32_t arg_num, uint32_t max);

#endif
