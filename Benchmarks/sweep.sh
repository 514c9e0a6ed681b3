#!/usr/bin/env bash
# Runs `scene-router bench` once per mix and session count, each in a process of its own (so
# one configuration's memory and caches do not warm the next), and writes the results as
# JSON Lines and as CSV, each row carrying the machine, the commit and the date.
#
#   Benchmarks/sweep.sh [--sessions 10,100,1k,10k,100k,1M] [--mix realistic,crowded]
#                       [--engines scenerouter,linear] [--events 100000] [--seed 7]
#                       [--output Benchmarks/results/sweep]
#
# Writes OUTPUT.jsonl and OUTPUT.csv; Benchmarks/plot.sh OUTPUT.csv draws them. Builds the
# release binary first (several minutes the first time). Progress goes to stderr.
set -euo pipefail

usage() {
    echo "usage: Benchmarks/sweep.sh [--sessions LIST] [--mix LIST] [--engines LIST] [--events N] [--seed N] [--output PREFIX]" >&2
    exit 64
}
sessions="10,100,1k,10k,100k,1M"
mixes="realistic,crowded"
engines="scenerouter"
events=100000
seed=7
root=$(cd "$(dirname "$0")/.." && pwd)
output="$root/Benchmarks/results/sweep"
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
    --sessions) sessions=$2 ;;
    --mix) mixes=$2 ;;
    --engines) engines=$2 ;;
    --events) events=$2 ;;
    --seed) seed=$2 ;;
    --output) output=$2 ;;
    *) usage ;;
    esac
    shift 2
done

# 10, 1k, 1M, 10M: plain counts or k / M suffixes.
count() {
    case "$1" in
    *k) echo $((${1%k} * 1000)) ;;
    *M) echo $((${1%M} * 1000000)) ;;
    *[!0-9]* | "") echo "not a session count: $1" >&2 && exit 64 ;;
    *) echo "$1" ;;
    esac
}

cd "$root"
echo "sweep: building scene-router (release)" >&2
swift build -c release --product scene-router >&2
binary=$(swift build -c release --product scene-router --show-bin-path)/scene-router

model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
cores=$(nproc)
l3=$(lscpu 2>/dev/null | sed -n 's/^L3 cache: *//p' | head -1)
machine="${model:-unknown CPU}, $cores cores, L3 ${l3:-unknown}"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit+changes"; fi
date=$(date -u +%Y-%m-%dT%H:%MZ)
escaped_machine=$(printf '%s' "$machine" | sed 's/[\\"]/\\&/g')

mkdir -p "$(dirname "$output")"
: >"$output.jsonl"
echo "mix,sessions,p50_ns,p90_ns,p99_ns,p999_ns,routes_per_s,build_s,bytes_per_session,resident_bytes_per_session,churn_p50_ns,churn_p99_ns,linear_p50_ns,linear_p99_ns,linear_events,machine,commit,date" >"$output.csv"

# A field of one section of bench's JSON (keys are sorted, sections are objects).
field() { # JSON SECTION KEY
    printf '%s' "$1" | sed -n "s/.*\"$2\":{[^}]*\"$3\":\([0-9.e+-]*\).*/\1/p"
}

# A field of the linear engine's record (empty when it was not run).
linear() { # JSON KEY
    printf '%s' "$1" | sed -n "s/.*{\"buildSeconds\":[^}]*\"engine\":\"linear\"[^}]*\"$2\":\([0-9]*\).*/\1/p"
}

for mix in ${mixes//,/ }; do
    for size in ${sessions//,/ }; do
        n=$(count "$size")
        echo "sweep: $mix, $n sessions" >&2
        record=$("$binary" bench --sessions "$n" --mix "$mix" --events "$events" --seed "$seed" --baseline none \
            --engines "$engines" --format json)
        printf '%s\n' "$record" |
            sed "s/^{/{\"commit\":\"$commit\",\"date\":\"$date\",\"machine\":\"$escaped_machine\",/" >>"$output.jsonl"
        echo "$mix,$n,$(field "$record" indexed p50Nanos),$(field "$record" indexed p90Nanos),$(field "$record" indexed p99Nanos),$(field "$record" indexed p999Nanos),$(field "$record" indexed routesPerSecond),$(field "$record" build seconds),$(field "$record" build bytesPerSession),$(field "$record" build residentBytesPerSession),$(field "$record" churn p50Nanos),$(field "$record" churn p99Nanos),$(linear "$record" p50Nanos),$(linear "$record" p99Nanos),$(linear "$record" events),\"$machine\",$commit,$date" >>"$output.csv"
    done
done
echo "sweep: wrote $output.jsonl and $output.csv" >&2
