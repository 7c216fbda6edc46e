//! `lanke replay`: per game, the info, tallies, anomalies and final position,
//! as text or JSON Lines, and closing counts on standard error.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use lanke_board::{replay, Replay};
use lanke_sgf::{Color, GameRecord};
use serde::Serialize;

use crate::output::{write_each_game, PerColor};
use lanke_rescore::item::{FileMeta, GameItem};

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

#[derive(Serialize)]
struct AnomalyJson {
    move_number: u32,
    node: u32,
    color: String,
    point: Option<String>,
    kind: &'static str,
    message: String,
}

#[derive(Serialize)]
struct KomiJson<'a> {
    raw: Option<&'a str>,
    points: Option<f64>,
    form: &'static str,
}

#[derive(Serialize)]
struct HandicapJson<'a> {
    stones: u8,
    source: &'static str,
    raw: Option<&'a str>,
    zuozi: bool,
}

#[derive(Serialize)]
struct InfoJson<'a> {
    black: Option<&'a str>,
    white: Option<&'a str>,
    black_rank: Option<&'a str>,
    white_rank: Option<&'a str>,
    date: Option<&'a str>,
    event: Option<&'a str>,
    round: Option<&'a str>,
    place: Option<&'a str>,
    result: Option<&'a str>,
    rules: Option<&'a str>,
    komi: KomiJson<'a>,
    handicap: HandicapJson<'a>,
}

#[derive(Serialize)]
struct GameJson<'a> {
    game_id: String,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding_step: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding_declared: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding_note: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Points across; `height` points down (equal on a square board).
    size: Option<u8>,
    height: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    info: Option<InfoJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    passes: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    captures: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    setup: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_mover: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_double_pass: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    anomalies: Option<Vec<AnomalyJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    issues: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    final_position: Option<Vec<String>>,
}

fn color_str(c: Option<Color>) -> Option<String> {
    c.map(|c| c.letter().to_string())
}

fn issues_of(file: Option<&FileMeta>, record: Option<&GameRecord>) -> Vec<String> {
    let mut v: Vec<String> = file.map(|f| f.file_issues.clone()).unwrap_or_default();
    if let Some(r) = record {
        v.extend(r.issues.iter().map(ToString::to_string));
    }
    v
}

fn game_json<'a>(item: &'a GameItem, played: Option<(&'a GameRecord, &'a Replay)>) -> GameJson<'a> {
    let file = item.file.as_deref();
    let mut out = GameJson {
        game_id: item.id.to_string(),
        status: "error",
        error: item.game.as_ref().err().map(String::as_str),
        encoding: file.map(|f| f.encoding),
        encoding_step: file.map(|f| f.decode_step.as_str()),
        encoding_declared: file.and_then(|f| f.declared_charset.as_deref()),
        encoding_note: file.and_then(|f| f.decode_note.as_deref()),
        size: None,
        height: None,
        info: None,
        first_player: None,
        moves: None,
        passes: None,
        captures: None,
        setup: None,
        last_mover: None,
        last_player: None,
        first_double_pass: None,
        anomalies: None,
        issues: None,
        final_position: None,
    };
    let Some((record, r)) = played else {
        return out;
    };
    let i = &record.info;
    out.status = if record.lenient() { "lenient" } else { "ok" };
    out.size = Some(record.width);
    out.height = Some(record.height);
    out.info = Some(InfoJson {
        black: i.black.as_deref(),
        white: i.white.as_deref(),
        black_rank: i.black_rank.as_deref(),
        white_rank: i.white_rank.as_deref(),
        date: i.date.as_deref(),
        event: i.event.as_deref(),
        round: i.round.as_deref(),
        place: i.place.as_deref(),
        result: i.result.as_deref(),
        rules: i.rules.as_deref(),
        komi: KomiJson {
            raw: i.komi.raw.as_deref(),
            points: i.komi.points,
            form: i.komi.form.as_str(),
        },
        handicap: HandicapJson {
            stones: i.handicap.stones,
            source: i.handicap.source.as_str(),
            raw: i.handicap.raw.as_deref(),
            zuozi: i.handicap.zuozi,
        },
    });
    let t = &r.tally;
    out.first_player = color_str(t.first_player);
    out.moves = Some((&t.moves).into());
    out.passes = Some((&t.passes).into());
    out.captures = Some((&t.captures).into());
    out.setup = Some((&t.setup).into());
    out.last_mover = color_str(t.last_mover);
    out.last_player = color_str(t.last_player);
    out.first_double_pass = t.first_double_pass;
    out.anomalies = Some(
        r.anomalies
            .iter()
            .map(|a| AnomalyJson {
                move_number: a.move_number,
                node: a.node,
                color: a.color.letter().to_string(),
                point: a.point.map(|p| p.to_sgf()),
                kind: a.kind.as_str(),
                message: a.to_string(),
            })
            .collect(),
    );
    out.issues = Some(issues_of(file, Some(record)));
    out.final_position = Some(r.board.diagram().lines().map(str::to_string).collect());
    out
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
