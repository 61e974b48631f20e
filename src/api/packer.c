/*
 * The packing half of the MsgPack\ API: MsgPack\pack() and MsgPack\Packer. Both go through the
 * one encoder of pack.c, with the options their flags select; errors are MsgPack\PackException
 * (ValueError for bad arguments), never warnings: the encoder returns a code, which
 * throw_pack_error() turns into its exception. With PHP_OBJECTS, what PECL's format writes nil
 * for is told as msgpack_pack() tells it (msgpack_serialize_notice()).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_msgpack.h"
#include "encode/pack.h"
#include "encode/pack_write.h"
#include "common/msgpack_exception.h"
#include "common/msgpack_ext.h"
#include "report/msgpack_report.h"
#include "api/packer.h"
#include "api/unpacker.h" /* msgpack_structures_from_arg() */
#include "common/msgpack_records.h"
#include "encode/pack_records.h"

zend_class_entry *msgpack_packer_ce;

static zend_object_handlers packer_handlers;

#define PACKER_ALL_FLAGS (MSGPACK_PACK_BIN_STRINGS | MSGPACK_PACK_DETECT_BIN | MSGPACK_PACK_FLOAT32 \
	| MSGPACK_PACK_ARRAYS_AS_MAPS | MSGPACK_PACK_PHP_OBJECTS | MSGPACK_PACK_RECORDS | MSGPACK_PACK_FLOAT32_DECIMAL_FIT \
	| MSGPACK_PACK_SEQUENTIAL)

typedef struct _msgpack_packer_object {
	msgpack_pack_options opts; /* from the flags; max_depth is read at each pack() */
	HashTable *extensions;     /* class name => msgpack_pack_extension *, NULL until one is registered */
	msgpack_record_table *structures; /* withStructures(): shared record structures, or NULL */
	/* withStructures()'s save callback (IS_UNDEF: none, the list does not grow), the most
	 * structures the list may grow to, and a count of the changes of the list: a save callback
	 * or a nested pack() that changed it meanwhile makes the value's additions void */
	zval save_structures;
	uint32_t max_shared;
	uint32_t structures_version;
	/* the writer's index of structures (pack_records.h), made by the first pack() that uses
	 * them and kept until they change */
	msgpack_record_index *shared_index;
	/* SEQUENTIAL: the writer of records that lasts from pack() to pack() (NULL until the first,
	 * and again after a pack() that failed or withStructures()), and whether a pack() runs */
	bool sequential;
	bool packing;
	msgpack_record_writer *sequence;
	zend_object std;
} msgpack_packer_object;

static zend_always_inline msgpack_packer_object *packer_from(zend_object *obj)
{
	return (msgpack_packer_object *) ((char *) obj - XtOffsetOf(msgpack_packer_object, std));
}

#define THIS_PACKER() packer_from(Z_OBJ_P(ZEND_THIS))

/* ---- options ---------------------------------------------------------------------------------- */

/* The encoder options flags select; false with a ValueError about argument arg_num if the flags
 * have unknown bits or contradict each other. */
static bool options_from_flags(zend_long flags, uint32_t arg_num, msgpack_pack_options *opts)
{
	if (flags & ~(zend_long) PACKER_ALL_FLAGS) {
		zend_argument_value_error(arg_num, "must be a combination of MsgPack\\Packer flags, unknown bits 0x" ZEND_XLONG_FMT " given",
			(zend_ulong) (flags & ~(zend_long) PACKER_ALL_FLAGS));
		return false;
	}
	if ((flags & MSGPACK_PACK_BIN_STRINGS) && (flags & MSGPACK_PACK_DETECT_BIN)) {
		zend_argument_value_error(arg_num, "cannot combine MsgPack\\Packer::BIN_STRINGS and MsgPack\\Packer::DETECT_BIN");
		return false;
	}
	if ((flags & MSGPACK_PACK_FLOAT32) && (flags & MSGPACK_PACK_FLOAT32_DECIMAL_FIT)) {
		zend_argument_value_error(arg_num, "cannot combine MsgPack\\Packer::FLOAT32 and MsgPack\\Packer::FLOAT32_DECIMAL_FIT");
		return false;
	}
	if ((flags & MSGPACK_PACK_RECORDS) && (flags & MSGPACK_PACK_PHP_OBJECTS)) {
		/* the php_only format is maps with nil keys, which records have no room for */
		zend_argument_value_error(arg_num, "cannot combine MsgPack\\Packer::RECORDS and MsgPack\\Packer::PHP_OBJECTS");
		return false;
	}
	if (UNEXPECTED((flags & (MSGPACK_PACK_SEQUENTIAL | MSGPACK_PACK_RECORDS)) == MSGPACK_PACK_SEQUENTIAL)) {
		zend_argument_value_error(arg_num, "cannot use MsgPack\\Packer::SEQUENTIAL without MsgPack\\Packer::RECORDS");
		return false;
	}
	/* PHP_OBJECTS writes what msgpack_pack() writes with php_only on (and assoc, the default) */
	opts->php_only = (flags & MSGPACK_PACK_PHP_OBJECTS) != 0;
	opts->assoc = true;
	opts->force_f32 = (flags & MSGPACK_PACK_FLOAT32) ? MSGPACK_F32_ALWAYS
		: (flags & MSGPACK_PACK_FLOAT32_DECIMAL_FIT) ? MSGPACK_F32_DECIMAL_FIT : MSGPACK_F32_NEVER;
	opts->use_str8 = true;
	opts->ext_types = true;
	opts->strict = true;
	opts->portable_objects = !opts->php_only;
	opts->arrays_as_maps = (flags & MSGPACK_PACK_ARRAYS_AS_MAPS) != 0;
	opts->strings = (flags & MSGPACK_PACK_BIN_STRINGS) ? MSGPACK_STRINGS_BIN
		: (flags & MSGPACK_PACK_DETECT_BIN) ? MSGPACK_STRINGS_DETECT : MSGPACK_STRINGS_STR;
	opts->extensions = NULL;
	opts->max_depth = 0;
	opts->records = (flags & MSGPACK_PACK_RECORDS) != 0;
	opts->records_two_byte = false;
	opts->shared_records = NULL;
	opts->shared_index = NULL;
	opts->notice = msgpack_serialize_notice;
	return true;
}

static bool save_structures(msgpack_packer_object *o, msgpack_record_shape *const *added_shapes, uint32_t added,
	uint32_t version);

/* Makes t (NULL: none) the shared structures of o, dropping the old ones and their index. */
static void set_structures(msgpack_packer_object *o, msgpack_record_table *t)
{
	msgpack_record_table_free(o->structures);
	o->structures = t;
	/* a writer that still packs holds its own reference */
	msgpack_record_index_release(o->shared_index);
	o->shared_index = NULL;
}

/* The exception of the error an encode failed with (msgpack_encode_status); the limits' are thrown
 * once the value is released (pack_value()), the others before, as when they were met. */
static zend_never_inline void throw_pack_error(const msgpack_encoder *enc, msgpack_encode_status error)
{
	const msgpack_encode_error_detail *d = &enc->detail;
	zend_class_entry *ce = msgpack_pack_exception_ce;

	switch (error) {
		case MSGPACK_ENCODE_STACK:
			msgpack_throw_pack_exception("the C stack is full at nesting level %u", enc->stack_depth);
			break;
		case MSGPACK_ENCODE_DEPTH:
			msgpack_throw_pack_exception("the value nests deeper than msgpack.max_depth (%u levels)", enc->opts.max_depth);
			break;
		case MSGPACK_ENCODE_STRING_TOO_LONG:
			msgpack_throw_since(d->pending, ce, "a string of %zu bytes is longer than MessagePack allows (4 GiB - 1)", d->size);
			break;
		case MSGPACK_ENCODE_ARRAY_CYCLE:
			msgpack_throw_since(d->pending, ce, "an array contains itself (through a reference)");
			break;
		case MSGPACK_ENCODE_OBJECT_CYCLE:
			msgpack_throw_since(d->pending, ce, "an object of class %s contains itself", ZSTR_VAL(d->class_name));
			break;
		case MSGPACK_ENCODE_SERIALIZE_NOT_ARRAY:
			msgpack_throw_since(d->pending, zend_ce_type_error, "%s::__serialize() must return an array",
				ZSTR_VAL(d->class_name));
			break;
		case MSGPACK_ENCODE_NOT_SERIALIZABLE:
			if (enc->opts.php_only) {
				msgpack_throw_since(d->pending, ce, "an object of class %s cannot be packed with PHP_OBJECTS: PHP does not allow its serialization",
					ZSTR_VAL(d->class_name));
			} else {
				msgpack_throw_since(d->pending, ce, "an object of class %s cannot be packed", ZSTR_VAL(d->class_name));
			}
			break;
		case MSGPACK_ENCODE_RESOURCE:
			msgpack_throw_since(d->pending, ce, "a resource (%s) cannot be packed", d->type_name ? d->type_name : "Unknown");
			break;
		case MSGPACK_ENCODE_EXT_NOT_STRING:
			msgpack_throw_since(d->pending, ce, "the extension encoder for %s returned %s, expected a string",
				ZSTR_VAL(d->class_name), d->type_name);
			break;
		case MSGPACK_ENCODE_EXT_TOO_LONG:
			msgpack_throw_since(d->pending, ce, "the extension encoder for %s returned %zu bytes, more than MessagePack allows (4 GiB - 1)",
				ZSTR_VAL(d->class_name), d->size);
			break;
		case MSGPACK_ENCODE_TRANSFORM_LOOP:
			msgpack_throw_since(d->pending, ce, "the transformer for %s returned an object of class %s, which the transformer for %s would transform again: the transformers loop",
				ZSTR_VAL(d->class_name), ZSTR_VAL(d->result_class), ZSTR_VAL(d->again_class));
			break;
		case MSGPACK_ENCODE_PLAN_INVALID:
			msgpack_throw_since(d->pending, ce, "an object of class %s cannot be packed: %s", ZSTR_VAL(d->class_name),
				ZSTR_VAL(d->text));
			break;
		case MSGPACK_ENCODE_PLAN_SHAPING:
			msgpack_throw_since(d->pending, ce, "an object of class %s cannot be packed by the call that makes its plan "
				"(an attribute's argument ran it)", ZSTR_VAL(d->class_name));
			break;
		case MSGPACK_ENCODE_LIST_UNINITIALIZED:
			msgpack_throw_since(d->pending, ce, "%s::$%s is not initialized: an #[MsgPack\\AsList] object is written whole",
				ZSTR_VAL(d->class_name), ZSTR_VAL(d->text));
			break;
		case MSGPACK_ENCODE_GMP_UNREADABLE:
			msgpack_throw_since(d->pending, ce, "a GMP value could not be read");
			break;
		case MSGPACK_ENCODE_GMP_TOO_BIG:
			msgpack_throw_since(d->pending, ce, "the GMP value %s is beyond the 64-bit ints of MessagePack", ZSTR_VAL(d->text));
			break;
		case MSGPACK_ENCODE_DATE_UNINITIALIZED:
			msgpack_throw_date_error(MSGPACK_DATE_UNINITIALIZED, d->class_name, d->pending);
			break;
		case MSGPACK_ENCODE_DATE_UNREADABLE:
			msgpack_throw_date_error(MSGPACK_DATE_UNREADABLE, d->class_name, d->pending);
			break;
		case MSGPACK_ENCODE_OK:
		case MSGPACK_ENCODE_EXCEPTION:
			break; /* nothing, or thrown already */
	}
}

/* Packs value (in form: msgpack_encode_as()) into return_value, or throws. writer: the records
 * writer of packer o (growing shared structures, SEQUENTIAL), or NULL for the value's own. */
static void pack_value(zval *return_value, zval *value, const msgpack_pack_options *base, HashTable *extensions,
	msgpack_root_form form, msgpack_packer_object *o, msgpack_record_writer *writer)
{
	msgpack_pack_options opts = *base;
	msgpack_encoder enc;
	smart_str buf = {0};
	msgpack_encode_status error;

	opts.extensions = extensions;
	/* the nesting limit of msgpack.max_depth; the C stack is checked on its own */
	opts.max_depth = (uint32_t) MSGPACK_G(max_depth);
	/* growing: which list the encoder starts from (a nested pack() of the same packer, run by
	 * jsonSerialize() or an extension, may make it grow meanwhile) */
	uint32_t version = 0;
	if (UNEXPECTED(writer != NULL)) {
		version = o->structures_version;
		msgpack_encoder_init_records(&enc, &buf, &opts, writer);
	} else {
		msgpack_encoder_init(&enc, &buf, &opts);
	}
	error = msgpack_encode_as(&enc, value, form);
	if (UNEXPECTED(error > MSGPACK_ENCODE_EXCEPTION)) {
		throw_pack_error(&enc, error); /* before the value it holds is released, as when it was met */
	}
	if (UNEXPECTED(writer != NULL) && error == MSGPACK_ENCODE_OK) {
		/* growing: the bytes are given only once the caller has saved the structures they use
		 * (a reader without them could not read the bytes) */
		msgpack_record_shape *const *shapes;
		uint32_t added = msgpack_record_writer_added(enc.records, &shapes);
		if (added && !save_structures(o, shapes, added, version)) {
			error = MSGPACK_ENCODE_EXCEPTION;
		}
	}
	msgpack_encoder_destroy(&enc);
	if (UNEXPECTED(error != MSGPACK_ENCODE_OK)) {
		smart_str_free(&buf);
		if (!EG(exception)) {
			/* the limits, once the value is released */
			throw_pack_error(&enc, error == MSGPACK_ENCODE_STACK ? error : MSGPACK_ENCODE_DEPTH);
		}
		RETURN_THROWS();
	}
	RETURN_STR(smart_str_extract(&buf));
}

/*
 * The shared structures a value added to the list of version version: the callback of
 * withStructures() is given the whole list and the count it had before; only when it returns
 * other than false are they the packer's, else the value is not packed (a PackException) and the
 * list stays as it was. Thrown: false.
 */
static zend_never_inline bool save_structures(msgpack_packer_object *o, msgpack_record_shape *const *added_shapes,
	uint32_t added, uint32_t version)
{
	uint32_t before;
	msgpack_record_table *grown;
	zval args[2], retval, callback;
	bool saved;

	if (o->structures_version != version) {
		/* the identifiers the value gave its new structures are now another's */
		msgpack_throw_pack_exception("the shared structures changed while the value was packed (a nested pack() added some)");
		return false;
	}
	before = o->structures->shared_count;
	grown = msgpack_record_table_copy(o->structures);
	ZVAL_UNDEF(&retval);
	for (uint32_t i = 0; i < added; i++) {
		msgpack_record_table_append(grown, added_shapes[i]->fields); /* within max_shared: room */
	}
	msgpack_record_table_to_array(grown, &args[0]);
	ZVAL_LONG(&args[1], before);
	/* the callback may replace itself (withStructures()) while it runs */
	ZVAL_COPY(&callback, &o->save_structures);
	saved = call_user_function(NULL, NULL, &callback, &retval, 2, args) == SUCCESS && !EG(exception);
	zval_ptr_dtor(&callback);
	zval_ptr_dtor(&args[0]);
	if (saved && Z_TYPE(retval) == IS_FALSE) {
		msgpack_throw_pack_exception("the shared structures were not saved (the save callback returned false)");
		saved = false;
	}
	zval_ptr_dtor(&retval);
	if (saved && o->structures_version != version) {
		/* withStructures() or a nested pack() in the callback: the identifiers the value used
		 * may now name other structures */
		msgpack_throw_pack_exception("the shared structures changed while they were being saved");
		saved = false;
	}
	if (!saved) {
		msgpack_record_table_free(grown);
		return false;
	}
	set_structures(o, grown);
	o->structures_version++;
	return true;
}

/* ---- MsgPack\pack() ------------------------------------------------------------------------------ */

ZEND_FUNCTION(MsgPack_pack)
{
	zval *value;
	zend_long flags = 0;
	msgpack_pack_options opts;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
	ZEND_PARSE_PARAMETERS_END();

	if (!options_from_flags(flags, 2, &opts)) {
		RETURN_THROWS();
	}
	pack_value(return_value, value, &opts, NULL, MSGPACK_ROOT_VALUE, NULL, NULL);
}

/* ---- object handlers ------------------------------------------------------------------------------ */

static void extension_dtor(zval *zv)
{
	msgpack_pack_extension *ext = Z_PTR_P(zv);

	zval_ptr_dtor(&ext->encode);
	efree(ext);
}

static zend_object *packer_create(zend_class_entry *ce)
{
	msgpack_packer_object *o = zend_object_alloc(sizeof(msgpack_packer_object), ce);

	options_from_flags(0, 1, &o->opts);
	o->extensions = NULL;
	o->structures = NULL;
	o->shared_index = NULL;
	ZVAL_UNDEF(&o->save_structures);
	o->max_shared = MSGPACK_RECORD_MAX_SHARED;
	o->structures_version = 0;
	o->sequential = false;
	o->packing = false;
	o->sequence = NULL;
	zend_object_std_init(&o->std, ce);
	object_properties_init(&o->std, ce);
	o->std.handlers = &packer_handlers;
	return &o->std;
}

/* SEQUENTIAL: the next value starts a sequence again, declaring its structures anew. */
static void forget_sequence(msgpack_packer_object *o)
{
	if (o->sequence) {
		msgpack_record_writer_destroy(o->sequence);
		efree(o->sequence);
		o->sequence = NULL;
	}
}

static void packer_free(zend_object *obj)
{
	msgpack_packer_object *o = packer_from(obj);

	forget_sequence(o);
	if (o->extensions) {
		zend_hash_destroy(o->extensions);
		FREE_HASHTABLE(o->extensions);
		o->extensions = NULL;
	}
	set_structures(o, NULL);
	zval_ptr_dtor(&o->save_structures);
	ZVAL_UNDEF(&o->save_structures);
	zend_object_std_dtor(obj);
}

/* The encode callables may hold the packer (a closure using it): show them to the cycle collector. */
static HashTable *packer_get_gc(zend_object *obj, zval **table, int *n)
{
	msgpack_packer_object *o = packer_from(obj);
	zend_get_gc_buffer *gc = zend_get_gc_buffer_create();
	msgpack_pack_extension *ext;

	if (o->extensions) {
		ZEND_HASH_FOREACH_PTR(o->extensions, ext) {
			zend_get_gc_buffer_add_zval(gc, &ext->encode);
		} ZEND_HASH_FOREACH_END();
	}
	zend_get_gc_buffer_add_zval(gc, &o->save_structures);
	zend_get_gc_buffer_use(gc, table, n);
	return zend_std_get_properties(obj);
}

void msgpack_packer_register(zend_class_entry *ce)
{
	msgpack_packer_ce = ce;
	ce->create_object = packer_create;
	memcpy(&packer_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	packer_handlers.offset = XtOffsetOf(msgpack_packer_object, std);
	packer_handlers.free_obj = packer_free;
	packer_handlers.get_gc = packer_get_gc;
	packer_handlers.clone_obj = NULL;
}

/* ---- MsgPack\Packer ---------------------------------------------------------------------------------- */

ZEND_METHOD(MsgPack_Packer, __construct)
{
	zend_long flags = 0;
	msgpack_pack_options opts;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(flags)
	ZEND_PARSE_PARAMETERS_END();

	if (!options_from_flags(flags, 1, &opts)) {
		RETURN_THROWS();
	}
	THIS_PACKER()->opts = opts;
	THIS_PACKER()->sequential = (flags & MSGPACK_PACK_SEQUENTIAL) != 0;
}

/* Packs value in form for pack(), packArray() and packMap(): with the packer's options, extensions
 * and transformers, and its records writer when its structures grow or it is SEQUENTIAL. */
static void packer_pack(msgpack_packer_object *o, zval *return_value, zval *value, msgpack_root_form form)
{
	msgpack_pack_options opts = o->opts;
	uint32_t grow_to = 0;

	opts.shared_records = o->structures;
	/* msgpackr's rule: a writer allowed more than 32 shared structures writes two-byte
	 * identifiers, whatever the list holds yet */
	opts.records_two_byte = o->max_shared > MSGPACK_RECORD_MAX_SHARED_ONE_BYTE;
	if (o->structures && o->structures->shared_count && o->shared_index == NULL) {
		o->shared_index = msgpack_record_index_new(o->structures, opts.records_two_byte);
	}
	opts.shared_index = o->shared_index;
	if (o->structures && Z_TYPE(o->save_structures) != IS_UNDEF && opts.records) {
		grow_to = o->max_shared;
	}
	if (!o->sequential) {
		msgpack_record_writer growing;
		if (!grow_to) {
			pack_value(return_value, value, &opts, o->extensions, form, o, NULL);
			return;
		}
		/* the value's writer, made here: pack_value() takes the structures it added */
		msgpack_record_writer_init(&growing, o->structures, o->shared_index, opts.records_two_byte, grow_to, false);
		pack_value(return_value, value, &opts, o->extensions, form, o, &growing);
		msgpack_record_writer_destroy(&growing);
		return;
	}
	if (o->packing) {
		/* a value packed inside another (jsonSerialize(), an extension) would take structures
		 * the outer one declares after it, or declare ones the outer one's reader meets first */
		msgpack_throw_pack_exception("a SEQUENTIAL packer cannot pack a value while it packs another");
		return;
	}
	if (o->sequence == NULL) {
		o->sequence = emalloc(sizeof(msgpack_record_writer));
		msgpack_record_writer_init(o->sequence, o->structures, o->shared_index, opts.records_two_byte, grow_to, true);
	}
	o->packing = true;
	pack_value(return_value, value, &opts, o->extensions, form, o, o->sequence);
	o->packing = false;
	if (EG(exception)) {
		/* what the failed value declared reaches no reader: the next value starts over */
		forget_sequence(o);
	}
}

ZEND_METHOD(MsgPack_Packer, pack)
{
	zval *value;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	packer_pack(THIS_PACKER(), return_value, value, MSGPACK_ROOT_VALUE);
}

/* packArray() and packMap(): the array in the form they name, what it holds as pack() writes it */
static void pack_array_as(INTERNAL_FUNCTION_PARAMETERS, msgpack_root_form form)
{
	zval *value;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY(value)
	ZEND_PARSE_PARAMETERS_END();

	packer_pack(THIS_PACKER(), return_value, value, form);
}

/* any array as the list of its values (rybakit's FORCE_ARR) */
ZEND_METHOD(MsgPack_Packer, packArray)
{
	pack_array_as(INTERNAL_FUNCTION_PARAM_PASSTHRU, MSGPACK_ROOT_LIST);
}

/* any array as a map, a list as the map of its indexes */
ZEND_METHOD(MsgPack_Packer, packMap)
{
	pack_array_as(INTERNAL_FUNCTION_PARAM_PASSTHRU, MSGPACK_ROOT_MAP);
}

/*
 * Structures agreed in advance with the reader (msgpackr's `structures`): their records take
 * identifiers 0x40, 0x41, ... in order and are never declared. Without a save callback the list
 * stays as given and a value's own structures are numbered after it. With one the list grows
 * (msgpackr's saveStructures): a new key list joins it while it has fewer than maxShared, and
 * pack() calls save(list, count before) before it returns the bytes that use the new ones; false
 * (or an exception) and pack() throws, the list unchanged. A value's own structures are then
 * numbered from maxShared on, as msgpackr's (a reader's grown list never holds their ids).
 * maxShared above 32 makes the identifiers from 0x60 on two bytes, as msgpackr's
 * maxSharedStructures does (msgpack_records.h), up to its 8160.
 */
ZEND_METHOD(MsgPack_Packer, withStructures)
{
	HashTable *list;
	zend_fcall_info fci = empty_fcall_info;
	zend_fcall_info_cache fcc = empty_fcall_info_cache;
	zend_long max = MSGPACK_RECORD_MAX_SHARED;
	msgpack_record_table *t;
	msgpack_packer_object *o = THIS_PACKER();

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ARRAY_HT(list)
		Z_PARAM_OPTIONAL
		Z_PARAM_FUNC_OR_NULL(fci, fcc)
		Z_PARAM_LONG(max)
	ZEND_PARSE_PARAMETERS_END();

	if (!o->opts.records) {
		/* the structures would never be used: the reader, given the same list, would then fail
		 * on these bytes, far from the mistake */
		zend_value_error("MsgPack\\Packer::withStructures() needs a packer made with MsgPack\\Packer::RECORDS");
		RETURN_THROWS();
	}
	if (o->packing) {
		/* SEQUENTIAL: the value being packed uses the writer numbered after the list */
		zend_throw_error(NULL, "MsgPack\\Packer::withStructures() cannot be called while a SEQUENTIAL packer packs");
		RETURN_THROWS();
	}
	if (max < 0 || max > MSGPACK_RECORD_MAX_SHARED_TWO_BYTE) {
		zend_argument_value_error(3, "must be between 0 and %d", MSGPACK_RECORD_MAX_SHARED_TWO_BYTE);
		RETURN_THROWS();
	}
	t = msgpack_structures_from_arg(list, 1, (uint32_t) max);
	if (t == NULL) {
		RETURN_THROWS();
	}
	set_structures(o, t);
	o->max_shared = (uint32_t) max;
	forget_sequence(o); /* numbered after the old list */
	o->structures_version++;
	zval_ptr_dtor(&o->save_structures);
	if (ZEND_FCI_INITIALIZED(fci)) {
		ZVAL_COPY(&o->save_structures, &fci.function_name);
	} else {
		ZVAL_UNDEF(&o->save_structures);
	}
	RETURN_OBJ_COPY(&o->std);
}

/* The shared structures as they are now (grown by pack() with a save callback). */
ZEND_METHOD(MsgPack_Packer, structures)
{
	ZEND_PARSE_PARAMETERS_NONE();

	msgpack_record_table_to_array(THIS_PACKER()->structures, return_value);
}

static bool check_ext_type(zend_long type, uint32_t arg_num)
{
	if (type < INT8_MIN || type > INT8_MAX) {
		zend_argument_value_error(arg_num, "must be between -128 and 127");
		return false;
	}
	return true;
}

/* Registers what objects of class_name are packed as (registerExtension(), registerTransformer());
 * false with an exception if there is no such class. */
static bool register_class(msgpack_packer_object *o, zend_string *class_name, int8_t type, bool transform, zval *callable)
{
	zend_class_entry *ce = zend_lookup_class(class_name);
	msgpack_pack_extension *ext;

	if (ce == NULL) {
		if (!EG(exception)) {
			zend_argument_value_error(1, "must be the name of an existing class or interface, \"%s\" given", ZSTR_VAL(class_name));
		}
		return false;
	}
	ext = emalloc(sizeof(*ext));
	ext->ce = ce;
	ext->type = type;
	ext->transform = transform;
	ZVAL_COPY(&ext->encode, callable);
	if (o->extensions == NULL) {
		ALLOC_HASHTABLE(o->extensions);
		zend_hash_init(o->extensions, 4, NULL, extension_dtor, 0);
	}
	/* registered again, as an extension or a transformer: the new registration replaces the old */
	zend_hash_update_ptr(o->extensions, ce->name, ext);
	return true;
}

ZEND_METHOD(MsgPack_Packer, registerExtension)
{
	zend_string *class_name;
	zend_long type;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(class_name)
		Z_PARAM_LONG(type)
		Z_PARAM_FUNC(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_ext_type(type, 2) || !register_class(THIS_PACKER(), class_name, (int8_t) type, false, &fci.function_name)) {
		RETURN_THROWS();
	}
}

/* Objects of class_name (subclasses and implementations included) are packed as the value
 * transform($object) returns, packed in turn by the same rules (pack.c: encode_transformed()). */
ZEND_METHOD(MsgPack_Packer, registerTransformer)
{
	zend_string *class_name;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(class_name)
		Z_PARAM_FUNC(fci, fcc)
	ZEND_PARSE_PARAMETERS_END();

	if (!register_class(THIS_PACKER(), class_name, 0, true, &fci.function_name)) {
		RETURN_THROWS();
	}
}

/* The typed writers: each returns the bytes of one item, in its shortest form. */

static zend_always_inline void return_buffer(zval *return_value, smart_str *buf)
{
	RETURN_STR(smart_str_extract(buf));
}

static bool check_length(size_t len, const char *what)
{
	if (UNEXPECTED(len > UINT32_MAX)) {
		msgpack_throw_pack_exception("a %s of %zu bytes is longer than MessagePack allows (4 GiB - 1)", what, len);
		return false;
	}
	return true;
}

ZEND_METHOD(MsgPack_Packer, packNil)
{
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_NONE();
	msgpack_write_nil(&buf);
	return_buffer(return_value, &buf);
}

ZEND_METHOD(MsgPack_Packer, packBool)
{
	bool value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_BOOL(value)
	ZEND_PARSE_PARAMETERS_END();
	msgpack_write_bool(&buf, value);
	return_buffer(return_value, &buf);
}

ZEND_METHOD(MsgPack_Packer, packInt)
{
	zend_long value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(value)
	ZEND_PARSE_PARAMETERS_END();
	if (THIS_PACKER()->opts.records) {
		msgpack_record_write_int(&buf, value); /* 64..127 as uint8: the fixints are record ids */
	} else {
		msgpack_write_long(&buf, value);
	}
	return_buffer(return_value, &buf);
}

/* float64, or float32 when the packer has FLOAT32 (or FLOAT32_DECIMAL_FIT and the float fits) */
ZEND_METHOD(MsgPack_Packer, packFloat)
{
	double value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_DOUBLE(value)
	ZEND_PARSE_PARAMETERS_END();
	msgpack_write_double(&buf, value, THIS_PACKER()->opts.force_f32);
	return_buffer(return_value, &buf);
}

/* float32 and float64 whatever the packer's flags: the typed writers write the type they name */
ZEND_METHOD(MsgPack_Packer, packFloat32)
{
	double value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_DOUBLE(value)
	ZEND_PARSE_PARAMETERS_END();
	msgpack_write_double(&buf, value, MSGPACK_F32_ALWAYS);
	return_buffer(return_value, &buf);
}

ZEND_METHOD(MsgPack_Packer, packFloat64)
{
	double value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_DOUBLE(value)
	ZEND_PARSE_PARAMETERS_END();
	msgpack_write_double(&buf, value, MSGPACK_F32_NEVER);
	return_buffer(return_value, &buf);
}

/* always str, whatever the packer's flags: the typed writers write the type they name */
ZEND_METHOD(MsgPack_Packer, packStr)
{
	zend_string *value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(value)
	ZEND_PARSE_PARAMETERS_END();
	if (!check_length(ZSTR_LEN(value), "string")) {
		RETURN_THROWS();
	}
	msgpack_write_str(&buf, ZSTR_VAL(value), ZSTR_LEN(value));
	return_buffer(return_value, &buf);
}

ZEND_METHOD(MsgPack_Packer, packBin)
{
	zend_string *value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(value)
	ZEND_PARSE_PARAMETERS_END();
	if (!check_length(ZSTR_LEN(value), "bin")) {
		RETURN_THROWS();
	}
	msgpack_write_bin(&buf, ZSTR_VAL(value), ZSTR_LEN(value));
	return_buffer(return_value, &buf);
}

static bool check_count(zend_long count)
{
	if (count < 0 || (zend_ulong) count > UINT32_MAX) {
		zend_argument_value_error(1, "must be between 0 and 4294967295");
		return false;
	}
	return true;
}

ZEND_METHOD(MsgPack_Packer, packArrayHeader)
{
	zend_long count;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();
	if (!check_count(count)) {
		RETURN_THROWS();
	}
	msgpack_write_array_header(&buf, (uint32_t) count);
	return_buffer(return_value, &buf);
}

ZEND_METHOD(MsgPack_Packer, packMapHeader)
{
	zend_long count;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();
	if (!check_count(count)) {
		RETURN_THROWS();
	}
	msgpack_write_map_header(&buf, (uint32_t) count);
	return_buffer(return_value, &buf);
}

ZEND_METHOD(MsgPack_Packer, packExt)
{
	zend_long type;
	zend_string *data;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(type)
		Z_PARAM_STR(data)
	ZEND_PARSE_PARAMETERS_END();
	if (!check_ext_type(type, 1) || !check_length(ZSTR_LEN(data), "ext payload")) {
		RETURN_THROWS();
	}
	if (!THIS_PACKER()->opts.records || !msgpack_record_write_ext(&buf, (int8_t) type, ZSTR_VAL(data), ZSTR_LEN(data))) {
		msgpack_write_ext(&buf, (int8_t) type, ZSTR_VAL(data), ZSTR_LEN(data));
	}
	return_buffer(return_value, &buf);
}
