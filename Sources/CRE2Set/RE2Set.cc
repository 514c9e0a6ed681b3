#include "RE2Set.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <cstring>
#include <string>
#include <vector>

struct re2_set {
    re2::RE2::Set set;
    re2_set(const re2::RE2::Options &options) : set(options, re2::RE2::ANCHOR_BOTH) {}
};

re2_set *re2_set_new(long long max_memory) {
    re2::RE2::Options options;
    options.set_dot_nl(true);
    options.set_log_errors(false);
    options.set_max_mem(max_memory);
    return new re2_set(options);
}

int re2_set_add(re2_set *set, const char *pattern, size_t length, char *error, size_t error_capacity) {
    std::string message;
    int index = set->set.Add(re2::StringPiece(pattern, length), &message);
    if (index < 0 && error_capacity > 0) {
        size_t count = message.size() < error_capacity - 1 ? message.size() : error_capacity - 1;
        std::memcpy(error, message.data(), count);
        error[count] = 0;
    }
    return index;
}

int re2_set_compile(re2_set *set) { return set->set.Compile() ? 1 : 0; }

long re2_set_match(const re2_set *set, const char *text, size_t length, int *matches, size_t capacity) {
    // One vector per thread, cleared and reused, so that a warm thread matches without
    // allocating.
    thread_local std::vector<int> found;
    found.clear();
    re2::RE2::Set::ErrorInfo info;
    if (!set->set.Match(re2::StringPiece(text, length), &found, &info)) {
        return info.kind == re2::RE2::Set::kNoError ? 0 : -1;
    }
    size_t count = found.size() < capacity ? found.size() : capacity;
    std::memcpy(matches, found.data(), count * sizeof(int));
    return static_cast<long>(found.size());
}

void re2_set_free(re2_set *set) { delete set; }
