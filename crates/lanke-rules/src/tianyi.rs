//! 天弈 (seed 003) random opening: the four stones placed before play, in the
//! order White, Black, White, Black, each from three grab counts — the
//! referee's count mod 4 gives the quadrant (a remainder of 0 is quadrant
//! 4), White's count mod 9 the x offset and Black's count mod 9 the y offset
//! from the centre point (天元 = (0,0)). A stone that lands on a stone
//! already placed is discarded (the bids compensate).
//!
//! Orientation (the source says only "as the senior player faces"): quadrant
//! 1 is up-right, 2 up-left, 3 down-left, 4 down-right, with "up" the top of
//! the SGF diagram (row `a`).
//!
//! The stones never stand on the first line (前四手随机选点，不含一路): on
//! 19x19 the grab rule's offsets (0..=8) reach the second line at most; on
//! a smaller board an offset that reaches the edge is refused, and the
//! seeded generator keeps off it.
//!
//! A seeded generator is offered too. The grab rule is not uniform (a point
//! on an axis is reached from two quadrants, the centre from four), while
//! the source asks that substitutes give "every point the same
//! probability"; the generator therefore draws uniformly among the points
//! the rule can reach (17 x 17 of them on 19x19, within 8 lines of the
//! centre and off the first line).
//!
//! Also here: reading the bids (竞子) that 17x17 Tianyi records state in GC.
//! No I/O.

use lanke_sgf::{Color, Point};

/// One of the four opening stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningStone {
    pub color: Color,
    /// 1..=4.
    pub quadrant: u8,
    /// Offsets from the centre, 0..=8.
    pub x: u8,
    pub y: u8,
    pub point: Point,
    /// Landed on an earlier stone and was discarded.
    pub discarded: bool,
}

/// The colours of the four stones, in order.
pub const ORDER: [Color; 4] = [Color::White, Color::Black, Color::White, Color::Black];

/// How far from the centre an opening stone may stand on a board of
/// `size`: 8 lines (the grab offsets), and never on the first line.
#[must_use]
pub fn reach(size: u8) -> u8 {
    (size / 2).saturating_sub(1).min(8)
}

/// The point at `quadrant`, `x`, `y` on a board of odd `size`.
#[must_use]
pub fn point_of(size: u8, quadrant: u8, x: u8, y: u8) -> Option<Point> {
    let c = i32::from(size / 2);
    let (sx, sy) = match quadrant {
        1 => (1, -1),
        2 => (-1, -1),
        3 => (-1, 1),
        4 => (1, 1),
        _ => return None,
    };
    let px = c + sx * i32::from(x);
    let py = c + sy * i32::from(y);
    let inside = |v: i32| (0..i32::from(size)).contains(&v);
    (size % 2 == 1 && inside(px) && inside(py)).then(|| Point::new(px as u8, py as u8))
}

/// The four stones from grab counts `(referee, white, black)` per stone.
/// Counts must be positive (an empty grab is not allowed).
pub fn from_grabs(size: u8, grabs: &[(u32, u32, u32); 4]) -> Result<Vec<OpeningStone>, String> {
    let mut out: Vec<OpeningStone> = Vec::with_capacity(4);
    for (k, &(referee, white, black)) in grabs.iter().enumerate() {
        if referee == 0 || white == 0 || black == 0 {
            return Err(format!("stone {}: an empty grab is not allowed", k + 1));
        }
        let quadrant = match referee % 4 {
            0 => 4,
            r => r as u8,
        };
        let (x, y) = ((white % 9) as u8, (black % 9) as u8);
        let point = point_of(size, quadrant, x, y)
            .ok_or_else(|| format!("stone {}: off a {size}x{size} board", k + 1))?;
        if x.max(y) > reach(size) {
            return Err(format!(
                "stone {}: offset {x},{y} puts it on the first line of a {size}x{size} board, which the rule excludes (不含一路)",
                k + 1
            ));
        }
        let discarded = out.iter().any(|s| !s.discarded && s.point == point);
        out.push(OpeningStone {
            color: ORDER[k],
            quadrant,
            x,
            y,
            point,
            discarded,
        });
    }
    Ok(out)
}

/// Four stones drawn uniformly among the points the rule can reach
/// (`reach`), from a seed (a splitmix64 stream). Collisions are discarded as
/// the rule says.
#[must_use]
pub fn from_seed(size: u8, seed: u64) -> Vec<OpeningStone> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let r = i32::from(reach(size));
    let side = (2 * r + 1) as u64;
    let c = i32::from(size / 2);
    let mut out: Vec<OpeningStone> = Vec::with_capacity(4);
    for color in ORDER {
        let k = next() % (side * side);
        let dx = (k % side) as i32 - r;
        let dy = (k / side) as i32 - r;
        let quadrant = match (dx >= 0, dy <= 0) {
            (true, true) => 1,
            (false, true) => 2,
            (false, false) => 3,
            (true, false) => 4,
        };
        let point = Point::new((c + dx) as u8, (c + dy) as u8);
        let discarded = out.iter().any(|s| !s.discarded && s.point == point);
        out.push(OpeningStone {
            color,
            quadrant,
            x: dx.unsigned_abs() as u8,
            y: dy.unsigned_abs() as u8,
            point,
            discarded,
        });
    }
    out
}

/// Can `p` be an opening stone on a board of `size` (within `reach` of the
/// centre on both axes: 8 lines, off the first line)? Returns the
/// quadrants it can come from with its offsets.
#[must_use]
pub fn reachable(size: u8, p: Point) -> Vec<(u8, u8, u8)> {
    let c = i32::from(size / 2);
    let dx = i32::from(p.x) - c;
    let dy = i32::from(p.y) - c;
    let r = i32::from(reach(size));
    if size.is_multiple_of(2) || dx.abs() > r || dy.abs() > r {
        return Vec::new();
    }
    (1..=4)
        .filter(|&q| {
            let (sx, sy) = match q {
                1 => (1, -1),
                2 => (-1, -1),
                3 => (-1, 1),
                _ => (1, 1),
            };
            (dx == 0 || dx.signum() == sx) && (dy == 0 || dy.signum() == sy)
        })
        .map(|q| (q, dx.unsigned_abs() as u8, dy.unsigned_abs() as u8))
        .collect()
}

/// The bids a Tianyi record states, e.g. GC "Yang Dong bid 4.5 and Golaxy
/// bid 6.5, so the latter got B": `(first bidder, first bid, second
/// bidder, second bid, who got Black)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bids {
    pub bidders: [String; 2],
    pub bids: [f64; 2],
    /// Index of the bidder who took Black.
    pub black: usize,
}

impl Bids {
    /// The winning bid, in stones (子: the source bids with white stones
    /// and one black stone for half a stone): the komi the higher bidder,
    /// who takes the first move (Black in these records, White in the
    /// source), gives.
    #[must_use]
    pub fn winning(&self) -> f64 {
        self.bids[self.black]
    }
}

/// The komi a family plays a record under: the winning bid, in stones, for
/// a family that bids for komi when the record states bids (with a note
/// saying so), else `mode` unchanged.
#[must_use]
pub fn komi_with_bids(
    family: &crate::Family,
    mode: crate::KomiMode,
    bids: Option<&Bids>,
) -> (crate::KomiMode, Option<String>) {
    match bids {
        // `KomiMode::Record` is in points, two to a stone.
        Some(b) if family.komi_by_bid => (
            crate::KomiMode::Record(2.0 * b.winning()),
            Some(format!(
                "komi = the winning bid {} stones ({}, who moves first)",
                b.winning(),
                b.bidders[b.black]
            )),
        ),
        _ => (mode, None),
    }
}

/// Reads the last "A bid x and B bid y, so the former/latter got B"
/// statement of a text (a restarted game states an earlier attempt first).
#[must_use]
pub fn parse_bids(text: &str) -> Option<Bids> {
    // Sentences end at a full stop followed by a space or a line break
    // (never inside "7.5").
    let flat = text.replace(". ", "\n");
    let mut found = None;
    for sentence in flat.split(['\n', ';']) {
        let Some((left, right)) = sentence.split_once(" and ") else {
            continue;
        };
        let Some((a, x)) = left.rsplit_once(" bid ") else {
            continue;
        };
        let Some((b, rest)) = right.split_once(" bid ") else {
            continue;
        };
        let (y, tail) = rest.split_once(',').unwrap_or((rest, ""));
        let (Ok(x), Ok(y)) = (x.trim().parse::<f64>(), y.trim().parse::<f64>()) else {
            continue;
        };
        let black = if tail.contains("former got B") {
            0
        } else if tail.contains("latter got B") {
            1
        } else {
            continue;
        };
        let name = |s: &str| {
            let s = s.trim();
            s.strip_prefix("Now ").unwrap_or(s).trim().to_string()
        };
        found = Some(Bids {
            bidders: [name(a), name(b)],
            bids: [x, y],
            black,
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sources_example_second_black_stone_right_down_two_two() {
        // Referee 8 (mod 4 = 0 → quadrant 4), White 11 (x 2), Black 20 (y 2):
        // "天元右下二、二".
        let s = from_grabs(19, &[(1, 9, 9), (8, 11, 20), (2, 3, 4), (3, 5, 6)]).unwrap();
        assert_eq!(
            s[0].point,
            Point::new(9, 9),
            "quadrant 1 at 0,0 is the centre"
        );
        assert_eq!(
            (s[1].color, s[1].quadrant, s[1].x, s[1].y),
            (Color::Black, 4, 2, 2)
        );
        assert_eq!(s[1].point.to_sgf(), "ll");
        assert_eq!(s[2].point.to_sgf(), "gf", "quadrant 2: left 3, up 4");
        assert_eq!(s[3].point.to_sgf(), "ep", "quadrant 3: left 5, down 6");
        assert!(s.iter().all(|x| !x.discarded));
    }

    #[test]
    fn a_stone_on_an_earlier_one_is_discarded_and_empty_grabs_refused() {
        let s = from_grabs(19, &[(1, 2, 3), (5, 11, 12), (2, 4, 4), (3, 4, 4)]).unwrap();
        assert!(s[1].discarded, "same point as stone 1");
        assert!(!s[3].discarded);
        assert!(from_grabs(19, &[(0, 2, 3), (1, 1, 1), (1, 1, 1), (1, 1, 1)]).is_err());
    }

    #[test]
    fn seeded_openings_are_reproducible_and_reachable() {
        let a = from_seed(19, 7);
        assert_eq!(a, from_seed(19, 7));
        assert_ne!(a, from_seed(19, 8));
        for s in &a {
            assert!(!reachable(19, s.point).is_empty());
            assert_eq!(point_of(19, s.quadrant, s.x, s.y), Some(s.point));
        }
        assert!(
            reachable(19, Point::new(0, 0)).is_empty(),
            "the corner is out of reach"
        );
        assert_eq!(reachable(19, Point::new(9, 9)).len(), 4);
    }

    #[test]
    fn no_opening_stone_on_the_first_line_of_any_board() {
        // 不含一路: on 19x19 the offsets reach the second line; on 17x17 and
        // 9x9 the generator keeps off the edge and a grab that reaches it is
        // refused.
        for size in [9u8, 17, 19] {
            for seed in 0..200 {
                for s in from_seed(size, seed) {
                    let edge = |v: u8| v == 0 || v == size - 1;
                    assert!(!edge(s.point.x) && !edge(s.point.y), "{size} {seed} {s:?}");
                    assert!(!reachable(size, s.point).is_empty());
                }
            }
        }
        assert_eq!(reach(19), 8);
        assert_eq!(reach(17), 7);
        assert_eq!(reach(9), 3);
        let on_edge = from_grabs(17, &[(1, 8, 1), (2, 1, 2), (3, 2, 3), (4, 3, 4)]);
        assert!(on_edge.unwrap_err().contains("first line"));
        assert!(from_grabs(19, &[(1, 8, 8), (2, 1, 2), (3, 2, 3), (4, 3, 4)]).is_ok());
        assert!(reachable(17, Point::new(16, 8)).is_empty());
        assert!(!reachable(17, Point::new(15, 8)).is_empty());
    }

    #[test]
    fn bids_from_the_golaxy_records() {
        let b = parse_bids(
            "At the first attempt, both players bid 7.5 and the game was restarted.\nNow Yang Dong bid 4.5 and Golaxy bid 6.5, so the latter got B",
        )
        .unwrap();
        assert_eq!(b.bidders, ["Yang Dong".to_string(), "Golaxy".to_string()]);
        assert_eq!(b.bids, [4.5, 6.5]);
        assert_eq!(b.winning(), 6.5);
        let b = parse_bids("Wang Yixin bid 9.5 and Golaxy bid 7.5, so the former got B").unwrap();
        assert_eq!((b.black, b.winning()), (0, 9.5));
        assert!(parse_bids("no bids here").is_none());
    }
}
