/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: f53157b3a13a016648503d205b845cfa92443d96 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_msgpack_serialize, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_msgpack_unserialize, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, object, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()

#define arginfo_msgpack_pack arginfo_msgpack_serialize

#define arginfo_msgpack_unpack arginfo_msgpack_unserialize

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Ext___construct, 0, 0, 2)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Timestamp___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, seconds, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, nanoseconds, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(msgpack_serialize);
ZEND_FUNCTION(msgpack_unserialize);
ZEND_METHOD(MsgPack_Ext, __construct);
ZEND_METHOD(MsgPack_Timestamp, __construct);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(msgpack_serialize, arginfo_msgpack_serialize)
	ZEND_FE(msgpack_unserialize, arginfo_msgpack_unserialize)
	ZEND_FALIAS(msgpack_pack, msgpack_serialize, arginfo_msgpack_pack)
	ZEND_FALIAS(msgpack_unpack, msgpack_unserialize, arginfo_msgpack_unpack)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Ext_methods[] = {
	ZEND_ME(MsgPack_Ext, __construct, arginfo_class_MsgPack_Ext___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Timestamp_methods[] = {
	ZEND_ME(MsgPack_Timestamp, __construct, arginfo_class_MsgPack_Timestamp___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static void register_msgpack_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("MESSAGEPACK_OPT_PHPONLY", MSGPACK_OPT_PHPONLY, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("MESSAGEPACK_OPT_ASSOC", MSGPACK_OPT_ASSOC, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("MESSAGEPACK_OPT_FORCE_F32", MSGPACK_OPT_FORCE_F32, CONST_PERSISTENT);
}

static zend_class_entry *register_class_MsgPack_Ext(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Ext", class_MsgPack_Ext_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_type_default_value;
	ZVAL_UNDEF(&property_type_default_value);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_data_default_value;
	ZVAL_UNDEF(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_data_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Timestamp(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Timestamp", class_MsgPack_Timestamp_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_seconds_default_value;
	ZVAL_UNDEF(&property_seconds_default_value);
	zend_string *property_seconds_name = zend_string_init("seconds", sizeof("seconds") - 1, 1);
	zend_declare_typed_property(class_entry, property_seconds_name, &property_seconds_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_seconds_name);

	zval property_nanoseconds_default_value;
	ZVAL_UNDEF(&property_nanoseconds_default_value);
	zend_string *property_nanoseconds_name = zend_string_init("nanoseconds", sizeof("nanoseconds") - 1, 1);
	zend_declare_typed_property(class_entry, property_nanoseconds_name, &property_nanoseconds_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_nanoseconds_name);

	return class_entry;
}
