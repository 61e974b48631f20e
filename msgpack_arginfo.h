/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: c1dcd9b77939438000191c54c9afffc25d6dc836 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_msgpack_serialize, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_msgpack_unserialize, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, object, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()

#define arginfo_msgpack_pack arginfo_msgpack_serialize

#define arginfo_msgpack_unpack arginfo_msgpack_unserialize

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MessagePack___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO(0, opt, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MessagePack_setOption, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, option, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MessagePack_pack arginfo_msgpack_serialize

#define arginfo_class_MessagePack_unpack arginfo_msgpack_unserialize

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_MessagePack_unpacker, 0, 0, MessagePackUnpacker, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MessagePackUnpacker___construct arginfo_class_MessagePack___construct

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MessagePackUnpacker___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MessagePackUnpacker_setOption arginfo_class_MessagePack_setOption

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MessagePackUnpacker_feed, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MessagePackUnpacker_execute, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, str, IS_STRING, 1, "null")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(1, offset, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MessagePackUnpacker_data, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, object, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MessagePackUnpacker_reset, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

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
ZEND_METHOD(MessagePack, __construct);
ZEND_METHOD(MessagePack, setOption);
ZEND_METHOD(MessagePack, pack);
ZEND_METHOD(MessagePack, unpack);
ZEND_METHOD(MessagePack, unpacker);
ZEND_METHOD(MessagePackUnpacker, __construct);
ZEND_METHOD(MessagePackUnpacker, __destruct);
ZEND_METHOD(MessagePackUnpacker, setOption);
ZEND_METHOD(MessagePackUnpacker, feed);
ZEND_METHOD(MessagePackUnpacker, execute);
ZEND_METHOD(MessagePackUnpacker, data);
ZEND_METHOD(MessagePackUnpacker, reset);
ZEND_METHOD(MsgPack_Ext, __construct);
ZEND_METHOD(MsgPack_Timestamp, __construct);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(msgpack_serialize, arginfo_msgpack_serialize)
	ZEND_FE(msgpack_unserialize, arginfo_msgpack_unserialize)
	ZEND_FALIAS(msgpack_pack, msgpack_serialize, arginfo_msgpack_pack)
	ZEND_FALIAS(msgpack_unpack, msgpack_unserialize, arginfo_msgpack_unpack)
	ZEND_FE_END
};


static const zend_function_entry class_MessagePack_methods[] = {
	ZEND_ME(MessagePack, __construct, arginfo_class_MessagePack___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePack, setOption, arginfo_class_MessagePack_setOption, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePack, pack, arginfo_class_MessagePack_pack, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePack, unpack, arginfo_class_MessagePack_unpack, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePack, unpacker, arginfo_class_MessagePack_unpacker, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MessagePackUnpacker_methods[] = {
	ZEND_ME(MessagePackUnpacker, __construct, arginfo_class_MessagePackUnpacker___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePackUnpacker, __destruct, arginfo_class_MessagePackUnpacker___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePackUnpacker, setOption, arginfo_class_MessagePackUnpacker_setOption, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePackUnpacker, feed, arginfo_class_MessagePackUnpacker_feed, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePackUnpacker, execute, arginfo_class_MessagePackUnpacker_execute, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePackUnpacker, data, arginfo_class_MessagePackUnpacker_data, ZEND_ACC_PUBLIC)
	ZEND_ME(MessagePackUnpacker, reset, arginfo_class_MessagePackUnpacker_reset, ZEND_ACC_PUBLIC)
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

static zend_class_entry *register_class_MessagePack(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "MessagePack", class_MessagePack_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval const_OPT_PHPONLY_value;
	ZVAL_LONG(&const_OPT_PHPONLY_value, MSGPACK_OPT_PHPONLY);
	zend_string *const_OPT_PHPONLY_name = zend_string_init_interned("OPT_PHPONLY", sizeof("OPT_PHPONLY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPT_PHPONLY_name, &const_OPT_PHPONLY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPT_PHPONLY_name);

	zval const_OPT_ASSOC_value;
	ZVAL_LONG(&const_OPT_ASSOC_value, MSGPACK_OPT_ASSOC);
	zend_string *const_OPT_ASSOC_name = zend_string_init_interned("OPT_ASSOC", sizeof("OPT_ASSOC") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPT_ASSOC_name, &const_OPT_ASSOC_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPT_ASSOC_name);

	zval const_OPT_FORCE_F32_value;
	ZVAL_LONG(&const_OPT_FORCE_F32_value, MSGPACK_OPT_FORCE_F32);
	zend_string *const_OPT_FORCE_F32_name = zend_string_init_interned("OPT_FORCE_F32", sizeof("OPT_FORCE_F32") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPT_FORCE_F32_name, &const_OPT_FORCE_F32_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPT_FORCE_F32_name);

	return class_entry;
}

static zend_class_entry *register_class_MessagePackUnpacker(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "MessagePackUnpacker", class_MessagePackUnpacker_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
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
