#!/bin/bash
# Builds Fairy-Stockfish twice in DIR, for 8 x 8 chess and with large boards, at the commit the
# figures of docs/performance.md used (c19b5f6c by default, FSF_COMMIT to change it), and prints
# the two binaries as the FAIRY_STOCKFISH and FAIRY_STOCKFISH_LARGE settings compare.sh reads.
# usage: scripts/perf/build-fairy-stockfish.sh DIR   (needs git, make, g++)
set -euo pipefail
dir=${1:?usage: $0 DIR}
commit=${FSF_COMMIT:-c19b5f6c}
mkdir -p "$dir" && cd "$dir"
[ -d src ] || git clone -q https://github.com/fairy-stockfish/Fairy-Stockfish src >&2
git -C src checkout -q "$commit"
for build in 8x8 large; do
  rm -rf "$build" && cp -r src "$build"
  extra=(); [ "$build" = large ] && extra=(largeboards=yes)
  make -C "$build/src" -j2 build ARCH=x86-64-bmi2 "${extra[@]}" >&2
done
echo "FAIRY_STOCKFISH=$PWD/8x8/src/stockfish FAIRY_STOCKFISH_LARGE=$PWD/large/src/stockfish"
