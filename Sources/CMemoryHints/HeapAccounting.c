// mallinfo2 and malloc_trim are glibc's, declared in <malloc.h>, which Swift's Glibc module
// does not import.
#include "CMemoryHints.h"

#if defined(__GLIBC__)
#include <malloc.h>

size_t scene_router_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void scene_router_return_free_heap(void) {
    malloc_trim(0);
}
#else
size_t scene_router_heap_bytes_in_use(void) {
    return 0;
}

void scene_router_return_free_heap(void) {
}
#endif
