#!/usr/bin/env bash
# Draws a sweep (`scene-router bench --sweep`'s rows, CSV or JSON Lines) as SVG plots beside it, one line
# per engine and mix (colour by engine, point by mix): latency.svg (p50 solid and p99
# dashed against sessions, log-log), memory.svg (the process's resident growth per session
# while each engine was built; for the table also its own count, dotted) and build.svg
# (build time). Rows without figures (an engine that did not build or timed out) are left
# out, so a line ends where its engine stopped. Each plot is labelled with the machine,
# commit and date of the rows. Installs gnuplot-nox when missing.
#
#   Benchmarks/plot.sh Benchmarks/results/sweep.csv
set -euo pipefail

[ $# -eq 1 ] && [ -f "$1" ] || {
    echo "usage: Benchmarks/plot.sh SWEEP.csv|SWEEP.jsonl" >&2
    exit 64
}
folder=$(dirname "$1")
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
csv=$1
if head -c 1 "$1" | grep -q '{'; then
    # JSON Lines (flat objects of numbers and strings): the CSV columns the plots read.
    csv="$data/sweep.csv"
    awk '
    function field(key,    at, rest) {
        if (!match($0, "\"" key "\":")) return ""
        rest = substr($0, RSTART + RLENGTH)
        if (substr(rest, 1, 1) == "\"") { match(rest, /^"([^"\\]|\\.)*"/); return substr(rest, 2, RLENGTH - 2) }
        match(rest, /^[^,}]*/)
        return substr(rest, 1, RLENGTH)
    }
    BEGIN { print "engine,mix,sessions,status,build_s,bytes_per_session,resident_bytes_per_session,p50_ns,p90_ns,p99_ns,p999_ns,routes_per_s,churn_p50_ns,churn_p99_ns,events,checked,mismatches,machine,commit,version,date,configuration" }
    {
        printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,,,,,,,,\"%s\",%s,%s,%s,%s\n", field("engine"), field("mix"), field("sessions"),
            (field("status") == "ok" ? "ok" : "stopped"), field("buildSeconds"), field("bytesPerSession"),
            field("residentBytesPerSession"), field("p50Nanos"), field("p90Nanos"), field("p99Nanos"), field("machine"),
            field("commit"), field("version"), field("date"), field("configuration")
    }' "$1" >"$csv"
fi
head -1 "$csv" | grep -q '^engine,mix,sessions,status,build_s,' || {
    echo "plot: $1 holds no rows of scene-router bench --sweep" >&2
    exit 65
}

if ! command -v gnuplot >/dev/null; then
    echo "plot: installing gnuplot-nox" >&2
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q gnuplot-nox >&2
fi

# The label: machine (the only quoted field), commit and date of the first row.
label=$(sed -n '2p' "$csv" | awk -F'"' '{ split($3, rest, ","); print $2 ", commit " rest[2] ", " rest[4] }')

# One data file per engine and mix, of the rows with figures: sessions, p50, p99, build
# seconds, the engine's own bytes per session, resident bytes per session.
tail -n +2 "$csv" | awk -F, -v folder="$data" '$4 == "ok" {
    print $3, $8, $10, $5, ($6 == "" ? "NaN" : $6), ($7 == "" ? "NaN" : $7) >> (folder "/" $1 "@" $2 ".dat")
}'
for file in "$data"/*.dat; do sort -n -o "$file" "$file"; done
engines=$(tail -n +2 "$csv" | cut -d, -f1 | awk '!seen[$0]++' | tr '\n' ' ')
mixes=$(tail -n +2 "$csv" | cut -d, -f2 | awk '!seen[$0]++' | tr '\n' ' ')

# COLUMN TITLE DASH [ENGINE]: a line per engine and mix with figures.
plot_lines() {
    local column=$1 title=$2 dash=$3 only=${4:-} line="" color=0 point
    for engine in $engines; do
        color=$((color + 1))
        [ -z "$only" ] || [ "$engine" = "$only" ] || continue
        point=6
        for mix in $mixes; do
            point=$((point + 1))
            local file="$data/$engine@$mix.dat"
            [ -f "$file" ] || continue
            [ -z "$line" ] || line+=", "
            line+="'$file' using 1:(\$$column) with linespoints linecolor $color dashtype $dash pointtype $point title '$engine, $mix $title'"
        done
    done
    printf '%s' "$line"
}

common="set terminal svg size 900,560 dynamic enhanced font 'sans,12' background rgb 'white'
set logscale x 10
set grid
set key outside right top samplen 2 font ',10'
set pointsize 0.6
set offsets graph 0.03, graph 0.03, 0, 0
set xlabel 'open sessions'
set xtics ('10' 10, '100' 100, '1k' 1000, '10k' 10000, '100k' 100000, '1M' 1000000, '10M' 10000000)"

gnuplot <<PLOT
$common
set output '$folder/latency.svg'
set logscale y 10
set ylabel 'route latency'
set ytics ('10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 1e5, '1 ms' 1e6, '10 ms' 1e7, '100 ms' 1e8, '1 s' 1e9)
set title "Routing latency: p50 (solid) and p99 (dashed)\n{/*0.8 $label}"
plot $(plot_lines 2 p50 1), $(plot_lines 3 p99 2)
PLOT

table_count=$(plot_lines 5 "own count" 3 scenerouter)
gnuplot <<PLOT
$common
set output '$folder/memory.svg'
set logscale y 10
set ylabel 'bytes per session'
set ytics ('10 B' 10, '100 B' 100, '1 kB' 1000, '10 kB' 1e4, '100 kB' 1e5, '1 MB' 1e6, '10 MB' 1e7)
set title "Memory per session: resident growth while built (solid); the table's own count (dotted)\n{/*0.8 $label}"
plot $(plot_lines 6 resident 1)${table_count:+, $table_count}
PLOT

gnuplot <<PLOT
$common
set output '$folder/build.svg'
set logscale y 10
set ylabel 'build time (s)'
set title "Build time\n{/*0.8 $label}"
plot $(plot_lines 4 build 1)
PLOT

echo "plot: wrote $folder/latency.svg, $folder/memory.svg and $folder/build.svg" >&2
