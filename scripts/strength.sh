#!/usr/bin/env bash
# Replays issue 23's strength matches (docs/engine.md, "Strength"): koma against the Debian
# engines of ../shared/research/opponents.md, refereed by `koma match` under koma's own files.
#
#   scripts/strength.sh [PAIRING ...]     # default: every pairing below
#
# Environment: KOMA (default target/release/koma), GAMES (default 100), TC (default 10+0.1),
# SEED (default 7), CONCURRENCY (default 2; 1 on a machine shared with builds), OUT (the PGNs'
# directory, default docs/engine). Each pairing writes OUT/strength-PAIRING-GAMES.pgn and a line
# "pairing games won-lost-drawn score Elo [low, high]" (koma's view) to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

KOMA=${KOMA:-target/release/koma}
GAMES=${GAMES:-100}
TC=${TC:-10+0.1}
SEED=${SEED:-7}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-docs/engine}
G=/usr/games

# pairing | variant file | the opponent's spec | plies before a draw is adjudicated (Shatranj
# and Courier 600: their own rules, the bare King and the move-count draw, end their long
# endgames of short-range pieces; at 300 the referee cut 6 of 20 Shatranj games and 14 of 39
# Courier games, most with one side ahead and still capturing or advancing)
PAIRINGS="
chess       | chess.koma       | cecp:variant=normal,cmd=$G/fairymax              | 300
capablanca  | capablanca.koma  | cecp:variant=capablanca,cmd=$G/fairymax          | 300
courier     | courier.koma     | cecp:variant=courier,start=fen,cmd=$G/fairymax   | 600
shatranj    | shatranj.koma    | cecp:variant=shatranj,cmd=$G/shamax              | 600
xiangqi     | xiangqi.koma     | cecp:variant=xiangqi,cmd=$G/maxqi                | 300
shogi       | shogi.koma       | cecp:variant=shogi,cmd=$G/sjaakii                | 400
minishogi   | minishogi.koma   | cecp:variant=minishogi,cmd=$G/sjaakii            | 400
crazyhouse  | crazyhouse.koma  | cecp:variant=crazyhouse,cmd=$G/sjaakii           | 400
chu         | chu-shogi.koma   | cecp:cmd=$G/hachu                                | 400
fsf-chess   | chess.koma       | uci:variant=chess,cmd=$G/fairy-stockfish         | 400
fsf-shogi   | shogi.koma       | uci:variant=shogi,cmd=$G/fairy-stockfish         | 400
fsf-xiangqi | xiangqi.koma     | uci:variant=xiangqi,cmd=$G/fairy-stockfish       | 400
fsf-crazyhouse | crazyhouse.koma | uci:variant=crazyhouse,cmd=$G/fairy-stockfish  | 400
smp-chess   | chess.koma       | koma:name=one,threads=1                          | 300
"

# Runs one pairing; koma (two threads for smp-*) is engine B, so the summary is koma's view.
play() {
    local name=$1 file=$2 spec=$3 plies=$4 koma=koma concurrency=$CONCURRENCY
    if [[ $name == smp-* ]]; then
        koma=koma:name=two,threads=2
        concurrency=1 # the two-thread engine needs both cores while it thinks
    fi
    local pgn="$OUT/strength-$name-$GAMES.pgn"
    "$KOMA" match "variants/$file" --engine "$spec" --engine "$koma" --games "$GAMES" \
        --tc "$TC" --random-plies 4 --seed "$SEED" --concurrency "$concurrency" \
        --max-plies "$plies" --pgn "$pgn" --format json |
        python3 -c '
import json, sys
d = json.load(sys.stdin)
def elo(x, inf):
    return inf if x is None else "%+d" % round(x)
interval = "[%s, %s]" % (elo(d["elo_low"], "-inf"), elo(d["elo_high"], "+inf"))
record = "%d-%d-%d" % (d["wins"], d["losses"], d["draws"])
print("%-15s %4d %s %.1f %% %s %s" % (sys.argv[1], len(d["results"]), record,
      100 * d["score"], elo(d["elo"], "-"), interval))' "$name"
}

wanted=" $* "
while IFS='|' read -r name file spec plies; do
    name=$(echo $name) file=$(echo $file) spec=$(echo $spec) plies=$(echo $plies)
    [[ -z $name ]] && continue
    [[ $# -gt 0 && $wanted != *" $name "* ]] && continue
    play "$name" "$file" "$spec" "$plies"
done <<<"$PAIRINGS"
