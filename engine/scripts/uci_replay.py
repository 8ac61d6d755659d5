#!/usr/bin/env python3
"""Times what a UCI GUI costs the engine's clock by sending the whole game before every move.

    uci_replay.py KOMA VARIANT.koma gen GAME.txt [PLIES]   play a game (30 nodes a move) into GAME.txt
    uci_replay.py KOMA VARIANT.koma time GAME.txt          send its position commands, timed

Each `position startpos moves ...` is followed by `isready`, and the time is taken from outside
until `readyok`.
"""
import subprocess
import sys
import time


def engine(koma, variant):
    return subprocess.Popen([koma, "uci", variant], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def wait(p, word):
    while True:
        line = p.stdout.readline()
        if not line or line.startswith(word):
            return line


def main():
    koma, variant, mode, path = sys.argv[1:5]
    p = engine(koma, variant)
    p.stdin.write("uci\n")
    wait(p, "uciok")
    if mode == "gen":
        plies = int(sys.argv[5]) if len(sys.argv) > 5 else 240
        moves = []
        for _ in range(plies):
            p.stdin.write("position startpos moves " + " ".join(moves) + "\ngo nodes 30\n")
            best = wait(p, "bestmove").split()
            if best[1] == "(none)":
                break
            moves.append(best[1])
        open(path, "w").write(" ".join(moves))
        print(len(moves), "plies")
        return
    moves = open(path).read().split()
    start = time.time()
    for n in range(len(moves) + 1):
        p.stdin.write("position startpos moves " + " ".join(moves[:n]) + "\nisready\n")
        wait(p, "readyok")
    total = time.time() - start
    start = time.time()
    p.stdin.write("position startpos moves " + " ".join(moves) + "\nisready\n")
    wait(p, "readyok")
    last = 1000 * (time.time() - start)
    print(f"{len(moves)} plies: {len(moves) + 1} position commands {total:.2f} s; "
          f"the last alone {last:.1f} ms")


if __name__ == "__main__":
    main()
