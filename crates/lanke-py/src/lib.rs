//! The `lanke._lanke` extension module: the rescoring `lanke batch` runs,
//! called from Python. Each function walks the inputs (`lanke-games`),
//! rescores the games in parallel (rayon, the GIL released) through the
//! same per-game pipeline as the binary (`lanke-rescore`), and hands the
//! tables back as the CSV bytes `lanke batch` writes, with their columns'
//! types (`columns`), so that the Python side (`python/lanke`) reads them
//! into pyarrow tables typed as the data package types them. Bad input
//! is an error row, as in `batch`; bad arguments and unreadable paths are
//! Python exceptions.

use std::ops::ControlFlow;
use std::path::PathBuf;

use lanke_judge::{EndingMode, JudgeOptions, Stage};
use lanke_rescore::columns::TABLES;
use lanke_rescore::derive::{join, Derived};
use lanke_rescore::item::GameItem;
use lanke_rescore::judged::{judge_record, judged, JudgedGame};
use lanke_rescore::judging::{start_engine, JudgeSpec};
use lanke_rescore::replayed::game_json;
use lanke_rescore::rows::{process, GameOutput, KomiChoice, RunSettings};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;

/// The allocator the `lanke` binary uses, for the same reason: the judge
/// makes many small, short-lived allocations from several threads, which
/// the system allocator serves markedly more slowly.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Games judged per parallel round: enough to keep every core busy, few
/// enough that the records waiting in memory stay small.
const ROUND: usize = 512;

/// The tables of one rescoring, as CSV bytes (header first).
struct Tables {
    games: Vec<u8>,
    scores: Vec<u8>,
    discrepancies: Vec<u8>,
    summary: Vec<u8>,
}

fn csv_writer() -> csv::Writer<Vec<u8>> {
    csv::Writer::from_writer(Vec::new())
}

fn finish(w: csv::Writer<Vec<u8>>) -> Result<Vec<u8>, String> {
    w.into_inner().map_err(|e| e.to_string())
}

fn settings(rules: &str, komi: &str, judge: &str) -> PyResult<RunSettings> {
    let families =
        lanke_rules::families_named(rules).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let komi = KomiChoice::named(komi).ok_or_else(|| {
        PyValueError::new_err(format!(
            "komi takes one of {}, not `{komi}`",
            KomiChoice::NAMES.join(", ")
        ))
    })?;
    let opts = JudgeOptions {
        playouts: 64,
        seed: 0,
        stage: Stage::Final,
        ending: EndingMode::Filler,
    };
    let spec = JudgeSpec::parse(judge, opts).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(RunSettings {
        families,
        spec,
        overrides: Vec::new(),
        komi,
        keep_pictures: false,
    })
}

/// The engine `spec` needs (none for the built-in judge); one that cannot
/// start is a Python exception naming its command, not a column of error
/// rows.
fn engine_for(spec: &JudgeSpec) -> PyResult<Option<lanke_gtp::GtpEngine>> {
    start_engine(spec).map_err(|e| PyOSError::new_err(e.to_string()))
}

/// Rescores every game reachable from `paths` under `settings` on `jobs`
/// threads, in input order (`seq` from 1), as `lanke batch` does.
/// With `shard` = (k, n), only the games of part k of n (`shard_of`, as
/// `lanke batch --shard K/N` takes them), still numbered in the whole
/// input.
fn rescore_all(
    paths: &[PathBuf],
    settings: &RunSettings,
    jobs: usize,
    shard: Option<(u64, u64)>,
) -> Result<Tables, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let (mut games, mut scores) = (csv_writer(), csv_writer());
    let mut derived = Derived::new(settings.komi);
    // A reader thread walks and decodes the inputs while the pool judges
    // the round before (as `batch`'s reader does), so reading is not a
    // pause between rounds.
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<(u64, GameItem)>>(2);
    let result = std::thread::scope(|scope| -> Result<(), String> {
        scope.spawn(move || {
            let mut seq = 0u64;
            let mut round: Vec<(u64, GameItem)> = Vec::with_capacity(ROUND);
            lanke_games::for_each_game(paths, |item| {
                seq += 1;
                if let Some((k, n)) = shard {
                    if lanke_rescore::item::shard_of(&item.id.to_string(), n) != k {
                        return ControlFlow::Continue(());
                    }
                }
                round.push((seq, item));
                if round.len() == ROUND {
                    let full = std::mem::replace(&mut round, Vec::with_capacity(ROUND));
                    if tx.send(full).is_err() {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            let _ = tx.send(round);
        });
        for round in rx {
            let outputs: Vec<GameOutput> = pool.install(|| {
                round
                    .par_iter()
                    .map_init(
                        || start_engine(&settings.spec).ok().flatten(),
                        |engine, (seq, item)| process(*seq, item, settings, engine.as_mut()),
                    )
                    .collect()
            });
            for out in &outputs {
                for s in &out.scores {
                    scores.serialize(s).map_err(|e| e.to_string())?;
                }
                games.serialize(&out.game).map_err(|e| e.to_string())?;
                derived.feed(&out.game, &out.scores);
            }
        }
        Ok(())
    });
    result?;
    let (discrepancies, summary) = derived_csv(&derived)?;
    Ok(Tables {
        games: finish(games)?,
        scores: finish(scores)?,
        discrepancies,
        summary,
    })
}

/// The discrepancies and summary tables as CSV bytes.
fn derived_csv(derived: &Derived) -> Result<(Vec<u8>, Vec<u8>), String> {
    let mut discrepancies = csv_writer();
    for d in &derived.discrepancies {
        discrepancies.serialize(d).map_err(|e| e.to_string())?;
    }
    let mut summary = csv_writer();
    for s in derived.summary() {
        summary.serialize(&s).map_err(|e| e.to_string())?;
    }
    Ok((finish(discrepancies)?, finish(summary)?))
}

/// Rescores every game reachable from `paths` (files, directories,
/// archives) under `rules` (`all` or ids separated by commas) with
/// `komi` (`native` or `record`) and `judge` (`builtin`, `gtp:COMMAND`,
/// `builtin+gtp:COMMAND`), on `jobs` threads (all cores by default).
/// With `shard` = (k, n), only part k of n, as `lanke batch --shard K/N`.
/// Returns the CSV bytes of the games, scores, discrepancies and summary
/// tables, the same bytes `lanke batch` writes.
#[pyfunction]
#[pyo3(signature = (paths, rules="all", komi="native", judge="builtin", jobs=None, shard=None))]
fn rescore_csv<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    rules: &str,
    komi: &str,
    judge: &str,
    jobs: Option<usize>,
    shard: Option<(u64, u64)>,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let settings = settings(rules, komi, judge)?;
    if let Some((k, n)) = shard {
        if n == 0 || k == 0 || k > n {
            return Err(PyValueError::new_err(format!(
                "shard ({k}, {n}): k must be within 1..=n"
            )));
        }
    }
    for p in &paths {
        if p.as_os_str() != "-" && std::fs::metadata(p).is_err() {
            return Err(PyOSError::new_err(format!("cannot read {}", p.display())));
        }
    }
    // Each worker starts its own engine; this one only shows that it starts.
    drop(engine_for(&settings.spec)?);
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let tables = py
        .detach(|| rescore_all(&paths, &settings, jobs, shard))
        .map_err(PyOSError::new_err)?;
    Ok([
        tables.games,
        tables.scores,
        tables.discrepancies,
        tables.summary,
    ]
    .iter()
    .map(|b| PyBytes::new(py, b))
    .collect())
}

/// The rows of a CSV table, or a ValueError naming the table and row.
fn rows_of<T: serde::de::DeserializeOwned>(csv_bytes: &[u8], table: &str) -> PyResult<Vec<T>> {
    csv::Reader::from_reader(csv_bytes)
        .deserialize()
        .enumerate()
        .map(|(i, row)| {
            row.map_err(|e| PyValueError::new_err(format!("{table}: row {}: {e}", i + 1)))
        })
        .collect()
}

/// Joins the games and scores tables of a run's parts (CSV, header first,
/// rows of every part in any order) and derives the discrepancies and
/// summary one run of the whole would write, under `komi` (`native` or
/// `record`, as the parts were run). Returns the CSV bytes of the
/// discrepancies and summary tables.
#[pyfunction]
#[pyo3(signature = (games, scores, komi="native"))]
fn derive_csv<'py>(
    py: Python<'py>,
    games: &[u8],
    scores: &[u8],
    komi: &str,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let komi = KomiChoice::named(komi).ok_or_else(|| {
        PyValueError::new_err(format!(
            "komi takes one of {}, not `{komi}`",
            KomiChoice::NAMES.join(", ")
        ))
    })?;
    let games = rows_of(games, "games")?;
    let scores = rows_of(scores, "scores")?;
    let joined = py
        .detach(|| join(games, scores, komi))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (discrepancies, summary) = derived_csv(&joined.derived).map_err(PyValueError::new_err)?;
    Ok(vec![
        PyBytes::new(py, &discrepancies),
        PyBytes::new(py, &summary),
    ])
}

/// The games of `source`: a path (file, directory, archive) or SGF text
/// (starting with `(`).
fn items_of(source: &str) -> PyResult<Vec<GameItem>> {
    if source.trim_start().starts_with('(') {
        let (_, items) =
            lanke_rescore::item::load_file("<text>", "<text>", None, source.as_bytes(), None);
        return Ok(items);
    }
    let path = PathBuf::from(source);
    if std::fs::metadata(&path).is_err() {
        return Err(PyOSError::new_err(format!("cannot read {source}")));
    }
    let mut items = Vec::new();
    lanke_games::for_each_game(&[path], |item| {
        items.push(item);
        ControlFlow::Continue(())
    });
    Ok(items)
}

/// The judged games of `source` (a path or SGF text) under `judge`, as
/// JSON text: one object per game, `lanke judge --json`'s lines.
#[pyfunction]
#[pyo3(signature = (source, judge="builtin"))]
fn judge_json(py: Python<'_>, source: &str, judge: &str) -> PyResult<String> {
    let settings = settings("all", "native", judge)?;
    let items = items_of(source)?;
    let mut engine = engine_for(&settings.spec)?;
    let games = py.detach(|| {
        items
            .iter()
            .map(|item| {
                let game = item.id.to_string();
                match item.game.as_ref().map_err(Clone::clone).and_then(|record| {
                    judge_record(&game, record, &settings.spec, &[], engine.as_mut())
                }) {
                    Ok((j, r)) => judged(game, &j, &r.board),
                    Err(e) => JudgedGame::error(game, e),
                }
            })
            .collect::<Vec<JudgedGame>>()
    });
    serde_json::to_string(&games).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The replayed games of `source` (a path or SGF text) as JSON text: one
/// object per game, `lanke replay --json`'s lines.
#[pyfunction]
fn replay_json(py: Python<'_>, source: &str) -> PyResult<String> {
    let items = items_of(source)?;
    let text = py.detach(|| {
        let games: Vec<serde_json::Value> = items
            .iter()
            .map(|item| {
                let replayed = item.game.as_ref().ok().map(|g| (g, lanke_board::replay(g)));
                let played = replayed.as_ref().map(|(g, r)| (*g, r));
                serde_json::to_value(game_json(item, played)).unwrap_or_default()
            })
            .collect();
        serde_json::to_string(&games)
    });
    text.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One game or a few, from `source`: a path (file, directory, archive) or
/// SGF text (starting with `(`). Each game's `games.csv` row and its
/// `scores.csv` rows as JSON text: `[{"game": {...}, "scores": [...]}]`.
#[pyfunction]
#[pyo3(signature = (source, rules="all", komi="native", judge="builtin"))]
fn score_json(
    py: Python<'_>,
    source: &str,
    rules: &str,
    komi: &str,
    judge: &str,
) -> PyResult<String> {
    let settings = settings(rules, komi, judge)?;
    let items = items_of(source)?;
    let mut engine = engine_for(&settings.spec)?;
    let outputs = py.detach(|| {
        items
            .iter()
            .enumerate()
            .map(|(k, item)| process(k as u64 + 1, item, &settings, engine.as_mut()))
            .collect::<Vec<GameOutput>>()
    });
    let games: Vec<serde_json::Value> = outputs
        .iter()
        .map(|o| serde_json::json!({"game": o.game, "scores": o.scores}))
        .collect();
    serde_json::to_string(&games).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Every table's columns as (name, Frictionless type) pairs, in order:
/// games, scores, discrepancies, summary.
#[pyfunction]
fn columns() -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    TABLES
        .iter()
        .map(|(name, fields)| (*name, fields.iter().map(|f| (f.0, f.1)).collect()))
        .collect()
}

/// The rule families' ids, in the order the reports list them.
#[pyfunction]
fn families() -> Vec<&'static str> {
    lanke_rules::FAMILIES.iter().map(|f| f.id).collect()
}

#[pymodule]
fn _lanke(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rescore_csv, m)?)?;
    m.add_function(wrap_pyfunction!(derive_csv, m)?)?;
    m.add_function(wrap_pyfunction!(score_json, m)?)?;
    m.add_function(wrap_pyfunction!(judge_json, m)?)?;
    m.add_function(wrap_pyfunction!(replay_json, m)?)?;
    m.add_function(wrap_pyfunction!(columns, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    Ok(())
}
