dnl config.m4 for the msgpack extension

PHP_ARG_ENABLE([msgpack],
  [whether to enable MessagePack support],
  [AS_HELP_STRING([--enable-msgpack], [Enable MessagePack support])],
  [yes])

PHP_ARG_ENABLE([msgpack-apcu],
  [whether to build the APCu serializer],
  [AS_HELP_STRING([--disable-msgpack-apcu],
    [Do not build the APCu serializer, even where APCu's header is installed])],
  [yes], [no])

if test "$PHP_MSGPACK" != "no"; then
  dnl The APCu serializer is built where APCu's serializer header is installed.
  AC_MSG_CHECKING([for APCu serializer support])
  if test "$PHP_MSGPACK_APCU" != "no" && test -f "$phpincludedir/ext/apcu/apc_serializer.h"; then
    AC_DEFINE([HAVE_APCU_SUPPORT], 1, [Whether to register the APCu serializer])
    AC_MSG_RESULT([yes])
  else
    AC_MSG_RESULT([no])
  fi

  dnl msgpack.so exports the module entry (get_module) and the C API of php_msgpack.h only
  dnl (PHP_MSGPACK_API): the rest is hidden, so calls between its files are direct, never
  dnl through the PLT, and no other library can interpose them.
  MSGPACK_CFLAGS="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  if test "$GCC" = "yes"; then
    MSGPACK_CFLAGS="$MSGPACK_CFLAGS -fvisibility=hidden"
  fi

  PHP_NEW_EXTENSION(msgpack, msgpack.c msgpack_serialize.c msgpack_stream.c pack.c pack_object.c pack_state.c pack_records.c pack_write.c unpack.c unpack_object.c unpack_records.c unpack_state.c unpack_typed.c unpack_path.c msgpack_path_text.c msgpack_plan.c msgpack_scan.c msgpack_ext.c msgpack_class.c msgpack_convert.c msgpack_exception.c packer.c unpacker.c msgpack_utf8.c msgpack_float.c msgpack_records.c msgpack_stack.c, $ext_shared,, $MSGPACK_CFLAGS)
  PHP_ADD_EXTENSION_DEP(msgpack, session)
  PHP_INSTALL_HEADERS([ext/msgpack], [php_msgpack.h])
fi
