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
#include "encode/pack.h"
#include "decode/unpack.h"
#include "compat/msgpack_serialize.h"
#include "report/msgpack_report.h"
#include "decode/msgpack_stream.h"
#include "compat/msgpack_class.h"
#include "common/msgpack_format.h"
#include "compat/msgpack_convert.h"

zend_class_entry *msgpack_class_ce;
zend_class_entry *msgpack_unpacker_ce;

static zend_object_handlers messagepack_handlers;
static zend_object_handlers unpacker_handlers;

typedef struct _msgpack_class_object {
	msgpack_pack_options pack;
	msgpack_unpack_options unpack;
	zend_object std;
} msgpack_class_object;

/*
 * The value in progress is shared by execute() and execute($str, $offset), as PECL's parser
 * state is: an execute() that ends inside a value consumes what PECL's parser consumes (whole
 * items, and the format byte, length or count of the item the input ends in, but no part of a
 * fixed-size payload), and the next execute(), from the fed bytes or from any string, goes on
 * after it. We keep the consumed bytes of the value (partial) and how far they were scanned,
 * and decode the value only once it is all there.
 */
typedef struct _msgpack_unpacker_object {
	msgpack_unpack_options opts;
	/* the bytes fed (stream.head: where execute() goes on) and the busy guard; stream.scan: how
	 * far partial was scanned (scan.pos: where its last item starts) */
	msgpack_stream stream;
	smart_str partial;   /* the bytes consumed of the value in progress */
	bool invalid_at_pos; /* execute() stopped at an invalid byte at the stream's head: reset() drops it */
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
	msgpack_stream_init(&u->stream, u->opts.max_depth);
	memset(&u->partial, 0, sizeof(u->partial));
	u->invalid_at_pos = false;
	ZVAL_UNDEF(&u->value);
	zend_object_std_init(&u->std, ce);
	object_properties_init(&u->std, ce);
	u->std.handlers = &unpacker_handlers;
	return &u->std;
}

/* Forgets the value in progress. */
static void unpacker_forget_partial(msgpack_unpacker_object *u)
{
	smart_str_free(&u->partial);
	msgpack_stream_forget_value(&u->stream);
}

static void unpacker_clear(msgpack_unpacker_object *u)
{
	msgpack_stream_clear(&u->stream);
	u->invalid_at_pos = false;
	smart_str_free(&u->partial);
	zval_ptr_dtor(&u->value);
	ZVAL_UNDEF(&u->value);
}

static void unpacker_free(zend_object *obj)
{
	msgpack_unpacker_object *u = unpacker_from(obj);

	unpacker_clear(u);
	msgpack_stream_destroy(&u->stream);
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
				pack->force_f32 = on ? MSGPACK_F32_ALWAYS : MSGPACK_F32_NEVER;
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
	msgpack_pack_options opts;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	pack_options(&THIS_MESSAGEPACK()->pack, &opts);
	msgpack_serialize_return(return_value, value, &opts);
}

ZEND_METHOD(MessagePack, unpack)
{
	zend_string *str;
	zval *tpl = NULL;
	msgpack_unpack_options opts;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(str)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(tpl)
	ZEND_PARSE_PARAMETERS_END();

	unpack_options(&THIS_MESSAGEPACK()->unpack, &opts);
	/* as msgpack_unserialize(): the empty string is null, silently (a template still applies) */
	msgpack_unserialize_return(return_value, str, tpl, &opts);
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
	if (msgpack_stream_busy(&u->stream)) {
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
	/* what was consumed already is dropped first, whatever its size */
	msgpack_stream_feed(&u->stream, str, 1);
	RETURN_TRUE;
}

typedef enum { STEP_VALUE, STEP_MORE, STEP_INVALID, STEP_FAILED } unpacker_step_result;

static size_t partial_len(const msgpack_unpacker_object *u)
{
	return u->partial.s ? ZSTR_LEN(u->partial.s) : 0;
}

/* What PECL's parser consumes of an item the input ends in (avail bytes of it, at least one):
 * the format byte, and the length or count once all of it is there; a fixed-size payload (an
 * int, a float, the bytes of a str, bin or ext) only whole, that is never here. */
static size_t consumed_of_incomplete_item(const char *item, size_t avail)
{
	size_t head_len;
	uint64_t total, children;

	return msgpack_scan_extent(item, avail, &head_len, &total, &children) == MSGPACK_SCAN_COMPLETE ? head_len : 1;
}

/*
 * partial ends inside an item (its format byte, and maybe its length or count, were consumed):
 * takes from in what the item still needs, as PECL's parser does (the length or count whole,
 * then the payload whole), and scans the item once it is all in partial. *used: the bytes
 * taken. INCOMPLETE with the scanner at the end of partial: the item is done, the value not.
 */
static msgpack_scan_result finish_item(msgpack_unpacker_object *u, const char *in, size_t len, size_t *used)
{
	char head[5]; /* format byte and a length or count of up to 4 bytes */
	size_t have = partial_len(u) - u->stream.scan.pos, from_in = MIN(len, sizeof(head) - have);
	size_t head_len, value_len;
	uint64_t total, children;
	msgpack_scan_result r;

	*used = 0;
	ZEND_ASSERT(have >= 1 && have <= sizeof(head));
	memcpy(head, ZSTR_VAL(u->partial.s) + u->stream.scan.pos, have);
	memcpy(head + have, in, from_in);
	r = msgpack_scan_extent(head, have + from_in, &head_len, &total, &children);
	if (r != MSGPACK_SCAN_COMPLETE) {
		return r;
	}
	if (have < head_len) {
		*used = head_len - have;
		smart_str_appendl(&u->partial, in, *used);
		have = head_len;
	}
	if ((uint64_t) (len - *used) < total - have) {
		return MSGPACK_SCAN_INCOMPLETE;
	}
	smart_str_appendl(&u->partial, in + *used, (size_t) (total - have));
	*used += (size_t) (total - have);
	return msgpack_stream_scan(&u->stream, ZSTR_VAL(u->partial.s), ZSTR_LEN(u->partial.s), &value_len);
}

/*
 * Goes on with the value in progress on the len bytes at in: *used is what was consumed of them.
 * COMPLETE: the value is whole, in *value (*value_len bytes): in partial, or at in when it all
 * came in this call.
 */
static msgpack_scan_result unpacker_advance(msgpack_unpacker_object *u, const char *in, size_t len, size_t *used,
	const char **value, size_t *value_len)
{
	size_t base, at, take = 0;
	msgpack_scan_result r;

	*used = 0;
	if (len == 0) {
		return MSGPACK_SCAN_INCOMPLETE;
	}
	if (partial_len(u) > u->stream.scan.pos) {
		r = finish_item(u, in, len, used);
		if (r == MSGPACK_SCAN_COMPLETE) {
			*value = ZSTR_VAL(u->partial.s);
			*value_len = ZSTR_LEN(u->partial.s);
			return r;
		}
		if (r != MSGPACK_SCAN_INCOMPLETE || partial_len(u) > u->stream.scan.pos || *used == len) {
			return r;
		}
	}
	/* at an item boundary: the scanner goes on in in itself, with positions relative to it */
	base = partial_len(u);
	u->stream.scan.pos = 0;
	r = msgpack_stream_scan(&u->stream, in + *used, len - *used, value_len);
	if (r == MSGPACK_SCAN_COMPLETE) {
		if (base == 0) {
			*value = in + *used;
		} else {
			smart_str_appendl(&u->partial, in + *used, *value_len);
			*value = ZSTR_VAL(u->partial.s);
		}
		*used += *value_len;
		*value_len += base;
		return r;
	}
	at = u->stream.scan.pos;
	if (at < len - *used) {
		if (r == MSGPACK_SCAN_INCOMPLETE) {
			take = consumed_of_incomplete_item(in + *used + at, len - *used - at);
		} else if ((unsigned char) in[*used + at] != MP_NEVER) {
			/* a container nested too deep: its format byte and count are taken, so that a
			 * reset() forgets them with the value */
			take = consumed_of_incomplete_item(in + *used + at, len - *used - at);
		}
	}
	smart_str_appendl(&u->partial, in + *used, at + take);
	*used += at + take;
	u->stream.scan.pos = base + at;
	return r;
}

/*
 * Goes on with the value in progress on the len bytes at data (*consumed: how many it took), and
 * decodes the value when it is whole: nothing is built (no class is loaded, no user code runs)
 * before that. A value that could not be built is skipped (STEP_FAILED).
 */
static unpacker_step_result unpacker_step(msgpack_unpacker_object *u, const char *data, size_t len, zval *out,
	size_t *consumed)
{
	msgpack_unpack_options opts;
	msgpack_unpack_result res;
	const char *value = NULL;
	size_t value_len = 0;
	bool ok;

	ZVAL_UNDEF(out);
	unpack_options(&u->opts, &opts);
	/* PECL's unpacker gives no warning of its own (false says it all): with an error handler
	 * that turns warnings into exceptions, code written for it would break */
	opts.error_display = false;
	msgpack_stream_set_max_depth(&u->stream, opts.max_depth);
	switch (unpacker_advance(u, data, len, consumed, &value, &value_len)) {
		case MSGPACK_SCAN_INCOMPLETE:
			return STEP_MORE;
		case MSGPACK_SCAN_INVALID:
			return STEP_INVALID;
		case MSGPACK_SCAN_COMPLETE:
			break;
	}
	ok = msgpack_stream_decode(&u->stream, value, value_len, &opts, out, &res);
	if (!ok) {
		/* no warning, but what unserialize() raises is raised */
		msgpack_decoder_raise(&res);
		ZVAL_UNDEF(out); /* msgpack_decode() left null */
	}
	msgpack_unpack_result_destroy(&res);
	smart_str_free(&u->partial);
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
 * execute():             goes on with the value in progress on the fed bytes.
 * execute($str, $off):   goes on with it on $str from $off (0 if omitted or null), and moves
 *                        $off past what it consumed.
 * Both share the value in progress, as PECL's do: a value may begin in the fed bytes and end in a
 * string, or begin in one string and end in another. true when a value is whole (data() gives
 * it). false, without a warning (as PECL), when more bytes are needed (what was read is
 * consumed, see msgpack_unpacker_object), when the bytes are invalid (consumed up to the invalid
 * byte, on which every execute() stops: $offset + 1 goes past it in a string, reset() drops it
 * from the fed bytes), and when the value could not be built (it is consumed and skipped; an
 * exception of user code is thrown).
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
		Z_PARAM_STR(str)
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
		result = unpacker_step(u, ZSTR_VAL(str) + offset, ZSTR_LEN(str) - offset, &value, &consumed);
		if (offset_arg) {
			ZEND_TRY_ASSIGN_REF_LONG(offset_arg, (zend_long) (offset + consumed));
		}
	} else {
		size_t avail = msgpack_stream_pending(&u->stream);
		result = unpacker_step(u, avail ? msgpack_stream_head(&u->stream) : "", avail, &value, &consumed);
		msgpack_stream_consume(&u->stream, consumed);
		/* 0xc1 is not consumed; a container too deep is (its format byte and count) */
		u->invalid_at_pos = result == STEP_INVALID && consumed < avail && partial_len(u) == u->stream.scan.pos;
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
 * Forgets the value in progress, as PECL's reset() does: the bytes it consumed go, and so does a
 * value data() did not take; fed bytes not consumed stay, so that the usual loop
 * `while ($u->execute()) { $v = $u->data(); $u->reset(); }` gets every value fed. Unlike PECL's,
 * it also drops the invalid byte the fed bytes stopped at (PECL's unpacker stays stuck on it).
 */
ZEND_METHOD(MessagePackUnpacker, reset)
{
	msgpack_unpacker_object *u = THIS_UNPACKER();

	ZEND_PARSE_PARAMETERS_NONE();

	if (!unpacker_idle(u)) {
		RETURN_THROWS();
	}
	if (u->invalid_at_pos) {
		msgpack_stream_consume(&u->stream, 1);
		u->invalid_at_pos = false;
	}
	if (msgpack_stream_pending(&u->stream) == 0) {
		unpacker_clear(u);
		return;
	}
	unpacker_forget_partial(u);
	zval_ptr_dtor(&u->value);
	ZVAL_UNDEF(&u->value);
}
