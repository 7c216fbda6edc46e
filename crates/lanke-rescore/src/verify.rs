//! What `lanke verify` checks in one record: every annotation that states a
//! checkable figure (the result in RE, GC lines, comments) against the
//! family of the record's tradition, agree / consistent / open / disagree /
//! not checkable, and why (`explain`). Walking the records and printing the
//! table are the binary's. A result the judgement's own reading misses is
//! checked against every reading of the position (both move orders of the
//! ending, the chains the judge is unsure of either way): `consistent`
//! when the other move order gives it, `open` when only an unsure reading
//! does, else `disagree`, contradicted by how far it lies outside them all.
//!
//! The tradition of a record (which family its figures are in): a result
//! stated in routes (路) or any route figure → tang-song; in stones (子) →
//! ming-qing before 1912 and chinese after; in points → the rule set `RU`
//! names, else the one the komi belongs to (`points_family`: 7.5 chinese,
//! 8 ing, else japanese); `RU[Tianyi]` → tianyi, with the bids the
//! record states as komi. A record with no unit is read by its date:
//! before 1368 (Tang/Song) → tang-song, 1368–1911 → ming-qing, later by
//! `RU` and komi.
//! Every disagreement is explained by what can be checked (`explain`): a
//! record that stops before the end, Tang/Song's balancing move that an
//! annotation leaves out, which part of a group-tax line differs (and the
//! protective moves behind a territory difference), what an area count
//! without group tax gives for a Qing margin, and the judge's confidence,
//! so a doubtful judgement is told apart from a record that is wrong.

use lanke_board::replay;
use lanke_rules::penalties::{komi_with_penalty, record_time_penalty, stated_time_penalty};
use lanke_rules::recorded::{annotations, parse_result, Annotation, MarginUnit, Recorded};
use lanke_rules::tianyi::{komi_with_bids, parse_bids};
use lanke_rules::{
    family, points_family, route_balancing, score, KomiMode, MarginRange, Outcome, Quantities,
    RecordCheck, Score, Unit,
};
use lanke_sgf::{Color, GameRecord};

use crate::judging::{judge_game, unfinished, JudgeSpec, Override, UNFINISHED_DAME};
use crate::rows::year_of;

/// A figure as the tables print it: no decimals when whole.
#[must_use]
pub fn fmt(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// One checked statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub game_id: String,
    /// Where the statement was read: `RE`, `GC`, `C`.
    pub source: &'static str,
    pub statement: String,
    pub family: &'static str,
    pub stated: String,
    pub computed: String,
    /// `agree`, `disagree` or `not checkable`.
    pub verdict: &'static str,
    pub reason: String,
}

fn year(record: &GameRecord) -> Option<u32> {
    record.info.date.as_deref().and_then(year_of)
}

/// The family a record's own figures are in.
fn tradition(record: &GameRecord, unit: Option<MarginUnit>, any_routes: bool) -> &'static str {
    let y = year(record);
    if record
        .info
        .rules
        .as_deref()
        .is_some_and(|r| r.to_ascii_lowercase().contains("tianyi"))
    {
        return "tianyi";
    }
    match unit {
        Some(MarginUnit::Routes) => return "tang-song",
        Some(MarginUnit::Stones) => {
            return if y.is_some_and(|y| y < 1912) {
                "ming-qing"
            } else {
                "chinese"
            }
        }
        _ => {}
    }
    if any_routes {
        return "tang-song";
    }
    // Archives write old Chinese results as `B+N` (points) whatever the
    // source counted in; the date decides, and without one the four 座子
    // stones, which Chinese play kept until the 1920s, mark a game of the
    // group-tax era.
    match y {
        None if record.info.handicap.zuozi => "ming-qing",
        Some(y) if y < 1368 => "tang-song",
        Some(y) if y < 1912 && (unit != Some(MarginUnit::Points) || record_is_chinese(record)) => {
            "ming-qing"
        }
        _ => points_family(record.info.rules.as_deref(), record.info.komi.points),
    }
}

/// A record from a Chinese source (place or event), for dating its counting.
fn record_is_chinese(record: &GameRecord) -> bool {
    let i = &record.info;
    [&i.place, &i.event].iter().any(|f| {
        f.as_deref()
            .is_some_and(|t| t.contains("China") || t.contains("中国"))
    })
}

struct Facts<'a> {
    q: &'a Quantities,
    moves: [u32; 2],
    first: Option<Color>,
    confidence: f32,
}

/// `of`'s routes in a tang-song score.
fn routes_of(tang: &Score, of: Color) -> f64 {
    if of == Color::Black {
        tang.black
    } else {
        tang.white
    }
}

/// The parts of a group-tax line as the rescoring has them for `of`:
/// territory (with seki eyes), stones lost, basic eye points (the tax).
fn route_parts(q: &Quantities, of: Color) -> [u32; 3] {
    let c = of.index();
    [
        q.territory[c] + q.seki_eyes[c],
        q.kills(of.opponent()),
        q.eye_points[c],
    ]
}

/// Checks one annotation; `scores` are the record's tradition's score.
fn check_annotation(a: &Annotation, facts: &Facts, tang: &Score) -> (String, String, String, bool) {
    let q = facts.q;
    match a {
        Annotation::MovesEach(n) => {
            let [b, w] = facts.moves;
            let agree = b == *n && w == *n || (b.max(w) == *n && b.abs_diff(w) == 1);
            let note = if b != w && agree {
                "the source counts the balancing move of the side that moved fewer times"
            } else {
                ""
            };
            (
                format!("{n} each"),
                format!("B {b}, W {w}"),
                note.to_string(),
                agree,
            )
        }
        Annotation::MovesTotal(n) => {
            let t = facts.moves[0] + facts.moves[1];
            (n.to_string(), t.to_string(), String::new(), t == *n)
        }
        Annotation::Killed { by, stones } => {
            let k = q.kills(*by);
            (
                format!("{} killed {stones}", by.letter()),
                format!(
                    "{k} (captured {} + dead {})",
                    q.captured[by.index()],
                    q.dead_removed[by.index()]
                ),
                String::new(),
                k == *stones,
            )
        }
        Annotation::Routes { of, routes } => {
            let v = routes_of(tang, *of);
            (
                format!("{} {routes} routes", of.letter()),
                fmt(v),
                String::new(),
                (v - f64::from(*routes)).abs() < 1e-9,
            )
        }
        Annotation::First(c) => {
            let got = facts.first.map_or('-', Color::letter);
            (
                format!("{} first", c.letter()),
                format!("{got} first"),
                String::new(),
                facts.first == Some(*c),
            )
        }
        Annotation::RouteSum {
            of,
            territory,
            captured,
            tax,
            routes,
        } => {
            let [t, lost, g] = route_parts(q, *of);
            let r = routes_of(tang, *of);
            let agree = t == *territory
                && lost == *captured
                && g == *tax
                && (r - *routes as f64).abs() < 1e-9;
            (
                format!("{}: {territory}-{captured}-{tax}={routes}", of.letter()),
                format!("{}: {t}-{lost}-{g}={}", of.letter(), fmt(r)),
                String::new(),
                agree,
            )
        }
        Annotation::Result(_) => unreachable!("results are checked by check_result"),
    }
}

/// Checks a recorded result against the tradition's score.
fn check_result(rec: &Recorded, s: &Score) -> (String, String, String, Option<bool>) {
    let computed = format!(
        "{}{}",
        s.outcome.as_str(),
        if s.margin == 0.0 {
            String::new()
        } else {
            format!(" by {} {}", fmt(s.margin.abs()), s.unit.as_str())
        }
    );
    match rec {
        Recorded::Win { winner, margin, .. } => {
            // A text that says by how much but not who (3目半勝ち) is
            // checked on the margin alone.
            let stated = format!(
                "{}{}",
                winner.map_or('?', Color::letter),
                margin
                    .map(|m| format!(" by {}", fmt(m)))
                    .unwrap_or_default()
            );
            let winner_ok = winner.is_none_or(|w| s.outcome.as_str() == w.letter().to_string());
            let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
            // A stone-counting family against a margin the archive wrote in
            // points: a margin of m stones is 2m points.
            let points_for_stones = s.unit == lanke_rules::Unit::Stones
                && matches!(
                    rec,
                    Recorded::Win {
                        unit: Some(MarginUnit::Points) | None,
                        ..
                    }
                );
            let (agree, reason) = match margin {
                Some(m) if points_for_stones && !close(s.margin.abs(), *m) => (
                    winner_ok && close(2.0 * s.margin.abs(), *m),
                    "the archive's margin read as points (2 per stone)".to_string(),
                ),
                Some(m) if winner.is_none() => {
                    (close(s.margin.abs(), *m), "margin only".to_string())
                }
                Some(m) => (winner_ok && close(s.margin.abs(), *m), String::new()),
                None if winner.is_none() => {
                    return (
                        stated,
                        computed,
                        "the record names no winner".to_string(),
                        None,
                    )
                }
                None => (winner_ok, "winner only".to_string()),
            };
            (stated, computed, reason, Some(agree))
        }
        Recorded::Draw => (
            "draw".to_string(),
            computed,
            String::new(),
            Some(s.outcome == lanke_rules::Outcome::Draw),
        ),
        Recorded::Void | Recorded::Unknown => (
            "no result / unknown".to_string(),
            computed,
            "the record states no winner".to_string(),
            None,
        ),
    }
}

/// A result the judgement's own reading does not give, checked against
/// every reading of the position (`MarginRange`): `consistent` when the
/// ending begun by the other side gives it (named by `orders`, the margins
/// when Black begins and when White does), `open` when only a reading of
/// chains the judge is unsure of does (or, for a record that stops before
/// the end, of the neutral points it leaves); `disagree` with how far outside
/// every reading it lies. The margin is read in the family's unit, as
/// `check_result` reads it (archives write old routes as `B+N`); `None`
/// for a stone-counting family against a margin in points, which
/// `check_result` reads two points to the stone.
fn against_readings(
    rec: &Recorded,
    s: &Score,
    range: &MarginRange,
    orders: [f64; 2],
    facts: &Facts,
) -> Option<(&'static str, String)> {
    let stated = match rec {
        Recorded::Win {
            winner: Some(winner),
            margin: Some(m),
            unit,
            ..
        } if !(s.unit == Unit::Stones && matches!(unit, None | Some(MarginUnit::Points))) => {
            if *winner == Color::Black {
                *m
            } else {
                -*m
            }
        }
        Recorded::Draw => 0.0,
        _ => return None,
    };
    let spread = |(lo, hi): (f64, f64)| format!("{} to {}", fmt(lo), fmt(hi));
    match range.check(stated) {
        RecordCheck::Consistent => {
            let [black_first, white_first] = orders;
            let why = if stated == black_first {
                format!(
                    "the ending begun by Black gives it (White first: {})",
                    fmt(white_first)
                )
            } else if stated == white_first {
                format!(
                    "the ending begun by White gives it (Black first: {})",
                    fmt(black_first)
                )
            } else {
                format!(
                    "it lies between the two move orders' results (Black first: {}, White first: {})",
                    fmt(black_first),
                    fmt(white_first)
                )
            };
            Some(("consistent", why))
        }
        RecordCheck::Open if unfinished(facts.q.neutral_before_fill(), facts.moves[0] + facts.moves[1]) => Some((
            "open",
            format!(
                "the record stops before the end: only its {} neutral points given to one side, or the chains the judge is unsure of (confidence {:.2}) read the other way, give it (every reading: {})",
                facts.q.neutral_before_fill(),
                facts.confidence,
                spread(range.open)
            ),
        )),
        RecordCheck::Open => Some((
            "open",
            format!(
                "only reading the chains the judge is unsure of (confidence {:.2}) the other way gives it (every reading: {})",
                facts.confidence,
                spread(range.open)
            ),
        )),
        RecordCheck::Contradicted { by } => Some((
            "disagree",
            if range.single() {
                format!("contradicted by {}", fmt(by))
            } else {
                format!(
                    "contradicted by {} (every reading: {})",
                    fmt(by),
                    spread(range.open)
                )
            },
        )),
    }
}

/// The scores a disagreement is explained with.
struct Scores<'a> {
    /// The record's tradition's family.
    tradition: &'a Score,
    tang: &'a Score,
    /// Chinese area counting without komi or group tax.
    area: &'a Score,
}

/// A score with its margin moved by `delta` (in its unit) and the winner
/// read again.
fn shifted(s: &Score, delta: f64) -> Score {
    let margin = s.margin + delta;
    Score {
        margin,
        outcome: if margin > 0.0 {
            Outcome::Black
        } else if margin < 0.0 {
            Outcome::White
        } else {
            Outcome::Draw
        },
        ..s.clone()
    }
}

/// Why a statement disagrees with the rescoring, from what can be checked
/// (`first` is the check's own reason, kept in front). In this order:
/// - the record stops plainly before the end (more than
///   [`UNFINISHED_DAME`] neutral points or under 100 moves), so no count
///   of a finished game can be rebuilt from it;
/// - a group-tax line: which of its parts differ, and how many protective
///   moves the side made inside its own territory when that is smaller;
/// - a route figure that agrees once Tang/Song's balancing move is left
///   out (the side that moved fewer times fills one of its own routes);
/// - a margin the tradition counts in stones (Ming/Qing's group tax,
///   Chinese after 1912, 天弈): what an area count without group tax
///   gives, in points, for the reader to compare;
/// - the judge's confidence when it is below one half, unless an
///   alternative reading above gives exactly the stated figure.
fn explain(a: &Annotation, facts: &Facts, scores: &Scores, first: String) -> String {
    let q = facts.q;
    let mut why: Vec<String> = Vec::new();
    if !first.is_empty() {
        why.push(first);
    }
    // Set when an alternative reading gives exactly the stated figure.
    let mut accounted = false;
    let record_moves = facts.moves[0] + facts.moves[1];
    if unfinished(q.neutral_before_fill(), record_moves) {
        why.push(format!(
            "the record stops before the end ({} neutral points left, {record_moves} moves; a played-out game has at most {UNFINISHED_DAME})",
            q.neutral_before_fill()
        ));
    }
    let balance = route_balancing(q).filter(|b| b.routes_lost > 0);
    let unbalanced = |of: Color| -> Option<f64> {
        balance
            .filter(|b| b.side == of)
            .map(|b| routes_of(scores.tang, of) + f64::from(b.routes_lost))
    };
    let balancing_note = |b: lanke_rules::RouteBalancing| {
        format!(
            "{} moved once fewer ({}:{}) and balances with a move in its own routes (−1)",
            b.side.letter(),
            b.moves[0],
            b.moves[1]
        )
    };
    match a {
        Annotation::RouteSum {
            of,
            territory,
            captured,
            tax,
            routes,
        } => {
            let [t, lost, g] = route_parts(q, *of);
            if t != *territory {
                let protective = q.protective[of.index()];
                let inside = if t < *territory && protective > 0 {
                    format!(
                        " after {protective} protective move(s) of {} inside it",
                        of.letter()
                    )
                } else {
                    String::new()
                };
                why.push(format!("territory {t} against {territory}{inside}"));
            }
            if lost != *captured {
                why.push(format!("stones lost {lost} against {captured}"));
            }
            if g != *tax {
                why.push(format!("group tax {g} against {tax}"));
            }
            if let (Some(b), Some(_)) = (balance, unbalanced(*of)) {
                let parts_agree = [t, lost, g] == [*territory, *captured, *tax];
                accounted = parts_agree;
                why.push(if parts_agree {
                    format!(
                        "{}; the line's sum {routes} leaves that move out",
                        balancing_note(b)
                    )
                } else {
                    balancing_note(b)
                });
            }
        }
        Annotation::Routes { of, routes } => {
            if let (Some(b), Some(v)) = (balance, unbalanced(*of)) {
                if (v - f64::from(*routes)).abs() < 1e-9 {
                    accounted = true;
                    why.push(format!(
                        "{}; the annotation leaves that move out",
                        balancing_note(b)
                    ));
                }
            }
        }
        Annotation::Result(rec) if scores.tradition.unit == lanke_rules::Unit::Routes => {
            if let Some(b) = balance {
                let delta = if b.side == Color::Black {
                    f64::from(b.routes_lost)
                } else {
                    -f64::from(b.routes_lost)
                };
                let (_, computed, _, agree) = check_result(rec, &shifted(scores.tradition, delta));
                accounted = agree == Some(true);
                why.push(if accounted {
                    format!(
                        "{}; without that move {computed}, as stated",
                        balancing_note(b)
                    )
                } else {
                    balancing_note(b)
                });
            }
        }
        Annotation::Result(Recorded::Win { .. })
            if scores.tradition.unit == lanke_rules::Unit::Stones =>
        {
            let m = scores.area.margin;
            why.push(format!(
                "an area count without group tax gives {}",
                if m == 0.0 {
                    "a draw".to_string()
                } else {
                    format!(
                        "{} by {} points",
                        if m > 0.0 { 'B' } else { 'W' },
                        fmt(m.abs())
                    )
                }
            ));
        }
        _ => {}
    }
    if facts.confidence < 0.5 && !accounted {
        why.push(format!(
            "judgement uncertain (confidence {:.2}): check the dead stones, e.g. with --judge gtp or --overrides",
            facts.confidence
        ));
    }
    why.join("; ")
}

/// Every check of one record (`game`: its id), judged by `spec`.
pub fn verify_game(
    game: &str,
    record: &GameRecord,
    spec: &JudgeSpec,
    overrides: &[Override],
    engine: Option<&mut lanke_gtp::GtpEngine>,
) -> Vec<Check> {
    // Statements: RE, then every annotation in GC and the comments.
    let mut statements: Vec<(&'static str, String, Annotation)> = Vec::new();
    if let Some(re) = record.info.result.as_deref() {
        statements.push(("RE", re.to_string(), Annotation::Result(parse_result(re))));
    }
    if let Some(gc) = record.info.game_comment.as_deref() {
        for a in annotations(gc) {
            statements.push(("GC", gc.lines().next().unwrap_or("").to_string(), a));
        }
    }
    // The first node's comment often carries the source's closing figures.
    let comments = record
        .info
        .root_comment
        .iter()
        .chain(record.comments.iter().map(|(_, text)| text));
    for text in comments {
        for a in annotations(text) {
            statements.push(("C", text.chars().take(60).collect(), a));
        }
    }
    if statements.is_empty() {
        return Vec::new();
    }
    // The unit of RE if it names one, else the most specific unit any
    // comment states: routes, then stones, then points (a commentary may
    // quote a result in 目 only to correct it to 子, as seed 001 does for
    // 高部道平 vs 张乐山).
    fn result_unit(
        (source, _, a): &(&'static str, String, Annotation),
    ) -> Option<(&'static str, MarginUnit)> {
        match a {
            Annotation::Result(Recorded::Win { unit, .. }) => unit.map(|u| (*source, u)),
            _ => None,
        }
    }
    let unit = statements
        .iter()
        .filter_map(result_unit)
        .find(|(source, _)| *source == "RE")
        .or_else(|| {
            statements
                .iter()
                .filter_map(result_unit)
                .min_by_key(|(_, u)| match u {
                    MarginUnit::Routes => 0,
                    MarginUnit::Stones => 1,
                    MarginUnit::Points => 2,
                })
        })
        .map(|(_, u)| u);
    let any_routes = statements
        .iter()
        .any(|(_, _, a)| matches!(a, Annotation::Routes { .. } | Annotation::RouteSum { .. }));
    let fam_id = tradition(record, unit, any_routes);
    let r = replay(record);
    let judged = judge_game(game, record, &r, spec, overrides, engine);
    let mut out = Vec::new();
    let j = match judged {
        Ok(j) => j,
        Err(e) => {
            for (source, statement, _) in statements {
                out.push(Check {
                    game_id: game.to_string(),
                    source,
                    statement,
                    family: fam_id,
                    stated: String::new(),
                    computed: String::new(),
                    verdict: "not checkable",
                    reason: format!("judgement failed: {e}"),
                });
            }
            return out;
        }
    };
    let readings = crate::readings::readings(&r, &j, record.info.handicap.stones);
    let q = &readings.point;
    let komi = match record.info.komi.points {
        Some(k) => KomiMode::Record(k),
        None => KomiMode::Native,
    };
    let fam = family(fam_id).expect("tradition families are in the table");
    let bids = record.info.game_comment.as_deref().and_then(parse_bids);
    let (komi, _) = komi_with_bids(fam, komi, bids.as_ref());
    let penalty = record_time_penalty(record);
    let (komi, _) = komi_with_penalty(komi, penalty);
    let s = score(fam, q, komi);
    // The count with the game comment's time penalty too, which a result
    // may or may not include (`penalties`).
    let with_comment_penalty = record
        .info
        .game_comment
        .as_deref()
        .and_then(stated_time_penalty)
        .map(|p| (p, score(fam, q, komi_with_penalty(komi, Some(p)).0)));
    let range = readings.range(fam, komi);
    let orders = readings.by_first_to_fill(fam, komi);
    let tang = score(family("tang-song").expect("in table"), q, KomiMode::Native);
    let facts = Facts {
        q,
        moves: r.tally.moves,
        first: r.tally.first_player,
        confidence: j.confidence,
    };
    let area = score(
        family("chinese").expect("in table"),
        q,
        KomiMode::Record(0.0),
    );
    let scores = Scores {
        tradition: &s,
        tang: &tang,
        area: &area,
    };
    for (source, statement, a) in statements {
        let (stated, computed, reason, agree, family_used) = match &a {
            Annotation::Result(rec) => {
                let (st, co, re, ag) = check_result(rec, &s);
                (st, co, re, ag, fam_id)
            }
            Annotation::Routes { .. } | Annotation::RouteSum { .. } => {
                let (st, co, re, ag) = check_annotation(&a, &facts, &tang);
                (st, co, re, Some(ag), "tang-song")
            }
            _ => {
                let (st, co, re, ag) = check_annotation(&a, &facts, &tang);
                (st, co, re, Some(ag), "replay")
            }
        };
        let history_missing = q.is_diagram() && needs_play_history(&a, s.unit);
        let (verdict, reason) = match (agree, &a) {
            _ if history_missing => (
                "not checkable",
                "a diagram: the record has no moves, so no move counts, no first mover and no captures during play"
                    .to_string(),
            ),
            (Some(true), _) => ("agree", reason),
            (Some(false), Annotation::Result(rec))
                if with_comment_penalty
                    .as_ref()
                    .is_some_and(|(_, c)| check_result(rec, c).3 == Some(true)) =>
            {
                let (p, c) = with_comment_penalty.as_ref().expect("checked");
                (
                    "consistent",
                    format!(
                        "the game comment states a time penalty ({}{} points to White), which the result includes: {} with it, {} without",
                        if *p > 0.0 { "+" } else { "−" },
                        fmt(p.abs()),
                        fmt(c.margin),
                        fmt(s.margin)
                    ),
                )
            }
            (Some(false), Annotation::Result(rec)) => {
                let (verdict, why) = against_readings(rec, &s, &range, orders, &facts)
                    .unwrap_or(("disagree", String::new()));
                let first = [reason, why]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
                    .join("; ");
                (verdict, explain(&a, &facts, &scores, first))
            }
            (Some(false), _) => ("disagree", explain(&a, &facts, &scores, reason)),
            (None, _) => ("not checkable", reason),
        };
        out.push(Check {
            game_id: game.to_string(),
            source,
            statement,
            family: family_used,
            stated,
            computed,
            verdict,
            reason,
        });
    }
    out
}

/// Whether checking `a` needs the moves of the game: move counts, who
/// moved first, kills, routes (territory less the kills suffered), and a
/// result in a unit that counts prisoners (points of territory, routes).
/// A diagram's source states them for the game it was drawn from.
fn needs_play_history(a: &Annotation, unit: Unit) -> bool {
    match a {
        Annotation::Result(_) => unit != Unit::Stones,
        Annotation::MovesEach(_)
        | Annotation::MovesTotal(_)
        | Annotation::First(_)
        | Annotation::Killed { .. }
        | Annotation::Routes { .. }
        | Annotation::RouteSum { .. } => true,
    }
}
