"""Shared by the generators that write Fairy-Stockfish's perft counts as a koma perft suite:
pyffish's legal moves walked to the depth, random positions from random games, and the suite's
text. Each generator names its games, their koma files and how its random games choose moves.
"""
import os

import pyffish as sf


def load_ini():
    """Loads Fairy-Stockfish's variants.ini from `FSF_SRC` (its `src/`), for its examples."""
    path = os.path.join(os.environ["FSF_SRC"], "variants.ini")
    sf.load_variant_config(open(path, encoding="utf-8").read())


def perft(variant, fen, depth):
    """Leaves of the legal move tree below `fen`, each position read afresh from its text."""
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def random_position(variant, rng, plies=(6, 40), prefer=None, keep=None):
    """The position after a random game of `plies` (a range) from the start. `prefer(moves)`
    names the moves to choose from most of the time (captures, drops, ...); `keep(fen)` may
    refuse the final position. The game's last position has a legal move."""
    while True:
        fen = sf.start_fen(variant)
        for _ in range(rng.randrange(*plies)):
            moves = sorted(sf.legal_moves(variant, fen, []))
            if not moves:
                break
            pool = prefer(moves) if prefer else moves
            pool = pool if pool and rng.random() < 0.7 else moves
            fen = sf.get_fen(variant, fen, [rng.choice(pool)])
        if sf.legal_moves(variant, fen, []) and (keep is None or keep(fen)):
            return fen


def write_cases(name, path, cases):
    """Prints one suite entry per `(label, fen, depth)` of the game `name`, played by `path`."""
    for label, fen, depth in cases:
        print()
        print(f"id {name}-{label}")
        print(f"variant {path}")
        print(f"fen {fen}")
        for d in range(1, depth + 1):
            print(f"perft {d} {perft(name, fen, d)}")
