//! The protective moves a finished filling still owes: once every dame is
//! filled, each small enclosure of a side that holds dead opponent stones
//! (a group's eye space of `reading::MAX_ENCLOSURE` points or fewer) and
//! whose walls the filling touched is read with the opponent moving first.
//! A group that lives moving first but not moving second owes a move
//! inside its own eye space — a protective move, which the Japanese count
//! charges as a point. Read with the opponent first, the owner may also
//! retake at the point of a wall stone the line took, where that captures
//! the stones that took it (`reading::lives_retaking`): a cutting stone
//! lost to a snapback costs nothing.
//!
//! Why only such eye spaces: filling the dame takes the walls' outside
//! liberties, and dead stones inside, short of liberties no longer, can
//! then fight back (the walls' shortage of liberties as a group, which
//! the filling's single-chain checks in atari, shortage and races do not
//! see). An eye space the filling did not reach, or an empty one, was
//! judged with the group's status; read again here, the empty ones call
//! for moves the records do not count (journal, 2026-11-27 session 41).
//!
//! Only the reading of finished enclosures lives here; the filling decides
//! when to ask (`filling`), the reading itself is `reading`.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::filling::inside_own;
use crate::judgement::PointClass;
use crate::reading::{enclosures_holding_dead, lives, lives_retaking, Enclosure};

/// What the filling knows when it asks: each point's class, the dead
/// stones, the points the ending's reading settled (left alone) and the
/// points filled so far (`filled`, by either side), all by grid index.
pub(crate) struct Filled<'a, F: Fn(usize) -> PointClass> {
    pub class_at: &'a F,
    pub dead: &'a [bool],
    pub settled: &'a [bool],
    pub filled: &'a [bool],
}

/// The protective move `side` owes in one of its small enclosures on the
/// filled `board`, if any: an empty point of the enclosure after which it
/// stays alive with the opponent moving first. An enclosure the reading
/// cannot settle within its budget, that the opponent moving first cannot
/// break, or that does not live even moving first (its status is the
/// statuses' word, not the filling's) owes nothing.
pub(crate) fn owed_in_enclosures<F: Fn(usize) -> PointClass>(
    board: &Board,
    side: Color,
    known: &Filled<'_, F>,
) -> Option<usize> {
    enclosures_holding_dead(board, side, known.dead)
        .into_iter()
        .find_map(|enc| owed_in(board, &enc, known))
}

/// The protective move the enclosure `enc` of its defender owes, if any
/// (see [`owed_in_enclosures`]).
fn owed_in<F: Fn(usize) -> PointClass>(
    board: &Board,
    enc: &Enclosure,
    known: &Filled<'_, F>,
) -> Option<usize> {
    let Filled {
        class_at,
        dead,
        settled,
        filled,
    } = *known;
    let side = enc.defender;
    let foe = side.opponent();
    // An eye space all the side's own: its empty points its territory,
    // its opponent stones (one at least) dead ones, its walls alive, and
    // a fill (either side's) next to them.
    let own_space = enc.region.iter().all(|&i| match board.cell(i) {
        Cell::Empty => inside_own(class_at(i), side) && !settled[i],
        _ => dead[i],
    });
    let holds_dead = enc.region.iter().any(|&i| board.cell(i) != Cell::Empty);
    let walls_alive = enc.walls.iter().all(|&s| !dead[s]);
    let reached = enc.walls.iter().any(|&s| {
        Board::neighbours(s)
            .iter()
            .any(|&n| board.cell(n).color().is_some() && filled[n])
    });
    if !own_space
        || !holds_dead
        || !walls_alive
        || !reached
        || !enc.safely_walled(board, |m| !dead[m])
    {
        return None;
    }
    if lives_retaking(board, enc, foe) != Some(false) || lives(board, enc, side) != Some(true) {
        return None;
    }
    enc.region.iter().copied().find(|&i| {
        if board.cell(i) != Cell::Empty {
            return false;
        }
        let mut after = board.clone();
        let r = after.play(side, i);
        r.suicided == 0 && lives(&after, &played_at(enc, i), foe) == Some(true)
    })
}

/// `enc` after its defender played at `at`, one of its region's points:
/// the point leaves the region and joins the walls.
fn played_at(enc: &Enclosure, at: usize) -> Enclosure {
    let mut next = enc.clone();
    next.region.retain(|&i| i != at);
    next.walls.push(at);
    next.walls.sort_unstable();
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;
    use crate::board_from_top_rows;

    /// Fujitsu Cup 3 game 13's top-right corner on a 9x9 board, its dame
    /// filled: White's group walls in g1, h2, i1, i3 and Black's dead
    /// stone at h1, with its lone stone at i2. Black moving first at h2
    /// puts that stone and the wall short of liberties at once (taking
    /// back at g1 leaves the wall one liberty, i3, for Black to take), so
    /// White owes a move inside; at g1 or h2 the corner lives.
    fn corner(dead_stone_inside: bool) -> Board {
        board_from_top_rows(
            9,
            &[
                if dead_stone_inside {
                    "...XOO.X."
                } else {
                    "...XOO..."
                },
                "....XOO.O",
                "....XXOO.",
                ".....XXOO",
                ".......XX",
            ],
        )
    }

    fn owed(board: &Board) -> Option<usize> {
        let inside = [at(6, 0), at(7, 0), at(8, 0), at(7, 1), at(8, 2)];
        let class_at = |i: usize| {
            if inside.contains(&i) {
                PointClass::Territory(Color::White)
            } else if board.cell(i) == Cell::Empty {
                PointClass::Territory(Color::Black)
            } else {
                PointClass::LiveStone(Color::Black)
            }
        };
        let cells = at(8, 8) + 1;
        let mut dead = vec![false; cells];
        if board.cell(at(7, 0)) == Cell::Black {
            dead[at(7, 0)] = true;
        }
        // Black filled the last dame, at i5.
        let mut filled = vec![false; cells];
        filled[at(8, 4)] = true;
        let known = Filled {
            class_at: &class_at,
            dead: &dead,
            settled: &vec![false; cells],
            filled: &filled,
        };
        owed_in_enclosures(board, Color::White, &known)
    }

    #[test]
    fn an_eye_space_with_a_dead_stone_short_of_liberties_owes_a_move() {
        let saving = owed(&corner(true)).expect("a protective move");
        assert!([at(6, 0), at(7, 1)].contains(&saving), "{saving}");
    }

    /// The same eye space empty is not read again: its shape was judged
    /// with the group's status.
    #[test]
    fn an_empty_eye_space_owes_nothing_here() {
        assert_eq!(owed(&corner(false)), None);
    }
}
