//! The attacker's chains beside an enclosure's walls: two checks of the
//! enclosure reading's "dead whoever moves first".
//!
//! The enclosure reading (`reading`) treats the attacker stones around an
//! enclosure as safe: it never plays beside them except on the walls'
//! liberties. A strong player also looks at those stones, in two ways.
//!
//! *Forcing moves.* An attacker chain touching the walls with one or two
//! liberties gives the defender a forcing move: an atari that the
//! attacker must answer (or a capture), and a move that may also mend the
//! walls (joining two wall chains, taking a liberty the attacker needed).
//! With the answer played, the defender moves again: in effect two moves
//! in a row inside the enclosure. A group that lives so is not dead
//! whoever moves first. A capture outside the region is no escape when
//! the attacker ataris the capturing stone and the defender, extending,
//! fills the point it took and is dead again.
//!
//! *Races.* Filling the walls' liberties fills the liberties of an
//! attacker chain that shares them. Where the walls are one chain with an
//! eye space of at most `RACE_EYE_SPACE` points (liberties, too small for
//! an eye shape to kill inside), the race between that chain and a short
//! attacker chain beside it is read (`races`); if the walls are not taken
//! even with the attacker moving first (a seki, or a race the walls win),
//! they are not dead.
//!
//! Either way the verdict is dropped and the group keeps the playouts'
//! status. Only the checks live here; the judge decides when to ask them.

use lanke_board::{Board, Cell};

use crate::races::{race_read_out, RaceLimits, RaceTargets, MAX_RACE_LIBERTIES};
use crate::reading::{read, Enclosure, LocalStatus, CORE_STONES};
use crate::tactics::{Tactics, TACTICS_BUDGET};

/// Attacker chains with more liberties than this give no forcing move.
const SHORT_LIBERTIES: usize = 2;

/// The attacker's answers to one forcing move tried, at most.
const MAX_ANSWERS: usize = 3;

/// The largest eye space (points of the enclosure) read as liberties in a
/// race between the walls and an attacker chain: a larger one may hold an
/// eye shape the attacker kills inside, which a race does not read.
const RACE_EYE_SPACE: usize = 2;

/// A race between the walls and an attacker chain beside them: both
/// short of liberties around an eye space of a point or two, so the race
/// is short and a small budget reads it; the check runs for every dead
/// verdict of that shape, and its cost is the judge's.
const WALL_RACE: RaceLimits = RaceLimits {
    budget: 1_000,
    depth: 30,
    capture_lives: true,
};

/// Does the defender of `enc`, read dead on `board` whoever moves first,
/// escape that verdict by a forcing move against an attacker chain of at
/// most `SHORT_LIBERTIES` liberties that touches its walls from outside
/// (not `pass_alive`)? True when such a move leaves the chain lost
/// whatever the attacker answers; when it captures the chain at once and
/// the defender is then read alive or in seki with the attacker to move,
/// unless an atari on the capturing stone undoes it (`undone_by_atari`);
/// or when, after each of the attacker's answers that save the chain (the
/// first `MAX_ANSWERS` of them), the defender moving again is read alive
/// or in seki. A read that runs out of budget keeps the verdict.
pub(crate) fn forcing_move_escapes(
    board: &Board,
    enc: &Enclosure,
    pass_alive: impl Fn(usize) -> bool,
) -> bool {
    let defender = enc.defender;
    let attacker = defender.opponent();
    for beside in enc.attackers_beside(board, &enc.walls, pass_alive) {
        let n = beside.stone;
        let Some((liberties, count)) = board.liberties_at_most::<SHORT_LIBERTIES>(n) else {
            continue;
        };
        for &l in &liberties[..count] {
            let mut forced = board.clone();
            let r = forced.play(defender, l);
            if r.suicided > 0 {
                continue;
            }
            if forced.cell(n) == Cell::Empty {
                // Taken at once: the defender spent its move on it.
                if not_dead(read(&forced, enc, attacker)) && !undone_by_atari(&forced, enc, l) {
                    return true;
                }
                continue;
            }
            let answers = Tactics::new(TACTICS_BUDGET).saving_moves(&forced, n, r.ko_point());
            if answers.is_empty() {
                // Lost whatever the attacker does: a wall stone was not
                // safe after all.
                return true;
            }
            let survives = answers.iter().take(MAX_ANSWERS).all(|&a| {
                let mut answered = forced.clone();
                answered.play(attacker, a).suicided == 0 && not_dead(read(&answered, enc, defender))
            });
            if survives {
                return true;
            }
        }
    }
    false
}

/// Are the walls of `enc` on `board`, read dead whoever moves first, one
/// chain of `CORE_STONES` or more around at most `RACE_EYE_SPACE` points
/// that a short attacker chain beside it (at most `MAX_RACE_LIBERTIES`
/// liberties, not `pass_alive`) cannot take in a race, even moving first?
pub(crate) fn race_saves_walls(
    board: &Board,
    enc: &Enclosure,
    pass_alive: impl Fn(usize) -> bool,
) -> bool {
    if enc.region.len() > RACE_EYE_SPACE {
        return false;
    }
    let defender = enc.defender;
    let attacker = defender.opponent();
    let mut cores = enc
        .wall_chains(board)
        .into_iter()
        .filter(|stones| stones.len() >= CORE_STONES);
    let (Some(core), None) = (cores.next(), cores.next()) else {
        return false;
    };
    enc.attackers_beside(board, &core, pass_alive)
        .iter()
        .filter(|a| a.liberties <= MAX_RACE_LIBERTIES)
        .any(|a| {
            let targets = RaceTargets::of(defender, a.wall, a.stone, [false, true]);
            race_read_out(board, targets, defender, attacker, WALL_RACE) == Some(false)
        })
}

/// Does the attacker undo the defender's capture at `at` (on `forced`,
/// the board after it) with an atari on the capturing chain, left with
/// two liberties: the defender saves it by extending at its last one (the
/// point it just took, often) and is read dead with the attacker to move?
/// The enclosure reading does not look beside a capture made outside the
/// region, so the eye the capture seems to make is checked here. The
/// defender's other answers (taking the atari stone where it stands in
/// atari itself) are not read: the capture is judged by its extension.
fn undone_by_atari(forced: &Board, enc: &Enclosure, at: usize) -> bool {
    let defender = enc.defender;
    let attacker = defender.opponent();
    let Some((liberties, 2)) = forced.liberties_at_most::<2>(at) else {
        return false;
    };
    liberties.iter().any(|&a| {
        let mut ataried = forced.clone();
        if ataried.play(attacker, a).suicided > 0 {
            return false;
        }
        let Some((last, 1)) = ataried.liberties_at_most::<1>(at) else {
            return false;
        };
        let mut extended = ataried.clone();
        if extended.play(defender, last[0]).suicided > 0 {
            return true;
        }
        extended.liberties_at_most::<1>(at).is_none()
            && read(&extended, enc, attacker) == Some(LocalStatus::Dead)
    })
}

/// A reading that proves the defender alive or in seki; one that runs
/// out of budget proves nothing and keeps the verdict.
fn not_dead(status: Option<LocalStatus>) -> bool {
    matches!(status, Some(LocalStatus::Alive | LocalStatus::Seki))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_from_top_rows;
    use crate::reading::enclosures;
    use lanke_sgf::Color;

    /// The enclosure of `defender` on `board` that `pick` selects, read
    /// dead whoever moves first (the verdict the checks are asked about).
    fn read_dead(board: &Board, defender: Color, pick: impl Fn(&Enclosure) -> bool) -> Enclosure {
        let enc = enclosures(board, defender)
            .into_iter()
            .find(|e| pick(e))
            .expect("the enclosure is found");
        for first in [Color::Black, Color::White] {
            assert_eq!(
                read(board, &enc, first),
                Some(LocalStatus::Dead),
                "{first:?} first"
            );
        }
        enc
    }

    /// White's group has one sure eye (row 3) and a second at the top
    /// whose walls include two short chains of its own: the first-line
    /// stone and the two stones to the right, each with the eye and one
    /// outside liberty. With Black's first-line stone on the right taken
    /// as safe, White is dead whoever moves first: Black's outside
    /// liberty fills leave the short chains in atari at the eye. But that
    /// stone has two liberties: White's outside liberty joins the short
    /// chains and puts it in atari, Black extends, and White joins them
    /// to the group with a second move: two eyes.
    #[test]
    fn an_atari_on_a_short_wall_neighbour_buys_the_second_eye() {
        let board = two_eyed_white(false);
        let enc = read_dead(&board, Color::White, |e| e.region.len() == 2);
        assert!(forcing_move_escapes(&board, &enc, |_| false));
    }

    /// The same group with Black's first-line stone joined to its wall
    /// (a third liberty): no forcing move, the verdict stands.
    #[test]
    fn without_a_short_neighbour_the_dead_verdict_stands() {
        let board = two_eyed_white(true);
        let enc = read_dead(&board, Color::White, |e| e.region.len() == 2);
        assert!(!forcing_move_escapes(&board, &enc, |_| false));
    }

    /// The White group of the two tests above; with `joined`, a Black
    /// stone to the right of Black's first-line stone beside it joins
    /// that stone to Black's wall.
    fn two_eyed_white(joined: bool) -> Board {
        board_from_top_rows(
            9,
            &[
                if joined { ".XX.O.XX." } else { ".XX.O.X.." },
                ".XXO.OOX.",
                ".XOOOXXX.",
                ".XO.OOX..",
                ".XXOOX...",
                "...XX....",
            ],
        )
    }

    /// A seki with an eye each: Black's corner chain (its eye in the
    /// corner) and White's chain around it (its eye two points along the
    /// edge) share one liberty, which neither side can fill. The
    /// enclosure reading, holding White's chain safe, fills that liberty
    /// for White and reads Black dead whoever moves first; read as a
    /// race, White cannot take Black's chain even moving first (filling
    /// the shared liberty puts its own chain in atari at its eye), so the
    /// verdict is cleared. No forcing move helps here: Black's only move
    /// against White's two liberties is that same self-atari.
    #[test]
    fn a_seki_with_an_eye_each_is_not_read_dead() {
        let board = board_from_top_rows(
            9,
            &[
                ".X.O.OOOX", //
                "XXXOOOOOX", //
                "OOOOOOOOX", //
                "XXXXXXXXX", //
            ],
        );
        let enc = read_dead(&board, Color::Black, |e| e.region == vec![crate::at(0, 0)]);
        assert!(!forcing_move_escapes(&board, &enc, |_| false));
        assert!(race_saves_walls(&board, &enc, |_| false));
    }
}
