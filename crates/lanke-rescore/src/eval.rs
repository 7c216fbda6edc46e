//! The measurement `lanke eval` makes, one game at a time: which records
//! it takes (19x19, one game per file, no handicap, a counted result whose
//! fraction agrees with the komi), the rescoring of one under the family
//! of its rules with the record's komi, the heuristic cause of a miss, the
//! record cut before its last moves (`--cut-ending`) and the deterministic
//! sample. Running the set, engines and the summary are the binary's.

use std::path::{Path, PathBuf};

use lanke_board::replay;
use lanke_rules::penalties::record_time_penalty;
use lanke_rules::{family, points_family, score, KomiMode, Quantities};
use lanke_sgf::{Event, GameRecord};

use crate::item::GameId;
use crate::judging::{judge_game, no_position, unfinished, JudgeSpec, Override};

/// A recorded counted margin, Black minus White (points).
#[must_use]
pub fn recorded_margin(result: &str) -> Option<f64> {
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

/// A record `lanke eval` takes: its counted margin (Black minus White,
/// points), its komi, the time penalties the record awards (points given
/// to White, `lanke_rules::penalties`; its count includes them as it does
/// the komi) and the points family it was counted under (`points_family`:
/// its `RU`, else its komi).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalCase {
    pub recorded: f64,
    pub komi: f64,
    pub penalty: f64,
    pub family: &'static str,
}

/// The case a record makes, if `lanke eval` takes it (`games_in_file`:
/// the games of its file).
#[must_use]
pub fn eligible(record: &GameRecord, games_in_file: usize) -> Option<EvalCase> {
    if games_in_file != 1
        || (record.width, record.height) != (19, 19)
        || record.info.handicap.stones != 0
    {
        return None;
    }
    let margin = recorded_margin(record.info.result.as_deref()?)?;
    let komi = record.info.komi.points?;
    let penalty = record_time_penalty(record).unwrap_or(0.0);
    let counted = komi + penalty;
    if (margin.abs().fract() - counted.abs().fract()).abs() > 1e-9 {
        return None;
    }
    Some(EvalCase {
        recorded: margin,
        komi,
        penalty,
        family: points_family(record.info.rules.as_deref(), Some(komi)),
    })
}

/// One rescored game.
#[derive(Debug, Clone, serde::Serialize)]
pub struct EvalRow {
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
pub const ENGINE_ERROR: &str = "engine error";

impl EvalRow {
    /// The row of a game with no rescoring (its cause, neutral points,
    /// moves and engine error still to say): it stays in the measured set
    /// as a miss.
    #[must_use]
    pub fn unscored(game_id: String, rules: &'static str, komi: f64, recorded: f64) -> EvalRow {
        EvalRow {
            game_id,
            rules,
            komi,
            recorded,
            rescored: f64::NAN,
            exact: false,
            low: f64::NAN,
            high: f64::NAN,
            check: "",
            cause: "",
            confidence: 0.0,
            dame_before_fill: 0,
            protective: 0,
            seki_points: 0,
            moves: 0,
            engine: None,
            engine_exact: None,
            engine_error: None,
            uncut_exact: None,
        }
    }

    /// Was the game played out far enough for its margin to be
    /// reproducible?
    #[must_use]
    pub fn played_out(&self) -> bool {
        !unfinished(self.dame_before_fill, self.moves)
    }
}

/// Heuristic cause of a miss, in this order: the rule (a game with an
/// area-counting komi, 7.5 or 8, whose `RU` names Japanese rules, that
/// Chinese counting reproduces exactly); a record plainly
/// stopped before the end (more than [`crate::judging::UNFINISHED_DAME`] neutral points, or
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

/// One rescored game: judged by `spec` (with `overrides`; `engine` when
/// the judge is one), scored under the family of its rules with the
/// record's komi, and set beside `scorer`'s own result when given. An
/// error only where the built-in judge fails; an engine's failure is the
/// row's `engine error`.
pub fn rescore(
    id: &GameId,
    record: &GameRecord,
    case: &EvalCase,
    spec: &JudgeSpec,
    overrides: &[Override],
    engine: Option<&mut lanke_gtp::GtpEngine>,
    scorer: Option<&mut lanke_gtp::GtpEngine>,
) -> Result<EvalRow, String> {
    let EvalCase {
        recorded,
        komi,
        penalty,
        family: family_id,
    } = *case;
    // The count the record states: its komi and its stated penalties.
    let counted = KomiMode::Record(komi + penalty);
    let fam = family(family_id).expect("points family in table");
    let r = replay(record);
    // A game with no rescoring stays in the measured set as a miss.
    let unscored =
        |cause: &'static str, dame_before_fill: u32, moves: u32, engine_error: Option<String>| {
            EvalRow {
                cause,
                dame_before_fill,
                moves,
                engine_error,
                ..EvalRow::unscored(id.to_string(), fam.id, komi, recorded)
            }
        };
    // A record with no stone on its board (moves missing from the archive):
    // the record is incomplete, and there is no rescoring to show.
    if no_position(&r).is_some() {
        let points = u32::from(record.width) * u32::from(record.height);
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
    let (engine_margin, engine_error) = match scorer.map(|e| e.final_score(record, komi + penalty))
    {
        Some(Ok(m)) => (Some(m), None),
        Some(Err(e)) => (None, Some(e.to_string())),
        None => (None, None),
    };
    let readings = crate::readings::readings(&r, &j, 0);
    let q = &readings.point;
    let s = score(fam, q, counted);
    let exact = (s.margin - recorded).abs() < 1e-9;
    let range = readings.range(fam, counted);
    // Only a komi of the area-counting tradition (the one `points_family`
    // reads as Chinese or Ing where `RU` is silent) makes Chinese counting
    // a plausible rule for a record whose `RU` names Japanese rules;
    // elsewhere the two counts differ by the parity point and a match is
    // chance.
    let area_komi = points_family(None, Some(komi)) != "japanese";
    let other_rule_exact = fam.id == "japanese"
        && area_komi
        && (score(family("chinese").expect("family in table"), q, counted).margin - recorded).abs()
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
#[must_use]
pub fn without_last_moves(record: &GameRecord, k: u32) -> GameRecord {
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
/// lowest under `seed`, in id order (all of them without `n`).
#[must_use]
pub fn sample<T>(
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

#[cfg(test)]
mod tests {
    use super::{classify, recorded_margin, sample_name};
    use crate::item::GameId;
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
}
