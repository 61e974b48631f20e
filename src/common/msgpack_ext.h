/* MsgPack\Ext and MsgPack\Timestamp (the values of MessagePack's ext type), MsgPack\Bin and MsgPack\Map. */
#ifndef MSGPACK_EXT_H
#define MSGPACK_EXT_H

#include "php.h"

extern zend_class_entry *msgpack_ext_ce;
extern zend_class_entry *msgpack_timestamp_ce;
extern zend_class_entry *msgpack_bin_ce; /* MsgPack\Bin: a string packed as bin */
extern zend_class_entry *msgpack_map_ce; /* MsgPack\Map: an array packed as a map */

/* Property slots, in declaration order of msgpack.stub.php. */
#define MSGPACK_EXT_TYPE(obj)           OBJ_PROP_NUM(obj, 0)
#define MSGPACK_EXT_DATA(obj)           OBJ_PROP_NUM(obj, 1)
#define MSGPACK_TIMESTAMP_SECONDS(obj)  OBJ_PROP_NUM(obj, 0)
#define MSGPACK_TIMESTAMP_NANOS(obj)    OBJ_PROP_NUM(obj, 1)
#define MSGPACK_BIN_DATA(obj)           OBJ_PROP_NUM(obj, 0)
#define MSGPACK_MAP_VALUE(obj)          OBJ_PROP_NUM(obj, 0)

void msgpack_ext_register_classes(void);
void msgpack_ext_init(zval *out, int8_t type, const char *data, size_t len);
void msgpack_timestamp_init(zval *out, int64_t seconds, uint32_t nanoseconds);
/* The seconds and nanoseconds of a Timestamp; false for one made without its constructor. */
bool msgpack_timestamp_read(zend_object *obj, int64_t *seconds, uint32_t *nanoseconds);
/* A DateTimeImmutable in UTC of the timestamp, to the microsecond PHP keeps; false with an
 * exception pending if PHP cannot hold it. */
bool msgpack_timestamp_to_datetime(zval *out, int64_t seconds, uint32_t nanoseconds);
/* The same as an object of ce, DateTimeImmutable, DateTime or a subclass of one of them. */
bool msgpack_timestamp_to_date(zval *out, zend_class_entry *ce, int64_t seconds, uint32_t nanoseconds);
/* Releases the request's prototypes of dates (RSHUTDOWN). */
void msgpack_ext_request_shutdown(void);
/* A MsgPack\Bin of the bytes. */
void msgpack_bin_init(zval *out, const char *data, size_t len);
/* Why the instant of a DateTimeInterface object could not be read. */
typedef enum _msgpack_date_error {
	MSGPACK_DATE_OK = 0,
	MSGPACK_DATE_UNINITIALIZED, /* its constructor did not initialize it */
	MSGPACK_DATE_UNREADABLE,    /* none of its classes has PHP's own getTimestamp() */
	MSGPACK_DATE_EXCEPTION,     /* PHP's getTimestamp() threw */
} msgpack_date_error;

/* The instant of a DateTimeInterface object as seconds since the epoch and nanoseconds (always a
 * multiple of 1000: PHP keeps microseconds), or why not. Nothing is thrown but what
 * getTimestamp() throws: the caller says the other errors (msgpack_throw_date_error()), the
 * encoder through its API. */
msgpack_date_error msgpack_datetime_to_timespec(zend_object *obj, int64_t *seconds, uint32_t *nanoseconds);
/* The Error of a date of class class_name that could not be read (UNINITIALIZED, UNREADABLE),
 * thrown as msgpack_throw_since() throws (pending: EG(exception) when the error was met). */
void msgpack_throw_date_error(msgpack_date_error error, const zend_string *class_name, zend_object *pending);

#endif
