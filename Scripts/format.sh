#!/usr/bin/env bash
# Formats the project's Swift files with the toolchain's `swift format` and .swift-format.
#
#   Scripts/format.sh           rewrites files in place
#   Scripts/format.sh --check   changes nothing; lists every violation and exits 1 if any
#
# Fixture apps (sources written as strangers write them) and generated tables are left as
# they are: the fold table is compared byte for byte with what its generator writes.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
    git ls-files -z -- '*.swift' ':!:Fixtures/**' ':!:Fuzz/corpus/**' ':!:**/*+Data.swift')

case "${1:-}" in
    --check) exec swift format lint --strict --parallel "${files[@]}" ;;
    "") exec swift format format --in-place --parallel "${files[@]}" ;;
    *)
        echo "usage: Scripts/format.sh [--check]" >&2
        exit 64
        ;;
esac
