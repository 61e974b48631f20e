/*
 * The C stack guard (msgpack_stack.h): where the stack the code runs on ends, when the quick
 * answer of msgpack_stack_limit() does not hold.
 *
 * PHP 8.3 and later keep the end of the running stack in EG(stack_limit) (updated at every fiber
 * switch, per thread under ZTS), less a reserve for the engine's own C code; msgpack_stack_limit()
 * reads it. Here: PHP 8.3+ with that check off (zend.max_allowed_stack_size=-1), and PHP 8.1/8.2,
 * where the bounds are the running fiber's stack, else the thread's, asked of the system once per
 * thread.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_msgpack.h"
#include "common/msgpack_stack.h"
#include "zend_fibers.h"
#ifdef ZEND_CHECK_STACK_LIMIT
# include "zend_call_stack.h"
#endif
#if !defined(PHP_WIN32) && !defined(ZEND_CHECK_STACK_LIMIT)
# include <pthread.h>
#endif

/* Kept free below the recursion when the bounds are our own: for the engine's C code and the PHP
 * code a level may call, which nothing else guards on PHP 8.1/8.2; at most half of a small stack
 * (a fiber of 64 KiB keeps 32 KiB). */
#define STACK_RESERVE (128 * 1024)
/* When no bound can be found: what the recursion may take below the frame that starts it. */
#define STACK_UNKNOWN_BUDGET (256 * 1024)

static const char *limit_above(const char *low, const char *high, size_t reserve)
{
	return low + MIN(reserve, (size_t) (high - low) / 2);
}

#ifndef ZEND_CHECK_STACK_LIMIT
/*
 * PHP 8.1 and 8.2 keep a fiber's stack in a zend_fiber_stack that only zend_fibers.c declares;
 * its first two members are the stack's lowest usable address (above the guard pages) and its
 * size, in every release that has fibers without EG(stack_limit).
 */
typedef struct _fiber_stack_head {
	void *pointer;
	size_t size;
} fiber_stack_head;

static bool fiber_bounds(const char **low, const char **high)
{
	const zend_fiber_context *fiber = EG(current_fiber_context);
	const fiber_stack_head *stack;

	if (fiber == NULL || fiber == EG(main_fiber_context) || fiber->stack == NULL) {
		return false; /* the main context runs on the thread's own stack */
	}
	stack = (const fiber_stack_head *) fiber->stack;
	*low = stack->pointer;
	*high = *low + stack->size;
	return true;
}
#endif

/* The bounds of the running thread's stack. */
static bool system_thread_bounds(const char **low, const char **high)
{
#ifdef ZEND_CHECK_STACK_LIMIT
	zend_call_stack stack;

	if (!zend_call_stack_get(&stack)) {
		return false;
	}
	*high = stack.base;
	*low = *high - stack.max_size;
	return true;
#elif defined(PHP_WIN32)
	ULONG_PTR lo, hi;

	GetCurrentThreadStackLimits(&lo, &hi);
	*low = (const char *) lo;
	*high = (const char *) hi;
	return true;
#elif defined(__APPLE__)
	pthread_t self = pthread_self();

	*high = pthread_get_stackaddr_np(self);
	*low = *high - pthread_get_stacksize_np(self);
	return true;
#elif defined(__GLIBC__) || defined(__linux__)
	pthread_attr_t attr;
	void *addr;
	size_t size;
	bool ok;

	if (pthread_getattr_np(pthread_self(), &attr) != 0) {
		return false;
	}
	ok = pthread_attr_getstack(&attr, &addr, &size) == 0;
	pthread_attr_destroy(&attr);
	if (ok) {
		*low = addr;
		*high = *low + size;
	}
	return ok;
#else
	return false;
#endif
}

/* The running thread's bounds, asked once per thread (module globals are per thread under ZTS). */
static bool thread_bounds(const char **low, const char **high)
{
	if (MSGPACK_G(thread_stack_high) == NULL) {
		const char *lo, *hi;

		if (!system_thread_bounds(&lo, &hi) || hi <= lo) {
			return false;
		}
		MSGPACK_G(thread_stack_low) = lo;
		MSGPACK_G(thread_stack_high) = hi;
		MSGPACK_G(thread_stack_limit) = limit_above(lo, hi, STACK_RESERVE);
	}
	*low = MSGPACK_G(thread_stack_low);
	*high = MSGPACK_G(thread_stack_high);
	return true;
}

const char *msgpack_stack_limit_slow(void)
{
	const char *low, *high;
	uintptr_t here = msgpack_stack_position();

#ifndef ZEND_CHECK_STACK_LIMIT
	if (fiber_bounds(&low, &high) && here > (uintptr_t) low && here <= (uintptr_t) high) {
		return limit_above(low, high, STACK_RESERVE);
	}
#endif
	/* (PHP 8.3+: the engine's check is off, and a fiber's limit is always set) */
	if (thread_bounds(&low, &high) && here > (uintptr_t) low && here <= (uintptr_t) high) {
		return MSGPACK_G(thread_stack_limit);
	}
	/* a stack we know nothing of (a coroutine library's own): a fixed budget from here */
	return (const char *) (here > STACK_UNKNOWN_BUDGET ? here - STACK_UNKNOWN_BUDGET : 0);
}
