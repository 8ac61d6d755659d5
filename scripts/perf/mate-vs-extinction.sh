#!/bin/bash
# Checkmate against extinction by instructions per leaf (callgrind; perft at depth N minus perft
# at depth 1, which is loading and one ply): each shipped `win checkmate` variant and a copy of it
# under `win extinction`, at a depth of about 1-5 M leaves (docs/performance.md). About 15
# minutes on a loaded 2-core machine; pass NAME DEPTH pairs (a variant's name or a file) for
# some rows only.
# usage: scripts/perf/mate-vs-extinction.sh KOMA_BINARY [NAME DEPTH]...
source "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || set -- capablanca 4 chess 5 chu-shogi 4 courier 4 crazyhouse 5 dai-shogi 3 \
  grand 3 janggi 4 makruk 5 minishogi 5 minjiku-shogi 4 shatranj 5 sho-shogi 4 shogi 4 xiangqi 4 \
  tests/fixtures/bench/exotic-skirmish.koma 3

# instructions FILE DEPTH: the instructions of one perft (its output in $TMP/out).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$K" perft "$1" --depth "$2" --threads 1 \
    2>"$TMP/err" >"$TMP/out"
  grep -o 'refs: *[0-9,]*' "$TMP/err" | tr -dc 0-9
}

# per_leaf FILE DEPTH: "LEAVES INSTRUCTIONS_PER_LEAF"
per_leaf() {
  local one all
  one=$(instructions "$1" 1); all=$(instructions "$1" "$2")
  echo "$(leaves) $(( (all - one) / $(leaves) ))"
}

while [ $# -gt 0 ]; do
  file=variants/$1.koma; [ -f "$file" ] || file=$1
  read -r nm pm < <(per_leaf "$file" "$2")
  read -r ne pe < <(per_leaf "$(extinction_twin "$file")" "$2")
  echo "$(basename "$file" .koma) perft($2) | checkmate $nm leaves, $pm per leaf | extinction $ne leaves, $pe per leaf | $(awk -v a="$pm" -v b="$pe" 'BEGIN { printf "%.2f", a / b }')x"
  shift 2
done
