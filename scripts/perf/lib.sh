# Sourced by the scripts in this folder (docs/performance.md): resolves the koma binary given as
# the first argument, moves to the repository root, and times commands by user CPU seconds.
[ $# -ge 1 ] || { echo "usage: $0 KOMA_BINARY ..." >&2; exit 2; }
K=$(realpath "$1") || exit 2
shift
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
RUNS=${RUNS:-3}
export PATH="$PATH:/usr/games" # where Debian installs fairy-stockfish and hachu

# user_time CMD...: runs CMD (its output in $TMP/out) and prints "USER_SECONDS MAX_RSS_KB".
user_time() {
  /usr/bin/time -o "$TMP/time" -f "%U %M" "$@" >"$TMP/out" 2>/dev/null
  tail -1 "$TMP/time" # after "Command exited with non-zero status", if any
}

# The last number of the last output line: `koma perft`'s leaf count.
leaves() { tail -1 "$TMP/out" | grep -o '[0-9]*$'; }

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? a : b }'; }

load() { cut -d' ' -f1-3 /proc/loadavg; }

# A copy of a `win checkmate` variant under `win extinction` (without `check last-royal-only`,
# which needs checkmate): extinction_twin FILE prints the copy's path.
extinction_twin() {
  local copy="$TMP/extinction-$(basename "$1")"
  sed -e 's/^\(\s*\)win checkmate/\1win extinction/' -e '/^\s*check last-royal-only/d' "$1" >"$copy"
  echo "$copy"
}
