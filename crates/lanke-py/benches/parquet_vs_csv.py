"""The report tables as CSV against Parquet: bytes on disk and the time a
notebook library takes to load them.

    python crates/lanke-py/benches/parquet_vs_csv.py CSV_DIR PARQUET_DIR [RUNS]

CSV_DIR holds a ``lanke batch`` run's CSV tables, PARQUET_DIR the same
run's Parquet tables (``lanke batch --format parquet``, or ``lanke merge
CSV_DIR --out PARQUET_DIR --format parquet``, which converts without
judging again). Each load is timed RUNS times (default 5), alternating the
two forms; the median is printed. pandas and pyarrow are measured, polars
and DuckDB when they are installed. Not run in CI.
"""

import statistics
import sys
import time
from pathlib import Path

import pyarrow.csv as pacsv
import pyarrow.parquet as pq

import lanke

TYPES = {"integer": "Int64", "number": "float64", "boolean": "boolean", "string": "string"}


def loaders(csv_dir: Path, pq_dir: Path):
    columns = dict(lanke._lanke.columns())
    import pandas as pd

    def pandas_csv(name):
        # Typed as the data package says, strings kept as strings.
        dtype = {c: TYPES[t] for c, t in columns[name]}
        return pd.read_csv(csv_dir / f"{name}.csv", dtype=dtype, keep_default_na=False,
                           na_values={c: [""] for c, t in columns[name] if t != "string"})

    yield "pandas", pandas_csv, lambda name: pd.read_parquet(pq_dir / f"{name}.parquet")
    yield (
        "pyarrow",
        lambda name: lanke._table((csv_dir / f"{name}.csv").read_bytes(), columns[name]),
        lambda name: pq.read_table(pq_dir / f"{name}.parquet"),
    )
    try:
        import polars as pl

        kinds = {"integer": pl.Int64, "number": pl.Float64, "boolean": pl.Boolean, "string": pl.String}
        yield (
            "polars",
            lambda name: pl.read_csv(
                csv_dir / f"{name}.csv",
                schema={c: kinds[t] for c, t in columns[name]},
            ),
            lambda name: pl.read_parquet(pq_dir / f"{name}.parquet"),
        )
    except ImportError:
        pass
    try:
        import duckdb

        yield (
            "duckdb",
            lambda name: duckdb.sql(f"select * from read_csv('{csv_dir / name}.csv')").to_arrow_table(),
            lambda name: duckdb.sql(f"select * from '{pq_dir / name}.parquet'").to_arrow_table(),
        )
    except ImportError:
        pass


def timed(load, name):
    start = time.perf_counter()
    load(name)
    return time.perf_counter() - start


def main():
    csv_dir, pq_dir = Path(sys.argv[1]), Path(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    print("table          CSV bytes  Parquet bytes  ratio")
    for name in lanke.TABLES:
        c = (csv_dir / f"{name}.csv").stat().st_size
        p = (pq_dir / f"{name}.parquet").stat().st_size
        print(f"{name:13} {c:>11,} {p:>14,} {c / p:6.1f}x")
    print("\nlibrary  table          CSV s   Parquet s  (medians of", runs, "runs)")
    for library, from_csv, from_parquet in loaders(csv_dir, pq_dir):
        for name in ("games", "scores"):
            a, b = [], []
            for _ in range(runs):
                a.append(timed(from_csv, name))
                b.append(timed(from_parquet, name))
            print(f"{library:8} {name:13} {statistics.median(a):6.2f} {statistics.median(b):10.2f}"
                  f"   (CSV {min(a):.2f}-{max(a):.2f}, Parquet {min(b):.2f}-{max(b):.2f})")


if __name__ == "__main__":
    main()
