"""Regenerates the Fairy-Stockfish catalogue corpus: every game docs/fsf-catalogue.md lists with
no gap is imported with `koma import` into tests/fsf-corpus/NAME.koma and its perft compared with
Fairy-Stockfish's (pyffish 0.0.90) at the start position and at random positions. The counts of
the games that agree go to tests/perft/fsf-corpus.perft (the suite runs them); every game is
listed with its outcome in tests/fsf-corpus/STATUS, which fsf_catalogue.py reads.

    FSF_SRC=/path/to/Fairy-Stockfish/src KOMA=target/ci/koma \
        /tmp/ffvenv/bin/python tests/perft/crosscheck/fsf_corpus.py [seed]

`GAMES=a,b,...` checks only these games again and keeps every other game's outcome and counts
from the files as they are.
"""
import json
import multiprocessing
import os
import random
import subprocess
import sys

import pyffish as sf

sys.path.insert(0, os.path.dirname(__file__))
import fsf_catalogue as cat  # noqa: E402
import pyffish_walk as walk  # noqa: E402

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 30
KOMA = os.environ.get("KOMA", "target/ci/koma")  # read by pyffish_walk too
CORPUS = "tests/fsf-corpus"
START_DEPTH, RANDOM_COUNT, RANDOM_DEPTH = 3, 2, 2
# A depth whose count, estimated from the two before, passes this is not counted.
NODE_BUDGET = 150_000


def import_game(name, builtin, ini_text):
    path = f"{CORPUS}/{name}.koma"
    if builtin:
        text, args = f"[{name}:{name}]\n", []
    else:
        text, args = ini_text, ["--section", name]
    out = subprocess.run([KOMA, "import", "--from", "fsf", "-", "-o", path] + args, input=text,
                         capture_output=True, text=True)
    codes = sorted({w.split("]")[0].split("[")[1] for w in out.stderr.split() if w.startswith(("error[", "warning[I013"))})
    if out.returncode != 0 or "warning[I013]" in out.stderr:
        if os.path.exists(path):
            os.remove(path)
        first = next((l for l in out.stderr.splitlines() if l.startswith(("error", "warning[I013]"))), "failed")
        return None, first.strip()
    return path, None


def check(name, path, rng):
    cases = [("start", sf.start_fen(name), START_DEPTH)]
    seen = set()
    for _ in range(RANDOM_COUNT):
        fen = walk.random_position(name, rng, (4, 30))
        if fen not in seen:
            seen.add(fen)
            cases.append((f"random-{len(cases)}", fen, RANDOM_DEPTH))
    rows = []
    for label, fen, depth in cases:
        counts = []
        for d in range(1, depth + 1):
            if len(counts) >= 2 and counts[-1][1] ** 2 // max(counts[-2][1], 1) > NODE_BUDGET:
                break  # the next depth would be too large for the suite
            want = walk.perft(name, fen, d, history=True)  # Janggi's passes and repetitions
            got, err = walk.koma_perft(path, fen, d)
            if got != want:
                return None, f"perft({d}) at {label} `{fen}`: Fairy-Stockfish {want}, koma {got if err is None else err[0]}"
            counts.append((d, want))
        rows.append((label, fen, counts))
    return rows, None


def isolated(fn, *args):
    """`fn(*args)` in a child process: pyffish crashes on some positions of a few games."""
    parent, child = multiprocessing.Pipe(False)
    proc = multiprocessing.get_context("fork").Process(target=lambda: child.send(fn(*args)))
    proc.start()
    result = parent.recv() if parent.poll(600) else None
    proc.join(5)
    if result is None:
        proc.kill()
        return None, f"Fairy-Stockfish stopped (exit code {proc.exitcode}) while counting"
    return result


def main():
    src = os.environ["FSF_SRC"]
    cpp = open(os.path.join(src, "variant.cpp"), encoding="utf-8").read()
    ini = open(os.path.join(src, "variants.ini"), encoding="utf-8").read()
    sf.load_variant_config(ini)
    funcs, games = cat.builtins(cpp)
    sections = cat.ini_sections(ini)
    todo = [(n, True) for n, f in games.items() if n not in cat.SHIPPED and not cat.gaps(cat.effective(funcs, f))]
    todo += [(n, False) for n in sections if n not in cat.SHIPPED
             and not cat.gaps(cat.ini_effective(sections, funcs, games, n))]
    order = [n for n, _ in todo]
    only = [g for g in os.environ.get("GAMES", "").split(",") if g]
    if only:
        todo = [(n, b) for n, b in todo if n in only]
    shard, shards = (int(x) for x in os.environ.get("SHARD", "0/1").split("/"))
    status, perfts = [], []
    for name, builtin in todo[shard::shards]:
        rng = random.Random(f"{SEED}-{name}")
        path, why = import_game(name, builtin, ini)
        if path:
            rows, why = isolated(check, name, path, rng)
        if why:
            if path and os.path.exists(path):
                os.remove(path)
            status.append(f"{name}\tdisagrees\t{why}")
        else:
            status.append(f"{name}\tagrees\t{path}")
            perfts.append((name, rows))
        print(status[-1], file=sys.stderr)
    if shards > 1:
        with open(f"{CORPUS}/.shard-{shard}.json", "w") as f:
            json.dump([status, perfts], f)
        return
    if only:
        status, perfts = kept(order, status, perfts)
    write(status, perfts)


def kept(order, status, perfts):
    """The files' outcomes and counts, with the games just checked replaced, in `order`."""
    rows = {}
    for line in open(f"{CORPUS}/STATUS", encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            rows[line.split("\t")[0]] = line.rstrip("\n")
    counts = {}
    name = None
    for line in open("tests/perft/fsf-corpus.perft", encoding="utf-8"):
        words = line.split()
        if words[:1] == ["id"]:
            label = words[1]
            name = next(n for n in rows if label.startswith(n + "-") and label[len(n) + 1:].startswith(("start", "random")))
            counts.setdefault(name, []).append([label[len(name) + 1:], None, []])
        elif words[:1] == ["fen"]:
            counts[name][-1][1] = line[4:].rstrip("\n")
        elif words[:1] == ["perft"]:
            counts[name][-1][2].append((int(words[1]), int(words[2])))
    for line in status:
        rows[line.split("\t")[0]] = line
    for name, r in perfts:
        counts[name] = r
    for name in list(counts):
        if not rows.get(name, "").split("\t")[1:2] == ["agrees"]:
            del counts[name]
    ordered = [n for n in order if n in rows]
    return [rows[n] for n in ordered], [(n, counts[n]) for n in ordered if n in counts]


def merge(shards):
    """Joins the shards' results in the catalogue's order (shard i held games i, i+n, ...)."""
    status, perfts = {}, {}
    for i in range(shards):
        path = f"{CORPUS}/.shard-{i}.json"
        s, p = json.load(open(path))
        for k, line in enumerate(s):
            status[i + k * shards] = line
        names = {line.split("\t")[0]: i + k * shards for k, line in enumerate(s)}
        for name, rows in p:
            perfts[names[name]] = (name, rows)
        os.remove(path)
    write([status[k] for k in sorted(status)], [perfts[k] for k in sorted(perfts)])


def write(status, perfts):
    with open(f"{CORPUS}/STATUS", "w") as f:
        f.write("# Generated by tests/perft/crosscheck/fsf_corpus.py: game, outcome, file or reason.\n")
        f.write("\n".join(status) + "\n")
    with open("tests/perft/fsf-corpus.perft", "w") as f:
        f.write("# Fairy-Stockfish's perft counts (pyffish 0.0.90) for the catalogue corpus:\n")
        f.write(f"# Generated by tests/perft/crosscheck/fsf_corpus.py {SEED}; do not edit.\n")
        for name, rows in perfts:
            for label, fen, counts in rows:
                f.write(f"\nid {name}-{label}\nvariant {CORPUS}/{name}\nfen {fen}\n")
                for d, n in counts:
                    f.write(f"perft {d} {n}\n")


if __name__ == "__main__":
    if os.environ.get("MERGE"):
        merge(int(os.environ["MERGE"]))
    else:
        main()
