//! Benson's unconditional life: the chains of a colour that no sequence of
//! opponent moves can capture even if their owner always passes, and the
//! regions around them where the opponent can never live.
//!
//! This is exact and static, so the judge trusts it over the playouts: a
//! pass-alive chain is alive with certainty, and opponent stones inside a
//! region sealed by pass-alive chains, every empty point of which touches one
//! of them, are dead with certainty (no eye can form there).
//!
//! Only board analysis lives here; no statuses are assigned.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

/// The result for one colour.
#[derive(Clone, Debug)]
pub struct PassAlive {
    /// Per grid cell: the stone there belongs to a pass-alive chain.
    pub alive: Vec<bool>,
    /// Per grid cell: the point lies in a region sealed by pass-alive chains
    /// in which the opponent cannot make an eye (empty points and opponent
    /// stones alike).
    pub territory: Vec<bool>,
}

/// The empty points of the regions `sure` (both colours' Benson results,
/// Black's first) seals: settled for certain, so the playouts never play
/// there.
#[must_use]
pub fn sealed_empty_points(board: &Board, sure: &[PassAlive; 2]) -> Vec<bool> {
    let cells = board.points().last().map_or(0, |i| i + 1);
    let mut sealed = vec![false; cells];
    for s in sure {
        for i in board.points() {
            if s.territory[i] && board.cell(i) == Cell::Empty {
                sealed[i] = true;
            }
        }
    }
    sealed
}

/// Runs Benson's algorithm for `color` on `board`.
#[must_use]
pub fn pass_alive(board: &Board, color: Color) -> PassAlive {
    pass_alive_in(
        board,
        color,
        &board.chains(),
        &board.regions_without(color).1,
    )
}

/// [`pass_alive`] given the board's chains (`Board::chains`) and the regions
/// without `color` (`Board::regions_without`), which the judge reads once for
/// every use.
pub(crate) fn pass_alive_in(
    board: &Board,
    color: Color,
    all_chains: &[(Color, Vec<usize>)],
    regions: &[Vec<usize>],
) -> PassAlive {
    let own = Cell::of(color);
    // Room for the border cells past the last point, which neighbours reach.
    let cells = board.points().last().map_or(0, |i| i + 1) + 64;

    // Chains of `color`, labelled.
    let chains: Vec<&Vec<usize>> = all_chains
        .iter()
        .filter(|(c, _)| *c == color)
        .map(|(_, stones)| stones)
        .collect();
    let mut chain_of = vec![usize::MAX; cells];
    for (k, stones) in chains.iter().enumerate() {
        for &s in *stones {
            chain_of[s] = k;
        }
    }

    // For each region: the chains bordering it, and the chains to which it
    // is vital (every empty point of the region is a liberty of the chain).
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut vital_to: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, pts) in regions.iter().enumerate() {
        let around = chains_around(board, own, pts, &chain_of);
        for &k in &around {
            if vital_to_chain(board, pts, &chain_of, k) {
                vital_to[r].push(k);
            }
        }
        borders[r] = around;
    }

    let chain_alive = surviving_chains(chains.len(), &borders, &vital_to);

    let mut out = PassAlive {
        alive: vec![false; cells],
        territory: vec![false; cells],
    };
    for (k, stones) in chains.iter().enumerate() {
        if chain_alive[k] {
            for &s in *stones {
                out.alive[s] = true;
            }
        }
    }
    for (r, pts) in regions.iter().enumerate() {
        // Sealed by pass-alive chains, and every empty point touches one.
        let sealed = !borders[r].is_empty() && borders[r].iter().all(|&k| chain_alive[k]);
        let no_eye = pts.iter().all(|&p| {
            board.cell(p) != Cell::Empty
                || Board::neighbours(p)
                    .iter()
                    .any(|&n| board.cell(n) == own && chain_alive[chain_of[n]])
        });
        if sealed && no_eye {
            for &p in pts {
                out.territory[p] = true;
            }
        }
    }
    out
}

/// The chains (numbers in `chain_of`, per grid cell) of `own` stones next
/// to the region `pts`, sorted.
pub(crate) fn chains_around(
    board: &Board,
    own: Cell,
    pts: &[usize],
    chain_of: &[usize],
) -> Vec<usize> {
    let mut around: Vec<usize> = pts
        .iter()
        .flat_map(|&p| Board::neighbours(p))
        .filter(|&n| board.cell(n) == own)
        .map(|n| chain_of[n])
        .collect();
    around.sort_unstable();
    around.dedup();
    around
}

/// Is the region `pts` vital to chain `k` (numbered in `chain_of`): every
/// empty point of it a liberty of the chain?
pub(crate) fn vital_to_chain(board: &Board, pts: &[usize], chain_of: &[usize], k: usize) -> bool {
    pts.iter().all(|&p| {
        board.cell(p) != Cell::Empty || Board::neighbours(p).iter().any(|&n| chain_of[n] == k)
    })
}

/// Benson's fixpoint: starting from every chain, drop each chain with fewer
/// than two healthy regions vital to it, where a region stays healthy while
/// every chain bordering it survives. `borders[r]` and `vital_to[r]` list
/// chain indices (below `chains`) for region `r`. Returns which chains
/// survive: the pass-alive ones.
pub(crate) fn surviving_chains(
    chains: usize,
    borders: &[Vec<usize>],
    vital_to: &[Vec<usize>],
) -> Vec<bool> {
    let mut chain_alive = vec![true; chains];
    let mut region_alive = vec![true; borders.len()];
    loop {
        let mut changed = false;
        // A chain needs two healthy regions vital to it.
        let mut vital_count = vec![0u32; chains];
        for r in 0..borders.len() {
            if region_alive[r] {
                for &k in &vital_to[r] {
                    vital_count[k] += 1;
                }
            }
        }
        for k in 0..chains {
            if chain_alive[k] && vital_count[k] < 2 {
                chain_alive[k] = false;
                changed = true;
            }
        }
        // A region bordered by a removed chain is no longer healthy.
        for r in 0..borders.len() {
            if region_alive[r] && borders[r].iter().any(|&k| !chain_alive[k]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    chain_alive
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;

    use crate::{board_from_rows as board, board_from_top_rows as board_top};

    #[test]
    fn two_separate_eyes_are_pass_alive_one_eye_is_not() {
        // Black wall with two one-point eyes in the corner; a White stone
        // outside. The second Black group has a single eye.
        let b = board(&[
            ".X.X...", //
            "XXXX...", //
            ".......", //
            "....O..", //
            ".......", //
            "XXX....", //
            ".X.X...", //
        ]);
        let p = pass_alive(&b, Color::Black);
        assert!(p.alive[at(1, 0)] && p.alive[at(0, 1)]);
        assert!(p.territory[at(0, 0)] && p.territory[at(2, 0)]);
        // Bottom group: eyes at (0,6) and (2,6)? (2,6) touches the stone at
        // (3,6), which is a separate chain bordering the big outside region.
        assert!(!p.alive[at(3, 6)]);
        assert!(!p.territory[at(4, 3)], "the open board is not territory");
    }

    #[test]
    fn a_dead_stone_inside_a_small_sealed_region_is_marked() {
        // Black lives with an eye at (0,0) and a three-point region holding a
        // White stone, every point of which touches Black.
        let b = board_top(
            9,
            &[
                ".X.O.X...", //
                "XXXXXX...", //
            ],
        );
        let p = pass_alive(&b, Color::Black);
        assert!(p.alive[at(1, 0)]);
        assert!(
            p.territory[at(3, 0)],
            "the white stone sits in Black's sealed region"
        );
        assert!(!pass_alive(&b, Color::White).alive[at(3, 0)]);
    }
}
