/*
 * Records (msgpackr's record extension, see msgpack_records.h): the structure tables, the
 * decoder's reading of declarations and records, the scanner's framing of them, and the
 * encoder's choice of a structure for a map.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "msgpack_format.h"
#include "pack.h"
#include "pack_write.h"
#include "msgpack_records.h"

/* ---- structures --------------------------------------------------------------------------- */

msgpack_record_structure *msgpack_record_structure_new(void)
{
	msgpack_record_structure *s = emalloc(sizeof(*s));

	s->refcount = 1;
	s->count = 0;
	s->fields = zend_new_array(0);
	/* a hash, never a packed list (keys 0, 1, ...): a record's values are filled in arData */
	zend_hash_real_init_mixed(s->fields);
	s->props = NULL;
	return s;
}

void msgpack_record_structure_release(msgpack_record_structure *s)
{
	if (s && --s->refcount == 0) {
		zend_array_release(s->fields);
		if (s->props) {
			zend_array_release(s->props);
		}
		efree(s);
	}
}

bool msgpack_record_structure_add(msgpack_record_structure *s, zval *name)
{
	zval null;

	ZVAL_NULL(&null);
	if (Z_TYPE_P(name) == IS_LONG) {
		if (!zend_hash_index_add(s->fields, (zend_ulong) Z_LVAL_P(name), &null)) {
			return false;
		}
	} else {
		zend_string *str = Z_STR_P(name);
		zend_ulong idx;
		if (ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(str), ZSTR_LEN(str), idx)) {
			if (!zend_hash_index_add(s->fields, idx, &null)) {
				return false;
			}
		} else {
			/* the hash is computed once, here */
			zend_string_hash_val(str);
			if (!zend_hash_add(s->fields, str, &null)) {
				return false;
			}
		}
	}
	s->count++;
	return true;
}

void msgpack_record_table_set(msgpack_record_table *t, unsigned char id, msgpack_record_structure *s)
{
	msgpack_record_structure_release(t->by_id[id - MSGPACK_RECORD_FIRST_ID]);
	t->by_id[id - MSGPACK_RECORD_FIRST_ID] = s;
}

msgpack_record_table *msgpack_record_table_copy(const msgpack_record_table *t)
{
	msgpack_record_table *copy = ecalloc(1, sizeof(*copy));

	if (t) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
			copy->by_id[i] = t->by_id[i];
			if (copy->by_id[i]) {
				copy->by_id[i]->refcount++;
			}
		}
		copy->shared_count = t->shared_count;
	}
	return copy;
}

void msgpack_record_table_forget(msgpack_record_table *t, uint64_t mask)
{
	for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
		if (mask & ((uint64_t) 1 << i)) {
			msgpack_record_table_set(t, (unsigned char) (MSGPACK_RECORD_FIRST_ID + i), NULL);
		}
	}
}

void msgpack_record_table_free(msgpack_record_table *t)
{
	if (t) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
			msgpack_record_structure_release(t->by_id[i]);
		}
		efree(t);
	}
}

msgpack_record_table *msgpack_record_table_from_array(HashTable *list, uint32_t arg_num)
{
	msgpack_record_table *t;
	zval *names;
	uint32_t i = 0;

	if (zend_hash_num_elements(list) > MSGPACK_RECORD_MAX_SHARED) {
		zend_argument_value_error(arg_num, "must hold at most %d structures (msgpackr's one-byte identifiers), %u given",
			MSGPACK_RECORD_MAX_SHARED, zend_hash_num_elements(list));
		return NULL;
	}
	if (!zend_array_is_list(list)) {
		zend_argument_value_error(arg_num, "must be a list of structures");
		return NULL;
	}
	t = ecalloc(1, sizeof(*t));
	ZEND_HASH_FOREACH_VAL(list, names) {
		msgpack_record_structure *s;
		zval *name;

		ZVAL_DEREF(names);
		if (Z_TYPE_P(names) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(names))) {
			zend_argument_value_error(arg_num, "must contain lists of field names, structure %u is not one", i);
			msgpack_record_table_free(t);
			return NULL;
		}
		s = msgpack_record_structure_new();
		t->by_id[i] = s;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(names), name) {
			ZVAL_DEREF(name);
			if (Z_TYPE_P(name) != IS_STRING && Z_TYPE_P(name) != IS_LONG) {
				zend_argument_value_error(arg_num, "must contain field names of type string or int, structure %u has %s",
					i, zend_zval_type_name(name));
				msgpack_record_table_free(t);
				return NULL;
			}
			if (!msgpack_record_structure_add(s, name)) {
				zend_argument_value_error(arg_num, "must contain unique field names, structure %u repeats one", i);
				msgpack_record_table_free(t);
				return NULL;
			}
		} ZEND_HASH_FOREACH_END();
		i++;
	} ZEND_HASH_FOREACH_END();
	t->shared_count = i;
	return t;
}

/* ---- encoder side ------------------------------------------------------------------------- */

/*
 * A key list is looked up by a hash of its keys, in order: each string key's hash is already in
 * its bucket (PHP computed it to store the key), so nothing is hashed or copied again, then the
 * match is checked key by key against the structure's own list. Two lists of one hash (64 bits:
 * in practice never) leave the second one a plain map.
 */
static zend_always_inline zend_ulong mix_key(zend_ulong acc, zend_string *key, zend_ulong h)
{
	/* FNV-1a-like over whole hashes, with the key's kind, so that int 5 and a string of the same
	 * hash differ */
	acc ^= h + (key ? 0x9e3779b97f4a7c15ULL : 0x632be59bd9b4e019ULL);
	return acc * 0x100000001b3ULL;
}

static zend_always_inline bool is_hidden_property(zend_string *key)
{
	/* private and protected names are mangled: they begin with a NUL byte */
	return key && ZSTR_LEN(key) && ZSTR_VAL(key)[0] == '\0';
}

#define SKIP_KEY(properties, key, v) ((properties) && (Z_TYPE_P(v) == IS_UNDEF || is_hidden_property(key)))

/* Whether the keys of ht (n of them, public ones if properties) are fields, in order. */
static bool same_keys(HashTable *ht, bool properties, uint32_t n, const HashTable *fields)
{
	const Bucket *f = fields->arData;
	zend_string *key;
	zend_ulong h;
	zval *v;

	if (zend_hash_num_elements(fields) != n) {
		return false;
	}
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, h, key, v) {
		if (SKIP_KEY(properties, key, v)) {
			continue;
		}
		if (key ? !(f->key && zend_string_equals(key, f->key)) : (f->key || f->h != h)) {
			return false;
		}
		f++;
	} ZEND_HASH_FOREACH_END();
	return true;
}

static void writer_add(msgpack_record_writer *w, zend_ulong hash, uint32_t id, HashTable *fields)
{
	zval zid;

	ZVAL_LONG(&zid, id);
	zend_hash_index_add(&w->shapes, hash, &zid); /* a second list of the hash is not added */
	w->fields[id - MSGPACK_RECORD_FIRST_ID] = fields;
}

void msgpack_record_writer_init(msgpack_record_writer *w, const msgpack_record_table *shared)
{
	zend_hash_init(&w->shapes, 16, NULL, NULL, 0);
	memset(w->fields, 0, sizeof(w->fields));
	w->next_id = MSGPACK_RECORD_FIRST_ID;
	if (shared) {
		for (uint32_t i = 0; i < shared->shared_count; i++) {
			HashTable *fields = shared->by_id[i]->fields;
			zend_ulong acc = 0, h;
			zend_string *key;

			ZEND_HASH_FOREACH_KEY(fields, h, key) {
				acc = mix_key(acc, key, h);
			} ZEND_HASH_FOREACH_END();
			acc = mix_key(acc, NULL, zend_hash_num_elements(fields)); /* the count last, as below */
			GC_ADDREF(fields);
			writer_add(w, acc, MSGPACK_RECORD_FIRST_ID + i, fields);
		}
		/* new structures are numbered after the shared ones, as msgpackr does */
		w->next_id = MSGPACK_RECORD_FIRST_ID + shared->shared_count;
	}
}

void msgpack_record_writer_destroy(msgpack_record_writer *w)
{
	zend_hash_destroy(&w->shapes);
	for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
		if (w->fields[i]) {
			zend_array_release(w->fields[i]);
		}
	}
}

void msgpack_record_write_int(smart_str *buf, zend_long v)
{
	if (v >= MSGPACK_RECORD_FIRST_ID && v < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		unsigned char uint8[2] = {MP_UINT8, (unsigned char) v};
		msgpack_write_raw(buf, uint8, 2);
	} else {
		msgpack_write_long(buf, v);
	}
}

bool msgpack_record_write_ext(smart_str *buf, int8_t type, const char *data, size_t len)
{
	if (type != MSGPACK_RECORD_EXT_TYPE || (len != 1 && len != 2)) {
		return false;
	}
	unsigned char head[3] = {MP_EXT8, (unsigned char) len, (unsigned char) type};
	msgpack_write_raw(buf, head, 3);
	msgpack_write_raw(buf, (const unsigned char *) data, len);
	return true;
}

bool msgpack_record_write_head(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties)
{
	zend_string *key;
	zend_ulong h, acc = 0;
	zval *v, *found;
	uint32_t n = 0, id;
	HashTable *fields;

	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, h, key, v) {
		if (SKIP_KEY(properties, key, v)) {
			continue;
		}
		acc = mix_key(acc, key, h);
		n++;
	} ZEND_HASH_FOREACH_END();
	if (n == 0) {
		return false; /* `80` is shorter than any record */
	}
	acc = mix_key(acc, NULL, n);
	found = zend_hash_index_find(&w->shapes, acc);
	if (found) {
		id = (uint32_t) Z_LVAL_P(found);
		if (!same_keys(ht, properties, n, w->fields[id - MSGPACK_RECORD_FIRST_ID])) {
			return false; /* another list of the same hash */
		}
		unsigned char record = (unsigned char) id;
		msgpack_write_raw(buf, &record, 1);
		return true;
	}
	if (w->next_id >= MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		return false;
	}
	/* a new structure: its declaration, and its key list kept for the checks above */
	id = w->next_id++;
	fields = zend_new_array(n);
	zend_hash_real_init_mixed(fields); /* never packed: same_keys() reads its buckets */
	unsigned char declaration[3] = {MP_FIXEXT1, MSGPACK_RECORD_EXT_TYPE, (unsigned char) id};
	msgpack_write_raw(buf, declaration, 3);
	msgpack_write_array_header(buf, n);
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, h, key, v) {
		zval null;

		if (SKIP_KEY(properties, key, v)) {
			continue;
		}
		ZVAL_NULL(&null);
		if (key) {
			zend_hash_add_new(fields, key, &null);
			msgpack_write_str(buf, ZSTR_VAL(key), ZSTR_LEN(key));
		} else {
			zend_hash_index_add_new(fields, h, &null);
			msgpack_record_write_int(buf, (zend_long) h);
		}
	} ZEND_HASH_FOREACH_END();
	writer_add(w, acc, id, fields);
	return true;
}
