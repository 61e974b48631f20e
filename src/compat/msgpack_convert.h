/* Templates: the $object argument of msgpack_unpack(), MessagePack::unpack() and
 * MessagePackUnpacker::data(), which turns a decoded value into objects of given classes. */
#ifndef MSGPACK_CONVERT_H
#define MSGPACK_CONVERT_H

#include "php.h"
#include "decode/unpack.h"

/* Throws a TypeError (argument arg_num) unless tpl is null, a string, an object or an array. */
bool msgpack_template_check(zval *tpl, uint32_t arg_num);

/*
 * Replaces *value by what the template tpl makes of it (a class name or an object: an object of
 * that class; an array: an array shaped by it), or by null when the template does not fit the
 * value (with a warning while opts->error_display is on). False when an exception is pending
 * (then *value is null); opts->max_depth bounds the nesting, as cyclic values and templates could
 * otherwise go on forever.
 */
bool msgpack_template_apply(zval *value, zval *tpl, const msgpack_unpack_options *opts);

#endif
