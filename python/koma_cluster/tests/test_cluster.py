"""The cluster test (issue 26): a Dask cluster started the way a real one starts (`dask scheduler`
and two `dask worker` processes), koma analyse run on it in shards, one worker killed (SIGKILL,
with its nanny and its koma) while it plays a shard. The shard is retried, and the merged JSON
equals, byte for byte, the report of one `koma analyse` run with the same arguments.

    python tests/test_cluster.py --koma target/ci/koma

Run from the repository root by ./test.sh in a venv with `distributed` installed.
"""

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from koma_cluster import run  # noqa: E402

GAMES = 24
SHARDS = 4
OPTIONS = ["--games", str(GAMES), "--nodes", "400", "--seed", "7", "--max-plies", "160"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(command, log):
    """A process in its own session, so that killing its group takes its children too. It
    imports koma_cluster from this checkout (a real cluster pip-installs it on every node)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.dirname(HERE), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)


def game_lines(path):
    try:
        with open(path) as f:
            return sum(1 for _ in f) - 1
    except OSError:
        return 0


def kill_a_busy_worker(workdir, deadline, driver):
    """Waits until a shard has some but not all of its games, then kills the worker playing it
    (its whole process group). Returns the shard's checkpoint path."""
    per_shard = GAMES // SHARDS
    while time.time() < deadline and driver.is_alive():
        for name in sorted(os.listdir(workdir)) if os.path.isdir(workdir) else []:
            if not name.endswith(".jsonl"):
                continue
            path = os.path.join(workdir, name)
            if 1 <= game_lines(path) <= per_shard - 2:
                with open(path + ".attempts") as f:
                    pid = int(f.read().split()[-1])
                os.killpg(os.getpgid(pid), signal.SIGKILL)
                return path
        time.sleep(0.02)
    raise AssertionError("no shard was seen half played")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--koma", required=True)
    parser.add_argument("--variant", default="variants/chess.koma")
    args = parser.parse_args()
    koma = os.path.abspath(args.koma)
    variant = os.path.abspath(args.variant)
    tmp = tempfile.mkdtemp(prefix="koma-cluster-test-")
    started = time.time()

    single = subprocess.run(
        [koma, "analyse", variant, *OPTIONS, "--threads", "2", "--format", "json",
         "--checkpoint", os.path.join(tmp, "single.jsonl")],
        check=True, stdout=subprocess.PIPE).stdout
    single_seconds = time.time() - started

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = open(os.path.join(tmp, "cluster.log"), "w")
    bin_dir = os.path.dirname(sys.executable)
    dask = os.path.join(bin_dir, "dask")
    processes = [start([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                        "--no-dashboard"], log)]
    try:
        time.sleep(2)
        for _ in range(2):
            processes.append(start([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                    "--no-dashboard"], log))
        from distributed import Client

        workdir = os.path.join(tmp, "work")
        out = os.path.join(tmp, "out")
        os.makedirs(out)
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
            cluster_started = time.time()
            result = {}
            driver = threading.Thread(target=lambda: result.update(
                text=run(client, koma, [variant], OPTIONS, SHARDS, workdir, out)))
            driver.start()
            killed = kill_a_busy_worker(workdir, time.time() + 300, driver)
            driver.join(timeout=600)
            cluster_seconds = time.time() - cluster_started
        merged = result["text"].encode()
        with open(killed + ".attempts") as f:
            attempts = f.read().split()
        assert len(attempts) >= 2, f"the killed shard {killed} was not retried: {attempts}"
        assert merged == single, "the merged report differs from the single run's"
        assert f'"games": {GAMES}'.encode() in merged
        print(f"cluster test passed: {GAMES} games in {SHARDS} shards, shard "
              f"{os.path.basename(killed)} retried after its worker was killed; merged JSON equals "
              f"the single run's ({len(merged)} bytes); single run {single_seconds:.1f} s, "
              f"cluster {cluster_seconds:.1f} s")
    finally:
        for p in processes:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        log.close()


if __name__ == "__main__":
    main()
