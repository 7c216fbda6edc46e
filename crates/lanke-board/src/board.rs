//! The board: cells on a padded grid, chains found by flood fill, captures,
//! suicide and the position's Zobrist hash. Rules of legality beyond "is the
//! point empty" are the caller's business; the board reports what a move did.

use lanke_sgf::{Color, Point, MAX_BOARD_SIZE};

/// Width of the padded grid: the largest board plus a border on each side.
const STRIDE: usize = MAX_BOARD_SIZE as usize + 2;
pub(crate) const CELLS: usize = STRIDE * STRIDE;

thread_local! {
    /// The stack of [`Board::walk_liberties_marking`] and of a capture's
    /// removal, reused by every walk of the thread (a walk inside a walk
    /// would find it taken and start an empty one).
    static WALK_STACK: std::cell::Cell<Vec<u16>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The content of one cell of the padded grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    #[must_use]
    pub fn of(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    #[must_use]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; CELLS]; 2] {
    let mut t = [[0u64; CELLS]; 2];
    let mut i = 0;
    while i < CELLS {
        t[0][i] = splitmix(2 * i as u64 + 0x1A2B_3C4D);
        t[1][i] = splitmix(2 * i as u64 + 1 + 0x1A2B_3C4D);
        i += 1;
    }
    t
}

/// Fixed Zobrist keys: hashes are the same in every run and on every machine.
static ZOBRIST: [[u64; CELLS]; 2] = zobrist_table();

/// What one stone placement did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayResult {
    /// Opponent stones removed.
    pub captured: u16,
    /// The single point captured, when exactly one stone was.
    pub captured_single: Option<usize>,
    /// Own stones removed because the move left them with no liberty.
    pub suicided: u16,
    /// The placed stone's chain is a single stone with exactly one liberty.
    pub lone_stone_in_atari: bool,
}

impl PlayResult {
    /// The point the opponent may not retake at once: the one stone this
    /// move took, when the move left its own stone alone in atari (a ko).
    #[must_use]
    pub fn ko_point(&self) -> Option<usize> {
        self.captured_single.filter(|_| self.lone_stone_in_atari)
    }
}

/// A go board of 2..=25 lines each way, square or rectangular: the cells
/// and the hash, nothing else, so a clone (the judge's readings make many)
/// is one small copy and no allocation. Flood fills keep their marks in a
/// local `Visited` set.
///
/// A rectangular board lies in the square frame of its longer side (what
/// `size` returns, and what row-major tables are laid out by); the frame's
/// points beyond the board are border cells, so no move, chain or region
/// ever reaches them, and `points` never yields them.
#[derive(Clone)]
pub struct Board {
    width: u8,
    height: u8,
    cells: [Cell; CELLS],
    hash: u64,
}

/// A set of grid cells (indices as `Board::idx` gives them): one bit per
/// cell of the padded grid, on the stack. Flood fills keep their marks in
/// one, and so may a caller that visits chains one at a time.
#[derive(Clone)]
pub struct Visited([u64; CELLS.div_ceil(64)]);

impl Default for Visited {
    fn default() -> Visited {
        Visited::new()
    }
}

impl Visited {
    #[must_use]
    pub fn new() -> Visited {
        Visited([0; CELLS.div_ceil(64)])
    }

    /// Marks `i`; false when it was marked already.
    pub fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }

    /// Marks every point `other` marks.
    pub fn add_all(&mut self, other: &Visited) {
        for (word, more) in self.0.iter_mut().zip(other.0) {
            *word |= more;
        }
    }

    /// Whether `i` is marked.
    #[must_use]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1u64 << (i % 64)) != 0
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.diagram())
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.cells == other.cells
    }
}

impl Board {
    /// An empty square board. `size` must be within 2..=25 (the record
    /// crate checks).
    #[must_use]
    pub fn new(size: u8) -> Board {
        Board::with_shape(size, size)
    }

    /// An empty board `width` points across and `height` down, each within
    /// 2..=25 (the record crate checks).
    #[must_use]
    pub fn with_shape(width: u8, height: u8) -> Board {
        assert!(
            (2..=MAX_BOARD_SIZE).contains(&width) && (2..=MAX_BOARD_SIZE).contains(&height),
            "board size {width}x{height} out of range"
        );
        let mut cells = [Cell::Border; CELLS];
        for y in 0..height {
            for x in 0..width {
                cells[Self::idx(Point::new(x, y))] = Cell::Empty;
            }
        }
        Board {
            width,
            height,
            cells,
            hash: 0,
        }
    }

    /// The side of the board's square frame: its longer side (the size of
    /// a square board).
    #[must_use]
    pub fn size(&self) -> u8 {
        self.width.max(self.height)
    }

    /// Points across (columns).
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Points down (rows).
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    #[must_use]
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// Is `p` a point of the board (not of the frame beyond it)?
    #[must_use]
    pub fn on_board(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// How many points the board has.
    #[must_use]
    pub fn point_count(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    /// Grid index of a point.
    #[must_use]
    pub fn idx(p: Point) -> usize {
        (p.y as usize + 1) * STRIDE + p.x as usize + 1
    }

    /// Point of a grid index.
    #[must_use]
    pub fn point(i: usize) -> Point {
        Point::new((i % STRIDE - 1) as u8, (i / STRIDE - 1) as u8)
    }

    /// The four neighbours of a grid index (border cells included).
    #[must_use]
    pub fn neighbours(i: usize) -> [usize; 4] {
        [i - STRIDE, i - 1, i + 1, i + STRIDE]
    }

    #[must_use]
    pub fn get(&self, p: Point) -> Cell {
        self.cells[Self::idx(p)]
    }

    #[must_use]
    pub fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }

    /// Zobrist hash of the stones on the board (no side to move).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Grid indices of every on-board point, row by row.
    pub fn points(&self) -> impl Iterator<Item = usize> + '_ {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Self::idx(Point::new(x, y))))
    }

    /// Stones of each colour on the board.
    #[must_use]
    pub fn stone_counts(&self) -> [u32; 2] {
        let mut n = [0u32; 2];
        for i in self.points() {
            if let Some(c) = self.cells[i].color() {
                n[c.index()] += 1;
            }
        }
        n
    }

    fn set(&mut self, i: usize, cell: Cell) {
        if let Some(c) = self.cells[i].color() {
            self.hash ^= ZOBRIST[c.index()][i];
        }
        self.cells[i] = cell;
        if let Some(c) = cell.color() {
            self.hash ^= ZOBRIST[c.index()][i];
        }
    }

    /// Sets a point directly (setup properties): no captures.
    pub fn put(&mut self, p: Point, cell: Cell) {
        self.set(Self::idx(p), cell);
    }

    /// Does the chain at `i` have a liberty?
    #[must_use]
    pub fn has_liberty(&self, i: usize) -> bool {
        // Most chains asked about have one beside the stone asked about.
        if Self::neighbours(i)
            .iter()
            .any(|&n| self.cells[n] == Cell::Empty)
        {
            return true;
        }
        self.walk_liberties(i, |_| true)
    }

    /// Walks the chain at `i` and calls `liberty` with each of its distinct
    /// liberties until it returns true; then the walk stops and says so.
    fn walk_liberties(&self, i: usize, liberty: impl FnMut(usize) -> bool) -> bool {
        self.walk_liberties_marking(i, &mut Visited::new(), liberty)
    }

    /// [`Board::walk_liberties`], marking in `stones_seen` every stone the
    /// walk reaches (all of the chain's unless it stops early), so that a
    /// caller walking several chains can skip the stones of one already
    /// walked.
    fn walk_liberties_marking(
        &self,
        i: usize,
        stones_seen: &mut Visited,
        mut liberty: impl FnMut(usize) -> bool,
    ) -> bool {
        let color = self.cells[i];
        let mut libs_seen = Visited::new();
        // A stack kept from walk to walk: a fresh one of the board's size
        // would be zeroed on every walk, and most walks are short.
        let mut stack = WALK_STACK.take();
        stack.clear();
        stack.push(i as u16);
        stones_seen.insert(i);
        let mut stopped = false;
        'walk: while let Some(j) = stack.pop() {
            for n in Self::neighbours(usize::from(j)) {
                match self.cells[n] {
                    Cell::Empty if libs_seen.insert(n) && liberty(n) => {
                        stopped = true;
                        break 'walk;
                    }
                    c if c == color && stones_seen.insert(n) => stack.push(n as u16),
                    _ => {}
                }
            }
        }
        WALK_STACK.set(stack);
        stopped
    }

    /// The chains of colour `of` beside `stones` with at most `N` liberties,
    /// met at a stone not in `skip`: each once, as its liberties sorted and
    /// their count, in the order the walk round `stones` first meets them.
    /// A chain touching `stones` at several points is walked once, and a
    /// chain with more liberties only until its `N + 1`th.
    #[must_use]
    pub fn short_chains_beside<const N: usize>(
        &self,
        stones: &[usize],
        of: Cell,
        skip: &[usize],
    ) -> Vec<([usize; N], usize)> {
        let mut seen = Visited::new();
        let mut out = Vec::new();
        for n in stones.iter().flat_map(|&s| Self::neighbours(s)) {
            if self.cells[n] != of || seen.contains(n) || skip.contains(&n) {
                continue;
            }
            let mut libs = [0usize; N];
            let mut count = 0;
            // The chain's own walk (a walk stopped early marks part of a
            // chain, which must not block a later walk of the rest).
            let mut walked = Visited::new();
            let more = self.walk_liberties_marking(n, &mut walked, |l| {
                if count == N {
                    return true;
                }
                libs[count] = l;
                count += 1;
                false
            });
            seen.add_all(&walked);
            if !more {
                libs[..count].sort_unstable();
                out.push((libs, count));
            }
        }
        out
    }

    /// Grid indices of the chain containing `i` (which must hold a stone),
    /// and the number of distinct liberties.
    #[must_use]
    pub fn chain(&self, i: usize) -> (Vec<usize>, usize) {
        let color = self.cells[i];
        let mut seen = Visited::new();
        let mut stones = Vec::with_capacity(64);
        stones.push(i);
        let mut libs = 0;
        seen.insert(i);
        let mut k = 0;
        while k < stones.len() {
            let j = stones[k];
            k += 1;
            for n in Self::neighbours(j) {
                match self.cells[n] {
                    Cell::Empty if seen.insert(n) => libs += 1,
                    c if c == color && seen.insert(n) => stones.push(n),
                    _ => {}
                }
            }
        }
        (stones, libs)
    }

    /// The liberties of the chain at `i` (which must hold a stone), sorted,
    /// when it has at most `N` of them; `None` when it has more. The walk
    /// stops at the first liberty past `N`, so asking whether a large chain
    /// is short of liberties walks only part of it.
    #[must_use]
    pub fn liberties_at_most<const N: usize>(&self, i: usize) -> Option<([usize; N], usize)> {
        let mut libs = [0usize; N];
        let mut count = 0;
        let more = self.walk_liberties(i, |n| {
            if count == N {
                return true;
            }
            libs[count] = n;
            count += 1;
            false
        });
        if more {
            return None;
        }
        libs[..count].sort_unstable();
        Some((libs, count))
    }

    /// The liberties of the chain at `i`, sorted, found in the same walk
    /// as its stones.
    #[must_use]
    pub fn chain_liberties(&self, i: usize) -> Vec<usize> {
        let mut libs = Vec::new();
        self.walk_liberties(i, |n| {
            libs.push(n);
            false
        });
        libs.sort_unstable();
        libs
    }

    fn remove_chain(&mut self, i: usize) -> (u16, usize) {
        let color = self.cells[i];
        let mut removed = 0u16;
        let mut stack = WALK_STACK.take();
        stack.clear();
        stack.push(i as u16);
        self.set(i, Cell::Empty);
        while let Some(j) = stack.pop() {
            removed += 1;
            for n in Self::neighbours(usize::from(j)) {
                if self.cells[n] == color {
                    self.set(n, Cell::Empty);
                    stack.push(n as u16);
                }
            }
        }
        WALK_STACK.set(stack);
        (removed, i)
    }

    /// Places a stone at the empty point `i` and resolves captures, then
    /// suicide. The caller checks that `i` is empty.
    pub fn play(&mut self, color: Color, i: usize) -> PlayResult {
        debug_assert_eq!(self.cells[i], Cell::Empty);
        let own = Cell::of(color);
        let foe = Cell::of(color.opponent());
        self.set(i, own);
        let mut result = PlayResult::default();
        for n in Self::neighbours(i) {
            if self.cells[n] == foe && !self.has_liberty(n) {
                let (removed, at) = self.remove_chain(n);
                result.captured += removed;
                result.captured_single = if removed == 1 && result.captured == 1 {
                    Some(at)
                } else {
                    None
                };
            }
        }
        if result.captured != 1 {
            result.captured_single = None;
        }
        if result.captured == 0 && !self.has_liberty(i) {
            result.suicided = self.remove_chain(i).0;
            return result;
        }
        if result.captured == 1 {
            let mut empty = 0;
            let mut friends = false;
            for n in Self::neighbours(i) {
                match self.cells[n] {
                    Cell::Empty => empty += 1,
                    c if c == own => friends = true,
                    _ => {}
                }
            }
            result.lone_stone_in_atari = empty == 1 && !friends;
        }
        result
    }

    /// The position as text: `X` black, `O` white, `.` empty, SGF letters on
    /// both axes.
    #[must_use]
    pub fn diagram(&self) -> String {
        self.diagram_with(|_, c| match c {
            Cell::Black => 'X',
            Cell::White => 'O',
            _ => '.',
        })
    }

    /// The position as text with a caller-chosen character per point.
    pub fn diagram_with(&self, mut glyph: impl FnMut(Point, Cell) -> char) -> String {
        let letter = |v: u8| Point::new(v, 0).to_sgf()[..1].to_string();
        let columns: Vec<String> = (0..self.width).map(letter).collect();
        let mut out = format!("   {}\n", columns.join(" "));
        for y in 0..self.height {
            out.push_str(&format!(" {} ", letter(y)));
            for x in 0..self.width {
                let p = Point::new(x, y);
                out.push(glyph(p, self.get(p)));
                if x + 1 < self.width {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> usize {
        Board::idx(Point::from_sgf(s).unwrap())
    }

    /// A 5x3 board in its 5x5 frame: the frame's rows 3 and 4 are border,
    /// so a stone on row 2 has no liberty below it and is captured by two.
    #[test]
    fn a_rectangular_board_ends_at_its_last_row() {
        let mut b = Board::with_shape(5, 3);
        assert_eq!(
            (b.size(), b.width(), b.height(), b.point_count()),
            (5, 5, 3, 15)
        );
        assert_eq!(b.points().count(), 15);
        assert!(b.on_board(Point::new(4, 2)) && !b.on_board(Point::new(0, 3)));
        assert_eq!(b.get(Point::new(0, 3)), Cell::Border);
        b.play(Color::Black, at("cc"));
        assert_eq!(b.chain(at("cc")).1, 3, "left, right and up");
        b.play(Color::White, at("bc"));
        b.play(Color::White, at("dc"));
        let r = b.play(Color::White, at("cb"));
        assert_eq!(r.captured, 1);
        assert_eq!(b.diagram().lines().count(), 1 + 3);
    }

    #[test]
    fn corner_capture_and_hash_restores() {
        let mut b = Board::new(9);
        let empty_hash = b.hash();
        b.play(Color::White, at("aa"));
        b.play(Color::Black, at("ba"));
        let r = b.play(Color::Black, at("ab"));
        assert_eq!(r.captured, 1);
        assert_eq!(b.get(Point::from_sgf("aa").unwrap()), Cell::Empty);
        b.put(Point::from_sgf("ba").unwrap(), Cell::Empty);
        b.put(Point::from_sgf("ab").unwrap(), Cell::Empty);
        assert_eq!(b.hash(), empty_hash);
    }

    /// White's chain at ab, bb, bc, cb touches Black's pair at ba–ca, its
    /// stone at ac and its stone at cc at two points each: each Black
    /// chain is reported once, with its liberties; one with more than `N`
    /// liberties, or met only at a skipped stone, is not.
    #[test]
    fn short_chains_beside_reports_each_chain_once() {
        let mut b = Board::new(9);
        for p in ["ab", "bb", "bc", "cb"] {
            b.play(Color::White, at(p));
        }
        for p in ["ba", "ca", "ac", "cc"] {
            b.play(Color::Black, at(p));
        }
        let white = b.chain(at("ab")).0;
        // Each chain's liberties (the array holds `count` of them).
        let mut short: Vec<Vec<usize>> = b
            .short_chains_beside::<2>(&white, Cell::Black, &[])
            .into_iter()
            .map(|(libs, count)| libs[..count].to_vec())
            .collect();
        short.sort_unstable();
        let mut expected = vec![
            vec![at("aa"), at("da")],
            vec![at("ad")],
            vec![at("cd"), at("dc")],
        ];
        for libs in &mut expected {
            libs.sort_unstable();
        }
        expected.sort_unstable();
        assert_eq!(short, expected);
        let skipped = b.short_chains_beside::<2>(&white, Cell::Black, &[at("ac"), at("cc")]);
        assert_eq!(skipped, vec![([at("aa"), at("da")], 2)]);
        assert_eq!(
            b.short_chains_beside::<1>(&white, Cell::Black, &[]),
            vec![([at("ad")], 1)]
        );
    }

    /// A corner chain of two stones (aa, ba) has two liberties (ab, bb
    /// after White's ca, counted once each, sorted); a third liberty makes
    /// it "more than two", and a chain asked for one liberty that has two
    /// is "more than one".
    #[test]
    fn liberties_at_most_counts_up_to_its_bound() {
        let mut b = Board::new(9);
        b.play(Color::Black, at("aa"));
        b.play(Color::Black, at("ba"));
        assert_eq!(b.liberties_at_most::<2>(at("aa")), None);
        b.play(Color::White, at("ca"));
        assert_eq!(
            b.liberties_at_most::<2>(at("ba")),
            Some(([at("ab"), at("bb")], 2))
        );
        assert_eq!(b.liberties_at_most::<1>(at("aa")), None);
        b.play(Color::White, at("bb"));
        assert_eq!(b.liberties_at_most::<1>(at("aa")), Some(([at("ab")], 1)));
        assert_eq!(b.liberties_at_most::<3>(at("aa")).map(|(_, n)| n), Some(1));
    }

    #[test]
    fn suicide_removes_own_chain() {
        let mut b = Board::new(5);
        b.play(Color::White, at("ba"));
        b.play(Color::White, at("ab"));
        let r = b.play(Color::Black, at("aa"));
        assert_eq!((r.captured, r.suicided), (0, 1));
        assert_eq!(b.stone_counts(), [0, 2]);
    }

    #[test]
    fn ko_shape_is_recognised() {
        // . X O .
        // X O . O
        // . X O .
        let mut b = Board::new(5);
        for (c, p) in [
            ("B", "ba"),
            ("B", "ab"),
            ("B", "bc"),
            ("W", "bb"),
            ("W", "ca"),
            ("W", "cc"),
            ("W", "db"),
        ] {
            let color = if c == "B" { Color::Black } else { Color::White };
            b.play(color, at(p));
        }
        let r = b.play(Color::Black, at("cb"));
        assert_eq!(r.captured, 1);
        assert_eq!(r.captured_single, Some(at("bb")));
        assert!(r.lone_stone_in_atari);
    }
}
