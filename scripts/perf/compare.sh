#!/bin/bash
# koma against Fairy-Stockfish, perft side by side: user CPU seconds, best of $RUNS (default 3)
# interleaved runs, one thread (docs/performance.md).
# usage: scripts/perf/compare.sh KOMA_BINARY
# FAIRY_STOCKFISH: the 8 x 8 build (make build ARCH=x86-64-bmi2), default `fairy-stockfish`;
# FAIRY_STOCKFISH_LARGE: the large-board build (largeboards=yes), default $FAIRY_STOCKFISH.
# Rows without a Fairy-Stockfish figure (the large shogi games) time koma alone.
source "$(dirname "$0")/lib.sh"
FSF=${FAIRY_STOCKFISH:-fairy-stockfish}
FSFL=${FAIRY_STOCKFISH_LARGE:-$FSF}
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# fsf_time BINARY VARIANT POSITION DEPTH
fsf_time() {
  printf 'uci\nsetoption name UCI_Variant value %s\nposition %s\ngo perft %s\nquit\n' "$2" "$3" "$4" >"$TMP/in"
  user_time sh -c '"$0" <"$1"' "$1" "$TMP/in" | cut -d' ' -f1
}

# row LABEL FILE DEPTH [FEN] [FSF_BINARY FSF_VARIANT]
row() {
  local label=$1 file=$2 depth=$3 fen=$4 fsf=$5 variant=$6 bk=999 bf=999 kn fn="" t
  local args=(perft "$file" --depth "$depth" --threads 1) position=startpos
  [ -n "$fen" ] && args+=(--fen "$fen") && position="fen $fen"
  for _ in $(seq "$RUNS"); do
    t=$(user_time "$K" "${args[@]}" | cut -d' ' -f1); kn=$(leaves); bk=$(min "$t" "$bk")
    if [ -n "$fsf" ]; then
      t=$(fsf_time "$fsf" "$variant" "$position" "$depth")
      fn=$(grep -i 'nodes searched' "$TMP/out" | tail -1 | grep -o '[0-9]*$'); bf=$(min "$t" "$bf")
    fi
  done
  [ -n "$fsf" ] || bf=-
  echo "$label | koma $bk s ($kn) | Fairy-Stockfish $bf s (${fn:--}) | load $(load)"
}

row "chess start perft(6)" variants/chess.koma 6 "" "$FSF" chess
row "Kiwipete perft(5)" variants/chess.koma 5 "$KIWI" "$FSF" chess
row "Makruk perft(6)" variants/makruk.koma 6 "" "$FSFL" makruk
row "Shatranj perft(6)" variants/shatranj.koma 6 "" "$FSFL" shatranj
row "Courier perft(5)" variants/courier.koma 5 "" "$FSFL" courier
row "Sho perft(5)" variants/sho-shogi.koma 5 "" "$FSFL" shoshogi
row "Chu perft(4)" variants/chu-shogi.koma 4
row "Suzumu perft(4)" variants/suzumu-shogi.koma 4
row "Tenjiku perft(4)" variants/tenjiku-shogi.koma 4
row "Minjiku perft(4)" variants/minjiku-shogi.koma 4
row "exotic checkmate perft(4)" tests/fixtures/bench/exotic-skirmish.koma 4
row "exotic extinction perft(4)" tests/fixtures/bench/exotic-extinction.koma 4
