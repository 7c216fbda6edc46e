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
//! An opponent's move that puts its own stones in atari without
//! capturing is not tried where the owner can take them safely (no ko,
//! the capturing chain left with two liberties). A link through a ko is
//! no link: the opponent has threats elsewhere. Lines that run out of
//! depth or budget count as no link, so errors lean towards the
//! playouts' verdict. Only statuses change here; no point classes.

use lanke_board::{Board, Cell, Visited};
use lanke_sgf::Color;

use crate::benson::PassAlive;
use crate::judgement::{ChainInfo, Status, StatusReason};

/// Nodes one chain's reading may visit.
const LINK_BUDGET: u32 = 800;

/// Plies no line goes past: the owner makes two moves at most (plies 1
/// and 3), enough for a link of two points the opponent cannot block, or
/// for a capture and a link; longer plans (a capture prepared by an
/// atari) are the tactical reader's, not this one's.
const LINK_DEPTH: u32 = 4;

/// Turns alive each chain the playouts judged dead (`Playouts`, or
/// `SharedFate`: theirs with the confidence of a chain it cannot be cut
/// from) that joins, the opponent moving first, a chain of its colour
/// within three points of it that the judgement holds alive: joined, they
/// are one group, whose fate is the live chain's. The linked chain takes
/// the confidence of the least sure anchor it needs (anchors are tried
/// surest first), so a link to a doubtful group leaves it open. A chain
/// so turned may be the next one's anchor.
pub(crate) fn settle_links(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    chain_of: &[usize],
    infos: &mut [ChainInfo],
    sure: &[PassAlive; 2],
) {
    loop {
        let mut turned = false;
        for (k, (color, stones)) in chains.iter().enumerate() {
            let info = &infos[k];
            let playouts_verdict = matches!(
                info.reason,
                StatusReason::Playouts | StatusReason::SharedFate
            );
            if info.status != Status::Dead || !playouts_verdict {
                continue;
            }
            // Each stone near the chain that may anchor it, with the
            // confidence it lends.
            let anchors: Vec<(usize, f32)> = board
                .within_two_of(&board.liberties_of(stones))
                .into_iter()
                .filter(|&i| board.cell(i) == Cell::of(*color) && chain_of[i] != k)
                .filter_map(|i| {
                    let anchor = &infos[chain_of[i]];
                    if sure[color.index()].alive[i] {
                        Some((i, 1.0))
                    } else {
                        (anchor.status == Status::Alive).then_some((i, anchor.confidence))
                    }
                })
                .collect();
            let mut levels: Vec<f32> = anchors.iter().map(|&(_, c)| c).collect();
            levels.sort_by(|a, b| b.total_cmp(a));
            levels.dedup();
            let linked_at = levels.into_iter().find(|&level| {
                let at_least: Vec<usize> = anchors
                    .iter()
                    .filter(|&&(_, c)| c >= level)
                    .map(|&(i, _)| i)
                    .collect();
                links_whoever_moves(board, stones[0], &at_least)
            });
            if let Some(confidence) = linked_at {
                let info = &mut infos[k];
                info.status = Status::Alive;
                info.confidence = confidence;
                info.reason = StatusReason::Links;
                turned = true;
            }
        }
        if !turned {
            break;
        }
    }
}

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
    /// Apart from every anchor.
    Apart(Apart),
}

/// The chain being linked, apart from every anchor.
struct Apart {
    stones: Vec<usize>,
    liberties: Vec<usize>,
    /// Its stones, marked.
    mine: Visited,
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
        let (stones, _) = b.chain(self.stone);
        let liberties = b.liberties_of(&stones);
        let mut mine = Visited::new();
        for &s in &stones {
            mine.insert(s);
        }
        if liberties.len() >= 2 && self.anchors.iter().any(|&a| mine.contains(a)) {
            Standing::Joined
        } else {
            Standing::Apart(Apart {
                stones,
                liberties,
                mine,
            })
        }
    }

    /// The empty points between the chain and home (the chains holding
    /// an anchor): beside one of them and beside the other or next to an
    /// empty point that is; with the chain's own liberties when it has
    /// two or fewer.
    fn between(&self, b: &Board, chain: &Apart) -> Vec<usize> {
        let (mine, liberties) = (&chain.mine, &chain.liberties);
        let mut home = Visited::new();
        for &a in self.anchors {
            if b.cell(a) == Cell::of(self.owner) && !home.contains(a) && !mine.contains(a) {
                for s in b.chain(a).0 {
                    home.insert(s);
                }
            }
        }
        let empty = |i: usize| b.cell(i) == Cell::Empty;
        let beside =
            |i: usize, side: &Visited| Board::neighbours(i).iter().any(|&n| side.contains(n));
        let near = |i: usize, side: &Visited| {
            beside(i, side)
                || Board::neighbours(i)
                    .iter()
                    .any(|&n| empty(n) && beside(n, side))
        };
        // Every candidate lies within two steps of the chain.
        let mut out: Vec<usize> = b
            .within_two_of(liberties)
            .into_iter()
            .filter(|&i| empty(i))
            .filter(|&i| (beside(i, mine) && near(i, &home)) || (beside(i, &home) && near(i, mine)))
            .collect();
        if liberties.len() <= 2 {
            for &l in liberties {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out
    }

    /// The liberties of the opponent's chains in atari beside the chain
    /// (`stones`): the owner's captures, and the opponent's extensions.
    fn in_atari_beside(&self, b: &Board, stones: &[usize]) -> Vec<usize> {
        let foe = Cell::of(self.owner.opponent());
        let mut seen = Visited::new();
        let mut out = Vec::new();
        for &s in stones {
            for n in Board::neighbours(s) {
                if b.cell(n) != foe || seen.contains(n) {
                    continue;
                }
                let (chain, liberties) = b.chain(n);
                for c in chain {
                    seen.insert(c);
                }
                if liberties == 1 {
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

    /// Can the owner take the opponent's stone just played at `m`, in
    /// atari, and keep it: no ko, the capturing chain left with two
    /// liberties or more?
    fn taken_safely(&self, b: &Board, m: usize) -> bool {
        let Some(([l], 1)) = b.liberties_at_most::<1>(m) else {
            return false;
        };
        let mut next = b.clone();
        let r = next.play(self.owner, l);
        r.suicided == 0
            && r.captured > 0
            && r.ko_point().is_none()
            && next.liberties_at_most::<1>(l).is_none()
    }

    /// The moves to try at a node (the points between, and the
    /// liberties of the opponent's chains in atari beside the chain; the
    /// captures first for the owner), or the node's value where the line
    /// is over: joined, captured, or out of depth or budget.
    fn node_moves(&mut self, b: &Board, depth: u32, owner: bool) -> Result<Vec<usize>, bool> {
        let chain = match self.standing(b) {
            Standing::Captured => return Err(false),
            Standing::Joined => return Err(true),
            Standing::Apart(chain) => chain,
        };
        if self.spent(depth) {
            return Err(false);
        }
        let between = self.between(b, &chain);
        let in_atari = self.in_atari_beside(b, &chain.stones);
        let (mut moves, rest) = if owner {
            (in_atari, between)
        } else {
            (between, in_atari)
        };
        for m in rest {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        Ok(moves)
    }

    fn opponent_to_move(&mut self, b: &Board, depth: u32, ko_ban: Option<usize>) -> bool {
        let moves = match self.node_moves(b, depth, false) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        let opponent = self.owner.opponent();
        for m in moves {
            if Some(m) == ko_ban {
                continue;
            }
            let mut next = b.clone();
            let r = next.play(opponent, m);
            if r.suicided > 0 || (r.captured == 0 && self.taken_safely(&next, m)) {
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
        let moves = match self.node_moves(b, depth, true) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        for m in moves {
            if Some(m) == ko_ban {
                continue;
            }
            let mut next = b.clone();
            let r = next.play(self.owner, m);
            if r.suicided > 0 || r.ko_point().is_some() {
                continue;
            }
            match self.standing(&next) {
                Standing::Joined => return true,
                // A move that leaves the chain in atari is no answer.
                Standing::Apart(chain)
                    if chain.liberties.len() >= 2
                        && self.opponent_to_move(&next, depth + 1, None) =>
                {
                    return true;
                }
                _ => {}
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
        // White's wall stands on b1-b3 (top rows); White's stone at c4
        // joins it at c3 or b4, whichever Black leaves.
        let anchors = [at(1, 0), at(1, 1), at(1, 2)];
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
        // A stone two points below the wall's end is cut: Black blocks
        // at c4, and White's two moves around it are blocked in turn.
        let two_below = board_from_rows(&[
            ".O.....", //
            ".O.....", //
            ".O.....", //
            ".......", //
            "..O....", //
            ".......", //
            ".......", //
        ]);
        assert!(!links_whoever_moves(&two_below, at(2, 4), &anchors));
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
