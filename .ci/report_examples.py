"""Runs the loading examples of reports/README.md as written, against the
committed reports, and checks what they load: every fenced python block is
executed, every fenced sql block is run by DuckDB. Run from the repository's
root (.ci/run does)."""

import re
import sys
from pathlib import Path

import duckdb

README = Path("reports/README.md")


def blocks(text, lang):
    return re.findall(r"```" + lang + r"\n(.*?)```", text, flags=re.S)


def main():
    text = README.read_text(encoding="utf-8")
    py = blocks(text, "python")
    sql = blocks(text, "sql")
    if not py or not sql:
        sys.exit(f"{README}: no python or sql examples found")
    names = {}
    for code in py:
        exec(compile(code, str(README), "exec"), names)
    # What the examples load must be the whole committed run.
    games, scores, wide, flips = (names[k] for k in ("games", "scores", "wide", "flips"))
    if len(games) != 77_274:
        sys.exit(f"games.csv: {len(games)} rows")
    scored = scores["game_id"].n_unique()
    if scores.height < 1_000_000 or scored < 70_000 or wide.shape[0] != scored:
        sys.exit(f"scores: {scores.height} rows, {scored} games, wide {wide.shape}")
    if flips.height != wide.shape[0]:
        sys.exit(f"flips: {flips.height} rows")
    # The typed load: every column as datapackage.json types it, decades
    # in time order.
    typed, decades = names["typed_games"], names["japanese_by_decade"]
    want = {"komi": "Float64", "finished": "Boolean", "judge_confidence": "Float64",
            "first_double_pass": "Int64", "black_rank": "String"}
    got = {c: str(typed.schema[c]) for c in want}
    if got != want or typed.height != 77_274:
        sys.exit(f"typed games: {got}, {typed.height} rows")
    years = [int(g[:-1]) for g in decades["group"].to_list() if g]
    if len(years) < 10 or years != sorted(years):
        sys.exit(f"decades out of order: {years}")
    for query in sql:
        rows = duckdb.sql(query.replace("-- DuckDB\n", "")).fetchall()
        families = {f for f, _ in rows}
        if "japanese" not in families or not all(0.0 < a < 1.0 for _, a in rows):
            sys.exit(f"DuckDB example: {rows}")
        print(f"DuckDB example: {len(rows)} families, japanese "
              f"{dict(rows)['japanese']:.3f}")
    print(f"{len(py)} python and {len(sql)} sql examples of {README} ran")


if __name__ == "__main__":
    main()
