#!/bin/bash
# Checkmate against extinction by user time per leaf: each shipped `win checkmate` variant and a
# copy of it under `win extinction`, one thread, best of $RUNS (default 3) interleaved runs, at the
# first depth from 4 where the checkmate perft takes at least 0.5 s (at most 7)
# (docs/performance.md). About 25 minutes on a quiet 2-core machine; pass names (or files) for
# some rows only, e.g. tests/fixtures/bench/exotic-skirmish.koma.
# usage: scripts/perf/mate-vs-extinction-time.sh KOMA_BINARY [NAME]...
source "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || set -- $(grep -l '^\s*win checkmate' variants/*.koma)
echo "| variant | depth | checkmate leaves | time | ns per leaf | extinction leaves | time | ns per leaf | per leaf | whole perft |"

seconds() { user_time "$K" perft "$1" --depth "$2" --threads 1 | cut -d' ' -f1; }

for name in "$@"; do
  file=variants/$name.koma; [ -f "$file" ] || file=$name
  twin=$(extinction_twin "$file")
  d=4
  while [ $d -lt 7 ] && awk -v t="$(seconds "$file" $d)" 'BEGIN { exit !(t < 0.5) }'; do d=$((d + 1)); done
  bm=999; be=999
  for _ in $(seq "$RUNS"); do
    bm=$(min "$(seconds "$file" $d)" "$bm"); nm=$(leaves)
    be=$(min "$(seconds "$twin" $d)" "$be"); ne=$(leaves)
  done
  awk -v n="$(basename "$file" .koma)" -v d=$d -v nm="$nm" -v tm="$bm" -v ne="$ne" -v te="$be" 'BEGIN {
    pm = tm / nm * 1e9; pe = te / ne * 1e9
    printf "| %s | %d | %d | %.2f s | %.1f | %d | %.2f s | %.1f | %.2f | %.2f |\n", n, d, nm, tm, pm, ne, te, pe, pm / pe, tm / te }'
done
