#ifndef SCENEROUTER_CTHREADSTATE_H
#define SCENEROUTER_CTHREADSTATE_H

// The package's per-thread state, in one C thread-local struct (Swift has no thread-local
// storage of its own): the per-thread objects ThreadLocalKey finds, and the thread's reader
// slot (CReaderSlots.h).

// Per-thread objects, one cache slot per kind. A pthread key owns each object and releases
// it when the thread ends; the slot only makes finding it cheap: a thread-local load instead
// of pthread_getspecific, a lazy global's once-check and a generic lookup on every route.
#define SCENE_ROUTER_ROUTE_SCRATCH 0u
#define SCENE_ROUTER_MATCH_SCRATCH 1u
#define SCENE_ROUTER_PATTERN_SET_SCRATCH 2u
#define SCENE_ROUTER_THREAD_OBJECT_KINDS 3u

// The calling thread's object of `kind` (unretained), or NULL until set.
void *scene_router_thread_object(unsigned kind);

// Sets (or, with NULL, clears) the calling thread's slot for `kind`.
void scene_router_set_thread_object(unsigned kind, void *object);

// Clears every slot of the calling thread that holds `object`: what a key's destructor calls
// before releasing it, so no slot outlives its object.
void scene_router_forget_thread_object(void *object);

#endif
