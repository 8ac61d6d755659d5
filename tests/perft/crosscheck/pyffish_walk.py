"""The pyffish walks the Fairy-Stockfish cross-checks share: perft by walking `legal_moves`, and
positions from random games.

pyffish (the Python build of Fairy-Stockfish, `pip install pyffish==0.0.90`) has no perft, so the
tree is walked in Python, each position read afresh from its text: slow (a few thousand nodes a
second), but it is Fairy-Stockfish's own move generator and game-end rules (a position whose game
is over has no legal move, as in koma).
"""
import pyffish as sf


def perft(variant, fen, depth):
    """Leaves of the legal move tree below `fen`."""
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def random_position(variant, rng, plies, prefer=None, chance=0.0, finish=None, accept=None):
    """A position from a random game of `rng.randrange(*plies)` plies from the start, with the
    game still on.

    Each ply picks among the legal moves, or, when `prefer(fen, move)` holds for some of them,
    among those with probability `chance` (to reach captures, promotions or drops more often).
    `finish(fen)` may edit the final position (drop castling rights, say); `accept(fen, rng)`
    may refuse it, and a new game is played. The random draws are made in a fixed order, so a
    seed always gives the same positions.
    """
    while True:
        fen = sf.start_fen(variant)
        for _ in range(rng.randrange(*plies)):
            moves = sorted(sf.legal_moves(variant, fen, []))
            if not moves:
                break
            preferred = [m for m in moves if prefer(fen, m)] if prefer else []
            pool = preferred if preferred and rng.random() < chance else moves
            fen = sf.get_fen(variant, fen, [rng.choice(pool)])
        if finish:
            fen = finish(fen)
        if sf.legal_moves(variant, fen, []) and (accept is None or accept(fen, rng)):
            return fen


def hand(fen):
    """The pieces in hand of a position's text (`[...]` after the board), or ''."""
    return fen.split("[", 1)[1].split("]", 1)[0] if "[" in fen else ""
