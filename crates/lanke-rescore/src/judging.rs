//! Which judgement a game gets, in the brief's order: the record's own marks
//! (TB/TW), then a user's overrides file, then the chosen judge (built-in or
//! an engine over GTP, or the built-in judge with an engine consulted where
//! it is unsure); and none for a record with no stone on its board
//! (`no_position`). A game that did not end on the board (resigned, time,
//! forfeit) gets the built-in judge's mid-game estimate instead
//! (`spec_for_game`), the same in `batch`, `score` and `judge`. Also the
//! overrides file format.
//!
//! Overrides file: one line per game, `#` starts a comment:
//!
//! ```text
//! # game key                              what follows each word is SGF points
//! games/ancient/old_chinese/2.sgf#0       dead oi pl qj ab ad bc if jf kf lf lg
//! my-game.sgf#0                           dead cf  seki ja jb
//! ```
//!
//! A key matches every game id that ends with it (`lanke replay` prints ids).
//! A `#` starts a comment only at the start of a line or after a space.

use lanke_board::{next_to_move, Replay};
use lanke_gtp::{GtpEngine, GtpError};
use lanke_judge::{judge_final, JudgeOptions, Judgement, StatusSource};
use lanke_sgf::{GameRecord, Point};

/// The judge a run uses after marks and overrides.
#[derive(Clone, Debug)]
pub enum JudgeSpec {
    Builtin(JudgeOptions),
    /// An engine command line, e.g. `/usr/games/gnugo --mode gtp`.
    Gtp(String),
    /// The built-in judge, with the engine's dead and seki lists taken
    /// instead wherever the built-in judgement's confidence is below
    /// [`CONSULT_BELOW`] (what the reports call uncertain).
    Consult(JudgeOptions, String),
}

/// Playouts of the built-in judge for a game that did not end on the board.
pub const UNFINISHED_PLAYOUTS: u32 = 8;

/// Did the game end on the board? A record that states a resignation,
/// time, forfeit or an unknown result leaves a mid-game position, unless
/// it ended by two passes; a record with no result at all (a diagram, a
/// position to judge) counts as finished.
#[must_use]
pub fn ended_on_the_board(result_raw: &str, r: &Replay) -> bool {
    // An empty result reads as unknown, but a record without one is a
    // diagram or a position to judge, not a game stopped early.
    let stopped_early =
        !result_raw.is_empty() && lanke_rules::recorded::parse_result(result_raw).stopped_early();
    !stopped_early || r.tally.first_double_pass.is_some()
}

pub use lanke_judge::UNFINISHED_DAME;

/// Did the record stop plainly before the end: more than
/// [`UNFINISHED_DAME`] neutral points left, or under 100 moves?
#[must_use]
pub fn unfinished(dame_before_fill: u32, moves: u32) -> bool {
    dame_before_fill > UNFINISHED_DAME || moves < 100
}

/// The judge for one game: `spec` for a finished game; for a mid-game
/// position the built-in judge's quick estimate (`Stage::MidGame` with
/// [`UNFINISHED_PLAYOUTS`]), and no engine is consulted either.
#[must_use]
pub fn spec_for_game(spec: &JudgeSpec, finished: bool) -> JudgeSpec {
    match spec {
        JudgeSpec::Builtin(o) | JudgeSpec::Consult(o, _) if !finished => {
            JudgeSpec::Builtin(JudgeOptions {
                playouts: o.playouts.min(UNFINISHED_PLAYOUTS),
                seed: o.seed,
                stage: lanke_judge::Stage::MidGame,
                ending: o.ending,
            })
        }
        other => other.clone(),
    }
}

/// How a game's judge is named in reports: a mid-game estimate by the
/// built-in judge says so.
#[must_use]
pub fn judge_name(spec: &JudgeSpec, j: &Judgement) -> String {
    match spec {
        JudgeSpec::Builtin(o)
            if o.stage == lanke_judge::Stage::MidGame && j.source == "builtin" =>
        {
            format!("builtin ({} playouts, estimate, unfinished)", o.playouts)
        }
        _ => j.source.clone(),
    }
}

/// The built-in confidence below which `builtin+gtp:` asks the engine: the
/// reports' line between a sure judgement and an uncertain one.
pub const CONSULT_BELOW: f32 = 0.5;

impl JudgeSpec {
    /// Parses `builtin`, `gtp:COMMAND` or `builtin+gtp:COMMAND`.
    pub fn parse(text: &str, opts: JudgeOptions) -> Result<JudgeSpec, SpecError> {
        let engine = |cmd: &str, prefix: &'static str| {
            let cmd = cmd.trim();
            if cmd.is_empty() {
                return Err(SpecError::NoCommand { prefix });
            }
            Ok(cmd.to_string())
        };
        if text == "builtin" {
            Ok(JudgeSpec::Builtin(opts))
        } else if let Some(cmd) = text.strip_prefix("gtp:") {
            Ok(JudgeSpec::Gtp(engine(cmd, "gtp:")?))
        } else if let Some(cmd) = text.strip_prefix("builtin+gtp:") {
            Ok(JudgeSpec::Consult(opts, engine(cmd, "builtin+gtp:")?))
        } else {
            Err(SpecError::Unknown(text.to_string()))
        }
    }
}

/// A `--judge` value that names no judge.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error(
        "--judge {prefix} needs an engine command, e.g. {prefix}'/usr/games/gnugo --mode gtp'"
    )]
    NoCommand { prefix: &'static str },
    #[error("--judge takes `builtin`, `gtp:COMMAND` or `builtin+gtp:COMMAND`, not `{0}`")]
    Unknown(String),
}

/// A line of an overrides file that cannot be read (lines count from 1).
#[derive(Debug, thiserror::Error)]
pub enum OverridesError {
    #[error("line {line}: `{word}` is not an SGF point")]
    NotAPoint { line: usize, word: String },
    #[error("line {line}: `{word}` comes before `dead` or `seki`")]
    PointBeforeList { line: usize, word: String },
}

/// One override line.
#[derive(Clone, Debug, PartialEq)]
pub struct Override {
    pub key: String,
    pub dead: Vec<Point>,
    /// `None` when the line has no `seki` list: the judge finds the sekis.
    pub seki: Option<Vec<Point>>,
}

/// Parses the overrides format.
pub fn parse_overrides(text: &str) -> Result<Vec<Override>, OverridesError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        // `#` starts a comment only at the start of a word: game ids hold `#`.
        let line = match line.trim_start().starts_with('#') {
            true => "",
            false => line.split(" #").next().unwrap_or("").trim(),
        };
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let key = words.next().expect("non-empty line").to_string();
        let mut o = Override {
            key,
            dead: Vec::new(),
            seki: None,
        };
        let mut list: Option<&str> = None;
        for w in words {
            match w {
                "dead" => list = Some(w),
                "seki" => {
                    list = Some(w);
                    o.seki.get_or_insert_with(Vec::new);
                }
                coord => {
                    let p = Point::from_sgf(coord).ok_or_else(|| OverridesError::NotAPoint {
                        line: n + 1,
                        word: coord.to_string(),
                    })?;
                    match list {
                        Some("dead") => o.dead.push(p),
                        Some("seki") => o.seki.get_or_insert_with(Vec::new).push(p),
                        _ => {
                            return Err(OverridesError::PointBeforeList {
                                line: n + 1,
                                word: coord.to_string(),
                            })
                        }
                    }
                }
            }
        }
        out.push(o);
    }
    Ok(out)
}

/// The record's territory marks (`TB`/`TW` of its last marked node) as a
/// position counted as marked. `None` when the record marks nothing.
fn from_marks(record: &GameRecord) -> Option<StatusSource> {
    let [tb, tw] = &record.territory_marks;
    if tb.is_empty() && tw.is_empty() {
        return None;
    }
    Some(StatusSource::Marked {
        territory: [tb.clone(), tw.clone()],
    })
}

/// Judges one replayed game. `engine` is the GTP engine when the spec asks for one.
pub fn judge_game(
    game_id: &str,
    record: &GameRecord,
    r: &Replay,
    spec: &JudgeSpec,
    overrides: &[Override],
    engine: Option<&mut GtpEngine>,
) -> Result<Judgement, String> {
    if let Some(why) = no_position(r) {
        return Err(why);
    }
    let to_move = next_to_move(record, r);
    let opts = match spec {
        JudgeSpec::Builtin(o) | JudgeSpec::Consult(o, _) => o.clone(),
        JudgeSpec::Gtp(_) => JudgeOptions::default(),
    };
    // The engine's errors name its command already.
    let ask_engine = |e: &mut GtpEngine, origin: String| {
        let (dead, seki) = e
            .statuses(&r.board, to_move)
            .map_err(|err| err.to_string())?;
        Ok::<_, String>(StatusSource::Given {
            origin,
            dead,
            seki: Some(seki),
        })
    };
    let source = if let Some(o) = overrides.iter().find(|o| game_id.ends_with(&o.key)) {
        StatusSource::Given {
            origin: "overrides".to_string(),
            dead: o.dead.clone(),
            seki: o.seki.clone(),
        }
    } else if let Some(marks) = from_marks(record) {
        marks
    } else {
        match (spec, engine) {
            (JudgeSpec::Builtin(_), _) => StatusSource::Builtin,
            (JudgeSpec::Gtp(cmd), Some(e)) => ask_engine(e, format!("gtp:{cmd}"))?,
            (JudgeSpec::Consult(_, cmd), Some(e)) => {
                let own = judge_final(record, r, &StatusSource::Builtin, &opts);
                if own.confidence >= CONSULT_BELOW {
                    return Ok(own);
                }
                let origin = format!("gtp:{cmd} (built-in confidence {:.2})", own.confidence);
                ask_engine(e, origin)?
            }
            (JudgeSpec::Gtp(cmd) | JudgeSpec::Consult(_, cmd), None) => {
                return Err(format!("engine `{cmd}` is not running"))
            }
        }
    };
    Ok(judge_final(record, r, &source, &opts))
}

/// Why a replayed record holds no position to judge, if it does not: no
/// stone stands on its final board (no moves and no setup stones, as in
/// the CWI archive's `Cho_Chikun/missing` files, which keep only the
/// header and the result). Judged anyway, the empty board was filled point
/// by point and scored as if it had been played.
#[must_use]
pub fn no_position(r: &Replay) -> Option<String> {
    let empty = r
        .board
        .points()
        .all(|i| r.board.cell(i) == lanke_board::Cell::Empty);
    empty.then(|| {
        "no stone on the final board (the record has no moves or setup stones): \
         no position to judge"
            .to_string()
    })
}

/// Starts the engine a spec needs (none for the built-in judge).
pub fn start_engine(spec: &JudgeSpec) -> Result<Option<GtpEngine>, GtpError> {
    match spec {
        JudgeSpec::Builtin(_) => Ok(None),
        JudgeSpec::Gtp(cmd) | JudgeSpec::Consult(_, cmd) => Ok(Some(GtpEngine::spawn(cmd)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_parse_and_errors_name_the_line() {
        let o =
            parse_overrides("# c\nold_chinese/2.sgf#0 dead oi pl  seki ja\n\nx.sgf#1 dead cf\n")
                .unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(
            o[0].dead,
            [
                Point::from_sgf("oi").unwrap(),
                Point::from_sgf("pl").unwrap()
            ]
        );
        assert_eq!(o[0].seki, Some(vec![Point::from_sgf("ja").unwrap()]));
        // A line without `seki` leaves the sekis to the judge; `seki` with
        // no point says there is none.
        assert_eq!(o[1].seki, None);
        let none = parse_overrides("y.sgf#0 dead cf seki\n").unwrap();
        assert_eq!(none[0].seki, Some(Vec::new()));
        let e = parse_overrides("a.sgf#0 dead zz9").unwrap_err();
        assert!(format!("{e:#}").contains("line 1"), "{e:#}");
        let e = parse_overrides("a.sgf#0 oi").unwrap_err();
        assert!(format!("{e:#}").contains("before `dead`"));
    }
}
