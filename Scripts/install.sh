#!/usr/bin/env bash
# Builds scene-router in release and installs it with its man page and shell completions.
#
#   Scripts/install.sh [--prefix DIR] [--configuration release|debug]
#
# DIR defaults to $PREFIX, else ~/.local. A debug build installs in a fraction of the
# time (CI uses it to try this script) but routes tens of times slower.
# Installs DIR/bin/scene-router, DIR/share/man/man1/scene-router.1 (generated from the
# argument parser by swift-argument-parser's generate-manual plugin), and completion
# scripts for bash, zsh and fish under DIR/share. The binary is self-contained: the
# example app of `route --example` is built in. Needs write access to DIR only.
set -euo pipefail

usage() {
    echo "usage: Scripts/install.sh [--prefix DIR] [--configuration release|debug]" >&2
    exit 64
}
prefix=${PREFIX:-$HOME/.local}
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix)
        [ $# -ge 2 ] || usage
        prefix=$2
        shift 2
        ;;
    --prefix=*)
        prefix=${1#--prefix=}
        shift
        ;;
    --configuration)
        [ $# -ge 2 ] || usage
        configuration=$2
        shift 2
        ;;
    -h | --help) usage ;;
    *) usage ;;
    esac
done
[ -n "$prefix" ] || usage
case "$configuration" in release | debug) ;; *) usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

echo "install: building scene-router ($configuration; several minutes the first time)" >&2
swift build -c "$configuration" --product scene-router
binary=$(swift build -c "$configuration" --product scene-router --show-bin-path)/scene-router

echo "install: generating the man page" >&2
# The plugin writes the page into its own work folder; an old page is removed first so a
# failed generation cannot install a stale one.
page="$root/.build/plugins/GenerateManual/outputs/scene-router/scene-router.1"
rm -f "$page"
swift package plugin --allow-writing-to-package-directory generate-manual --configuration "$configuration" >/dev/null
[ -f "$page" ] || {
    echo "install: the man page was not generated ($page)" >&2
    exit 1
}

mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/scene-router"
install -m 644 "$page" "$prefix/share/man/man1/scene-router.1"
"$prefix/bin/scene-router" --generate-completion-script bash >"$prefix/share/bash-completion/completions/scene-router"
"$prefix/bin/scene-router" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_scene-router"
"$prefix/bin/scene-router" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/scene-router.fish"

echo "install: $prefix/bin/scene-router $("$prefix/bin/scene-router" --version)" >&2
echo "install: man page $prefix/share/man/man1/scene-router.1; completions for bash, zsh and fish under $prefix/share" >&2
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "install: $prefix/bin is not on PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" >&2 ;;
esac
