//! A judged game's quantities (RULES.md §1) for the families: the
//! judgement's own and every alternative reading's, read once per game
//! from the replay and the judgement. The families' arithmetic on them is
//! `lanke-rules`', which knows no judge.

use lanke_board::Replay;
use lanke_judge::{AlternativeKind, Judgement};
use lanke_rules::{all_alive_area, Quantities, ReadingKind, Readings};
use lanke_sgf::Color;

use crate::judging::unfinished;

/// The quantities of a replayed and judged game with `handicap` stones.
#[must_use]
pub fn quantities(replay: &Replay, judgement: &Judgement, handicap: u8) -> Quantities {
    let a = &judgement.after_fill;
    let b = &judgement.before_fill;
    let t = &replay.tally;
    let (play_phase, lone) = Quantities::play_phase(replay);
    let dead = &judgement.dead;
    Quantities {
        points: replay.board.point_count(),
        stones: a.stones,
        territory: a.territory,
        seki_eyes: a.seki_eyes,
        shared: a.shared,
        dame: a.dame,
        area_before_fill: [b.area(Color::Black), b.area(Color::White)],
        dame_before_fill: b.dame,
        open_border: b.open_border[0] + b.open_border[1],
        captured: t.captures,
        fill_captured: judgement.fill_prisoners(),
        dead_removed: [dead[1].len() as u32, dead[0].len() as u32],
        moves: t.moves,
        passes: t.passes,
        lone_passes: lone,
        play_phase_moves: play_phase,
        fills: judgement.fills_by(),
        first_to_fill: Some(judgement.to_move),
        ending_begun_by: Some(judgement.ending_begun_by),
        protective: judgement.protective(),
        groups: [
            judgement.groups[0].len() as u32,
            judgement.groups[1].len() as u32,
        ],
        eye_points: judgement.eye_points(),
        seki_eye_points: judgement.seki_eye_points(),
        handicap: u32::from(handicap),
        last_on_board: judgement.fills.last().map(|f| f.color).or(t.last_mover),
        first_mover: if handicap > 0 {
            Some(Color::White)
        } else {
            replay.moves.first().map(|m| m.color)
        },
        on_board_at_end: replay.board.stone_counts(),
        all_alive_area: all_alive_area(&replay.board),
    }
}

/// The quantities of every reading of `judgement`: its own, the other
/// move order's and the open chains read either way; and, for a record
/// that stops plainly before the end (`unfinished`), its own with every
/// neutral point it leaves (dame and open borders before the filling)
/// counted as one colour's territory, then the other's: how such a game
/// would have ended, the record cannot say.
#[must_use]
pub fn readings(replay: &Replay, judgement: &Judgement, handicap: u8) -> Readings {
    let point = quantities(replay, judgement, handicap);
    let mut alternatives: Vec<(ReadingKind, Quantities)> = judgement
        .alternatives
        .iter()
        .map(|a| {
            let kind = match a.kind {
                AlternativeKind::OtherOrder => ReadingKind::OtherOrder,
                AlternativeKind::OpenFor(_) => ReadingKind::Open,
            };
            (kind, quantities(replay, &a.judgement, handicap))
        })
        .collect();
    let undecided = point.neutral_before_fill();
    if unfinished(undecided, replay.tally.moves[0] + replay.tally.moves[1]) {
        for side in [Color::Black, Color::White] {
            let mut q = point.clone();
            q.territory[side.index()] += undecided;
            alternatives.push((ReadingKind::Undecided, q));
        }
    }
    Readings::new(point, alternatives)
}
