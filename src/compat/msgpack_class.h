/* MessagePack and MessagePackUnpacker. */
#ifndef MSGPACK_CLASS_H
#define MSGPACK_CLASS_H

#include "php.h"

extern zend_class_entry *msgpack_class_ce;
extern zend_class_entry *msgpack_unpacker_ce;

/* Installs the object handlers of the two classes, whose entries msgpack.c registers from the
 * generated arginfo. */
void msgpack_class_register(zend_class_entry *messagepack, zend_class_entry *unpacker);

#endif
