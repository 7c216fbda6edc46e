//! Joint reading of a standoff: a small area where chains of both colours
//! stand locked against each other (a seki with chains in atari, the
//! hanezeki), searched exhaustively for its area score.
//!
//! The area is a set of points (empty points and the locked chains'
//! stones) walled in by stones outside it, which the search never captures
//! and treats as alive. Both sides may play on any empty point of the area
//! or pass; two passes in a row end a line. A move may not repeat a
//! position earlier in its own line (positional superko within the local
//! fight), so the simple ko is obeyed and no ko can be fought with threats
//! from elsewhere — a final position confirmed with nothing left to play.
//! No side fills a point whose every neighbour is its own stone (its own
//! eye), the usual pruning of such searches.
//!
//! The value of a line is the area's Tromp–Taylor score at its end (Black's
//! stones and empty points reaching only Black, less White's), except that
//! a line ends at once, won outright, when a *main chain* is captured (an
//! area chain touching the walls): the race is decided there, and the
//! winner's group owns the space. A standoff is a seki when neither side
//! gains by moving first: the value with Black first and with White first
//! both equal the score of the area as it stands. In a hanezeki a capture
//! wins stones at once and loses the race that follows; in milder cases
//! (a capture answered by the other side's capture) it gains nothing. Both
//! are properties of the whole area, which the enclosure reading of one
//! defender at a time (`reading`) cannot see. The same search reads the
//! sekis the playouts leave (`lost_standoffs_among`): one whose lone chain
//! of a colour is taken whoever moves first, by a throw-in or another
//! self-atari their policy never plays, is no seki.
//!
//! Positions are transposed on (position, side to move, passes) although
//! superko makes a line's legal moves depend on its path: a standard
//! simplification. Only board analysis lives here; the judge decides where
//! to look and what to conclude.

use rustc_hash::FxHashMap;

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

/// Nodes one search may visit before giving up.
pub const STANDOFF_NODE_BUDGET: u32 = 200_000;
/// The longest line read (moves and passes).
const MAX_DEPTH: usize = 150;

/// The area's Tromp–Taylor score (Black minus White): its stones, and its
/// empty points whose empty region inside the area reaches stones (inside or
/// outside it) of one colour only.
#[must_use]
pub fn area_score(board: &Board, area: &[usize]) -> i32 {
    let mut score = 0;
    let mut seen: Vec<usize> = Vec::new();
    for &i in area {
        match board.cell(i) {
            Cell::Black => score += 1,
            Cell::White => score -= 1,
            Cell::Empty if !seen.contains(&i) => {
                let mut pts = vec![i];
                seen.push(i);
                let (mut black, mut white) = (false, false);
                let mut at = 0;
                while at < pts.len() {
                    let p = pts[at];
                    at += 1;
                    for n in Board::neighbours(p) {
                        match board.cell(n) {
                            Cell::Black => black = true,
                            Cell::White => white = true,
                            Cell::Empty if area.contains(&n) && !seen.contains(&n) => {
                                seen.push(n);
                                pts.push(n);
                            }
                            _ => {}
                        }
                    }
                }
                let n = pts.len() as i32;
                match (black, white) {
                    (true, false) => score += n,
                    (false, true) => score -= n,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    score
}

/// The result of reading a standoff.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StandoffValue {
    /// The area's score as it stands (both pass at once).
    pub standing: i32,
    /// The best score Black can reach moving first.
    pub black_first: i32,
    /// The best score White can reach moving first (lower is better for it).
    pub white_first: i32,
}

impl StandoffValue {
    /// Neither side gains by moving first: the area stays as it stands.
    #[must_use]
    pub fn is_seki(&self) -> bool {
        self.black_first == self.standing && self.white_first == self.standing
    }
}

/// Reads the standoff on `area` (sorted grid indices) with each side
/// moving first. `None` when either search runs out of its node budget.
#[must_use]
pub fn read_standoff(board: &Board, area: &[usize], budget: u32) -> Option<StandoffValue> {
    let standing = area_score(board, area);
    // Stones of the area's chains that touch the walls: the main chains.
    let mains: Vec<usize> = area
        .iter()
        .copied()
        .filter(|&i| board.cell(i) != Cell::Empty)
        .filter(|&i| {
            board.chain(i).0.iter().any(|&s| {
                Board::neighbours(s)
                    .iter()
                    .any(|&n| board.cell(n).color().is_some() && area.binary_search(&n).is_err())
            })
        })
        .collect();
    let mut search = Search {
        mains: mains.iter().map(|&i| (i, board.cell(i))).collect(),
        area,
        nodes: 0,
        budget,
        table: FxHashMap::default(),
        path: Vec::new(),
    };
    let black_first = search.negamax(board, Color::Black, 0, -BIG, BIG)?;
    search.nodes = 0;
    let white_first = -search.negamax(board, Color::White, 0, -BIG, BIG)?;
    Some(StandoffValue {
        standing,
        black_first,
        white_first,
    })
}

const BIG: i32 = 1_000;
/// The value of a line that captures a main chain: more than any count.
const MAIN_LOST: i32 = 500;

/// How a stored value bounds the true one.
#[derive(Copy, Clone)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Search<'a> {
    area: &'a [usize],
    /// One entry per stone of a main chain: where, and its colour. A line
    /// ends as soon as one of them is captured.
    mains: Vec<(usize, Cell)>,
    nodes: u32,
    budget: u32,
    table: FxHashMap<(u64, bool, u8), (i32, Bound)>,
    path: Vec<u64>,
}

impl Search<'_> {
    /// The score for `to_move` (its area minus the other's) with best play,
    /// within the alpha-beta window.
    fn negamax(
        &mut self,
        board: &Board,
        to_move: Color,
        passes: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let sign = if to_move == Color::Black { 1 } else { -1 };
        for &(i, c) in &self.mains {
            if board.cell(i) != c {
                return Some(if c == Cell::Black { -sign } else { sign } * MAIN_LOST);
            }
        }
        if passes >= 2 {
            return Some(sign * area_score(board, self.area));
        }
        self.nodes += 1;
        if self.nodes > self.budget || self.path.len() >= MAX_DEPTH {
            return None;
        }
        let key = (board.hash(), to_move == Color::Black, passes);
        if let Some(&(v, bound)) = self.table.get(&key) {
            match bound {
                Bound::Exact => return Some(v),
                Bound::Lower if v >= beta => return Some(v),
                Bound::Upper if v <= alpha => return Some(v),
                _ => {}
            }
        }
        let alpha0 = alpha;
        let mut best = -BIG;
        self.path.push(board.hash());
        let moves = self.moves(board, to_move);
        for m in moves.into_iter().map(Some).chain(std::iter::once(None)) {
            let (child, child_passes) = match m {
                Some(i) => {
                    let mut next = board.clone();
                    let r = next.play(to_move, i);
                    if r.suicided > 0 || self.path.contains(&next.hash()) {
                        continue;
                    }
                    (next, 0)
                }
                None => (board.clone(), passes + 1),
            };
            let v = -self.negamax(&child, to_move.opponent(), child_passes, -beta, -alpha)?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, (best, bound));
        Some(best)
    }

    /// The empty points of the area the mover may try, captures first;
    /// never a point all of whose neighbours are the mover's own stones (its
    /// own eye, which filling cannot capture anything from).
    fn moves(&self, board: &Board, to_move: Color) -> Vec<usize> {
        let own = Cell::of(to_move);
        let mut captures = Vec::new();
        let mut quiet = Vec::new();
        for &i in self.area {
            if board.cell(i) != Cell::Empty {
                continue;
            }
            let captures_some = Board::neighbours(i).iter().any(|&n| {
                board.cell(n) == Cell::of(to_move.opponent())
                    && matches!(board.liberties_at_most::<1>(n), Some((_, 1)))
            });
            if captures_some {
                captures.push(i);
                continue;
            }
            let eye = Board::neighbours(i)
                .iter()
                .all(|&n| board.cell(n) == own || board.cell(n) == Cell::Border);
            if !eye {
                quiet.push(i);
            }
        }
        captures.extend(quiet);
        captures
    }
}

/// Chains with at most this many liberties are locked into a standoff's
/// area; chains with more are its walls.
pub(crate) const STANDOFF_SHORT_LIBERTIES: usize = 3;
/// The most points (stones and empty points) a standoff's area may hold.
pub(crate) const STANDOFF_MAX_POINTS: usize = 32;
/// The most empty points a standoff's area may hold.
pub(crate) const STANDOFF_MAX_EMPTIES: usize = 8;

/// A standoff read as a seki: every chain in it keeps its stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandoffSeki {
    /// Grid indices of the area's stones, sorted.
    pub stones: Vec<usize>,
    /// Grid indices of the area's empty points (shared liberties), sorted.
    pub shared: Vec<usize>,
    /// The reading that proved it.
    pub value: StandoffValue,
}

/// The standoffs on `board` in which both colours have a chain in atari
/// (the hanezeki's mark) and which read as a seki. An area is the chains
/// in atari, every chain short of liberties reachable from them through
/// stones and liberties, and those chains' liberties; the chains around it
/// are its walls, and every wall stone must be one `safe_wall` vouches for
/// (the reading never captures it). Areas over the size limits, or whose
/// reading runs out of budget, are skipped.
#[must_use]
pub fn standoff_sekis(board: &Board, safe_wall: impl Fn(usize) -> bool) -> Vec<StandoffSeki> {
    standoff_sekis_among(board, &board.chains(), safe_wall)
}

/// The chains of `chains` (colour, grid indices) by grid index, and each
/// chain's liberties: what every area is grown from.
struct ChainMap {
    chain_of: Vec<usize>,
    libs: Vec<Vec<usize>>,
}

impl ChainMap {
    fn of(board: &Board, chains: &[(Color, Vec<usize>)]) -> ChainMap {
        let cells = board.points().last().map_or(0, |i| i + 1) + 64;
        let mut chain_of = vec![usize::MAX; cells];
        for (k, (_, stones)) in chains.iter().enumerate() {
            for &s in stones {
                chain_of[s] = k;
            }
        }
        // Each chain's liberties, from its known stones (no flood fill
        // repeated).
        let libs = chains
            .iter()
            .map(|(_, stones)| board.liberties_of(stones))
            .collect();
        ChainMap { chain_of, libs }
    }

    /// The chain standing on the grid cell `n`, if any.
    fn chain_at(&self, n: usize) -> Option<usize> {
        self.chain_of.get(n).copied().filter(|&k| k != usize::MAX)
    }

    /// The area grown from the chains `start`: every chain reachable from
    /// them through stones and liberties that `joins` (given the chain and
    /// the area's liberties so far) takes in (marked in `taken`), and
    /// those chains' liberties; the other chains beside it are its walls.
    /// `None` when a wall stone is not one `safe_wall` vouches for, the
    /// area holds one colour only or is over the size limits. The area
    /// (sorted) and its members.
    fn grow(
        &self,
        chains: &[(Color, Vec<usize>)],
        start: &[usize],
        taken: &mut [bool],
        safe_wall: &impl Fn(usize) -> bool,
        joins: &impl Fn(usize, &[usize]) -> bool,
    ) -> Option<(Vec<usize>, Vec<usize>)> {
        let mut members = start.to_vec();
        for &k in start {
            taken[k] = true;
        }
        let mut empties: Vec<usize> = Vec::new();
        let mut walls_safe = true;
        let mut at = 0;
        while at < members.len() {
            let k = members[at];
            at += 1;
            for &l in &self.libs[k] {
                if !empties.contains(&l) {
                    empties.push(l);
                }
            }
            let touching = chains[k]
                .1
                .iter()
                .chain(self.libs[k].iter())
                .flat_map(|&p| Board::neighbours(p));
            for n in touching {
                let Some(j) = self.chain_at(n) else {
                    continue;
                };
                if members.contains(&j) {
                    continue;
                }
                if joins(j, &empties) {
                    if !taken[j] {
                        taken[j] = true;
                        members.push(j);
                    }
                } else {
                    walls_safe &= safe_wall(n);
                }
            }
        }
        let both = [Color::Black, Color::White]
            .iter()
            .all(|c| members.iter().any(|&k| chains[k].0 == *c));
        let points: usize =
            members.iter().map(|&k| chains[k].1.len()).sum::<usize>() + empties.len();
        if !walls_safe
            || !both
            || points > STANDOFF_MAX_POINTS
            || empties.len() > STANDOFF_MAX_EMPTIES
        {
            return None;
        }
        let mut area: Vec<usize> = members
            .iter()
            .flat_map(|&k| chains[k].1.iter().copied())
            .chain(empties)
            .collect();
        area.sort_unstable();
        Some((area, members))
    }
}

/// [`standoff_sekis`] with the board's chains (colour, grid indices) known.
pub(crate) fn standoff_sekis_among(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    safe_wall: impl Fn(usize) -> bool,
) -> Vec<StandoffSeki> {
    // Most positions have no chain in atari of one colour or the other: a
    // chain is in atari only if none of its stones has two empty
    // neighbours, which a scan without allocation rules out.
    let may_be_in_atari = |stones: &Vec<usize>| {
        stones.iter().all(|&s| {
            Board::neighbours(s)
                .iter()
                .filter(|&&n| board.cell(n) == Cell::Empty)
                .count()
                <= 1
        })
    };
    let colours_in_atari = [Color::Black, Color::White].map(|c| {
        chains
            .iter()
            .any(|(colour, stones)| *colour == c && may_be_in_atari(stones))
    });
    if colours_in_atari.contains(&false) {
        return Vec::new();
    }
    let map = ChainMap::of(board, chains);
    let short = |k: usize, _: &[usize]| map.libs[k].len() <= STANDOFF_SHORT_LIBERTIES;
    let mut taken = vec![false; chains.len()];
    let mut out = Vec::new();
    for start in 0..chains.len() {
        if taken[start] || map.libs[start].len() != 1 {
            continue;
        }
        let Some((area, members)) = map.grow(chains, &[start], &mut taken, &safe_wall, &short)
        else {
            continue;
        };
        let in_atari = |c: Color| {
            members
                .iter()
                .any(|&k| chains[k].0 == c && map.libs[k].len() == 1)
        };
        if !in_atari(Color::Black) || !in_atari(Color::White) {
            continue;
        }
        if let Some(value) = read_standoff(board, &area, STANDOFF_NODE_BUDGET) {
            if value.is_seki() {
                let (stones, shared) = area.iter().partition(|&&i| board.cell(i) != Cell::Empty);
                out.push(StandoffSeki {
                    stones,
                    shared,
                    value,
                });
            }
        }
    }
    out
}

/// A standoff one colour loses whoever moves first: its chains in the
/// area, all dead, and the other colour's chains there, which live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LostStandoff {
    pub loser: Color,
    /// Grid indices of the area's stones, sorted.
    pub stones: Vec<usize>,
}

/// The standoffs around `shared` empty points (those the playouts leave
/// between both colours, a seki to them) whose joint reading captures the
/// one chain of one colour in the area whoever moves first: no seki, but
/// a group the other side kills by a move the playouts' policy never
/// plays (a throw-in, a self-atari that leaves the eye space one eye: NHK
/// Cup 53 game 48, where Black's throw-in at ss kills White's ten stones
/// in the lower right corner). An area grows from the chains short of
/// liberties beside such a point, as in [`standoff_sekis`], and from
/// every chain sharing a liberty with it (a seki's other side, whatever
/// its liberties); a chain short of liberties that `safe_wall` vouches
/// for and that shares none stays a wall.
pub(crate) fn lost_standoffs_among(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    shared: impl Fn(usize) -> bool,
    safe_wall: impl Fn(usize) -> bool,
) -> Vec<LostStandoff> {
    let points: Vec<usize> = board
        .points()
        .filter(|&i| board.cell(i) == Cell::Empty && shared(i))
        .collect();
    if points.is_empty() {
        return Vec::new();
    }
    let map = ChainMap::of(board, chains);
    let joins = |k: usize, empties: &[usize]| {
        map.libs[k].iter().any(|l| empties.contains(l))
            || (map.libs[k].len() <= STANDOFF_SHORT_LIBERTIES && !safe_wall(chains[k].1[0]))
    };
    let mut taken = vec![false; chains.len()];
    let mut out = Vec::new();
    for p in points {
        let mut start: Vec<usize> = Vec::new();
        for n in Board::neighbours(p) {
            let Some(k) = map.chain_at(n) else {
                continue;
            };
            if !taken[k] && !start.contains(&k) && map.libs[k].len() <= STANDOFF_SHORT_LIBERTIES {
                start.push(k);
            }
        }
        if start.is_empty() {
            continue;
        }
        let Some((area, members)) = map.grow(chains, &start, &mut taken, &safe_wall, &joins) else {
            continue;
        };
        // A lost main chain names the loser only where that colour has one
        // chain in the area: the group the reading took, not a cutting
        // stone beside it.
        let one_chain = |c: Color| members.iter().filter(|&&k| chains[k].0 == c).count() == 1;
        if !one_chain(Color::Black) && !one_chain(Color::White) {
            continue;
        }
        let Some(value) = read_standoff(board, &area, STANDOFF_NODE_BUDGET) else {
            continue;
        };
        let loser = match (value.black_first, value.white_first) {
            (MAIN_LOST, MAIN_LOST) => Color::White,
            (v, w) if v == -MAIN_LOST && w == -MAIN_LOST => Color::Black,
            _ => continue,
        };
        if !one_chain(loser) {
            continue;
        }
        let stones = area
            .into_iter()
            .filter(|&i| board.cell(i) != Cell::Empty)
            .collect();
        out.push(LostStandoff { loser, stones });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_from_top_rows;

    /// The hanezeki of `tests/positions/hanezeki.sgf` on an otherwise
    /// empty 13x13 board: Black's ab-eb and White's fb-kb, each with a
    /// three-stone string of the other colour in atari in its eye space.
    const HANEZEKI: [&str; 3] = [
        ".OOOX..XXXOX.", //
        "XXXXXOOOOOOX.",
        "OOOOOXXXXXXXX",
    ];

    #[test]
    fn the_area_score_counts_stones_and_empty_points_reaching_one_colour() {
        let b = board_from_top_rows(13, &HANEZEKI);
        let row = |y: u8, xs: std::ops::Range<u8>| -> Vec<usize> {
            xs.map(|x| Board::idx(lanke_sgf::Point::new(x, y)))
                .collect()
        };
        // Row a alone: B 5 stones, W 4; aa touches both colours (ab is
        // Black's, ba White's), so do fa-ga; ma reaches only Black's la
        // (mb is outside the area), so it is Black's.
        assert_eq!(area_score(&b, &row(0, 0..13)), 5 - 4 + 1);
        // Rows a and b less columns l and m: B 9, W 10, no empty point
        // one-sided.
        let mut area = row(0, 0..11);
        area.extend(row(1, 0..11));
        area.sort_unstable();
        assert_eq!(area_score(&b, &area), 9 - 10);
    }

    /// Whoever captures in atari first loses the race: the standoff stands
    /// as a seki on its three shared liberties.
    #[test]
    fn a_hanezeki_reads_as_a_seki() {
        let b = board_from_top_rows(13, &HANEZEKI);
        let found = standoff_sekis(&b, |_| true);
        assert_eq!(found.len(), 1);
        let s = &found[0];
        assert_eq!(s.stones.len(), 19);
        let shared: Vec<String> = s.shared.iter().map(|&i| Board::point(i).to_sgf()).collect();
        assert_eq!(shared, ["aa", "fa", "ga"]);
        assert_eq!(
            s.value,
            StandoffValue {
                standing: -1,
                black_first: -1,
                white_first: -1
            }
        );
    }

    /// With White's string two stones long, Black has a third liberty at aa
    /// and wins by taking the string at ba: a standoff one side wins by
    /// moving is no seki, and nothing is reported.
    #[test]
    fn a_standoff_one_side_wins_is_not_a_seki() {
        let rows = [
            "..OOX..XXXOX.", //
            "XXXXXOOOOOOX.",
            "OOOOOXXXXXXXX",
        ];
        let b = board_from_top_rows(13, &rows);
        assert!(standoff_sekis(&b, |_| true).is_empty());
    }

    /// Walls the caller cannot vouch for leave the standoff unread.
    #[test]
    fn unsafe_walls_leave_a_standoff_unread() {
        let b = board_from_top_rows(13, &HANEZEKI);
        assert!(standoff_sekis(&b, |_| false).is_empty());
    }

    /// NHK Cup 53 game 48's lower right corner on a 9x9 board: White's ten
    /// stones (hd-hf, gf, if, fg-gg, gh-hh, hi) and Black's two at ig-ih
    /// share their only liberties, hg and ii, so neither fills one — a
    /// seki to playouts that never play a self-atari. But Black's throw-in
    /// at ii is taken at hg, leaving White a straight three on the edge,
    /// and Black's stone on its middle point kills; White filling first
    /// only puts itself in atari. White loses whoever moves first.
    #[test]
    fn a_throw_in_that_kills_breaks_the_playouts_seki() {
        let b = board_from_top_rows(
            9,
            &[
                ".........", //
                ".........",
                "...XXXXXX",
                "...XXXXOX",
                "...XXXXOX",
                "...XXXOOO",
                "...XXOO.X",
                "...XXXOOX",
                "...XXXXO.",
            ],
        );
        let at = |x: u8, y: u8| Board::idx(lanke_sgf::Point::new(x, y));
        let shared = [at(7, 6), at(8, 8)];
        let lost = lost_standoffs_among(&b, &b.chains(), |i| shared.contains(&i), |_| true);
        assert_eq!(lost.len(), 1);
        assert_eq!(lost[0].loser, Color::White);
        let white = lost[0]
            .stones
            .iter()
            .filter(|&&i| b.cell(i) == Cell::White)
            .count();
        assert_eq!((lost[0].stones.len(), white), (12, 10));
    }

    /// A true seki read as a standoff is lost by no one: the hanezeki's
    /// shared points name no loser.
    #[test]
    fn a_seki_the_reading_confirms_names_no_loser() {
        let b = board_from_top_rows(13, &HANEZEKI);
        let shared: Vec<usize> = ["aa", "fa", "ga"]
            .iter()
            .map(|p| Board::idx(lanke_sgf::Point::from_sgf(p).unwrap()))
            .collect();
        assert!(
            lost_standoffs_among(&b, &b.chains(), |i| shared.contains(&i), |_| true).is_empty()
        );
    }
}
