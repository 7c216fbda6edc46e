//! Tactical reading of one chain: can the attacker, moving first, capture
//! it for good, and where does its owner, moving first, save it?
//!
//! The search is the classic one of go programs' tactical readers: a chain
//! with one liberty is taken at once, one with four or more stands; a chain
//! with two or three is attacked on its liberties (and, with two, on the
//! points next to them: the nets), and defended by capturing a neighbour in
//! atari, by extending, by an atari on a neighbour with two liberties (a
//! capturing race), or by leaving it as it is (liberties the attacker
//! cannot fill, such as two eyes, need no answer). Ladders, nets,
//! throw-ins and snapbacks fall out of that recursion. A simple ko ban is
//! kept along each line, and a capture the owner can take back at
//! once with a bigger chain (a snapback) does not count as a capture.
//!
//! Every question has a node budget; a line that runs out of it is read as
//! a failed attack (the chain stands), so answers are deterministic and
//! errors lean towards "safe". Nothing here knows about territory, dead
//! stones or scores: the callers decide what a capture is worth.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

/// Nodes one top-level question may visit.
pub(crate) const TACTICS_BUDGET: u32 = 600;

/// Plies after which a chain with three liberties is taken as safe: deep
/// lines only continue ladders, which run on two.
const THREE_LIBERTY_DEPTH: u32 = 4;

/// Plies after which nets (moves beside the liberties) are no longer tried.
const NET_DEPTH: u32 = 3;

/// Plies no line goes past (a ladder across the board is about 80).
const MAX_DEPTH: u32 = 120;

/// A tactical reader: one budget per question asked.
pub(crate) struct Tactics {
    nodes: u32,
    budget: u32,
    /// Whether a capture the owner takes back at once (a snapback) still
    /// counts: it does for a stone one is about to play (the stones are
    /// lost all the same), not for a threat to the opponent.
    snapback_counts: bool,
}

impl Tactics {
    pub(crate) fn new(budget: u32) -> Tactics {
        Tactics {
            nodes: 0,
            budget,
            snapback_counts: false,
        }
    }

    /// A reader for which any capture counts, a snapback's too.
    pub(crate) fn any_capture(budget: u32) -> Tactics {
        Tactics {
            snapback_counts: true,
            ..Tactics::new(budget)
        }
    }

    /// The opponent of the chain at `stone` moves first: a move with which
    /// it captures the chain for good, if any. `ko_ban` is a point the
    /// attacker may not play at once.
    pub(crate) fn attack(
        &mut self,
        board: &Board,
        stone: usize,
        ko_ban: Option<usize>,
    ) -> Option<usize> {
        self.nodes = 0;
        self.attack_at(board, stone, ko_ban, 0)
    }

    /// Every move of the owner of the chain at `stone` after which the
    /// attacker moving first cannot take it (the chain under attack), in
    /// the reader's order.
    pub(crate) fn saving_moves(
        &mut self,
        board: &Board,
        stone: usize,
        ko_ban: Option<usize>,
    ) -> Vec<usize> {
        defence_moves(board, stone)
            .into_iter()
            .filter(|&m| Some(m) != ko_ban && self.saves(board, stone, m))
            .collect()
    }

    /// Is there a move of the owner of the chain at `stone` after which
    /// the attacker moving first cannot take it? [`Tactics::saving_moves`]
    /// stopped at the first.
    pub(crate) fn can_save(&mut self, board: &Board, stone: usize, ko_ban: Option<usize>) -> bool {
        defence_moves(board, stone)
            .into_iter()
            .any(|m| Some(m) != ko_ban && self.saves(board, stone, m))
    }

    /// Does the owner's move `m` save the chain at `stone`? A question of
    /// its own, with its own budget.
    fn saves(&mut self, board: &Board, stone: usize, m: usize) -> bool {
        self.nodes = 0;
        self.holds_after(board, stone, m, 0)
    }

    fn spent(&mut self) -> bool {
        self.nodes += 1;
        self.nodes > self.budget
    }

    /// Attacker to move against the chain at `stone`.
    fn attack_at(
        &mut self,
        board: &Board,
        stone: usize,
        ko_ban: Option<usize>,
        depth: u32,
    ) -> Option<usize> {
        if self.spent() || depth > MAX_DEPTH {
            return None;
        }
        let owner = board.cell(stone).color()?;
        let attacker = owner.opponent();
        let (libs, n) = board.liberties_at_most::<3>(stone)?;
        if n == 1 {
            let l = libs[0];
            return (Some(l) != ko_ban
                && (self.snapback_counts || capture_sticks(board, attacker, l)))
            .then_some(l);
        }
        if n == 3 && depth >= THREE_LIBERTY_DEPTH {
            return None;
        }
        for m in attack_moves(board, &libs[..n], depth, attacker) {
            if Some(m) == ko_ban {
                continue;
            }
            let mut b = board.clone();
            let r = b.play(attacker, m);
            if r.suicided > 0 {
                continue;
            }
            if b.cell(stone) == Cell::Empty {
                return Some(m);
            }
            // An attacking stone left in atari that the owner takes back
            // is answered by `defended` (it tries that capture).
            if !self.defended(&b, stone, m, r.ko_point(), depth + 1) {
                return Some(m);
            }
        }
        None
    }

    /// Owner to move, the chain at `stone` under attack: can it be saved?
    fn defended(
        &mut self,
        board: &Board,
        stone: usize,
        attacked_at: usize,
        ko_ban: Option<usize>,
        depth: u32,
    ) -> bool {
        // Out of budget, or with liberties to spare, the chain stands.
        if self.spent() || depth > MAX_DEPTH || board.liberties_at_most::<3>(stone).is_none() {
            return true;
        }
        // The owner may also leave the chain as it is: two liberties
        // the attacker cannot fill (two eyes) need no move.
        let mut moves = defence_moves(board, stone);
        // An attacking stone played away from the chain (a net, an
        // approach) that is itself short of liberties is answered on its
        // liberties too: the stone it threatens is often another chain.
        if let Some((libs, n)) = board.liberties_at_most::<2>(attacked_at) {
            for &l in &libs[..n] {
                if !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
        moves
            .into_iter()
            .any(|m| Some(m) != ko_ban && self.holds_after(board, stone, m, depth))
            || self.attack_at(board, stone, None, depth + 1).is_none()
    }

    /// Does the chain at `stone` stand after its owner plays `m`, the
    /// attacker moving next?
    fn holds_after(&mut self, board: &Board, stone: usize, m: usize, depth: u32) -> bool {
        let Some(owner) = board.cell(stone).color() else {
            return false;
        };
        let mut b = board.clone();
        let r = b.play(owner, m);
        r.suicided == 0
            && b.cell(stone) != Cell::Empty
            && self.attack_at(&b, stone, r.ko_point(), depth + 1).is_none()
    }
}

/// The attacker's candidate moves against a chain with liberties `libs`:
/// the liberties, the one that leaves the chain fewest liberties first;
/// with two liberties and early in a line, also the empty points beside
/// them (a net) and the other liberty of an `attacker`'s chain of two
/// beside them (an approach move).
fn attack_moves(board: &Board, libs: &[usize], depth: u32, attacker: Color) -> Vec<usize> {
    let mut moves: Vec<usize> = libs.to_vec();
    // Playing where the chain would gain most if it extended comes first
    // (the ladder's direction).
    moves.sort_by_key(|&l| std::cmp::Reverse(empty_neighbours(board, l)));
    if libs.len() == 2 && depth < NET_DEPTH {
        for &l in libs {
            for n in Board::neighbours(l) {
                if board.cell(n) == Cell::Empty && !moves.contains(&n) {
                    moves.push(n);
                }
            }
        }
        // An approach move: an attacker's chain of two liberties beside a
        // liberty of the target would be put in atari by filling that
        // liberty, and taken; its other liberty comes first.
        for &l in libs {
            for n in Board::neighbours(l) {
                if board.cell(n) != Cell::of(attacker) {
                    continue;
                }
                if let Some((own, 2)) = board.liberties_at_most::<2>(n) {
                    for m in own {
                        if !libs.contains(&m) && !moves.contains(&m) {
                            moves.push(m);
                        }
                    }
                }
            }
        }
    }
    moves
}

fn empty_neighbours(board: &Board, i: usize) -> usize {
    Board::neighbours(i)
        .iter()
        .filter(|&&n| board.cell(n) == Cell::Empty)
        .count()
}

/// The owner's candidate moves for the chain at `stone` (at most three
/// liberties): captures of neighbours in atari, then the liberties, then
/// ataris on neighbours with two liberties (a capturing race is won by
/// shortening the opponent, not by extending).
fn defence_moves(board: &Board, stone: usize) -> Vec<usize> {
    let mut moves = neighbour_liberties(board, stone, 1);
    let add = |m: usize, moves: &mut Vec<usize>| {
        if !moves.contains(&m) {
            moves.push(m);
        }
    };
    if let Some((libs, n)) = board.liberties_at_most::<3>(stone) {
        for &l in &libs[..n] {
            add(l, &mut moves);
        }
    }
    for l in neighbour_liberties(board, stone, 2) {
        add(l, &mut moves);
    }
    moves
}

/// The liberties of the opponent chains next to the chain at `stone` that
/// have exactly `n` liberties (n ≤ 2): with 1, the points where its owner
/// captures a neighbour in atari.
pub(crate) fn neighbour_liberties(board: &Board, stone: usize, n: usize) -> Vec<usize> {
    let Some(owner) = board.cell(stone).color() else {
        return Vec::new();
    };
    let foe = Cell::of(owner.opponent());
    let (stones, _) = board.chain(stone);
    let mut out = Vec::new();
    for (libs, k) in board.short_chains_beside::<2>(&stones, foe, &[]) {
        if k == n {
            for &l in &libs[..k] {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
    }
    out
}

/// Would `by` at the empty point `i` be left with no liberty, or in atari
/// without capturing anything (a stone taken at once)?
pub(crate) fn self_atari(board: &Board, by: Color, i: usize) -> bool {
    let mut b = board.clone();
    let r = b.play(by, i);
    r.suicided > 0 || (r.captured == 0 && b.chain_liberties(i).len() <= 1)
}

/// Does `by` at `l` capture something and keep it? A capture that leaves
/// the capturing chain in atari, bigger than what it took and not in a ko,
/// is answered by taking that chain back (a snapback).
pub(crate) fn capture_sticks(board: &Board, by: Color, l: usize) -> bool {
    let mut b = board.clone();
    let r = b.play(by, l);
    if r.captured == 0 || r.suicided > 0 {
        return false;
    }
    let (stones, libs) = b.chain(l);
    r.ko_point().is_some() || libs >= 2 || stones.len() <= usize::from(r.captured)
}

/// Can the opponent of the chain at `stone`, moving first, capture it?
#[cfg(test)]
fn capturable(board: &Board, stone: usize) -> bool {
    Tactics::new(TACTICS_BUDGET)
        .attack(board, stone, None)
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;
    use crate::board_from_rows;
    use lanke_sgf::Point;

    /// Black c3 (x 2, y 2) with White c2 above, b3 on its left and b4
    /// below that: White's atari at d3 leaves Black's extension to c4 two
    /// liberties only, so the chase runs down the diagonal to the edge.
    const LADDER: [&str; 9] = [
        ".........",
        "..O......",
        ".OX......",
        ".O.......",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    /// Meijin 30 game 23's bottom-right corner after the dame filling
    /// (columns k to s, rows k to s): Black's chain at m2 (x 2, y 7) has
    /// two liberties, n2 and o1, and its neighbours are big White chains.
    /// White's net at p1 does not touch it but puts Black's q2-q1-r1 in
    /// atari; Black answers on p2, the net's other liberty, which joins
    /// everything, and neither o1 nor n2 can then be played: the chain
    /// stands. A reader that answered only on the chain's own liberties
    /// lost it (and called for a protective move the record does not
    /// have).
    #[test]
    fn a_net_that_threatens_another_chain_is_answered_on_its_liberties() {
        let b = board_from_rows(&[
            "OOOOX.XO.",
            "OXXXXXO..",
            "XOOOXXO..",
            "XO.OXXO..",
            "XO.OOO...",
            "XXOOXXO..",
            "OOOX.XOO.",
            "OOX.X.XOO",
            "OXXX..XXO",
        ]);
        assert!(!capturable(&b, at(2, 7)));
    }

    #[test]
    fn a_ladder_works_when_nothing_breaks_it() {
        let b = board_from_rows(&LADDER);
        assert!(capturable(&b, at(2, 2)));
        // Black moving first gets out, by extending on either side.
        let mut t = Tactics::new(TACTICS_BUDGET);
        let mut saves = t.saving_moves(&b, at(2, 2), None);
        saves.sort_unstable();
        assert_eq!(saves, vec![at(3, 2), at(2, 3)]);
    }

    /// White's two chains on the edge share their two liberties, c2 and
    /// d1 (x 2, y 1 and x 3, y 0). Black filling d1 at once joins e1,
    /// which then has no liberty but f1, and White takes them there; c2
    /// is suicide. Black connects e1 at f1 first (the approach move),
    /// after which nothing saves White. (Aizu 12 P24, bottom centre.)
    #[test]
    fn an_approach_move_comes_before_filling_a_liberty() {
        let rows = [
            "XOO.X.X..", //
            "XO.OOXX..",
            "XXOOXXX..",
            "XXXXXXX..",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        let b = board_from_rows(&rows);
        let mut t = Tactics::new(TACTICS_BUDGET);
        assert_eq!(t.attack(&b, at(3, 1), None), Some(at(5, 0)));
        assert!(t.saving_moves(&b, at(3, 1), None).is_empty());
    }

    #[test]
    fn a_ladder_breaker_saves_the_stone() {
        let mut rows = LADDER;
        rows[6] = "......X..";
        let b = board_from_rows(&rows);
        assert!(!capturable(&b, at(2, 2)));
    }

    #[test]
    fn a_capturing_race_is_won_by_shortening_the_opponent() {
        // Black b1 c1 (liberties a1, d1) against White b2 c2 (liberties a2,
        // d2, which Black's wall a3-d3 shares), White strong on the right.
        // White moving first takes b1 c1 (a1, then d1). Black moving first
        // saves them only by d2: it takes a liberty of White's two stones
        // and cuts them from the right, and White's a2 then leaves them in
        // atari at a1. Extending at a1 or d1 gains nothing.
        let b = board_from_rows(&[
            ".XX.O", //
            ".OO.O", "XXXXO", "OOOOO", ".....",
        ]);
        let black = at(1, 0);
        assert!(capturable(&b, black));
        let mut t = Tactics::new(TACTICS_BUDGET);
        assert_eq!(t.saving_moves(&b, black, None), vec![at(3, 1)]);
    }

    #[test]
    fn three_liberties_in_the_open_are_safe() {
        // Black e5 (x 4, y 4) on 9x9 with one white neighbour: three liberties
        // and room to run.
        let mut b = Board::new(9);
        b.put(Point::new(4, 4), Cell::Black);
        b.put(Point::new(4, 3), Cell::White);
        assert!(!capturable(&b, at(4, 4)));
    }

    #[test]
    fn a_snapback_capture_does_not_stick() {
        // White's four stones (a1 a2 b2 c2) have one liberty, c1; Black's
        // lone stone at b1 is in atari there too. White taking b1 at c1
        // leaves its own five-stone chain with one liberty, b1: Black
        // takes the five back (a snapback).
        let snap = board_from_rows(&["OX.X", "OOOX", "XXXX", "...."]);
        assert!(!capture_sticks(&snap, Color::White, at(2, 0)));
        // White taking two stones with a lone stone left in atari keeps
        // them: Black's recapture takes back only one.
        let two = board_from_rows(&["XX.X", "OOXX", "..X.", "...."]);
        assert!(capture_sticks(&two, Color::White, at(2, 0)));
        // A ko: the lone capturing stone may not be taken back at once.
        let ko = board_from_rows(&[".XO.", "XO.O", ".XO.", "...."]);
        assert!(capture_sticks(&ko, Color::Black, at(2, 1)));
    }
}
