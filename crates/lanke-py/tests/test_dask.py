"""The Dask recipe (docs/examples/dask_rescore.py) on a LocalCluster of
worker processes over a slice of the embedded archive: the joined shards,
written as Parquet and read back, equal the rows ``lanke batch`` writes for
the whole slice."""

import importlib.util
import subprocess
import tarfile
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import lanke

dask_distributed = pytest.importorskip("dask.distributed")

ROOT = Path(__file__).resolve().parents[3]
RECIPE = ROOT / "docs" / "examples" / "dask_rescore.py"
ARCHIVE = ROOT / "data" / "cwi-games.tar.gz"
LANKE = Path(__import__("os").environ.get("LANKE_BIN", ROOT / "target" / "release" / "lanke"))


def recipe():
    spec = importlib.util.spec_from_file_location("dask_rescore", RECIPE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def slice_of_archive(dest: Path, games: int) -> Path:
    """The first `games` records of one collection of the archive."""
    root = dest / "slice"
    with tarfile.open(ARCHIVE) as tar:
        members = [m for m in tar if m.name.startswith("games/Kisei/") and m.isfile()]
        for m in members[:games]:
            tar.extract(m, root, filter="data")
    return root


def test_shards_on_a_local_cluster_join_into_the_rows_of_one_batch(tmp_path):
    data = slice_of_archive(tmp_path, 120)
    out = tmp_path / "batch"
    subprocess.run(
        [str(LANKE), "batch", str(data), "--out", str(out), "--quiet"], check=True
    )
    r = recipe()
    cluster = dask_distributed.LocalCluster(
        n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with dask_distributed.Client(cluster) as client:
        tables = r.rescore_on(client, [str(data)], shards=3)
    r.write_parquet(tables, tmp_path / "parquet")
    cluster.close()
    columns = dict(lanke._lanke.columns())
    for name in r.JOINED:
        from_parquet = pq.read_table(tmp_path / "parquet" / f"{name}.parquet")
        from_batch = lanke._table((out / f"{name}.csv").read_bytes(), columns[name])
        assert from_parquet.num_rows == from_batch.num_rows > 0, name
        assert from_parquet.equals(from_batch), name
