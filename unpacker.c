/*
 * The unpacking half of the MsgPack\ API: MsgPack\unpack() and MsgPack\Unpacker (one value, or a
 * stream fed in chunks). Both go through the one decoder of unpack.c, with the options their
 * flags select; errors are MsgPack\UnpackException with the byte offset of the problem.
 *
 * SKELETON: every entry point below throws until it is implemented (branch api).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "php_msgpack.h"
#include "unpack.h"
#include "msgpack_exception.h"
#include "unpacker.h"

zend_class_entry *msgpack_unpacker_api_ce;

#define NOT_YET() zend_throw_error(NULL, "%s is not implemented yet", __func__)

void msgpack_unpacker_api_register(zend_class_entry *ce)
{
	msgpack_unpacker_api_ce = ce;
}

ZEND_FUNCTION(MsgPack_unpack) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, __construct) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, unpack) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, feed) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, tryUnpack) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, getIterator) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, remaining) { NOT_YET(); }
ZEND_METHOD(MsgPack_Unpacker, registerExtension) { NOT_YET(); }
