//! What one dame fill does to the chains around it — puts an opponent
//! chain in atari, forces a protective move on the opponent (among them
//! the cut against dead stones that could walk out, `rescue_point`),
//! weakens the filler's own shape, leaves a seki's shared liberty to
//! spare; where a stone pushes into the other colour's territory
//! (`pushed_into`): the tests the filler's greedy rule and its protective
//! moves (`filling`) read. No filling here.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::double_atari::{leaves_double_atari, may_leave_double_atari};
use crate::filling::inside_own;
use crate::judgement::PointClass;
use crate::shortage::{capturable, capture_sticks_with_dead, SHORTAGE_DEPTH};
use crate::tactics;

/// Is a live chain of `color` next to `i` down to two liberties or fewer?
/// Only such a chain can be put in atari by a stone at `i`.
fn near_short_chain(board: &Board, color: Color, i: usize, dead: &[bool], libs: &[u32]) -> bool {
    Board::neighbours(i)
        .iter()
        .any(|&n| board.cell(n) == Cell::of(color) && !dead[n] && libs[n] <= 2)
}

/// Puts a live chain of `color`'s opponent in atari?
pub(crate) fn threatens(
    board: &Board,
    color: Color,
    i: usize,
    dead: &[bool],
    libs: &[u32],
) -> bool {
    if !near_short_chain(board, color.opponent(), i, dead, libs) {
        return false;
    }
    let mut b = board.clone();
    b.play(color, i);
    Board::neighbours(i).iter().any(|&n| {
        b.cell(n) == Cell::of(color.opponent()) && !dead[n] && b.chain_liberties(n).len() == 1
    })
}

/// Would `by` playing the empty point `i` put a chain of the other colour in
/// atari whose only liberty lies in that colour's own territory or seki eye,
/// leave it a double atari (`double_atari`), or make a point of its
/// territory beside `i` one where `by` would join dead stones to the stone
/// at `i` and save them (`rescue_point`), so that it owes a protective
/// move?
pub(crate) fn forces_protection(
    board: &Board,
    by: Color,
    i: usize,
    class_at: &impl Fn(usize) -> PointClass,
    dead: &[bool],
    libs: &[u32],
) -> bool {
    let victim = by.opponent();
    if threatens_rescue(board, by, i, class_at, dead) {
        return true;
    }
    let atari = near_short_chain(board, victim, i, dead, libs);
    let double_atari = may_leave_double_atari(board, by, i, dead, libs);
    if !atari && !double_atari {
        return false;
    }
    let mut b = board.clone();
    let r = b.play(by, i);
    if r.suicided > 0 {
        return false;
    }
    atari
        && Board::neighbours(i).iter().any(|&n| {
            if b.cell(n) != Cell::of(victim) || dead[n] {
                return false;
            }
            let libs = b.chain_liberties(n);
            libs.len() == 1
                && inside_own(class_at(libs[0]), victim)
                && capture_sticks_with_dead(&b, by, libs[0], dead)
        })
        || double_atari && leaves_double_atari(&b, by, i, dead, |m| class_at(m) == PointClass::Dame)
}

/// The colour whose territory the point `t` is: an empty point classed
/// its territory, or the point of a dead stone of the other colour, taken
/// (never a seki's eye).
pub(crate) fn territory_of(t: usize, class_at: &impl Fn(usize) -> PointClass) -> Option<Color> {
    match class_at(t) {
        PointClass::Territory(c) => Some(c),
        PointClass::DeadStone(c) => Some(c.opponent()),
        _ => None,
    }
}

/// Does `by` push into the other colour's territory at `t`: an empty
/// point of it (`territory_of`) beside a live stone of `by`, where `by`'s
/// stone would keep two liberties or more? Left so, `by` fills it, a
/// point its owner loses, and goes on to the next point behind; so the
/// owner fills it first — a protective move, the one point the Japanese
/// count charges either way (Honinbo 33/17: White's fill at in, beside
/// Black's corner territory, is answered at jn, and Kisei 2014 game 1's
/// at sj at sk, as the records count; NEC 6/11: Black answers at ip
/// White's protective move at jp).
pub(crate) fn pushed_into(
    board: &Board,
    by: Color,
    t: usize,
    class_at: &impl Fn(usize) -> PointClass,
    dead: &[bool],
) -> bool {
    board.cell(t) == Cell::Empty
        && territory_of(t, class_at) == Some(by.opponent())
        && Board::neighbours(t)
            .into_iter()
            .any(|n| board.cell(n) == Cell::of(by) && !dead[n])
        && !tactics::self_atari(board, by, t)
}

/// Would `side` filling the dame `i` weaken itself: leave the chain the
/// new stone joins with two liberties, one a dame the opponent can fill,
/// so that the opponent's fill puts it in atari where saving it costs
/// (the last liberty lies in `side`'s own territory or seki eye: a
/// protective move another dame would not have cost) or fails (the last
/// liberty is a dame, but extending there leaves the chain in atari
/// still)? A player fills the harmless dame first.
pub(crate) fn weakens(
    board: &Board,
    side: Color,
    i: usize,
    class_at: &impl Fn(usize) -> PointClass,
    dead: &[bool],
    chain_libs: &[u32],
) -> bool {
    // Three empty neighbours, or an own chain with four liberties that
    // keeps three, leave the new chain three liberties or more.
    let mut empty = 0;
    for n in Board::neighbours(i) {
        match board.cell(n) {
            Cell::Empty => empty += 1,
            c if c == Cell::of(side) && chain_libs[n] >= 4 => return false,
            _ => {}
        }
    }
    if empty >= 3 {
        return false;
    }
    let mut b = board.clone();
    let r = b.play(side, i);
    if r.captured > 0 || r.suicided > 0 {
        return false;
    }
    let libs = b.chain_liberties(i);
    if libs.len() != 2 {
        return false;
    }
    let own = |m: usize| inside_own(class_at(m), side);
    libs.iter().any(|&l| {
        let other = if libs[0] == l { libs[1] } else { libs[0] };
        let free_escape = |t: &Board| {
            let mut u = t.clone();
            let r = u.play(side, other);
            r.suicided == 0 && (r.captured > 0 || u.chain_liberties(other).len() >= 2)
        };
        if class_at(l) != PointClass::Dame || !(own(other) || class_at(other) == PointClass::Dame) {
            return false;
        }
        let mut t = b.clone();
        let r = t.play(side.opponent(), l);
        r.suicided == 0
            && t.chain_liberties(l).len() >= 2
            && capture_sticks_with_dead(&t, side.opponent(), other, dead)
            && (own(other) || !free_escape(&t))
    })
}

/// Would `by` at the empty point `i` make a point of the other colour's
/// territory beside `i` a rescue point (`rescue_point`) for dead stones
/// of `by` beside it?
fn threatens_rescue(
    board: &Board,
    by: Color,
    i: usize,
    class_at: &impl Fn(usize) -> PointClass,
    dead: &[bool],
) -> bool {
    // A point of the other colour's territory beside `i` and beside dead
    // stones of `by`: only such a point can become a rescue point.
    let candidate = |e: usize| {
        board.cell(e) == Cell::Empty
            && inside_own(class_at(e), by.opponent())
            && Board::neighbours(e)
                .iter()
                .any(|&n| board.cell(n) == Cell::of(by) && dead[n])
    };
    let near = Board::neighbours(i);
    if !near.iter().any(|&e| candidate(e)) {
        return false;
    }
    let mut b = board.clone();
    b.play(by, i);
    near.iter()
        .any(|&e| candidate(e) && rescue_point(&b, by, e, class_at, dead))
}

/// Is the empty point `e` one where `by` would join dead stones of its own
/// to a live chain of its own (it stands beside both) that holds a stone
/// judged alive (not only stones the filling added), into a chain the
/// other colour, moving first, could not take (`capturable`)? Dead stones
/// that can walk out so are dead only if the territory's owner fills `e`
/// first: a protective move.
pub(crate) fn rescue_point(
    board: &Board,
    by: Color,
    e: usize,
    class_at: &impl Fn(usize) -> PointClass,
    dead: &[bool],
) -> bool {
    let ns = Board::neighbours(e);
    let beside = |live: bool| {
        ns.iter()
            .any(|&n| board.cell(n) == Cell::of(by) && dead[n] != live)
    };
    if board.cell(e) != Cell::Empty || !beside(false) || !beside(true) {
        return false;
    }
    let mut b = board.clone();
    let r = b.play(by, e);
    if r.suicided > 0 {
        return false;
    }
    let (stones, _) = b.chain(e);
    stones
        .iter()
        .any(|&s| class_at(s) == PointClass::LiveStone(by))
        && !capturable(&b, e, by.opponent(), dead, SHORTAGE_DEPTH)
}

/// Can `side` fill the shared seki liberty `i` and leave every live chain
/// next to it with two liberties or more? A seki with three shared
/// liberties has one to spare: whoever fills first takes it (seed 000's
/// 单方有权收官图, read out exhaustively: either side may), and the seki
/// stands on the other two.
pub(crate) fn spare_shared_liberty(board: &Board, side: Color, i: usize, dead: &[bool]) -> bool {
    let mut b = board.clone();
    let r = b.play(side, i);
    if r.captured > 0 || r.suicided > 0 {
        return false;
    }
    std::iter::once(i)
        .chain(Board::neighbours(i))
        .all(|n| b.cell(n).color().is_none() || dead[n] || b.chain_liberties(n).len() >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;
    use crate::board_from_top_rows;
    use crate::chain_table::ChainTable;

    /// Three dame between Black's wall (c1-c3) and White's stones: d1, e1
    /// and e2. Black filling e1 stands alone with d1 and e2; White's d1
    /// puts it in atari and the extension to e2 has no liberty, so the
    /// stone is lost. Black filling d1 joins the wall and weakens nothing.
    #[test]
    fn a_dame_whose_stone_the_opponent_can_take_weakens_its_filler() {
        let b = board_from_top_rows(
            9,
            &[
                "..X..O...", //
                "..XO.O...",
                "XXXOOO...",
            ],
        );
        let dame = [at(3, 0), at(4, 0), at(4, 1)];
        let class_at = |i: usize| {
            if dame.contains(&i) {
                PointClass::Dame
            } else if i == at(0, 0) || i == at(1, 0) || i == at(0, 1) || i == at(1, 1) {
                PointClass::Territory(Color::Black)
            } else {
                PointClass::LiveStone(Color::White)
            }
        };
        let dead = vec![false; at(8, 8) + 1];
        let libs = ChainTable::of(&b, &dead).libs;
        assert!(weakens(&b, Color::Black, at(4, 0), &class_at, &dead, &libs));
        assert!(!weakens(
            &b,
            Color::Black,
            at(3, 0),
            &class_at,
            &dead,
            &libs
        ));
    }
}
