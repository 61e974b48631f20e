/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 655d7cb262d6e942a66a06a6b6d74aa94560a921 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_msgpack_serialize, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_msgpack_unserialize, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, object, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()

#define arginfo_msgpack_pack arginfo_msgpack_serialize

#define arginfo_msgpack_unpack arginfo_msgpack_unserialize

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_MsgPack_pack, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_MsgPack_unpack, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, path, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_MsgPack_unpackPaths, 0, 2, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, paths, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO(0, default, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_MsgPack_unpackAs, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, path, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

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
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
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
	ZEND_ARG_TYPE_MASK(0, seconds, MAY_BE_LONG|MAY_BE_DOUBLE, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, nanoseconds, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_MsgPack_Timestamp_now, 0, 0, MsgPack\\Timestamp, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_MsgPack_Timestamp_fromDateTime, 0, 1, MsgPack\\Timestamp, 0)
	ZEND_ARG_OBJ_INFO(0, dateTime, DateTimeInterface, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_MsgPack_Timestamp_toDateTime, 0, 0, DateTimeImmutable, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Bin___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Map___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, value, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Name___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_ListOf___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, type, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_MapOf___construct arginfo_class_MsgPack_ListOf___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_UnpackException_getPosition, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_UnpackException_getPath, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Packer___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_pack, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_registerExtension, 0, 3, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, class, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, encode, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_registerTransformer, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, class, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, transform, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_withStructures, 0, 1, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, structures, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, save, IS_CALLABLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxShared, IS_LONG, 0, "32")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_structures, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Packer_packNil arginfo_class_MsgPack_UnpackException_getPath

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packBool, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packInt, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packFloat, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Packer_packFloat32 arginfo_class_MsgPack_Packer_packFloat

#define arginfo_class_MsgPack_Packer_packFloat64 arginfo_class_MsgPack_Packer_packFloat

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packStr, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Packer_packBin arginfo_class_MsgPack_Packer_packStr

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packArray, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Packer_packMap arginfo_class_MsgPack_Packer_packArray

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packArrayHeader, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, count, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Packer_packMapHeader arginfo_class_MsgPack_Packer_packArrayHeader

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Packer_packExt, 0, 2, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_MsgPack_Unpacker___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_MASK(0, allowedClasses, MAY_BE_ARRAY|MAY_BE_BOOL, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxDepth, IS_LONG, 0, "4096")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpack, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, path, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackPaths, 0, 2, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, paths, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, default, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackAs, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, path, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_feed, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, chunk, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Unpacker_tryUnpack arginfo_class_MsgPack_Packer_structures

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_MsgPack_Unpacker_getIterator, 0, 0, Iterator, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Unpacker_remaining arginfo_class_MsgPack_UnpackException_getPosition

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_registerExtension, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, decode, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_withStructures, 0, 1, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, structures, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Unpacker_reset arginfo_class_MessagePackUnpacker_reset

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackNil, 0, 0, IS_NULL, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackBool, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_MsgPack_Unpacker_unpackInt, 0, 0, GMP, MAY_BE_LONG|MAY_BE_DOUBLE|MAY_BE_STRING)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackFloat, 0, 0, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Unpacker_unpackStr arginfo_class_MsgPack_UnpackException_getPath

#define arginfo_class_MsgPack_Unpacker_unpackBin arginfo_class_MsgPack_UnpackException_getPath

#define arginfo_class_MsgPack_Unpacker_unpackArray arginfo_class_MsgPack_Packer_structures

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackMap, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_MsgPack_Unpacker_unpackExt, 0, 0, MsgPack\\Ext, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_MsgPack_Unpacker_unpackArrayHeader arginfo_class_MsgPack_UnpackException_getPosition

#define arginfo_class_MsgPack_Unpacker_unpackMapHeader arginfo_class_MsgPack_UnpackException_getPosition

#define arginfo_class_MsgPack_Unpacker_skipValue arginfo_class_MessagePackUnpacker_reset

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_skip, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, bytes, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_MsgPack_Unpacker_read, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, bytes, IS_LONG, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(msgpack_serialize);
ZEND_FUNCTION(msgpack_unserialize);
ZEND_FUNCTION(MsgPack_pack);
ZEND_FUNCTION(MsgPack_unpack);
ZEND_FUNCTION(MsgPack_unpackPaths);
ZEND_FUNCTION(MsgPack_unpackAs);
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
ZEND_METHOD(MsgPack_Timestamp, now);
ZEND_METHOD(MsgPack_Timestamp, fromDateTime);
ZEND_METHOD(MsgPack_Timestamp, toDateTime);
ZEND_METHOD(MsgPack_Bin, __construct);
ZEND_METHOD(MsgPack_Map, __construct);
ZEND_METHOD(MsgPack_Name, __construct);
ZEND_METHOD(MsgPack_ListOf, __construct);
ZEND_METHOD(MsgPack_MapOf, __construct);
ZEND_METHOD(MsgPack_UnpackException, getPosition);
ZEND_METHOD(MsgPack_UnpackException, getPath);
ZEND_METHOD(MsgPack_Packer, __construct);
ZEND_METHOD(MsgPack_Packer, pack);
ZEND_METHOD(MsgPack_Packer, registerExtension);
ZEND_METHOD(MsgPack_Packer, registerTransformer);
ZEND_METHOD(MsgPack_Packer, withStructures);
ZEND_METHOD(MsgPack_Packer, structures);
ZEND_METHOD(MsgPack_Packer, packNil);
ZEND_METHOD(MsgPack_Packer, packBool);
ZEND_METHOD(MsgPack_Packer, packInt);
ZEND_METHOD(MsgPack_Packer, packFloat);
ZEND_METHOD(MsgPack_Packer, packFloat32);
ZEND_METHOD(MsgPack_Packer, packFloat64);
ZEND_METHOD(MsgPack_Packer, packStr);
ZEND_METHOD(MsgPack_Packer, packBin);
ZEND_METHOD(MsgPack_Packer, packArray);
ZEND_METHOD(MsgPack_Packer, packMap);
ZEND_METHOD(MsgPack_Packer, packArrayHeader);
ZEND_METHOD(MsgPack_Packer, packMapHeader);
ZEND_METHOD(MsgPack_Packer, packExt);
ZEND_METHOD(MsgPack_Unpacker, __construct);
ZEND_METHOD(MsgPack_Unpacker, unpack);
ZEND_METHOD(MsgPack_Unpacker, unpackPaths);
ZEND_METHOD(MsgPack_Unpacker, unpackAs);
ZEND_METHOD(MsgPack_Unpacker, feed);
ZEND_METHOD(MsgPack_Unpacker, tryUnpack);
ZEND_METHOD(MsgPack_Unpacker, getIterator);
ZEND_METHOD(MsgPack_Unpacker, remaining);
ZEND_METHOD(MsgPack_Unpacker, registerExtension);
ZEND_METHOD(MsgPack_Unpacker, withStructures);
ZEND_METHOD(MsgPack_Unpacker, reset);
ZEND_METHOD(MsgPack_Unpacker, unpackNil);
ZEND_METHOD(MsgPack_Unpacker, unpackBool);
ZEND_METHOD(MsgPack_Unpacker, unpackInt);
ZEND_METHOD(MsgPack_Unpacker, unpackFloat);
ZEND_METHOD(MsgPack_Unpacker, unpackStr);
ZEND_METHOD(MsgPack_Unpacker, unpackBin);
ZEND_METHOD(MsgPack_Unpacker, unpackArray);
ZEND_METHOD(MsgPack_Unpacker, unpackMap);
ZEND_METHOD(MsgPack_Unpacker, unpackExt);
ZEND_METHOD(MsgPack_Unpacker, unpackArrayHeader);
ZEND_METHOD(MsgPack_Unpacker, unpackMapHeader);
ZEND_METHOD(MsgPack_Unpacker, skipValue);
ZEND_METHOD(MsgPack_Unpacker, skip);
ZEND_METHOD(MsgPack_Unpacker, read);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(msgpack_serialize, arginfo_msgpack_serialize)
	ZEND_FE(msgpack_unserialize, arginfo_msgpack_unserialize)
	ZEND_FALIAS(msgpack_pack, msgpack_serialize, arginfo_msgpack_pack)
	ZEND_FALIAS(msgpack_unpack, msgpack_unserialize, arginfo_msgpack_unpack)
	ZEND_NS_FALIAS("MsgPack", pack, MsgPack_pack, arginfo_MsgPack_pack)
	ZEND_NS_FALIAS("MsgPack", unpack, MsgPack_unpack, arginfo_MsgPack_unpack)
	ZEND_NS_FALIAS("MsgPack", unpackPaths, MsgPack_unpackPaths, arginfo_MsgPack_unpackPaths)
	ZEND_NS_FALIAS("MsgPack", unpackAs, MsgPack_unpackAs, arginfo_MsgPack_unpackAs)
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
	ZEND_ME(MsgPack_Timestamp, now, arginfo_class_MsgPack_Timestamp_now, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(MsgPack_Timestamp, fromDateTime, arginfo_class_MsgPack_Timestamp_fromDateTime, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(MsgPack_Timestamp, toDateTime, arginfo_class_MsgPack_Timestamp_toDateTime, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Bin_methods[] = {
	ZEND_ME(MsgPack_Bin, __construct, arginfo_class_MsgPack_Bin___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Map_methods[] = {
	ZEND_ME(MsgPack_Map, __construct, arginfo_class_MsgPack_Map___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Name_methods[] = {
	ZEND_ME(MsgPack_Name, __construct, arginfo_class_MsgPack_Name___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_AsList_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_ListOf_methods[] = {
	ZEND_ME(MsgPack_ListOf, __construct, arginfo_class_MsgPack_ListOf___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_MapOf_methods[] = {
	ZEND_ME(MsgPack_MapOf, __construct, arginfo_class_MsgPack_MapOf___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_PackException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_UnpackException_methods[] = {
	ZEND_ME(MsgPack_UnpackException, getPosition, arginfo_class_MsgPack_UnpackException_getPosition, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_UnpackException, getPath, arginfo_class_MsgPack_UnpackException_getPath, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_InsufficientDataException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_PathException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Packer_methods[] = {
	ZEND_ME(MsgPack_Packer, __construct, arginfo_class_MsgPack_Packer___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, pack, arginfo_class_MsgPack_Packer_pack, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, registerExtension, arginfo_class_MsgPack_Packer_registerExtension, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, registerTransformer, arginfo_class_MsgPack_Packer_registerTransformer, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, withStructures, arginfo_class_MsgPack_Packer_withStructures, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, structures, arginfo_class_MsgPack_Packer_structures, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packNil, arginfo_class_MsgPack_Packer_packNil, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packBool, arginfo_class_MsgPack_Packer_packBool, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packInt, arginfo_class_MsgPack_Packer_packInt, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packFloat, arginfo_class_MsgPack_Packer_packFloat, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packFloat32, arginfo_class_MsgPack_Packer_packFloat32, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packFloat64, arginfo_class_MsgPack_Packer_packFloat64, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packStr, arginfo_class_MsgPack_Packer_packStr, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packBin, arginfo_class_MsgPack_Packer_packBin, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packArray, arginfo_class_MsgPack_Packer_packArray, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packMap, arginfo_class_MsgPack_Packer_packMap, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packArrayHeader, arginfo_class_MsgPack_Packer_packArrayHeader, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packMapHeader, arginfo_class_MsgPack_Packer_packMapHeader, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Packer, packExt, arginfo_class_MsgPack_Packer_packExt, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_MsgPack_Unpacker_methods[] = {
	ZEND_ME(MsgPack_Unpacker, __construct, arginfo_class_MsgPack_Unpacker___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpack, arginfo_class_MsgPack_Unpacker_unpack, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackPaths, arginfo_class_MsgPack_Unpacker_unpackPaths, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackAs, arginfo_class_MsgPack_Unpacker_unpackAs, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, feed, arginfo_class_MsgPack_Unpacker_feed, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, tryUnpack, arginfo_class_MsgPack_Unpacker_tryUnpack, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, getIterator, arginfo_class_MsgPack_Unpacker_getIterator, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, remaining, arginfo_class_MsgPack_Unpacker_remaining, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, registerExtension, arginfo_class_MsgPack_Unpacker_registerExtension, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, withStructures, arginfo_class_MsgPack_Unpacker_withStructures, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, reset, arginfo_class_MsgPack_Unpacker_reset, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackNil, arginfo_class_MsgPack_Unpacker_unpackNil, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackBool, arginfo_class_MsgPack_Unpacker_unpackBool, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackInt, arginfo_class_MsgPack_Unpacker_unpackInt, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackFloat, arginfo_class_MsgPack_Unpacker_unpackFloat, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackStr, arginfo_class_MsgPack_Unpacker_unpackStr, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackBin, arginfo_class_MsgPack_Unpacker_unpackBin, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackArray, arginfo_class_MsgPack_Unpacker_unpackArray, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackMap, arginfo_class_MsgPack_Unpacker_unpackMap, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackExt, arginfo_class_MsgPack_Unpacker_unpackExt, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackArrayHeader, arginfo_class_MsgPack_Unpacker_unpackArrayHeader, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, unpackMapHeader, arginfo_class_MsgPack_Unpacker_unpackMapHeader, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, skipValue, arginfo_class_MsgPack_Unpacker_skipValue, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, skip, arginfo_class_MsgPack_Unpacker_skip, ZEND_ACC_PUBLIC)
	ZEND_ME(MsgPack_Unpacker, read, arginfo_class_MsgPack_Unpacker_read, ZEND_ACC_PUBLIC)
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
	zend_declare_typed_property(class_entry, property_seconds_name, &property_seconds_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_DOUBLE));
	zend_string_release(property_seconds_name);

	zval property_nanoseconds_default_value;
	ZVAL_UNDEF(&property_nanoseconds_default_value);
	zend_string *property_nanoseconds_name = zend_string_init("nanoseconds", sizeof("nanoseconds") - 1, 1);
	zend_declare_typed_property(class_entry, property_nanoseconds_name, &property_nanoseconds_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_nanoseconds_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Bin(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Bin", class_MsgPack_Bin_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_data_default_value;
	ZVAL_UNDEF(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_data_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Map(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Map", class_MsgPack_Map_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_value_default_value;
	ZVAL_UNDEF(&property_value_default_value);
	zend_string *property_value_name = zend_string_init("value", sizeof("value") - 1, 1);
	zend_declare_typed_property(class_entry, property_value_name, &property_value_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_value_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Name(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Name", class_MsgPack_Name_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_name_default_value;
	ZVAL_UNDEF(&property_name_default_value);
	zend_string *property_name_name = zend_string_init("name", sizeof("name") - 1, 1);
	zend_declare_typed_property(class_entry, property_name_name, &property_name_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_name_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_AsList(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "AsList", class_MsgPack_AsList_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_ListOf(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "ListOf", class_MsgPack_ListOf_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_type_default_value;
	ZVAL_UNDEF(&property_type_default_value);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_type_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_MapOf(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "MapOf", class_MsgPack_MapOf_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval property_type_default_value;
	ZVAL_UNDEF(&property_type_default_value);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_type_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Exception(zend_class_entry *class_entry_RuntimeException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Exception", class_MsgPack_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RuntimeException);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_PackException(zend_class_entry *class_entry_MsgPack_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "PackException", class_MsgPack_PackException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_MsgPack_Exception);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_UnpackException(zend_class_entry *class_entry_MsgPack_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "UnpackException", class_MsgPack_UnpackException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_MsgPack_Exception);

	zval property_position_default_value;
	ZVAL_LONG(&property_position_default_value, 0);
	zend_string *property_position_name = zend_string_init("position", sizeof("position") - 1, 1);
	zend_declare_typed_property(class_entry, property_position_name, &property_position_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_position_name);

	zval property_path_default_value;
	ZVAL_EMPTY_STRING(&property_path_default_value);
	zend_string *property_path_name = zend_string_init("path", sizeof("path") - 1, 1);
	zend_declare_typed_property(class_entry, property_path_name, &property_path_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_path_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_InsufficientDataException(zend_class_entry *class_entry_MsgPack_UnpackException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "InsufficientDataException", class_MsgPack_InsufficientDataException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_MsgPack_UnpackException);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_PathException(zend_class_entry *class_entry_MsgPack_UnpackException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "PathException", class_MsgPack_PathException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_MsgPack_UnpackException);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Packer(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Packer", class_MsgPack_Packer_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;

	zval const_BIN_STRINGS_value;
	ZVAL_LONG(&const_BIN_STRINGS_value, MSGPACK_PACK_BIN_STRINGS);
	zend_string *const_BIN_STRINGS_name = zend_string_init_interned("BIN_STRINGS", sizeof("BIN_STRINGS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BIN_STRINGS_name, &const_BIN_STRINGS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BIN_STRINGS_name);

	zval const_DETECT_BIN_value;
	ZVAL_LONG(&const_DETECT_BIN_value, MSGPACK_PACK_DETECT_BIN);
	zend_string *const_DETECT_BIN_name = zend_string_init_interned("DETECT_BIN", sizeof("DETECT_BIN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DETECT_BIN_name, &const_DETECT_BIN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DETECT_BIN_name);

	zval const_FLOAT32_value;
	ZVAL_LONG(&const_FLOAT32_value, MSGPACK_PACK_FLOAT32);
	zend_string *const_FLOAT32_name = zend_string_init_interned("FLOAT32", sizeof("FLOAT32") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_FLOAT32_name, &const_FLOAT32_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_FLOAT32_name);

	zval const_ARRAYS_AS_MAPS_value;
	ZVAL_LONG(&const_ARRAYS_AS_MAPS_value, MSGPACK_PACK_ARRAYS_AS_MAPS);
	zend_string *const_ARRAYS_AS_MAPS_name = zend_string_init_interned("ARRAYS_AS_MAPS", sizeof("ARRAYS_AS_MAPS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ARRAYS_AS_MAPS_name, &const_ARRAYS_AS_MAPS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ARRAYS_AS_MAPS_name);

	zval const_PHP_OBJECTS_value;
	ZVAL_LONG(&const_PHP_OBJECTS_value, MSGPACK_PACK_PHP_OBJECTS);
	zend_string *const_PHP_OBJECTS_name = zend_string_init_interned("PHP_OBJECTS", sizeof("PHP_OBJECTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PHP_OBJECTS_name, &const_PHP_OBJECTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PHP_OBJECTS_name);

	zval const_RECORDS_value;
	ZVAL_LONG(&const_RECORDS_value, MSGPACK_PACK_RECORDS);
	zend_string *const_RECORDS_name = zend_string_init_interned("RECORDS", sizeof("RECORDS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_RECORDS_name, &const_RECORDS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_RECORDS_name);

	zval const_FLOAT32_DECIMAL_FIT_value;
	ZVAL_LONG(&const_FLOAT32_DECIMAL_FIT_value, MSGPACK_PACK_FLOAT32_DECIMAL_FIT);
	zend_string *const_FLOAT32_DECIMAL_FIT_name = zend_string_init_interned("FLOAT32_DECIMAL_FIT", sizeof("FLOAT32_DECIMAL_FIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_FLOAT32_DECIMAL_FIT_name, &const_FLOAT32_DECIMAL_FIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_FLOAT32_DECIMAL_FIT_name);

	zval const_SEQUENTIAL_value;
	ZVAL_LONG(&const_SEQUENTIAL_value, MSGPACK_PACK_SEQUENTIAL);
	zend_string *const_SEQUENTIAL_name = zend_string_init_interned("SEQUENTIAL", sizeof("SEQUENTIAL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SEQUENTIAL_name, &const_SEQUENTIAL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SEQUENTIAL_name);

	return class_entry;
}

static zend_class_entry *register_class_MsgPack_Unpacker(zend_class_entry *class_entry_IteratorAggregate)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "MsgPack", "Unpacker", class_MsgPack_Unpacker_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_IteratorAggregate);

	zval const_BIGINT_AS_GMP_value;
	ZVAL_LONG(&const_BIGINT_AS_GMP_value, MSGPACK_UNPACK_BIGINT_AS_GMP);
	zend_string *const_BIGINT_AS_GMP_name = zend_string_init_interned("BIGINT_AS_GMP", sizeof("BIGINT_AS_GMP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BIGINT_AS_GMP_name, &const_BIGINT_AS_GMP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BIGINT_AS_GMP_name);

	zval const_BIGINT_AS_FLOAT_value;
	ZVAL_LONG(&const_BIGINT_AS_FLOAT_value, MSGPACK_UNPACK_BIGINT_AS_FLOAT);
	zend_string *const_BIGINT_AS_FLOAT_name = zend_string_init_interned("BIGINT_AS_FLOAT", sizeof("BIGINT_AS_FLOAT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BIGINT_AS_FLOAT_name, &const_BIGINT_AS_FLOAT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BIGINT_AS_FLOAT_name);

	zval const_MAPS_AS_OBJECTS_value;
	ZVAL_LONG(&const_MAPS_AS_OBJECTS_value, MSGPACK_UNPACK_MAPS_AS_OBJECTS);
	zend_string *const_MAPS_AS_OBJECTS_name = zend_string_init_interned("MAPS_AS_OBJECTS", sizeof("MAPS_AS_OBJECTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAPS_AS_OBJECTS_name, &const_MAPS_AS_OBJECTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAPS_AS_OBJECTS_name);

	zval const_TIMESTAMP_AS_DATETIME_value;
	ZVAL_LONG(&const_TIMESTAMP_AS_DATETIME_value, MSGPACK_UNPACK_TIMESTAMP_AS_DATETIME);
	zend_string *const_TIMESTAMP_AS_DATETIME_name = zend_string_init_interned("TIMESTAMP_AS_DATETIME", sizeof("TIMESTAMP_AS_DATETIME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TIMESTAMP_AS_DATETIME_name, &const_TIMESTAMP_AS_DATETIME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TIMESTAMP_AS_DATETIME_name);

	zval const_PHP_OBJECTS_value;
	ZVAL_LONG(&const_PHP_OBJECTS_value, MSGPACK_UNPACK_PHP_OBJECTS);
	zend_string *const_PHP_OBJECTS_name = zend_string_init_interned("PHP_OBJECTS", sizeof("PHP_OBJECTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PHP_OBJECTS_name, &const_PHP_OBJECTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PHP_OBJECTS_name);

	zval const_RECORDS_value;
	ZVAL_LONG(&const_RECORDS_value, MSGPACK_UNPACK_RECORDS);
	zend_string *const_RECORDS_name = zend_string_init_interned("RECORDS", sizeof("RECORDS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_RECORDS_name, &const_RECORDS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_RECORDS_name);

	zval const_FLOAT32_DECIMAL_FIT_value;
	ZVAL_LONG(&const_FLOAT32_DECIMAL_FIT_value, MSGPACK_UNPACK_FLOAT32_DECIMAL_FIT);
	zend_string *const_FLOAT32_DECIMAL_FIT_name = zend_string_init_interned("FLOAT32_DECIMAL_FIT", sizeof("FLOAT32_DECIMAL_FIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_FLOAT32_DECIMAL_FIT_name, &const_FLOAT32_DECIMAL_FIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_FLOAT32_DECIMAL_FIT_name);

	zval const_FORBID_UNKNOWN_KEYS_value;
	ZVAL_LONG(&const_FORBID_UNKNOWN_KEYS_value, MSGPACK_UNPACK_FORBID_UNKNOWN_KEYS);
	zend_string *const_FORBID_UNKNOWN_KEYS_name = zend_string_init_interned("FORBID_UNKNOWN_KEYS", sizeof("FORBID_UNKNOWN_KEYS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_FORBID_UNKNOWN_KEYS_name, &const_FORBID_UNKNOWN_KEYS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_FORBID_UNKNOWN_KEYS_name);

	zval const_STOP_AT_PATH_value;
	ZVAL_LONG(&const_STOP_AT_PATH_value, MSGPACK_UNPACK_STOP_AT_PATH);
	zend_string *const_STOP_AT_PATH_name = zend_string_init_interned("STOP_AT_PATH", sizeof("STOP_AT_PATH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_STOP_AT_PATH_name, &const_STOP_AT_PATH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_STOP_AT_PATH_name);

	return class_entry;
}
