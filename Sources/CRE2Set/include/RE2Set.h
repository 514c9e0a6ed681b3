#ifndef SCENE_ROUTER_RE2_SET_H
#define SCENE_ROUTER_RE2_SET_H

// A C face for RE2::Set (RE2 is C++): what `scene-router bench --engines re2set` needs to
// compile many whole-string regexes into one set and ask which of them match a subject.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct re2_set re2_set;

/// A set whose expressions must match the whole subject, with `.` matching newlines and
/// memory for its automata capped at `max_memory` bytes.
re2_set *re2_set_new(long long max_memory);

/// Adds an expression (RE2 syntax, UTF-8); returns its index, or -1 with RE2's message in
/// `error` (NUL-terminated, cut to `error_capacity`).
int re2_set_add(re2_set *set, const char *pattern, size_t length, char *error, size_t error_capacity);

/// Compiles the set; 0 when RE2 ran out of memory.
int re2_set_compile(re2_set *set);

/// The indices of the expressions that match `text`, written to `matches` (at most
/// `capacity` of them); returns how many matched, or -1 when matching failed (the DFA
/// ran out of its memory budget), in which case the answer is unknown.
/// Reuses a per-thread vector: no allocation once it has grown.
long re2_set_match(const re2_set *set, const char *text, size_t length, int *matches, size_t capacity);

void re2_set_free(re2_set *set);

#ifdef __cplusplus
}
#endif

#endif
