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
#include "unpack.h"
#include "unpack_internal.h"
#include "msgpack_records.h"

/* ---- structures --------------------------------------------------------------------------- */

static msgpack_record_structure *structure_new(void)
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

static void structure_release(msgpack_record_structure *s)
{
	if (s && --s->refcount == 0) {
		zend_array_release(s->fields);
		if (s->props) {
			zend_array_release(s->props);
		}
		efree(s);
	}
}

/* Adds a field name (a string PHP reads as an int becomes that int); false if it is there. */
static bool structure_add(msgpack_record_structure *s, zval *name)
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

static void table_set(msgpack_record_table *t, unsigned char id, msgpack_record_structure *s)
{
	structure_release(t->by_id[id - MSGPACK_RECORD_FIRST_ID]);
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
			table_set(t, (unsigned char) (MSGPACK_RECORD_FIRST_ID + i), NULL);
		}
	}
}

void msgpack_record_table_free(msgpack_record_table *t)
{
	if (t) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
			structure_release(t->by_id[i]);
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
		s = structure_new();
		t->by_id[i] = s;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(names), name) {
			ZVAL_DEREF(name);
			if (Z_TYPE_P(name) != IS_STRING && Z_TYPE_P(name) != IS_LONG) {
				zend_argument_value_error(arg_num, "must contain field names of type string or int, structure %u has %s",
					i, zend_zval_type_name(name));
				msgpack_record_table_free(t);
				return NULL;
			}
			if (!structure_add(s, name)) {
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

/* ---- decoder side ------------------------------------------------------------------------- */

#define REMAINING(d) ((size_t) ((d)->end - (d)->pos))

static msgpack_record_table *decoder_table(msgpack_decoder *d)
{
	if (d->records == NULL) {
		d->records = msgpack_record_table_copy(d->opts.shared_records);
		d->records_borrowed = false;
	}
	return d->records;
}

void msgpack_records_decoder_destroy(msgpack_decoder *d)
{
	if (d->records && !d->records_borrowed) {
		msgpack_record_table_free(d->records);
	}
	d->records = NULL;
}

/* A record with no fields: an empty map. */
static zend_never_inline void empty_record(const msgpack_decoder *d, zval *out)
{
	if (d->opts.assoc) {
		ZVAL_EMPTY_ARRAY(out);
	} else {
		object_init(out);
	}
}

/* Starts a record of structure s: checks and enters a level; out is the prototype to copy. */
static zend_always_inline bool record_enter(msgpack_decoder *d, msgpack_record_structure *s, HashTable **proto)
{
	/* each value takes at least one byte */
	if (UNEXPECTED(s->count > REMAINING(d))) {
		return msgpack_decode_fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	if (!enter(d)) {
		return false;
	}
	if (d->opts.assoc) {
		*proto = s->fields;
	} else {
		if (s->props == NULL) {
			s->props = zend_symtable_to_proptable(s->fields);
		}
		*proto = s->props;
	}
	return true;
}

void msgpack_record_close(msgpack_decoder *d, zval *out)
{
	if (!d->opts.assoc) {
		object_and_properties_init(out, zend_standard_class_def, Z_ARR_P(out));
	}
	d->depth--;
}

/* The values of a record read one by one into a table that grows with them: when the input
 * cannot justify allocating all of the record up front (see presize() in unpack.c). */
static bool read_fields_growing(msgpack_decoder *d, zval *out, msgpack_record_structure *s, HashTable *proto)
{
	HashTable *ht = zend_new_array(0);
	zend_string *key;
	zend_ulong h;

	ZVAL_ARR(out, ht);
	/* a declaration in a value may replace s (and proto with it): keep it */
	s->refcount++;
	ZEND_HASH_FOREACH_KEY(proto, h, key) {
		zval v;
		if (UNEXPECTED(!decode_child(d, &v))) {
			structure_release(s);
			return false;
		}
		if (key) {
			zend_hash_add_new(ht, key, &v);
		} else {
			zend_hash_index_add_new(ht, h, &v);
		}
	} ZEND_HASH_FOREACH_END();
	structure_release(s);
	msgpack_record_close(d, out);
	return true;
}

static zend_always_inline bool record_open(msgpack_decoder *d, zval *out, msgpack_record_structure *s, Bucket **values)
{
	HashTable *proto = NULL;

	*values = NULL;
	if (s->count == 0) {
		empty_record(d, out);
		return true;
	}
	if (!record_enter(d, s, &proto)) {
		return false;
	}
	if (UNEXPECTED(s->count > d->presize_budget)) {
		return read_fields_growing(d, out, s, proto);
	}
	d->presize_budget -= s->count;
	ZVAL_ARR(out, msgpack_record_copy(proto));
	*values = Z_ARR_P(out)->arData;
	return true;
}

/* All of a record of structure s (after a declaration: not the hot path of records). */
static bool read_fields(msgpack_decoder *d, zval *out, msgpack_record_structure *s)
{
	Bucket *b;

	if (!record_open(d, out, s, &b)) {
		return false;
	}
	if (b == NULL) {
		return true;
	}
	for (Bucket *end = b + s->count; b < end; b++) {
		zval v;
		if (UNEXPECTED(!decode_child(d, &v))) {
			return false;
		}
		ZVAL_COPY_VALUE(&b->val, &v);
	}
	msgpack_record_close(d, out);
	return true;
}

bool msgpack_record_open(msgpack_decoder *d, zval *out, unsigned char id, Bucket **values, uint32_t *n)
{
	msgpack_record_structure *s = d->records ? d->records->by_id[id - MSGPACK_RECORD_FIRST_ID] : NULL;

	if (UNEXPECTED(s == NULL) && d->records == NULL && d->opts.shared_records) {
		/* the decoder's own table starts as a copy of the shared one (record_declared()) */
		s = decoder_table(d)->by_id[id - MSGPACK_RECORD_FIRST_ID];
	}
	if (UNEXPECTED(s == NULL)) {
		/* not reached: the decoder reads an identifier with no structure as the int */
		return msgpack_decode_invalid_item(d, d->pos - 1, "Record identifier used before its declaration");
	}
	*n = s->count;
	return record_open(d, out, s, values);
}

/* Reads the array header of a field list into *n; false with the error set. */
static bool read_field_list_header(msgpack_decoder *d, uint32_t *n)
{
	const unsigned char *p = d->pos;
	unsigned head;

	if (REMAINING(d) == 0) {
		return msgpack_decode_fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	if (p[0] >= MP_FIXARRAY && p[0] <= 0x9f) {
		*n = p[0] & 0x0f;
		head = 0;
	} else if (p[0] == MP_ARRAY16 || p[0] == MP_ARRAY32) {
		head = p[0] == MP_ARRAY16 ? 2 : 4;
		if (REMAINING(d) < 1 + head) {
			return msgpack_decode_fail(d, MSGPACK_UNPACK_INSUFFICIENT);
		}
		*n = head == 2 ? load16(p + 1) : load32(p + 1);
	} else {
		return msgpack_decode_invalid_item(d, p, "Record field list is not an array");
	}
	d->pos += 1 + head;
	/* a name and a value for each field, at least a byte each */
	if (UNEXPECTED(*n > REMAINING(d) / 2)) {
		return msgpack_decode_fail(d, MSGPACK_UNPACK_INSUFFICIENT);
	}
	return true;
}

/* A declaration refused: its identifier is forgotten, so that later records of it are refused
 * too. In a stream the scanner has taken the declaration's field count (for the identifier's low
 * 6 bits, as msgpackr reads them): an older structure kept here would read records of another
 * length than the scanner frames. */
static bool refuse_declaration(msgpack_decoder *d, unsigned char id, const unsigned char *at, const char *detail)
{
	table_set(decoder_table(d), MSGPACK_RECORD_FIRST_ID + (id & 0x3f), NULL);
	return msgpack_decode_invalid_item(d, at, detail);
}

/* The formats of a field name: str, bin, int (0x40-0x7f are records while records are on). The
 * input is not at its end: read_field_list_header() checked there is a byte per name. */
static bool is_name_format(unsigned char c)
{
	if (c < MSGPACK_RECORD_FIRST_ID || c >= 0xe0 || (c >= MP_FIXSTR && c <= 0xbf)) {
		return true;
	}
	switch (c) {
		case MP_STR8: case MP_STR16: case MP_STR32:
		case MP_BIN8: case MP_BIN16: case MP_BIN32:
		case MP_UINT8: case MP_UINT16: case MP_UINT32: case MP_UINT64:
		case MP_INT8: case MP_INT16: case MP_INT32: case MP_INT64:
			return true;
		default:
			return false;
	}
}

bool msgpack_record_declare(msgpack_decoder *d, zval *out, const unsigned char *p, uint32_t len)
{
	msgpack_record_structure *s;
	unsigned char id;
	uint32_t n = 0;

	if (UNEXPECTED(len != 1)) {
		/* `d5 72`: msgpackr's two-byte identifiers, only with more than 32 shared structures */
		return msgpack_decode_invalid_item(d, p - 2, "Two-byte record identifiers are not supported");
	}
	id = p[0];
	if (UNEXPECTED(id < MSGPACK_RECORD_FIRST_ID || id >= MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT)) {
		return refuse_declaration(d, id, p - 2, "Invalid record identifier (outside 0x40-0x7f)");
	}
	if (!read_field_list_header(d, &n)) {
		return false;
	}
	s = structure_new();
	for (uint32_t i = 0; i < n; i++) {
		const unsigned char *at = d->pos;
		zval name;

		/* refused before it is read: a value built and dropped here (an object) would be
		 * freed while the decoder still keeps it (see msgpack_decode()) */
		if (!is_name_format(*at)) {
			structure_release(s);
			return refuse_declaration(d, id, at, "Invalid record field name (not a string or an int)");
		}
		if (!decode_child(d, &name)) {
			structure_release(s);
			return false;
		}
		if (Z_TYPE(name) != IS_STRING && Z_TYPE(name) != IS_LONG) {
			/* a uint64 past PHP_INT_MAX under BIGINT_AS_FLOAT or _GMP */
			zval_ptr_dtor(&name);
			structure_release(s);
			return refuse_declaration(d, id, at, "Invalid record field name (not a string or an int)");
		}
		if (!structure_add(s, &name)) {
			zval_ptr_dtor(&name);
			structure_release(s);
			return refuse_declaration(d, id, at, "Duplicate record field name");
		}
		zval_ptr_dtor(&name);
	}
	/* declared before its values are read: they may be records of the same structure */
	table_set(decoder_table(d), id, s);
	return read_fields(d, out, s);
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
