#!/bin/bash
# Two builds side by side, by callgrind instructions (load-independent) and by user time: for
# each NAME DEPTH TIME_DEPTH triple (a variant's name or a file), `koma perft --threads 1` under
# callgrind at DEPTH (leaves, each build's instructions and their ratio), then timed at
# TIME_DEPTH (leaves, each build's user seconds, best of RUNS interleaved runs, and the load
# average). Used for the one-walker change (docs/performance-log.md).
# usage: scripts/perf/before-after.sh KOMA_BEFORE KOMA_AFTER [NAME DEPTH TIME_DEPTH]...
source "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || { echo "usage: $0 KOMA_BEFORE KOMA_AFTER [NAME DEPTH]..." >&2; exit 2; }
BEFORE=$K
AFTER=$(realpath "$1") || exit 2
shift
[ $# -gt 0 ] || set -- chess 5 6 chu-shogi 4 5 tenjiku-shogi 3 4 tengu-dai-shogi 3 4

# instructions KOMA FILE DEPTH: the instructions of one perft (its output in $TMP/out).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" perft "$2" --depth "$3" \
    --threads 1 2>"$TMP/err" >"$TMP/out"
  grep -o 'refs: *[0-9,]*' "$TMP/err" | tr -dc 0-9
}

echo "position | leaves | instructions before | after | after/before | timed | leaves | user s before | after | load"
while [ $# -gt 0 ]; do
  file=variants/$1.koma; [ -f "$file" ] || file=$1
  ib=$(instructions "$BEFORE" "$file" "$2"); nb=$(leaves)
  ia=$(instructions "$AFTER" "$file" "$2"); na=$(leaves)
  [ "$na" = "$nb" ] || echo "leaf counts differ: before $nb, after $na" >&2
  tb=999; ta=999
  for _ in $(seq "$RUNS"); do
    read -r t _ < <(user_time "$BEFORE" perft "$file" --depth "$3" --threads 1); tb=$(min "$tb" "$t")
    read -r t _ < <(user_time "$AFTER" perft "$file" --depth "$3" --threads 1); ta=$(min "$ta" "$t")
  done
  ratio=$(awk -v a="$ia" -v b="$ib" 'BEGIN { printf "%.4f", a / b }')
  echo "$(basename "$file" .koma) perft($2) | $na | $ib | $ia | $ratio | perft($3) | $(leaves) | $tb | $ta | $(load)"
  shift 3
done
