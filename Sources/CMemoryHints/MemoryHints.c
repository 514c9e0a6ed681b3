// mremap is a GNU extension, and variadic, which Swift cannot call directly.
#define _GNU_SOURCE
#include "CMemoryHints.h"

#if defined(__linux__)
#include <sys/mman.h>

void *scene_router_move_pages(void *old, size_t size, void *target) {
    return mremap(old, size, size, MREMAP_MAYMOVE | MREMAP_FIXED, target);
}
#else
void *scene_router_move_pages(void *old, size_t size, void *target) {
    (void)old;
    (void)size;
    (void)target;
    return (void *)-1;
}
#endif
