#!/usr/bin/env bash
# Runs every fuzz target from a copy of the committed seed corpus (corpus/TARGET), so the seeds
# stay as committed. Usage: fuzz/run.sh SECONDS_PER_TARGET [RUNS_PER_TARGET] [TARGET...]
# Each input must finish within FUZZ_TIMEOUT seconds (default 2) and 1 GB (libFuzzer reports a
# hang or OOM otherwise).
# Built without a sanitizer and without compare tracing (docs/fuzzing.md): koma has no unsafe
# code for AddressSanitizer to watch, and compare tracing made each input 1.7 to 2.8 times slower
# while finding no more coverage in the same time.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-10}
runs=${2:-1000000000}
shift $(( $# < 2 ? $# : 2 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(grammar xbetza position loader movegen http protocol)
work=${FUZZ_WORK:-$(mktemp -d)}
for t in "${targets[@]}"; do
  mkdir -p "$work/$t"
  cp -n corpus/"$t"/* "$work/$t"/ 2>/dev/null || true
  # Whole compiled shogi variants are 8-13 KB; text inputs stay within 4 KB.
  max_len=4096
  [ "$t" != loader ] || max_len=16384
  cargo +nightly fuzz run -O -s none --no-trace-compares "$t" "$work/$t" -- \
    -runs="$runs" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-2}" -rss_limit_mb=1024 \
    -max_len="$max_len" -print_final_stats=1 -close_fd_mask=3
done
