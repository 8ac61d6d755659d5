#!/bin/bash
# koma against HaChu (with the perft patch, hachu-perft.patch) on the Chu and Dai start positions:
# user CPU seconds and maximum resident set, best of $RUNS (default 3) interleaved runs, koma on
# one thread (docs/performance.md).
# usage: scripts/perf/hachu-compare.sh KOMA_BINARY
# HACHU: the patched HaChu (build-hachu.sh); DEPTHS and DAI_DEPTHS: the depths (1-4 and 1-3).
source "$(dirname "$0")/lib.sh"
: "${HACHU:?set HACHU to a HaChu built with scripts/perf/build-hachu.sh}"

# row KOMA_VARIANT HACHU_VARIANT DEPTH
row() {
  local bk=999 bh=999 k km h hm kn hn
  printf 'variant %s\nperft %s\nquit\n' "$2" "$3" >"$TMP/in"
  for _ in $(seq "$RUNS"); do
    read -r k km < <(user_time "$K" perft "variants/$1.koma" --depth "$3" --threads 1); kn=$(leaves)
    read -r h hm < <(user_time sh -c '"$0" <"$1"' "$HACHU" "$TMP/in"); hn=$(grep '^perft' "$TMP/out")
    bk=$(min "$k" "$bk"); bh=$(min "$h" "$bh")
  done
  echo "$1 perft($3) | koma $bk s ($kn, $km KB) | HaChu $bh s ($hn, $hm KB) | load $(load)"
}

for d in ${DEPTHS:-1 2 3 4}; do row chu-shogi chu "$d"; done
for d in ${DAI_DEPTHS:-1 2 3}; do row dai-shogi dai "$d"; done
