#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, then under ThreadSanitizer, each in its
# own build folder (.build/asan, .build/tsan) so the normal build is left alone.
#
#   Scripts/sanitized-tests.sh [address|thread]…   (default: both)
#
# A sanitizer report fails the run: ASan aborts on the first error; TSan's reports are
# made fatal with halt_on_error. Expect each to take a few minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
    address) scratch=.build/asan ;;
    thread) scratch=.build/tsan ;;
    *) echo "usage: Scripts/sanitized-tests.sh [address|thread]…" >&2; exit 64 ;;
    esac
    echo "== swift test --sanitize=$sanitizer" >&2
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" ASAN_OPTIONS="detect_leaks=0 ${ASAN_OPTIONS:-}" \
        swift test --sanitize="$sanitizer" --scratch-path "$scratch"
done
