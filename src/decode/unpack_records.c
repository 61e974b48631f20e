/*
 * Records (msgpackr's record extension, see msgpack_records.h) as the decoder reads them: a
 * declaration (`d4 72 <id>` or `d5 72 <id> <id>`, its field names, then its first record), the
 * records of two-byte identifiers, and those of a one-byte structure known past the limits
 * (unpack.c reads the common case itself, see decode_record()). The values of a record are read
 * with msgpack_decode_child(), as those of a map.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "common/msgpack_format.h"
#include "common/msgpack_records.h"
#include "decode/unpack.h"
#include "decode/unpack_internal.h"
#include "decode/unpack_records.h"

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
	if (UNEXPECTED(s->count > MSGPACK_REMAINING(d))) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (!msgpack_enter(d)) {
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
 * cannot justify allocating all of the record up front (see msgpack_presize()). */
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
		d->value_key = key; /* for the value cache (see msgpack_decoder) */
		if (UNEXPECTED(!msgpack_decode_child(d, &v))) {
			msgpack_record_structure_release(s);
			return false;
		}
		if (key) {
			zend_hash_add_new(ht, key, &v);
		} else {
			zend_hash_index_add_new(ht, h, &v);
		}
	} ZEND_HASH_FOREACH_END();
	msgpack_record_structure_release(s);
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

/* All of a record of structure s (after a declaration, or of a two-byte identifier: not the hot
 * path of records). Inlined in both: out of line, a declaration's first record cost more (a
 * small document that declares two structures felt it). */
static zend_always_inline bool read_fields(msgpack_decoder *d, zval *out, msgpack_record_structure *s)
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
		d->value_key = b->key;
		if (UNEXPECTED(!msgpack_decode_child(d, &v))) {
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
		/* the shared structures, while the value declared none (msgpack_record_byte()) */
		s = d->opts.shared_records->by_id[id - MSGPACK_RECORD_FIRST_ID];
	}
	if (UNEXPECTED(s == NULL)) {
		/* not reached: the decoder reads an identifier with no structure as the int */
		return msgpack_decode_invalid_item(d, d->pos - 1, "Record identifier used before its declaration");
	}
	*n = s->count;
	return record_open(d, out, s, values);
}

/* The structure of a two-byte identifier whose first byte id, at `at`, was just read (its slot
 * holds a two-byte structure): reads the second byte, 0 for the slot's own structure, else the
 * number it completes, as msgpackr reads them. NULL with the error set. */
static msgpack_record_structure *two_byte_structure(msgpack_decoder *d, const msgpack_record_table *t,
	unsigned char id, const unsigned char *at)
{
	msgpack_record_structure *s;
	unsigned char second;

	if (UNEXPECTED(MSGPACK_REMAINING(d) == 0)) {
		msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		return NULL;
	}
	second = *d->pos++;
	s = msgpack_record_table_two(t, id, second);
	if (UNEXPECTED(s == NULL)) {
		msgpack_decode_invalid_item_str(d, at, msgpack_record_unknown_two_byte(id, second, d->opts.shared_records != NULL));
	}
	return s;
}

bool msgpack_record_other(msgpack_decoder *d, zval *out, unsigned char id)
{
	/* the decoder's table once it has one, else the shared one (msgpack_record_declared()) */
	const msgpack_record_table *t = d->records ? d->records : d->opts.shared_records;
	const unsigned char *at = d->pos - 1;

	if (id >= MSGPACK_RECORD_TWO_BYTE_FIRST && msgpack_record_table_two(t, id, 0) != NULL) {
		msgpack_record_structure *s = two_byte_structure(d, t, id, at);
		return s != NULL && read_fields(d, out, s);
	}
	if (d->opts.shared_records) {
		/* a writer that shares structures writes 64..127 as uint8, so this is a record of a
		 * structure the reader lacks (one the writer's list gained since it was loaded):
		 * reading the int would misread all that follows. The scanner refuses it alike
		 * (scan_record_item() in msgpack_scan.c). */
		return msgpack_decode_invalid_item(d, at, MSGPACK_RECORD_UNKNOWN_ID);
	}
	ZVAL_LONG(out, id);
	return true;
}

/* Reads the array header of a field list into *n; false with the error set. */
static bool read_field_list_header(msgpack_decoder *d, uint32_t *n)
{
	const unsigned char *p = d->pos;
	unsigned head;

	if (MSGPACK_REMAINING(d) == 0) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (mp_is_fixarray(p[0])) {
		*n = mp_fix_count(p[0]);
		head = 0;
	} else if (p[0] == MP_ARRAY16 || p[0] == MP_ARRAY32) {
		head = p[0] == MP_ARRAY16 ? 2 : 4;
		if (MSGPACK_REMAINING(d) < 1 + head) {
			return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		}
		*n = head == 2 ? mp_load16(p + 1) : mp_load32(p + 1);
	} else {
		return msgpack_decode_invalid_item(d, p, "Record field list is not an array");
	}
	d->pos += 1 + head;
	/* a name and a value for each field, at least a byte each */
	if (UNEXPECTED(*n > MSGPACK_REMAINING(d) / 2)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	return true;
}

/* A declaration refused: its identifier is forgotten, so that later records of it are refused
 * too. In a stream the scanner has taken the declaration's field count (for the number msgpackr
 * reads: the low 6 bits of a one-byte identifier; a two-byte one whose first byte has them at 32
 * or more, msgpack_records.h): an older structure kept here would read records of another length
 * than the scanner frames. p: the identifier's byte(s), len of them. */
static bool refuse_declaration(msgpack_decoder *d, const unsigned char *p, uint32_t len, const unsigned char *at,
	const char *detail)
{
	if (len == 1) {
		msgpack_record_table_set(decoder_table(d), p[0] & 0x3f, false, NULL);
	} else if ((p[0] & 0x3f) >= MSGPACK_RECORD_TWO_BYTE_BASE) {
		msgpack_record_table_set(decoder_table(d), msgpack_record_two_byte_number(p[0], p[1]), true, NULL);
	}
	return msgpack_decode_invalid_item(d, at, detail);
}

/* The formats of a field name: str, bin, int (0x40-0x7f are records while records are on). The
 * input is not at its end: read_field_list_header() checked there is a byte per name. */
static bool is_name_format(unsigned char c)
{
	mp_type t = mp_type_of(c);

	return (t == MP_TYPE_STR || t == MP_TYPE_BIN || t == MP_TYPE_INT)
		&& !(c >= MSGPACK_RECORD_FIRST_ID && c <= MP_POSITIVE_FIXINT_MAX);
}

/* A field name (is_name_format()) into name: a str or bin, or an int, read as such (an int beyond
 * zend_long as msgpack_decode_value() reads it, whose bigint options decide what it is). */
static bool read_field_name(msgpack_decoder *d, zval *name)
{
	zend_long v;

	if (msgpack_take_int(d, &v)) {
		ZVAL_LONG(name, v);
		return true;
	}
	return msgpack_decode_expected_str(d, name);
}

/* A declaration's identifier and field list (p, len: the payload of its fixext), registered; NULL
 * with the error set. The table holds the structure. */
static msgpack_record_structure *declare(msgpack_decoder *d, const unsigned char *p, uint32_t len)
{
	msgpack_record_structure *s;
	uint32_t n = 0, number;

	if (len == 1) {
		if (UNEXPECTED(p[0] < MSGPACK_RECORD_FIRST_ID || p[0] >= MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT)) {
			refuse_declaration(d, p, len, p - 2, "Invalid record identifier (outside 0x40-0x7f)");
			return NULL;
		}
		number = p[0] - MSGPACK_RECORD_FIRST_ID;
	} else {
		/* `d5 72`: msgpackr's two-byte identifiers, a first byte 0x60-0x7f (msgpackr writes no
		 * other: one below would be a number no record reaches) and any second */
		if (UNEXPECTED(p[0] < MSGPACK_RECORD_TWO_BYTE_FIRST || p[0] >= MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT)) {
			refuse_declaration(d, p, len, p - 2, "Invalid two-byte record identifier (first byte outside 0x60-0x7f)");
			return NULL;
		}
		number = msgpack_record_two_byte_number(p[0], p[1]);
	}
	if (!read_field_list_header(d, &n)) {
		return NULL;
	}
	s = msgpack_record_structure_new();
	for (uint32_t i = 0; i < n; i++) {
		const unsigned char *at = d->pos;
		zval name;

		if (UNEXPECTED(at >= d->end)) {
			/* the input ends inside the field list */
			msgpack_record_structure_release(s);
			msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
			return NULL;
		}
		/* refused before it is read: a value built and dropped here (an object) would be
		 * freed while the decoder still keeps it (see msgpack_decode()) */
		if (!is_name_format(*at)) {
			msgpack_record_structure_release(s);
			refuse_declaration(d, p, len, at, "Invalid record field name (not a string or an int)");
			return NULL;
		}
		if (!read_field_name(d, &name)) {
			msgpack_record_structure_release(s);
			return NULL;
		}
		if (Z_TYPE(name) != IS_STRING && Z_TYPE(name) != IS_LONG) {
			/* a uint64 past PHP_INT_MAX under BIGINT_AS_FLOAT or _GMP */
			zval_ptr_dtor(&name);
			msgpack_record_structure_release(s);
			refuse_declaration(d, p, len, at, "Invalid record field name (not a string or an int)");
			return NULL;
		}
		if (!msgpack_record_structure_add(s, &name)) {
			zval_ptr_dtor(&name);
			msgpack_record_structure_release(s);
			refuse_declaration(d, p, len, at, "Duplicate record field name");
			return NULL;
		}
		zval_ptr_dtor(&name);
	}
	/* declared before its values are read: they may be records of the same structure */
	msgpack_record_table_set(decoder_table(d), number, len == 2, s);
	return s;
}

bool msgpack_record_declare(msgpack_decoder *d, zval *out, const unsigned char *p, uint32_t len)
{
	msgpack_record_structure *s = declare(d, p, len);

	return s != NULL && read_fields(d, out, s);
}

msgpack_record_structure *msgpack_record_head(msgpack_decoder *d)
{
	const unsigned char *p = d->pos;
	msgpack_record_structure *s;

	if (*p >= MSGPACK_RECORD_FIRST_ID && *p < MSGPACK_RECORD_FIRST_ID + MSGPACK_RECORD_ID_COUNT) {
		/* the decoder's table once it has one, else the shared one (as msgpack_record_other()) */
		const msgpack_record_table *t = d->records ? d->records : d->opts.shared_records;
		unsigned char id = *p;

		s = t ? t->by_id[id - MSGPACK_RECORD_FIRST_ID] : NULL;
		d->pos++;
		if (s == NULL && id >= MSGPACK_RECORD_TWO_BYTE_FIRST && msgpack_record_table_two(t, id, 0) != NULL) {
			if ((s = two_byte_structure(d, t, id, p)) == NULL) {
				return NULL;
			}
		} else if (UNEXPECTED(s == NULL)) {
			/* an identifier the shared structures lack (the caller asks for records only:
			 * msgpack_record_byte()) */
			msgpack_decode_invalid_item(d, p, d->opts.shared_records ? MSGPACK_RECORD_UNKNOWN_ID
				: "Record identifier used before its declaration");
			return NULL;
		}
	} else {
		/* `d4 72 <id>` or `d5 72 <id> <id>`, the caller found */
		uint32_t len = *p == MP_FIXEXT1 ? 1 : 2;
		if (MSGPACK_REMAINING(d) < 2 + (size_t) len) {
			msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
			return NULL;
		}
		d->pos += 2 + len;
		s = declare(d, p + 2, len);
		if (s == NULL) {
			return NULL;
		}
	}
	/* a declaration among its values may replace it in the table */
	s->refcount++;
	return s;
}
