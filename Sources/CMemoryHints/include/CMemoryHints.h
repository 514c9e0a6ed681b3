#ifndef SCENEROUTER_CMEMORYHINTS_H
#define SCENEROUTER_CMEMORYHINTS_H

// Swift has no prefetch intrinsic. Routing at a million sessions is a short chain of cache
// misses (index entry, group head, literal, session); a prefetch lets a miss that is already
// known to be needed start while the route works on something else. A hint only: it never
// faults and never changes a result.
static inline __attribute__((always_inline)) void scene_router_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
