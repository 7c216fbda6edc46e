"""The Dask recipe (docs/examples/dask_rescore.py) on a LocalCluster of
worker processes over a slice of the embedded archive: the joined shards
and the reports derived from them, written as Parquet and read back, equal
the tables ``lanke batch --format parquet`` writes for the whole slice."""

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
        [str(LANKE), "batch", str(data), "--out", str(out), "--quiet", "--format", "parquet"],
        check=True,
    )
    r = recipe()
    cluster = dask_distributed.LocalCluster(
        n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with dask_distributed.Client(cluster) as client:
        tables = r.rescore_on(client, [str(data)], shards=3)
    r.write_parquet(tables, tmp_path / "parquet")
    cluster.close()
    for name in lanke.TABLES:
        from_dask = pq.read_table(tmp_path / "parquet" / f"{name}.parquet")
        from_batch = pq.read_table(out / f"{name}.parquet")
        assert from_dask.num_rows == from_batch.num_rows > 0, name
        assert from_dask.equals(from_batch), name
    # The summary is the whole slice's: its games row counts all of them.
    summary = pq.read_table(out / "summary.parquet").to_pylist()
    by_status = [r["games"] for r in summary if r["metric"] == "games" and r["dimension"] == "status"]
    assert sum(by_status) == 120


def test_derive_refuses_a_game_given_twice():
    tables = lanke.rescore(ROOT / "data" / "classics", rules="japanese")
    twice = __import__("pyarrow").concat_tables([tables["games"], tables["games"]])
    with pytest.raises(ValueError, match="appears in more than one"):
        lanke.derive(twice, tables["scores"])
