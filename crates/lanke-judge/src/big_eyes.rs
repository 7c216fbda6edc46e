//! Life by eye space: Benson's test with one relaxation a strong player
//! makes at a glance. An empty region of `BIG_EYE` points or more, holding
//! no opponent stone, is two eyes of each chain around it that holds two
//! of its points or more as liberties: an opponent invading it is answered
//! inside and the space splits into two. Every other region counts as in
//! Benson's test (an eye of a chain only when each of its empty points is
//! a liberty of that chain). A chain that survives the test with such
//! regions is alive whoever moves first.
//!
//! Only the test lives here; `statuses` decides what the answer is worth.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::benson::{chains_around, surviving_chains, vital_to_chain};

/// Empty points from which a region is two eyes of the chains around it:
/// the eye spaces a placement inside can kill have six points at most (the
/// rabbity six), so from seven the defender, answering inside, keeps a
/// split (the players' rule of thumb; a wall short of liberties can still
/// spoil it, which this test does not read).
pub(crate) const BIG_EYE: usize = 7;

/// [`alive_by_eye_space`] with `board`'s own chains and regions, for a
/// board read once (a scratch board with stones taken off).
pub(crate) fn alive_on(board: &Board, color: Color) -> Vec<bool> {
    alive_by_eye_space(
        board,
        color,
        &board.chains(),
        &board.regions_without(color).1,
    )
}

/// Per grid cell: does the stone there survive Benson's test for `color`
/// with big empty eye spaces as two eyes? `all_chains` are the board's
/// chains (`Board::chains`), `regions` the regions without `color`
/// (`Board::regions_without`).
pub(crate) fn alive_by_eye_space(
    board: &Board,
    color: Color,
    all_chains: &[(Color, Vec<usize>)],
    regions: &[Vec<usize>],
) -> Vec<bool> {
    let own = Cell::of(color);
    let cells = board.points().last().map_or(0, |i| i + 1) + 64;
    // The colour's chains, numbered among themselves, with their index in
    // `all_chains`.
    let mine: Vec<usize> = (0..all_chains.len())
        .filter(|&k| all_chains[k].0 == color)
        .collect();
    let mut chain_of = vec![usize::MAX; cells];
    for (k, &c) in mine.iter().enumerate() {
        for &s in &all_chains[c].1 {
            chain_of[s] = k;
        }
    }
    let mut borders: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    let mut vital_to: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    for pts in regions {
        let around = chains_around(board, own, pts, &chain_of);
        let big_empty = pts.len() >= BIG_EYE && pts.iter().all(|&p| board.cell(p) == Cell::Empty);
        // Each chain around holds two of its points as liberties or more:
        // a chain touching it at one point could be cut off from it.
        let held = around.iter().all(|&k| {
            pts.iter()
                .filter(|&&p| Board::neighbours(p).iter().any(|&n| chain_of[n] == k))
                .count()
                >= 2
        });
        if big_empty && held && !around.is_empty() {
            // Two eyes: the region is counted twice.
            borders.push(around.clone());
            vital_to.push(around.clone());
            borders.push(around.clone());
            vital_to.push(around);
            continue;
        }
        let vital = around
            .iter()
            .copied()
            .filter(|&k| vital_to_chain(board, pts, &chain_of, k))
            .collect();
        borders.push(around);
        vital_to.push(vital);
    }
    let alive = surviving_chains(mine.len(), &borders, &vital_to);
    let mut out = vec![false; cells];
    for (k, &c) in mine.iter().enumerate() {
        if alive[k] {
            for &s in &all_chains[c].1 {
                out[s] = true;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benson::pass_alive;
    use crate::{at, board_from_top_rows};

    /// Black's wall on the second line of a 9x9 board, White's below it;
    /// the first line before the wall is Black's only eye space.
    fn wall_over(first_line: &str) -> Board {
        board_from_top_rows(9, &[first_line, "XXXXXXXXO", "OOOOOOOOO"])
    }

    fn black_alive(board: &Board) -> bool {
        let regions = board.regions_without(Color::Black).1;
        alive_by_eye_space(board, Color::Black, &board.chains(), &regions)[at(0, 1)]
    }

    /// Seven empty points along the edge: one region, so not pass-alive,
    /// but an invader there is answered inside and two eyes remain.
    #[test]
    fn seven_empty_points_are_two_eyes() {
        let board = wall_over(".......XO");
        assert!(!pass_alive(&board, Color::Black).alive[at(0, 1)]);
        assert!(black_alive(&board));
    }

    /// Six are not: a placement inside can leave one eye.
    #[test]
    fn six_empty_points_are_one_eye_here() {
        assert!(!black_alive(&wall_over("......XXO")));
    }

    /// A White stone inside is not counted away: whether it can be taken
    /// is the other stages' question.
    #[test]
    fn an_eye_space_holding_an_opponent_stone_is_no_big_eye() {
        assert!(!black_alive(&wall_over("...O...XO")));
    }

    /// The same seven points with a Black stone at h9 closing them, White
    /// at h8 under it: that stone touches the space at one point and could
    /// be cut off from it, so the space is no big eye, and without it the
    /// wall is not alive either.
    #[test]
    fn a_chain_touching_the_space_at_one_point_spoils_it() {
        let board = board_from_top_rows(9, &[".......X.", "XXXXXXXO.", "OOOOOOOOO"]);
        let regions = board.regions_without(Color::Black).1;
        assert!(regions.contains(&(0..7).map(|x| at(x, 0)).collect::<Vec<_>>()));
        assert!(!black_alive(&board));
    }
}
