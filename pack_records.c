/*
 * Records (msgpackr's record extension, see msgpack_records.h) as the encoder writes them: the
 * choice of a structure for a map's keys, and the head of its record (an identifier, or the
 * declaration of a new structure), written with the byte writers of pack_write.h; pack.c then
 * writes the values. Also the two forms records change: ints 64..127 and ext 0x72.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "msgpack_format.h"
#include "msgpack_records.h"
#include "pack_write.h"
#include "pack_records.h"

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
	w->hashes[id - MSGPACK_RECORD_FIRST_ID] = hash;
}

/* SEQUENTIAL: the identifier is declared anew, its former list forgotten. */
static void writer_forget(msgpack_record_writer *w, uint32_t id)
{
	HashTable *fields = w->fields[id - MSGPACK_RECORD_FIRST_ID];
	zend_ulong hash = w->hashes[id - MSGPACK_RECORD_FIRST_ID];
	zval *found;

	if (fields == NULL) {
		return;
	}
	found = zend_hash_index_find(&w->shapes, hash);
	if (found && Z_LVAL_P(found) == (zend_long) id) {
		/* another identifier's list of the same hash never took the key: it stays */
		zend_hash_index_del(&w->shapes, hash);
	}
	zend_array_release(fields);
	w->fields[id - MSGPACK_RECORD_FIRST_ID] = NULL;
}

void msgpack_record_writer_init(msgpack_record_writer *w, const msgpack_record_table *shared, uint32_t grow_to,
	bool sequential)
{
	uint32_t given = shared ? shared->shared_count : 0;

	zend_hash_init(&w->shapes, 16, NULL, NULL, 0);
	memset(w->fields, 0, sizeof(w->fields));
	w->next_id = MSGPACK_RECORD_FIRST_ID;
	w->shared_given = given;
	w->next_shared = MSGPACK_RECORD_FIRST_ID + given;
	/* the value's own structures after all the shared ones there may be, as msgpackr numbers
	 * them (from maxSharedStructures on): a reader's list then never holds an own one's id */
	w->shared_limit = MSGPACK_RECORD_FIRST_ID + MAX(given, MIN(grow_to, MSGPACK_RECORD_ID_COUNT));
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
	}
	/* new structures are numbered after the shared ones, as msgpackr does */
	w->next_id = w->shared_limit;
	w->value_shared = w->next_shared;
	w->sequential = sequential;
	w->sequence_end = MIN(w->shared_limit + MSGPACK_RECORD_MAX_SHARED, MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT);
}

void msgpack_record_writer_begin(msgpack_record_writer *w)
{
	w->value_shared = w->next_shared;
}

uint32_t msgpack_record_writer_added(const msgpack_record_writer *w, HashTable *const **fields)
{
	*fields = w->fields + (w->value_shared - MSGPACK_RECORD_FIRST_ID);
	return w->next_shared - w->value_shared;
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
		put_bytes(start(buf), uint8, 2);
	} else {
		pack_long(start(buf), v);
	}
}

bool msgpack_record_write_ext(smart_str *buf, int8_t type, const char *data, size_t len)
{
	if (type != MSGPACK_RECORD_EXT_TYPE || (len != 1 && len != 2)) {
		return false;
	}
	unsigned char head[3] = {MP_EXT8, (unsigned char) len, (unsigned char) type};
	put_bytes(start(buf), head, 3);
	put_bytes(buf, (const unsigned char *) data, len);
	return true;
}

bool msgpack_record_write_head(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties)
{
	zend_string *key;
	zend_ulong h, acc = 0;
	zval *v, *found;
	uint32_t n = 0, id;
	HashTable *fields;
	bool declare;

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
		put_byte(start(buf), (unsigned char) id);
		return true;
	}
	if (w->next_shared < w->shared_limit) {
		/* growing: a new shared structure, its records bare identifiers from the first (the
		 * caller saves the list before the bytes are used) */
		id = w->next_shared++;
		put_byte(start(buf), (unsigned char) id);
		declare = false;
	} else if (w->sequential ? w->shared_limit < w->sequence_end : w->next_id < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		/* a structure of this value alone (SEQUENTIAL: of the values from here on): its
		 * declaration */
		if (w->sequential) {
			if (w->next_id == w->sequence_end) {
				w->next_id = w->shared_limit; /* msgpackr's wrap: the oldest identifier again */
			}
			writer_forget(w, w->next_id);
		}
		id = w->next_id++;
		unsigned char declaration[3] = {MP_FIXEXT1, MSGPACK_RECORD_EXT_TYPE, (unsigned char) id};
		put_bytes(start(buf), declaration, 3);
		pack_array_header(buf, n);
		declare = true;
	} else {
		return false;
	}
	/* its key list kept for the checks above */
	fields = zend_new_array(n);
	zend_hash_real_init_mixed(fields); /* never packed: same_keys() reads its buckets */
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, h, key, v) {
		zval null;

		if (SKIP_KEY(properties, key, v)) {
			continue;
		}
		ZVAL_NULL(&null);
		if (key) {
			zend_hash_add_new(fields, key, &null);
			if (declare) {
				pack_str(buf, ZSTR_VAL(key), ZSTR_LEN(key), true);
			}
		} else {
			zend_hash_index_add_new(fields, h, &null);
			if (declare) {
				msgpack_record_write_int(buf, (zend_long) h);
			}
		}
	} ZEND_HASH_FOREACH_END();
	writer_add(w, acc, id, fields);
	return true;
}
