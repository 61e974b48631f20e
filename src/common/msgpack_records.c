/*
 * Records (msgpackr's record extension, see msgpack_records.h): the structures and the tables of
 * them by identifier, which the decoder (unpack_records.c), the scanner (msgpack_scan.c) and
 * withStructures() share. Nothing here reads or writes MessagePack.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "common/msgpack_records.h"

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

/* ---- tables ------------------------------------------------------------------------------- */

static msgpack_record_chunk *chunk_new(void)
{
	msgpack_record_chunk *c = ecalloc(1, sizeof(*c));

	c->refcount = 1;
	return c;
}

static void chunk_release(msgpack_record_chunk *c)
{
	if (c && --c->refcount == 0) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_CHUNK; i++) {
			msgpack_record_structure_release(c->s[i]);
		}
		efree(c);
	}
}

/* The chunk of second byte second, made for t alone: allocated if there is none, copied if a copy
 * of t shares it. */
static msgpack_record_chunk *own_chunk(msgpack_record_table *t, unsigned char second)
{
	msgpack_record_chunk *c;

	if (second >= t->two_count) {
		/* doubling: a list of 8160 shared structures made in order reallocates 8 times */
		uint32_t count = MAX((uint32_t) second + 1, MIN(t->two_count * 2, MSGPACK_RECORD_CHUNK_COUNT));
		t->two = safe_erealloc(t->two, count, sizeof(*t->two), 0);
		memset(t->two + t->two_count, 0, (count - t->two_count) * sizeof(*t->two));
		t->two_count = count;
	}
	c = t->two[second];
	if (c == NULL) {
		c = t->two[second] = chunk_new();
	} else if (c->refcount > 1) {
		msgpack_record_chunk *copy = chunk_new();
		for (uint32_t i = 0; i < MSGPACK_RECORD_CHUNK; i++) {
			copy->s[i] = c->s[i];
			if (copy->s[i]) {
				copy->s[i]->refcount++;
			}
		}
		c->refcount--;
		c = t->two[second] = copy;
	}
	return c;
}

static void set_one_byte(msgpack_record_table *t, uint32_t number, msgpack_record_structure *s)
{
	msgpack_record_structure_release(t->by_id[number]);
	t->by_id[number] = s;
}

static void set_two_byte(msgpack_record_table *t, uint32_t number, msgpack_record_structure *s)
{
	unsigned char first = msgpack_record_two_byte_first(number), second = msgpack_record_two_byte_second(number);
	msgpack_record_chunk *c;

	if (s == NULL && msgpack_record_table_two(t, first, second) == NULL) {
		return; /* nothing to clear: no chunk is made for it */
	}
	c = own_chunk(t, second);
	msgpack_record_structure_release(c->s[first & 0x1f]);
	c->s[first & 0x1f] = s;
}

void msgpack_record_table_set(msgpack_record_table *t, uint32_t number, bool two_byte, msgpack_record_structure *s)
{
	if (EXPECTED(!two_byte)) {
		ZEND_ASSERT(number < MSGPACK_RECORD_ID_COUNT);
		if (UNEXPECTED(t->two_count != 0) && number >= MSGPACK_RECORD_TWO_BYTE_BASE) {
			set_two_byte(t, number, NULL);
		}
		set_one_byte(t, number, s);
	} else {
		ZEND_ASSERT(number >= MSGPACK_RECORD_TWO_BYTE_BASE && number < MSGPACK_RECORD_NUMBER_END);
		set_two_byte(t, number, s);
		if (number < MSGPACK_RECORD_ID_COUNT) {
			set_one_byte(t, number, NULL);
		}
	}
}

msgpack_record_structure *msgpack_record_table_shared(const msgpack_record_table *t, uint32_t i)
{
	if (i < MSGPACK_RECORD_TWO_BYTE_BASE) {
		return t->by_id[i];
	}
	return msgpack_record_table_two(t, msgpack_record_two_byte_first(i), msgpack_record_two_byte_second(i));
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
		if (t->two_count) {
			/* the chunks are shared until one side changes one (own_chunk()) */
			copy->two = safe_emalloc(t->two_count, sizeof(*copy->two), 0);
			copy->two_count = t->two_count;
			for (uint32_t i = 0; i < t->two_count; i++) {
				copy->two[i] = t->two[i];
				if (copy->two[i]) {
					copy->two[i]->refcount++;
				}
			}
		}
		copy->shared_count = t->shared_count;
	}
	return copy;
}

void msgpack_record_table_forget(msgpack_record_table *t, uint32_t number, bool two_byte, const msgpack_record_table *shared)
{
	msgpack_record_structure *s = shared && number < shared->shared_count ? msgpack_record_table_shared(shared, number) : NULL;

	/* either form clears the other (32-63) */
	msgpack_record_table_set(t, number, two_byte, NULL);
	if (s) {
		s->refcount++;
		msgpack_record_table_set(t, number, number >= MSGPACK_RECORD_TWO_BYTE_BASE, s);
	}
}

void msgpack_record_table_free(msgpack_record_table *t)
{
	if (t) {
		for (uint32_t i = 0; i < MSGPACK_RECORD_ID_COUNT; i++) {
			msgpack_record_structure_release(t->by_id[i]);
		}
		for (uint32_t i = 0; i < t->two_count; i++) {
			chunk_release(t->two[i]);
		}
		if (t->two) {
			efree(t->two);
		}
		efree(t);
	}
}

/* Sets *fault; NULL for the caller to return. */
static msgpack_record_table *refuse_structures(msgpack_structures_fault *fault, msgpack_structures_fault_kind kind,
	uint32_t structure, const char *type, msgpack_record_table *t)
{
	fault->kind = kind;
	fault->structure = structure;
	fault->type = type;
	msgpack_record_table_free(t);
	return NULL;
}

msgpack_record_table *msgpack_record_table_from_array(HashTable *list, uint32_t max, msgpack_structures_fault *fault)
{
	msgpack_record_table *t;
	zval *names;
	uint32_t i = 0;

	ZEND_ASSERT(max <= MSGPACK_RECORD_MAX_SHARED_TWO_BYTE);
	if (zend_hash_num_elements(list) > max) {
		fault->given = zend_hash_num_elements(list);
		return refuse_structures(fault, MSGPACK_STRUCTURES_TOO_MANY, 0, NULL, NULL);
	}
	if (!zend_array_is_list(list)) {
		return refuse_structures(fault, MSGPACK_STRUCTURES_NOT_LIST, 0, NULL, NULL);
	}
	t = ecalloc(1, sizeof(*t));
	ZEND_HASH_FOREACH_VAL(list, names) {
		msgpack_record_structure *s;
		zval *name;

		ZVAL_DEREF(names);
		if (Z_TYPE_P(names) != IS_ARRAY || !zend_array_is_list(Z_ARRVAL_P(names))) {
			return refuse_structures(fault, MSGPACK_STRUCTURES_NOT_NAMES, i, NULL, t);
		}
		s = msgpack_record_structure_new();
		/* from the 33rd on, two-byte identifiers, as msgpackr reads a list it loads */
		msgpack_record_table_set(t, i, i >= MSGPACK_RECORD_TWO_BYTE_BASE, s);
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(names), name) {
			ZVAL_DEREF(name);
			if (Z_TYPE_P(name) != IS_STRING && Z_TYPE_P(name) != IS_LONG) {
				return refuse_structures(fault, MSGPACK_STRUCTURES_NAME_TYPE, i, zend_zval_type_name(name), t);
			}
			if (!msgpack_record_structure_add(s, name)) {
				return refuse_structures(fault, MSGPACK_STRUCTURES_DUPLICATE, i, NULL, t);
			}
		} ZEND_HASH_FOREACH_END();
		i++;
	} ZEND_HASH_FOREACH_END();
	t->shared_count = i;
	return t;
}

void msgpack_record_table_to_array(const msgpack_record_table *t, zval *out)
{
	array_init_size(out, t ? t->shared_count : 0);
	for (uint32_t i = 0; t && i < t->shared_count; i++) {
		const msgpack_record_structure *s = msgpack_record_table_shared(t, i);
		zend_string *key;
		zend_ulong h;
		zval names, name;

		array_init_size(&names, s->count);
		ZEND_HASH_FOREACH_KEY(s->fields, h, key) {
			if (key) {
				ZVAL_STR_COPY(&name, key);
			} else {
				ZVAL_LONG(&name, (zend_long) h);
			}
			zend_hash_next_index_insert_new(Z_ARRVAL(names), &name);
		} ZEND_HASH_FOREACH_END();
		zend_hash_next_index_insert_new(Z_ARRVAL_P(out), &names);
	}
}

bool msgpack_record_table_append(msgpack_record_table *t, HashTable *fields)
{
	msgpack_record_structure *s;
	zend_string *key;
	zend_ulong h;

	if (t->shared_count >= MSGPACK_RECORD_MAX_SHARED_TWO_BYTE) {
		return false;
	}
	s = msgpack_record_structure_new();
	ZEND_HASH_FOREACH_KEY(fields, h, key) {
		zval name;

		if (key) {
			ZVAL_STR(&name, key);
		} else {
			ZVAL_LONG(&name, (zend_long) h);
		}
		/* the keys of one PHP table: a property "5" and an int key 5 cannot both be there, so
		 * no name repeats once the structure reads "5" as 5 */
		msgpack_record_structure_add(s, &name);
	} ZEND_HASH_FOREACH_END();
	/* the slot is past the shared ones: a value's own structure may have left one there (a
	 * decoder's table), never a packer's */
	msgpack_record_table_set(t, t->shared_count, t->shared_count >= MSGPACK_RECORD_TWO_BYTE_BASE, s);
	t->shared_count++;
	return true;
}

zend_string *msgpack_record_unknown_two_byte(unsigned char first, unsigned char second, bool shared)
{
	return zend_strpprintf(0, "Unknown record identifier 0x%02x 0x%02x (structure %u), %s", first, second,
		msgpack_record_two_byte_number(first, second),
		shared ? "not among the shared structures (reload them)" : "never declared");
}
