//! Basic go vocabulary shared by every lanke crate: colours and board points.
//! Only plain data lives here; no board logic and no parsing.

use std::fmt;

/// Smallest board the replay supports.
pub const MIN_BOARD_SIZE: u8 = 2;
/// Largest board the replay supports (SGF letters `a`..`y`).
pub const MAX_BOARD_SIZE: u8 = 25;

/// A player colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other colour.
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The SGF letter: `B` or `W`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A point on the board: `x` is the column from the left, `y` the row from
/// the top, both 0-based, as in SGF (`aa` is the top-left corner).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    #[must_use]
    pub fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Reads a two-letter SGF coordinate (`a`..`z` then `A`..`Z`).
    #[must_use]
    pub fn from_sgf(text: &str) -> Option<Point> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        Some(Point::new(sgf_letter(bytes[0])?, sgf_letter(bytes[1])?))
    }

    /// The two-letter SGF coordinate.
    #[must_use]
    pub fn to_sgf(self) -> String {
        let letter = |v: u8| -> char {
            if v < 26 {
                char::from(b'a' + v)
            } else {
                char::from(b'A' + (v - 26))
            }
        };
        [letter(self.x), letter(self.y)].iter().collect()
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sgf())
    }
}

fn sgf_letter(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_coordinates_round_trip() {
        let p = Point::from_sgf("pd").unwrap();
        assert_eq!((p.x, p.y), (15, 3));
        assert_eq!(p.to_sgf(), "pd");
        assert_eq!(Point::from_sgf("Ab").unwrap().x, 26);
        assert!(Point::from_sgf("a").is_none());
        assert!(Point::from_sgf("a1").is_none());
    }
}
