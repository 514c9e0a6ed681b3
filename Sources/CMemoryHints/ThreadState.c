#include "CReaderSlots.h"
#include "CThreadState.h"

struct scene_router_thread_state {
    void *objects[SCENE_ROUTER_THREAD_OBJECT_KINDS];
    // -1 until the thread first reads; see scene_router_reader_slot_index.
    int reader_slot;
};

static _Thread_local struct scene_router_thread_state scene_router_thread = {.reader_slot = -1};

void *scene_router_thread_object(unsigned kind) {
    return kind < SCENE_ROUTER_THREAD_OBJECT_KINDS ? scene_router_thread.objects[kind] : 0;
}

void scene_router_set_thread_object(unsigned kind, void *object) {
    if (kind < SCENE_ROUTER_THREAD_OBJECT_KINDS) scene_router_thread.objects[kind] = object;
}

void scene_router_forget_thread_object(void *object) {
    for (unsigned kind = 0; kind < SCENE_ROUTER_THREAD_OBJECT_KINDS; kind++) {
        if (scene_router_thread.objects[kind] == object) scene_router_thread.objects[kind] = 0;
    }
}

// Handed out in turn by a counter that never takes one back, so threads that start one
// after another (a routing pool) get different slots. The slot count's next thread shares
// the first thread's slot whether or not that one still lives: sharing costs contention on
// one cache line, never correctness.
static unsigned scene_router_next_reader_slot;

unsigned scene_router_reader_slot_index(unsigned slot_count) {
    int slot = scene_router_thread.reader_slot;
    if (slot < 0) {
        slot = (int)(__atomic_fetch_add(&scene_router_next_reader_slot, 1, __ATOMIC_RELAXED) % slot_count);
        scene_router_thread.reader_slot = slot;
    }
    return (unsigned)slot;
}
