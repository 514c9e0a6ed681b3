#!/usr/bin/env bash
# Draws a sweep (Benchmarks/sweep.sh's CSV) as SVG plots beside it: latency.svg (p50 and p99
# against sessions, log-log, one colour per mix, and the linear scan's p50 when it ran), memory.svg (bytes per session: the table's
# own count and the resident-set growth) and build.svg (build time). Each plot is labelled
# with the machine, the commit and the date of the rows. Installs gnuplot-nox when missing.
#
#   Benchmarks/plot.sh Benchmarks/results/sweep.csv
set -euo pipefail

[ $# -eq 1 ] && [ -f "$1" ] || {
    echo "usage: Benchmarks/plot.sh SWEEP.csv" >&2
    exit 64
}
csv=$1
folder=$(dirname "$csv")

if ! command -v gnuplot >/dev/null; then
    echo "plot: installing gnuplot-nox" >&2
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q gnuplot-nox >&2
fi

# The label: machine, commit and date of the first row (a sweep has one of each).
label=$(sed -n '2p' "$csv" | awk -F'"' '{ split($3, rest, ","); print $2 ", commit " rest[2] ", " rest[3] }')
mixes=$(tail -n +2 "$csv" | cut -d, -f1 | awk '!seen[$0]++' | tr '\n' ' ')

# One data file per mix: gnuplot reads whitespace-separated columns.
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
for mix in $mixes; do
    tail -n +2 "$csv" | awk -F, -v mix="$mix" '$1 == mix { print $2, $3, $5, $8, $9, $10, ($13 == "" ? "NaN" : $13) }' |
        sort -n >"$data/$mix.dat"
done

plot_lines() { # COLUMN TITLE-SUFFIX POINT-TYPE
    local column=$1 suffix=$2 points=$3 line="" first=1 color=1
    for mix in $mixes; do
        [ $first -eq 1 ] || line+=", "
        line+="'$data/$mix.dat' using 1:(\$$column) with linespoints linecolor $color pointtype $points title '$mix $suffix'"
        first=0
        color=$((color + 1))
    done
    printf '%s' "$line"
}

# The linear scan's p50, when the sweep ran it (--engines scenerouter,linear).
linear=""
if tail -n +2 "$csv" | awk -F, '$13 != "" { found = 1 } END { exit !found }'; then
    linear=", $(plot_lines 7 'linear scan p50' 4)"
fi

common="set terminal svg size 800,500 dynamic enhanced font 'sans,12' background rgb 'white'
set logscale x 10
set grid
set key top left
set offsets graph 0.03, graph 0.03, 0, 0
set xlabel 'open sessions'
set xtics ('10' 10, '100' 100, '1k' 1000, '10k' 10000, '100k' 100000, '1M' 1000000, '10M' 10000000)"

gnuplot <<PLOT
$common
set output '$folder/latency.svg'
set logscale y 10
set ylabel 'route latency'
set ytics ('10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 1e5, '1 ms' 1e6, '10 ms' 1e7, '100 ms' 1e8, '1 s' 1e9)
set title "Routing latency, p50 (filled) and p99 (open)\n{/*0.8 $label}"
plot $(plot_lines 2 p50 7), $(plot_lines 3 p99 6)$linear
PLOT

gnuplot <<PLOT
$common
set output '$folder/memory.svg'
set ylabel 'bytes per session'
set yrange [0:*]
set title "Memory per session: the table's count (filled), resident growth (open)\n{/*0.8 $label}"
plot $(plot_lines 5 table 7), $(plot_lines 6 resident 6)
PLOT

gnuplot <<PLOT
$common
set output '$folder/build.svg'
set logscale y 10
set ylabel 'build time (s)'
set title "Building the table\n{/*0.8 $label}"
plot $(plot_lines 4 build 7)
PLOT

echo "plot: wrote $folder/latency.svg, $folder/memory.svg and $folder/build.svg" >&2
