/*
 * MsgPack\Ext (an ext value of any type) and MsgPack\Timestamp (ext type -1): final classes
 * with two readonly properties; MsgPack\Bin and MsgPack\Map, which ask the encoder for a bin
 * or a map, with one. Their class entries are registered in msgpack.c from the
 * generated arginfo; the encoder and decoder make and read them through the helpers here.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/date/php_date.h"
#include "php_msgpack.h"
#include <time.h> /* timespec_get() */
#include "common/msgpack_ext.h"
#include "common/msgpack_exception.h"

zend_class_entry *msgpack_ext_ce;
zend_class_entry *msgpack_timestamp_ce;

void msgpack_ext_init(zval *out, int8_t type, const char *data, size_t len)
{
	zend_object *obj;

	object_init_ex(out, msgpack_ext_ce);
	obj = Z_OBJ_P(out);
	ZVAL_LONG(MSGPACK_EXT_TYPE(obj), type);
	ZVAL_STRINGL_FAST(MSGPACK_EXT_DATA(obj), data, len);
}

/* The seconds property: an int, or on 32-bit PHP a float beyond zend_long (as PHP makes of an int
 * literal that overflows). A float holds 53 bits exactly: beyond 2^53 seconds (285 million years)
 * it rounds. */
static void set_seconds(zval *prop, int64_t seconds)
{
#if SIZEOF_ZEND_LONG == 4
	if (seconds < ZEND_LONG_MIN || seconds > ZEND_LONG_MAX) {
		ZVAL_DOUBLE(prop, (double) seconds);
		return;
	}
#endif
	ZVAL_LONG(prop, (zend_long) seconds);
}

void msgpack_timestamp_init(zval *out, int64_t seconds, uint32_t nanoseconds)
{
	zend_object *obj;

	object_init_ex(out, msgpack_timestamp_ce);
	obj = Z_OBJ_P(out);
	set_seconds(MSGPACK_TIMESTAMP_SECONDS(obj), seconds);
	ZVAL_LONG(MSGPACK_TIMESTAMP_NANOS(obj), (zend_long) nanoseconds);
}

/* 2^63 as a double: a whole float below it (and at least its negative) is an int64. */
#define TWO_POW_63 9223372036854775808.0

bool msgpack_timestamp_read(zend_object *obj, int64_t *seconds, uint32_t *nanoseconds)
{
	zval *sec = MSGPACK_TIMESTAMP_SECONDS(obj), *nsec = MSGPACK_TIMESTAMP_NANOS(obj);

	if (Z_TYPE_P(nsec) != IS_LONG) {
		return false;
	}
	if (Z_TYPE_P(sec) == IS_LONG) {
		*seconds = Z_LVAL_P(sec);
	} else if (Z_TYPE_P(sec) == IS_DOUBLE) {
		/* whole, and within the int64 range but for INT64_MAX rounded up to 2^63 */
		*seconds = Z_DVAL_P(sec) >= TWO_POW_63 ? INT64_MAX : (int64_t) Z_DVAL_P(sec);
	} else {
		return false;
	}
	*nanoseconds = (uint32_t) Z_LVAL_P(nsec);
	return true;
}

/* Readonly properties are set once: a second call of the constructor is refused. */
static bool already_constructed(zend_object *obj)
{
	if (Z_TYPE_P(OBJ_PROP_NUM(obj, 0)) != IS_UNDEF) {
		const char *name = obj->ce == msgpack_ext_ce ? "type"
			: obj->ce == msgpack_timestamp_ce ? "seconds"
			: obj->ce == msgpack_bin_ce ? "data" : "value";
		zend_throw_error(NULL, "Cannot modify readonly property %s::$%s", ZSTR_VAL(obj->ce->name), name);
		return true;
	}
	return false;
}

ZEND_METHOD(MsgPack_Ext, __construct)
{
	zend_long type;
	zend_string *data;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(type)
		Z_PARAM_STR(data)
	ZEND_PARSE_PARAMETERS_END();

	if (type < -128 || type > 127) {
		zend_argument_value_error(1, "must be between -128 and 127");
		RETURN_THROWS();
	}
	if (already_constructed(obj)) {
		RETURN_THROWS();
	}
	ZVAL_LONG(MSGPACK_EXT_TYPE(obj), type);
	ZVAL_STR_COPY(MSGPACK_EXT_DATA(obj), data);
}

ZEND_METHOD(MsgPack_Timestamp, __construct)
{
	zval *seconds;
	zend_long nanoseconds = 0;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);
	int64_t sec;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_NUMBER(seconds)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(nanoseconds)
	ZEND_PARSE_PARAMETERS_END();

	if (Z_TYPE_P(seconds) == IS_LONG) {
		sec = Z_LVAL_P(seconds);
	} else {
		double d = Z_DVAL_P(seconds);
		if (!(d >= -TWO_POW_63 && d <= TWO_POW_63) || d != floor(d)) { /* NAN fails the first */
			zend_argument_value_error(1, "must be a whole number within the 64-bit range");
			RETURN_THROWS();
		}
		/* 2^63 is INT64_MAX as a float holds it: what $seconds of that timestamp reads on 32-bit */
		sec = d == TWO_POW_63 ? INT64_MAX : (int64_t) d;
	}
	if (nanoseconds < 0 || nanoseconds > 999999999) {
		zend_argument_value_error(2, "must be between 0 and 999999999");
		RETURN_THROWS();
	}
	if (already_constructed(obj)) {
		RETURN_THROWS();
	}
	set_seconds(MSGPACK_TIMESTAMP_SECONDS(obj), sec);
	ZVAL_LONG(MSGPACK_TIMESTAMP_NANOS(obj), nanoseconds);
}

zend_class_entry *msgpack_bin_ce;
zend_class_entry *msgpack_map_ce;

void msgpack_bin_init(zval *out, const char *data, size_t len)
{
	object_init_ex(out, msgpack_bin_ce);
	ZVAL_STRINGL_FAST(MSGPACK_BIN_DATA(Z_OBJ_P(out)), data, len);
}

ZEND_METHOD(MsgPack_Bin, __construct)
{
	zend_string *data;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(data)
	ZEND_PARSE_PARAMETERS_END();

	if (already_constructed(obj)) {
		RETURN_THROWS();
	}
	ZVAL_STR_COPY(MSGPACK_BIN_DATA(obj), data);
}

ZEND_METHOD(MsgPack_Map, __construct)
{
	zval *value;
	zend_object *obj = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY(value)
	ZEND_PARSE_PARAMETERS_END();

	if (already_constructed(obj)) {
		RETURN_THROWS();
	}
	ZVAL_COPY(MSGPACK_MAP_VALUE(obj), value);
}

/* The parent of ce that PHP defines (DateTime or DateTimeImmutable): a subclass may override
 * getTimestamp(), the instant must not depend on that. */
static zend_function *internal_get_timestamp(zend_class_entry *ce)
{
	while (ce->type != ZEND_INTERNAL_CLASS && ce->parent) {
		ce = ce->parent;
	}
	return zend_hash_str_find_ptr(&ce->function_table, "gettimestamp", sizeof("gettimestamp") - 1);
}

msgpack_date_error msgpack_datetime_to_timespec(zend_object *obj, int64_t *seconds, uint32_t *nanoseconds)
{
	php_date_obj *date = php_date_obj_from_obj(obj);

	if (date->time == NULL) {
		return MSGPACK_DATE_UNINITIALIZED;
	}
	if (!date->time->sse_uptodate) {
		/* PHP's own getTimestamp() brings the seconds since the epoch up to date */
		zend_function *fn = internal_get_timestamp(obj->ce);
		zval rv;

		if (fn == NULL) {
			return MSGPACK_DATE_UNREADABLE;
		}
		ZVAL_UNDEF(&rv);
		zend_call_known_instance_method_with_0_params(fn, obj, &rv);
		zval_ptr_dtor(&rv);
		if (EG(exception)) {
			return MSGPACK_DATE_EXCEPTION;
		}
	}
	/* timelib keeps the instant as whole seconds (floored) plus 0..999999 microseconds, the
	 * way a timestamp keeps seconds plus nanoseconds */
	*seconds = (int64_t) date->time->sse;
	*nanoseconds = (uint32_t) date->time->us * 1000;
	return MSGPACK_DATE_OK;
}

void msgpack_throw_date_error(msgpack_date_error error, const zend_string *class_name, zend_object *pending)
{
	if (error == MSGPACK_DATE_UNINITIALIZED) {
		msgpack_throw_since(pending, zend_ce_error, "The DateTimeInterface object has not been correctly initialized by its constructor");
	} else if (error == MSGPACK_DATE_UNREADABLE) {
		msgpack_throw_since(pending, zend_ce_error, "Cannot read the time of a %s", ZSTR_VAL(class_name));
	}
}

/* The time now, to the nanosecond the system gives (DateTime has microseconds only). */
ZEND_METHOD(MsgPack_Timestamp, now)
{
	struct timespec ts;

	ZEND_PARSE_PARAMETERS_NONE();
	/* C11's timespec_get(): the wall clock, on Windows as elsewhere */
	if (timespec_get(&ts, TIME_UTC) != TIME_UTC) {
		zend_throw_error(NULL, "the system clock cannot be read");
		RETURN_THROWS();
	}
	msgpack_timestamp_init(return_value, (int64_t) ts.tv_sec, (uint32_t) ts.tv_nsec);
}

ZEND_METHOD(MsgPack_Timestamp, fromDateTime)
{
	zend_object *date;
	int64_t seconds;
	uint32_t nanoseconds;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_OBJ_OF_CLASS(date, php_date_get_interface_ce())
	ZEND_PARSE_PARAMETERS_END();

	msgpack_date_error error = msgpack_datetime_to_timespec(date, &seconds, &nanoseconds);
	if (error != MSGPACK_DATE_OK) {
		msgpack_throw_date_error(error, date->ce->name, EG(exception));
		RETURN_THROWS();
	}
	msgpack_timestamp_init(return_value, seconds, nanoseconds);
}

/* Made as `(new DateTimeImmutable("1970-01-01", new DateTimeZone("UTC")))->setTimestamp($seconds)`:
 * the zone is UTC (not "+00:00"), and every int64 is taken (a "@seconds" string is parsed). For
 * PHP's own two classes only (msgpack_timestamp_to_date() makes a subclass's date from one). */
static bool date_by_set_timestamp(zval *out, zend_class_entry *ce, int64_t seconds, uint32_t nanoseconds)
{
	zend_class_entry *tz_ce = php_date_get_timezone_ce();
	zend_class_entry *base = instanceof_function(ce, php_date_get_immutable_ce()) ? php_date_get_immutable_ce()
		: php_date_get_date_ce();
	zval tz, name, epoch, sec;
	bool ok;

	ZVAL_UNDEF(out);
	object_init_ex(&tz, tz_ce);
	ZVAL_STRINGL(&name, "UTC", 3);
	zend_call_known_instance_method_with_1_params(tz_ce->constructor, Z_OBJ(tz), NULL, &name);
	zval_ptr_dtor(&name);
	php_date_instantiate(ce, &epoch);
#if SIZEOF_ZEND_LONG == 4
	if (seconds < ZEND_LONG_MIN || seconds > ZEND_LONG_MAX) {
		/* setTimestamp() takes a zend_long: "@seconds" parses any int64, in the zone +00:00 */
		char at[24];
		int at_len = snprintf(at, sizeof(at), "@%" PRId64, seconds);
		ok = !EG(exception) && php_date_initialize(Z_PHPDATE_P(&epoch), at, (size_t) at_len, NULL, NULL, 0);
		if (ok) {
			zend_call_method_with_1_params(Z_OBJ(epoch), base, NULL, "settimezone", out, &tz);
			ok = !EG(exception) && Z_TYPE_P(out) == IS_OBJECT && instanceof_function(Z_OBJCE_P(out), ce);
		}
	} else
#endif
	{
		ok = !EG(exception) && php_date_initialize(Z_PHPDATE_P(&epoch), "1970-01-01 00:00:00",
			sizeof("1970-01-01 00:00:00") - 1, NULL, &tz, 0);
		if (ok) {
			ZVAL_LONG(&sec, (zend_long) seconds);
			zend_call_method_with_1_params(Z_OBJ(epoch), base, NULL, "settimestamp", out, &sec);
			ok = !EG(exception) && Z_TYPE_P(out) == IS_OBJECT && instanceof_function(Z_OBJCE_P(out), ce);
		}
	}
	zval_ptr_dtor(&epoch);
	zval_ptr_dtor(&tz);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		if (!EG(exception)) {
			zend_throw_error(NULL, "Cannot make a %s of timestamp %" PRId64, ZSTR_VAL(ce->name), seconds);
		}
		return false;
	}
	/* the seconds are floored, so the fraction is the nanoseconds as they are */
	Z_PHPDATE_P(out)->time->us = nanoseconds / 1000;
	return true;
}

/* Seconds within which a date of PHP's own classes is made from the prototype: 2^40 s, some
 * 34,000 years either way (tests/173 compares such dates with setTimestamp()'s at the bounds and
 * across the calendar); others the slow way. */
#define DATE_FAST_RANGE (INT64_C(1) << 40)

/* The epoch in UTC as a DateTimeImmutable (0) or DateTime (1), made once per request the slow way
 * and cloned for each date (released by msgpack_ext_request_shutdown()); NULL if it cannot be. */
static zend_object *date_prototype(int i)
{
	if (UNEXPECTED(MSGPACK_G(request_ending))) {
		return NULL; /* after RSHUTDOWN (the session's write): an object kept then would leak */
	}
	if (MSGPACK_G(date_protos)[i] == NULL) {
		zval proto;
		if (!date_by_set_timestamp(&proto, i == 0 ? php_date_get_immutable_ce() : php_date_get_date_ce(), 0, 0)) {
			return NULL;
		}
		MSGPACK_G(date_protos)[i] = Z_OBJ(proto);
	}
	return MSGPACK_G(date_protos)[i];
}

/* A clone of the epoch with its time set as setTimestamp() sets it in UTC (the zone's offset is 0
 * at every instant, and no DST): the civil date and time of the seconds, and the seconds since
 * the epoch, both up to date. The days become a civil date by the usual era arithmetic of the
 * proleptic Gregorian calendar (400-year eras of 146097 days, years from March), as timelib
 * counts them. */
static void date_from_prototype(zval *out, zend_object *proto, int64_t sec, uint32_t nsec)
{
	zend_object *obj = proto->handlers->clone_obj(proto);
	timelib_time *tm = php_date_obj_from_obj(obj)->time;
	int64_t days = sec / 86400, rem = sec % 86400;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	int64_t z = days + 719468;                                            /* days since 0000-03-01 */
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;                                       /* [0, 146096] */
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; /* [0, 399] */
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);               /* [0, 365] */
	int64_t mp = (5 * doy + 2) / 153;                                     /* [0, 11], from March */
	int64_t month = mp < 10 ? mp + 3 : mp - 9;

	tm->y = yoe + era * 400 + (month <= 2);
	tm->m = month;
	tm->d = doy - (153 * mp + 2) / 5 + 1;
	tm->h = rem / 3600;
	tm->i = rem / 60 % 60;
	tm->s = rem % 60;
	tm->us = nsec / 1000;
	tm->sse = sec;
	tm->sse_uptodate = 1;
	tm->tim_uptodate = 1;
	ZVAL_OBJ(out, obj);
}

static bool date_of_subclass(zval *out, zend_class_entry *ce, int64_t seconds, uint32_t nanoseconds);

bool msgpack_timestamp_to_date(zval *out, zend_class_entry *ce, int64_t seconds, uint32_t nanoseconds)
{
	int i = ce == php_date_get_immutable_ce() ? 0 : ce == php_date_get_date_ce() ? 1 : -1;

	if (UNEXPECTED(i < 0)) {
		return date_of_subclass(out, ce, seconds, nanoseconds);
	}
	if (seconds >= -DATE_FAST_RANGE && seconds <= DATE_FAST_RANGE) {
		zend_object *proto = date_prototype(i);
		if (proto != NULL) {
			date_from_prototype(out, proto, seconds, nanoseconds);
			return true;
		}
		if (EG(exception)) {
			return false;
		}
	}
	return date_by_set_timestamp(out, ce, seconds, nanoseconds);
}

/* A subclass's date: made by its PHP parent, its timelib time then moved into an object of the
 * subclass made as unserialize() makes objects (no constructor). No method of the subclass runs:
 * cloning or releasing an object of the subclass would run its __clone() or __destruct(), and
 * its setTimestamp() may be overridden. */
static zend_never_inline bool date_of_subclass(zval *out, zend_class_entry *ce, int64_t seconds, uint32_t nanoseconds)
{
	zend_class_entry *base = instanceof_function(ce, php_date_get_immutable_ce()) ? php_date_get_immutable_ce()
		: php_date_get_date_ce();
	zval date;

	ZVAL_UNDEF(out);
	if (!msgpack_timestamp_to_date(&date, base, seconds, nanoseconds)) {
		return false;
	}
	if (object_init_ex(out, ce) != SUCCESS) {
		zval_ptr_dtor(&date);
		ZVAL_UNDEF(out);
		return false;
	}
	php_date_obj *from = Z_PHPDATE_P(&date), *to = Z_PHPDATE_P(out);
	to->time = from->time;
	from->time = NULL; /* PHP's own class: its release runs no user code */
	zval_ptr_dtor(&date);
	return true;
}

void msgpack_ext_request_shutdown(void)
{
	for (int i = 0; i < 2; i++) {
		if (MSGPACK_G(date_protos)[i]) {
			OBJ_RELEASE(MSGPACK_G(date_protos)[i]);
			MSGPACK_G(date_protos)[i] = NULL;
		}
	}
}

bool msgpack_timestamp_to_datetime(zval *out, int64_t seconds, uint32_t nanoseconds)
{
	return msgpack_timestamp_to_date(out, php_date_get_immutable_ce(), seconds, nanoseconds);
}

/* A DateTimeImmutable in UTC; nanoseconds are truncated to the microseconds PHP keeps. */
ZEND_METHOD(MsgPack_Timestamp, toDateTime)
{
	zend_object *obj = Z_OBJ_P(ZEND_THIS);
	int64_t seconds;
	uint32_t nanoseconds;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!msgpack_timestamp_read(obj, &seconds, &nanoseconds)) {
		zend_throw_error(NULL, "MsgPack\\Timestamp object is not initialized");
		RETURN_THROWS();
	}
	if (!msgpack_timestamp_to_datetime(return_value, seconds, nanoseconds)) {
		ZVAL_NULL(return_value);
		RETURN_THROWS();
	}
}
