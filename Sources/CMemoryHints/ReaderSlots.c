#include "CReaderSlots.h"

// Handed out in turn, so threads that start one after another (a routing pool) get
// different slots; 16 threads must be alive before two share one.
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
