/*
 * The decoder's reading of msgpackr's records (unpack_records.c): declarations (`d4 72 <id>`,
 * `d5 72 <id> <id>`) and records (a byte 0x40-0x7f, or two), from the structure tables of
 * msgpack_records.h. Not installed; only the decoder includes it.
 */
#ifndef MSGPACK_UNPACK_RECORDS_H
#define MSGPACK_UNPACK_RECORDS_H

#include "php.h"
#include "decode/unpack_internal.h"

/* The record with identifier byte id (0x40-0x7f), just read: out is its table with the keys in
 * place and null values, *values the first of its *n buckets, which the caller fills in order and
 * then calls msgpack_record_close(); or, *values NULL, the record read whole (no fields, or too
 * many for the input to justify the table up front). False with the decoder's error set. */
bool msgpack_record_open(msgpack_decoder *d, zval *out, unsigned char id, Bucket **values, uint32_t *n);
void msgpack_record_close(msgpack_decoder *d, zval *out);
/* A fixext 0x72 of payload p, len (1 or 2) bytes, just read: a declaration and its first record
 * (d4 72 <id>, or d5 72 and the two bytes of a two-byte identifier). Other ext 0x72 forms are no
 * records, for msgpackr either: they stay MsgPack\Ext values. */
bool msgpack_record_declare(msgpack_decoder *d, zval *out, const unsigned char *p, uint32_t len);
/* The byte id (0x40-0x7f, just read) while records are on and no one-byte structure is known for
 * it: the first byte of a two-byte identifier whose slot holds a two-byte structure (the record
 * read into out), an unknown record while shared structures are on (false, the error set), else
 * the int, as msgpackr reads it. */
bool msgpack_record_other(msgpack_decoder *d, zval *out, unsigned char id);
/* Typed decoding: the structure of the record at d->pos (a declared identifier, or a declaration
 * `d4 72 <id>` whose field list is read and registered), its head consumed; its s->count values
 * follow, in the order of s->fields. The caller holds a reference (msgpack_record_structure_release()).
 * NULL with the decoder's error set. */
msgpack_record_structure *msgpack_record_head(msgpack_decoder *d);
/* Releases the decoder's own table. */
void msgpack_records_decoder_destroy(msgpack_decoder *d);

#endif
