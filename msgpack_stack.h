/*
 * The C stack guard of every recursion of the extension: packing, unpacking (both APIs,
 * streams, records, PHP objects) and template conversion.
 *
 * Each entry point takes the lowest address its recursion may reach on the stack it runs on
 * (msgpack_stack_limit()), and each level compares its own frame with it. The check is on the real
 * stack of the thread or fiber, not on a count of levels: a fiber's stack can be 64 KiB, a thread's
 * 128 KiB, a debug build's frames are several times larger, and a call made from user code (an
 * ext encoder, jsonSerialize(), __wakeup) that packs or unpacks again starts below the frames of
 * the call that is already under way. msgpack.max_depth is a policy limit on top of this one.
 */
#ifndef MSGPACK_STACK_H
#define MSGPACK_STACK_H

#include "php.h"

/*
 * The lowest address the current recursion may grow to on the running thread's or fiber's
 * stack, leaving room for the engine and for the PHP code a level may call (magic methods,
 * callbacks, autoloaders). Call it once per entry point, not per level.
 */
const char *msgpack_stack_limit(void);

/* The current position on the stack: the caller's frame. */
#if defined(__GNUC__) || defined(__clang__)
# define msgpack_stack_position() ((uintptr_t) __builtin_frame_address(0))
#elif defined(_MSC_VER)
# include <intrin.h>
# define msgpack_stack_position() ((uintptr_t) _AddressOfReturnAddress())
#endif

/* Whether the caller's frame lies below limit: the stack grows down on every platform PHP runs on
 * (as the engine's own check assumes). */
#define msgpack_stack_exhausted(limit) UNEXPECTED(msgpack_stack_position() < (uintptr_t) (limit))

#endif
