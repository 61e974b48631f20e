/* The exceptions of the MsgPack\ API: MsgPack\Exception and its subclasses. */
#ifndef MSGPACK_EXCEPTION_H
#define MSGPACK_EXCEPTION_H

#include "php.h"

extern zend_class_entry *msgpack_exception_ce;                  /* MsgPack\Exception */
extern zend_class_entry *msgpack_pack_exception_ce;             /* MsgPack\PackException */
extern zend_class_entry *msgpack_unpack_exception_ce;           /* MsgPack\UnpackException */
extern zend_class_entry *msgpack_insufficient_data_exception_ce; /* MsgPack\InsufficientDataException */
extern zend_class_entry *msgpack_path_exception_ce;             /* MsgPack\PathException */

/* Throws a MsgPack\PackException with the formatted message. */
void msgpack_throw_pack_exception(const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);
/* Throws ce with the formatted message for an error met when pending was EG(exception) (NULL
 * for none), and reported later (the encoder returns its errors, msgpack_encode()): chained as
 * it would have been if thrown then, under an exception thrown since. */
void msgpack_throw_since(zend_object *pending, zend_class_entry *ce, const char *format, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
/* Throws ce (MsgPack\UnpackException or a subclass) with the formatted message and the byte
 * offset of the problem, which getPosition() returns. */
void msgpack_throw_unpack_exception(zend_class_entry *ce, size_t position, const char *format, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
/* The same with the path in the value where the problem is (getPath()), NULL for none. */
void msgpack_throw_unpack_exception_at(zend_class_entry *ce, size_t position, zend_string *path, const char *format, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 4, 5);

#endif
