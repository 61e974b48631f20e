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
#include "php_msgpack.h"

/* The policy limit on nesting by default: msgpack.max_depth's default, and the default of
 * MsgPack\Unpacker's $maxDepth (msgpack.stub.php says 4096 too: keep them equal). */
#define MSGPACK_DEFAULT_MAX_DEPTH 4096

/* The current position on the stack. The stack pointer itself where it can be read directly:
 * __builtin_frame_address(0) would make every function that checks set up a frame pointer. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
static zend_always_inline uintptr_t msgpack_stack_position(void)
{
	uintptr_t sp;
	__asm__ ("movq %%rsp, %0" : "=r" (sp));
	return sp;
}
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
static zend_always_inline uintptr_t msgpack_stack_position(void)
{
	uintptr_t sp;
	__asm__ ("mov %0, sp" : "=r" (sp));
	return sp;
}
#elif defined(__GNUC__) || defined(__clang__)
# define msgpack_stack_position() ((uintptr_t) __builtin_frame_address(0))
#elif defined(_MSC_VER)
# include <intrin.h>
# define msgpack_stack_position() ((uintptr_t) _AddressOfReturnAddress())
#endif

/* Room kept free above the engine's own limit (which has a reserve for the engine's C code), so
 * that a magic method called at the deepest level may still run: at most a quarter of what the
 * stack has above that limit (a fiber's can be 64 KiB in all). */
#define MSGPACK_STACK_ROOM_ABOVE_ENGINE (16 * 1024)

/* msgpack_stack_limit() where the quick answer does not hold (msgpack_stack.c). */
const char *msgpack_stack_limit_slow(void);

/*
 * The lowest address the current recursion may grow to on the running thread's or fiber's
 * stack, leaving room for the engine and for the PHP code a level may call (magic methods,
 * callbacks, autoloaders). Called once per entry point, not per level.
 */
static zend_always_inline const char *msgpack_stack_limit(void)
{
#ifdef ZEND_CHECK_STACK_LIMIT
	/* PHP 8.3+: the engine's limit of the running thread or fiber */
	const char *limit = EG(stack_limit), *base = EG(stack_base);
	uintptr_t here = msgpack_stack_position();

	/* (a stack outside those bounds is a coroutine library's own, or already past the engine's
	 * limit: msgpack_stack_limit_slow() tells) */
	if (EXPECTED(limit != NULL && here > (uintptr_t) limit && here <= (uintptr_t) base)) {
		return limit + MIN(MSGPACK_STACK_ROOM_ABOVE_ENGINE, (size_t) (base - limit) / 4);
	}
#else
	/* PHP 8.1/8.2 outside a fiber: the thread's own stack, whose limit is found once */
	uintptr_t here = msgpack_stack_position();

	if (EXPECTED(EG(current_fiber_context) == EG(main_fiber_context)
			&& here > (uintptr_t) MSGPACK_G(thread_stack_low) && here <= (uintptr_t) MSGPACK_G(thread_stack_high))) {
		return MSGPACK_G(thread_stack_limit);
	}
#endif
	return msgpack_stack_limit_slow();
}

/* Whether the caller's frame lies below limit: the stack grows down on every platform PHP runs on
 * (as the engine's own check assumes). */
#define msgpack_stack_exhausted(limit) UNEXPECTED(msgpack_stack_position() < (uintptr_t) (limit))

#endif
