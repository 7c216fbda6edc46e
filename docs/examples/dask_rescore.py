"""Rescore an archive on a Dask cluster: one task per shard, every table
written as Parquet.  Each worker runs ``lanke.rescore(paths, shard=(k, n))``
(the shard ``lanke batch --shard k/n`` would take, every game keeping its
``seq`` in the whole input), and the parts are joined in ``seq`` order:
the rows ``lanke batch`` writes for the whole input.

    python docs/examples/dask_rescore.py PATH... --out DIR [--shards N]
        [--scheduler tcp://HOST:8786]

Without ``--scheduler`` it starts a LocalCluster of worker processes on
this machine; with one, the same code runs on a real cluster whose workers
have the ``lanke`` package installed and see the input paths (a shared
file system, or the archive copied to each).  The summary table is a
statistic of the whole run: compute it from the joined tables (or run
``lanke batch`` / ``lanke merge``), not per shard.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from dask.distributed import Client, LocalCluster

import lanke

JOINED = ("games", "scores", "discrepancies")


def shard_tables(paths, k, n):
    """One worker's part: part k of n, on one thread (Dask gives each
    worker process its own task)."""
    tables = lanke.rescore(paths, shard=(k, n), jobs=1)
    return {name: tables[name] for name in JOINED}


def rescore_on(client: Client, paths, shards: int):
    """The joined tables of `shards` tasks, in the order one run writes."""
    futures = client.map(
        shard_tables, [paths] * shards, range(1, shards + 1), [shards] * shards
    )
    parts = client.gather(futures)
    # Arrow's sort is stable: within a game the rows keep their order
    # (the families', the discrepancy kinds').
    return {
        name: pa.concat_tables([p[name] for p in parts]).sort_by("seq")
        for name in JOINED
    }


def write_parquet(tables, out: Path):
    out.mkdir(parents=True, exist_ok=True)
    for name, table in tables.items():
        pq.write_table(table, out / f"{name}.parquet")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--scheduler")
    a = ap.parse_args()
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        client = Client(LocalCluster(n_workers=a.shards, threads_per_worker=1, processes=True))
    with client:
        tables = rescore_on(client, a.paths, a.shards)
    write_parquet(tables, a.out)
    for name, table in tables.items():
        print(f"{name}: {table.num_rows} rows -> {a.out / (name + '.parquet')}")


if __name__ == "__main__":
    main()
