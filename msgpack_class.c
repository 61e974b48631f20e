/*
 * The classes of the compatible API:
 *
 *   MessagePack          pack()/unpack() with options held by the object (setOption()).
 *   MessagePackUnpacker  a stream decoder: feed() bytes, execute() until it gives a value,
 *                        data() takes that value.
 *
 * Their unpack() and data() take a template (msgpack_convert.c).
 *
 * Each object keeps php_only, assoc (and force_f32 for packing) as set at construction or by
 * setOption(); every other setting (max_depth, use_str8, error_display, ...) is read from the
 * INI settings at the time of the call, as the functions do.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include "php_msgpack.h"
#include "pack.h"
#include "unpack.h"
#include "msgpack_class.h"
#include "msgpack_convert.h"

zend_class_entry *msgpack_class_ce;
zend_class_entry *msgpack_unpacker_ce;

static zend_object_handlers messagepack_handlers;
static zend_object_handlers unpacker_handlers;

typedef struct _msgpack_class_object {
	msgpack_pack_options pack;
	msgpack_unpack_options unpack;
	zend_object std;
} msgpack_class_object;

typedef struct _msgpack_unpacker_object {
	msgpack_unpack_options opts;
	smart_str buf;       /* bytes fed */
	size_t pos;          /* bytes of buf already decoded */
	size_t abandoned;    /* bytes after pos the last execute() read without getting a value
	                      * (too few, or invalid; 0: none): looked at again only when more
	                      * come, and those of the value reset() forgets */
	msgpack_scanner scan; /* how far the value at pos was scanned, so each byte is scanned once */
	bool busy;           /* execute() is running: user code must not change the buffer */
	zval value;          /* decoded by the last execute(), until data() takes it; else UNDEF */
	zend_object std;
} msgpack_unpacker_object;

static zend_always_inline msgpack_class_object *messagepack_from(zend_object *obj)
{
	return (msgpack_class_object *) ((char *) obj - XtOffsetOf(msgpack_class_object, std));
}

static zend_always_inline msgpack_unpacker_object *unpacker_from(zend_object *obj)
{
	return (msgpack_unpacker_object *) ((char *) obj - XtOffsetOf(msgpack_unpacker_object, std));
}

#define THIS_MESSAGEPACK() messagepack_from(Z_OBJ_P(ZEND_THIS))
#define THIS_UNPACKER() unpacker_from(Z_OBJ_P(ZEND_THIS))

/* The options of a call: the object's own, the rest from the INI settings as they are now. */
static void pack_options(const msgpack_pack_options *own, msgpack_pack_options *out)
{
	msgpack_pack_options_from_ini(out);
	out->php_only = own->php_only;
	out->assoc = own->assoc;
	out->force_f32 = own->force_f32;
}

static void unpack_options(const msgpack_unpack_options *own, msgpack_unpack_options *out)
{
	msgpack_unpack_options_from_ini(out);
	out->php_only = own->php_only;
	out->assoc = own->assoc;
}

/* ---- object handlers ----------------------------------------------------------------------- */

static zend_object *messagepack_create(zend_class_entry *ce)
{
	msgpack_class_object *o = zend_object_alloc(sizeof(msgpack_class_object), ce);

	msgpack_pack_options_from_ini(&o->pack);
	msgpack_unpack_options_from_ini(&o->unpack);
	zend_object_std_init(&o->std, ce);
	object_properties_init(&o->std, ce);
	o->std.handlers = &messagepack_handlers;
	return &o->std;
}

static zend_object *messagepack_clone(zend_object *old)
{
	zend_object *obj = messagepack_create(old->ce);

	messagepack_from(obj)->pack = messagepack_from(old)->pack;
	messagepack_from(obj)->unpack = messagepack_from(old)->unpack;
	zend_objects_clone_members(obj, old);
	return obj;
}

static zend_object *unpacker_create(zend_class_entry *ce)
{
	msgpack_unpacker_object *u = zend_object_alloc(sizeof(msgpack_unpacker_object), ce);

	msgpack_unpack_options_from_ini(&u->opts);
	memset(&u->buf, 0, sizeof(u->buf));
	u->pos = 0;
	u->abandoned = 0;
	msgpack_scanner_init(&u->scan, u->opts.max_depth);
	u->busy = false;
	ZVAL_UNDEF(&u->value);
	zend_object_std_init(&u->std, ce);
	object_properties_init(&u->std, ce);
	u->std.handlers = &unpacker_handlers;
	return &u->std;
}

static void unpacker_clear(msgpack_unpacker_object *u)
{
	smart_str_free(&u->buf);
	u->pos = 0;
	u->abandoned = 0;
	msgpack_scanner_destroy(&u->scan);
	zval_ptr_dtor(&u->value);
	ZVAL_UNDEF(&u->value);
}

static void unpacker_free(zend_object *obj)
{
	unpacker_clear(unpacker_from(obj));
	zend_object_std_dtor(obj);
}

/* The decoded value may hold the unpacker itself (through an object's property). */
static HashTable *unpacker_get_gc(zend_object *obj, zval **table, int *n)
{
	msgpack_unpacker_object *u = unpacker_from(obj);
	zend_get_gc_buffer *gc = zend_get_gc_buffer_create();
	zval *props;
	int count;
	HashTable *ht = zend_std_get_gc(obj, &props, &count);

	for (int i = 0; i < count; i++) {
		zend_get_gc_buffer_add_zval(gc, &props[i]);
	}
	zend_get_gc_buffer_add_zval(gc, &u->value);
	zend_get_gc_buffer_use(gc, table, n);
	return ht;
}

void msgpack_class_register(zend_class_entry *messagepack, zend_class_entry *unpacker)
{
	msgpack_class_ce = messagepack;
	messagepack->create_object = messagepack_create;
	memcpy(&messagepack_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	messagepack_handlers.offset = XtOffsetOf(msgpack_class_object, std);
	messagepack_handlers.clone_obj = messagepack_clone;

	msgpack_unpacker_ce = unpacker;
	unpacker->create_object = unpacker_create;
	memcpy(&unpacker_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	unpacker_handlers.offset = XtOffsetOf(msgpack_unpacker_object, std);
	unpacker_handlers.free_obj = unpacker_free;
	unpacker_handlers.get_gc = unpacker_get_gc;
	/* as PECL msgpack: "Trying to clone an uncloneable object of class MessagePackUnpacker" */
	unpacker_handlers.clone_obj = NULL;
}

/* ---- shared by both classes ---------------------------------------------------------------- */

/* setOption(): the option ids apply to both classes; OPT_FORCE_F32 only to packing. */
static bool set_option(zend_long option, zval *value, msgpack_pack_options *pack, msgpack_unpack_options *unpack,
	const char *method)
{
	bool on = zend_is_true(value);

	switch (option) {
		case MSGPACK_OPT_PHPONLY:
			if (pack) {
				pack->php_only = on;
			}
			unpack->php_only = on;
			return true;
		case MSGPACK_OPT_ASSOC:
			if (pack) {
				pack->assoc = on;
			}
			unpack->assoc = on;
			return true;
		case MSGPACK_OPT_FORCE_F32:
			if (pack) {
				pack->force_f32 = on;
				return true;
			}
			break;
	}
	if (MSGPACK_G(error_display)) {
		zend_error(E_WARNING, "[msgpack] (%s::setOption) error setting msgpack option", method);
	}
	return false;
}

/* ---- MessagePack ---------------------------------------------------------------------------- */

ZEND_METHOD(MessagePack, __construct)
{
	bool php_only = MSGPACK_G(php_only);
	msgpack_class_object *o = THIS_MESSAGEPACK();

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL(php_only)
	ZEND_PARSE_PARAMETERS_END();

	msgpack_pack_options_from_ini(&o->pack);
	msgpack_unpack_options_from_ini(&o->unpack);
	o->pack.php_only = php_only;
	o->unpack.php_only = php_only;
}

ZEND_METHOD(MessagePack, setOption)
{
	zend_long option;
	zval *value;
	msgpack_class_object *o = THIS_MESSAGEPACK();

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(option)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	RETURN_BOOL(set_option(option, value, &o->pack, &o->unpack, "MessagePack"));
}

ZEND_METHOD(MessagePack, pack)
{
	zval *value;
	smart_str buf = {0};
	msgpack_pack_options opts;
	msgpack_encoder enc;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	pack_options(&THIS_MESSAGEPACK()->pack, &opts);
	msgpack_encoder_init(&enc, &buf, &opts);
	msgpack_encode(&enc, value);
	msgpack_encoder_destroy(&enc);
	if (enc.error != MSGPACK_PACK_OK) {
		msgpack_encoder_report(&enc);
		smart_str_free(&buf);
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_FALSE;
	}
	RETURN_STR(smart_str_extract(&buf));
}

ZEND_METHOD(MessagePack, unpack)
{
	zend_string *str;
	zval *tpl = NULL;
	msgpack_unpack_options opts;
	msgpack_decoder d;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(str)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(tpl)
	ZEND_PARSE_PARAMETERS_END();

	if (tpl && !msgpack_template_check(tpl, 2)) {
		RETURN_THROWS();
	}
	unpack_options(&THIS_MESSAGEPACK()->unpack, &opts);
	if (ZSTR_LEN(str) == 0) {
		/* as msgpack_unpack(): null, silently (a template still applies) */
		if (tpl && !msgpack_template_apply(return_value, tpl, &opts)) {
			RETURN_THROWS();
		}
		return;
	}
	msgpack_decoder_init(&d, ZSTR_VAL(str), ZSTR_LEN(str), &opts);
	ok = msgpack_decode(&d, return_value);
	if (!ok) {
		msgpack_decoder_report(&d);
	} else if (d.pos != d.end && opts.error_display) {
		zend_error(E_WARNING, "[msgpack] (php_msgpack_unserialize) Extra bytes");
	}
	msgpack_decoder_destroy(&d);
	if (!ok) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_FALSE;
	}
	if (tpl && !msgpack_template_apply(return_value, tpl, &opts)) {
		RETURN_THROWS();
	}
}

ZEND_METHOD(MessagePack, unpacker)
{
	msgpack_class_object *o = THIS_MESSAGEPACK();
	msgpack_unpacker_object *u;

	ZEND_PARSE_PARAMETERS_NONE();

	object_init_ex(return_value, msgpack_unpacker_ce);
	u = unpacker_from(Z_OBJ_P(return_value));
	u->opts.php_only = o->unpack.php_only;
	u->opts.assoc = o->unpack.assoc;
}

/* ---- MessagePackUnpacker ---------------------------------------------------------------------- */

/* User code run by a decode (autoload, __wakeup(), __unserialize()) may not change the buffer
 * being decoded. */
static bool unpacker_idle(msgpack_unpacker_object *u)
{
	if (u->busy) {
		zend_throw_error(NULL, "Cannot use MessagePackUnpacker while it is decoding");
		return false;
	}
	return true;
}

ZEND_METHOD(MessagePackUnpacker, __construct)
{
	bool php_only = MSGPACK_G(php_only);
	msgpack_unpacker_object *u = THIS_UNPACKER();

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL(php_only)
	ZEND_PARSE_PARAMETERS_END();

	msgpack_unpack_options_from_ini(&u->opts);
	u->opts.php_only = php_only;
}

/* As PECL msgpack: releases the buffer and the value; the object stays usable. */
ZEND_METHOD(MessagePackUnpacker, __destruct)
{
	msgpack_unpacker_object *u = THIS_UNPACKER();

	ZEND_PARSE_PARAMETERS_NONE();

	if (!unpacker_idle(u)) {
		RETURN_THROWS();
	}
	unpacker_clear(u);
}

ZEND_METHOD(MessagePackUnpacker, setOption)
{
	zend_long option;
	zval *value;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(option)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	RETURN_BOOL(set_option(option, value, NULL, &THIS_UNPACKER()->opts, "MessagePackUnpacker"));
}

ZEND_METHOD(MessagePackUnpacker, feed)
{
	zend_string *str;
	msgpack_unpacker_object *u = THIS_UNPACKER();

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(str)
	ZEND_PARSE_PARAMETERS_END();

	if (!unpacker_idle(u)) {
		RETURN_THROWS();
	}
	if (u->pos > 0) {
		/* drop what was decoded already */
		size_t rest = ZSTR_LEN(u->buf.s) - u->pos;
		memmove(ZSTR_VAL(u->buf.s), ZSTR_VAL(u->buf.s) + u->pos, rest);
		ZSTR_LEN(u->buf.s) = rest;
		u->pos = 0;
	}
	smart_str_append(&u->buf, str);
	RETURN_TRUE;
}

/* Why msgpack_scan() refused: bytes that are no value, or nesting deeper than the limit. */
static void report_invalid(const char *data, size_t len, const msgpack_unpack_options *opts)
{
	msgpack_decoder d;
	size_t ignored;

	msgpack_decoder_init(&d, data, len, opts);
	d.error = msgpack_scan(data, len, UINT32_MAX, &ignored) == MSGPACK_SCAN_INVALID
		? MSGPACK_UNPACK_PARSE_ERROR : MSGPACK_UNPACK_DEPTH;
	msgpack_decoder_report(&d);
	msgpack_decoder_destroy(&d);
}

typedef enum { STEP_VALUE, STEP_MORE, STEP_FAILED } unpacker_step_result;

/*
 * Decodes the value at data into *out, if all of it is there: nothing is built (no class is
 * loaded, no user code runs) before msgpack_scan() found its end. *consumed is the length of
 * that value, also when decoding it failed (the value is then skipped); 0 otherwise.
 */
static unpacker_step_result unpacker_step(msgpack_unpacker_object *u, const char *data, size_t len, zval *out,
	size_t *consumed, msgpack_scanner *scan)
{
	msgpack_unpack_options opts;
	msgpack_decoder d;
	size_t value_len;
	bool ok;

	*consumed = 0;
	ZVAL_UNDEF(out);
	if (len == 0) {
		return STEP_MORE;
	}
	unpack_options(&u->opts, &opts);
	/* PECL's unpacker gives no warning of its own (false says it all): with an error handler
	 * that turns warnings into exceptions, code written for it would break */
	opts.error_display = false;
	if (scan) {
		scan->max_depth = opts.max_depth;
	}
	switch (scan ? msgpack_scanner_run(scan, data, len, &value_len) : msgpack_scan(data, len, opts.max_depth, &value_len)) {
		case MSGPACK_SCAN_INCOMPLETE:
			return STEP_MORE;
		case MSGPACK_SCAN_INVALID:
			report_invalid(data, len, &opts);
			return STEP_FAILED;
		case MSGPACK_SCAN_COMPLETE:
			break;
	}
	*consumed = value_len;
	msgpack_decoder_init(&d, data, value_len, &opts);
	u->busy = true;
	ok = msgpack_decode(&d, out);
	u->busy = false;
	if (!ok) {
		msgpack_decoder_report(&d);
		ZVAL_UNDEF(out); /* msgpack_decode() left null */
	}
	msgpack_decoder_destroy(&d);
	return ok ? STEP_VALUE : STEP_FAILED;
}

/* The offset argument of execute(): null or an int within str. */
static bool read_offset(zval *arg, size_t len, size_t *offset)
{
	zval *v = arg;

	ZVAL_DEREF(v);
	if (Z_TYPE_P(v) == IS_NULL) {
		*offset = 0;
		return true;
	}
	if (Z_TYPE_P(v) != IS_LONG) {
		zend_argument_type_error(2, "must be of type ?int, %s given", zend_zval_type_name(v));
		return false;
	}
	if (Z_LVAL_P(v) < 0 || (zend_ulong) Z_LVAL_P(v) > len) {
		zend_argument_value_error(2, "must be contained in argument #1 ($str)");
		return false;
	}
	*offset = (size_t) Z_LVAL_P(v);
	return true;
}

/*
 * execute():             decodes the next value of the fed bytes.
 * execute($str, $off):   decodes the value of $str at $off (0 if omitted), and moves $off past it.
 * true when a value was decoded (data() gives it); false, without a warning (as PECL), when
 * more bytes are needed, when the bytes are invalid (fed bytes stay until reset(), a given
 * offset is left as it was), and when the value could not be built (it is skipped, and a given
 * offset moves past it; an exception of user code is thrown).
 */
ZEND_METHOD(MessagePackUnpacker, execute)
{
	zend_string *str = NULL;
	zval *offset_arg = NULL;
	msgpack_unpacker_object *u = THIS_UNPACKER();
	unpacker_step_result result;
	size_t consumed;
	zval value;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(str)
		Z_PARAM_ZVAL(offset_arg)
	ZEND_PARSE_PARAMETERS_END();

	if (!unpacker_idle(u)) {
		RETURN_THROWS();
	}
	/* the value of a previous execute() that data() did not take is dropped, as PECL does */
	zval_ptr_dtor(&u->value);
	ZVAL_UNDEF(&u->value);

	if (str) {
		size_t offset = 0;
		if (offset_arg && !read_offset(offset_arg, ZSTR_LEN(str), &offset)) {
			RETURN_THROWS();
		}
		result = unpacker_step(u, ZSTR_VAL(str) + offset, ZSTR_LEN(str) - offset, &value, &consumed, NULL);
		if (consumed && offset_arg) {
			ZEND_TRY_ASSIGN_REF_LONG(offset_arg, (zend_long) (offset + consumed));
		}
	} else {
		size_t avail = u->buf.s ? ZSTR_LEN(u->buf.s) - u->pos : 0;
		if (avail == 0 || avail == u->abandoned) {
			/* nothing fed since the last look */
			RETURN_FALSE;
		}
		result = unpacker_step(u, ZSTR_VAL(u->buf.s) + u->pos, avail, &value, &consumed, &u->scan);
		u->abandoned = consumed ? 0 : avail;
		u->pos += consumed;
		if (u->pos == ZSTR_LEN(u->buf.s)) {
			ZSTR_LEN(u->buf.s) = 0;
			u->pos = 0;
		}
	}
	if (result != STEP_VALUE) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_FALSE;
	}
	/* user code run by the decode may have called execute() (with a string) meanwhile */
	zval_ptr_dtor(&u->value);
	ZVAL_COPY_VALUE(&u->value, &value);
	RETURN_TRUE;
}

/* The value of the last successful execute(), once (false if there is none, as PECL). */
ZEND_METHOD(MessagePackUnpacker, data)
{
	zval *tpl = NULL;
	msgpack_unpacker_object *u = THIS_UNPACKER();

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(tpl)
	ZEND_PARSE_PARAMETERS_END();

	if (tpl && !msgpack_template_check(tpl, 1)) {
		RETURN_THROWS();
	}
	if (Z_TYPE(u->value) == IS_UNDEF) {
		RETURN_FALSE;
	}
	ZVAL_COPY_VALUE(return_value, &u->value);
	ZVAL_UNDEF(&u->value);
	if (tpl) {
		msgpack_unpack_options opts;
		unpack_options(&u->opts, &opts);
		if (!msgpack_template_apply(return_value, tpl, &opts)) {
			RETURN_THROWS();
		}
	}
}

/*
 * Forgets the value in progress, as PECL's reset() does: the bytes the last execute() read
 * without getting a value (an incomplete or invalid one) go, and so does a value data() did not
 * take; bytes after the last value returned stay, so that the usual loop
 * `while ($u->execute()) { $v = $u->data(); $u->reset(); }` gets every value fed.
 */
ZEND_METHOD(MessagePackUnpacker, reset)
{
	msgpack_unpacker_object *u = THIS_UNPACKER();

	ZEND_PARSE_PARAMETERS_NONE();

	if (!unpacker_idle(u)) {
		RETURN_THROWS();
	}
	u->pos += u->abandoned;
	if (u->buf.s == NULL || u->pos >= ZSTR_LEN(u->buf.s)) {
		unpacker_clear(u);
		return;
	}
	u->abandoned = 0;
	msgpack_scanner_destroy(&u->scan);
	zval_ptr_dtor(&u->value);
	ZVAL_UNDEF(&u->value);
}
