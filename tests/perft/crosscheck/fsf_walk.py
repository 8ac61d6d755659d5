"""Shared by the Fairy-Stockfish cross-checks: pyffish's legal moves walked to a depth (perft),
koma's perft of the same position, and random positions reached by random legal moves.
Import it (`sys.path.insert(0, os.path.dirname(__file__))`) instead of copying the walker."""
import os
import subprocess

import pyffish as sf

KOMA = os.environ.get("KOMA", "target/ci/koma")


def perft(variant, fen, depth):
    """Fairy-Stockfish's perft: its legal moves (none once the game has ended) walked."""
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


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


def random_fen(variant, rng, plies=(4, 30)):
    """A position after a random number of random legal moves that still has a legal move."""
    while True:
        fen = sf.start_fen(variant)
        for _ in range(rng.randrange(*plies)):
            moves = sorted(sf.legal_moves(variant, fen, []))
            if not moves:
                break
            fen = sf.get_fen(variant, fen, [rng.choice(moves)])
        if sf.legal_moves(variant, fen, []):
            return fen
