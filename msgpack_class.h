/* MessagePack and MessagePackUnpacker, and the templates of msgpack_unpack(). */
#ifndef MSGPACK_CLASS_H
#define MSGPACK_CLASS_H

#include "php.h"

extern zend_class_entry *msgpack_class_ce;
extern zend_class_entry *msgpack_unpacker_ce;

/* Installs the object handlers of the two classes, whose entries msgpack.c registers from the
 * generated arginfo. */
void msgpack_class_register(zend_class_entry *messagepack, zend_class_entry *unpacker);

/*
 * Templates ($object of msgpack_unpack(), MessagePack::unpack(), MessagePackUnpacker::data()):
 * msgpack_template_check() throws a TypeError (argument arg_num) unless tpl is null, a string,
 * an object or an array; msgpack_template_apply() then converts the decoded *value in place.
 * On false an exception is pending and *value is still owned by the caller.
 */
bool msgpack_template_check(zval *tpl, uint32_t arg_num);
bool msgpack_template_apply(zval *value, zval *tpl);

#endif
