//! Stage 1e's first step: groups the playouts call dead that live by
//! eating a captive — joined through it to a live chain of their colour,
//! or alive by eye space once a big one (a chain `captives` leaves to the
//! playouts as a matter of eyes) is taken. The races themselves are
//! `group_races`'; this module only turns the statuses of a group and
//! the captive it eats.

use crate::captives::is_captive;
use crate::group_races::{Chains, GROUP_STONES};
use crate::judgement::{ChainInfo, Status, StatusReason};

/// A live chain the playouts are this sure of can take in a group joined
/// to it through a capture.
const SURE_ENOUGH: f32 = 0.6;

/// The most stones of a chain `captives` reads for the playouts; larger
/// ones are read here (`eat_big_captives`).
const BIG_CAPTIVE_ABOVE: usize = crate::captives::MAX_STONES;

/// A group the playouts call dead that touches a captive (a chain of the
/// other colour lost whoever moves first, `captives`) which also touches
/// a live chain of the group's colour is connected to that chain through
/// the capture: the captured points join them, and the opponent cannot
/// play back into them. The playouts, which save captives at random and
/// fill the group's liberties first, often lose such a group (Go Seigen
/// Cup 7 game 8: White's 54 stones on the left, joined to White's live
/// stones through five Black stones lost either way). The group lives;
/// the captive is dead.
pub(crate) fn connect_through_captives(
    view: &Chains<'_>,
    infos: &mut [ChainInfo],
    captive: &[bool],
    turned: &mut [bool],
) {
    for k in 0..view.list.len() {
        if infos[k].status != Status::Dead || view.list[k].1.len() < GROUP_STONES {
            continue;
        }
        let joins = view.foes_of(k).into_iter().find(|&c| {
            captive[view.list[c].1[0]]
                && view.foes_of(c).into_iter().any(|j| {
                    j != k && infos[j].status == Status::Alive && infos[j].confidence >= SURE_ENOUGH
                })
        });
        if let Some(c) = joins {
            infos[k].status = Status::Alive;
            infos[k].confidence = 1.0;
            infos[k].reason = StatusReason::EatsCaptive;
            turned[k] = true;
            infos[c].status = Status::Dead;
            infos[c].confidence = 1.0;
            infos[c].reason = StatusReason::EatsCaptive;
            turned[c] = true;
        }
    }
}

/// A live chain of more stones than the playouts' captives (`captives`
/// reads a big chain's life as a matter of eyes) left with two liberties
/// or fewer, which the tactical reader takes whoever moves first — a
/// sacrifice and a throw-in are tactics — and whose other neighbours
/// either share every liberty of it or have more than twice as many (a
/// neighbour short of liberties too is a race, which the reader's
/// defence does not read): a group the playouts call dead beside it,
/// alive by eye space once it is taken, eats it. The group lives; the
/// chain is dead (Oteai 1968/257: White's ten stones on the right edge,
/// two liberties beside a lone Black stone, die to a sacrifice and a
/// throw-in, and Black's 27 stones beside them live).
pub(crate) fn eat_big_captives(
    view: &Chains<'_>,
    infos: &mut [ChainInfo],
    liberties: &[usize],
    proven: &impl Fn(usize) -> bool,
    turned: &mut [bool],
) {
    for c in 0..view.list.len() {
        let stones = &view.list[c].1;
        if infos[c].status != Status::Alive
            || stones.len() <= BIG_CAPTIVE_ABOVE
            || liberties[c] > 2
            || proven(c)
        {
            continue;
        }
        let own = view.board.liberties_of(stones);
        let foes = view.foes_of(c);
        let race_free = foes.iter().all(|&j| {
            liberties[j] > 2 * liberties[c]
                || view
                    .board
                    .liberties_of(&view.list[j].1)
                    .iter()
                    .all(|l| own.contains(l))
        });
        if !race_free {
            continue;
        }
        if !is_captive(view.board, stones[0]) {
            continue;
        }
        let eater = foes.into_iter().find(|&x| {
            infos[x].status == Status::Dead
                && view.list[x].1.len() >= GROUP_STONES
                && view.lives_after_taking(x, &[c])
        });
        if let Some(x) = eater {
            for (k, status) in [(x, Status::Alive), (c, Status::Dead)] {
                infos[k].status = status;
                infos[k].confidence = 1.0;
                infos[k].reason = StatusReason::EatsCaptive;
                turned[k] = true;
            }
        }
    }
}
