//! Stage 1k of the judgement: stones the playouts give up that join a live
//! group of their colour whatever the opponent does. Random playouts cut
//! such stones off now and then (a block their policy plays at one of two
//! linking points, a connection they never make), so a chain with two
//! ways home can end the opponent's in most of them; a player reads the
//! link and counts the stones alive. Judan 59/14: White's eleven stones
//! at fc–ii join White's left side at ed, or through ee and fe if Black
//! blocks at ed, since Black's fe is then a self-atari White takes at eg.
//!
//! The reading is a small search over the points between the chain and
//! the live chains near it (the empty points beside one within two steps
//! of the other), the opponent moving first, with the captures of the
//! opponent's chains in atari beside the chain among the owner's answers.
//! The opponent's moves that put their own stones in atari without
//! capturing are not tried: the owner takes them. Lines that run out of
//! depth or budget count as no link, so errors lean towards the playouts'
//! verdict. Only statuses change here.

use lanke_board::{Board, Cell, Visited};
use lanke_sgf::Color;

/// Nodes one chain's reading may visit.
const LINK_BUDGET: u32 = 800;

/// Plies no line goes past: the owner makes two moves at most, enough
/// for a link of two points the opponent cannot block, or for a capture
/// and a link; longer plans (a capture prepared by an atari) are the
/// tactical reader's, not this one's.
const LINK_DEPTH: u32 = 5;

/// Does the owner of the chain at `stone` join it, with the opponent
/// moving first, to a chain holding one of `anchors` (stones of its
/// colour), the joined chain left with two liberties or more?
pub(crate) fn links_whoever_moves(board: &Board, stone: usize, anchors: &[usize]) -> bool {
    let Some(owner) = board.cell(stone).color() else {
        return false;
    };
    let mut reader = LinkReader {
        stone,
        anchors,
        owner,
        nodes: 0,
    };
    reader.opponent_to_move(board, 0, None)
}

struct LinkReader<'a> {
    stone: usize,
    anchors: &'a [usize],
    owner: Color,
    nodes: u32,
}

/// Where a line stands for the chain being linked.
enum Standing {
    Captured,
    Joined,
    Apart,
}

impl LinkReader<'_> {
    fn spent(&mut self, depth: u32) -> bool {
        self.nodes += 1;
        self.nodes > LINK_BUDGET || depth >= LINK_DEPTH
    }

    fn standing(&self, b: &Board) -> Standing {
        if b.cell(self.stone) != Cell::of(self.owner) {
            return Standing::Captured;
        }
        let (stones, libs) = b.chain(self.stone);
        let mut mine = Visited::new();
        for &s in &stones {
            mine.insert(s);
        }
        if libs >= 2 && self.anchors.iter().any(|&a| mine.contains(a)) {
            Standing::Joined
        } else {
            Standing::Apart
        }
    }

    /// The chain's stones and the stones of the chains holding an anchor.
    fn sides(&self, b: &Board) -> (Visited, Visited) {
        let mut mine = Visited::new();
        for s in b.chain(self.stone).0 {
            mine.insert(s);
        }
        let mut home = Visited::new();
        for &a in self.anchors {
            if b.cell(a) == Cell::of(self.owner) && !home.contains(a) && !mine.contains(a) {
                for s in b.chain(a).0 {
                    home.insert(s);
                }
            }
        }
        (mine, home)
    }

    /// The empty points between the chain and home: beside one of them
    /// and beside the other or next to an empty point that is; with the
    /// chain's own liberties when it has two or fewer.
    fn between(&self, b: &Board) -> Vec<usize> {
        let (mine, home) = self.sides(b);
        let beside =
            |i: usize, side: &Visited| Board::neighbours(i).iter().any(|&n| side.contains(n));
        let empty = |i: usize| b.cell(i) == Cell::Empty;
        let near = |i: usize, side: &Visited| {
            beside(i, side)
                || Board::neighbours(i)
                    .iter()
                    .any(|&n| empty(n) && beside(n, side))
        };
        let mut out: Vec<usize> = b
            .points()
            .filter(|&i| empty(i))
            .filter(|&i| {
                (beside(i, &mine) && near(i, &home)) || (beside(i, &home) && near(i, &mine))
            })
            .collect();
        let libs = b.chain_liberties(self.stone);
        if libs.len() <= 2 {
            for l in libs {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out
    }

    /// The liberties of the opponent's chains in atari beside the chain:
    /// the owner's captures, and the opponent's extensions.
    fn in_atari_beside(&self, b: &Board) -> Vec<usize> {
        let foe = Cell::of(self.owner.opponent());
        let (stones, _) = b.chain(self.stone);
        let mut out = Vec::new();
        for s in stones {
            for n in Board::neighbours(s) {
                if b.cell(n) == foe {
                    if let Some(([l], 1)) = b.liberties_at_most::<1>(n) {
                        if !out.contains(&l) {
                            out.push(l);
                        }
                    }
                }
            }
        }
        out
    }

    fn opponent_to_move(&mut self, b: &Board, depth: u32, ko_ban: Option<usize>) -> bool {
        match self.standing(b) {
            Standing::Captured => return false,
            Standing::Joined => return true,
            Standing::Apart => {}
        }
        if self.spent(depth) {
            return false;
        }
        let opponent = self.owner.opponent();
        let mut moves = self.between(b);
        for m in self.in_atari_beside(b) {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        for m in moves {
            if Some(m) == ko_ban {
                continue;
            }
            let mut next = b.clone();
            let r = next.play(opponent, m);
            if r.suicided > 0 || (r.captured == 0 && next.chain_liberties(m).len() <= 1) {
                continue;
            }
            if !self.owner_to_move(&next, depth + 1, r.ko_point()) {
                return false;
            }
        }
        // The opponent may also leave the link alone.
        self.owner_to_move(b, depth + 1, None)
    }

    fn owner_to_move(&mut self, b: &Board, depth: u32, ko_ban: Option<usize>) -> bool {
        match self.standing(b) {
            Standing::Captured => return false,
            Standing::Joined => return true,
            Standing::Apart => {}
        }
        if self.spent(depth) {
            return false;
        }
        let mut moves = self.in_atari_beside(b);
        for m in self.between(b) {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        for m in moves {
            if Some(m) == ko_ban {
                continue;
            }
            let mut next = b.clone();
            let r = next.play(self.owner, m);
            if r.suicided > 0 {
                continue;
            }
            if matches!(self.standing(&next), Standing::Joined) {
                return true;
            }
            if next.cell(self.stone) == Cell::Empty || next.chain_liberties(self.stone).len() <= 1 {
                continue;
            }
            if self.opponent_to_move(&next, depth + 1, r.ko_point()) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{at, board_from_rows};

    #[test]
    fn a_stone_with_two_ways_home_is_linked() {
        // White's stone at c3 joins the wall at b1..b5 through b3 or,
        // if Black blocks there, through c2/c4 diagonals.
        let board = board_from_rows(&[
            ".O.....", //
            ".O.....", //
            ".O.....", //
            ".......", //
            "..O....", //
            ".......", //
            ".......", //
        ]);
        let anchors = [at(1, 0), at(1, 1), at(1, 2)];
        // Two steps apart in a straight line: one block cuts it.
        assert!(!links_whoever_moves(&board, at(2, 4), &anchors));
        let diagonal = board_from_rows(&[
            ".O.....", //
            ".O.....", //
            ".O.....", //
            "..O....", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        assert!(links_whoever_moves(&diagonal, at(2, 3), &anchors));
    }

    #[test]
    fn blocking_stones_in_atari_do_not_cut() {
        // White's three stones at c2-c4 join the wall on the a-line at
        // b3; Black's b2 and b4 stand in atari, and a block at b3 would
        // be a suicide, so White takes them there.
        let board = board_from_rows(&[
            "O......", //
            "OO.....", //
            "OXO....", //
            "O.O....", //
            "OXO....", //
            "OO.....", //
            "O......", //
        ]);
        assert!(links_whoever_moves(&board, at(2, 3), &[at(0, 0)]));
        // With b3 Black's, and the two stones out of atari, no link.
        let cut = board_from_rows(&[
            "O......", //
            "O......", //
            "OX.....", //
            "OXO....", //
            "OX.....", //
            "O......", //
            "O......", //
        ]);
        assert!(!links_whoever_moves(&cut, at(2, 3), &[at(0, 0)]));
    }
}
