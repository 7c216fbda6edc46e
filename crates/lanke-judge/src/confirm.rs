//! Open chains the judgement's own ending confirms, so that they need no
//! reading the other way round. The test runs on the board the ending
//! leaves (dame and protective moves played, the dead stones the judge is
//! sure of taken off), with the open dead stones standing again:
//!
//! 1. An open chain judged dead is confirmed when it is one of at most
//!    [`FEW_INVADERS`] stones, all judged dead, in a region of points that
//!    are not the other colour's, and every chain walling that region in
//!    is alive by eye space (`big_eyes`) once they are taken off. A few
//!    stones left in a living group's territory have no room for two eyes
//!    against an owner who answers. The region must be closed without
//!    the other colour's own fills: where the ending's dame cut the chain
//!    off from its own live stones, the ending assumed the death it would
//!    confirm (Ryusei 08/A17: White's dame at hk and hj cut Black's gj–gk
//!    from Black's ik, which GNU Go and the record keep joined).
//! 2. With those taken off too, an open chain judged alive is confirmed
//!    when it is alive by eye space — without counting on any open dead
//!    stone still standing — or when the ending joined it to a chain the
//!    judge is sure is alive (a protective move connected it).
//!
//! Only the test lives here; the pipeline decides what it is worth.

use std::cell::OnceCell;

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::big_eyes::alive_on;
use crate::judgement::{
    lowest_confidence, ChainInfo, Fill, Judgement, Status, StatusReason, OPEN_BELOW,
};

/// A colour's regions as `Board::regions_without` gives them: each
/// point's region index, and the regions' points.
type Regions = (Vec<usize>, Vec<Vec<usize>>);

/// The most stones (all judged dead) a region may hold for its dead chain
/// to be confirmed: a larger invasion may hold room for two eyes, which
/// this test does not read.
pub(crate) const FEW_INVADERS: usize = 3;

/// Per chain of `j.chains`: is it open and confirmed by `j`'s ending?
pub(crate) fn confirmed_by_ending(j: &Judgement) -> Vec<bool> {
    // Nothing open, nothing to confirm.
    if !j.chains.iter().any(ChainInfo::is_open) {
        return vec![false; j.chains.len()];
    }
    let mut b = j.filled.clone();
    let mut judged_dead = vec![false; b.points().last().map_or(0, |i| i + 1)];
    for p in j.dead.iter().flatten() {
        judged_dead[Board::idx(*p)] = true;
    }
    for c in j
        .chains
        .iter()
        .filter(|c| c.is_open() && c.status == Status::Dead)
    {
        for &p in &c.stones {
            if b.get(p) == Cell::Empty {
                b.put(p, Cell::of(c.color));
            }
        }
    }
    let regions = [Color::Black, Color::White].map(|c| b.regions_without(c));
    // The regions each colour's walls close without its own fills (a
    // chain its fills cut off is no invader of a closed region), read for
    // an attacker only when one of its open dead chains asks.
    let unfilled: [OnceCell<Regions>; 2] = Default::default();
    let mut confirmed: Vec<bool> = j
        .chains
        .iter()
        .map(|c| {
            let attacker = c.color.opponent();
            let s = Board::idx(c.stones[0]);
            if !c.is_open() || c.status != Status::Dead || b.cell(s) != Cell::of(c.color) {
                return false;
            }
            let (region_of, list) = &regions[attacker.index()];
            let region = &list[region_of[s]];
            let stones: Vec<usize> = region
                .iter()
                .copied()
                .filter(|&p| b.cell(p) != Cell::Empty)
                .collect();
            if stones.len() > FEW_INVADERS || !stones.iter().all(|&p| judged_dead[p]) {
                return false;
            }
            // The region closed by the attacker's walls without its
            // fills: the ending's own cut confirms nothing.
            let (u_of, u_list) = unfilled[attacker.index()]
                .get_or_init(|| regions_without_own_fills(&b, &j.fills, attacker));
            let closed = u_list[u_of[s]]
                .iter()
                .all(|&p| b.cell(p) != Cell::of(c.color) || judged_dead[p]);
            if !closed {
                return false;
            }
            let mut taken = b.clone();
            for &p in &stones {
                taken.put(Board::point(p), Cell::Empty);
            }
            let alive = alive_on(&taken, attacker);
            region
                .iter()
                .flat_map(|&p| Board::neighbours(p))
                .all(|n| taken.cell(n) != Cell::of(attacker) || alive[n])
        })
        .collect();
    for (c, _) in j.chains.iter().zip(&confirmed).filter(|(_, &sure)| sure) {
        for &p in &c.stones {
            b.put(p, Cell::Empty);
        }
    }
    let alive = [Color::Black, Color::White].map(|color| alive_on(&b, color));
    // Stones of chains the judge is sure are alive.
    let mut sure_alive = vec![false; judged_dead.len()];
    for c in j
        .chains
        .iter()
        .filter(|c| c.status == Status::Alive && !c.is_open())
    {
        for &p in &c.stones {
            sure_alive[Board::idx(p)] = true;
        }
    }
    for (k, c) in j.chains.iter().enumerate() {
        if c.is_open() && c.status == Status::Alive {
            let standing = c.stones.iter().all(|&p| b.get(p) == Cell::of(c.color));
            let s = Board::idx(c.stones[0]);
            confirmed[k] = standing
                && (c
                    .stones
                    .iter()
                    .all(|&p| alive[c.color.index()][Board::idx(p)])
                    || b.chain(s).0.iter().any(|&t| sure_alive[t]));
        }
    }
    confirmed
}

/// The regions without `color` on `b` once `color`'s own fills (of
/// `fills`) are lifted again.
fn regions_without_own_fills(b: &Board, fills: &[Fill], color: Color) -> Regions {
    let mut u = b.clone();
    for f in fills.iter().filter(|f| f.color == color) {
        if u.get(f.point) == Cell::of(color) {
            u.put(f.point, Cell::Empty);
        }
    }
    u.regions_without(color)
}

/// Raises each confirmed chain of `chains` to [`OPEN_BELOW`]: settled, at
/// the confidence the reports stop calling uncertain.
pub(crate) fn settle_confirmed(chains: &mut [ChainInfo], confirmed: &[bool]) {
    for (c, _) in chains.iter_mut().zip(confirmed).filter(|(_, &sure)| sure) {
        if c.confidence < OPEN_BELOW {
            c.reason = StatusReason::Confirmed;
        }
        c.confidence = OPEN_BELOW;
    }
}

/// [`settle_confirmed`] on a judgement's chains, its own confidence (the
/// lowest) following.
pub(crate) fn settle_confirmed_in(j: &mut Judgement, confirmed: &[bool]) {
    settle_confirmed(&mut j.chains, confirmed);
    j.confidence = lowest_confidence(&j.chains);
}
