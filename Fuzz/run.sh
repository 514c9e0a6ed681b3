#!/usr/bin/env bash
# Builds one of SceneRouter's libFuzzer targets with AddressSanitizer and runs it.
#
#   Fuzz/run.sh FuzzPredicate|FuzzDecoding|FuzzTable|FuzzImport SECONDS [libFuzzer options…]
#
# The package's modules are built by SwiftPM in .build/fuzz (release, with ASan, the package's
# own modules instrumented for libFuzzer, testing enabled so targets can reach internal API); the target
# is then compiled and linked with swiftc. FuzzImport also needs the import module and
# swift-syntax, which take several minutes to build the first time.
# With FUZZ_SANITIZER=none, libFuzzer runs without ASan (in .build/fuzz-plain): many
# times more executions a second, for volume; crashes are still caught, memory errors not. New inputs go to .build/fuzz/corpus/TARGET; the
# committed seeds in Fuzz/corpus/TARGET are read too. A crash or a timeout writes the input
# to crash-* / timeout-* in the working directory and exits non-zero. Extra options go to
# libFuzzer, e.g. -jobs=2 -workers=2, or a path to run single inputs.
set -euo pipefail

usage() {
    echo "usage: Fuzz/run.sh FuzzPredicate|FuzzDecoding|FuzzTable|FuzzImport SECONDS [libFuzzer options…]" >&2
    exit 64
}
[ $# -ge 2 ] || usage
target=$1
seconds=$2
shift 2
case "$target" in FuzzPredicate | FuzzDecoding | FuzzTable | FuzzImport) ;; *) usage ;; esac
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

root=$(cd "$(dirname "$0")/.." && pwd)
sanitizers=(--sanitize=address)
swiftc_sanitizers=-sanitize=fuzzer,address
scratch="$root/.build/fuzz"
if [ "${FUZZ_SANITIZER:-address}" = none ]; then
    sanitizers=()
    swiftc_sanitizers=-sanitize=fuzzer
    scratch="$root/.build/fuzz-plain"
fi
mkdir -p "$scratch"
log="$scratch/build.log"
build_target=SceneRouterWorkloads
if [ "$target" = FuzzImport ]; then build_target=SceneRouterImport; fi

# The package's own modules are instrumented for libFuzzer (SCENE_ROUTER_FUZZ_INSTRUMENT, read
# by Package.swift), its dependencies only for the sanitizer: coverage of swift-syntax's parser
# took more than half of the import target's time and guides nothing of ours. Building the
# workloads module builds the routing modules it depends on; the output stays in the log unless
# the build fails.
if ! SCENE_ROUTER_FUZZ_INSTRUMENT=1 swift build --package-path "$root" --scratch-path "$scratch" -c release \
    ${sanitizers[@]+"${sanitizers[@]}"} -Xswiftc -enable-testing --target "$build_target" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
bin="$scratch/release"

sources=("$root/Fuzz/$target.swift")
if [ "$target" = FuzzTable ]; then sources+=("$root/Tests/SceneRoutingTests/Support/RandomApps.swift"); fi
# The objects of each module's current sources (its output file map lists them): a build
# folder may still hold objects of files that were since removed or renamed.
modules=(SceneRouting SceneRouterWorkloads PredicateSyntax PCRE2Support HyperscanSupport)
if [ "$target" = FuzzImport ]; then
    # The import module and every swift-syntax module it builds on.
    modules=(SceneRouting SceneRouterImport PredicateSyntax PCRE2Support HyperscanSupport SwiftSyntax SwiftParser SwiftDiagnostics
        SwiftParserDiagnostics SwiftBasicFormat SwiftIfConfig SwiftOperators SwiftSyntaxBuilder)
    for map in "$bin"/SwiftSyntax[56]*.build/output-file-map.json; do
        modules+=("$(basename "$(dirname "$map")" .build)")
    done
fi
shim_include=()
if [ "$target" = FuzzImport ]; then shim_include=(-I "$scratch/checkouts/swift-syntax/Sources/_SwiftSyntaxCShims/include"); fi
objects=()
for module in "${modules[@]}"; do
    while IFS= read -r object; do
        if [ -f "$object" ]; then objects+=("$object"); fi
    done < <(grep -o '"object": *"[^"]*"' "$bin/$module.build/output-file-map.json" | sed 's/.*: *"\(.*\)"/\1/')
done
# Likewise the C objects of the current sources only, not every object in the folder.
for source in "$root"/Sources/CMemoryHints/*.c; do
    objects+=("$bin/CMemoryHints.build/$(basename "$source").o")
done
for shims in "$bin"/_SwiftSyntaxCShims.build/*.c.o; do
    if [ -f "$shims" ] && [ "$target" = FuzzImport ]; then objects+=("$shims"); fi
done
swiftc -O "$swiftc_sanitizers" -parse-as-library -module-name "$target" \
    -I "$bin/Modules" -I "$root/Sources/CPCRE2" -I "$root/Sources/CHyperscan" "${shim_include[@]}" \
    -Xcc -fmodule-map-file="$bin/CMemoryHints.build/module.modulemap" \
    "${sources[@]}" "${objects[@]}" $(pkg-config --libs libpcre2-8 libhs) -o "$scratch/$target"

corpus="$scratch/corpus/$target"
mkdir -p "$corpus"
dictionary=()
if [ -f "$root/Fuzz/dictionaries/$target.dict" ]; then dictionary=(-dict="$root/Fuzz/dictionaries/$target.dict"); fi
# Swift's backtracer would take a trap's signal, and libFuzzer leaves a handler it finds in
# place: the process would end without writing the input that failed.
export SWIFT_BACKTRACE=enable=no
# Foundation's own leaks are not findings (the file says which).
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec "$scratch/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    "${dictionary[@]}" "$@" "$corpus" "$root/Fuzz/corpus/$target"
