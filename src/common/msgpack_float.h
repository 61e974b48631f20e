/*
 * Floats that fit (FLOAT32_DECIMAL_FIT of MsgPack\Packer and MsgPack\Unpacker, msgpackr's
 * `useFloat32: DECIMAL_FIT`): a float32 stands for the decimal of up to 7 significant digits
 * nearest to it, so that 7.99 written as float32 reads back as 7.99 and not 7.9899997711182;
 * the writer takes float32 only for a float that reads back so exactly.
 */
#ifndef MSGPACK_FLOAT_H
#define MSGPACK_FLOAT_H

#include "php.h"

/* How floats are written (pack_write.h: msgpack_pack_double()): float64, float32, or float32 when
 * msgpack_float32_decimal() reads the float back from it, else float64. */
#define MSGPACK_F32_NEVER       0
#define MSGPACK_F32_ALWAYS      1
#define MSGPACK_F32_DECIMAL_FIT 2

/* The significant digits a float32 is read back to: float32 holds 7.2 decimal digits. */
#define MSGPACK_FLOAT32_DECIMAL_DIGITS 7

/* The value a float32 is read as with FLOAT32_DECIMAL_FIT. */
double msgpack_float32_decimal(float f);

/* Whether d, written as float32, is read back as d by msgpack_float32_decimal(). */
bool msgpack_float32_decimal_fits(double d);

#endif
