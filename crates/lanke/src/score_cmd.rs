//! `lanke score`: every game under the chosen families, as a table with the
//! judged diagram, or JSON Lines (one object per game and family); and
//! `lanke show`: one game's judged diagram as SVG.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use lanke_rules::Family;
use serde_json::json;

use crate::batch::svg;
use crate::output::{fmt, judged_diagram};
use crate::output::{write_each_game, write_stdout};
use lanke_games::{for_each_selected, NoGameSelected, Selector};
use lanke_rescore::item::GameItem;
use lanke_rescore::judging::start_engine;
use lanke_rescore::rows::{process, RunSettings};

/// Parses `all` or a comma-separated list of family ids.
pub(crate) fn parse_rules(text: &str) -> Result<Vec<&'static Family>> {
    Ok(lanke_rules::families_named(text)?)
}

/// Runs `lanke score`.
pub(crate) fn run(
    paths: &[PathBuf],
    select: Option<&Selector>,
    settings: &RunSettings,
    json_out: bool,
) -> Result<()> {
    let mut engine = start_engine(&settings.spec)?;
    let mut seq = 0;
    write_each_game(paths, select, |w, item| -> io::Result<()> {
        seq += 1;
        let out = process(seq, &item, settings, engine.as_mut());
        {
            let g = &out.game;
            if json_out {
                if out.scores.is_empty() {
                    let row = json!({"game_id": g.game_id, "status": g.status, "error": g.error});
                    writeln!(w, "{row}")?;
                }
                for s in &out.scores {
                    let row = json!({
                        "game_id": s.game_id,
                        "family": s.family,
                        "unit": s.unit,
                        "komi": s.komi,
                        "compensation": s.compensation,
                        "black": s.black,
                        "white": s.white,
                        "margin": s.margin,
                        "margin_low": s.margin_low,
                        "margin_high": s.margin_high,
                        "margin_black_first": s.margin_black_first,
                        "margin_white_first": s.margin_white_first,
                        "winner": s.winner,
                        "legality": s.legality,
                        "agrees_with_record": match s.agrees_with_record.as_str() {
                            "" => serde_json::Value::Null,
                            a => serde_json::Value::Bool(a == "true"),
                        },
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
                "{:<22} {:<7} {:>8} {:>8} {:>8} {:>15} {:>15} {:>7} {:>7}  note",
                "family",
                "unit",
                "Black",
                "White",
                "margin",
                "B first/W first",
                "readings",
                "winner",
                "agrees"
            )?;
            for s in &out.scores {
                // Every reading of the position (both move orders, unsure
                // chains either way): one value, or the least to the greatest.
                let readings = if s.margin_low == s.margin_high {
                    "=".to_string()
                } else {
                    format!("{}..{}", fmt(s.margin_low), fmt(s.margin_high))
                };
                // The two move orders of the ending, the statuses as judged.
                let orders = if s.margin_black_first == s.margin_white_first {
                    "=".to_string()
                } else {
                    format!(
                        "{} / {}",
                        fmt(s.margin_black_first),
                        fmt(s.margin_white_first)
                    )
                };
                writeln!(
                    w,
                    "{:<22} {:<7} {:>8} {:>8} {:>8} {:>15} {:>15} {:>7} {:>7}  {}",
                    s.family,
                    s.unit,
                    fmt(s.black),
                    fmt(s.white),
                    fmt(s.margin),
                    orders,
                    readings,
                    s.winner,
                    s.agrees_with_record,
                    s.note
                )?;
            }
            if let Some(p) = &out.picture {
                write!(w, "{}", judged_diagram(&p.judgement, &p.board))?;
            }
            writeln!(w)
        }
    })?;
    Ok(())
}

/// Runs `lanke show PATH --svg OUT`: the one game of PATH that `select`
/// takes (PATH's only game without one), drawn into OUT (`-`: standard
/// output). More than one game is an error that lists some of their ids.
pub(crate) fn show(
    path: &Path,
    select: Option<&Selector>,
    settings: &RunSettings,
    out: &Path,
) -> Result<()> {
    const LISTED: usize = 5;
    let paths = [path.to_path_buf()];
    let mut first: Option<GameItem> = None;
    let mut ids: Vec<String> = Vec::new();
    let found = for_each_selected(&paths, select, |item| {
        if ids.len() < LISTED {
            ids.push(item.id.to_string());
        }
        if first.is_none() {
            first = Some(item);
        }
        ControlFlow::Continue(())
    });
    NoGameSelected::check(select, found, &paths)?;
    let Some(item) = first else {
        bail!("{}: no game found", path.display());
    };
    if found > 1 {
        let more = if found > LISTED { ", ..." } else { "" };
        bail!(
            "{} holds {found} games{}: choose one with --game ID ({}{more})",
            path.display(),
            if select.is_some() { " that match" } else { "" },
            ids.join(", ")
        );
    }
    let mut engine = start_engine(&settings.spec)?;
    let o = process(1, &item, settings, engine.as_mut());
    let Some(picture) = &o.picture else {
        bail!("{}: {}", o.game.game_id, o.game.error);
    };
    let picture = svg::render(picture, &o.game.game_id, &o.game, &o.scores);
    if out.as_os_str() == "-" {
        write_stdout(|w| w.write_all(picture.as_bytes()))
    } else {
        std::fs::write(out, picture).with_context(|| format!("writing {}", out.display()))
    }
}
