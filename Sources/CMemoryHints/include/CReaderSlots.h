#ifndef SCENEROUTER_CREADERSLOTS_H
#define SCENEROUTER_CREADERSLOTS_H

#include <stdint.h>

// The reader counts of a reader–writer lock, spread over slots a cache-line pair apart, so
// that readers on different cores count themselves in and out without passing one line
// back and forth on every route. Swift's Atomic cannot be an element of an array; C11
// atomics on plain memory can. Every operation is sequentially consistent where the lock's
// reasoning needs it (a reader's count before its look at the writer flag; see
// WriterPreferringLock.swift).
// 128 bytes: with the array allocated on a 128-byte boundary, no two counts share a line or
// an adjacent-line prefetch pair. (Not declared aligned: Swift does not import over-aligned
// C types.)
typedef struct {
    uint64_t readers;
    uint64_t padding[15];
} scene_router_reader_slot;

// This thread's slot among slot_count (the same count on every call): threads take slots in
// turn as they first ask, and keep theirs. Swift has no thread-local storage of its own that
// is this cheap.
unsigned scene_router_reader_slot_index(unsigned slot_count);

static inline __attribute__((always_inline)) void scene_router_reader_enter(scene_router_reader_slot *slot) {
    __atomic_fetch_add(&slot->readers, 1, __ATOMIC_SEQ_CST);
}

static inline __attribute__((always_inline)) void scene_router_reader_leave(scene_router_reader_slot *slot) {
    __atomic_fetch_sub(&slot->readers, 1, __ATOMIC_RELEASE);
}

static inline __attribute__((always_inline)) uint64_t scene_router_reader_count(scene_router_reader_slot *slot) {
    return __atomic_load_n(&slot->readers, __ATOMIC_SEQ_CST);
}

#endif
