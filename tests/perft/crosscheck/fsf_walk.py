"""Shared helpers for the generators that walk pyffish's legal moves (pyffish 0.0.90, the Python
build of Fairy-Stockfish): perft by walking the move tree, and random positions from random games.
Import it from a generator in this folder (`from fsf_walk import perft, random_position`).
"""
import pyffish as sf


def perft(variant, fen, depth, chess960=False):
    """Leaves of the legal move tree below `fen`, each position read afresh from its text (a
    position whose game is over has no legal move there, as in koma)."""
    moves = sf.legal_moves(variant, fen, [], chess960)
    if depth == 1:
        return len(moves)
    return sum(
        perft(variant, sf.get_fen(variant, fen, [m], chess960), depth - 1, chess960)
        for m in moves
    )


def random_position(variant, start, rng, plies, favour=None, chess960=False):
    """A position from a random game of `plies` = (fewest, most) moves from `start` with the game
    still on; `favour(fen, moves)` may name moves to prefer (half of the time)."""
    while True:
        fen = start
        for _ in range(rng.randrange(*plies)):
            moves = sorted(sf.legal_moves(variant, fen, [], chess960))
            if not moves:
                break
            liked = favour(fen, moves) if favour else []
            pool = liked if liked and rng.random() < 0.5 else moves
            fen = sf.get_fen(variant, fen, [rng.choice(pool)], chess960)
        if sf.legal_moves(variant, fen, [], chess960):
            return fen


def piece_on(fen, square):
    """The FEN letter on `square` (`e1`) of an 8-rank board, or None."""
    f, r = ord(square[0]) - ord("a"), int(square[1:])
    row = fen.split(" ")[0].split("/")[len(fen.split(" ")[0].split("/")) - r]
    x = 0
    for c in row:
        if c.isdigit():
            x += int(c)
            continue
        if x == f:
            return c
        x += 1
    return None
