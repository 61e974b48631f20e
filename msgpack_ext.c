/*
 * MsgPack\Ext (an ext value of any type) and MsgPack\Timestamp (ext type -1): final classes
 * with two readonly properties. Their class entries are registered in msgpack.c from the
 * generated arginfo; the encoder and decoder make and read them through the helpers here.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "msgpack_ext.h"

zend_class_entry *msgpack_ext_ce;
zend_class_entry *msgpack_timestamp_ce;

void msgpack_ext_init(zval *out, int8_t type, const char *data, size_t len)
{
	zend_object *obj;

	object_init_ex(out, msgpack_ext_ce);
	obj = Z_OBJ_P(out);
	ZVAL_LONG(MSGPACK_EXT_TYPE(obj), type);
	ZVAL_STRINGL_FAST(MSGPACK_EXT_DATA(obj), data, len);
}

void msgpack_timestamp_init(zval *out, int64_t seconds, uint32_t nanoseconds)
{
	zend_object *obj;

	object_init_ex(out, msgpack_timestamp_ce);
	obj = Z_OBJ_P(out);
	ZVAL_LONG(MSGPACK_TIMESTAMP_SECONDS(obj), (zend_long) seconds);
	ZVAL_LONG(MSGPACK_TIMESTAMP_NANOS(obj), (zend_long) nanoseconds);
}

/* Readonly properties are set once: a second call of the constructor is refused. */
static bool already_constructed(zend_object *obj)
{
	if (Z_TYPE_P(OBJ_PROP_NUM(obj, 0)) != IS_UNDEF) {
		zend_throw_error(NULL, "Cannot modify readonly property %s::$%s", ZSTR_VAL(obj->ce->name),
			obj->ce == msgpack_ext_ce ? "type" : "seconds");
		return true;
	}
	return false;
}

ZEND_METHOD(MsgPack_Ext, __construct)
{
	zend_long type;
	zend_string *data;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(type)
		Z_PARAM_STR(data)
	ZEND_PARSE_PARAMETERS_END();

	if (type < -128 || type > 127) {
		zend_argument_value_error(1, "must be between -128 and 127");
		RETURN_THROWS();
	}
	if (already_constructed(obj)) {
		RETURN_THROWS();
	}
	ZVAL_LONG(MSGPACK_EXT_TYPE(obj), type);
	ZVAL_STR_COPY(MSGPACK_EXT_DATA(obj), data);
}

ZEND_METHOD(MsgPack_Timestamp, __construct)
{
	zend_long seconds, nanoseconds = 0;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_LONG(seconds)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(nanoseconds)
	ZEND_PARSE_PARAMETERS_END();

	if (nanoseconds < 0 || nanoseconds > 999999999) {
		zend_argument_value_error(2, "must be between 0 and 999999999");
		RETURN_THROWS();
	}
	if (already_constructed(obj)) {
		RETURN_THROWS();
	}
	ZVAL_LONG(MSGPACK_TIMESTAMP_SECONDS(obj), seconds);
	ZVAL_LONG(MSGPACK_TIMESTAMP_NANOS(obj), nanoseconds);
}

/* SKELETON (branch api): MsgPack\Bin, MsgPack\Map and the DateTime conversions throw until done. */
#define NOT_YET() zend_throw_error(NULL, "%s is not implemented yet", __func__)

zend_class_entry *msgpack_bin_ce;
zend_class_entry *msgpack_map_ce;

ZEND_METHOD(MsgPack_Timestamp, fromDateTime) { NOT_YET(); }
ZEND_METHOD(MsgPack_Timestamp, toDateTime) { NOT_YET(); }
ZEND_METHOD(MsgPack_Bin, __construct) { NOT_YET(); }
ZEND_METHOD(MsgPack_Map, __construct) { NOT_YET(); }
