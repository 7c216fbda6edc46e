//! Geometry read off a board: its chains, its empty regions, the regions
//! a colour's stones cut the board into, the connected components of any
//! point set, liberties of known stones, and the cells near given points.
//! Pure reads of one position; no move is played and nothing is judged.

use lanke_sgf::Color;

use crate::board::{Board, Cell, Visited, CELLS};

impl Board {
    /// The chains of the board as (colour, grid indices), in board order
    /// of their first stone.
    #[must_use]
    pub fn chains(&self) -> Vec<(Color, Vec<usize>)> {
        let mut seen = [false; CELLS];
        let mut out = Vec::new();
        for i in self.points() {
            if let Some(c) = self.cell(i).color() {
                if !seen[i] {
                    let (stones, _) = self.chain(i);
                    for &s in &stones {
                        seen[s] = true;
                    }
                    out.push((c, stones));
                }
            }
        }
        out
    }

    /// Connected components of the board points `member` holds, in board
    /// order of their first point, each in the order a breadth-first walk
    /// from that point reaches it.
    #[must_use]
    pub fn components_of(&self, member: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let mut seen = Visited::new();
        let mut out = Vec::new();
        for start in self.points() {
            if !member(start) || !seen.insert(start) {
                continue;
            }
            let mut unit = vec![start];
            let mut next = 0;
            while next < unit.len() {
                let i = unit[next];
                next += 1;
                for n in Self::neighbours(i) {
                    if self.cell(n) != Cell::Border && member(n) && seen.insert(n) {
                        unit.push(n);
                    }
                }
            }
            out.push(unit);
        }
        out
    }

    /// The grid indices at most two steps from a point of `from` (border
    /// cells among them), sorted, each once.
    #[must_use]
    pub fn within_two_of(&self, from: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = from
            .iter()
            .flat_map(|&m| Self::neighbours(m))
            .filter(|&n| self.cell(n) != Cell::Border)
            .flat_map(|n| std::iter::once(n).chain(Self::neighbours(n)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Connected components of the points not holding a `color` stone
    /// (empty points and opponent stones), in board order: the region
    /// index of each grid cell (`usize::MAX` for `color`'s stones and the
    /// border) and each region's grid indices.
    #[must_use]
    pub fn regions_without(&self, color: Color) -> (Vec<usize>, Vec<Vec<usize>>) {
        let own = Cell::of(color);
        let mut region_of = vec![usize::MAX; CELLS];
        let mut regions: Vec<Vec<usize>> = Vec::new();
        for i in self.points() {
            if self.cell(i) == own || region_of[i] != usize::MAX {
                continue;
            }
            let k = regions.len();
            let mut pts = vec![i];
            region_of[i] = k;
            let mut at = 0;
            while at < pts.len() {
                let p = pts[at];
                at += 1;
                for n in Board::neighbours(p) {
                    let c = self.cell(n);
                    if c != own && c != Cell::Border && region_of[n] == usize::MAX {
                        region_of[n] = k;
                        pts.push(n);
                    }
                }
            }
            regions.push(pts);
        }
        (region_of, regions)
    }

    /// The liberties of a chain whose stones are known, sorted.
    #[must_use]
    pub fn liberties_of(&self, stones: &[usize]) -> Vec<usize> {
        let mut libs: Vec<usize> = stones
            .iter()
            .flat_map(|&s| Board::neighbours(s))
            .filter(|&n| self.cell(n) == Cell::Empty)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// Connected components of empty points, each with the colours of the
    /// stones it touches.
    #[must_use]
    pub fn empty_regions(&self) -> Vec<EmptyRegion> {
        let mut seen = [false; CELLS];
        let mut out = Vec::new();
        for start in self.points() {
            if self.cell(start) == Cell::Empty && !seen[start] {
                out.push(self.empty_region_at(start, &mut seen));
            }
        }
        out
    }

    /// The empty region holding the empty `start`, marking its points in
    /// `seen` (indexed by grid index; `start` must not be marked yet).
    pub fn empty_region_at(&self, start: usize, seen: &mut [bool]) -> EmptyRegion {
        let mut pts = vec![start];
        seen[start] = true;
        let (mut b, mut w) = (false, false);
        let mut k = 0;
        while k < pts.len() {
            let i = pts[k];
            k += 1;
            for n in Board::neighbours(i) {
                match self.cell(n) {
                    Cell::Empty if !seen[n] => {
                        seen[n] = true;
                        pts.push(n);
                    }
                    Cell::Black => b = true,
                    Cell::White => w = true,
                    _ => {}
                }
            }
        }
        EmptyRegion {
            points: pts,
            touches_black: b,
            touches_white: w,
        }
    }
}

/// A connected set of empty points and the colours of the stones around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyRegion {
    /// Grid indices, the starting point first.
    pub points: Vec<usize>,
    pub touches_black: bool,
    pub touches_white: bool,
}
