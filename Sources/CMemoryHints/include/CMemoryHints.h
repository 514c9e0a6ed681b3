#ifndef SCENEROUTER_CMEMORYHINTS_H
#define SCENEROUTER_CMEMORYHINTS_H

#include <stddef.h>
#include "CReaderSlots.h"
#include "CThreadState.h"

// Swift has no prefetch intrinsic. Routing at a million sessions is a short chain of cache
// misses (index entry, group head, literal, session); a prefetch lets a miss that is already
// known to be needed start while the route works on something else. A hint only: it never
// faults and never changes a result.
static inline __attribute__((always_inline)) void scene_router_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

// A hint to the CPU that the thread is spinning on a lock (x86 PAUSE, ARM YIELD): the
// spinning core wastes less power and lets a sibling hyperthread run. Swift has no
// intrinsic for it either.
static inline __attribute__((always_inline)) void scene_router_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

// Moves the pages of the mapping [old, old + size) to target (page-aligned, inside a mapping
// of at least size bytes) without copying them: the page-table entries move, the data stays
// where it is in physical memory. Returns target, or (void *)-1 where that is not possible
// (then nothing moved). Linux only (mremap, which is variadic: Swift cannot call it);
// elsewhere always -1.
void *scene_router_move_pages(void *old, size_t size, void *target);

// Bytes malloc has handed out and not yet taken back, in every arena, large blocks included
// (glibc's mallinfo2); 0 where the C library does not tell. Benchmarks count with it what a
// loaded app holds, which the resident set blurs with freed memory malloc keeps.
size_t scene_router_heap_bytes_in_use(void);

// Gives the pages of free heap memory back to the system (glibc's malloc_trim), so that a
// benchmark's resident-set growth starts from memory in use only. Nothing elsewhere.
void scene_router_return_free_heap(void);

#endif
