#!/bin/bash
# Two builds' `koma bench --search` at the same time, one on each core, then with the cores
# swapped, $R rounds (default 6): a pair shares the host's load, which moves a lone run by up to
# 30 % on this machine, so the pairs compare where separate runs cannot. Prints each pair's
# k nodes per CPU second, then per position the median of each build, the change, and how many
# pairs the second build won (docs/performance-log.md, "The table in memory").
# usage: scripts/perf/paired-bench.sh OLD_KOMA NEW_KOMA   (needs two cores and taskset)
source "$(dirname "$0")/lib.sh"
NEW=$(realpath "$1") || exit 2
bench() { taskset -c "$1" "$2" bench --search --repeat 5 | awk 'NR > 1 && !/^total/ { print $(NF - 2) }'; }
for _ in $(seq "${R:-6}"); do
  for core in 0 1; do
    bench "$core" "$K" >"$TMP/old" &
    bench $((1 - core)) "$NEW" >"$TMP/new" &
    wait
    paste "$TMP/old" "$TMP/new" >>"$TMP/pairs"
    echo "old $(cut -f1 "$TMP/old" | paste -sd' ')  new $(cut -f2 "$TMP/new" | paste -sd' ') | load $(load)"
  done
done
"$K" bench --search --repeat 1 | awk 'NR > 1 && !/^total/ { NF -= 7; print }' >"$TMP/names"
awk -v n="$(wc -l <"$TMP/names")" '
  function median(a, k,   s, i, j, t) {
    for (i = 1; i <= k; i++) s[i] = a[i]
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
    return k % 2 ? s[(k + 1) / 2] : (s[k / 2] + s[k / 2 + 1]) / 2
  }
  FILENAME != "-" { name[FNR] = $0; next }
  { p = (NR - 1) % n + 1; k[p]++; old[p, k[p]] = $1; new[p, k[p]] = $2; won[p] += $2 > $1 }
  END {
    for (p = 1; p <= n; p++) {
      for (i = 1; i <= k[p]; i++) { a[i] = old[p, i]; b[i] = new[p, i] }
      mo = median(a, k[p]); mn = median(b, k[p])
      printf "%-15s old %6.0f  new %6.0f  %+5.1f %%  new faster in %d of %d pairs\n", name[p], mo, mn, 100 * (mn / mo - 1), won[p], k[p]
    }
  }' "$TMP/names" - <"$TMP/pairs"
