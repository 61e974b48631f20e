/*
 * The encoder's writing of msgpackr's records (pack_records.c): the structures declared so far
 * in a value, and the heads of records. pack.c and pack_object.c call it for each map, object and
 * int while records are on, packer.c for MsgPack\Packer's typed writers.
 */
#ifndef MSGPACK_PACK_RECORDS_H
#define MSGPACK_PACK_RECORDS_H

#include "php.h"
#include "zend_smart_str.h"
#include "common/msgpack_records.h"

/* A structure as the writer looks it up: its names, and its identifier as written (the bytes
 * made once: a record's head is then one test and a copy). */
typedef struct _msgpack_record_shape {
	HashTable *fields; /* the names (name => null), a reference */
	uint32_t id;
	uint8_t head_len;  /* 1, or 2 for a two-byte identifier */
	unsigned char head[2];
} msgpack_record_shape;

/* The shared structures as the writer looks them up: made once for a list (MsgPack\Packer keeps
 * it from pack() to pack(): hashing every key list of 8160 structures would cost each value
 * more than a big document's packing), and referenced by the writers that use it. */
typedef struct _msgpack_record_index {
	uint32_t refcount;
	uint32_t count;               /* the shared structures */
	HashTable shapes;             /* hash of a field-name list => its shape (IS_PTR) */
	msgpack_record_shape *shared; /* count of them, by number */
} msgpack_record_index;

/* An index of the shared structures of t (a reference for the caller); two_byte: their
 * identifiers from 0x60 on in two bytes (the writers that use it write so). */
msgpack_record_index *msgpack_record_index_new(const msgpack_record_table *t, bool two_byte);
/* Drops a reference (NULL: none). */
void msgpack_record_index_release(msgpack_record_index *x);

/* Identifiers are msgpackr's record ids: 0x40 + the structure's number. */
typedef struct _msgpack_record_writer {
	msgpack_record_index *shared; /* the shared structures (a reference), or NULL */
	HashTable shapes; /* hash of a field-name list => its shape (IS_PTR): the writer's own structures */
	/* the shape of each of the writer's own identifiers, from first_own (past the shared ones)
	 * on: own[id - first_own], own_size of them, NULL where none */
	msgpack_record_shape **own;
	uint32_t own_size;
	uint32_t first_own;
	/* maxShared above 32 (msgpackr's rule): every identifier from 0x60 on is written in two bytes,
	 * the shared ones, the value's own and their declarations (`d5 72`) */
	bool two_byte;
	uint32_t next_id; /* the next identifier to declare, past the last one: plain maps */
	/* Growing shared structures (MsgPack\Packer::withStructures() with a save callback): a new
	 * key list takes the shared identifier next_shared while it is below shared_limit, and its
	 * records are bare identifiers, never declared (the caller saves the list, the reader loads
	 * it); the value's own structures are declared from shared_limit on. */
	uint32_t next_shared;  /* special only (below) */
	uint32_t shared_limit; /* special only */
	uint32_t value_shared; /* next_shared when the value began (msgpack_record_writer_begin()); special only */
	/* SEQUENTIAL (MsgPack\Packer): the writer lasts from value to value, and its own
	 * structures, once declared, are referenced by the later values too; they take the
	 * identifiers from shared_limit to own_end and then those again from the first, each
	 * declared anew (msgpackr's sequential mode: 0x40-0x5f without shared structures) */
	bool sequential; /* special only */
	uint32_t own_end; /* past the last identifier of the value's own structures (special only) */
	/* growing or sequential: msgpack_record_write_head() looks at the fields above; id_end is
	 * then 0, else past the last identifier a value may declare (a new structure takes next_id
	 * while it is below, the common case kept to one compare) */
	bool special;
	uint32_t id_end;
} msgpack_record_writer;

/* shared: the structures agreed in advance (never declared), or NULL; index: their index (made
 * with the same two_byte), or NULL to make one; two_byte: identifiers from 0x60 on in two bytes (maxShared above 32); grow_to: how
 * many shared structures new key lists may make in all (none when it is at most shared's count);
 * sequential: see above. */
void msgpack_record_writer_init(msgpack_record_writer *w, const msgpack_record_table *shared, msgpack_record_index *index,
	bool two_byte, uint32_t grow_to, bool sequential);
/* A value begins (the writer of a sequence writes several). */
void msgpack_record_writer_begin(msgpack_record_writer *w);
/* The shared structures the value added (growing), in order: *shapes their shapes, whose fields
 * are their key lists (name => null), owned by the writer. */
uint32_t msgpack_record_writer_added(const msgpack_record_writer *w, msgpack_record_shape *const **shapes);
void msgpack_record_writer_destroy(msgpack_record_writer *w);
/* Writes the head of a record for the keys of ht (public ones only when properties: no
 * uninitialized or mangled names): the identifier of their structure (one or two bytes), or the
 * declaration of a new one. Then the caller writes the values, in order. False when there is no room for another
 * structure (or ht is empty): the caller writes a plain map. */
bool msgpack_record_write_head(msgpack_record_writer *w, smart_str *buf, HashTable *ht, bool properties);
/* While records are on, an ext 0x72 of 1 or 2 bytes in the ext8 form (its fixext forms are read
 * as declarations): true if written, false for any other ext (written as usual). */
bool msgpack_record_write_ext(smart_str *buf, int8_t type, const char *data, size_t len);
/* An int as msgpackr writes it while records are on: 64..127 as uint8, the others shortest. */
void msgpack_record_write_int(smart_str *buf, int64_t v);

#endif
