#include "CThreadCache.h"

static _Thread_local void *scene_router_thread_route_scratch;

void *scene_router_route_scratch(void) {
    return scene_router_thread_route_scratch;
}

void scene_router_set_route_scratch(void *scratch) {
    scene_router_thread_route_scratch = scratch;
}
