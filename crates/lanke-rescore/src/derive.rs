//! `discrepancies.csv` and `summary.csv`, derived only from the rows of
//! `games.csv` and `scores.csv`, so that a single run and `lanke merge` of
//! shards produce the same files byte for byte.
//!
//! Only finished games (see `finished` in games.csv) enter the
//! discrepancies and the rates; `games` counts every status.
//!
//! Cause classification (first that applies, documented in reports/README.md):
//! illegal move or no result → judgement uncertain → komi unknown → komi or
//! handicap compensation (every family's winner agrees before komi and
//! compensation) → seki → group tax → pass/virtual moves → collect-last parity.

use std::collections::BTreeMap;

use lanke_rules::{outside_by, points_family};
use serde::Serialize;

use crate::rows::{GameRow, KomiChoice, ScoreRow};

/// Families that tax living groups.
const GROUP_TAX: [&str; 5] = [
    "ming-qing",
    "tang-song",
    "jihuozi",
    "tianyi",
    "tianyi-cup-final",
];
/// Families whose art versions charge extra moves.
const MOVE_CHARGING: [&str; 4] = ["sci-1-1", "sci-2-1", "sci-3-1", "sci-4-1"];

/// One row of `discrepancies.csv`.
#[derive(Debug, Clone, Serialize)]
pub struct DiscrepancyRow {
    pub seq: u64,
    pub game_id: String,
    pub kind: String,
    pub cause: String,
    pub black_wins: String,
    pub white_wins: String,
    pub draws: String,
    pub recorded: String,
    pub reference_family: String,
    pub detail: String,
}

/// One row of `summary.csv`.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryRow {
    pub metric: String,
    pub family: String,
    pub dimension: String,
    pub group: String,
    #[serde(serialize_with = "crate::rows::number")]
    pub value: f64,
    pub games: u64,
}

/// The family that matches a record's own rules: routes for old Chinese
/// results, `RU[Tianyi]`, else the points family of its `RU` and komi
/// (`points_family`).
#[must_use]
pub fn reference_family(game: &GameRow) -> &'static str {
    let ru = game.rules.to_ascii_lowercase();
    if game.result_unit == "routes" || ru.contains("old chinese") {
        "tang-song"
    } else if ru.contains("tianyi") {
        "tianyi"
    } else {
        points_family(Some(&game.rules), game.komi)
    }
}

fn pre_komi_sign(s: &ScoreRow) -> i8 {
    let m = s.margin + s.komi + s.compensation;
    if m > 0.0 {
        1
    } else if m < 0.0 {
        -1
    } else {
        0
    }
}

fn classify(game: &GameRow, scores: &[&ScoreRow], record_mode_komi_missing: bool) -> &'static str {
    let winners = |pred: &dyn Fn(&ScoreRow) -> bool| -> Vec<&str> {
        let mut w: Vec<&str> = scores
            .iter()
            .filter(|s| pred(s))
            .map(|s| s.winner.as_str())
            .collect();
        w.sort_unstable();
        w.dedup();
        w
    };
    if scores.iter().any(|s| s.legality != "legal") {
        return "illegal move or no result";
    }
    if game.judge_confidence.is_some_and(|c| c < 0.5) {
        return "judgement uncertain";
    }
    if record_mode_komi_missing {
        return "komi unknown";
    }
    let mut signs: Vec<i8> = scores.iter().map(|s| pre_komi_sign(s)).collect();
    signs.sort_unstable();
    signs.dedup();
    if signs.len() == 1 {
        return if game.handicap.unwrap_or(0) > 0 {
            "handicap compensation"
        } else {
            "komi"
        };
    }
    if game.seki_points.unwrap_or(0) > 0 {
        return "seki";
    }
    let taxed = winners(&|s| GROUP_TAX.contains(&s.family.as_str()));
    let untaxed = winners(&|s| {
        !GROUP_TAX.contains(&s.family.as_str()) && !MOVE_CHARGING.contains(&s.family.as_str())
    });
    if game.groups_b != game.groups_w && taxed != untaxed {
        return "group tax";
    }
    if game.passes_b.unwrap_or(0) + game.passes_w.unwrap_or(0) > 0 {
        let charged = winners(&|s| MOVE_CHARGING.contains(&s.family.as_str()));
        if charged != untaxed {
            return "pass/virtual moves";
        }
    }
    "collect-last parity"
}

/// The summary's groupings of a game: the whole corpus, its collection and
/// its decade.
fn by_dimension(game: &GameRow) -> [(&'static str, String); 3] {
    [
        ("all", String::new()),
        ("collection", game.collection.clone()),
        ("decade", game.decade.clone()),
    ]
}

fn names(scores: &[&ScoreRow], winner: &str) -> String {
    scores
        .iter()
        .filter(|s| s.winner == winner)
        .map(|s| s.family.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Default)]
struct Tally {
    games: u64,
    flips: u64,
    area_territory_disagree: u64,
    counted: u64,
    agree: BTreeMap<String, (u64, u64)>,
}

/// Accumulates the derived reports game by game, in row order.
#[derive(Default)]
pub struct Derived {
    pub discrepancies: Vec<DiscrepancyRow>,
    status: BTreeMap<String, u64>,
    finished: BTreeMap<bool, u64>,
    by: BTreeMap<(String, String), Tally>,
    diff_by_cause: BTreeMap<String, (f64, u64)>,
    diff_hist: BTreeMap<i64, u64>,
    /// Unfinished games with a stated winner: per (dimension, group) and
    /// family, how often the mid-game estimate names that winner.
    estimates: BTreeMap<(String, String), BTreeMap<String, (u64, u64)>>,
    komi: KomiChoice,
}

impl Derived {
    #[must_use]
    pub fn new(komi: KomiChoice) -> Derived {
        Derived {
            komi,
            ..Derived::default()
        }
    }

    /// Games fed.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.status.values().sum()
    }

    /// Games fed whose status is `error`.
    #[must_use]
    pub fn errors(&self) -> u64 {
        self.status.get("error").copied().unwrap_or(0)
    }

    /// Takes one game's rows.
    pub fn feed(&mut self, game: &GameRow, scores: &[ScoreRow]) {
        *self.status.entry(game.status.clone()).or_default() += 1;
        if let Some(f) = game.finished {
            *self.finished.entry(f).or_default() += 1;
        }
        if game.finished == Some(false) {
            self.feed_estimate(game, scores);
        }
        if scores.is_empty() || game.finished != Some(true) {
            return;
        }
        let refs: Vec<&ScoreRow> = scores.iter().collect();
        let mut winners: Vec<&str> = refs.iter().map(|s| s.winner.as_str()).collect();
        winners.sort_unstable();
        winners.dedup();
        let flip = winners.len() > 1;
        let find = |f: &str| refs.iter().find(|s| s.family == f);
        let (area, territory) = (find("chinese"), find("japanese"));
        let at_disagree = matches!((area, territory), (Some(a), Some(t)) if a.winner != t.winner);
        let counted = game.result_kind == "count" || game.result_kind == "draw";
        let komi_missing = self.komi == KomiChoice::Record && game.komi_form == "missing";
        let cause = classify(game, &refs, komi_missing);
        for (dimension, group) in by_dimension(game) {
            let t = self.by.entry((dimension.to_string(), group)).or_default();
            t.games += 1;
            t.flips += u64::from(flip);
            t.area_territory_disagree += u64::from(at_disagree);
            if counted {
                t.counted += 1;
                for s in &refs {
                    let e = t.agree.entry(s.family.clone()).or_default();
                    e.0 += u64::from(s.agrees_with_record == "true");
                    e.1 += 1;
                }
            }
        }
        if let (Some(a), Some(t)) = (area, territory) {
            let d = (a.margin + a.komi + a.compensation) - (t.margin + t.komi + t.compensation);
            let e = self
                .diff_by_cause
                .entry(if d == 0.0 {
                    "none".to_string()
                } else {
                    cause.to_string()
                })
                .or_default();
            e.0 += d;
            e.1 += 1;
            *self.diff_hist.entry(d.round() as i64).or_default() += 1;
        }
        let recorded = if game.result_raw.is_empty() {
            String::new()
        } else {
            game.result_raw.clone()
        };
        let reference = reference_family(game);
        let row = |kind: &str, cause: &str, detail: String| DiscrepancyRow {
            seq: game.seq,
            game_id: game.game_id.clone(),
            kind: kind.to_string(),
            cause: cause.to_string(),
            black_wins: names(&refs, "B"),
            white_wins: names(&refs, "W"),
            draws: names(&refs, "draw"),
            recorded: recorded.clone(),
            reference_family: reference.to_string(),
            detail,
        };
        if flip {
            self.discrepancies
                .push(row("families-disagree", cause, String::new()));
        }
        if counted {
            if let Some(r) = find(reference) {
                if r.agrees_with_record == "false" {
                    let own_cause = if game.judge_confidence.is_some_and(|c| c < 0.5) {
                        "judgement uncertain"
                    } else if r.legality != "legal" {
                        "illegal move or no result"
                    } else if komi_missing {
                        "komi unknown"
                    } else {
                        "judgement or record"
                    };
                    let mut detail = format!(
                        "{} margin {} vs recorded {}",
                        reference, r.margin, game.result_raw
                    );
                    if let Some(range) = against_range(r, game) {
                        detail = format!("{detail}; {range}");
                    }
                    self.discrepancies
                        .push(row("contradicts-record", own_cause, detail));
                }
            }
        }
    }

    /// An unfinished game's estimates against the winner its record states
    /// (a resignation, time or forfeit); games with no stated winner are
    /// left out.
    fn feed_estimate(&mut self, game: &GameRow, scores: &[ScoreRow]) {
        for (dimension, group) in by_dimension(game) {
            let families = self
                .estimates
                .entry((dimension.to_string(), group))
                .or_default();
            for s in scores.iter().filter(|s| !s.agrees_with_record.is_empty()) {
                let e = families.entry(s.family.clone()).or_default();
                e.0 += u64::from(s.agrees_with_record == "true");
                e.1 += 1;
            }
        }
    }

    /// The summary rows, in a stable order: the counts, then each
    /// (dimension, group)'s rates (decades in time order), the means by
    /// cause, the estimates' rates and the histogram.
    #[must_use]
    pub fn summary(&self) -> Vec<SummaryRow> {
        let mut out = Vec::new();
        let row = |metric: &str,
                   family: &str,
                   (dimension, group): (&str, &str),
                   value: f64,
                   games: u64| {
            SummaryRow {
                metric: metric.to_string(),
                family: family.to_string(),
                dimension: dimension.to_string(),
                group: group.to_string(),
                value,
                games,
            }
        };
        let share = |n: u64, d: u64| if d == 0 { 0.0 } else { n as f64 / d as f64 };
        for (status, n) in &self.status {
            out.push(row("games", "", ("status", status), *n as f64, *n));
        }
        for (finished, n) in &self.finished {
            let group = finished.to_string();
            out.push(row("games", "", ("finished", &group), *n as f64, *n));
        }
        for ((dimension, group), t) in in_group_order(&self.by) {
            let at = (dimension.as_str(), group.as_str());
            out.push(row(
                "winner_flip_rate",
                "",
                at,
                share(t.flips, t.games),
                t.games,
            ));
            out.push(row(
                "area_vs_territory_winner_disagree_rate",
                "",
                at,
                share(t.area_territory_disagree, t.games),
                t.games,
            ));
            for (family, (yes, n)) in &t.agree {
                out.push(row(
                    "record_agreement_rate",
                    family,
                    at,
                    share(*yes, *n),
                    *n,
                ));
            }
        }
        for (cause, (sum, n)) in &self.diff_by_cause {
            out.push(row(
                "area_minus_territory_mean_by_cause",
                "",
                ("cause", cause),
                sum / *n as f64,
                *n,
            ));
        }
        for ((dimension, group), families) in in_group_order(&self.estimates) {
            let at = (dimension.as_str(), group.as_str());
            for (family, (yes, n)) in families {
                out.push(row(
                    "estimate_agreement_rate",
                    family,
                    at,
                    share(*yes, *n),
                    *n,
                ));
            }
        }
        for (d, n) in &self.diff_hist {
            let group = d.to_string();
            out.push(row(
                "area_minus_territory_histogram",
                "",
                ("difference", &group),
                *n as f64,
                *n,
            ));
        }
        out
    }
}

/// The tables of several parts of one run (shards) joined into the
/// tables one run writes, and the reports derived from them.
pub struct Joined {
    /// Every part's game rows, in `seq` order.
    pub games: Vec<GameRow>,
    /// Every part's score rows, in the games' order, each game's rows in
    /// the order its part gave them (the families' order).
    pub scores: Vec<ScoreRow>,
    pub derived: Derived,
}

/// Two parts hold the same game.
#[derive(Debug, thiserror::Error)]
#[error("the parts overlap: game seq {seq} appears in more than one")]
pub struct Overlap {
    pub seq: u64,
}

/// Joins the rows of a run's parts, in any order, into one run's tables
/// and derives the discrepancies and summary from them, as a single run
/// derives them: what `lanke merge` writes and a cluster's driver
/// computes from its workers' tables.
pub fn join(
    mut games: Vec<GameRow>,
    scores: Vec<ScoreRow>,
    komi: KomiChoice,
) -> Result<Joined, Overlap> {
    games.sort_by_key(|g| g.seq);
    if let Some(w) = games.windows(2).find(|w| w[0].seq == w[1].seq) {
        return Err(Overlap { seq: w[0].seq });
    }
    let mut by_seq: BTreeMap<u64, Vec<ScoreRow>> = BTreeMap::new();
    for s in scores {
        by_seq.entry(s.seq).or_default().push(s);
    }
    let mut derived = Derived::new(komi);
    let mut ordered = Vec::new();
    for g in &games {
        let s = by_seq.remove(&g.seq).unwrap_or_default();
        derived.feed(g, &s);
        ordered.extend(s);
    }
    Ok(Joined {
        games,
        scores: ordered,
        derived,
    })
}

/// The entries of a map keyed by (dimension, group) with decades in time
/// order (`800s` before `1970s`), the rest as the map keeps them.
fn in_group_order<T>(map: &BTreeMap<(String, String), T>) -> Vec<(&(String, String), &T)> {
    let mut entries: Vec<_> = map.iter().collect();
    let year = |(dimension, group): &(String, String)| -> u64 {
        if dimension == "decade" {
            let digits: String = group.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().unwrap_or(0)
        } else {
            0
        }
    };
    entries.sort_by(|(a, _), (b, _)| (&a.0, year(a), &a.1).cmp(&(&b.0, year(b), &b.1)));
    entries
}

/// Where a record's margin lies against the margins every reading of the
/// position gives under its family (`margin_low`..`margin_high`), when the
/// record and the family count in one unit (a margin with no unit is read
/// as points).
fn against_range(s: &ScoreRow, game: &GameRow) -> Option<String> {
    let m = game.result_margin?;
    let same_unit =
        game.result_unit == s.unit || (game.result_unit.is_empty() && s.unit == "points");
    if !same_unit {
        return None;
    }
    let recorded = match game.result_winner.as_str() {
        "B" => m,
        "W" => -m,
        _ => 0.0,
    };
    let (lo, hi) = (s.margin_low, s.margin_high);
    let range = if lo == hi {
        format!("every reading gives {lo}")
    } else {
        format!("the readings give {lo} to {hi}")
    };
    Some(match outside_by((lo, hi), recorded) {
        None => format!("{range}: the record is among them"),
        Some(by) => format!("{range}: the record is {by} outside"),
    })
}
