/*
 * The exceptions of the MsgPack\ API. The classes are declared in msgpack.stub.php and registered
 * in msgpack.c; an unpacking error carries the byte offset where the input went wrong.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "common/msgpack_exception.h"

zend_class_entry *msgpack_exception_ce;
zend_class_entry *msgpack_pack_exception_ce;
zend_class_entry *msgpack_unpack_exception_ce;
zend_class_entry *msgpack_insufficient_data_exception_ce;
zend_class_entry *msgpack_path_exception_ce;

void msgpack_throw_pack_exception(const char *format, ...)
{
	va_list args;
	zend_string *message;

	va_start(args, format);
	message = zend_vstrpprintf(0, format, args);
	va_end(args);
	zend_throw_exception(msgpack_pack_exception_ce, ZSTR_VAL(message), 0);
	zend_string_release(message);
}

void msgpack_throw_since(zend_object *pending, zend_class_entry *ce, const char *format, ...)
{
	va_list args;
	zend_string *message;
	zend_object *later = EG(exception) != pending ? EG(exception) : NULL;

	va_start(args, format);
	message = zend_vstrpprintf(0, format, args);
	va_end(args);
	if (later == NULL) {
		zend_throw_exception(ce, ZSTR_VAL(message), 0);
	} else {
		/* thrown by a destructor after the error was met: it goes over this one, as the
		 * engine puts an exception a destructor throws over the one pending */
		EG(exception) = NULL;
		zend_throw_exception(ce, ZSTR_VAL(message), 0);
		zend_object *met = EG(exception);
		EG(exception) = later;
		zend_exception_set_previous(later, met);
	}
	zend_string_release(message);
}

static zend_object *throw_unpack_exception(zend_class_entry *ce, size_t position, const char *format, va_list args)
{
	zend_string *message = zend_vstrpprintf(0, format, args);
	zend_object *ex = zend_throw_exception(ce, ZSTR_VAL(message), 0);

	zend_string_release(message);
	zend_update_property_long(msgpack_unpack_exception_ce, ex, "position", sizeof("position") - 1, (zend_long) position);
	return ex;
}

void msgpack_throw_unpack_exception(zend_class_entry *ce, size_t position, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	throw_unpack_exception(ce, position, format, args);
	va_end(args);
}

void msgpack_throw_unpack_exception_at(zend_class_entry *ce, size_t position, zend_string *path, const char *format, ...)
{
	va_list args;
	zend_object *ex;

	va_start(args, format);
	ex = throw_unpack_exception(ce, position, format, args);
	va_end(args);
	if (path) {
		zend_update_property_str(msgpack_unpack_exception_ce, ex, "path", sizeof("path") - 1, path);
	}
}

ZEND_METHOD(MsgPack_UnpackException, getPosition)
{
	zval *pos, rv;

	ZEND_PARSE_PARAMETERS_NONE();

	pos = zend_read_property(msgpack_unpack_exception_ce, Z_OBJ_P(ZEND_THIS), "position", sizeof("position") - 1, true, &rv);
	RETURN_LONG(Z_TYPE_P(pos) == IS_LONG ? Z_LVAL_P(pos) : 0);
}

ZEND_METHOD(MsgPack_UnpackException, getPath)
{
	zval *path, rv;

	ZEND_PARSE_PARAMETERS_NONE();

	path = zend_read_property(msgpack_unpack_exception_ce, Z_OBJ_P(ZEND_THIS), "path", sizeof("path") - 1, true, &rv);
	if (Z_TYPE_P(path) == IS_STRING) {
		RETURN_COPY(path);
	}
	RETURN_EMPTY_STRING();
}
