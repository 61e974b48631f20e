/*
 * The packing half of the MsgPack\ API: MsgPack\pack() and MsgPack\Packer. Both go through the
 * one encoder of pack.c, with the options their flags select; errors are MsgPack\PackException.
 *
 * SKELETON: every entry point below throws until it is implemented (branch api).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "php_msgpack.h"
#include "pack.h"
#include "msgpack_exception.h"
#include "packer.h"

zend_class_entry *msgpack_packer_ce;

#define NOT_YET() zend_throw_error(NULL, "%s is not implemented yet", __func__)

void msgpack_packer_register(zend_class_entry *ce)
{
	msgpack_packer_ce = ce;
}

ZEND_FUNCTION(MsgPack_pack) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, __construct) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, pack) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, registerExtension) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packNil) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packBool) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packInt) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packFloat) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packStr) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packBin) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packArrayHeader) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packMapHeader) { NOT_YET(); }
ZEND_METHOD(MsgPack_Packer, packExt) { NOT_YET(); }
