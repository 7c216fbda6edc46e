//! The walk of an empty region of a judged board (dead stones lifted) from
//! each colour's living stones: how many steps each point lies from them
//! (an open border's nearer side, `distances`), and which colour reaches
//! it when a colour's one-point gaps count as closed (`reach`): the split
//! of a neutral region into the territory behind each colour's walls and
//! the boundary points between them.
//!
//! A *gap* of a colour is an empty point its living stones all but close:
//! between two of its stones a point apart, in a tiger's mouth, on the
//! first line under one of its stones or between two of them. The other
//! colour may step onto a gap (it is a boundary point, filled in the
//! ending) but not through it: its owner answers there. Territory is what
//! one colour's stones reach and the other's do not. This is how a player
//! reads a finished boundary with an unfilled hole in it, and it lets the
//! judge see the territory behind a wall that a dead chain and one open
//! point join to the other side's area.
//!
//! Only the geometry lives here; when the split is trusted is the classes'
//! business (`classes`).

use lanke_board::{Board, Cell};
use lanke_sgf::{Color, Point};

/// What a gap shape asks of a point: a living stone of the gap's owner, a
/// point its opponent does not hold (empty, or the owner's stone), or a
/// point beyond the edge of the board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    Own,
    Open,
    OffBoard,
}

/// The gap shapes, each as (row, column) offsets from the gap point with
/// what each offset needs; every rotation and reflection counts. Rows grow
/// towards the edge in the edge shapes.
const GAP_SHAPES: [&[((i8, i8), Need)]; 6] = [
    // Between two stones a point apart, one of them with a stone beside.
    &[
        ((-1, 0), Need::Own),
        ((-1, 1), Need::Own),
        ((1, 0), Need::Own),
        ((0, 1), Need::Open),
        ((1, 1), Need::Open),
    ],
    // Between two stones a point apart, open on one side.
    &[
        ((-1, 0), Need::Own),
        ((1, 0), Need::Own),
        ((-1, -1), Need::Open),
        ((0, -1), Need::Open),
        ((1, -1), Need::Open),
        ((0, 1), Need::Open),
    ],
    // A tiger's mouth: a stone beside and two diagonally across.
    &[
        ((0, 1), Need::Own),
        ((-1, -1), Need::Own),
        ((1, -1), Need::Own),
        ((-1, 0), Need::Open),
        ((-1, 1), Need::Open),
        ((0, -1), Need::Open),
        ((1, 0), Need::Open),
        ((1, 1), Need::Open),
    ],
    // On the first line between two stones.
    &[
        ((0, -1), Need::Own),
        ((0, 1), Need::Own),
        ((-1, 0), Need::Open),
        ((1, 0), Need::OffBoard),
    ],
    // On the first line under a stone with another beside it.
    &[
        ((-1, 0), Need::Own),
        ((-1, 1), Need::Own),
        ((0, 1), Need::Open),
        ((1, 0), Need::OffBoard),
    ],
    // On the first line under a stone.
    &[
        ((-1, 0), Need::Own),
        ((-1, -1), Need::Open),
        ((0, -1), Need::Open),
        ((0, 1), Need::Open),
        ((1, 0), Need::OffBoard),
    ],
];

/// The eight symmetries of the square, as matrices `[a, b, c, d]` taking
/// a shape's offset (r, c) to (a·r + b·c, c·r + d·c).
const SYMMETRIES: [[i8; 4]; 8] = [
    [1, 0, 0, 1],
    [-1, 0, 0, 1],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, 1, 1, 0],
    [0, -1, 1, 0],
    [0, 1, -1, 0],
    [0, -1, -1, 0],
];

/// The point `(dr, dc)` from `i` (rows down, columns across), or `None`
/// beyond the board.
fn offset(board: &Board, i: usize, dr: i8, dc: i8) -> Option<usize> {
    let p = Board::point(i);
    let x = i16::from(p.x) + i16::from(dc);
    let y = i16::from(p.y) + i16::from(dr);
    let inside = |v: i16, n: u8| (0..i16::from(n)).contains(&v);
    (inside(x, board.width()) && inside(y, board.height()))
        .then(|| Board::idx(Point::new(x as u8, y as u8)))
}

/// Is the empty `i` a gap of `owner` on the judged `board`?
fn is_gap(board: &Board, i: usize, owner: Color) -> bool {
    let own = Cell::of(owner);
    // Every shape has a stone of the owner beside the gap: a point with
    // none is no gap, without trying the shapes.
    if !Board::neighbours(i).iter().any(|&n| board.cell(n) == own) {
        return false;
    }
    let holds = |at: Option<usize>, need: Need| match (at, need) {
        (None, Need::OffBoard) => true,
        (None, _) | (Some(_), Need::OffBoard) => false,
        (Some(j), Need::Own) => board.cell(j) == own,
        (Some(j), Need::Open) => matches!(board.cell(j), Cell::Empty) || board.cell(j) == own,
    };
    GAP_SHAPES.iter().any(|shape| {
        SYMMETRIES.iter().any(|&[a, b, c, d]| {
            shape
                .iter()
                .all(|&((r, k), need)| holds(offset(board, i, a * r + b * k, c * r + d * k), need))
        })
    })
}

/// For each point of the empty region `pts` of `board` (in order), its
/// distance through the region to the nearest stone of each colour (1
/// beside a stone; `u32::MAX` when that colour's stones do not reach it).
/// A point where `stops(point, colour)` holds is reached but the walk of
/// that colour goes no further from it. Every stone is a starting point,
/// so paths through a colour's own stones into other regions add nothing:
/// the region alone is walked.
pub(crate) fn distances(
    board: &Board,
    pts: &[usize],
    stops: impl Fn(usize, Color) -> bool,
) -> [Vec<u32>; 2] {
    let cells = pts.iter().max().map_or(0, |&i| i + 1);
    let mut slot = vec![usize::MAX; cells];
    for (k, &i) in pts.iter().enumerate() {
        slot[i] = k;
    }
    let at = |n: usize| slot.get(n).copied().filter(|&k| k != usize::MAX);
    [Color::Black, Color::White].map(|c| {
        let own = Cell::of(c);
        let mut dist = vec![u32::MAX; pts.len()];
        let mut queue: Vec<usize> = (0..pts.len())
            .filter(|&k| {
                Board::neighbours(pts[k])
                    .iter()
                    .any(|&n| board.cell(n) == own)
            })
            .collect();
        for &k in &queue {
            dist[k] = 1;
        }
        let mut head = 0;
        while head < queue.len() {
            let k = queue[head];
            head += 1;
            if stops(pts[k], c) {
                continue;
            }
            for m in Board::neighbours(pts[k]).into_iter().filter_map(at) {
                if dist[m] == u32::MAX {
                    dist[m] = dist[k] + 1;
                    queue.push(m);
                }
            }
        }
        dist
    })
}

/// For each point of the empty region `pts` of the judged `board` (dead
/// stones lifted), in order, whether Black's and White's stones reach it
/// through the region, stepping onto the other colour's gaps but not
/// through them (`distances`).
pub(crate) fn reach(board: &Board, pts: &[usize]) -> [Vec<bool>; 2] {
    distances(board, pts, |i, c| is_gap(board, i, c.opponent()))
        .map(|d| d.into_iter().map(|v| v != u32::MAX).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;
    use crate::board_from_top_rows;

    /// Black's wall (row c, and its stones at db and gb) leaves the
    /// first-line point da under its stone at db open: Black's gap. White,
    /// coming along the edge from the left, reaches da but not the points
    /// behind it, which are Black's alone.
    fn wall_with_a_gap(rows_second: &str) -> [Vec<bool>; 2] {
        let b = board_from_top_rows(
            7,
            &[
                "O......", //
                rows_second,
                "OOOXXXX", //
            ],
        );
        by_point(&b)
    }

    /// [`reach`] over every empty region of `b`, as flags by grid index.
    fn by_point(b: &Board) -> [Vec<bool>; 2] {
        let cells = b.points().last().map_or(0, |i| i + 1);
        let mut out = [vec![false; cells], vec![false; cells]];
        for region in b.empty_regions() {
            let reached = reach(b, &region.points);
            for (k, &i) in region.points.iter().enumerate() {
                for c in 0..2 {
                    out[c][i] = reached[c][k];
                }
            }
        }
        out
    }

    #[test]
    fn a_gap_on_the_first_line_stops_the_other_colour() {
        let [black, white] = wall_with_a_gap("OO.X..X");
        let gap = at(3, 0);
        assert!(black[gap] && white[gap], "the gap is a boundary point");
        for behind in [at(4, 0), at(5, 0), at(6, 0), at(4, 1), at(5, 1)] {
            assert!(black[behind] && !white[behind]);
        }
        // Beside White's stones, before the gap: both reach it.
        assert!(black[at(2, 1)] && white[at(2, 1)]);
    }

    /// Without Black's stone over the first line the opening is two points
    /// wide, no gap shape: White flows through and reaches the area.
    #[test]
    fn a_two_point_opening_is_no_gap() {
        let [black, white] = wall_with_a_gap("OO....X");
        assert!(black[at(5, 0)] && white[at(5, 0)]);
        assert!(black[at(4, 1)] && white[at(4, 1)]);
    }

    /// A one-point gap between two stones in the middle of the board (a
    /// one-space jump) closes the wall as well.
    #[test]
    fn a_one_space_jump_closes_a_wall() {
        let b = board_from_top_rows(
            7,
            &[
                "...X...", //
                "...X...", //
                ".......", //
                "...X...", //
                "...XXXX", //
                "OO.....", //
                ".O.....", //
            ],
        );
        let [black, white] = by_point(&b);
        assert!(black[at(3, 2)] && white[at(3, 2)]);
        assert!(black[at(5, 1)] && !white[at(5, 1)]);
        assert!(black[at(0, 2)] && white[at(0, 2)]);
    }
}
