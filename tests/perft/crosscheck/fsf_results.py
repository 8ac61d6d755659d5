"""Compares game results with Fairy-Stockfish's on the catalogue corpus games that end otherwise
than chess (`repetition N ...`, `extinction`, `tiebreak`, `stalemate fewer|more-pieces-wins`).

Perft counts moves only, so a rule that scores a repetition or a drawn game differently never
shows in it. This plays seeded random games in each such corpus game with pyffish (0.0.90),
steering some of them into repetitions (two moves out and back), and at every position compares
`koma moves FILE --play MOVES`'s result line with pyffish's `game_result` (no legal move),
`is_immediate_game_end` and `is_optional_game_end` (repetition, move count). Exits 1 on the
first difference; docs/rules.md ("Other game ends") gives its last figures.

    KOMA=target/ci/koma FSF_SRC=/path/to/Fairy-Stockfish/src \\
        /tmp/ffvenv/bin/python tests/perft/crosscheck/fsf_results.py [games...]
"""
import os
import random
import re
import subprocess
import sys

import pyffish as sf

KOMA = os.environ.get("KOMA", "target/ci/koma")
CORPUS = "tests/fsf-corpus"
CLAUSES = re.compile(r"^\s*(repetition \d|extinction |tiebreak |stalemate (fewer|more)-pieces-wins)", re.M)
GAMES_PER_VARIANT, MAX_PLIES = 6, 80


def corpus_games():
    """The agreeing corpus games whose file has one of the clauses."""
    out = []
    for line in open(f"{CORPUS}/STATUS", encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 3 and parts[1] == "agrees":
            if CLAUSES.search(open(parts[2], encoding="utf-8").read()):
                out.append(parts[0])
    return out


def score(value, white_to_move):
    """Fairy-Stockfish's value for the side to move as `1-0`, `0-1` or `1/2-1/2`."""
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == white_to_move else "0-1"


def fsf_result(variant, fen, moves):
    legal = sf.legal_moves(variant, fen, moves)
    white = sf.get_fen(variant, fen, moves).split()[1] == "w"
    if not legal:
        return score(sf.game_result(variant, fen, moves), white)
    ended, value = sf.is_immediate_game_end(variant, fen, moves)
    if ended:
        return score(value, white)
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if ended:
        return score(value, white)
    return None


def koma_result(path, moves):
    """koma's result after `moves`, and whether its position holds e.p. squares."""
    out = subprocess.run([KOMA, "moves", path, "--play", " ".join(moves)],
                         capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        return "error: " + (out.stderr.strip().splitlines() or ["failed"])[-1], False
    result, ep = None, False
    for line in out.stdout.splitlines():
        if line.startswith("position "):
            fields = line.split()
            ep = len(fields) > 4 and fields[4] != "-"
        if line.startswith("result "):
            result = line.split()[1]
    return result, ep


def shuffle(variant, fen, moves, rng):
    """Four moves that bring the position back, if some pair of quiet moves is reversible."""
    first = sf.legal_moves(variant, fen, moves)
    rng.shuffle(first)
    for a in first[:12]:
        if "@" in a or len(a) != 4:
            continue
        back_a = a[2:] + a[:2]
        replies = sf.legal_moves(variant, fen, moves + [a])
        rng.shuffle(replies)
        for b in replies[:12]:
            if "@" in b or len(b) != 4:
                continue
            back_b = b[2:] + b[:2]
            if back_a not in sf.legal_moves(variant, fen, moves + [a, b]):
                continue
            if back_b in sf.legal_moves(variant, fen, moves + [a, b, back_a]):
                if sf.get_fen(variant, fen, moves + [a, b, back_a, back_b]).split()[0] == \
                        sf.get_fen(variant, fen, moves).split()[0]:
                    return [a, b, back_a, back_b]
    return None


def play(variant, path, rng, repeat):
    """One game: random moves, or with `repeat` a cycle of four that recreates the position
    once six plies are played. Compares the result at every position."""
    fen = sf.start_fen(variant)
    moves, pending = [], []
    compared = 0
    while len(moves) < MAX_PLIES:
        want = fsf_result(variant, fen, moves)
        got, ep = koma_result(path, moves)
        compared += 1
        if want != got:
            sys.exit(f"{variant}: after `{' '.join(moves)}`: Fairy-Stockfish {want}, koma {got}")
        if want is not None:
            return compared, want
        # koma's position keeps the e.p. squares of a double step even when no capture can
        # use them, Fairy-Stockfish's does not: a cycle starts where there are none.
        if not pending and repeat and len(moves) >= 6 and not ep:
            pending = shuffle(variant, fen, moves, rng) or []
        if pending:
            moves.append(pending.pop(0))
        else:
            moves.append(rng.choice(sorted(sf.legal_moves(variant, fen, moves))))
    return compared, None


def main():
    ini = open(os.path.join(os.environ["FSF_SRC"], "variants.ini"), encoding="utf-8").read()
    sf.load_variant_config(ini)
    games = sys.argv[1:] or corpus_games()
    for name in games:
        rng = random.Random(f"results-{name}")
        ends = {}
        total = 0
        for g in range(GAMES_PER_VARIANT):
            n, end = play(name, f"{CORPUS}/{name}.koma", rng, repeat=g % 2 == 1)
            total += n
            ends[end] = ends.get(end, 0) + 1
        print(f"{name}: {total} positions agree; ends {ends}")


if __name__ == "__main__":
    main()
