//! Stage 1i of the judgement: a seki that is not one. Random playouts
//! never fill a point all of whose neighbours are the mover's own stones
//! (an own eye), which keeps seki alive in them; but such a point may be
//! a connection rather than an eye — between a chain short of liberties
//! beside a shared point and a live group of its colour. A player
//! connects there: the chain joins the group's liberties, and the
//! opponent's chains that shared its liberties, left with no eye, are
//! lost (CJShuko 1983 game 3: Black's three stones at sf–sh link to
//! Black's right side through the eye at se, and White's five stones at
//! qf–rh, which share rg with them, die once Black connects).
//!
//! A link counts only where every opponent chain at the shared point is
//! eyeless (one with an eye of its own is in a race of eye against no
//! eye) and the tactical reader, once the link is played, takes each of
//! them whatever its owner answers; the chains it takes are dead, as sure
//! as the live group the link reaches. Only statuses change here; the
//! point classes are `classes`'.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::benson::chains_around;
use crate::captives::is_captive;
use crate::judgement::{lift_dead, ChainInfo, Status, StatusReason, OPEN_BELOW};

/// Turns to dead the opponent chains of each seki that one side breaks by
/// connecting through its own eye. `shared[i]`: the empty point `i` is a
/// liberty the playouts (or a reading) leave shared between both
/// colours; `chains`, `chain_of` and `infos` as the statuses hold them.
pub(crate) fn break_false_seki(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    chain_of: &[usize],
    infos: &mut [ChainInfo],
    shared: &dyn Fn(usize) -> bool,
) {
    let alive = |k: usize, infos: &[ChainInfo]| infos[k].status == Status::Alive;
    // The board as judged so far: dead stones lifted.
    let (judged, _) = lift_dead(board, infos);
    let points: Vec<usize> = board
        .points()
        .filter(|&i| judged.cell(i) == Cell::Empty && shared(i))
        .collect();
    for s in points {
        let around = |color: Color| chains_around(&judged, Cell::of(color), &[s], chain_of);
        let (black, white) = (around(Color::Black), around(Color::White));
        if black.is_empty() || white.is_empty() {
            continue;
        }
        for (side, own, foes) in [
            (Color::Black, &black, &white),
            (Color::White, &white, &black),
        ] {
            // A foe chain with an eye of its own is in a race of eye
            // against no eye, which the single-chain reader does not read.
            let eyeless = |k: usize| {
                let foe = side.opponent();
                !judged
                    .liberties_of(&chains[k].1)
                    .into_iter()
                    .any(|l| own_eye(&judged, foe, l))
            };
            if !foes.iter().all(|&k| alive(k, infos) && eyeless(k)) {
                continue;
            }
            let Some((link, sure)) = own
                .iter()
                .filter(|&&k| alive(k, infos))
                .find_map(|&k| eye_link(&judged, side, &chains[k].1, chain_of, infos))
            else {
                continue;
            };
            let mut linked = judged.clone();
            linked.play(side, link);
            let lost = |k: usize| is_captive(&linked, chains[k].1[0]);
            if foes.iter().all(|&k| lost(k)) {
                for &k in foes.iter() {
                    infos[k].status = Status::Dead;
                    infos[k].confidence = sure;
                    infos[k].reason = StatusReason::FalseSeki;
                }
                break;
            }
        }
    }
}

/// A liberty of `stones` (a chain of `side`) all of whose neighbours are
/// `side`'s live stones, one of them in another chain judged alive at
/// least at `OPEN_BELOW`: the point that links the chain to that group,
/// with that chain's confidence.
fn eye_link(
    board: &Board,
    side: Color,
    stones: &[usize],
    chain_of: &[usize],
    infos: &[ChainInfo],
) -> Option<(usize, f32)> {
    let own = chain_of[stones[0]];
    board.liberties_of(stones).into_iter().find_map(|e| {
        if !own_eye(board, side, e) {
            return None;
        }
        Board::neighbours(e)
            .iter()
            .filter(|&&n| board.cell(n) == Cell::of(side) && chain_of[n] != own)
            .map(|&n| &infos[chain_of[n]])
            .filter(|c| c.status == Status::Alive && c.confidence >= OPEN_BELOW)
            .map(|c| c.confidence)
            .reduce(f32::max)
            .map(|conf| (e, conf))
    })
}

/// Is the empty point `e` an eye of `side`: every neighbour on the board
/// one of its stones?
fn own_eye(board: &Board, side: Color, e: usize) -> bool {
    Board::neighbours(e)
        .iter()
        .all(|&n| board.cell(n) == Cell::of(side) || board.cell(n) == Cell::Border)
}
