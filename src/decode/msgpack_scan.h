/* Scanner: finds where a MessagePack value ends without building it (streaming, error offsets). */
#ifndef MSGPACK_SCAN_H
#define MSGPACK_SCAN_H

#include "php.h"
#include "common/msgpack_records.h"

typedef enum _msgpack_scan_result {
	MSGPACK_SCAN_COMPLETE,   /* a whole value is there; *len says how long */
	MSGPACK_SCAN_INCOMPLETE, /* the input ends inside the value */
	MSGPACK_SCAN_INVALID,    /* 0xc1 or too deep */
} msgpack_scan_result;

/* The extent of the item (format byte, length or count, payload) that starts data, avail >= 1
 * bytes of it known: *head_len bytes of format byte and length or count, *total bytes in all,
 * *children values nested in it. INCOMPLETE: the length or count is not all there yet; INVALID:
 * 0xc1. */
msgpack_scan_result msgpack_scan_extent(const char *data, size_t avail, size_t *head_len, uint64_t *total,
	uint64_t *children);

/* Steps over n values at *at, by their headers alone: nothing built, nothing checked but the
 * framing, any nesting (a count is kept, not a stack). *at is left after them (COMPLETE), at
 * the item the input ends in (INCOMPLETE) or at 0xc1 (INVALID). */
msgpack_scan_result msgpack_skip_values(const unsigned char **at, const unsigned char *end, uint64_t n);

/* Finds the end of the value at data without building anything (for streaming). */
msgpack_scan_result msgpack_scan(const char *data, size_t len, uint32_t max_depth, size_t *value_len);

/*
 * The same, resumable: when a run ends INCOMPLETE, the next run on the same value with more
 * bytes after it (the bytes before unchanged) goes on where it stopped, so a value fed in k
 * pieces is scanned once, not k times; s->pos is then where the item the input ends in starts.
 * INVALID stops before the item at fault (0xc1, or a container nested too deep) and stays there:
 * a run again refuses it again. COMPLETE starts over for the next value.
 */
typedef struct _msgpack_scanner {
	size_t pos;        /* bytes of the value scanned so far */
	uint32_t top;      /* nesting level of the next item */
	uint32_t capacity;
	uint64_t *pending; /* pending[i]: values still to read at level i (a map entry is two) */
	uint32_t max_depth;
	bool started;
	/* records (msgpack_records.h): the structures' field counts, kept from value to value as
	 * msgpackr's sequential mode does; NULL when records are off. Owned by the caller. */
	struct _msgpack_scan_records *records;
} msgpack_scanner;

void msgpack_scanner_init(msgpack_scanner *s, uint32_t max_depth);
void msgpack_scanner_destroy(msgpack_scanner *s);
msgpack_scan_result msgpack_scanner_run(msgpack_scanner *s, const char *data, size_t len, size_t *value_len);

/* ---- records (msgpack_records.h) ---------------------------------------------------------- */

/* The field counts of the two-byte identifiers of one second byte (fields[first & 0x1f], for the
 * bits of defined). */
typedef struct _msgpack_scan_chunk {
	uint32_t fields[MSGPACK_RECORD_CHUNK];
	uint32_t defined;
	uint32_t declared; /* of those, the ones declared in the value scanned last (or in progress) */
} msgpack_scan_chunk;

/* The field counts the scanner frames records with: fields[id - 0x40] for the one-byte
 * identifiers in defined, two[second] for the two-byte ones (as msgpack_record_table keeps the
 * structures: a number 32-63 in one form at a time). */
typedef struct _msgpack_scan_records {
	uint32_t fields[MSGPACK_RECORD_ID_COUNT];
	uint64_t defined;
	uint64_t declared; /* the one-byte identifiers declared in the value scanned last (or in progress) */
	msgpack_scan_chunk **two; /* two_count of them, NULL where none */
	uint32_t two_count;
	bool two_declared; /* a two-byte identifier was declared in the value scanned last */
	bool strict; /* shared structures on: an identifier with no structure is refused, not an int */
} msgpack_scan_records;

/* The field counts of a table, for the scanner (t may be NULL; a table is shared structures,
 * which make identifiers with no structure errors, as the decoder reads them). r holds no
 * allocation yet (or was destroyed). */
void msgpack_scan_records_init(msgpack_scan_records *r, const msgpack_record_table *t);
void msgpack_scan_records_destroy(msgpack_scan_records *r);
/* Whether the value scanned last declared a structure. */
static zend_always_inline bool msgpack_scan_records_declared(const msgpack_scan_records *r)
{
	return r->declared != 0 || r->two_declared;
}
/* The structures the value scanned last declared are forgotten by the scanner and by the
 * decoder's table t: the shared structure of the number (shared: NULL for none) comes back for
 * both where there is one. */
void msgpack_scan_records_forget(msgpack_scan_records *r, msgpack_record_table *t, const msgpack_record_table *shared);
/* Why the scanner refused the item at p (a declaration whose field list is no array, an unknown
 * identifier), for the exception (a new string, a sentence), and in *at where the problem is
 * from p; NULL if not a record's. */
zend_string *msgpack_records_scan_error(const msgpack_scan_records *r, const unsigned char *p, size_t avail, size_t *at);

#endif
