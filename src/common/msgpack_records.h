/*
 * Records: msgpackr's record extension. A structure (a list of field names) is declared once as
 * ext 0x72 `d4 72 <id>` followed by the array of its names and, inline, the values of its first
 * record; a later record is its identifier byte 0x40-0x7f followed by the values alone. While
 * records are on, the byte of a declared identifier is a record, any other is the int, as msgpackr
 * reads them (and ints 64..127 are written as uint8).
 *
 * Structures are numbered as msgpackr numbers them: number i has the one-byte identifier 0x40 + i
 * (i < 64). Past 32 shared structures msgpackr gives the numbers from 32 on two-byte identifiers:
 * a first byte 0x60-0x7f (the number's low 5 bits) and a second byte (the rest), so number
 * 32 + lo + 32 * hb is `60+lo hb`, declared as `d5 72 60+lo hb`. Which form a reference takes
 * is the structure's in the slot of its first byte: a reader that finds there one declared with
 * `d5 72` (or a shared one numbered 32 or more) reads a second byte, 0 for that structure itself
 * and else the number it completes; one declared with `d4 72` is a one-byte record.
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
/* msgpackr's default maxSharedStructures */
#define MSGPACK_RECORD_MAX_SHARED 32
/* the most shared structures msgpackr gives one-byte identifiers: a writer allowed more
 * (maxSharedStructures above 32) writes every number from 32 on in two bytes, own ones too */
#define MSGPACK_RECORD_MAX_SHARED_ONE_BYTE 32
/* the most shared structures msgpackr takes (maxSharedStructures), and the own structures of a
 * value it numbers after them (maxOwnStructures with shared structures): 8192 numbers in all */
#define MSGPACK_RECORD_MAX_SHARED_TWO_BYTE 8160
#define MSGPACK_RECORD_MAX_OWN 32
/* two-byte identifiers: the first byte 0x60-0x7f; number 32 + (first & 0x1f) + 32 * second */
#define MSGPACK_RECORD_TWO_BYTE_FIRST 0x60
#define MSGPACK_RECORD_TWO_BYTE_BASE  32
#define MSGPACK_RECORD_CHUNK          32  /* the numbers of one second byte */
#define MSGPACK_RECORD_CHUNK_COUNT    256 /* the second bytes */
/* past the last number a two-byte identifier can name (msgpackr's writer stops at 8192) */
#define MSGPACK_RECORD_NUMBER_END (MSGPACK_RECORD_TWO_BYTE_BASE + MSGPACK_RECORD_CHUNK * MSGPACK_RECORD_CHUNK_COUNT)
/* what the decoder and the scanner say of an identifier with no structure while shared
 * structures are on (the writer's list grew: the reader reloads it) */
#define MSGPACK_RECORD_UNKNOWN_ID "Unknown record identifier, not among the shared structures (reload them)"

/* The two bytes of the identifier of number (MSGPACK_RECORD_TWO_BYTE_BASE or more). */
static zend_always_inline unsigned char msgpack_record_two_byte_first(uint32_t number)
{
	return (unsigned char) (MSGPACK_RECORD_TWO_BYTE_FIRST + ((number - MSGPACK_RECORD_TWO_BYTE_BASE) & 0x1f));
}
static zend_always_inline unsigned char msgpack_record_two_byte_second(uint32_t number)
{
	return (unsigned char) ((number - MSGPACK_RECORD_TWO_BYTE_BASE) >> 5);
}
/* The number of a two-byte identifier (first 0x60-0x7f, or any byte whose low 6 bits are 32 or
 * more, as msgpackr reads a declaration's). */
static zend_always_inline uint32_t msgpack_record_two_byte_number(unsigned char first, unsigned char second)
{
	return MSGPACK_RECORD_TWO_BYTE_BASE + (first & 0x1f) + MSGPACK_RECORD_CHUNK * (uint32_t) second;
}

/* A structure: its field names, unique, as the keys of a table whose values are all null. A
 * record's array is a copy of that table with the values filled in, in order: no key is decoded,
 * hashed or looked up again. */
typedef struct _msgpack_record_structure {
	uint32_t refcount;
	uint32_t count;
	HashTable *fields; /* name => null; int keys for names PHP reads as ints */
	HashTable *props;  /* the same as a property table (names all strings), for stdClass; or NULL */
} msgpack_record_structure;

/* The structures of the two-byte identifiers of one second byte (s[first & 0x1f]), shared by
 * the copies of a table until one of them changes it (a table of 8160 shared structures is copied
 * for each value that declares one of its own). */
typedef struct _msgpack_record_chunk {
	uint32_t refcount;
	msgpack_record_structure *s[MSGPACK_RECORD_CHUNK];
} msgpack_record_chunk;

/* The structures known by identifier, NULL where none is declared: by_id[id - 0x40] for the
 * one-byte ones, two[second]->s[first & 0x1f] for the two-byte ones (two_count second bytes
 * allocated, from 0; a table that has none allocates nothing). Numbers 32-63 have both forms, one
 * at a time: setting one clears the other, as msgpackr keeps one structure per number. */
typedef struct _msgpack_record_table {
	msgpack_record_structure *by_id[MSGPACK_RECORD_ID_COUNT];
	msgpack_record_chunk **two;
	uint32_t two_count;
	uint32_t shared_count; /* the first ones are shared (agreed in advance, never declared) */
} msgpack_record_table;

/* ---- structures --------------------------------------------------------------------------- */

/* A structure with no fields yet, its refcount 1. */
msgpack_record_structure *msgpack_record_structure_new(void);
/* Drops a reference to s (NULL is none), freeing it with the last one. */
void msgpack_record_structure_release(msgpack_record_structure *s);
/* Adds a field name (a string PHP reads as an int becomes that int); false if it is there. */
bool msgpack_record_structure_add(msgpack_record_structure *s, zval *name);

/* The structure of the two-byte identifier `first second` (first 0x60-0x7f; t may be NULL). */
static zend_always_inline msgpack_record_structure *msgpack_record_table_two(const msgpack_record_table *t,
	unsigned char first, unsigned char second)
{
	return t && second < t->two_count && t->two[second] ? t->two[second]->s[first & 0x1f] : NULL;
}
/* Makes s (NULL: none) the structure of number (below 64 when one-byte; from 32 on, below
 * MSGPACK_RECORD_NUMBER_END, when two_byte), releasing the one it replaces, in either form; the
 * table takes the reference passed. */
void msgpack_record_table_set(msgpack_record_table *t, uint32_t number, bool two_byte, msgpack_record_structure *s);
/* Shared structure i of t (i < t->shared_count): one-byte below 32, two-byte from 32 on. */
msgpack_record_structure *msgpack_record_table_shared(const msgpack_record_table *t, uint32_t i);

/* ---- shared structures (withStructures()) ------------------------------------------------- */

/* Why msgpack_record_table_from_array() refused a list: the withStructures() methods make it
 * their ValueError (msgpack_structures_from_arg() in unpacker.c). */
typedef enum _msgpack_structures_fault_kind {
	MSGPACK_STRUCTURES_TOO_MANY,     /* more than the most allowed (given: how many) */
	MSGPACK_STRUCTURES_NOT_LIST,     /* no list */
	MSGPACK_STRUCTURES_NOT_NAMES,    /* structure number `structure` is no list */
	MSGPACK_STRUCTURES_NAME_TYPE,    /* ... has a field name of another type than string and int */
	MSGPACK_STRUCTURES_DUPLICATE,    /* ... repeats a field name */
} msgpack_structures_fault_kind;

typedef struct _msgpack_structures_fault {
	msgpack_structures_fault_kind kind;
	uint32_t structure;   /* the structure at fault (0 is the first) */
	uint32_t given;       /* TOO_MANY: the structures given */
	const char *type;     /* NAME_TYPE: the type of the name (zend_zval_type_name()) */
} msgpack_structures_fault;

/* A table of the structures given as a list of field-name lists; NULL, and why in *fault, when
 * one is not a list of unique strings and ints, or there are more than max (at most
 * MSGPACK_RECORD_MAX_SHARED_TWO_BYTE). */
msgpack_record_table *msgpack_record_table_from_array(HashTable *list, uint32_t max, msgpack_structures_fault *fault);
/* The shared structures of t (NULL: none) as the list of field-name lists msgpack_record_table_from_array() takes. */
void msgpack_record_table_to_array(const msgpack_record_table *t, zval *out);
/* Appends a shared structure of the names that are the keys of fields (the encoder's list of a
 * new key list, pack_records.h): false if t has no number left. */
bool msgpack_record_table_append(msgpack_record_table *t, HashTable *fields);
msgpack_record_table *msgpack_record_table_copy(const msgpack_record_table *t);
/* Forgets the structure of number in its form (and the other form's, for 32-63): that of shared
 * (NULL: none) comes back instead when it is one of its shared ones. */
void msgpack_record_table_forget(msgpack_record_table *t, uint32_t number, bool two_byte, const msgpack_record_table *shared);
void msgpack_record_table_free(msgpack_record_table *t);

/* The detail of an error about the two-byte identifier `first second` that names no structure
 * (the decoder's and the scanner's): with shared structures on, the list is to be reloaded. */
zend_string *msgpack_record_unknown_two_byte(unsigned char first, unsigned char second, bool shared);

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
