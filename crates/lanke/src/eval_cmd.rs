//! `lanke eval`: how often the built-in judge plus the family table
//! reproduces the margins archives record.
//!
//! The set (issue 3): 19x19 records, one game per file, no handicap, a
//! counted result `B+N`/`W+N` whose fractional part agrees with the record's
//! komi. Japanese-era games are rescored under Japanese rules, `RU[Chinese]`
//! games under Chinese rules, both with the record's komi. Every miss is
//! classified by a stated heuristic (see `classify`).
//!
//! `--engine-score gtp:COMMAND` also asks an engine for its own result of
//! each game (`final_score`: GNU Go plays the ending out before counting)
//! and sets it beside the rescoring, so both are measured on the same games
//! and every game one reproduces and the other does not can be looked at.
//!
//! `--cut-ending K` measures the ending on records whose answer is known:
//! only the records played to the last dame (the judge finds no neutral
//! point in their final position) are kept, and each is judged again with
//! its last K moves removed. Those moves were the dame and protective
//! moves the players chose; a judge that plays the ending as they did
//! gives the recorded margin still.

use std::path::{Path, PathBuf};

use anyhow::Result;
use lanke_board::replay;

use lanke_rules::{family, score, KomiMode, Quantities};
use lanke_sgf::{Event, GameRecord};
use rayon::prelude::*;

use crate::games::for_each_game;
use crate::output::write_stdout;
use lanke_rescore::item::GameId;
use lanke_rescore::judging::{judge_game, no_position, start_engine, JudgeSpec, Override};
use lanke_rescore::judging::{unfinished, UNFINISHED_DAME};

/// A recorded counted margin, Black minus White (points).
fn recorded_margin(result: &str) -> Option<f64> {
    let t = result.trim();
    let (sign, rest) = match t.as_bytes().first()? {
        b'B' | b'b' => (1.0, &t[1..]),
        b'W' | b'w' => (-1.0, &t[1..]),
        _ => return None,
    };
    let number = rest.strip_prefix('+')?;
    let v: f64 = number.parse().ok()?;
    (v.is_finite() && v > 0.0).then_some(sign * v)
}

fn eligible(record: &GameRecord, games_in_file: usize) -> Option<(f64, f64, bool)> {
    if games_in_file != 1 || record.size != 19 || record.info.handicap.stones != 0 {
        return None;
    }
    let margin = recorded_margin(record.info.result.as_deref()?)?;
    let komi = record.info.komi.points?;
    if (margin.abs().fract() - komi.abs().fract()).abs() > 1e-9 {
        return None;
    }
    let chinese = record
        .info
        .rules
        .as_deref()
        .is_some_and(|r| r.to_ascii_lowercase().contains("chinese"));
    Some((margin, komi, chinese))
}

/// One rescored game.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct EvalRow {
    pub game_id: String,
    pub rules: &'static str,
    pub komi: f64,
    pub recorded: f64,
    pub rescored: f64,
    pub exact: bool,
    /// The least and greatest margin over every reading the judge allows
    /// (both move orders; unsure chains either way), NaN when unscored.
    pub low: f64,
    pub high: f64,
    /// `consistent`, `open` or `contradicted` (`RecordCheck`), empty when
    /// unscored.
    pub check: &'static str,
    pub cause: &'static str,
    pub confidence: f32,
    /// Neutral points the record left: dame, plus the open-border points
    /// the judge estimated as territory.
    pub dame_before_fill: u32,
    pub protective: u32,
    pub seki_points: u32,
    pub moves: u32,
    /// The engine's own margin (`--engine-score`), empty without one.
    pub engine: Option<f64>,
    pub engine_exact: Option<bool>,
    /// Why the engine gave no score for this game (the row is kept).
    pub engine_error: Option<String>,
    /// With `--cut-ending`: was the whole record, before its last moves
    /// were removed, reproduced exactly? Empty otherwise.
    pub uncut_exact: Option<bool>,
}

/// The miss cause of a game the judge engine (`--judge gtp:` or
/// `builtin+gtp:`) could not judge.
const ENGINE_ERROR: &str = "engine error";

/// Was the game played out far enough for its margin to be reproducible?
fn played_out(row: &EvalRow) -> bool {
    !unfinished(row.dame_before_fill, row.moves)
}

/// Heuristic cause of a miss, in this order: the rule (a game with an
/// area-counting komi, 7.5 or 8, but no RU[Chinese], scored under Japanese
/// rules, that Chinese counting reproduces exactly — events such as the
/// Chunlan Cup play Chinese rules without saying so); a record plainly
/// stopped before the end (more than [`UNFINISHED_DAME`] neutral points, or
/// under 100 moves); a seki on the board; the difference equals the
/// protective moves our filling made (or is one point and the filling made
/// any); a judgement the playouts were unsure of (confidence below 0.5); a
/// record that stops early (more than 20 dame left); otherwise the
/// judgement.
fn classify(
    diff: f64,
    other_rule_exact: bool,
    q: &Quantities,
    confidence: f32,
    moves: u32,
) -> &'static str {
    let protective = f64::from(q.protective[0] + q.protective[1]);
    if other_rule_exact {
        "rule"
    } else if unfinished(q.neutral_before_fill(), moves) {
        "record incomplete"
    } else if q.shared > 0 || q.seki_eyes[0] + q.seki_eyes[1] > 0 {
        "seki"
    } else if protective > 0.0 && (diff.abs() <= protective || diff.abs() == 1.0) {
        "protective move"
    } else if confidence < 0.5 {
        "judgement uncertain"
    } else if q.neutral_before_fill() > 20 {
        "record incomplete"
    } else {
        "judgement"
    }
}

#[allow(clippy::too_many_arguments)]
fn rescore(
    id: &GameId,
    record: &GameRecord,
    recorded: f64,
    komi: f64,
    chinese: bool,
    spec: &JudgeSpec,
    overrides: &[Override],
    engine: Option<&mut lanke_gtp::GtpEngine>,
    scorer: Option<&mut lanke_gtp::GtpEngine>,
) -> Result<EvalRow, String> {
    let r = replay(record);
    // A game with no rescoring stays in the measured set as a miss.
    let unscored =
        |cause: &'static str, dame_before_fill: u32, moves: u32, engine_error: Option<String>| {
            let fam =
                family(if chinese { "chinese" } else { "japanese" }).expect("family in table");
            EvalRow {
                game_id: id.to_string(),
                rules: fam.id,
                komi,
                recorded,
                rescored: f64::NAN,
                exact: false,
                low: f64::NAN,
                high: f64::NAN,
                check: "",
                cause,
                confidence: 0.0,
                dame_before_fill,
                protective: 0,
                seki_points: 0,
                moves,
                engine: None,
                engine_exact: None,
                engine_error,
                uncut_exact: None,
            }
        };
    // A record with no stone on its board (moves missing from the archive):
    // the record is incomplete, and there is no rescoring to show.
    if no_position(&r).is_some() {
        let points = u32::from(record.size) * u32::from(record.size);
        return Ok(unscored("record incomplete", points, 0, None));
    }
    // An engine judge that fails on one game (too slow for its answer
    // timeout, or gone) costs that game its rescoring, not the evaluation:
    // the game stays a miss, `engine error`, and the caller restarts the
    // engine.
    let j = match judge_game(&id.to_string(), record, &r, spec, overrides, engine) {
        Ok(j) => j,
        Err(e) if !matches!(spec, JudgeSpec::Builtin(_)) => {
            let moves = r.tally.moves[0] + r.tally.moves[1];
            return Ok(unscored(ENGINE_ERROR, 0, moves, Some(e)));
        }
        Err(e) => return Err(e),
    };
    // An engine that cannot score one game costs that game its engine
    // column, not the evaluation.
    let (engine_margin, engine_error) = match scorer.map(|e| e.final_score(record, komi)) {
        Some(Ok(m)) => (Some(m), None),
        Some(Err(e)) => (None, Some(e.to_string())),
        None => (None, None),
    };
    let readings = lanke_rescore::readings::readings(&r, &j, 0);
    let q = &readings.point;
    let fam = family(if chinese { "chinese" } else { "japanese" }).expect("family in table");
    let s = score(fam, q, KomiMode::Record(komi));
    let exact = (s.margin - recorded).abs() < 1e-9;
    let range = readings.range(fam, KomiMode::Record(komi));
    // Only a komi of the area-counting tradition (7.5 Chinese, 8 Ing) makes
    // Chinese counting a plausible rule for a record without RU[Chinese];
    // elsewhere the two counts differ by the parity point and a match is
    // chance.
    let area_komi = komi == 7.5 || komi == 8.0;
    let other_rule_exact = !chinese
        && area_komi
        && (score(
            family("chinese").expect("family in table"),
            q,
            KomiMode::Record(komi),
        )
        .margin
            - recorded)
            .abs()
            < 1e-9;
    let moves = r.tally.moves[0] + r.tally.moves[1];
    Ok(EvalRow {
        game_id: id.to_string(),
        rules: fam.id,
        komi,
        recorded,
        rescored: s.margin,
        exact,
        low: range.open.0,
        high: range.open.1,
        check: range.check(recorded).as_str(),
        cause: if exact {
            ""
        } else {
            classify(
                s.margin - recorded,
                other_rule_exact,
                q,
                j.confidence,
                moves,
            )
        },
        confidence: j.confidence,
        dame_before_fill: q.neutral_before_fill(),
        protective: q.protective[0] + q.protective[1],
        seki_points: q.shared + q.seki_eyes[0] + q.seki_eyes[1],
        moves,
        engine: engine_margin,
        engine_exact: engine_margin.map(|m| (m - recorded).abs() < 1e-9),
        engine_error,
        uncut_exact: None,
    })
}

/// The record without its last `k` moves (passes count as moves). Its
/// territory marks described the end and are dropped with it.
fn without_last_moves(record: &GameRecord, k: u32) -> GameRecord {
    let mut cut = record.clone();
    let mut left = k;
    while left > 0 {
        match cut
            .events
            .iter()
            .rposition(|e| matches!(e, Event::Move { .. }))
        {
            Some(i) => {
                cut.events.remove(i);
                left -= 1;
            }
            None => break,
        }
    }
    cut.territory_marks = [Vec::new(), Vec::new()];
    cut
}

/// The name a game is sampled by: its archive member, or its file's path
/// below the directory given on the command line, and its index in the
/// file. Not the path as typed: `data/cwi-games.tar.gz`, the same archive
/// by an absolute path, and the same records unpacked into a directory
/// all give the same sample.
fn sample_name(id: &GameId, roots: &[PathBuf]) -> String {
    let within = match &id.member {
        Some(m) => m.clone(),
        None => {
            let source = Path::new(&id.source);
            roots
                .iter()
                .filter_map(|r| source.strip_prefix(r).ok())
                .filter(|rel| !rel.as_os_str().is_empty())
                .min_by_key(|rel| rel.as_os_str().len())
                .map_or_else(
                    || {
                        source
                            .file_name()
                            .map_or(id.source.clone(), |f| f.to_string_lossy().into_owned())
                    },
                    |rel| rel.to_string_lossy().into_owned(),
                )
        }
    };
    format!("{}#{}", within.replace('\\', "/"), id.index)
}

/// Deterministic sample: the `n` games whose names (`sample_name`) hash
/// lowest under `seed`.
fn sample<T>(
    mut items: Vec<(GameId, T)>,
    n: Option<usize>,
    seed: u64,
    roots: &[PathBuf],
) -> Vec<(GameId, T)> {
    let Some(n) = n else {
        return items;
    };
    let key = |id: &GameId| {
        let mut h = seed ^ 0xcbf2_9ce4_8422_2325;
        for b in sample_name(id, roots).bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x1000_0000_01b3);
        }
        h
    };
    items.sort_by_cached_key(|(id, _)| key(id));
    items.truncate(n);
    items.sort_by(|a, b| a.0.cmp(&b.0));
    items
}

/// What to evaluate beyond the judge: the sample, and an engine whose own
/// result is set beside the rescoring.
#[derive(Debug, Clone, Default)]
pub(crate) struct EvalOptions {
    /// Evaluate this many games drawn by `sample_seed` (all without).
    pub sample: Option<usize>,
    pub sample_seed: u64,
    /// An engine command line asked for `final_score` on every game.
    pub engine_score: Option<String>,
    /// Keep only the records played to the last dame and judge each with
    /// this many of its last moves removed.
    pub cut_ending: Option<u32>,
}

/// Parses `--engine-score`'s `gtp:COMMAND`.
pub(crate) fn engine_score_command(text: &str) -> Result<String> {
    match text.strip_prefix("gtp:").map(str::trim) {
        Some(cmd) if !cmd.is_empty() => Ok(cmd.to_string()),
        _ => anyhow::bail!(
            "--engine-score takes gtp:COMMAND, e.g. gtp:'/usr/games/gnugo --mode gtp', not `{text}`"
        ),
    }
}

/// Runs the evaluation; returns the rows (also used by tests).
pub(crate) fn evaluate(
    paths: &[PathBuf],
    opts: &EvalOptions,
    spec: &JudgeSpec,
    overrides: &[Override],
) -> Result<Vec<EvalRow>> {
    let mut set: Vec<(GameId, (GameRecord, f64, f64, bool))> = Vec::new();
    let mut pending: Vec<(GameId, GameRecord)> = Vec::new();
    let flush = |pending: &mut Vec<(GameId, GameRecord)>, set: &mut Vec<_>| {
        let count = pending.len();
        for (id, g) in pending.drain(..) {
            if let Some((m, k, c)) = eligible(&g, count) {
                set.push((id, (g, m, k, c)));
            }
        }
    };
    let mut current_file: Option<(String, Option<String>)> = None;
    for_each_game(paths, |item| {
        let file = (item.id.source.clone(), item.id.member.clone());
        if current_file.as_ref() != Some(&file) {
            flush(&mut pending, &mut set);
            current_file = Some(file);
        }
        if let Ok(g) = item.game {
            pending.push((item.id, g));
        }
        std::ops::ControlFlow::Continue(())
    });
    flush(&mut pending, &mut set);
    let set = sample(set, opts.sample, opts.sample_seed, paths);
    let start_scorer = || -> Result<Option<lanke_gtp::GtpEngine>> {
        match &opts.engine_score {
            Some(cmd) => Ok(Some(lanke_gtp::GtpEngine::spawn(cmd)?)),
            None => Ok(None),
        }
    };
    let rows: Vec<Result<Option<EvalRow>, String>> = set
        .par_iter()
        .map_init(
            || (start_engine(spec), start_scorer()),
            |engines, (id, (g, m, k, c))| match engines {
                (Ok(e), Ok(s)) => {
                    let mut uncut_exact = None;
                    let cut;
                    let record = match opts.cut_ending {
                        Some(moves) => {
                            let whole =
                                rescore(id, g, *m, *k, *c, spec, overrides, e.as_mut(), None)?;
                            if whole.rescored.is_nan() || whole.dame_before_fill > 0 {
                                return Ok(None);
                            }
                            uncut_exact = Some(whole.exact);
                            cut = without_last_moves(g, moves);
                            &cut
                        }
                        None => g,
                    };
                    let row = rescore(
                        id,
                        record,
                        *m,
                        *k,
                        *c,
                        spec,
                        overrides,
                        e.as_mut(),
                        s.as_mut(),
                    );
                    // A failed judgement or score may have left its engine
                    // mid-answer or gone: the next game gets a fresh one.
                    // A game the judge engine failed on never reached the
                    // scorer, whose engine is kept.
                    if let Ok(r) = &row {
                        if r.cause == ENGINE_ERROR {
                            *e = start_engine(spec).map_err(|e| format!("{e:#}"))?;
                        } else if r.engine_error.is_some() {
                            *s = start_scorer().map_err(|e| format!("{e:#}"))?;
                        }
                    }
                    row.map(|r| Some(EvalRow { uncut_exact, ..r }))
                }
                (Err(e), _) => Err(format!("{e:#}")),
                (_, Err(e)) => Err(format!("{e:#}")),
            },
        )
        .collect();
    rows.into_iter()
        .filter_map(|r| r.map_err(anyhow::Error::msg).transpose())
        .collect()
}

fn summarise(w: &mut impl std::io::Write, rows: &[EvalRow], label: &str) -> std::io::Result<()> {
    let total = rows.len();
    let exact = rows.iter().filter(|r| r.exact).count();
    let share = if total == 0 {
        0.0
    } else {
        100.0 * exact as f64 / total as f64
    };
    writeln!(w, "{label}: {exact}/{total} exact ({share:.1}%)")?;
    let uncut: Vec<bool> = rows.iter().filter_map(|r| r.uncut_exact).collect();
    if !uncut.is_empty() {
        let whole = uncut.iter().filter(|&&x| x).count();
        let both = rows
            .iter()
            .filter(|r| r.exact && r.uncut_exact == Some(true))
            .count();
        writeln!(
            w,
            "  records played to the last dame, exact as recorded: {whole}/{}; of those, exact with the last moves cut: {both}/{whole}",
            uncut.len()
        )?;
    }
    let played: Vec<&EvalRow> = rows.iter().filter(|r| played_out(r)).collect();
    if played.len() < total {
        let exact_played = played.iter().filter(|r| r.exact).count();
        let share = if played.is_empty() {
            0.0
        } else {
            100.0 * exact_played as f64 / played.len() as f64
        };
        writeln!(
            w,
            "  of the records played out (at most {UNFINISHED_DAME} neutral points, 100 moves or more): {exact_played}/{} ({share:.1}%)",
            played.len()
        )?;
    }
    let checked = |c: &str| rows.iter().filter(|r| r.check == c).count();
    let single = rows
        .iter()
        .filter(|r| !r.low.is_nan() && r.high - r.low < 1e-9)
        .count();
    writeln!(
        w,
        "  record inside the judged range: {}/{total} ({} consistent, {} open; {} contradicted); range a single value: {single}/{total}",
        checked("consistent") + checked("open"),
        checked("consistent"),
        checked("open"),
        checked("contradicted"),
    )?;
    let mut causes: Vec<(&str, usize)> = Vec::new();
    for r in rows.iter().filter(|r| !r.exact) {
        match causes.iter_mut().find(|(c, _)| *c == r.cause) {
            Some((_, n)) => *n += 1,
            None => causes.push((r.cause, 1)),
        }
    }
    causes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (c, n) in causes {
        writeln!(w, "  miss: {c}: {n}")?;
    }
    let scored: Vec<(bool, bool)> = rows
        .iter()
        .filter_map(|r| r.engine_exact.map(|e| (r.exact, e)))
        .collect();
    if !scored.is_empty() {
        let count = |f: fn(&(bool, bool)) -> bool| scored.iter().filter(|x| f(x)).count();
        let engine_exact = count(|x| x.1);
        let share = 100.0 * engine_exact as f64 / scored.len() as f64;
        writeln!(
            w,
            "  engine's own final_score: {engine_exact}/{} exact ({share:.1}%); both {}, lanke only {}, engine only {}, neither {}",
            scored.len(),
            count(|x| x.0 && x.1),
            count(|x| x.0 && !x.1),
            count(|x| !x.0 && x.1),
            count(|x| !x.0 && !x.1),
        )?;
    }
    // A game the judge engine failed on never reached the scoring engine;
    // both kinds keep their message in `engine_error`.
    let judge_failed = rows.iter().filter(|r| r.cause == ENGINE_ERROR).count();
    let score_failed = rows
        .iter()
        .filter(|r| r.engine_error.is_some() && r.cause != ENGINE_ERROR)
        .count();
    if judge_failed > 0 {
        writeln!(
            w,
            "  judge engine gave no judgement for {judge_failed} games (cause `{ENGINE_ERROR}`, message in `engine_error` in --rows)"
        )?;
    }
    if score_failed > 0 {
        writeln!(
            w,
            "  engine gave no score for {score_failed} games (`engine_error` in --rows)"
        )?;
    }
    Ok(())
}

/// Runs the command.
pub(crate) fn run(
    paths: &[PathBuf],
    opts: &EvalOptions,
    spec: &JudgeSpec,
    overrides: &[Override],
    misses: Option<&Path>,
    all_rows: Option<&Path>,
) -> Result<()> {
    let rows = evaluate(paths, opts, spec, overrides)?;
    let (chinese, japanese): (Vec<EvalRow>, Vec<EvalRow>) =
        rows.iter().cloned().partition(|r| r.rules == "chinese");
    write_stdout(|out| {
        summarise(out, &rows, "all")?;
        summarise(out, &japanese, "japanese (record komi)")?;
        summarise(out, &chinese, "chinese, RU[Chinese] (record komi)")
    })?;
    for (path, only_misses) in [(misses, true), (all_rows, false)] {
        if let Some(path) = path {
            let mut w = csv::Writer::from_path(path)?;
            for r in rows.iter().filter(|r| !(only_misses && r.exact)) {
                w.serialize(r)?;
            }
            w.flush()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{classify, recorded_margin, sample_name, summarise, EvalRow, ENGINE_ERROR};
    use lanke_rescore::item::GameId;
    use lanke_rules::Quantities;
    use std::path::PathBuf;

    /// The same record named through an archive, an absolute path to it,
    /// or its unpacked directory gets one name, so `--sample` draws the
    /// same games however the path is typed.
    #[test]
    fn a_game_is_sampled_by_its_name_inside_the_input() {
        let id = |source: &str, member: Option<&str>| GameId {
            source: source.to_string(),
            member: member.map(str::to_string),
            index: 0,
            name: String::new(),
        };
        let member = "games/Honinbo/05/07.sgf";
        let names = [
            sample_name(
                &id("data/cwi-games.tar.gz", Some(member)),
                &[PathBuf::from("data/cwi-games.tar.gz")],
            ),
            sample_name(
                &id("/work/main/data/cwi-games.tar.gz", Some(member)),
                &[PathBuf::from("/work/main/data/cwi-games.tar.gz")],
            ),
            sample_name(
                &id("/tmp/cwi/games/Honinbo/05/07.sgf", None),
                &[PathBuf::from("/tmp/cwi")],
            ),
            sample_name(
                &id("cwi/games/Honinbo/05/07.sgf", None),
                &[PathBuf::from("elsewhere"), PathBuf::from("cwi/")],
            ),
        ];
        assert!(
            names.iter().all(|n| n == "games/Honinbo/05/07.sgf#0"),
            "{names:?}"
        );
        // A file given by itself is named by its file name.
        assert_eq!(
            sample_name(&id("/x/07.sgf", None), &[PathBuf::from("/x/07.sgf")]),
            "07.sgf#0"
        );
    }

    #[test]
    fn a_record_stopped_far_from_the_end_is_incomplete_before_anything_else() {
        // Agon 10 game 1 of eval sample 1: 200 moves, 156 neutral points
        // left, playouts unsure (0.25) — the record, not the judge.
        let q = Quantities {
            dame_before_fill: 156,
            protective: [1, 1],
            ..Quantities::default()
        };
        assert_eq!(classify(-17.0, false, &q, 0.25, 200), "record incomplete");
        // Few moves: the same, whatever the dame.
        let q = Quantities::default();
        assert_eq!(classify(5.0, false, &q, 0.9, 67), "record incomplete");
        // The rule comes first.
        assert_eq!(classify(1.0, true, &q, 0.25, 200), "rule");
    }

    #[test]
    fn a_near_finished_record_keeps_the_finer_causes() {
        let mut q = Quantities {
            dame_before_fill: 12,
            protective: [1, 0],
            ..Quantities::default()
        };
        assert_eq!(classify(1.0, false, &q, 0.9, 250), "protective move");
        assert_eq!(classify(-30.0, false, &q, 0.2, 250), "judgement uncertain");
        assert_eq!(classify(-30.0, false, &q, 0.9, 250), "judgement");
        q.dame_before_fill = 25;
        assert_eq!(classify(-30.0, false, &q, 0.9, 250), "record incomplete");
        q.shared = 2;
        assert_eq!(classify(-30.0, false, &q, 0.9, 250), "seki");
    }

    #[test]
    fn counted_results_only() {
        assert_eq!(recorded_margin("B+3.5"), Some(3.5));
        assert_eq!(recorded_margin("W+12"), Some(-12.0));
        assert_eq!(recorded_margin("B+R"), None);
        assert_eq!(recorded_margin("W+"), None);
        assert_eq!(recorded_margin("Jigo"), None);
    }

    /// A game the judge engine failed on and a game the scoring engine
    /// failed on are counted on separate summary lines: the first never
    /// reached the scorer.
    #[test]
    fn judge_and_scorer_failures_are_counted_apart() {
        let row = |cause: &'static str, error: &str| EvalRow {
            game_id: "g".to_string(),
            rules: "japanese",
            komi: 6.5,
            recorded: 2.5,
            rescored: f64::NAN,
            exact: false,
            low: f64::NAN,
            high: f64::NAN,
            check: "",
            cause,
            confidence: 0.0,
            dame_before_fill: 0,
            protective: 0,
            seki_points: 0,
            moves: 200,
            engine: None,
            engine_exact: None,
            engine_error: Some(error.to_string()),
            uncut_exact: None,
        };
        let rows = [
            row(ENGINE_ERROR, "judge timed out"),
            row("judgement", "scorer timed out"),
            row("judgement", "scorer gone"),
        ];
        let mut out = Vec::new();
        summarise(&mut out, &rows, "all").expect("write to a Vec");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(
            text.contains("judge engine gave no judgement for 1 games"),
            "{text}"
        );
        assert!(text.contains("engine gave no score for 2 games"), "{text}");
    }
}
