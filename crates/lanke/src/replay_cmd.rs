//! `lanke replay`: per game, the info, tallies, anomalies and final position,
//! as text or JSON Lines, and closing counts on standard error.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use lanke_board::{replay, Replay};
use lanke_sgf::{Color, GameRecord};

use crate::output::write_each_game;
use lanke_rescore::item::GameItem;
use lanke_rescore::replayed::{game_json, issues_of};

#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Output {
    Text,
    Json,
    Summary,
}

#[derive(Default)]
struct Counts {
    games: u64,
    ok: u64,
    lenient: u64,
    errors: u64,
    with_anomalies: u64,
    anomalies: u64,
}

fn write_text(
    w: &mut impl Write,
    item: &GameItem,
    played: Option<(&GameRecord, &Replay)>,
) -> io::Result<()> {
    writeln!(w, "== {}", item.id)?;
    let Some((record, r)) = played else {
        return writeln!(
            w,
            "error: {}\n",
            item.game.as_ref().err().map_or("", String::as_str)
        );
    };
    let i = &record.info;
    let f = item.file.as_deref();
    let show = |o: &Option<String>| o.clone().unwrap_or_else(|| "?".into());
    writeln!(
        w,
        "{} (B{}) vs {} (W{}); {}; {}",
        show(&i.black),
        i.black_rank
            .as_ref()
            .map(|r| format!(" {r}"))
            .unwrap_or_default(),
        show(&i.white),
        i.white_rank
            .as_ref()
            .map(|r| format!(" {r}"))
            .unwrap_or_default(),
        show(&i.date),
        show(&i.event)
    )?;
    writeln!(
        w,
        "size {}; result {}; komi {} ({}); handicap {} ({}){}{}",
        if record.width == record.height {
            record.size.to_string()
        } else {
            format!("{}:{}", record.width, record.height)
        },
        show(&i.result),
        i.komi
            .points
            .map_or_else(|| "unknown".to_string(), |k| k.to_string()),
        i.komi.form.as_str(),
        i.handicap.stones,
        i.handicap.source.as_str(),
        if i.handicap.zuozi {
            "; 座子 (four pre-placed stones)"
        } else {
            ""
        },
        i.rules
            .as_ref()
            .map(|r| format!("; rules {r}"))
            .unwrap_or_default(),
    )?;
    if let Some(f) = f {
        writeln!(
            w,
            "encoding {} (by {}){}; parse {}",
            f.encoding,
            f.decode_step.as_str(),
            f.decode_note
                .as_ref()
                .map(|n| format!(" — {n}"))
                .unwrap_or_default(),
            if record.lenient() {
                "lenient"
            } else {
                "strict"
            }
        )?;
    }
    let t = &r.tally;
    let c = |o: Option<Color>| o.map_or("-".to_string(), |c| c.letter().to_string());
    writeln!(
        w,
        "moves B {} W {}; passes B {} W {}; captured by B {} by W {}; setup B {} W {}",
        t.moves[0],
        t.moves[1],
        t.passes[0],
        t.passes[1],
        t.captures[0],
        t.captures[1],
        t.setup[0],
        t.setup[1]
    )?;
    writeln!(
        w,
        "first to move {}; last on-board move {}; last move {}; first two passes at {}",
        c(t.first_player),
        c(t.last_mover),
        c(t.last_player),
        t.first_double_pass
            .map_or("-".to_string(), |n| format!("move {n}"))
    )?;
    for a in &r.anomalies {
        writeln!(w, "anomaly: {a}")?;
    }
    for issue in issues_of(f, Some(record)) {
        writeln!(w, "issue: {issue}")?;
    }
    writeln!(w, "{}", r.board.diagram())
}

/// Runs the command; closing counts go to standard error.
pub(crate) fn run(paths: &[PathBuf], mode: Output) -> Result<()> {
    let mut counts = Counts::default();
    let complete = write_each_game(paths, None, |w, item| {
        counts.games += 1;
        let played = item.game.as_ref().ok().map(|g| (g, replay(g)));
        match &played {
            None => counts.errors += 1,
            Some((g, r)) => {
                counts.ok += 1;
                counts.lenient += u64::from(g.lenient());
                counts.with_anomalies += u64::from(!r.anomalies.is_empty());
                counts.anomalies += r.anomalies.len() as u64;
            }
        }
        let played_ref = played.as_ref().map(|(g, r)| (*g, r));
        match mode {
            Output::Summary => Ok(()),
            Output::Text => write_text(w, &item, played_ref),
            Output::Json => serde_json::to_writer(&mut *w, &game_json(&item, played_ref))
                .map_err(io::Error::from)
                .and_then(|()| w.write_all(b"\n")),
        }
    })?;
    if !complete {
        return Ok(());
    }
    eprintln!(
        "{} games: {} replayed ({} strict, {} lenient), {} errors; {} games with anomalies ({} anomalies)",
        counts.games,
        counts.ok,
        counts.ok - counts.lenient,
        counts.lenient,
        counts.errors,
        counts.with_anomalies,
        counts.anomalies
    );
    Ok(())
}
