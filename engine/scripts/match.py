#!/usr/bin/env python3
"""Self-play match between two koma engine builds over UCI, for Elo between versions.

    engine/scripts/match.py --variant chushogi --file variants/chu-shogi.koma \
        --games 20 --movetime 200 OLD_KOMA NEW_KOMA

Each engine is `BINARY uci FILE`. Colours alternate within a pair of games; each pair thinks 10 ms
longer per move than the one before, so that games differ. The referee
is a third `koma uci` (the NEW binary): a game ends when it reports `info string result ...`
for the position (the runtime's rules), or is adjudicated a draw at --max-plies (counted apart).
"""
import argparse
import math
import subprocess
import sys


class Uci:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def start(self, variant):
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until("readyok")

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--file", required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=200)
    ap.add_argument("--max-plies", type=int, default=300)
    a = ap.parse_args()
    engines = [Uci([a.old, "uci", a.file]), Uci([a.new, "uci", a.file])]
    referee = Uci([a.new, "uci", a.file])
    for e in engines + [referee]:
        e.start(a.variant)
    new_points, capped, results = 0.0, 0, {}
    for g in range(a.games):
        new_first = g % 2 == 1
        moves = []
        result = None
        while len(moves) < a.max_plies:
            referee.send("position startpos moves " + " ".join(moves))
            referee.send("go depth 1")
            out = referee.until("bestmove")
            over = [l for l in out if l.startswith("info string result ")]
            if over:
                result = over[0][len("info string result "):]
                break
            side = len(moves) % 2
            e = engines[1] if (side == 0) == new_first else engines[0]
            e.send("position startpos moves " + " ".join(moves))
            e.send(f"go movetime {a.movetime + 10 * (g // 2)}")
            best = e.until("bestmove")[-1].split()[1]
            if best == "(none)":
                break
            moves.append(best)
        score = result.split()[0] if result else "1/2-1/2"
        if not result:
            capped += 1
        first = {"1-0": 1.0, "0-1": 0.0}.get(score, 0.5)
        new_points += first if new_first else 1.0 - first
        results[score] = results.get(score, 0) + 1
        print(f"game {g + 1}: new plays {'first' if new_first else 'second'}, {len(moves)} plies, "
              f"{result or 'adjudicated 1/2-1/2 at the ply cap'}", flush=True)
    for e in engines + [referee]:
        e.quit()
    s = new_points / a.games
    elo = -400 * math.log10(1 / s - 1) if 0 < s < 1 else float("inf") * (1 if s else -1)
    print(f"new scored {new_points}/{a.games} ({s:.1%}), {capped} adjudicated at the cap; Elo(new - old) = {elo:+.0f}")


if __name__ == "__main__":
    sys.exit(main())
