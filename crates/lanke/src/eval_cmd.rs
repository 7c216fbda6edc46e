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

use lanke_sgf::GameRecord;
use rayon::prelude::*;

use crate::output::write_stdout;
use lanke_games::for_each_game;
use lanke_rescore::eval::{
    eligible, rescore, sample, without_last_moves, EvalCase, EvalRow, ENGINE_ERROR,
};
use lanke_rescore::item::GameId;
use lanke_rescore::judging::{start_engine, JudgeSpec, Override, UNFINISHED_DAME};

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
    let mut set: Vec<(GameId, (GameRecord, EvalCase))> = Vec::new();
    let mut pending: Vec<(GameId, GameRecord)> = Vec::new();
    let flush = |pending: &mut Vec<(GameId, GameRecord)>, set: &mut Vec<_>| {
        let count = pending.len();
        for (id, g) in pending.drain(..) {
            if let Some(case) = eligible(&g, count) {
                set.push((id, (g, case)));
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
            |engines, (id, (g, case))| match engines {
                (Ok(e), Ok(s)) => {
                    let mut uncut_exact = None;
                    let cut;
                    let record = match opts.cut_ending {
                        Some(moves) => {
                            let whole = rescore(id, g, case, spec, overrides, e.as_mut(), None)?;
                            if whole.rescored.is_nan() || whole.dame_before_fill > 0 {
                                return Ok(None);
                            }
                            uncut_exact = Some(whole.exact);
                            cut = without_last_moves(g, moves);
                            &cut
                        }
                        None => g,
                    };
                    let row = rescore(id, record, case, spec, overrides, e.as_mut(), s.as_mut());
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
    let played: Vec<&EvalRow> = rows.iter().filter(|r| r.played_out()).collect();
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
    writeln!(w, "{}", by_neutral_points(rows))?;
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

/// Bands of neutral points a record leaves before the filling (the last
/// open above [`UNFINISHED_DAME`]): the more dame the players left, the
/// more of the ending the judge plays for them.
const NEUTRAL_BANDS: [(u32, u32); 4] = [
    (0, 10),
    (11, 20),
    (21, UNFINISHED_DAME),
    (UNFINISHED_DAME + 1, u32::MAX),
];

/// The summary line of exact results by the neutral points each record
/// leaves (`NEUTRAL_BANDS`), with the engine's own exact results beside
/// them when it scored the games.
fn by_neutral_points(rows: &[EvalRow]) -> String {
    let engine = rows.iter().any(|r| r.engine_exact.is_some());
    let bands: Vec<String> = NEUTRAL_BANDS
        .iter()
        .map(|&(lo, hi)| {
            let band: Vec<&EvalRow> = rows
                .iter()
                .filter(|r| (lo..=hi).contains(&r.dame_before_fill))
                .collect();
            let exact = band.iter().filter(|r| r.exact).count();
            let name = if hi == u32::MAX {
                format!("over {}", lo - 1)
            } else {
                format!("{lo}–{hi}")
            };
            let mut text = format!("{name}: {exact}/{}", band.len());
            if engine {
                let e = band.iter().filter(|r| r.engine_exact == Some(true)).count();
                text.push_str(&format!(" (engine {e})"));
            }
            text
        })
        .collect();
    format!("  exact by neutral points left: {}", bands.join(", "))
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
    let (japanese, area): (Vec<EvalRow>, Vec<EvalRow>) =
        rows.iter().cloned().partition(|r| r.rules == "japanese");
    write_stdout(|out| {
        summarise(out, &rows, "all")?;
        summarise(out, &japanese, "japanese (record komi)")?;
        summarise(
            out,
            &area,
            "area counting: RU[Chinese], Ing, or komi 7.5/8 (record komi)",
        )
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
    use super::{summarise, EvalRow, ENGINE_ERROR};

    /// A game the judge engine failed on and a game the scoring engine
    /// failed on are counted on separate summary lines: the first never
    /// reached the scorer.
    #[test]
    fn judge_and_scorer_failures_are_counted_apart() {
        let row = |cause: &'static str, error: &str| EvalRow {
            cause,
            moves: 200,
            engine_error: Some(error.to_string()),
            ..EvalRow::unscored("g".to_string(), "japanese", 6.5, 2.5)
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

    /// Records are counted in the band of the neutral points they leave,
    /// the engine's exact results beside ours.
    #[test]
    fn exact_results_are_split_by_the_neutral_points_left() {
        let row = |dame: u32, exact: bool, engine: bool| EvalRow {
            dame_before_fill: dame,
            exact,
            engine_exact: Some(engine),
            ..EvalRow::unscored("g".to_string(), "japanese", 6.5, 2.5)
        };
        let rows = [
            row(0, true, false),
            row(10, true, true),
            row(11, false, true),
            row(40, true, true),
            row(41, false, false),
        ];
        assert_eq!(
            super::by_neutral_points(&rows),
            "  exact by neutral points left: 0–10: 2/2 (engine 1), 11–20: 0/1 (engine 1), 21–40: 1/1 (engine 1), over 40: 0/1 (engine 0)"
        );
    }
}
