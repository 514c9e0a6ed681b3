// How long Hyperscan takes to compile a set of regexes that share their literals, and how
// fast the result scans: why the table makes few large pattern sets ("What the measurements
// taught" in HowTheTableWorks.md).
//
//   apt-get install -y libhyperscan-dev
//   cc -O2 Benchmarks/Probes/hyperscan-compile.c -lhs -o /tmp/hyperscan-compile
//   /tmp/hyperscan-compile COUNT SHAPE        SHAPE: shared | url | backreference
//
// Every pattern is compiled as the table would hand it over: anchored, in prefilter mode
// (a superset of the matches, which PCRE2 then verifies), UTF-8 with Unicode classes, `.`
// matching newlines, one report per pattern.
#include <hs/hs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int count_match(unsigned id, unsigned long long from, unsigned long long to, unsigned flags, void *context) {
    (void)id, (void)from, (void)to, (void)flags;
    ++*(unsigned *)context;
    return 0;
}

// Pattern i of a shape, and an identifier that one pattern of the shape matches.
static void write_pattern(const char *shape, unsigned i, char *out, size_t size) {
    if (strcmp(shape, "shared") == 0) {
        // Distinct patterns with the same literals: only the repeat counts differ.
        snprintf(out, size, "^(?:ticket-[0-9]{%u}[a-z]{%u})$", 1 + i % 45, 1 + i / 45);
    } else if (strcmp(shape, "url") == 0) {
        snprintf(out, size, "^(?:https://example\\.com/[a-z]+/item/%u)$", i);
    } else {
        snprintf(out, size, "^(?:ticket-[0-9]+-(x|y)%u\\1)$", i);
    }
}

static const char *sample_identifier(const char *shape) {
    if (strcmp(shape, "shared") == 0) return "ticket-123abcd";
    if (strcmp(shape, "url") == 0) return "https://example.com/abc/item/77";
    return "ticket-5-x77x";
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s COUNT shared|url|backreference\n", argv[0]);
        return 2;
    }
    unsigned count = (unsigned)strtoul(argv[1], NULL, 10);
    const char *shape = argv[2];
    if (count == 0) {
        fprintf(stderr, "COUNT must be at least 1\n");
        return 2;
    }
    char **patterns = calloc(count, sizeof *patterns);
    unsigned *flags = calloc(count, sizeof *flags);
    unsigned *ids = calloc(count, sizeof *ids);
    for (unsigned i = 0; i < count; i++) {
        patterns[i] = malloc(128);
        write_pattern(shape, i, patterns[i], 128);
        flags[i] = HS_FLAG_UTF8 | HS_FLAG_UCP | HS_FLAG_DOTALL | HS_FLAG_PREFILTER | HS_FLAG_SINGLEMATCH;
        ids[i] = i;
    }

    hs_database_t *database = NULL;
    hs_compile_error_t *error = NULL;
    double start = seconds_now();
    if (hs_compile_multi((const char *const *)patterns, flags, ids, count, HS_MODE_BLOCK, NULL, &database, &error)
        != HS_SUCCESS) {
        fprintf(stderr, "pattern %d: %s\n", error->expression, error->message);
        hs_free_compile_error(error);
        return 1;
    }
    double compile_seconds = seconds_now() - start;

    hs_scratch_t *scratch = NULL;
    if (hs_alloc_scratch(database, &scratch) != HS_SUCCESS) {
        fprintf(stderr, "cannot allocate scratch\n");
        return 1;
    }
    size_t database_bytes = 0, scratch_bytes = 0;
    hs_database_size(database, &database_bytes);
    hs_scratch_size(scratch, &scratch_bytes);

    const char *identifier = sample_identifier(shape);
    const unsigned scans = 100000;
    unsigned matches = 0;
    start = seconds_now();
    for (unsigned k = 0; k < scans; k++) {
        hs_scan(database, identifier, (unsigned)strlen(identifier), 0, scratch, count_match, &matches);
    }
    double scan_nanos = (seconds_now() - start) / scans * 1e9;

    printf("%u %s patterns: compile %.3f s, database %zu bytes, scratch %zu bytes, scan %.0f ns, %u candidates a scan\n",
           count, shape, compile_seconds, database_bytes, scratch_bytes, scan_nanos, matches / scans);
    hs_free_scratch(scratch);
    hs_free_database(database);
    for (unsigned i = 0; i < count; i++) free(patterns[i]);
    free(patterns), free(flags), free(ids);
    return 0;
}
