#ifndef SCENEROUTER_CTHREADCACHE_H
#define SCENEROUTER_CTHREADCACHE_H

// The calling thread's route scratch (an unretained Swift object), or NULL until set. A
// pthread key owns the object and releases it when the thread ends; this slot only makes
// finding it cheap: a thread-local load instead of pthread_getspecific, a lazy global's
// once-check and a generic lookup on every non-ASCII route. Swift has no thread-local
// storage of its own.
void *scene_router_route_scratch(void);

// Sets (or, with NULL, clears) the calling thread's slot.
void scene_router_set_route_scratch(void *scratch);

#endif
