#!/usr/bin/env python3
"""koma against itself over UCI with real clocks (BASE + INC seconds a side, measured here from
`go` to `bestmove`, so the pipes' and the machine's latency count): prints each game and the
least time left after any move, and counts losses on time. A third `koma uci` referees.

    engine/scripts/clock_match.py target/ci/koma variants/chess.koma chess 1 0.01 4 200

usage: clock_match.py KOMA FILE VARIANT BASE INC GAMES [MAX_PLIES]"""
import subprocess, sys, time
K, F, V, BASE, INC, GAMES = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
MAXP = int(sys.argv[7]) if len(sys.argv) > 7 else 200
class U:
    def __init__(s):
        s.p = subprocess.Popen([K, "uci", F], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        s.send("uci"); s.until("uciok"); s.send(f"setoption name UCI_Variant value {V}"); s.send("isready"); s.until("readyok")
    def send(s, l): s.p.stdin.write(l + "\n"); s.p.stdin.flush()
    def until(s, pre):
        out = []
        while True:
            l = s.p.stdout.readline()
            if not l: raise RuntimeError("exit")
            out.append(l.strip())
            if l.startswith(pre): return out
es = [U(), U()]; ref = U()
losses = 0; least = 1e9
for g in range(GAMES):
    clock = [BASE, BASE]; moves = []; res = None
    while len(moves) < MAXP:
        ref.send("position startpos moves " + " ".join(moves)); ref.send("go depth 1")
        o = [l for l in ref.until("bestmove") if l.startswith("info string result")]
        if o: res = o[0]; break
        side = len(moves) % 2; e = es[(side + g) % 2]
        e.send("position startpos moves " + " ".join(moves))
        ms = lambda x: int(x * 1000)
        e.send(f"go wtime {ms(clock[0])} btime {ms(clock[1])} winc {ms(INC)} binc {ms(INC)}")
        t = time.monotonic(); best = e.until("bestmove")[-1].split()[1]; used = time.monotonic() - t
        clock[side] -= used
        if clock[side] < 0: losses += 1; res = f"side {side} lost on time ({clock[side]:.3f})"; break
        least = min(least, clock[side]); clock[side] += INC
        if best == "(none)": break
        moves.append(best)
    print(f"game {g+1}: {len(moves)} plies, {res}, least left so far {least:.3f}s", flush=True)
print(f"time losses: {losses} in {GAMES} games; least time left after a move {least:.3f}s")
for e in es + [ref]: e.send("quit")
