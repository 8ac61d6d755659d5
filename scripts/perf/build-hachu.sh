#!/bin/bash
# Builds HaChu 0.21 with a perft command (hachu-perft.patch) from Debian's source package in DIR,
# with HaChu's Makefile (-O2), and prints the binary's path: use it as $HACHU.
# usage: scripts/perf/build-hachu.sh DIR   (needs deb-src in the apt sources, patch, make, gcc)
set -euo pipefail
patch_file=$(realpath "$(dirname "$0")/hachu-perft.patch")
dir=${1:?usage: $0 DIR}
mkdir -p "$dir" && cd "$dir"
orig=hachu_0.21-29-gdf26f4a.orig.tar.gz
[ -f "$orig" ] || apt-get source --download-only hachu >&2
tar xzf "$orig" && cd hachu-0.21-29-gdf26f4a
sed -i 's/\r$//' hachu.c # the source has CRLF line ends, the patch LF
patch -p1 <"$patch_file" >&2
make hachu >&2
realpath hachu
