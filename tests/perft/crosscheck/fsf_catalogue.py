#!/usr/bin/env python3
"""Fairy-Stockfish's catalogue against koma: which games ship, and what the others need.

Reads Fairy-Stockfish's own sources (its built-in variants in src/variant.cpp and the examples
in src/variants.ini), follows each game's inheritance, and sorts every option the game sets into
what koma's language has and what it lacks. Writes the table of docs/fsf-catalogue.md.

    FSF_SRC=/path/to/Fairy-Stockfish/src python3 tests/perft/crosscheck/fsf_catalogue.py \
        > docs/fsf-catalogue.md

No dependencies. A game is "ships" only when a file in this repository plays it and a perft
suite compares it with Fairy-Stockfish (SHIPPED below); "no gap found" means every option the
game sets has a koma counterpart, which a written, perft-checked file has still to confirm.
"""

import os
import re
import sys
from collections import Counter, OrderedDict

# The koma file that plays each game, and the perft suite that compares it with Fairy-Stockfish.
SHIPPED = {
    "chess": ("variants/chess.koma", "tests/perft/chess.perft"),
    "normal": ("variants/chess.koma", "tests/perft/chess.perft"),
    "crazyhouse": ("variants/crazyhouse.koma", "tests/perft/drops.perft"),
    "makruk": ("variants/makruk.koma", "tests/perft/fairy.perft"),
    "shatranj": ("variants/shatranj.koma", "tests/perft/fairy.perft"),
    "courier": ("variants/courier.koma", "tests/perft/fairy.perft"),
    "capablanca": ("variants/capablanca.koma", "tests/perft/fairy.perft"),
    "grand": ("variants/grand.koma", "tests/perft/grand.perft"),
    "xiangqi": ("variants/xiangqi.koma", "tests/perft/regions.perft"),
    "janggi": ("variants/janggi.koma", "tests/perft/regions.perft"),
    "shogi": ("variants/shogi.koma", "tests/perft/drops.perft"),
    "minishogi": ("variants/minishogi.koma", "tests/perft/drops.perft"),
    "torishogi": ("variants/tori-shogi.koma", "tests/perft/tori.perft"),
    "shoshogi": ("variants/sho-shogi.koma", "tests/perft/fairy.perft"),
    "kingofthehill": ("variants/king-of-the-hill.koma", "tests/perft/lichess.perft"),
    "racingkings": ("variants/racing-kings.koma", "tests/perft/lichess.perft"),
    "3check": ("variants/three-check.koma", "tests/perft/lichess-rules.perft"),
    "5check": ("variants/five-check.koma", "tests/perft/lichess-rules.perft"),
    "antichess": ("variants/antichess.koma", "tests/perft/lichess-rules.perft"),
    "horde": ("variants/horde.koma", "tests/perft/lichess-rules.perft"),
    "kinglet": ("tests/fixtures/rules/kinglet.koma", "tests/perft/royals.perft"),
    "atomic": ("variants/atomic.koma", "tests/perft/atomic.perft"),
    "kyotoshogi": ("variants/kyoto-shogi.koma", "tests/perft/kyoto.perft"),
    "shogun": ("variants/shogun.koma", "tests/perft/shogun.perft"),
    "duck": ("variants/duck.koma", "tests/perft/duck.perft"),
    "seirawan": ("variants/seirawan.koma", "tests/perft/seirawan.perft"),
    "shouse": ("variants/shouse.koma", "tests/perft/seirawan.perft"),
    "orda": ("variants/orda.koma", "tests/perft/pychess.perft"),
    "synochess": ("variants/synochess.koma", "tests/perft/pychess.perft"),
    "khans": ("variants/khans.koma", "tests/perft/pychess.perft"),
    "dobutsu": ("variants/dobutsu.koma", "tests/perft/pychess.perft"),
    "placement": ("variants/placement.koma", "tests/perft/pychess.perft"),
    "chak": ("variants/chak.koma", "tests/perft/pychess.perft"),
    "fischerandom": ("variants/chess960.koma", "tests/perft/chess960.perft"),
}

# Options with a koma counterpart (pieces, board, setup, promotion, drops, castling, the
# results koma has). Options not listed here and not in GAPS are bookkeeping (names, NNUE,
# display) and are ignored.
HAS = {
    "add", "remove", "reset", "customPiece", "startFen", "maxRank", "maxFile", "king",
    "kingType", "promotionRegion", "promotionPieceTypes", "promotedPieceType",
    "promotionPawnTypes", "mainPromotionPawnType", "pawnTypes", "promotionLimit",
    "mandatoryPawnPromotion", "mandatoryPiecePromotion", "castling", "castlingKingsideFile",
    "castlingQueensideFile", "castlingKingPiece", "castlingRookPieces", "castlingRookPiece",
    "castlingRank", "castlingRookKingsideFile", "castlingRookQueensideFile", "doubleStep",
    "doubleStepRegion", "tripleStepRegion", "firstRankDoubleSteps", "enPassantRegion",
    "enPassantTypes", "stalemateValue", "nMoveRule", "nMoveRuleTypes", "nFoldRule",
    "perpetualCheckIllegal", "moveRepetitionIllegal", "pieceDrops", "capturesToHand",
    "dropNoDoubled", "dropNoDoubledCount", "shogiDoubledPawn", "shogiPawnDropMateIllegal",
    "promotionZonePawnDrops", "firstRankPawnDrops", "immobilityIllegal", "dropRegion",
    "dropLoop", "extinctionValue", "mobilityRegion", "flyingGeneral", "bikjangRule",
    "soldierPromotionRank", "diagonalLines", "pocketSize", "pass",
    "flagPiece", "flagRegion", "flagMove", "checking", "checkCounting", "mustCapture",
    # `goal ... count N`, `or-filled`, `safe`, `hold` (`flagMove` for flags other than the King,
    # with or without `flagPieceSafe`: Jeson Mor, Alapo).
    "flagPieceCount", "flagPieceBlockedWin", "flagPieceSafe",
    # `castling wins [first|second] [king-side|queen-side]` (Castle chess).
    "castlingWins",
    # `castling opposite-wings`.
    "oppositeCastling",
    # `pass when-stuck`.
    "passOnStalemate",
    # `explode immune P`; pseudo-royal pieces are royals under `win checkmate`, with `check
    # last-royal-only` or `check duple` (Fairy-Stockfish's `dupleCheck`), docs/rules.md.
    "blastOnCapture", "extinctionPseudoRoyal", "dupleCheck",
    # `wall moving|anywhere|shot|edge [except SQUARES]`; `past` is koma's `vanishing` squares.
    "wallingRule", "wallingRegion",
    # Game ends (docs/rules.md, "Other game ends"): `repetition`, `extinction`, `tiebreak`,
    # `stalemate fewer-pieces-wins|more-pieces-wins`, `checkmate wins|draws`.
    "nFoldValue", "nFoldValueAbsolute", "extinctionPieceCount", "extinctionOpponentPieceCount",
    "extinctionPieceTypes", "materialCounting", "stalematePieceCount", "checkmateValue",
    # `promotion flip`, `drop promoted`; `promotion limit` (docs/rules.md).
    "pieceDemotion", "dropPromoted",
    # `promotion on capture-in-zone` (docs/rules.md, "Promotion triggers").
    "piecePromotionOnCapture",
    # `gating SQUARES [only]` (docs/rules.md, "Gating").
    "gating", "seirawanGating",
    # `castling to FILE FILE` (Chess960's castling); `shuffle` in the setup for random starts.
    "chess960",
    # `goal IDS row N [ranks] [files] [diagonals]` (docs/rules.md, "Rows").
    "connectN", "connectPieceTypes", "connectHorizontal", "connectVertical", "connectDiagonal",
    # `drop enclosing [start SQUARES]` (with `enclosingDrop = reversi`, below), `draw full-board`.
    "enclosingDropStart", "adjudicateFullBoard",
    # `drop compulsory [ID]`, `drop opposite-colours B`, `drop unmoved` (Placement).
    "mustDrop", "mustDropType", "dropOppositeColoredBishop", "castlingDroppedPiece",
    # `check royal-captures-only` (docs/rules.md, "Makpong's rule").
    "makpongRule",
    # `petrify IDS` (docs/rules.md, "Petrification"); `drop no-check` (`dropChecks = false`).
    "petrifyOnCaptureTypes", "dropChecks",
    # `first-move K not-in-check`, `first-move K lost-when-aimed R` with XBetza `i` and gates
    # (docs/rules.md, "First moves (Ouk Chatrang)"); `counting ... countingRule = cambodian`.
    "cambodianMoves", "countingRule",
}

# Options koma's language lacks, by the feature that would express them (issue 30, point 3).
GAPS = {
    "blastImmuneTypes": "explosion-immune pieces",
    "wallOrMove": "a blocker placed instead of a move",
    "connectNxN": "a square block of N x N (not chess)",
    "collinearN": "N pieces on one line, not adjacent (not chess)",
    "connectValue": "a row that draws (not chess)",
    "connectRegion1": "a chain joining two regions (not chess)",
    "connectRegion2": "a chain joining two regions (not chess)",
    # Reversi's kinds (`flip enclosed`, `drop enclosing`) and Connect Four's (`drop enters
    # top|any-side`) are in HAS; the others:
    "flipEnclosedPieces": "Ataxx's flipping (not chess)",
    "enclosingDrop": "a placing rule for drops: Ataxx, Snort (not chess)",
    "twoBoards": "two boards (bughouse)",
    "petrifyBlastPieces": "petrified blast pieces",
    "mutuallyImmuneTypes": "mutual immunity",
    "chasingRule": "the chasing rule",
    "freeDrops": "free drops",
    "sittuyinRookDrop": "Sittuyin's placement", "sittuyinPromotion": "Sittuyin's promotion",
    "shatarMateRule": "Shatar's mate rule",
    "extinctionClaim": "extinction claimed by the winner",
    "promotionPieceTypesBlack": "per-side promotion choices",
    "promotionPawnTypesBlack": "per-side promotion choices",
    "nMoveRuleTypesBlack": "per-side move-count resets",
}

# Values that mean "as in chess": an option set to one of these needs no feature.
NEUTRAL = {"false", "0", "", "-", "none", "VALUE_DRAW", "draw"}
SIDE = re.compile(r"(White|Black)(King|Fers|Elephant|Soldier)?$")


def option_name(key):
    """`promotionRegionWhite` and `mobilityRegionBlackKing` are `promotionRegion` and `mobilityRegion`."""
    base = SIDE.sub("", key)
    return base if base != key and (base in HAS or base in GAPS) else key


def builtins(cpp):
    """Each built-in game: its name, parent function and options, from variant.cpp."""
    funcs = {}
    for m in re.finditer(r"Variant\* (\w+)\(\) \{(.*?)\n    \}", cpp, re.S):
        # A commented-out option (minixiangqi's `//v->nFoldValue`) sets nothing.
        body = re.sub(r"//[^\n]*", "", m.group(2))
        parent = re.search(r"Variant\* v = +(\w+)\(\)->init\(\);", body)
        opts = OrderedDict()
        for o in re.finditer(r"v->(\w+)(\[[^\]]*\])?\s*(=|\(|\.)\s*([^;]*);", body):
            key, value = o.group(1), o.group(4).strip()
            if key in ("init", "conclude"):
                continue
            if o.group(3) == "(" or o.group(3) == ".":
                value = "set"
            opts[option_name(key)] = value
        funcs[m.group(1)] = (parent.group(1) if parent else None, opts)
    games = OrderedDict()
    for m in re.finditer(r'add\("([\w-]+)", (\w+)\(\)', cpp):
        games[m.group(1)] = m.group(2)
    return funcs, games


def effective(funcs, name, stop=("variant_base", "chess_variant_base", "chess_variant")):
    """The options a built-in game sets below chess, its ancestors' included."""
    opts = OrderedDict()
    chain = []
    while name and name not in stop and name in funcs:
        chain.append(name)
        name = funcs[name][0]
    for f in reversed(chain):
        opts.update(funcs[f][1])
    return opts


def ini_sections(text):
    """Each example game: its name, parent and options, from variants.ini."""
    sections = OrderedDict()
    current = None
    for line in text.splitlines():
        line = line.split("#", 1)[0].split(";", 1)[0].strip()
        head = re.fullmatch(r"\[([\w-]+)(?::([\w-]+))?\]", line)
        if head:
            current = head.group(1)
            sections[current] = (head.group(2), OrderedDict())
        elif current and "=" in line:
            key, value = (s.strip() for s in line.split("=", 1))
            key = option_name(key)
            if key.startswith("customPiece") or re.fullmatch(r"[a-z][A-Za-z]*", key) and key not in HAS and key not in GAPS and len(value) <= 2:
                key = "add" if not key.startswith("customPiece") else "customPiece"
            sections[current][1][key] = value
    return sections


def gaps(opts):
    """The features a game needs that koma lacks, in a stable order."""
    found = []
    for key, value in opts.items():
        if key == "countingRule" and value.upper().split("_")[0] in ("MAKRUK", "ASEAN"):
            feature = None
        elif key == "connectValue" and value in ("win", "mate", "loss"):
            # `goal ... row N` wins, `... loses` loses.
            feature = None
        elif key == "enclosingDrop" and value.lower() in ("top", "anyside"):
            # `drop enters top|any-side`.
            feature = None
        elif key in ("flipEnclosedPieces", "enclosingDrop") and value.lower() == "reversi":
            feature = None
        elif value in NEUTRAL:
            feature = None
        elif key == "extinctionClaim" and opts.get("extinctionValue", "VALUE_NONE") in ("VALUE_NONE", "none"):
            # It only qualifies an extinction rule: Chaturanga keeps Shatranj's without one.
            feature = None
        else:
            feature = GAPS.get(key)
        if feature is None:
            continue
        if feature not in found:
            found.append(feature)
    return found


def ini_effective(sections, funcs, games, name, seen=()):
    parent, opts = sections[name]
    merged = OrderedDict()
    if parent in sections and parent not in seen:
        merged.update(ini_effective(sections, funcs, games, parent, seen + (name,)))
    elif parent in games:
        merged.update(effective(funcs, games[parent]))
    merged.update(opts)
    return merged


def corpus_status():
    """tests/fsf-corpus/STATUS (written by fsf_corpus.py): game -> (outcome, file or reason)."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "fsf-corpus", "STATUS")
    if not os.path.exists(path):
        return {}
    rows = {}
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            name, outcome, detail = line.rstrip("\n").split("\t", 2)
            rows[name] = (outcome, detail)
    return rows


CORPUS = corpus_status()


def status(name, need):
    if name in SHIPPED:
        path, suite = SHIPPED[name]
        return f"ships: `{path}` (`{suite}`)"
    if need:
        return "needs " + ", ".join(need)
    outcome, detail = CORPUS.get(name, ("", ""))
    if outcome == "agrees":
        return f"corpus: perft agrees (`{detail}`, `tests/perft/fsf-corpus.perft`)"
    if outcome:
        return "corpus: not yet: " + detail.replace("|", "\\|")
    return "no gap found (not written yet)"


def main():
    src = os.environ.get("FSF_SRC")
    if not src:
        sys.exit("set FSF_SRC to Fairy-Stockfish's src/ directory")
    cpp = open(os.path.join(src, "variant.cpp"), encoding="utf-8").read()
    ini = open(os.path.join(src, "variants.ini"), encoding="utf-8").read()
    funcs, games = builtins(cpp)
    sections = ini_sections(ini)
    rows = []
    for name, func in games.items():
        rows.append((name, "built in", func, gaps(effective(funcs, func))))
    for name, (parent, _) in sections.items():
        rows.append((name, f"variants.ini ({parent or 'no parent'})", None,
                     gaps(ini_effective(sections, funcs, games, name))))
    print_page(rows)


def print_page(rows):
    shipped = sum(1 for r in rows if r[0] in SHIPPED)
    clear = sum(1 for r in rows if r[0] not in SHIPPED and not r[3])
    agree = sum(1 for r in rows if r[0] not in SHIPPED and not r[3] and CORPUS.get(r[0], ("",))[0] == "agrees")
    blocked = Counter(f for r in rows if r[0] not in SHIPPED for f in r[3])
    alone = Counter(r[3][0] for r in rows if r[0] not in SHIPPED and len(r[3]) == 1)
    print(HEADER.format(total=len(rows), shipped=shipped, clear=clear, agree=agree,
                        blocked=len(rows) - shipped - clear))
    print("| feature koma lacks | games needing it | games it alone blocks |")
    print("|---|---:|---:|")
    for feature, n in blocked.most_common():
        print(f"| {feature} | {n} | {alone.get(feature, 0)} |")
    print_board_games(rows)
    print(DIFFERENCES)
    print("\n## Every game\n")
    print("| game | where Fairy-Stockfish defines it | status |")
    print("|---|---|---|")
    for name, origin, _, need in rows:
        print(f"| `{name}` | {origin} | {status(name, need)} |")


def print_board_games(rows):
    """The games that are not chess variants (their features say so) and are still left out."""
    out = [(name, need) for name, _, _, need in rows if any("(not chess)" in f for f in need)]
    print(BOARD_GAMES)
    for name, need in out:
        print(f"- `{name}`: {', '.join(need)}")


DIFFERENCES = """
## Perft differences explained

- `atomicduck` (Atomic with Duck chess's duck): koma lets the duck go to any square that is empty
  once the move is over, the squares its explosion cleared included; Fairy-Stockfish picks the
  duck's squares from the board as it stood before the move (the empty squares and the mover's
  own, never the destination: `make_move_and_gating` in its `movegen.cpp`), so no duck lands
  where the explosion struck. In the random position of the table, `d4xe3` explodes e2, f2, e3
  and f3, and `e5xf4`, `Qf6xf4`, `Qf6xh4` and `Bf8xa3` clear squares the same way: koma counts
  the duck on those squares, 1,193 moves against 1,183. koma keeps its reading (the duck is
  placed after the move, on an empty square); a corpus file cannot say Fairy-Stockfish's.
- `annexation` (Flipello on a 10 x 10 board with walls, `*`): a drop must enclose an enemy
  piece on a straight line up to one of the dropper's own. koma's line ends at a wall, as at an
  empty square or the edge; Fairy-Stockfish's test of the drop (`enclosingDrop = reversi` in its
  `position.h`) sees through walls, while its flipping (`position.cpp`) stops at them. In the
  random position of the table, `P@d9` reaches the Pawn on b7 through the wall on c8 and `P@i4`
  the Pawn on g2 through the wall on h3: Fairy-Stockfish counts both drops, which flip nothing,
  16 moves against 14. koma keeps its reading (a wall encloses nothing, a drop must turn a
  piece); a corpus file cannot say Fairy-Stockfish's.
- `cfour-anyside` (Connect Four with discs pushed in from any side): koma slides a disc from the
  edge it enters at to the last empty square before the first disc. Fairy-Stockfish
  (`enclosingDrop = anyside` in its `position.h`) takes, for a disc coming down a file or in
  from the right, the lowest or leftmost square next to a disc or on the near edge, which is
  another square once a file or rank has a gap: in `7/7/7/7/3p3/PPP1ppp/3P3 w` it lists
  `P@d2`, closed on all four sides, and not `P@b3`, `P@d4`, `P@e3`, `P@f3`, `P@g3`, 17 moves
  against 21 (`tests/rules/connect.rs`). Gaps come from discs pushed along a rank, so random
  positions differ. koma keeps its reading, the game's; a corpus file cannot say
  Fairy-Stockfish's.
"""


BOARD_GAMES = """
## Board games left out

koma plays Fairy-Stockfish's connect games (`goal IDS row N`: tic-tac-toe, Picaria, Nine Holes,
All Queens Chess, Symphony...), Connect Four and its misere and any-side forms (`drop enters
top|any-side`, `goal ... row N loses`) and its Reversi family (`flip enclosed`, `drop enclosing`,
`draw full-board`: Flipello, Flipersi and their sizes), docs/rules.md. These non-chess games
still need a rule koma has no clause for; each is a placing or winning rule of its own (Ataxx's
moves that turn every neighbour and clone from an endless hand, Snort's drops, N on one line
with gaps, a 2x2 block, a chain across the board), each for one to four games, so they stay
out:
"""


HEADER = """# Fairy-Stockfish's catalogue in koma

Fairy-Stockfish defines {total} games: its built-in variants (`src/variant.cpp`, aliases such as
`normal` included) and the examples of its `src/variants.ini`. This page says, for each, whether
koma plays it and, if not, which rule feature koma's language lacks for it. It is generated from
Fairy-Stockfish's own source by `tests/perft/crosscheck/fsf_catalogue.py` (read it for the
option-by-option mapping): each game's options are followed through its parents, and every
option it sets is either one koma has a clause for, one it lacks (named by feature below), or
bookkeeping (names, display, NNUE).

- **{shipped} ship**: a file in this repository plays the game, and a perft suite holds
  Fairy-Stockfish's counts for it (the start position; most also random positions).
- **{clear} show no gap**: every option the game sets has a koma counterpart. **{agree}** of them
  are in the catalogue corpus: `koma import` translates the game from Fairy-Stockfish's own
  definition (docs/import.md) into `tests/fsf-corpus/NAME.koma`, and its perft agrees with
  Fairy-Stockfish's at the start position and at random positions (`tests/perft/fsf-corpus.perft`,
  generated by `tests/perft/crosscheck/fsf_corpus.py`). For the others the table gives the
  reason: a reading the importer refuses, an option the mapping below counts as expressible that
  koma does not have after all, or a perft difference.
- **{blocked} need a feature** koma's language does not have yet.

The mapping is by option, so it can be too kind (an option koma "has" but reads differently for
that game: Fairy-Stockfish's `i`, `fK` and ranged hops, docs/xbetza.md) and too strict (an option
that is set but changes nothing in that game). The features, ranked by how many games need
them; "alone" counts the games that need only that one:
"""

if __name__ == "__main__":
    main()
