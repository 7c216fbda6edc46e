//! The rows of `games.csv` and `scores.csv`, and how one game becomes them.
//! Column names and meanings are documented in `reports/README.md` and
//! `datapackage.json`; this is the only place that builds rows.

use lanke_board::{replay, Replay};
use lanke_judge::Judgement;
use lanke_rules::penalties::{komi_with_penalty, record_time_penalty};
use lanke_rules::recorded::{parse_result, Recorded};
use lanke_rules::tianyi::{komi_with_bids, parse_bids};
use lanke_rules::{score, Family, History, KoRule, KomiMode};
use lanke_sgf::{Color, GameRecord};
use serde::{Deserialize, Serialize, Serializer};

use crate::item::GameItem;
use crate::judging::{
    ended_on_the_board, judge_game, judge_name, spec_for_game, JudgeSpec, Override,
};

/// One row of `games.csv`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    pub seq: u64,
    pub game_id: String,
    pub source: String,
    pub member: String,
    pub collection_index: usize,
    pub status: String,
    pub error: String,
    pub finished: Option<bool>,
    pub black: String,
    pub white: String,
    pub black_rank: String,
    pub white_rank: String,
    pub date: String,
    pub decade: String,
    pub event: String,
    pub collection: String,
    pub size: Option<u8>,
    pub height: Option<u8>,
    pub komi_raw: String,
    #[serde(serialize_with = "optional_number")]
    pub komi: Option<f64>,
    pub komi_form: String,
    pub handicap: Option<u8>,
    pub handicap_source: String,
    pub zuozi: Option<bool>,
    pub rules: String,
    pub result_raw: String,
    pub result_kind: String,
    pub result_winner: String,
    #[serde(serialize_with = "optional_number")]
    pub result_margin: Option<f64>,
    pub result_unit: String,
    pub moves_b: Option<u32>,
    pub moves_w: Option<u32>,
    pub passes_b: Option<u32>,
    pub passes_w: Option<u32>,
    pub captures_b: Option<u32>,
    pub captures_w: Option<u32>,
    pub setup_b: Option<u32>,
    pub setup_w: Option<u32>,
    pub first_player: String,
    pub last_mover: String,
    pub first_double_pass: Option<u32>,
    pub encoding: String,
    pub encoding_step: String,
    pub encoding_note: String,
    pub parse: String,
    pub issues: String,
    pub anomalies: String,
    pub judge: String,
    #[serde(serialize_with = "optional_number")]
    pub judge_confidence: Option<f32>,
    pub judge_basis: String,
    pub dead_b: Option<u32>,
    pub dead_w: Option<u32>,
    pub dame: Option<u32>,
    pub open_border: Option<u32>,
    pub protective_b: Option<u32>,
    pub protective_w: Option<u32>,
    pub groups_b: Option<u32>,
    pub groups_w: Option<u32>,
    pub seki_points: Option<u32>,
}

/// One row of `scores.csv`: a game under one family.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub seq: u64,
    pub game_id: String,
    pub family: String,
    pub unit: String,
    #[serde(serialize_with = "number")]
    pub komi: f64,
    #[serde(serialize_with = "number")]
    pub compensation: f64,
    #[serde(serialize_with = "number")]
    pub black: f64,
    #[serde(serialize_with = "number")]
    pub white: f64,
    #[serde(serialize_with = "number")]
    pub margin: f64,
    /// The least and greatest margin over every reading the judge allows
    /// (both move orders of the ending; unsure chains either way).
    #[serde(serialize_with = "number")]
    pub margin_low: f64,
    #[serde(serialize_with = "number")]
    pub margin_high: f64,
    /// The margin when Black begins the ending and when White does, the
    /// statuses as judged.
    #[serde(serialize_with = "number")]
    pub margin_black_first: f64,
    #[serde(serialize_with = "number")]
    pub margin_white_first: f64,
    pub winner: String,
    pub legality: String,
    pub recorded_winner: String,
    #[serde(serialize_with = "optional_number")]
    pub recorded_margin: Option<f64>,
    pub agrees_with_record: String,
    pub note: String,
}

/// Writes a number with no fractional part as an integer (`6`, not `6.0`):
/// the reports' integers read as integers whatever a reader infers.
/// Other numbers print at their own width's shortest decimal (an f32
/// widened to f64 would print its binary tail: 0.026041657 as
/// 0.026041656732559204).
pub(crate) fn number<T, S>(v: &T, s: S) -> Result<S::Ok, S::Error>
where
    T: Copy + Into<f64> + std::fmt::Display,
    S: Serializer,
{
    let x: f64 = (*v).into();
    if x.fract() == 0.0 && x.abs() < 1e15 {
        // Whole and well inside i64: the cast is exact.
        s.serialize_i64(x as i64)
    } else {
        s.collect_str(v)
    }
}

/// [`number`] for an optional value; `None` is an empty field.
pub(crate) fn optional_number<T, S>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error>
where
    T: Copy + Into<f64> + std::fmt::Display,
    S: Serializer,
{
    match v {
        Some(x) => number(x, s),
        None => s.serialize_none(),
    }
}

/// Everything one game produced.
pub struct GameOutput {
    pub game: GameRow,
    pub scores: Vec<ScoreRow>,
    /// What a diagram draws, kept only when diagrams are wanted.
    pub picture: Option<Picture>,
}

/// What a game's diagram draws: the final board, its judgement, and the
/// record's labels.
pub struct Picture {
    pub board: lanke_board::Board,
    pub judgement: Judgement,
    pub labels: Vec<(lanke_sgf::Point, String)>,
}

/// Which komi a run gives every family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KomiChoice {
    /// Each family's own komi (the winning bid where a 天弈 record states
    /// the bids).
    #[default]
    Native,
    /// The record's `KM`, converted to each family's unit (0 when the
    /// record has none).
    Record,
}

impl KomiChoice {
    /// The names the command line takes, in order.
    pub const NAMES: [&'static str; 2] = ["native", "record"];

    /// The choice a command-line name stands for.
    #[must_use]
    pub fn named(name: &str) -> Option<KomiChoice> {
        match name {
            "native" => Some(KomiChoice::Native),
            "record" => Some(KomiChoice::Record),
            _ => None,
        }
    }
}

/// The run's fixed settings.
pub struct RunSettings {
    pub families: Vec<&'static Family>,
    pub spec: JudgeSpec,
    pub overrides: Vec<Override>,
    pub komi: KomiChoice,
    pub keep_pictures: bool,
}

fn s(o: &Option<String>) -> String {
    o.clone().unwrap_or_default()
}

fn letter(c: Option<Color>) -> String {
    c.map(|c| c.letter().to_string()).unwrap_or_default()
}

/// The collection a game belongs to: the first folder under `games/` (or
/// the archive member's first folder), else the source file's stem.
#[must_use]
pub fn collection_of(source: &str, member: Option<&str>) -> String {
    let path = member.unwrap_or(source);
    let parts: Vec<&str> = path
        .split(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if let Some(i) = parts.iter().position(|p| *p == "games") {
        if parts.len() > i + 2 {
            return parts[i + 1].to_string();
        }
    }
    match parts.len() {
        0 | 1 => String::new(),
        n => parts[n - 2].to_string(),
    }
}

/// The decade of a DT value (`1974-06-27` → `1970s`; `ca. 800` → `800s`).
#[must_use]
pub fn decade_of(date: &str) -> String {
    year_of(date).map_or_else(String::new, |y| format!("{}s", y / 10 * 10))
}

/// The year a `DT` value starts with (its first run of digits, 100..=2100).
#[must_use]
pub fn year_of(date: &str) -> Option<u32> {
    let digits: String = date
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse::<u32>()
        .ok()
        .filter(|y| (100..=2100).contains(y))
}

fn recorded_fields(raw: &str) -> (Recorded, String, String, Option<f64>, String) {
    let r = parse_result(raw);
    let (winner, margin, unit) = match &r {
        Recorded::Win {
            winner,
            margin,
            unit,
            ..
        } => (
            winner.map(|w| w.letter().to_string()).unwrap_or_default(),
            *margin,
            unit.map(|u| u.as_str().to_string()).unwrap_or_default(),
        ),
        Recorded::Draw => ("draw".to_string(), Some(0.0), String::new()),
        _ => (String::new(), None, String::new()),
    };
    let kind = r.kind().to_string();
    (r, kind, winner, margin, unit)
}

/// Builds the rows of one game (or its error row).
pub fn process(
    seq: u64,
    item: &GameItem,
    settings: &RunSettings,
    engine: Option<&mut lanke_gtp::GtpEngine>,
) -> GameOutput {
    let id = &item.id;
    let mut row = GameRow {
        seq,
        game_id: id.to_string(),
        source: id.source.clone(),
        member: id.member.clone().unwrap_or_default(),
        collection_index: id.index,
        collection: collection_of(&id.source, id.member.as_deref()),
        ..GameRow::default()
    };
    if let Some(f) = &item.file {
        row.encoding = f.encoding.to_string();
        row.encoding_step = f.decode_step.as_str().to_string();
        row.encoding_note = f.decode_note.clone().unwrap_or_default();
    }
    let record = match &item.game {
        Ok(r) => r,
        Err(e) => {
            row.status = "error".to_string();
            row.error = e.clone();
            return GameOutput {
                game: row,
                scores: Vec::new(),
                picture: None,
            };
        }
    };
    let r = replay(record);
    fill_record_fields(&mut row, record, &r);
    // A game that ended by resignation, time, forfeit or a stated unknown
    // result leaves a mid-game position: it is judged as an estimate with
    // few playouts and no dame filling (`Stage::MidGame`: its open points
    // go to the side the playouts clearly give them, the rest stay dame).
    let finished = ended_on_the_board(&row.result_raw, &r);
    row.finished = Some(finished);
    let spec = spec_for_game(&settings.spec, finished);
    let judged = judge_game(&row.game_id, record, &r, &spec, &settings.overrides, engine);
    let j = match judged {
        Ok(j) => j,
        Err(e) => {
            row.status = "error".to_string();
            row.error = format!("judgement: {e}");
            return GameOutput {
                game: row,
                scores: Vec::new(),
                picture: None,
            };
        }
    };
    let readings = crate::readings::readings(&r, &j, record.info.handicap.stones);
    let q = &readings.point;
    row.status = if record.lenient() { "lenient" } else { "ok" }.to_string();
    row.judge = judge_name(&spec, &j);
    row.judge_confidence = Some(j.confidence);
    row.judge_basis = j.basis.as_str().to_string();
    row.dead_b = Some(j.dead[0].len() as u32);
    row.dead_w = Some(j.dead[1].len() as u32);
    row.dame = Some(q.dame_before_fill);
    row.open_border = Some(q.open_border);
    row.protective_b = Some(q.protective[0]);
    row.protective_w = Some(q.protective[1]);
    row.groups_b = Some(q.groups[0]);
    row.groups_w = Some(q.groups[1]);
    row.seki_points = Some(q.shared + q.seki_eyes[0] + q.seki_eyes[1]);
    let (recorded, ..) = recorded_fields(record.info.result.as_deref().unwrap_or(""));
    let komi_mode = match (settings.komi == KomiChoice::Record, record.info.komi.points) {
        (true, Some(k)) => KomiMode::Record(k),
        (true, None) => KomiMode::Record(0.0),
        (false, _) => KomiMode::Native,
    };
    let bids = record.info.game_comment.as_deref().and_then(parse_bids);
    let penalty = record_time_penalty(record);
    // One verdict per distinct ko and suicide rule among the families.
    let history = History::new(&r);
    let mut verdicts: Vec<((KoRule, bool), String)> = Vec::new();
    for f in &settings.families {
        let k = (f.ko, f.suicide_legal);
        if !verdicts.iter().any(|(v, _)| *v == k) {
            verdicts.push((k, history.verdict(f.ko, f.suicide_legal).label()));
        }
    }
    let scores = settings
        .families
        .iter()
        .map(|f| {
            let (komi_mode, bid_note) = komi_with_bids(f, komi_mode, bids.as_ref());
            let (komi_mode, penalty_note) = komi_with_penalty(komi_mode, penalty);
            let mut sc = score(f, q, komi_mode);
            let range = readings.range(f, komi_mode);
            let [margin_black_first, margin_white_first] = readings.by_first_to_fill(f, komi_mode);
            for n in [bid_note, penalty_note].into_iter().flatten() {
                sc.note = if sc.note.is_empty() {
                    n
                } else {
                    format!("{n}; {}", sc.note)
                };
            }
            let agrees = match (&recorded, sc.outcome) {
                (
                    Recorded::Win {
                        winner: Some(winner),
                        ..
                    },
                    o,
                ) => boolean(o.as_str() == winner.letter().to_string()),
                (Recorded::Draw, o) => boolean(o == lanke_rules::Outcome::Draw),
                _ => String::new(),
            };
            ScoreRow {
                seq,
                game_id: row.game_id.clone(),
                family: f.id.to_string(),
                unit: f.unit.as_str().to_string(),
                komi: sc.komi,
                compensation: sc.compensation,
                black: sc.black,
                white: sc.white,
                margin: sc.margin,
                margin_low: range.open.0,
                margin_high: range.open.1,
                margin_black_first,
                margin_white_first,
                winner: sc.outcome.as_str().to_string(),
                legality: verdicts
                    .iter()
                    .find(|(k, _)| *k == (f.ko, f.suicide_legal))
                    .map(|(_, v)| v.clone())
                    .unwrap_or_default(),
                recorded_winner: row.result_winner.clone(),
                recorded_margin: row.result_margin,
                agrees_with_record: agrees,
                note: sc.note,
            }
        })
        .collect();
    GameOutput {
        game: row,
        scores,
        picture: settings.keep_pictures.then(|| Picture {
            board: r.board.clone(),
            judgement: j,
            labels: record.labels.clone(),
        }),
    }
}

/// A boolean cell: `true` or `false`, as every boolean column writes it.
fn boolean(b: bool) -> String {
    b.to_string()
}

fn fill_record_fields(row: &mut GameRow, record: &GameRecord, r: &Replay) {
    let i = &record.info;
    row.black = s(&i.black);
    row.white = s(&i.white);
    row.black_rank = s(&i.black_rank);
    row.white_rank = s(&i.white_rank);
    row.date = s(&i.date);
    row.decade = decade_of(&row.date);
    row.event = s(&i.event);
    row.size = Some(record.width);
    row.height = Some(record.height);
    row.komi_raw = s(&i.komi.raw);
    row.komi = i.komi.points;
    row.komi_form = i.komi.form.as_str().to_string();
    row.handicap = Some(i.handicap.stones);
    row.handicap_source = i.handicap.source.as_str().to_string();
    row.zuozi = Some(i.handicap.zuozi);
    row.rules = s(&i.rules);
    row.result_raw = s(&i.result);
    let (_, kind, winner, margin, unit) = recorded_fields(&row.result_raw);
    row.result_kind = kind;
    row.result_winner = winner;
    row.result_margin = margin;
    row.result_unit = unit;
    let t = &r.tally;
    row.moves_b = Some(t.moves[0]);
    row.moves_w = Some(t.moves[1]);
    row.passes_b = Some(t.passes[0]);
    row.passes_w = Some(t.passes[1]);
    row.captures_b = Some(t.captures[0]);
    row.captures_w = Some(t.captures[1]);
    row.setup_b = Some(t.setup[0]);
    row.setup_w = Some(t.setup[1]);
    row.first_player = letter(t.first_player);
    row.last_mover = letter(t.last_mover);
    row.first_double_pass = t.first_double_pass;
    row.parse = if record.lenient() {
        "lenient"
    } else {
        "strict"
    }
    .to_string();
    row.issues = record
        .issues
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    row.anomalies = r
        .anomalies
        .iter()
        .map(|a| format!("{}@{}", a.kind.as_str(), a.move_number))
        .collect::<Vec<_>>()
        .join(";");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collections_and_decades() {
        assert_eq!(
            collection_of("data/cwi-games.tar.gz", Some("games/Kisei/01/1.sgf")),
            "Kisei"
        );
        assert_eq!(
            collection_of(
                "data/cwi-games.tar.gz",
                Some("games/ancient/old_chinese/2.sgf")
            ),
            "ancient"
        );
        assert_eq!(
            collection_of("data/classics/lanke-paused.sgf", None),
            "classics"
        );
        assert_eq!(decade_of("1974-06-27"), "1970s");
        assert_eq!(decade_of("ca. 800"), "800s");
        assert_eq!(decade_of("850+"), "850s");
        assert_eq!(decade_of(""), "");
    }
}
