"""lanke.rescore against the binary: the same rows ``lanke batch`` writes,
typed as the data package types them; bad input as rows or exceptions."""

import os
import subprocess
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pytest

import lanke
from lanke import _lanke

ROOT = Path(__file__).resolve().parents[3]
CLASSICS = ROOT / "data" / "classics"
BAD = ROOT / "crates" / "lanke" / "tests" / "bad-inputs"
LANKE = Path(os.environ.get("LANKE_BIN", ROOT / "target" / "release" / "lanke"))


def batch(tmp_path, *paths, extra=()):
    out = tmp_path / "out"
    subprocess.run(
        [str(LANKE), "batch", *map(str, paths), "--out", str(out), "--quiet", *extra],
        check=True,
    )
    return out


@pytest.mark.parametrize("komi", ["native", "record"])
def test_the_same_rows_as_lanke_batch(tmp_path, komi):
    # The classics and the bad-input corpus: counted, diagrammed, unreadable.
    paths = [str(CLASSICS), str(BAD)]
    out = batch(tmp_path, *paths, extra=["--komi", komi])
    blobs = _lanke.rescore_csv(paths, "all", komi, "builtin", 2)
    for name, blob in zip(lanke.TABLES, blobs):
        assert blob == (out / f"{name}.csv").read_bytes(), name


def test_batch_parquet_reads_as_the_tables_rescore_returns(tmp_path):
    import pyarrow.parquet as pq

    paths = [CLASSICS, BAD]
    out = batch(tmp_path, *paths, extra=["--format", "parquet"])
    tables = lanke.rescore(paths, jobs=2)
    for name in lanke.TABLES:
        stored = pq.read_table(out / f"{name}.parquet")
        assert stored.num_rows == tables[name].num_rows > 0, name
        assert stored.equals(tables[name]), name


def test_tables_are_typed_as_the_data_package_says():
    tables = lanke.rescore(CLASSICS, rules="japanese,ming-qing,tianyi")
    games, scores = tables["games"], tables["scores"]
    assert games.num_rows == 17
    assert scores.num_rows == 17 * 3
    assert games.schema.field("size").type == pa.int64()
    assert games.schema.field("finished").type == pa.bool_()
    assert scores.schema.field("margin").type == pa.float64()
    # Seed 001: 高部道平 vs 张乐山 1910, two stones, 白胜三子半.
    takabe = [
        r for r in scores.to_pylist()
        if r["game_id"] == "classics/takabe-zhang-legal.sgf#0" and r["family"] == "ming-qing"
    ]
    assert [(r["unit"], r["margin"], r["winner"]) for r in takabe] == [("stones", -3.5, "W")]


def test_bad_input_is_an_error_row_and_bad_arguments_raise():
    tables = lanke.rescore([BAD])
    status = tables["games"].column("status").to_pylist()
    assert "error" in status
    assert len(status) == tables["games"].num_rows
    with pytest.raises(OSError, match="cannot read"):
        lanke.rescore("/no/such/archive.tar.gz")
    with pytest.raises(ValueError, match="unknown rule family `go-ban`"):
        lanke.rescore(CLASSICS, rules="japanese,go-ban")
    with pytest.raises(ValueError, match="komi"):
        lanke.rescore(CLASSICS, komi="fixed")
    # An engine that cannot start is said once, not written into every row.
    for call in (
        lambda: lanke.rescore(CLASSICS, judge="gtp:/no/such/engine --mode gtp"),
        lambda: lanke.judge(CLASSICS, judge="gtp:/no/such/engine --mode gtp"),
        lambda: lanke.score(CLASSICS, judge="gtp:/no/such/engine --mode gtp"),
    ):
        with pytest.raises(OSError, match="/no/such/engine"):
            call()


def test_families_in_report_order():
    assert lanke.families()[:2] == ["japanese", "chinese"]
    assert "tianyi-cup-final" in lanke.families()


def test_one_game_from_its_text_or_its_path():
    text = (CLASSICS / "takabe-zhang-legal.sgf").read_text(encoding="utf-8")
    (from_text,) = lanke.score(text, rules="ming-qing")
    (from_path,) = lanke.score(CLASSICS / "takabe-zhang-legal.sgf", rules="ming-qing")
    for game in (from_text, from_path):
        assert game["game"]["handicap"] == 2
        [s] = game["scores"]
        assert (s["family"], s["margin"], s["winner"]) == ("ming-qing", -3.5, "W")
    assert from_path["game"]["game_id"] == "takabe-zhang-legal.sgf#0"
    (broken,) = lanke.score("(;GM[1]SZ[40];B[aa])")
    assert broken["game"]["status"] == "error" and broken["scores"] == []


def test_a_judged_position_as_lanke_judge_prints_it(tmp_path):
    """lanke.judge gives the binary's `judge --json` line, dead stones and
    all: the 13x7 record of the binary's tests, one dead stone a side."""
    record = ROOT / "crates" / "lanke" / "tests" / "shapes" / "walls-13x7.sgf"
    (game,) = lanke.judge(record)
    assert game["dead"] == {"B": ["ca"], "W": ["gf"]}
    assert game["after_fill"]["territory"] == {"B": 39, "W": 26}
    printed = subprocess.run(
        [str(LANKE), "judge", "--json", str(record)], check=True, capture_output=True, text=True
    ).stdout
    import json

    assert json.loads(printed) == game
    (broken,) = lanke.judge("(;GM[1]SZ[40];B[aa])")
    assert broken["status"] == "error" and "SZ[40]" in broken["error"]


def test_a_replay_as_lanke_replay_prints_it():
    record = ROOT / "crates" / "lanke" / "tests" / "shapes" / "walls-13x7.sgf"
    (game,) = lanke.replay(record)
    assert (game["size"], game["height"]) == (13, 7)
    assert game["moves"] == {"B": 14, "W": 14}
    printed = subprocess.run(
        [str(LANKE), "replay", "--json", str(record)], check=True, capture_output=True, text=True
    ).stdout
    import json

    assert json.loads(printed) == game
    (broken,) = lanke.replay("(;GM[1]SZ[40];B[aa])")
    assert broken["status"] == "error"
