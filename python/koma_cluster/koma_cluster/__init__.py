"""Runs `koma analyse` on a Dask cluster: the games split into shards (`koma analyse --shard I/N`),
one Dask task a shard running the `koma` binary on a worker, and a merge step
(`koma analyse --from-checkpoint`) that gives the report a single machine would give."""

from .driver import run, run_shard

__all__ = ["run", "run_shard"]
