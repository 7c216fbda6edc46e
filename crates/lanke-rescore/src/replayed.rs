//! A replayed game as plain data: its record's information, tallies,
//! anomalies and final position (the line `lanke replay --json` prints), for
//! the replay command and a notebook binding alike.

use lanke_board::Replay;
use lanke_sgf::{Color, GameRecord};
use serde::Serialize;

use crate::item::{FileMeta, GameItem};
use crate::judged::PerColor;

#[derive(Serialize)]
pub struct AnomalyJson {
    pub move_number: u32,
    pub node: u32,
    pub color: String,
    pub point: Option<String>,
    pub kind: &'static str,
    pub message: String,
}

#[derive(Serialize)]
pub struct KomiJson<'a> {
    pub raw: Option<&'a str>,
    pub points: Option<f64>,
    pub form: &'static str,
}

#[derive(Serialize)]
pub struct HandicapJson<'a> {
    pub stones: u8,
    pub source: &'static str,
    pub raw: Option<&'a str>,
    pub zuozi: bool,
}

#[derive(Serialize)]
pub struct InfoJson<'a> {
    pub black: Option<&'a str>,
    pub white: Option<&'a str>,
    pub black_rank: Option<&'a str>,
    pub white_rank: Option<&'a str>,
    pub date: Option<&'a str>,
    pub event: Option<&'a str>,
    pub round: Option<&'a str>,
    pub place: Option<&'a str>,
    pub result: Option<&'a str>,
    pub rules: Option<&'a str>,
    pub komi: KomiJson<'a>,
    pub handicap: HandicapJson<'a>,
}

/// One replayed game (`lanke replay --json`'s line).
#[derive(Serialize)]
pub struct GameJson<'a> {
    pub game_id: String,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding_step: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding_declared: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding_note: Option<&'a str>,
    /// Points across; `height` points down (equal on a square board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<InfoJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captures: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_mover: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_double_pass: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anomalies: Option<Vec<AnomalyJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_position: Option<Vec<String>>,
}

fn color_str(c: Option<Color>) -> Option<String> {
    c.map(|c| c.letter().to_string())
}

/// The file's and the record's issues, as the reports word them.
pub fn issues_of(file: Option<&FileMeta>, record: Option<&GameRecord>) -> Vec<String> {
    let mut v: Vec<String> = file.map(|f| f.file_issues.clone()).unwrap_or_default();
    if let Some(r) = record {
        v.extend(r.issues.iter().map(ToString::to_string));
    }
    v
}

/// The replayed game of `item` (`played`: its record and replay, when it
/// could be read).
#[must_use]
pub fn game_json<'a>(
    item: &'a GameItem,
    played: Option<(&'a GameRecord, &'a Replay)>,
) -> GameJson<'a> {
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
