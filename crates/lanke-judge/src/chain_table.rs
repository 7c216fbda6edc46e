//! The filler's view of the chains: every chain's liberty count by
//! stone and the chains in atari, read once for a board and brought up to
//! date after a quiet move by reading again only the chains the move
//! touched. Nothing here chooses a move; the filler (`filling`) and the
//! dame shapes (`dame_shapes`, `double_atari`) read it.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

/// The one liberty of a chain (`stones`) known to be in atari.
fn lone_liberty(board: &Board, stones: &[usize]) -> usize {
    stones
        .iter()
        .flat_map(|&s| Board::neighbours(s))
        .find(|&x| board.cell(x) == Cell::Empty)
        .expect("a chain with one liberty has an empty neighbour")
}

/// Every chain of a board read once: the liberty count of the chain on each
/// cell (0 for empty cells) and the chains in atari as (their first live
/// stone in board order — a fill may join a live stone to dead ones — or
/// their first stone when all are dead, their one liberty).
pub(crate) struct ChainTable {
    pub(crate) libs: Vec<u32>,
    atari: Vec<(usize, usize)>,
}

impl ChainTable {
    pub(crate) fn of(board: &Board, dead: &[bool]) -> ChainTable {
        let cells = board.points().last().map_or(0, |i| i + 1);
        let mut libs = vec![0u32; cells];
        let mut done = vec![false; cells];
        let mut atari = Vec::new();
        for i in board.points() {
            if board.cell(i).color().is_some() && !done[i] {
                let stones = read_chain(board, i, dead, &mut libs, &mut atari);
                for &s in &stones {
                    done[s] = true;
                }
            }
        }
        atari.sort_unstable();
        ChainTable { libs, atari }
    }

    /// The table of `board` after a move at `at` that captured nothing,
    /// from the table before it: only the chain the new stone joined and
    /// the chains next to `at` (which lost it as a liberty) change, and
    /// only they are read again. The result equals [`ChainTable::of`] on
    /// `board`.
    pub(crate) fn after_quiet_move(&mut self, board: &Board, at: usize, dead: &[bool]) {
        let mut redone = vec![false; self.libs.len()];
        let mut fresh = Vec::new();
        for start in std::iter::once(at).chain(Board::neighbours(at)) {
            if board.cell(start).color().is_none() || redone[start] {
                continue;
            }
            for s in read_chain(board, start, dead, &mut self.libs, &mut fresh) {
                redone[s] = true;
            }
        }
        self.atari.retain(|&(s, _)| !redone[s]);
        self.atari.extend(fresh);
        self.atari.sort_unstable();
    }

    /// Live chains of `color` in atari, in board order.
    pub(crate) fn atari_of<'a>(
        &'a self,
        board: &'a Board,
        color: Color,
        dead: &'a [bool],
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        self.atari
            .iter()
            .copied()
            .filter(move |&(s, _)| board.cell(s) == Cell::of(color) && !dead[s])
    }
}

/// Reads the chain at `stone` into a [`ChainTable`]'s parts: its liberty
/// count on each of its stones in `libs` and, when it is in atari, its
/// entry in `atari` (its first live stone, or its first stone when all are
/// dead, and its liberty). Returns its stones.
fn read_chain(
    board: &Board,
    stone: usize,
    dead: &[bool],
    libs: &mut [u32],
    atari: &mut Vec<(usize, usize)>,
) -> Vec<usize> {
    let (stones, n) = board.chain(stone);
    for &s in &stones {
        libs[s] = n as u32;
    }
    if n == 1 {
        let first = stones.iter().copied().min().unwrap_or(stone);
        let live = stones.iter().copied().filter(|&s| !dead[s]).min();
        atari.push((live.unwrap_or(first), lone_liberty(board, &stones)));
    }
    stones
}
