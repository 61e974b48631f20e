/*
 * Records: msgpackr's record extension. A structure (a list of field names) is declared once as
 * ext 0x72 `d4 72 <id>` followed by the array of its names and, inline, the values of its first
 * record; a later record is its identifier byte 0x40-0x7f followed by the values alone. While
 * records are on, the byte of a declared identifier is a record, any other is the int, as msgpackr
 * reads them (and ints 64..127 are written as uint8).
 *
 * This header and msgpack_records.c hold the structure tables alone; the layers above use them:
 * the scanner frames records (msgpack_scan.c), the encoder writes them (pack_records.c), the
 * decoder reads them (unpack_records.c).
 */
#ifndef MSGPACK_RECORDS_H
#define MSGPACK_RECORDS_H

#include "php.h"

#define MSGPACK_RECORD_EXT_TYPE  0x72 /* "r" */
#define MSGPACK_RECORD_FIRST_ID  0x40
#define MSGPACK_RECORD_ID_COUNT  64   /* 0x40-0x7f: msgpackr's one-byte identifiers */
/* msgpackr's default maxSharedStructures: more shared structures take two-byte identifiers */
#define MSGPACK_RECORD_MAX_SHARED 32
/* the most shared structures msgpackr gives one-byte identifiers: with more it writes the ones
 * from the 33rd on in two bytes (0x60-0x7f and a second byte), which are not read or written here
 * yet, so a longer list would not read as msgpackr's */
#define MSGPACK_RECORD_MAX_SHARED_ONE_BYTE 32
/* what the decoder and the scanner say of an identifier with no structure while shared
 * structures are on (the writer's list grew: the reader reloads it) */
#define MSGPACK_RECORD_UNKNOWN_ID "Unknown record identifier, not among the shared structures (reload them)"

/* A structure: its field names, unique, as the keys of a table whose values are all null. A
 * record's array is a copy of that table with the values filled in, in order: no key is decoded,
 * hashed or looked up again. */
typedef struct _msgpack_record_structure {
	uint32_t refcount;
	uint32_t count;
	HashTable *fields; /* name => null; int keys for names PHP reads as ints */
	HashTable *props;  /* the same as a property table (names all strings), for stdClass; or NULL */
} msgpack_record_structure;

/* The structures known by identifier (by_id[id - 0x40]), NULL where none is declared. */
typedef struct _msgpack_record_table {
	msgpack_record_structure *by_id[MSGPACK_RECORD_ID_COUNT];
	uint32_t shared_count; /* the first ones are shared (agreed in advance, never declared) */
} msgpack_record_table;

/* ---- structures --------------------------------------------------------------------------- */

/* A structure with no fields yet, its refcount 1. */
msgpack_record_structure *msgpack_record_structure_new(void);
/* Drops a reference to s (NULL is none), freeing it with the last one. */
void msgpack_record_structure_release(msgpack_record_structure *s);
/* Adds a field name (a string PHP reads as an int becomes that int); false if it is there. */
bool msgpack_record_structure_add(msgpack_record_structure *s, zval *name);
/* Makes s (NULL: none) the structure of identifier id (0x40-0x7f), releasing the one it replaces;
 * the table takes the reference passed. */
void msgpack_record_table_set(msgpack_record_table *t, unsigned char id, msgpack_record_structure *s);

/* ---- shared structures (withStructures()) ------------------------------------------------- */

/* A table of the structures given as a list of field-name lists; NULL with a ValueError about
 * argument arg_num when one is not a list of unique strings and ints, or there are more than max
 * (at most MSGPACK_RECORD_MAX_SHARED_ONE_BYTE). */
msgpack_record_table *msgpack_record_table_from_array(HashTable *list, uint32_t arg_num, uint32_t max);
/* The shared structures of t (NULL: none) as the list of field-name lists from_array() takes. */
void msgpack_record_table_to_array(const msgpack_record_table *t, zval *out);
/* Appends a shared structure of the names that are the keys of fields (the encoder's list of a
 * new key list, pack_records.h): false if t has no identifier left. */
bool msgpack_record_table_append(msgpack_record_table *t, HashTable *fields);
msgpack_record_table *msgpack_record_table_copy(const msgpack_record_table *t);
/* Forgets the structures of the identifiers in mask (bit i: 0x40 + i); those of shared (NULL:
 * none) that it shares come back instead. */
void msgpack_record_table_forget(msgpack_record_table *t, uint64_t mask, const msgpack_record_table *shared);
void msgpack_record_table_free(msgpack_record_table *t);

/*
 * A copy of a structure's prototype table (inline: the decoder's fast path of a record makes it
 * without a call). The prototype has no holes and only null values, so its buckets and hash index
 * are copied as they are (zend_array_dup() would link each bucket into the hash again) and only
 * the keys take a reference.
 */
static zend_always_inline HashTable *msgpack_record_copy(const HashTable *proto)
{
	HashTable *ht = emalloc(sizeof(HashTable));
	void *data;
	const Bucket *b, *end;

	memcpy(ht, proto, sizeof(HashTable));
	GC_SET_REFCOUNT(ht, 1);
	GC_TYPE_INFO(ht) = GC_ARRAY;
	ht->nInternalPointer = 0;
	ht->pDestructor = ZVAL_PTR_DTOR;
	if (EXPECTED(proto->nTableSize == HT_MIN_SIZE)) {
		/* most records: a size known here takes its bin of the allocator directly (as in
		 * zend_hash_real_init_mixed()) */
		data = emalloc(HT_SIZE_EX(HT_MIN_SIZE, HT_SIZE_TO_MASK(HT_MIN_SIZE)));
	} else {
		data = emalloc(HT_SIZE(proto));
	}
	memcpy(data, HT_GET_DATA_ADDR(proto), HT_USED_SIZE(proto));
	HT_SET_DATA_ADDR(ht, data);
	/* the keys as the prototype has them: reading them back from the copy just written would
	 * wait for the copy's stores (perf on citm_catalog.json: a quarter of the record's time) */
	for (b = proto->arData, end = b + proto->nNumUsed; b < end; b++) {
		if (b->key && !ZSTR_IS_INTERNED(b->key)) {
			GC_ADDREF(b->key);
		}
	}
	return ht;
}

#endif
