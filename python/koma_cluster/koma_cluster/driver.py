"""The driver: submits one Dask task a shard, gathers the shards' checkpoints and merges them.

A task runs `koma analyse FILES... --shard I/N --checkpoint CK --resume` on its worker and
returns the checkpoint's text. Game i always starts from seed S+i with a fixed-node search, so a
shard gives the same games on any worker; a task lost with its worker (killed, machine gone) is
run again by the scheduler, resuming the worker's local checkpoint when it lands where that
checkpoint is, starting over otherwise. Either way no game is lost, and the merged report equals,
byte for byte in its JSON, the report of one `koma analyse` run with the same arguments.

    python -m koma_cluster --scheduler tcp://HOST:8786 --shards 8 \\
        variants/chess.koma --games 1000 -o report.json -- --nodes 1000

The variant files and the `koma` binary must be at the same paths on every worker (a shared
checkout, or the same image).
"""

import argparse
import os
import subprocess
import sys
import tempfile


def run_shard(koma, files, options, shard, count, workdir, threads):
    """Plays shard `shard` of `count` on this worker and returns its checkpoint's text."""
    os.makedirs(workdir, exist_ok=True)
    checkpoint = os.path.join(workdir, f"shard-{shard}-of-{count}.jsonl")
    # Which process ran each attempt: operators (and the cluster test) see retries here.
    with open(checkpoint + ".attempts", "a") as log:
        log.write(f"{os.getpid()}\n")
    command = [koma, "analyse", *files, *options, "--shard", f"{shard}/{count}",
               "--checkpoint", checkpoint, "--resume", "--format", "json",
               "--threads", str(threads)]
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"shard {shard}/{count}: {' '.join(command)} failed "
                           f"(exit {done.returncode}): {done.stderr.strip()}")
    with open(checkpoint) as f:
        return f.read()


def run(client, koma, files, options, shards, workdir, out_dir, threads=1, report=None):
    """Runs the shards on `client`'s cluster, writes their checkpoints to `out_dir` and returns
    the merged report's JSON text (also written to `report` when given: `.json` or `.html`)."""
    futures = [
        client.submit(run_shard, koma, files, options, i, shards, workdir, threads,
                      key=f"koma-analyse-shard-{i}-of-{shards}", pure=False, retries=2)
        for i in range(1, shards + 1)
    ]
    paths = []
    for i, text in enumerate(client.gather(futures), start=1):
        path = os.path.join(out_dir, f"shard-{i}-of-{shards}.jsonl")
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    merge = [koma, "analyse", "--format", "json"]
    for p in paths:
        merge += ["--from-checkpoint", p]
    if report:
        merge += ["-o", report]
    return subprocess.run(merge, check=True, stdout=subprocess.PIPE, text=True).stdout


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="koma_cluster", description="koma analyse on a Dask cluster, one task a shard",
        epilog="Options after `--` go to every `koma analyse` (e.g. -- --nodes 2000 --seed 3).")
    parser.add_argument("files", nargs="+", help="variant files (same paths on every worker)")
    parser.add_argument("--scheduler", required=True, help="the Dask scheduler, tcp://HOST:PORT")
    parser.add_argument("--koma", default="koma", help="the koma binary on the workers")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--threads", type=int, default=1, help="games at once in each task")
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "koma-cluster"),
                        help="where workers keep their shard checkpoints")
    parser.add_argument("--out", default=".", help="where the gathered checkpoints go")
    parser.add_argument("-o", "--output", help="the report (.json or .html)")
    argv = sys.argv[1:] if argv is None else list(argv)
    rest = []
    if "--" in argv:
        cut = argv.index("--")
        argv, rest = argv[:cut], argv[cut + 1:]
    args = parser.parse_args(argv)
    from distributed import Client

    os.makedirs(args.out, exist_ok=True)
    with Client(args.scheduler) as client:
        text = run(client, args.koma, [os.path.abspath(f) for f in args.files],
                   ["--games", str(args.games), *rest], args.shards, args.workdir, args.out,
                   args.threads, args.output)
    sys.stdout.write(text)
