//! `lanke score`: every game under the chosen families, as a table with the
//! judged diagram, or JSON Lines (one object per game and family); and
//! `lanke show`: one game's judged diagram as SVG.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use lanke_rules::{family, Family, FAMILIES};
use serde_json::json;

use crate::batch::rows::{process, RunSettings};
use crate::batch::svg;
use crate::games::for_each_game;
use crate::judge_cmd::judged_diagram;
use crate::judging::start_engine;
use crate::output::write_each_game;

/// Parses `all` or a comma-separated list of family ids.
pub fn parse_rules(text: &str) -> Result<Vec<&'static Family>> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(FAMILIES.iter().collect());
    }
    text.split(',')
        .map(|id| {
            let id = id.trim();
            match family(id) {
                Some(f) => Ok(f),
                None => {
                    let known: Vec<&str> = FAMILIES.iter().map(|f| f.id).collect();
                    bail!("unknown rule family `{id}`; known: {}", known.join(", "))
                }
            }
        })
        .collect()
}

/// A figure as the tables print it: no decimals when whole.
pub(crate) fn fmt(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// Runs `lanke score`.
pub fn run(paths: &[PathBuf], settings: &RunSettings, json_out: bool) -> Result<()> {
    let mut engine = start_engine(&settings.spec)?;
    let mut seq = 0;
    write_each_game(paths, |w, item| -> io::Result<()> {
        seq += 1;
        let out = process(seq, &item, settings, engine.as_mut());
        {
            let g = &out.game;
            if json_out {
                if out.scores.is_empty() {
                    let row = json!({"game": g.game_id, "status": g.status, "error": g.error});
                    writeln!(w, "{row}")?;
                }
                for s in &out.scores {
                    let row = json!({
                        "game": s.game_id,
                        "family": s.family,
                        "unit": s.unit,
                        "komi": s.komi,
                        "compensation": s.compensation,
                        "black": s.black,
                        "white": s.white,
                        "margin": s.margin,
                        "margin_low": s.margin_low,
                        "margin_high": s.margin_high,
                        "winner": s.winner,
                        "legality": s.legality,
                        "agrees_with_record": s.agrees_with_record,
                        "note": s.note,
                        "recorded": {
                            "raw": g.result_raw,
                            "kind": g.result_kind,
                            "winner": g.result_winner,
                            "margin": g.result_margin,
                            "unit": g.result_unit,
                        },
                    });
                    writeln!(w, "{row}")?;
                }
                return Ok(());
            }
            writeln!(w, "== {}", g.game_id)?;
            if out.scores.is_empty() {
                return writeln!(w, "error: {}\n", g.error);
            }
            writeln!(
                w,
                "recorded: {} ({}); judge {} (confidence {:.2})",
                if g.result_raw.is_empty() {
                    "-"
                } else {
                    &g.result_raw
                },
                g.result_kind,
                g.judge,
                g.judge_confidence.unwrap_or(0.0)
            )?;
            writeln!(
                w,
                "{:<22} {:<7} {:>8} {:>8} {:>8} {:>15} {:>7} {:>7}  note",
                "family", "unit", "Black", "White", "margin", "readings", "winner", "agrees"
            )?;
            for s in &out.scores {
                // Every reading of the position (both move orders, unsure
                // chains either way): one value, or the least to the greatest.
                let readings = if s.margin_low == s.margin_high {
                    "=".to_string()
                } else {
                    format!("{}..{}", fmt(s.margin_low), fmt(s.margin_high))
                };
                writeln!(
                    w,
                    "{:<22} {:<7} {:>8} {:>8} {:>8} {:>15} {:>7} {:>7}  {}",
                    s.family,
                    s.unit,
                    fmt(s.black),
                    fmt(s.white),
                    fmt(s.margin),
                    readings,
                    s.winner,
                    s.agrees_with_record,
                    s.note
                )?;
            }
            if let Some((board, j)) = &out.picture {
                write!(w, "{}", judged_diagram(j, board))?;
            }
            writeln!(w)
        }
    })?;
    Ok(())
}

/// Runs `lanke show FILE --svg OUT`: the first game of FILE.
pub fn show(path: &Path, settings: &RunSettings, out: &Path) -> Result<()> {
    let mut engine = start_engine(&settings.spec)?;
    let mut result: Option<Result<()>> = None;
    for_each_game(&[path.to_path_buf()], |item| {
        let o = process(1, &item, settings, engine.as_mut());
        result = Some(match &o.picture {
            Some((board, j)) => {
                std::fs::write(out, svg::render(board, j, &o.game.game_id)).map_err(Into::into)
            }
            None => Err(anyhow::anyhow!("{}: {}", o.game.game_id, o.game.error)),
        });
        ControlFlow::Break(())
    });
    result.unwrap_or_else(|| bail!("{}: no game found", path.display()))
}
