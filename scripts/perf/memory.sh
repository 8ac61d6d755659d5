#!/bin/bash
# Maximum resident set of `koma perft` per shipped variant on THREADS threads (default 1): depths
# 3 and 4, and 5 where the estimated time (depth-4 user time x depth-4/depth-3 leaf ratio) is
# under $LIMIT seconds (default 60) (docs/performance.md).
# usage: scripts/perf/memory.sh KOMA_BINARY [THREADS]
source "$(dirname "$0")/lib.sh"
threads=${1:-1}
LIMIT=${LIMIT:-60}

# measure FILE DEPTH: "LEAVES USER_SECONDS MAX_RSS_KB"
measure() {
  local time
  time=$(user_time "$K" perft "$1" --depth "$2" --threads "$threads")
  echo "$(leaves) $time"
}

for file in variants/*.koma; do
  read -r n3 u3 r3 < <(measure "$file" 3)
  read -r n4 u4 r4 < <(measure "$file" 4)
  line="$(basename "$file" .koma) | d3 $n3 ${u3}s ${r3}KB | d4 $n4 ${u4}s ${r4}KB"
  est=$(awk -v u="$u4" -v a="$n4" -v b="$n3" 'BEGIN { print u * a / b }')
  if awk -v e="$est" -v l="$LIMIT" 'BEGIN { exit !(e < l) }'; then
    read -r n5 u5 r5 < <(measure "$file" 5)
    line="$line | d5 $n5 ${u5}s ${r5}KB"
  else
    line="$line | d5 skipped (est ${est}s)"
  fi
  echo "$line | load $(load)"
done
