/*
 * Records (msgpackr's record extension, see msgpack_records.h) as the encoder writes them: the
 * choice of a structure for a map's keys, and the head of its record (an identifier, or the
 * declaration of a new structure), written with the byte writers of pack_write.h; the encoder
 * (pack.c, pack_object.c) then writes the values. Also the two forms records change: ints 64..127 and ext 0x72.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "common/msgpack_format.h"
#include "common/msgpack_records.h"
#include "encode/pack_write.h"
#include "encode/pack_records.h"

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

/* The hash of the key list of a structure's names (as msgpack_record_write_head() makes it). */
static zend_ulong fields_hash(HashTable *fields)
{
	zend_ulong acc = 0, h;
	zend_string *key;

	ZEND_HASH_FOREACH_KEY(fields, h, key) {
		acc = mix_key(acc, key, h);
	} ZEND_HASH_FOREACH_END();
	return mix_key(acc, NULL, zend_hash_num_elements(fields)); /* the count last */
}

/* The bytes of identifier id as written (two_byte: from 0x60 on in two, msgpack_records.h). */
static void shape_init(msgpack_record_shape *shape, HashTable *fields, uint32_t id, bool two_byte)
{
	shape->fields = fields;
	shape->id = id;
	if (!two_byte || id < MSGPACK_RECORD_TWO_BYTE_FIRST) {
		shape->head_len = 1;
		shape->head[0] = (unsigned char) id;
		shape->head[1] = 0;
	} else {
		shape->head_len = 2;
		shape->head[0] = msgpack_record_two_byte_first(id - MSGPACK_RECORD_FIRST_ID);
		shape->head[1] = msgpack_record_two_byte_second(id - MSGPACK_RECORD_FIRST_ID);
	}
}

msgpack_record_index *msgpack_record_index_new(const msgpack_record_table *t, bool two_byte)
{
	msgpack_record_index *x = emalloc(sizeof(*x));
	uint32_t count = t ? t->shared_count : 0;

	x->refcount = 1;
	x->count = count;
	x->shared = count ? safe_emalloc(count, sizeof(msgpack_record_shape), 0) : NULL;
	zend_hash_init(&x->shapes, count, NULL, NULL, 0);
	for (uint32_t i = 0; i < count; i++) {
		HashTable *fields = msgpack_record_table_shared(t, i)->fields;
		zval shape;

		GC_ADDREF(fields);
		shape_init(&x->shared[i], fields, MSGPACK_RECORD_FIRST_ID + i, two_byte);
		ZVAL_PTR(&shape, &x->shared[i]);
		zend_hash_index_add(&x->shapes, fields_hash(fields), &shape); /* a second list of the hash is not added */
	}
	return x;
}

void msgpack_record_index_release(msgpack_record_index *x)
{
	if (x && --x->refcount == 0) {
		zend_hash_destroy(&x->shapes);
		for (uint32_t i = 0; i < x->count; i++) {
			zend_array_release(x->shared[i].fields);
		}
		if (x->shared) {
			efree(x->shared);
		}
		efree(x);
	}
}

/* The writer's shape of identifier id (one of its own), or NULL. */
static zend_always_inline msgpack_record_shape *own_shape(const msgpack_record_writer *w, uint32_t id)
{
	return id - w->first_own < w->own_size ? w->own[id - w->first_own] : NULL;
}

static zend_always_inline void writer_add(msgpack_record_writer *w, zend_ulong hash, uint32_t id, HashTable *fields)
{
	uint32_t i = id - w->first_own;
	msgpack_record_shape *shape = emalloc(sizeof(*shape));
	zval zshape;

	if (UNEXPECTED(i >= w->own_size)) {
		/* identifiers are taken in order: the array grows with them */
		uint32_t size = MAX(i + 1, MAX(w->own_size * 2, 16));
		w->own = safe_erealloc(w->own, size, sizeof(*w->own), 0);
		memset(w->own + w->own_size, 0, (size - w->own_size) * sizeof(*w->own));
		w->own_size = size;
	}
	shape_init(shape, fields, id, w->two_byte);
	ZVAL_PTR(&zshape, shape);
	zend_hash_index_add(&w->shapes, hash, &zshape); /* a second list of the hash is not added */
	w->own[i] = shape;
}

/* SEQUENTIAL: the identifier is declared anew, its former list forgotten. */
static void writer_forget(msgpack_record_writer *w, uint32_t id)
{
	msgpack_record_shape *shape = own_shape(w, id);
	zval *found;
	zend_ulong hash;

	if (shape == NULL) {
		return;
	}
	/* its key in shapes, as msgpack_record_write_head() made it (not kept: rarely needed) */
	hash = fields_hash(shape->fields);
	found = zend_hash_index_find(&w->shapes, hash);
	if (found && Z_PTR_P(found) == shape) {
		/* another identifier's list of the same hash never took the key: it stays */
		zend_hash_index_del(&w->shapes, hash);
	}
	zend_array_release(shape->fields);
	efree(shape);
	w->own[id - w->first_own] = NULL;
}

void msgpack_record_writer_init(msgpack_record_writer *w, const msgpack_record_table *shared, msgpack_record_index *index,
	bool two_byte, uint32_t grow_to, bool sequential)
{
	uint32_t given = shared ? shared->shared_count : 0;

	if (given && index == NULL) {
		w->shared = msgpack_record_index_new(shared, two_byte);
	} else if (given) {
		index->refcount++;
		w->shared = index;
	} else {
		w->shared = NULL;
	}
	zend_hash_init(&w->shapes, 16, NULL, NULL, 0);
	w->own = NULL;
	w->own_size = 0;
	w->two_byte = two_byte;
	w->special = false;
	/* new structures are numbered after the shared ones, as msgpackr does; a value declares as
	 * many as one-byte identifiers leave room for, and at least msgpackr's 32 (maxOwnStructures)
	 * after a longer list */
	w->next_id = w->first_own = MSGPACK_RECORD_FIRST_ID + given;
	w->id_end = MSGPACK_RECORD_FIRST_ID + MAX(MSGPACK_RECORD_ID_COUNT, given + MSGPACK_RECORD_MAX_OWN);
	if (UNEXPECTED(sequential || grow_to > given)) {
		/* the common case of a new structure is one compare (msgpack_record_write_head()):
		 * these writers fail it, and new_special() decides; the fields it reads are set here
		 * only */
		uint32_t limit = MAX(given, MIN(grow_to, MSGPACK_RECORD_MAX_SHARED_TWO_BYTE));

		w->special = true;
		w->id_end = 0;
		w->sequential = sequential;
		w->next_shared = w->value_shared = MSGPACK_RECORD_FIRST_ID + given;
		/* the value's own structures after all the shared ones there may be, as msgpackr
		 * numbers them (from maxSharedStructures on): a reader's grown list never holds an
		 * own one's identifier */
		w->next_id = w->shared_limit = MSGPACK_RECORD_FIRST_ID + limit;
		/* SEQUENTIAL: msgpackr's 32 (maxOwnStructures), then those again */
		w->own_end = sequential ? w->shared_limit + MSGPACK_RECORD_MAX_OWN
			: MSGPACK_RECORD_FIRST_ID + MAX(MSGPACK_RECORD_ID_COUNT, limit + MSGPACK_RECORD_MAX_OWN);
	}
}

void msgpack_record_writer_begin(msgpack_record_writer *w)
{
	if (w->special) {
		w->value_shared = w->next_shared;
	}
}

uint32_t msgpack_record_writer_added(const msgpack_record_writer *w, msgpack_record_shape *const **shapes)
{
	if (!w->special || w->next_shared == w->value_shared) {
		*shapes = NULL;
		return 0; /* none, or a list that cannot grow (no room left) */
	}
	*shapes = w->own + (w->value_shared - w->first_own);
	return w->next_shared - w->value_shared;
}

void msgpack_record_writer_destroy(msgpack_record_writer *w)
{
	zend_hash_destroy(&w->shapes);
	for (uint32_t i = 0; i < w->own_size; i++) {
		if (w->own[i]) {
			zend_array_release(w->own[i]->fields);
			efree(w->own[i]);
		}
	}
	if (w->own) {
		efree(w->own);
	}
	msgpack_record_index_release(w->shared);
}

void msgpack_record_write_int(smart_str *buf, int64_t v)
{
	if (v >= MSGPACK_RECORD_FIRST_ID && v < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		unsigned char uint8[2] = {MP_UINT8, (unsigned char) v};
		msgpack_put_bytes(msgpack_buffer_start(buf), uint8, 2);
	} else {
		msgpack_pack_long(msgpack_buffer_start(buf), v);
	}
}

bool msgpack_record_write_ext(smart_str *buf, int8_t type, const char *data, size_t len)
{
	if (type != MSGPACK_RECORD_EXT_TYPE || (len != 1 && len != 2)) {
		return false;
	}
	unsigned char head[3] = {MP_EXT8, (unsigned char) len, (unsigned char) type};
	msgpack_put_bytes(msgpack_buffer_start(buf), head, 3);
	msgpack_put_bytes(buf, (const unsigned char *) data, len);
	return true;
}

/* The key list of ht (n keys, public ones if properties), kept to tell later maps of the same
 * hash apart (same_keys()); with names, the keys are also written there, as a declaration's
 * field list holds them. */
static HashTable *key_list(HashTable *ht, bool properties, uint32_t n, smart_str *names)
{
	HashTable *fields = zend_new_array(n);
	zend_string *key;
	zend_ulong h;
	zval *v;

	zend_hash_real_init_mixed(fields); /* never packed: same_keys() reads its buckets */
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, h, key, v) {
		zval null;

		if (SKIP_KEY(properties, key, v)) {
			continue;
		}
		ZVAL_NULL(&null);
		if (key) {
			zend_hash_add_new(fields, key, &null);
			if (names) {
				msgpack_pack_str(names, ZSTR_VAL(key), ZSTR_LEN(key), true);
			}
		} else {
			zend_hash_index_add_new(fields, h, &null);
			if (names) {
				msgpack_record_write_int(names, (zend_long) h);
			}
		}
	} ZEND_HASH_FOREACH_END();
	return fields;
}

/* A record's head: its identifier, one byte or two (msgpack_records.h). */
static zend_always_inline void put_head(smart_str *buf, const msgpack_record_shape *shape)
{
	if (EXPECTED(shape->head_len == 1)) {
		msgpack_put_byte(msgpack_buffer_start(buf), shape->head[0]);
	} else {
		msgpack_put_bytes(msgpack_buffer_start(buf), shape->head, 2);
	}
}

/* Growing: a new key list of ht (n keys, public ones if properties, acc their hash) becomes the
 * next shared structure; its records are bare identifiers from the first (the caller saves the
 * list before the bytes are used). Out of the way of the declarations (the common case). */
static zend_never_inline bool share_new(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties,
	uint32_t n, zend_ulong acc)
{
	uint32_t id = w->next_shared++;

	writer_add(w, acc, id, key_list(ht, properties, n, NULL));
	put_head(buf, own_shape(w, id));
	return true;
}

/* A new key list of a writer that grows shared structures or is SEQUENTIAL: 0 when it is made a
 * shared structure (written), -1 when there is no room (a plain map), else 1 with w->next_id the
 * identifier to declare it with. */
static zend_never_inline int32_t new_special(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties,
	uint32_t n, zend_ulong acc)
{
	if (w->next_shared < w->shared_limit) {
		return share_new(w, buf, ht, properties, n, acc) ? 0 : -1;
	}
	if (w->next_id >= w->own_end) {
		/* SEQUENTIAL wraps to its first identifier (msgpackr's order); else no room */
		if (!w->sequential || w->shared_limit >= w->own_end) {
			return -1;
		}
		w->next_id = w->shared_limit;
	}
	if (own_shape(w, w->next_id) != NULL) {
		writer_forget(w, w->next_id); /* SEQUENTIAL, past a wrap: declared anew */
	}
	return 1;
}

/* The declaration of a new structure of identifier id (`d4 72 <id>`, or `d5 72` and its two
 * bytes), then its array of names, and its key list kept for the lookups. Inlined: out of line,
 * the records of the structures known paid for it. */
static zend_always_inline void declare(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties,
	uint32_t n, zend_ulong acc, uint32_t id)
{
	if (!w->two_byte || id < MSGPACK_RECORD_TWO_BYTE_FIRST) {
		unsigned char declaration[3] = {MP_FIXEXT1, MSGPACK_RECORD_EXT_TYPE, (unsigned char) id};
		msgpack_put_bytes(msgpack_buffer_start(buf), declaration, 3);
	} else {
		uint32_t number = id - MSGPACK_RECORD_FIRST_ID;
		unsigned char declaration[4] = {MP_FIXEXT2, MSGPACK_RECORD_EXT_TYPE, msgpack_record_two_byte_first(number),
			msgpack_record_two_byte_second(number)};
		msgpack_put_bytes(msgpack_buffer_start(buf), declaration, 4);
	}
	msgpack_pack_array_header(buf, n);
	writer_add(w, acc, id, key_list(ht, properties, n, buf));
}

bool msgpack_record_write_head(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties)
{
	zend_string *key;
	zend_ulong h, acc = 0;
	zval *v, *found;
	uint32_t n = 0, id;

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
	/* one of the writer's, or a shared structure (never declared): asked second, so that a
	 * writer without shared structures pays one test on its misses only */
	found = zend_hash_index_find(&w->shapes, acc);
	if (UNEXPECTED(found == NULL) && w->shared) {
		found = zend_hash_index_find(&w->shared->shapes, acc);
	}
	if (found) {
		/* one call of same_keys(): inlined (a second made it a call, which packing paid for) */
		const msgpack_record_shape *shape = Z_PTR_P(found);
		if (!same_keys(ht, properties, n, shape->fields)) {
			return false; /* another list of the same hash */
		}
		put_head(buf, shape);
		return true;
	}
	if (UNEXPECTED(w->next_id >= w->id_end)) {
		/* no room, or a writer that grows shared structures or is SEQUENTIAL */
		int32_t r = w->special ? new_special(w, buf, ht, properties, n, acc) : -1;
		if (r <= 0) {
			return r == 0;
		}
	}
	/* a new structure of this value (SEQUENTIAL: of the values from here on) */
	id = w->next_id++;
	declare(w, buf, ht, properties, n, acc, id);
	return true;
}
