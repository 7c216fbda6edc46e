"""The whole embedded archive through ``lanke.rescore`` in one process
against ``lanke batch``, on this machine, runs alternated (the pyarrow
tables built, the batch's CSV written): the Python path's time over the
binary's.  Not run by CI (some three minutes a pair on two cores).

    python crates/lanke-py/benches/rescore_vs_batch.py [PAIRS]

Run from the repository's root with the package installed and the binary
built (``cargo build --release``; ``LANKE_BIN`` names another).
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import lanke

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data"
LANKE = Path(os.environ.get("LANKE_BIN", ROOT / "target" / "release" / "lanke"))


def python_run() -> float:
    start = time.perf_counter()
    tables = lanke.rescore(DATA)
    assert tables["games"].num_rows > 77_000
    return time.perf_counter() - start


def batch_run() -> float:
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([str(LANKE), "batch", str(DATA), "--out", out, "--quiet"], check=True)
        return time.perf_counter() - start


def main():
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    py, bin_ = [], []
    for _ in range(pairs):
        py.append(python_run())
        bin_.append(batch_run())
        print(f"lanke.rescore {py[-1]:.1f} s   lanke batch {bin_[-1]:.1f} s", flush=True)
    ratio = statistics.median(py) / statistics.median(bin_)
    print(f"median: {statistics.median(py):.1f} s against {statistics.median(bin_):.1f} s, "
          f"the Python path {100 * (ratio - 1):+.1f}% (target: within 10%)")


if __name__ == "__main__":
    main()
