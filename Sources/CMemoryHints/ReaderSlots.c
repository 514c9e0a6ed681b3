#include "CReaderSlots.h"

// Handed out in turn by a counter that never takes one back, so threads that start one
// after another (a routing pool) get different slots. The slot count's next thread shares
// the first thread's slot whether or not that one still lives: sharing costs contention on
// one cache line, never correctness.
static unsigned scene_router_next_reader_slot;
static _Thread_local int scene_router_thread_reader_slot = -1;

unsigned scene_router_reader_slot_index(unsigned slot_count) {
    int slot = scene_router_thread_reader_slot;
    if (slot < 0) {
        slot = (int)(__atomic_fetch_add(&scene_router_next_reader_slot, 1, __ATOMIC_RELAXED) % slot_count);
        scene_router_thread_reader_slot = slot;
    }
    return (unsigned)slot;
}
