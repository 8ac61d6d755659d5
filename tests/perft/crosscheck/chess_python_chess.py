"""Cross-check: koma's chess perft(3) against python-chess on random positions.

Usage (from the repository root, after `cargo build --release`):
    pip install chess==1.11.2
    python3 tests/perft/crosscheck/chess_python_chess.py [seed]
Random games from three start positions (python-chess's own move generator picks the moves);
every position not already over is compared.
"""
import os
import chess, random, subprocess, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
def perft(b, d):
    if d == 0: return 1
    if d == 1: return b.legal_moves.count()
    n = 0
    for m in list(b.legal_moves):
        b.push(m); n += perft(b, d-1); b.pop()
    return n
fens = []
starts = [chess.STARTING_FEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]
while len(fens) < 60:
    b = chess.Board(random.choice(starts))
    for _ in range(random.randint(1, 60)):
        ms = list(b.legal_moves)
        if not ms: break
        b.push(random.choice(ms))
    if not b.is_game_over():
        fens.append(b.fen())
bad = 0
total = 0
for f in fens:
    ref = perft(chess.Board(f), 3)
    out = subprocess.run([os.environ.get("KOMA", "target/release/koma"), "perft", "variants/chess.koma", "--depth", "3", "--fen", f], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    got = int(out.split()[1])
    total += ref
    if got != ref:
        bad += 1; print("MISMATCH", f, ref, got)
print(len(fens), "positions,", total, "leaves,", bad, "mismatches")
