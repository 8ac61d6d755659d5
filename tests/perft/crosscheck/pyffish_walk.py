"""The pyffish walks the Fairy-Stockfish cross-checks share: perft by walking `legal_moves`,
koma's perft of the same position, and positions from random games.

pyffish (the Python build of Fairy-Stockfish, `pip install pyffish==0.0.90`) has no perft, so the
tree is walked in Python, each position read afresh from its text (or, with `history=True`,
replayed from the moves since the root): slow (a few thousand nodes a
second), but it is Fairy-Stockfish's own move generator and game-end rules (a position whose game
is over has no legal move, as in koma). Import it from a script in this folder
(`import pyffish_walk as walk`); `chess960=True` reads and writes Chess960 castling.
"""
import os
import subprocess

import pyffish as sf

KOMA = os.environ.get("KOMA", "target/ci/koma")


def perft(variant, fen, depth, chess960=False, history=False):
    """Leaves of the legal move tree below `fen`.

    A position's text forgets the moves that led to it, and with them the rules that read
    them: two passes in a row end Janggi, a move that repeats a position is illegal in Janggi's
    modern rules. `history=True` gives Fairy-Stockfish the moves played since `fen` instead
    (koma's perft keeps them too); it replays them at every node, so it is a little slower.
    """
    if history:
        return perft_played(variant, fen, depth, [], chess960)
    moves = sf.legal_moves(variant, fen, [], chess960)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m], chess960), depth - 1, chess960)
               for m in moves)


def perft_played(variant, fen, depth, played, chess960=False):
    """Leaves of the legal move tree after the moves `played` from `fen`."""
    moves = sf.legal_moves(variant, fen, played, chess960)
    if depth == 1:
        return len(moves)
    return sum(perft_played(variant, fen, depth - 1, played + [m], chess960) for m in moves)


def koma_perft(path, fen, depth, koma=None):
    """koma's count and `None`, or `None` and the last line of its error."""
    out = subprocess.run([koma or KOMA, "perft", path, "--depth", str(depth), "--fen", fen,
                          "--threads", "1"], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[-1:] or ["failed"]
    for line in out.stdout.split("\n"):
        words = line.replace(":", " ").split()
        if words and words[-1].isdigit():
            return int(words[-1]), None
    return None, ["no count"]


def random_position(variant, rng, plies, prefer=None, chance=0.0, finish=None, accept=None,
                    start=None, chess960=False):
    """A position from a random game of `rng.randrange(*plies)` plies from `start` (by default
    the variant's start position), with the game still on.

    Each ply picks among the legal moves, or, when `prefer(fen, move)` holds for some of them,
    among those with probability `chance` (to reach captures, promotions or drops more often).
    `finish(fen)` may edit the final position (drop castling rights, say); `accept(fen, rng)`
    may refuse it, and a new game is played. The random draws are made in a fixed order, so a
    seed always gives the same positions.
    """
    while True:
        fen = start or sf.start_fen(variant)
        for _ in range(rng.randrange(*plies)):
            moves = sorted(sf.legal_moves(variant, fen, [], chess960))
            if not moves:
                break
            preferred = [m for m in moves if prefer(fen, m)] if prefer else []
            pool = preferred if preferred and rng.random() < chance else moves
            fen = sf.get_fen(variant, fen, [rng.choice(pool)], chess960)
        if finish:
            fen = finish(fen)
        if sf.legal_moves(variant, fen, [], chess960) and (accept is None or accept(fen, rng)):
            return fen


def hand(fen):
    """The pieces in hand of a position's text (`[...]` after the board), or ''."""
    return fen.split("[", 1)[1].split("]", 1)[0] if "[" in fen else ""


def piece_on(fen, square):
    """The letter on `square` (`e1`) of a position's board of at most 9 ranks, or None."""
    f, r = ord(square[0]) - ord("a"), int(square[1:])
    rows = fen.split(" ")[0].split("[")[0].split("/")
    x = 0
    for c in rows[len(rows) - r]:
        if c.isdigit():
            x += int(c)
            continue
        if x == f:
            return c
        x += 1
    return None
