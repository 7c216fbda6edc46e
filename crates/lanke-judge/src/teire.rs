//! The protective moves a finished filling still owes: once every dame is
//! filled, each small enclosure of a side (a group's eye space of
//! `reading::MAX_ENCLOSURE` points or fewer) whose walls the filling
//! touched, and that holds dead opponent stones or has no liberty left
//! outside it, is read with the opponent moving first. A group that lives
//! moving first but not moving second owes a move inside its own eye
//! space — a protective move, which the Japanese count charges as a
//! point. Read with the opponent first, the owner may also retake at the
//! point of a wall stone the line took, where that captures the stones
//! that took it (`reading::lives_retaking`): a cutting stone lost to a
//! snapback costs nothing.
//!
//! Why only such eye spaces: filling the dame takes the walls' outside
//! liberties, and dead stones inside, short of liberties no longer, can
//! then fight back; an empty eye space that kept two eyes' worth of room
//! while the walls had liberties outside may not once they have none (a
//! corner's eight points, a straight three): the walls' shortage of
//! liberties as a group, which the filling's single-chain checks in
//! atari, shortage and races do not see. An eye space whose walls still
//! have outside liberties was judged with the group's status.
//!
//! Only the reading of finished enclosures lives here; the filling decides
//! when to ask (`filling`), the reading itself is `reading`.

use std::cell::RefCell;

use lanke_board::{Board, Cell};
use lanke_sgf::Color;
use rustc_hash::FxHashMap;

use crate::filling::inside_own;
use crate::judgement::PointClass;
use crate::reading::{
    enclosures_beside_live, lives, lives_retaking, Enclosure, MAX_ENCLOSURE, NODE_BUDGET,
};

/// Nodes the reading of an empty eye space may visit (see `owed_in`).
const EMPTY_SPACE_BUDGET: u32 = 20_000;

/// What the filling knows when it asks: each point's class, the dead
/// stones, the points the ending's reading settled (left alone) and the
/// points filled so far (`filled`, by either side), all by grid index.
pub(crate) struct Filled<'a, F: Fn(usize) -> PointClass> {
    pub class_at: &'a F,
    pub dead: &'a [bool],
    pub settled: &'a [bool],
    pub filled: &'a [bool],
    pub memo: &'a EyeSpaceMemo,
}

/// The eye spaces the fillings of one position have read, by their
/// defender, points, contents, walls and outside liberties (all the
/// reading sees but the attacker's stones outside, which it never takes):
/// the move each owes, if any. Both move orders and every
/// reading of the open chains end on boards that share most eye spaces.
#[derive(Default)]
pub(crate) struct EyeSpaceMemo(RefCell<FxHashMap<EyeSpaceKey, Option<usize>>>);

type EyeSpaceKey = (
    Color,
    Vec<usize>,
    Vec<Option<Color>>,
    Vec<usize>,
    Vec<usize>,
);

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
    let (region_of, regions) = board.regions_without(side);
    enclosures_beside_live(board, side, known.dead, &region_of, &regions)
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
        memo,
    } = *known;
    let side = enc.defender;
    // An eye space all the side's own: its empty points its territory,
    // its opponent stones dead ones, its walls alive, and
    // a fill (either side's) next to them.
    let own_space = enc.region.iter().all(|&i| match board.cell(i) {
        Cell::Empty => inside_own(class_at(i), side) && !settled[i],
        _ => dead[i],
    });
    // Dead stones inside, or an empty space whose walls have no liberty
    // left outside it.
    let empty = enc.region.iter().all(|&i| board.cell(i) == Cell::Empty);
    let worth_reading = !empty || (enc.outside.is_empty() && enc.region.len() <= MAX_ENCLOSURE);
    let walls_alive = enc.walls.iter().all(|&s| !dead[s]);
    let reached = enc.walls.iter().any(|&s| {
        Board::neighbours(s)
            .iter()
            .any(|&n| board.cell(n).color().is_some() && filled[n])
    });
    if !own_space
        || !worth_reading
        || !walls_alive
        || !reached
        || !enc.safely_walled(board, |m| !dead[m])
    {
        return None;
    }
    let key = (
        side,
        enc.region.clone(),
        enc.region.iter().map(|&i| board.cell(i).color()).collect(),
        enc.walls.clone(),
        enc.outside.clone(),
    );
    if let Some(&owed) = memo.0.borrow().get(&key) {
        return owed;
    }
    let owed = read_owed(board, enc, empty);
    memo.0.borrow_mut().insert(key, owed);
    owed
}

/// The reading behind [`owed_in`]: the point of `enc` its defender must
/// play so that it lives with the opponent moving first, where it lives
/// moving first and not second; `empty`: the region holds no stone.
fn read_owed(board: &Board, enc: &Enclosure, empty: bool) -> Option<usize> {
    let side = enc.defender;
    let foe = side.opponent();
    // An empty space is read from scratch, every point open to both
    // sides: the eight points of a corner need more nodes than an eye
    // space that dead stones already fill.
    let budget = if empty {
        EMPTY_SPACE_BUDGET
    } else {
        NODE_BUDGET
    };
    let lives_second = lives_retaking(board, enc, foe, budget);
    if lives_second != Some(false) || lives(board, enc, side) != Some(true) {
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

    /// What White owes on `board` (9x9), its eye space's points `inside`
    /// (every other empty point Black's), with the stones `dead_stones`
    /// dead, Black having just filled the dame at `last_fill`.
    fn owed_by_white(
        board: &Board,
        inside: &[usize],
        dead_stones: &[usize],
        last_fill: usize,
    ) -> Option<usize> {
        let class_at = |i: usize| {
            if inside.contains(&i) {
                PointClass::Territory(Color::White)
            } else if board.cell(i) == Cell::Empty {
                PointClass::Territory(Color::Black)
            } else {
                PointClass::LiveStone(board.cell(i).color().unwrap())
            }
        };
        let cells = at(8, 8) + 1;
        let mut dead = vec![false; cells];
        for &d in dead_stones {
            dead[d] = true;
        }
        let mut filled = vec![false; cells];
        filled[last_fill] = true;
        let known = Filled {
            class_at: &class_at,
            dead: &dead,
            settled: &vec![false; cells],
            filled: &filled,
            memo: &EyeSpaceMemo::default(),
        };
        owed_in_enclosures(board, Color::White, &known)
    }

    /// The corner's eye space, Black's stone at h1 dead where it stands,
    /// Black's last dame filled at i5.
    fn owed(board: &Board) -> Option<usize> {
        let inside = [at(6, 0), at(7, 0), at(8, 0), at(7, 1), at(8, 2)];
        let dead: &[usize] = if board.cell(at(7, 0)) == Cell::Black {
            &[at(7, 0)]
        } else {
            &[]
        };
        owed_by_white(board, &inside, dead, at(8, 4))
    }

    #[test]
    fn an_eye_space_with_a_dead_stone_short_of_liberties_owes_a_move() {
        let saving = owed(&corner(true)).expect("a protective move");
        assert!([at(6, 0), at(7, 1)].contains(&saving), "{saving}");
    }

    /// The same eye space empty: its walls have no liberty outside it,
    /// so it is read, and Black moving first cannot break it (the eye at
    /// i3 stays, and White answers a placement at h1 inside the other
    /// four points).
    #[test]
    fn an_empty_eye_space_that_lives_moving_second_owes_nothing() {
        assert_eq!(owed(&corner(false)), None);
    }

    /// What White owes in `rows` (a 9x9 board's top rows, White's eye
    /// space `inside`), Black having just filled the dame at `last_fill`.
    fn owed_in_empty_space(rows: &[&str], inside: &[usize], last_fill: usize) -> Option<usize> {
        owed_by_white(&board_from_top_rows(9, rows), inside, &[], last_fill)
    }

    /// A straight three on the edge (d1–f1) whose walls Black's last dame
    /// at b2 left without a liberty outside: Black's placement at e1 kills
    /// it, so White owes the move there itself.
    #[test]
    fn a_straight_three_without_outside_liberties_owes_its_middle() {
        let rows = [".XO...OX.", ".XOOOOOX.", ".XXXXXXX."];
        let inside = [at(3, 0), at(4, 0), at(5, 0)];
        assert_eq!(
            owed_in_empty_space(&rows, &inside, at(1, 1)),
            Some(at(4, 0))
        );
    }

    /// The same straight three with a liberty left outside at b2: not read
    /// here (its shape is the group's status to judge, and the filling
    /// has a dame left to fill first).
    #[test]
    fn an_empty_eye_space_with_an_outside_liberty_is_not_read() {
        let rows = [".XO...OX.", "..OOOOOX.", ".XXXXXXX."];
        let inside = [at(3, 0), at(4, 0), at(5, 0)];
        assert_eq!(owed_in_empty_space(&rows, &inside, at(7, 1)), None);
    }

    /// Eight points in the corner (a1–d1, a2–d2), the walls without a
    /// liberty outside: Black moving first inside takes the group (the
    /// corner of Kisei 13 game 2 and Samsung Cup 29 game 23), White moving
    /// first lives, so White owes a move inside.
    #[test]
    fn eight_points_in_the_corner_without_outside_liberties_owe_a_move() {
        let rows = ["....OX...", "....OX...", "OOOOOX...", "XXXXXX..."];
        let inside: Vec<usize> = (0..4).flat_map(|x| [at(x, 0), at(x, 1)]).collect();
        let saving = owed_in_empty_space(&rows, &inside, at(5, 2)).expect("a protective move");
        assert!(inside.contains(&saving), "{saving}");
    }
}
