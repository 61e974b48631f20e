/*
 * The decoder's PHP object model: PECL msgpack's nil-keyed map entries (docs/format.md) read as
 * PECL reads them, making objects (classes looked up as unserialize() does, properties written
 * with their declared visibility and type checks), Serializable objects, enum cases, references
 * and back-references. unpack.c calls msgpack_decode_php_entries() when a map has a nil key while
 * php_only is on; everything else of the decoder is there.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_interfaces.h"
#include "zend_exceptions.h"
#include "zend_enum.h"
#include "ext/standard/php_incomplete_class.h"
#include "php_msgpack.h"
#include "common/msgpack_compat.h"
#include "common/msgpack_format.h"
#include "decode/unpack.h"
#include "decode/unpack_internal.h"

/* Queues __unserialize(data) or __wakeup() of obj for when the whole value is built. */
static void defer_call(msgpack_decoder *d, zend_object *obj, zval *unserialize_data)
{
	zval entry;

	if (d->deferred == NULL) {
		ALLOC_HASHTABLE(d->deferred);
		zend_hash_init(d->deferred, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
	/* [object, data] for __unserialize(), [object] for __wakeup() */
	array_init_size(&entry, 2);
	GC_ADDREF(obj);
	add_next_index_object(&entry, obj);
	if (unserialize_data) {
		add_next_index_zval(&entry, unserialize_data);
	}
	zend_hash_next_index_insert_new(d->deferred, &entry);
}

/*
 * What is looked up per object, looked up once per class and call: the class entry by the name
 * as written (so autoloading and unserialize_callback_func run once; a name not found is looked
 * up again each time, since an autoloader may define it meanwhile), whether the class has
 * __wakeup(), and where each declared property lives (mangled name -> offset of its slot), so
 * that properties are written straight into their slots without building the object's property
 * table. Once defined, a class stays what it is for the request: the entries cannot go stale.
 */
#define CLASS_CACHE_SIZE 8
#define CLASS_GUESSES 16

typedef struct _class_info {
	zend_string *name;        /* as the input wrote it */
	zend_class_entry *ce;
	bool has_wakeup;
	bool plain;               /* object_init_ex() makes it and its properties go into slots:
	                           * read by read_known_object() */
	HashTable *offsets;       /* mangled property name -> slot offset (long), on first use */
	/* The keys of the last object's properties, in the order they came, and their slots: the
	 * next object of the class has the same, and the key cache makes them the same strings
	 * (held, so that a pointer compares equal to no other string). */
	zend_string *guess_key[CLASS_GUESSES];
	uint32_t guess_offset[CLASS_GUESSES];
	uint32_t guess_count;     /* the guesses from the first on that are set */
	zend_property_info *guess_typed[CLASS_GUESSES]; /* the property's info if it is typed */
	/* The same keys as a fixstr (header and bytes), compared a word at a time by
	 * take_guessed_key(): guess_size is its length (0 when the key takes another form, for
	 * msgpack_take_key() alone), guess_word its first 8 bytes (masked with guess_other when it
	 * is shorter), guess_other else its last 8. */
	uint8_t guess_size[CLASS_GUESSES];
	size_t guess_need[CLASS_GUESSES]; /* the bytes the compare reads: MAX(size, 8), SIZE_MAX for 0 */
	uint64_t guess_word[CLASS_GUESSES];
	uint64_t guess_other[CLASS_GUESSES];
} class_info;

struct _msgpack_class_cache {
	uint32_t count;
	uint32_t next;            /* the entry replaced when all are taken */
	class_info entries[CLASS_CACHE_SIZE];
};

static void class_info_clear(class_info *info)
{
	zend_string_release(info->name);
	if (info->offsets) {
		zend_hash_destroy(info->offsets);
		FREE_HASHTABLE(info->offsets);
	}
	for (uint32_t i = 0; i < CLASS_GUESSES; i++) {
		if (info->guess_key[i]) {
			zend_string_release(info->guess_key[i]);
		}
	}
	memset(info, 0, sizeof(*info));
}

void msgpack_class_cache_free(msgpack_decoder *d)
{
	if (d->classes) {
		for (uint32_t i = 0; i < d->classes->count; i++) {
			class_info_clear(&d->classes->entries[i]);
		}
		efree(d->classes);
		d->classes = NULL;
	}
}

static class_info *class_info_by_name(const msgpack_decoder *d, const zend_string *name)
{
	if (d->classes) {
		for (uint32_t i = 0; i < d->classes->count; i++) {
			class_info *info = &d->classes->entries[i];
			if (zend_string_equals(info->name, name)) {
				return info;
			}
		}
	}
	return NULL;
}

static class_info *class_info_by_ce(const msgpack_decoder *d, const zend_class_entry *ce)
{
	if (d->classes) {
		for (uint32_t i = 0; i < d->classes->count; i++) {
			if (d->classes->entries[i].ce == ce) {
				return &d->classes->entries[i];
			}
		}
	}
	return NULL;
}

static void remember_class(msgpack_decoder *d, zend_string *name, zend_class_entry *ce)
{
	class_info *info;

	if (d->classes == NULL) {
		/* not ecalloc(): an entry is zeroed when taken (the entries past count are never
		 * read), for the call that meets one class is not to clear all CLASS_CACHE_SIZE */
		d->classes = emalloc(sizeof(*d->classes));
		d->classes->count = 0;
		d->classes->next = 0;
	}
	if (d->classes->count < CLASS_CACHE_SIZE) {
		info = &d->classes->entries[d->classes->count++];
		memset(info, 0, sizeof(*info));
	} else {
		info = &d->classes->entries[d->classes->next];
		d->classes->next = (d->classes->next + 1) % CLASS_CACHE_SIZE;
		class_info_clear(info);
	}
	info->name = zend_string_copy(name);
	info->ce = ce;
	info->has_wakeup = zend_hash_str_exists(&ce->function_table, "__wakeup", sizeof("__wakeup") - 1);
	/* what create_object() refuses or fails on, and __unserialize() (its data is no property) */
	info->plain = !(ce->ce_flags & (ZEND_ACC_NOT_SERIALIZABLE | ZEND_ACC_INTERFACE | ZEND_ACC_TRAIT
			| ZEND_ACC_EXPLICIT_ABSTRACT_CLASS | ZEND_ACC_IMPLICIT_ABSTRACT_CLASS | ZEND_ACC_ENUM))
		&& ce->__unserialize == NULL && ce != PHP_IC_ENTRY;
}

/* Fills guess_size, guess_word and guess_other of the guess at pos (see class_info). */
static void guess_packed(class_info *info, uint32_t pos, const zend_string *key)
{
	unsigned char packed[32], mask[8];
	size_t size = ZSTR_LEN(key) + 1;

	info->guess_size[pos] = 0;
	info->guess_need[pos] = SIZE_MAX;
	if (size > 32 || size < 2) {
		/* a str 8 or wider, or the empty name (no word to compare) */
		return;
	}
	packed[0] = (unsigned char) (MP_FIXSTR | ZSTR_LEN(key));
	memcpy(packed + 1, ZSTR_VAL(key), ZSTR_LEN(key));
	if (size <= 8) {
		/* the bytes past the key are whatever the input holds next: masked off */
		memset(packed + size, 0, 8 - size);
		memset(mask, 0xff, size);
		memset(mask + size, 0, 8 - size);
		memcpy(&info->guess_other[pos], mask, 8);
	} else {
		memcpy(&info->guess_other[pos], packed + size - 8, 8);
	}
	memcpy(&info->guess_word[pos], packed, 8);
	info->guess_size[pos] = (uint8_t) size;
	info->guess_need[pos] = MAX(size, 8);
}

/* msgpack_take_key() of the key guessed at pos, in fewer steps for the common form: the fixstr
 * at d->pos compared with whole words (native order on both sides), the header included. */
static zend_always_inline bool take_guessed_key(msgpack_decoder *d, const class_info *info, uint32_t pos)
{
	const unsigned char *p = d->pos;
	size_t size = info->guess_size[pos];
	uint64_t word, last;

	if (EXPECTED((size_t) (d->end - p) >= info->guess_need[pos])) {
		memcpy(&word, p, 8);
		if (size <= 8) {
			if ((word & info->guess_other[pos]) == info->guess_word[pos]) {
				d->pos = p + size;
				return true;
			}
		} else {
			memcpy(&last, p + size - 8, 8);
			if (word == info->guess_word[pos] && last == info->guess_other[pos]
					&& (size <= 16 || msgpack_same_bytes(ZSTR_VAL(info->guess_key[pos]) + 7, p + 8, (uint32_t) size - 8))) {
				d->pos = p + size;
				return true;
			}
		}
	}
	/* another form of the same key (str 8), or the input's last bytes */
	return msgpack_take_key(d, info->guess_key[pos]);
}

/* The slot of the declared property that the properties table would give under key (its
 * mangled name: what rebuild_object_properties() puts there), or NULL. pos is the key's place
 * among the object's properties, for the guess. */
static zval *declared_slot(class_info *info, zend_object *obj, zend_string *key, uint32_t pos)
{
	zval *found;

	if (pos < CLASS_GUESSES && info->guess_key[pos] == key) {
		return OBJ_PROP(obj, info->guess_offset[pos]);
	}
	if (info->offsets == NULL) {
		zend_class_entry *ce = info->ce;
		ALLOC_HASHTABLE(info->offsets);
		zend_hash_init(info->offsets, ce->default_properties_count, NULL, NULL, 0);
		for (int i = 0; i < ce->default_properties_count; i++) {
			zend_property_info *prop = ce->properties_info_table ? ce->properties_info_table[i] : NULL;
			if (prop) {
				zval offset;
				ZVAL_LONG(&offset, prop->offset);
				zend_hash_add(info->offsets, prop->name, &offset);
			}
		}
	}
	found = zend_hash_find(info->offsets, key);
	if (found == NULL) {
		return NULL;
	}
	if (pos < CLASS_GUESSES) {
		if (info->guess_key[pos]) {
			zend_string_release(info->guess_key[pos]);
		}
		info->guess_key[pos] = zend_string_copy(key);
		info->guess_offset[pos] = (uint32_t) Z_LVAL_P(found);
		info->guess_typed[pos] = zend_get_typed_property_info_for_slot(obj, OBJ_PROP(obj, Z_LVAL_P(found)));
		guess_packed(info, pos, key);
		while (info->guess_count < CLASS_GUESSES && info->guess_key[info->guess_count]) {
			info->guess_count++;
		}
	}
	return OBJ_PROP(obj, Z_LVAL_P(found));
}

static bool class_allowed(const msgpack_decoder *d, zend_string *name)
{
	zend_string *lc = zend_string_tolower(name);
	bool allowed = zend_hash_exists(d->opts.allowed_classes, lc);

	zend_string_release(lc);
	return allowed;
}

/* Class lookup as unserialize() does it: autoload, then unserialize_callback_func, else NULL
 * (the caller then makes a __PHP_Incomplete_Class). */
static zend_class_entry *lookup_class_uncached(msgpack_decoder *d, zend_string *name)
{
	zend_class_entry *ce;
	const char *cb;

	if (!zend_is_valid_class_name(name)) {
		return NULL;
	}
	if (d->opts.allowed_classes && !class_allowed(d, name)) {
		/* as unserialize()'s allowed_classes: another class is not even autoloaded */
		return NULL;
	}
	ce = zend_lookup_class(name);
	if (ce || EG(exception)) {
		return ce;
	}
	cb = msgpack_unserialize_callback_func();
	if (cb == NULL) {
		return NULL;
	}
	zval fname, arg, ret;
	ZVAL_STRING(&fname, cb);
	ZVAL_STR_COPY(&arg, name);
	if (call_user_function(NULL, NULL, &fname, &ret, 1, &arg) != SUCCESS) {
		if (!EG(exception)) {
			msgpack_notify(d, MSGPACK_DECODE_NOTICE_CALLBACK_MISSING, cb);
		}
	} else {
		zval_ptr_dtor(&ret);
	}
	zval_ptr_dtor(&fname);
	zval_ptr_dtor(&arg);
	if (EG(exception)) {
		return NULL;
	}
	ce = zend_lookup_class(name);
	if (ce == NULL && !EG(exception)) {
		msgpack_notify(d, MSGPACK_DECODE_NOTICE_CALLBACK_NO_CLASS, cb);
	}
	return ce;
}

/* lookup_class_uncached(), once per class name and call (see class_info). */
static zend_class_entry *lookup_class(msgpack_decoder *d, zend_string *name)
{
	class_info *info = class_info_by_name(d, name);
	zend_class_entry *ce;

	if (info) {
		return info->ce;
	}
	ce = lookup_class_uncached(d, name);
	if (ce && !EG(exception)) {
		remember_class(d, name, ce);
	}
	return ce;
}

/* Creates an object of the named class (or __PHP_Incomplete_Class) into out. */
static bool create_object(msgpack_decoder *d, zval *out, zend_string *class_name, zend_class_entry **ce_out)
{
	zend_class_entry *ce = lookup_class(d, class_name);

	if (EG(exception)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	if (ce == NULL) {
		object_init_ex(out, PHP_IC_ENTRY);
		php_store_class_name(out, class_name);
		ce = PHP_IC_ENTRY;
	} else if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		return msgpack_decode_fail_named(d, MSGPACK_DECODE_NOT_SERIALIZABLE, zend_string_copy(ce->name), NULL);
	} else if (object_init_ex(out, ce) != SUCCESS) {
		/* interfaces, abstract classes, enums */
		return msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
	}
	msgpack_remember_object(d, Z_OBJ_P(out));
	*ce_out = ce;
	return true;
}

static bool write_slot(msgpack_decoder *d, zend_object *obj, zval *target, zval *val)
{
	return msgpack_write_slot(d, zend_get_typed_property_info_for_slot(obj, target), target, val);
}

/* A value for a virtual property (PHP 8.4), which has no slot to hold it: refused as
 * unserialize() refuses it, rather than made a dynamic property that the hooks would hide.
 * key_at: where the entry's key starts in the input, or NULL if unknown. */
static bool refuse_virtual(msgpack_decoder *d, const zend_property_info *info, const char *name,
	size_t len, const unsigned char *key_at)
{
	return msgpack_decode_invalid_item_str(d, key_at, zend_strpprintf(0, "Cannot unserialize value for virtual property %s::$%.*s",
		ZSTR_VAL(info->ce->name), (int) len, name));
}

/*
 * Writes a property read from the input: under the name as written if the object has it, else
 * under the declared visibility of that name, else as a dynamic property. Typed properties are
 * checked as unserialize() checks them; a hooked property gets the value as its backing value,
 * without its set hook (as unserialize() does: the slot is written). key_at: see
 * refuse_virtual().
 */
static bool set_property(msgpack_decoder *d, zend_object *obj, zend_string *key, zval *val,
	const unsigned char *key_at)
{
	HashTable *props = zend_std_get_properties(obj);
	zval *slot = zend_hash_find(props, key);

	if (slot == NULL) {
		const char *class_name, *prop_name;
		size_t prop_len;
		zend_property_info *info;

		zend_unmangle_property_name_ex(key, &class_name, &prop_name, &prop_len);
		/* as unserialize() and PECL msgpack: a private name of another class (a parent's
		 * included) stays a property of its own */
		info = class_name && strcmp(class_name, "*") != 0
				&& strcasecmp(class_name, ZSTR_VAL(obj->ce->name)) != 0
			? NULL : zend_hash_str_find_ptr(&obj->ce->properties_info, prop_name, prop_len);
		if (info && !(info->flags & ZEND_ACC_STATIC)) {
			if (UNEXPECTED(msgpack_property_is_virtual(info))) {
				msgpack_bury(d, val);
				return refuse_virtual(d, info, prop_name, prop_len, key_at);
			}
			slot = zend_hash_find(props, info->name);
		}
	}
	if (slot && Z_TYPE_P(slot) == IS_INDIRECT) {
		return write_slot(d, obj, Z_INDIRECT_P(slot), val);
	}
	if (slot) {
		msgpack_bury(d, slot);
		ZVAL_COPY_VALUE(slot, val);
		return true;
	}
	if (obj->ce->ce_flags & ZEND_ACC_NO_DYNAMIC_PROPERTIES) {
		msgpack_bury(d, val);
		return msgpack_decode_fail_named(d, MSGPACK_DECODE_DYNAMIC_PROPERTY, zend_string_copy(obj->ce->name),
			zend_string_copy(key));
	}
	zend_hash_add_new(props, key, val);
	return true;
}

/* Reads a str value (class and case names); false if the next value is no string. */
static bool decode_name(msgpack_decoder *d, zval *name)
{
	if (!msgpack_decode_expected_str(d, name)) {
		return false;
	}
	if (Z_TYPE_P(name) != IS_STRING) {
		msgpack_bury(d, name);
		ZVAL_UNDEF(name);
		return msgpack_decode_invalid(d, "Invalid class name");
	}
	return true;
}

/* The entry after marker 3: `"Class" <payload>`, for Serializable::unserialize(). */
static bool decode_custom_object(msgpack_decoder *d, zval *out)
{
	zval name, payload;
	zend_class_entry *ce;
	bool ok = false;

	if (!decode_name(d, &name)) {
		return false;
	}
	if (!msgpack_decode_expected_str(d, &payload)) {
		zval_ptr_dtor(&name);
		return false;
	}
	if (Z_TYPE(payload) != IS_STRING) {
		msgpack_decode_invalid(d, "Invalid Serializable payload");
		goto done;
	}
	ce = lookup_class(d, Z_STR(name));
	if (EG(exception)) {
		msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		goto done;
	}
	if (ce == NULL) {
		/* as unserialize() and PECL msgpack: the stand-in class cannot read the payload */
		msgpack_notify(d, MSGPACK_DECODE_NOTICE_NO_UNSERIALIZER, ZSTR_VAL(PHP_IC_ENTRY->name));
		object_init_ex(out, PHP_IC_ENTRY);
		php_store_class_name(out, Z_STR(name));
		msgpack_remember_object(d, Z_OBJ_P(out));
		ok = true;
		goto done;
	}
	if (ce->unserialize == NULL) {
		msgpack_notify(d, MSGPACK_DECODE_NOTICE_NO_UNSERIALIZER, ZSTR_VAL(ce->name));
		ok = create_object(d, out, Z_STR(name), &ce);
		goto done;
	}
	if (ce->unserialize(out, ce, (const unsigned char *) Z_STRVAL(payload), Z_STRLEN(payload), NULL) != SUCCESS
			|| EG(exception)) {
		if (Z_TYPE_P(out) == IS_OBJECT) {
			GC_ADD_FLAGS(Z_OBJ_P(out), IS_OBJ_DESTRUCTOR_CALLED);
			zval_ptr_dtor(out);
		}
		ZVAL_UNDEF(out);
		if (EG(exception)) {
			msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		} else {
			msgpack_decode_fail_named(d, MSGPACK_DECODE_UNSERIALIZE_FAILED, zend_string_copy(ce->name), NULL);
		}
		goto done;
	}
	if (Z_TYPE_P(out) == IS_OBJECT) {
		msgpack_remember_object(d, Z_OBJ_P(out));
	}
	ok = true;
done:
	zval_ptr_dtor(&name);
	msgpack_bury(d, &payload);
	return ok;
}

/* The entry after marker 6: `"Enum" "Case"`. */
static bool decode_enum(msgpack_decoder *d, zval *out)
{
	zval name, case_name;
	zend_class_entry *ce;
	zend_class_constant *c;
	bool ok = false;

	if (!decode_name(d, &name)) {
		return false;
	}
	if (!decode_name(d, &case_name)) {
		zval_ptr_dtor(&name);
		return false;
	}
	ce = lookup_class(d, Z_STR(name));
	if (EG(exception)) {
		msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		goto done;
	}
	if (ce == NULL && d->opts.allowed_classes && !class_allowed(d, Z_STR(name))) {
		msgpack_decode_invalid(d, "Enum class not allowed");
		goto done;
	}
	if (ce == NULL || !(ce->ce_flags & ZEND_ACC_ENUM)) {
		msgpack_decode_invalid(d, "Invalid enum class");
		goto done;
	}
	c = zend_hash_find_ptr(CE_CONSTANTS_TABLE(ce), Z_STR(case_name));
	if (c == NULL || !(ZEND_CLASS_CONST_FLAGS(c) & ZEND_CLASS_CONST_IS_CASE)) {
		msgpack_decode_invalid(d, "Invalid enum case");
		goto done;
	}
	if (Z_TYPE(c->value) == IS_CONSTANT_AST && zval_update_constant_ex(&c->value, c->ce) != SUCCESS) {
		msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		goto done;
	}
	ZVAL_COPY(out, &c->value);
	ok = true;
done:
	zval_ptr_dtor(&name);
	zval_ptr_dtor(&case_name);
	return ok;
}

/* Steps over the ignored key of a back-reference: the 0 PECL writes (any fixint, nil or a bool)
 * read in place, any other value decoded and dropped, as it always was. */
static zend_always_inline bool skip_ignored_key(msgpack_decoder *d)
{
	zval key;

	if (EXPECTED(d->pos < d->end)) {
		unsigned char c = *d->pos;
		/* 0x40-0x7f may be records while they are on */
		if (c < MSGPACK_RECORD_FIRST_ID || (c <= MP_POSITIVE_FIXINT_MAX && !d->opts.records) || c >= MP_NEGATIVE_FIXINT
				|| c == MP_NIL || c == MP_FALSE || c == MP_TRUE) {
			d->pos++;
			return true;
		}
	}
	if (!msgpack_decode_child(d, &key)) {
		return false;
	}
	msgpack_bury(d, &key);
	return true;
}

/*
 * The entry after marker 2, 4 or 5: `<ignored key> <id>`, the value with that id. Ids are the
 * slots: every map and array in the order they start, marker maps included, as PECL's reader
 * counts them. A slot holds what its container became, so an id can name a reference that a
 * marker-1 map (or the map of a marker 5) made.
 */
static bool decode_back_reference(msgpack_decoder *d, zval *out, zend_long marker, uint32_t self_index)
{
	zval id;
	msgpack_slot *target;

	if (!skip_ignored_key(d)) {
		return false;
	}
	if (!msgpack_decode_expected_int(d, &id)) {
		return false;
	}
	if (Z_TYPE(id) != IS_LONG || Z_LVAL(id) < 1 || (zend_ulong) Z_LVAL(id) > (zend_ulong) d->slot_count
			|| (zend_ulong) Z_LVAL(id) - 1 == self_index) {
		msgpack_bury(d, &id);
		return msgpack_decode_invalid(d, "Invalid back-reference id");
	}
	target = msgpack_slot_at(d, (uint32_t) (Z_LVAL(id) - 1));
	if (Z_TYPE(target->value) == IS_UNDEF || !target->ready) {
		/* an array still being built: PHP cannot hold it inside itself without a reference */
		ZVAL_NULL(out);
	} else {
		/* As PECL reads it: the value in the slot as it is, a reference staying one; marker 5
		 * puts a plain value in a new reference, which only the marker map's own slot shares
		 * (the target keeps its plain value). */
		ZVAL_COPY(out, &target->value);
		if (marker == MSGPACK_MARKER_OBJECT_REFERENCE && !Z_ISREF_P(out)) {
			ZVAL_MAKE_REF(out);
		}
	}
	return true;
}

/*
 * A map with a nil key (php_only), read as PECL msgpack reads it: each nil-keyed entry changes
 * what the map stands for, wherever in the map it is. A class name makes it an object (the
 * string-keyed entries read so far become properties); marker 1 puts it in a reference; markers
 * 2, 4 and 5 replace it with the value the next entry names, 3 and 6 with the object or enum
 * case the next entry describes. Later entries go into what the map stands for then.
 */
typedef struct _php_map {
	zval *out;            /* array (UNDEF until there is an entry), object, or a reference to one */
	uint32_t slot_index;
	zend_long pending;    /* the marker whose entry comes next, or 0 */
	bool foreign;         /* out is a value met before (a back-reference), not this map's own */
	bool sealed;          /* an enum case: nothing may follow */
	zend_object *created; /* the object of the last class entry, for __wakeup()/__unserialize() */
	class_info *klass;    /* created's class, when cached (not __PHP_Incomplete_Class) */
	uint32_t props_set;   /* properties written into created so far */
	zval data;            /* __unserialize() data while created has __unserialize(), else UNDEF */
	bool data_given;      /* `c0 <array>` gave the data: nothing may follow */
} php_map;

static zend_always_inline zval *map_target(php_map *m)
{
	return Z_ISREF_P(m->out) ? Z_REFVAL_P(m->out) : m->out;
}

/* Shows back-references what the map is now; an array is named only once complete. */
static void map_publish(msgpack_decoder *d, php_map *m)
{
	msgpack_slot *slot = msgpack_slot_at(d, m->slot_index);

	ZVAL_COPY_VALUE(&slot->value, m->out);
	slot->ready = Z_TYPE_P(m->out) != IS_ARRAY && Z_TYPE_P(m->out) != IS_UNDEF;
}

static void map_forget_object(msgpack_decoder *d, php_map *m)
{
	if (Z_TYPE(m->data) != IS_UNDEF) {
		msgpack_bury(d, &m->data);
		ZVAL_UNDEF(&m->data);
	}
	m->created = NULL;
	m->klass = NULL;
	m->props_set = 0;
	m->data_given = false;
}

/* The map stands for value now (a back-reference, a Serializable object, an enum case). What it
 * stood for is kept till the end: a slot may name it. */
static void map_replace(msgpack_decoder *d, php_map *m, zval *value)
{
	map_forget_object(d, m);
	msgpack_bury(d, m->out);
	ZVAL_COPY_VALUE(m->out, value);
	map_publish(d, m);
}

/* Class entry: a new object in place of the value (inside the reference, if the map is one:
 * a reference named by a back-reference too, as PECL does). The string-keyed entries of the
 * array it replaces become its properties (as PECL: int keys are dropped); a back-referenced
 * plain value is left as it is. */
static bool map_become_object(msgpack_decoder *d, php_map *m, zend_string *class_name)
{
	zval obj, old, *target, *val;
	zend_class_entry *ce;
	zend_string *key;
	bool in_place = !m->foreign || Z_ISREF_P(m->out);

	if (!create_object(d, &obj, class_name, &ce)) {
		return false;
	}
	map_forget_object(d, m);
	target = in_place ? map_target(m) : m->out;
	ZVAL_COPY_VALUE(&old, target);
	ZVAL_COPY_VALUE(target, &obj);
	m->foreign = false;
	m->created = Z_OBJ(obj);
	m->klass = ce == PHP_IC_ENTRY ? NULL : class_info_by_ce(d, ce);
	if (ce->__unserialize) {
		array_init(&m->data);
	}
	map_publish(d, m);
	if (in_place && Z_TYPE(old) == IS_ARRAY) {
		ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL(old), key, val) {
			zval copy;
			if (key == NULL) {
				continue;
			}
			ZVAL_COPY(&copy, val);
			if (Z_TYPE(m->data) == IS_ARRAY) {
				zend_hash_update(Z_ARRVAL(m->data), key, &copy);
			} else if (!set_property(d, m->created, key, &copy, NULL)) {
				msgpack_bury(d, &old);
				return false;
			}
		} ZEND_HASH_FOREACH_END();
		if (ce == PHP_IC_ENTRY && zend_hash_num_elements(Z_ARRVAL(old)) > 0) {
			/* as PECL: the stand-in's class name after the properties it adopted */
			zend_hash_str_del(zend_std_get_properties(m->created), MAGIC_MEMBER, sizeof(MAGIC_MEMBER) - 1);
			php_store_class_name(target, class_name);
		}
	}
	msgpack_bury(d, &old);
	return true;
}

static bool map_incomplete_data(msgpack_decoder *d, php_map *m, zval *data)
{
	zend_string *key;
	zend_ulong index;
	zval *val;
	bool ok = true;

	m->data_given = true;
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(data), index, key, val) {
		zval copy;
		zend_string *name = key ? zend_string_copy(key) : zend_long_to_str((zend_long) index);
		ZVAL_COPY(&copy, val);
		ok = set_property(d, m->created, name, &copy, NULL);
		zend_string_release(name);
		if (!ok) {
			break;
		}
	} ZEND_HASH_FOREACH_END();
	msgpack_bury(d, data);
	return ok;
}

/* A nil-keyed entry: `c0 <class name | marker | __unserialize() data>`. */
static bool map_nil_entry(msgpack_decoder *d, php_map *m)
{
	bool assoc = d->opts.assoc, read;
	zval head;

	d->pos++;
	if (d->opts.api && m->created && m->created->ce == PHP_IC_ENTRY && !m->data_given) {
		/* it may be what __serialize() returned, for a class not allowed: its maps are arrays,
		 * as for a class that has __unserialize() (msgpack_decode_php_entries()) */
		d->opts.assoc = true;
	}
	read = msgpack_decode_child(d, &head);
	d->opts.assoc = assoc;
	if (!read) {
		return false;
	}
	if (Z_TYPE(head) == IS_STRING) {
		bool ok = map_become_object(d, m, Z_STR(head));
		zval_ptr_dtor(&head);
		return ok;
	}
	if (Z_TYPE(head) == IS_ARRAY && d->opts.api && m->created && m->created->ce == PHP_IC_ENTRY
			&& !m->data_given) {
		/* what __serialize() returned, for a class not allowed: its properties, as
		 * unserialize() gives them to __PHP_Incomplete_Class */
		return map_incomplete_data(d, m, &head);
	}
	if (Z_TYPE(m->data) == IS_ARRAY) {
		/* `c0 "Class" c0 <array>`: what __serialize() returned */
		if (Z_TYPE(head) != IS_ARRAY || m->data_given) {
			msgpack_bury(d, &head);
			return msgpack_decode_invalid(d, "Invalid __unserialize() data");
		}
		msgpack_bury(d, &m->data);
		ZVAL_COPY_VALUE(&m->data, &head);
		m->data_given = true;
		return true;
	}
	if (Z_TYPE(head) != IS_LONG) {
		msgpack_bury(d, &head);
		return msgpack_decode_invalid(d, "Invalid nil-keyed entry");
	}
	switch (Z_LVAL(head)) {
		case MSGPACK_MARKER_REFERENCE:
			if (m->sealed) {
				return msgpack_decode_invalid(d, "Invalid enum entry");
			}
			if (Z_TYPE_P(m->out) == IS_UNDEF) {
				/* as PECL: null until an entry comes */
				ZVAL_NULL(m->out);
			}
			ZVAL_MAKE_REF(m->out);
			map_publish(d, m);
			return true;
		case MSGPACK_MARKER_RECURSIVE:
		case MSGPACK_MARKER_CUSTOM_OBJECT:
		case MSGPACK_MARKER_OBJECT:
		case MSGPACK_MARKER_OBJECT_REFERENCE:
		case MSGPACK_MARKER_ENUM:
			m->pending = Z_LVAL(head);
			return true;
		default:
			return msgpack_decode_invalid(d, "Invalid nil-keyed entry");
	}
}

/* The entry a marker announced. */
static bool map_marked_entry(msgpack_decoder *d, php_map *m)
{
	zend_long marker = m->pending;
	zval value;
	bool ok;

	m->pending = 0;
	ZVAL_UNDEF(&value);
	if (marker == MSGPACK_MARKER_CUSTOM_OBJECT) {
		ok = decode_custom_object(d, &value);
	} else if (marker == MSGPACK_MARKER_ENUM) {
		ok = decode_enum(d, &value);
	} else {
		ok = decode_back_reference(d, &value, marker, m->slot_index);
	}
	if (!ok) {
		msgpack_bury(d, &value);
		return false;
	}
	map_replace(d, m, &value);
	m->foreign = marker != MSGPACK_MARKER_CUSTOM_OBJECT;
	/* an enum case, written here or named by a back-reference: it takes no property and no
	 * reference marker after it */
	zval *now = map_target(m);
	m->sealed = Z_TYPE_P(now) == IS_OBJECT && (Z_OBJCE_P(now)->ce_flags & ZEND_ACC_ENUM);
	return true;
}

/* m->klass while it still describes the class of m->created: the cache holds CLASS_CACHE_SIZE
 * classes, and objects of more classes inside this object's properties may have replaced the
 * entry meanwhile (with another class, or with the same one, anew). */
static zend_always_inline class_info *map_class(const php_map *m)
{
	return m->klass && m->klass->ce == m->created->ce ? m->klass : NULL;
}

/* The slot of the next entry's property when its key is the one at its place in the last
 * object of the class (declared_slot()'s guess), compared as bytes: no key string is made.
 * Consumes the key; NULL (nothing read) otherwise, or when the entry would not go into a
 * property of the object this map made. */
static zend_always_inline zval *guessed_slot(msgpack_decoder *d, php_map *m, zend_property_info **typed)
{
	class_info *info = map_class(m);
	uint32_t pos = m->props_set, len;
	const unsigned char *p;
	zend_string *key;

	if (info == NULL || pos >= CLASS_GUESSES || (key = info->guess_key[pos]) == NULL
			|| m->sealed || m->data_given || Z_TYPE(m->data) == IS_ARRAY) {
		return NULL;
	}
	zval *target = map_target(m);
	if (Z_TYPE_P(target) != IS_OBJECT || Z_OBJ_P(target) != m->created
			|| (p = msgpack_shape_key_bytes(d, &len)) == NULL || !msgpack_key_is(key, p, len)) {
		return NULL;
	}
	d->pos = p + len;
	d->value_key = key; /* for the value cache (see msgpack_decoder) */
	m->props_set++;
	*typed = info->guess_typed[pos];
	return OBJ_PROP(m->created, info->guess_offset[pos]);
}

/* A plain entry: into the array, the object's properties or its __unserialize() data. */
static bool map_plain_entry(msgpack_decoder *d, php_map *m)
{
	zend_property_info *typed;
	zval *slot = guessed_slot(d, m, &typed);
	if (slot) {
		zval val;
		return msgpack_decode_child(d, &val) && msgpack_write_slot(d, typed, slot, &val);
	}

	zend_string *skey = NULL;
	zend_ulong ikey = 0;
	zval other, val, *target;
	const unsigned char *key_at = d->pos;
	msgpack_map_key_kind kind = msgpack_decode_key(d, &skey, &ikey, &other);

	if (kind == MSGPACK_MAP_KEY_OTHER && d->opts.strict_keys) {
		kind = msgpack_refuse_key(d, &skey, &other) ? MSGPACK_MAP_KEY_STR : MSGPACK_MAP_KEY_FAILED;
	}
	if (kind == MSGPACK_MAP_KEY_FAILED) {
		return false;
	}
	d->value_key = skey;
	if (!msgpack_decode_child(d, &val)) {
		if (kind == MSGPACK_MAP_KEY_STR) {
			msgpack_release_key(d, skey);
		} else if (kind == MSGPACK_MAP_KEY_OTHER) {
			msgpack_bury(d, &other);
		}
		return false;
	}
	target = map_target(m);
	if (Z_TYPE_P(target) == IS_UNDEF || (Z_TYPE_P(target) == IS_NULL && !m->foreign)) {
		/* the map's first entry (null: marker 1 came first) */
		array_init(target);
	}
	if (m->sealed || m->data_given) {
		/* after an enum case or __unserialize() data, which no encoder writes */
		goto bad_entry;
	}
	if (Z_TYPE_P(target) == IS_ARRAY || (Z_TYPE_P(target) == IS_OBJECT && Z_TYPE(m->data) == IS_ARRAY)) {
		HashTable *ht;
		if (Z_TYPE_P(target) == IS_ARRAY) {
			/* a back-referenced array is a copy of it (as PECL does not: it changes both) */
			SEPARATE_ARRAY(target);
			ht = Z_ARRVAL_P(target);
			map_publish(d, m);
		} else {
			ht = Z_ARRVAL(m->data);
		}
		if (kind == MSGPACK_MAP_KEY_OTHER) {
			return msgpack_insert_illegal_key(d, ht, &other, &val);
		}
		msgpack_store_entry(d, ht, skey, ikey, &val);
		if (skey) {
			msgpack_release_key(d, skey);
		}
		return true;
	}
	if (Z_TYPE_P(target) == IS_OBJECT && kind != MSGPACK_MAP_KEY_OTHER) {
		bool ok;
		if (kind == MSGPACK_MAP_KEY_INT) {
			skey = zend_long_to_str((zend_long) ikey);
		}
		zval *slot = NULL;
		if (Z_OBJ_P(target) == m->created && map_class(m)) {
			/* a declared property of the object this map made: straight into its slot */
			slot = declared_slot(m->klass, m->created, skey, m->props_set++);
		}
		ok = slot ? write_slot(d, Z_OBJ_P(target), slot, &val) : set_property(d, Z_OBJ_P(target), skey, &val, key_at);
		msgpack_release_key(d, skey);
		return ok;
	}
bad_entry:
	if (kind == MSGPACK_MAP_KEY_STR) {
		msgpack_release_key(d, skey);
	} else if (kind == MSGPACK_MAP_KEY_OTHER) {
		msgpack_bury(d, &other);
	}
	msgpack_bury(d, &val);
	if (m->sealed) {
		return msgpack_decode_invalid(d, "Invalid enum entry");
	}
	if (m->data_given) {
		return msgpack_decode_invalid(d, "Invalid __unserialize() data");
	}
	return msgpack_decode_invalid(d, Z_TYPE_P(target) == IS_OBJECT ? "Invalid property name" : "Invalid back-reference");
}

/* The cached class whose name is the str at p (a `c0 <class name>` entry's value), or NULL. */
static zend_always_inline class_info *class_info_at(const msgpack_decoder *d, const unsigned char *p, uint32_t *size)
{
	uint32_t len;
	const unsigned char *name;

	if (d->classes == NULL) {
		return NULL;
	}
	name = mp_short_str(p, d->end, false, &len);
	if (name == NULL) {
		return NULL;
	}
	for (uint32_t i = 0; i < d->classes->count; i++) {
		class_info *info = &d->classes->entries[i];
		if (msgpack_key_is(info->name, name, len)) {
			*size = (uint32_t) (name + len - p);
			return info;
		}
	}
	return NULL;
}

/* What read_known_object() returns when the call fails. */
#define MAP_FAST_FAILED UINT32_MAX

/*
 * The common object, `c0 <class name> <property> <value> ...` of a class met before in this
 * call, with its properties in the order of the last object of the class: the object made
 * without decoding the name, each value written into its slot (typed properties checked as
 * msgpack_write_slot() checks them). What the general path would have done, in fewer steps.
 * Returns how many entries it read; at the first entry it cannot take (another key, a class
 * cache entry replaced by the objects in a value) m is as the general path leaves it there,
 * which goes on with the rest. MAP_FAST_FAILED on failure.
 */
static uint32_t read_known_object(msgpack_decoder *d, php_map *m, uint32_t n)
{
	uint32_t size, pos;
	class_info *info = class_info_at(d, d->pos + 1, &size);
	zend_object *obj;
	zval created;

	if (info == NULL || !info->plain) {
		return 0;
	}
	if (object_init_ex(&created, info->ce) != SUCCESS) {
		msgpack_decode_fail(d, MSGPACK_DECODE_EXCEPTION);
		return MAP_FAST_FAILED;
	}
	d->pos += 1 + size;
	ZVAL_COPY_VALUE(m->out, &created);
	obj = Z_OBJ(created);
	msgpack_remember_object(d, obj);
	m->created = obj;
	m->klass = info;
	map_publish(d, m);
	/* pos: the property's place among the object's (m->props_set, kept here until the end);
	 * the guesses taken are the first guess_count, which only a value holding objects changes */
	uint32_t last = MIN(n - 1, info->guess_count);
	for (pos = 0; pos < last; pos++) {
		zend_string *key = info->guess_key[pos];
		zval val;

		if (!take_guessed_key(d, info, pos)) {
			break;
		}
		/* taken before the value is read: an object of the class in it changes the guesses */
		zval *slot = OBJ_PROP(obj, info->guess_offset[pos]);
		zend_property_info *typed = info->guess_typed[pos];
		bool nested = false;

		if (EXPECTED(d->pos < d->end) && mp_is_fixstr(*d->pos)) {
			/* without the call to msgpack_decode_value(), as unpack.c reads the strings of maps of
			 * a known shape (key: for the value cache) */
			if (!msgpack_decode_str_in(d, &val, mp_fixstr_len(*d->pos++), &key, false)) {
				m->props_set = pos + 1;
				return MAP_FAST_FAILED;
			}
		} else if (!msgpack_decode_small_scalar(d, &val)) {
			d->value_key = key;
			if (!msgpack_decode_child(d, &val)) {
				m->props_set = pos + 1;
				return MAP_FAST_FAILED;
			}
			nested = true;
		}
		if (!msgpack_write_slot(d, typed, slot, &val)) {
			m->props_set = pos + 1;
			return MAP_FAST_FAILED;
		}
		if (nested) {
			/* the objects of the value may have replaced the entry (by another class's, or
			 * by this class's anew, with other guesses) */
			if (info->ce != obj->ce) {
				pos++;
				break;
			}
			last = MIN(n - 1, info->guess_count);
		}
	}
	m->props_set = pos;
	return pos + 1;
}

/* The last n entries of a map from its first nil key on; out holds the entries before it
 * (or is UNDEF if there were none). */
bool msgpack_decode_php_entries(msgpack_decoder *d, zval *out, uint32_t n, uint32_t slot_index)
{
	php_map m = { .out = out, .slot_index = slot_index };
	bool assoc = d->opts.assoc, ok = true;
	uint32_t first = 0;

	ZVAL_UNDEF(&m.data);
	if (Z_TYPE_P(out) == IS_UNDEF && d->classes) {
		/* the map starts with its class entry (d->pos is at its nil key) */
		first = read_known_object(d, &m, n);
		if (first == MAP_FAST_FAILED) {
			first = n;
			ok = false;
		} else if (first == n) {
			/* every entry taken: the object is published (its slot ready), nothing is pending
			 * and its class has no __unserialize(); of what follows only __wakeup() is left */
			if (map_class(&m) ? m.klass->has_wakeup
					: zend_hash_str_exists(&m.created->ce->function_table, "__wakeup", sizeof("__wakeup") - 1)) {
				defer_call(d, m.created, NULL);
			}
			return true;
		}
	}
	for (uint32_t i = first; ok && i < n; i++) {
		/* the data for __unserialize() is what __serialize() returned: its maps are arrays,
		 * whatever msgpack.assoc says */
		d->opts.assoc = assoc || Z_TYPE(m.data) == IS_ARRAY;
		if (m.pending) {
			ok = map_marked_entry(d, &m);
		} else if (d->pos < d->end && *d->pos == MP_NIL) {
			ok = map_nil_entry(d, &m);
		} else {
			ok = map_plain_entry(d, &m);
		}
	}
	d->opts.assoc = assoc;
	if (ok && m.pending) {
		ok = msgpack_decode_invalid(d, m.pending == MSGPACK_MARKER_CUSTOM_OBJECT ? "Invalid Serializable entry"
			: m.pending == MSGPACK_MARKER_ENUM ? "Invalid enum entry" : "Invalid back-reference");
	}
	if (!ok) {
		map_forget_object(d, &m);
		return false;
	}
	zval *target = map_target(&m);
	if (Z_TYPE_P(target) == IS_UNDEF) {
		ZVAL_NULL(target);
	}
	if (m.created && Z_TYPE_P(target) == IS_OBJECT && Z_OBJ_P(target) == m.created) {
		if (Z_TYPE(m.data) == IS_ARRAY) {
			defer_call(d, m.created, &m.data);
			ZVAL_UNDEF(&m.data);
		} else if (map_class(&m) ? m.klass->has_wakeup : m.created->ce != PHP_IC_ENTRY
				&& zend_hash_str_exists(&m.created->ce->function_table, "__wakeup", sizeof("__wakeup") - 1)) {
			defer_call(d, m.created, NULL);
		}
	}
	map_forget_object(d, &m);
	map_publish(d, &m);
	msgpack_slot_at(d, slot_index)->ready = true;
	return true;
}
