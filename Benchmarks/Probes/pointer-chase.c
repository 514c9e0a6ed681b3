// How long one memory read takes when its address depends on the read before: the unit a
// route at a million sessions pays per step ("What the measurements taught" in
// HowTheTableWorks.md).
//
//   cc -O2 Benchmarks/Probes/pointer-chase.c -o /tmp/pointer-chase
//   /tmp/pointer-chase MEGABYTES HUGE        HUGE: 1 advises huge pages, 0 does not
//
// Every 64-byte line of the region holds the offset of the next in one random cycle
// through all of them, so each read misses the caches once the region outgrows them.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

// A 64-bit generator good enough to shuffle with (splitmix64).
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s MEGABYTES HUGE\n", argv[0]);
        return 2;
    }
    size_t bytes = (size_t)atol(argv[1]) << 20;
    int huge = atoi(argv[2]);
    size_t lines = bytes / 64;
    if (lines < 2) {
        fprintf(stderr, "MEGABYTES must be at least 1\n");
        return 2;
    }
    uint64_t *region = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    if (huge) madvise(region, bytes, MADV_HUGEPAGE);

    size_t *order = malloc(lines * sizeof *order);
    if (!order) return 1;
    for (size_t i = 0; i < lines; i++) order[i] = i;
    uint64_t state = 1;
    for (size_t i = lines - 1; i > 0; i--) {
        size_t j = next_random(&state) % (i + 1);
        size_t swap = order[i];
        order[i] = order[j];
        order[j] = swap;
    }
    for (size_t i = 0; i < lines; i++) region[order[i] * 8] = order[(i + 1) % lines] * 8;
    free(order);

    const long reads = 5000000;
    struct timespec start, end;
    uint64_t at = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < reads; i++) at = region[at];
    clock_gettime(CLOCK_MONOTONIC, &end);
    double nanos = (double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec);
    // `at` is printed so the chase cannot be optimised away.
    printf("%zu MiB, huge pages %s: %.1f ns per dependent read (%llu)\n", bytes >> 20, huge ? "advised" : "not advised",
           nanos / reads, (unsigned long long)(at & 1));
    return 0;
}
