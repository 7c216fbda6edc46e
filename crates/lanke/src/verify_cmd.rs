//! `lanke verify`: every record's checkable figures checked
//! (`lanke_rescore::verify`) and printed as a table; the command fails on a
//! disagreement unless `--report-only`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Result};

use crate::output::write_stdout;
use lanke_games::{for_each_selected, NoGameSelected, Selector};
use lanke_rescore::judging::{start_engine, JudgeSpec, Override};
use lanke_rescore::verify::{verify_game, Check};

/// Verifies the records `select` takes (all without one); returns every
/// check. A selection that takes no game is an error.
pub(crate) fn verify(
    paths: &[PathBuf],
    select: Option<&Selector>,
    spec: &JudgeSpec,
    overrides: &[Override],
) -> Result<Vec<Check>> {
    let mut engine = start_engine(spec)?;
    let mut checks = Vec::new();
    let handed = for_each_selected(paths, select, |item| {
        let game = item.id.to_string();
        let record = match item.game {
            Ok(g) => g,
            Err(e) => {
                checks.push(Check {
                    game_id: game,
                    source: "file",
                    statement: String::new(),
                    family: "",
                    stated: String::new(),
                    computed: String::new(),
                    verdict: "not checkable",
                    reason: e,
                });
                return std::ops::ControlFlow::Continue(());
            }
        };
        checks.extend(verify_game(
            &game,
            &record,
            spec,
            overrides,
            engine.as_mut(),
        ));
        std::ops::ControlFlow::Continue(())
    });
    NoGameSelected::check(select, handed, paths)?;
    Ok(checks)
}

/// Runs the command.
pub(crate) fn run(
    paths: &[PathBuf],
    select: Option<&Selector>,
    spec: &JudgeSpec,
    overrides: &[Override],
    report_only: bool,
) -> Result<()> {
    let checks = verify(paths, select, spec, overrides)?;
    write_stdout(|w| {
        writeln!(
            w,
            "{:<8} {:<9} {:<24} {:<28} {:<14}  game / reason",
            "source", "family", "stated", "computed", "verdict"
        )?;
        for c in &checks {
            writeln!(
                w,
                "{:<8} {:<9} {:<24} {:<28} {:<14}  {}{}",
                c.source,
                c.family,
                c.stated,
                c.computed,
                c.verdict,
                c.game_id,
                if c.reason.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", c.reason)
                }
            )?;
        }
        let count = |v: &str| checks.iter().filter(|c| c.verdict == v).count();
        writeln!(
            w,
            "{} statements: {} agree, {} consistent, {} open, {} disagree, {} not checkable",
            checks.len(),
            count("agree"),
            count("consistent"),
            count("open"),
            count("disagree"),
            count("not checkable")
        )
    })?;
    let disagreements = checks.iter().filter(|c| c.verdict == "disagree").count();
    if disagreements > 0 && !report_only {
        bail!("{disagreements} statement(s) disagree with the rescoring");
    }
    Ok(())
}
