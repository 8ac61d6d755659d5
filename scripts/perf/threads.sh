#!/bin/bash
# Two-thread scaling on the benchmark games: each perft on 1 and 2 threads, interleaved, $R
# rounds (default 2): wall seconds, user seconds, maximum resident set in KB
# (docs/performance.md). On a shared machine run it in its own session with a raised priority:
#   setsid bash -c 'echo -20 > /proc/self/autogroup; R=2 scripts/perf/threads.sh KOMA_BINARY'
# usage: scripts/perf/threads.sh KOMA_BINARY
source "$(dirname "$0")/lib.sh"
for _ in $(seq "${R:-2}"); do
  for game in "chess 6" "suzumu-shogi 4" "tenjiku-shogi 4" "chu-shogi 5" "minjiku-shogi 5"; do
    set -- $game
    for t in 1 2; do
      l=$(load)
      /usr/bin/time -o "$TMP/time" -f '%e %U %M' "$K" perft "variants/$1.koma" --depth "$2" --threads $t >"$TMP/out"
      echo "$1 perft($2) threads $t: $(leaves) leaves, $(cat "$TMP/time") | load $l"
    done
  done
done
