"""lanke for notebooks: rescore go archives and get the report tables.

``lanke.rescore(paths)`` runs the rescoring ``lanke batch`` runs (every game
judged, then counted under every rule family) and returns its tables as
pyarrow tables typed as ``reports/datapackage.json`` types them: the same
rows ``lanke batch`` writes.  ``.to_pandas()`` or ``polars.from_arrow`` take
them from there.  The work runs in Rust on all cores, with the GIL
released.
"""

from __future__ import annotations

import io
import json
import os
from typing import Dict, Iterable, Optional, Tuple, Union

import pyarrow as pa
import pyarrow.csv as pacsv

from . import _lanke

__all__ = ["rescore", "derive", "replay", "score", "judge", "families", "TABLES"]

TABLES = ("games", "scores", "discrepancies", "summary")

_TYPES = {
    "integer": pa.int64(),
    "number": pa.float64(),
    "boolean": pa.bool_(),
    "string": pa.string(),
}

PathLike = Union[str, "os.PathLike[str]"]


def score(
    source: Union[PathLike, str],
    rules: str = "all",
    komi: str = "native",
    judge: str = "builtin",
) -> list:
    """Rescore one record (or the few games of one file or folder).

    ``source``: a path, or SGF text (starting with ``(``).  Returns one
    ``{"game": {...}, "scores": [{...}, ...]}`` per game: its ``games.csv``
    row and its ``scores.csv`` rows as dicts, keyed by the report columns.
    """
    text = _source(source)
    columns = dict(_lanke.columns())
    games, scores = dict(columns["games"]), dict(columns["scores"])
    return [
        {
            "game": _typed(g["game"], games),
            "scores": [_typed(s, scores) for s in g["scores"]],
        }
        for g in json.loads(_lanke.score_json(text, rules, komi, judge))
    ]


def _typed(row: dict, types: dict) -> dict:
    """A row's values as the report columns type them (numbers come as
    the text the CSV holds; an empty field is None)."""

    def value(kind, v):
        if v is None or v == "":
            return None if kind != "string" else ""
        if kind == "integer":
            return int(v)
        if kind == "number":
            return float(v)
        if kind == "boolean":
            return v if isinstance(v, bool) else v == "true"
        return v

    return {k: value(types.get(k, "string"), v) for k, v in row.items()}


def _source(source) -> str:
    if isinstance(source, str) and source.lstrip().startswith("("):
        return source
    return os.fspath(source)


def replay(source: Union[PathLike, str]) -> list:
    """Replay one record (or every game of a file or folder): ``source`` is a
    path or SGF text.  One dict per game, as ``lanke replay --json`` prints
    it: the record's information, komi and handicap normalised, tallies,
    anomalies with their move numbers, the final position; or ``status``
    ``"error"`` and ``error``.
    """
    return json.loads(_lanke.replay_json(_source(source)))


def judge(source: Union[PathLike, str], judge: str = "builtin") -> list:
    """Judge the final position of one record (or of every game of a file
    or folder): ``source`` is a path or SGF text.  One dict per game, as
    ``lanke judge --json`` prints it: ``dead`` ({"B": [...], "W": [...]},
    SGF points), ``seki`` (its stones, then the liberties they share),
    ``open`` (the chains the judge leaves open, each with ``color``,
    ``at``, ``stones``, ``status``, ``confidence`` and ``reason``),
    ``chains`` (every chain the same way: ``reason`` names the stage that
    decided it, e.g. ``"playouts"``, ``"enclosure_read"``,
    ``"group_race"``), ``dame``,
    ``fills`` (the dame and protective moves played, in order),
    ``before_fill`` and ``after_fill`` counts, ``diagram``; or ``status``
    ``"error"`` and ``error``.
    """
    return json.loads(_lanke.judge_json(_source(source), judge))


def families() -> list:
    """The rule families' ids, in the order the reports list them."""
    return list(_lanke.families())


def _table(data: bytes, fields) -> pa.Table:
    names = [name for name, _ in fields]
    types = {name: _TYPES[kind] for name, kind in fields}
    if not data:
        return pa.table({n: pa.array([], type=types[n]) for n in names})
    return pacsv.read_csv(
        io.BytesIO(data),
        read_options=pacsv.ReadOptions(use_threads=True),
        convert_options=pacsv.ConvertOptions(
            column_types=types,
            strings_can_be_null=False,
            quoted_strings_can_be_null=False,
            true_values=["true"],
            false_values=["false"],
            include_columns=names,
        ),
    )


def rescore(
    paths: Union[PathLike, Iterable[PathLike]],
    rules: str = "all",
    komi: str = "native",
    judge: str = "builtin",
    jobs: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> Dict[str, pa.Table]:
    """Rescore every game reachable from ``paths``.

    ``paths``: SGF files, directories, or .zip/.tar/.tar.gz/.tar.bz2
    archives (one path or several).  ``rules``: ``"all"`` or family ids
    separated by commas (see ``families()``).  ``komi``: ``"native"`` (each
    family's own) or ``"record"`` (the record's KM for every family).
    ``judge``: ``"builtin"``, ``"gtp:COMMAND"`` or ``"builtin+gtp:COMMAND"``.
    ``jobs``: worker threads (all cores by default).  ``shard=(k, n)``:
    only part k of n of the games (as ``lanke batch --shard k/n``; every
    game keeps its ``seq`` in the whole input), so that n workers, on one
    machine or a cluster, share an archive.

    Returns ``{"games", "scores", "discrepancies", "summary"}`` as pyarrow
    tables.  A game that cannot be read is a ``games`` row with status
    ``error``; an unreadable path raises ``OSError``, a bad argument
    ``ValueError``.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    paths = [os.fspath(p) for p in paths]
    data = _lanke.rescore_csv(paths, rules, komi, judge, jobs, shard)
    columns = dict(_lanke.columns())
    return {name: _table(blob, columns[name]) for name, blob in zip(TABLES, data)}


def _csv_bytes(table: pa.Table) -> bytes:
    sink = io.BytesIO()
    pacsv.write_csv(table, sink)
    return sink.getvalue()


def derive(games: pa.Table, scores: pa.Table, komi: str = "native") -> Dict[str, pa.Table]:
    """The discrepancies and summary tables of a whole run, from its games
    and scores tables: what ``lanke batch`` derives, and ``lanke merge``
    derives from shards.

    ``games`` and ``scores`` hold every game of the run, for instance the
    tables of ``rescore(..., shard=(k, n))`` for every k, concatenated in
    any order (a game's score rows in the order its shard gave them);
    ``komi`` is the komi the parts were rescored with.  The summary is a
    statistic of the whole run, so it is derived here once rather than
    per shard.  Returns ``{"discrepancies", "summary"}`` as pyarrow tables.
    Raises ``ValueError`` when a game appears twice or a row does not read.
    """
    columns = dict(_lanke.columns())
    data = _lanke.derive_csv(_csv_bytes(games), _csv_bytes(scores), komi)
    return {
        name: _table(blob, columns[name])
        for name, blob in zip(("discrepancies", "summary"), data)
    }
