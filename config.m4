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

  dnl The sources by layer (CONTRIBUTING.md, "Layout"): each folder's files, then the folders on
  dnl the include path's src/, so that an include names its folder ("decode/unpack.h") and cannot
  dnl be taken for another extension's header of the same name in a build inside php-src.
  MSGPACK_API_SOURCES="src/api/packer.c src/api/unpacker.c"
  MSGPACK_COMPAT_SOURCES="src/compat/msgpack_class.c src/compat/msgpack_convert.c src/compat/msgpack_serialize.c"
  MSGPACK_REPORT_SOURCES="src/report/msgpack_report.c"
  MSGPACK_ENCODE_SOURCES="src/encode/pack.c src/encode/pack_object.c src/encode/pack_records.c src/encode/pack_state.c src/encode/pack_write.c"
  MSGPACK_DECODE_SOURCES="src/decode/msgpack_scan.c src/decode/msgpack_stream.c src/decode/unpack.c src/decode/unpack_object.c src/decode/unpack_path.c src/decode/unpack_records.c src/decode/unpack_state.c src/decode/unpack_typed.c"
  MSGPACK_COMMON_SOURCES="src/common/msgpack_exception.c src/common/msgpack_ext.c src/common/msgpack_float.c src/common/msgpack_path_text.c src/common/msgpack_plan.c src/common/msgpack_records.c src/common/msgpack_stack.c src/common/msgpack_utf8.c"
  PHP_NEW_EXTENSION(msgpack, msgpack.c $MSGPACK_API_SOURCES $MSGPACK_COMPAT_SOURCES $MSGPACK_REPORT_SOURCES dnl
    $MSGPACK_ENCODE_SOURCES dnl
    $MSGPACK_DECODE_SOURCES $MSGPACK_COMMON_SOURCES, $ext_shared,, $MSGPACK_CFLAGS)
  PHP_ADD_INCLUDE([$ext_srcdir/src])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/api $ext_builddir/src/compat $ext_builddir/src/report dnl
    $ext_builddir/src/encode dnl
    $ext_builddir/src/decode $ext_builddir/src/common])
  PHP_ADD_EXTENSION_DEP(msgpack, session)
  PHP_INSTALL_HEADERS([ext/msgpack], [php_msgpack.h])
fi
