/*
 * Floats that fit (msgpack_float.h), with PHP's own shortest-digits formatting and parsing
 * (zend_gcvt(), zend_strtod()): what the writer checks is then exactly what the reader does.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_strtod.h"
#include "common/msgpack_float.h"

double msgpack_float32_decimal(float f)
{
	double v = (double) f;
	/* "-1.234567e-45": sign, 7 digits, point, exponent, NUL; zend_gcvt() needs ndigit + 8 at most */
	char digits[32];

	if (!zend_finite(v) || v == 0) {
		return v; /* no digits to round: NaN, the infinities, the zeros keep their sign */
	}
	/* the digits rounded to MSGPACK_FLOAT32_DECIMAL_DIGITS, trailing zeros dropped */
	zend_gcvt(v, MSGPACK_FLOAT32_DECIMAL_DIGITS, '.', 'e', digits);
	return zend_strtod(digits, NULL);
}

bool msgpack_float32_decimal_fits(double d)
{
	float f = (float) d;
	double back;

	if (!zend_finite(d)) {
		return true; /* NaN and the infinities are float32 as well */
	}
	if (!zend_finite((double) f)) {
		return false; /* past FLT_MAX */
	}
	back = msgpack_float32_decimal(f);
	/* == alone would take -0.0 for 0.0 */
	return back == d && signbit(back) == signbit(d);
}
