"""Rescore an archive on a Dask cluster: one task per shard, every table
written as Parquet.  Each worker runs ``lanke.rescore(paths, shard=(k, n))``
(the shard ``lanke batch --shard k/n`` would take, every game keeping its
``seq`` in the whole input) and hands back its games and scores; the driver
joins them in ``seq`` order and derives the discrepancies and the summary,
statistics of the whole run, once with ``lanke.derive``: the four tables
``lanke batch --format parquet`` writes for the whole input.

    python docs/examples/dask_rescore.py PATH... --out DIR [--shards N]
        [--komi native|record] [--scheduler tcp://HOST:8786]

Without ``--scheduler`` it starts a LocalCluster of worker processes on
this machine.  On a real cluster the same code runs unchanged: start a
scheduler (``dask scheduler``) and workers on each machine (``dask worker
tcp://HOST:8786 --nthreads 1 --nworkers CORES``), with the ``lanke``
package installed in every worker's environment and the input paths
visible to every worker under the same name (a shared file system, or the
archive copied to each); then pass ``--scheduler tcp://HOST:8786``.  Only
tables travel back to the driver, never records.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from dask.distributed import Client, LocalCluster

import lanke

JOINED = ("games", "scores")


def shard_tables(paths, k, n, komi):
    """One worker's part: part k of n, on one thread (Dask gives each
    worker process its own task)."""
    tables = lanke.rescore(paths, komi=komi, shard=(k, n), jobs=1)
    return {name: tables[name] for name in JOINED}


def rescore_on(client: Client, paths, shards: int, komi: str = "native"):
    """The tables of one run over `paths`, rescored as `shards` tasks."""
    futures = client.map(
        shard_tables,
        [paths] * shards,
        range(1, shards + 1),
        [shards] * shards,
        [komi] * shards,
    )
    parts = client.gather(futures)
    # Arrow's sort is stable: within a game the score rows keep their
    # order (the families').
    tables = {
        name: pa.concat_tables([p[name] for p in parts]).sort_by("seq")
        for name in JOINED
    }
    tables.update(lanke.derive(tables["games"], tables["scores"], komi=komi))
    return tables


def write_parquet(tables, out: Path):
    out.mkdir(parents=True, exist_ok=True)
    for name, table in tables.items():
        pq.write_table(table, out / f"{name}.parquet")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--komi", default="native", choices=["native", "record"])
    ap.add_argument("--scheduler")
    a = ap.parse_args()
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        client = Client(LocalCluster(n_workers=a.shards, threads_per_worker=1, processes=True))
    with client:
        tables = rescore_on(client, a.paths, a.shards, a.komi)
    write_parquet(tables, a.out)
    for name, table in tables.items():
        print(f"{name}: {table.num_rows} rows -> {a.out / (name + '.parquet')}")


if __name__ == "__main__":
    main()
