//! `lanke-judge`: judges a final go position like a strong player would.
//!
//! Given the final board (and whose turn it is), it decides each chain's
//! status (alive, dead, seki) with a confidence, classifies every point
//! (live or dead stone, territory, seki eye, shared seki liberty, dame),
//! fills the dame with a legal sequence that also makes the protective moves
//! (手入れ) the filling forces, and reads off the living groups (块) and their
//! basic eye points (基本眼位). Every scoring family is computed from this.
//!
//! Where the statuses come from is the caller's choice ([`StatusSource`]):
//! the record's own marks, a user's overrides, an external engine, or the
//! built-in judge (seeded Monte-Carlo ownership, see `playout`).
//!
//! No I/O here: engines and files are read by the caller.

mod benson;
mod big_eyes;
mod captives;
mod carving;
mod chain_table;
mod classes;
mod confirm;
mod contested;
mod dame_shapes;
mod double_atari;
mod double_ko;
mod eating;
mod ending;
mod eye_links;
mod filling;
mod group_races;
mod groups;
mod invaders;
mod judgement;
mod late_seki;
mod liberty_count;
mod links;
mod marked;
mod pipeline;
mod played_out;
mod playout;
mod races;
mod reach;
mod reading;
mod settle;
mod shortage;
mod solid;
mod standoff;
mod statuses;
mod tactics;
mod teire;
mod turns;
mod wall_neighbours;

pub use benson::{pass_alive, sealed_empty_points, PassAlive};
pub use double_ko::{double_ko_sekis, DoubleKoSeki};
pub use judgement::{
    Alternative, AlternativeKind, Basis, ChainInfo, Counts, EndingMode, Fill, FillKind, Group,
    JudgeOptions, Judgement, PointClass, Stage, Status, StatusReason, StatusSource, OPEN_BELOW,
    UNFINISHED_DAME,
};
pub use pipeline::{judge, judge_final};
pub use playout::{ownership, Ownership, Rng};
pub use reading::{enclosures, read, Enclosure, LocalStatus};
pub use standoff::{
    area_score, read_standoff, standoff_sekis, StandoffSeki, StandoffValue, STANDOFF_NODE_BUDGET,
};

/// Test boards drawn as rows of `X` (black), `O` (white) and anything else
/// for empty, top row first; the unit tests of every module share it.
#[cfg(test)]
pub(crate) fn board_from_rows(rows: &[&str]) -> lanke_board::Board {
    board_from_top_rows(rows.len() as u8, rows)
}

/// The grid index of the point at column `x`, row `y` (top row 0), for the
/// unit tests' drawn boards.
#[cfg(test)]
pub(crate) fn at(x: u8, y: u8) -> usize {
    lanke_board::Board::idx(lanke_sgf::Point::new(x, y))
}

/// A `size` x `size` test board with only its top rows drawn (as for
/// [`board_from_rows`]); the rows below are empty.
#[cfg(test)]
pub(crate) fn board_from_top_rows(size: u8, rows: &[&str]) -> lanke_board::Board {
    let mut b = lanke_board::Board::new(size);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let cell = match ch {
                'X' => lanke_board::Cell::Black,
                'O' => lanke_board::Cell::White,
                _ => continue,
            };
            b.put(lanke_sgf::Point::new(x as u8, y as u8), cell);
        }
    }
    b
}

/// The final boards of the first `n` finished 19x19 CWI games (a counted
/// result such as `B+3.5`), for the unit tests that check a fast path
/// against the slow one on real positions.
#[cfg(test)]
pub(crate) fn finished_cwi_positions(n: usize) -> Vec<lanke_board::Board> {
    let mut out = Vec::new();
    for bytes in lanke_testdata::cwi().values() {
        let f = lanke_sgf::load_collection(bytes, None);
        let Some(Ok(g)) = f.games.first() else {
            continue;
        };
        let finished = g
            .info
            .result
            .as_deref()
            .is_some_and(|r| r.len() > 2 && r.as_bytes()[2].is_ascii_digit());
        if g.size == 19 && finished {
            out.push(lanke_board::replay(g).board);
            if out.len() == n {
                break;
            }
        }
    }
    assert_eq!(out.len(), n, "the embedded archive has {n} finished games");
    out
}
