//! Stage 5a of the judgement in the `Read` ending: the local fights the
//! ending leaves, read out by minimax before the dame filler runs.
//!
//! The unsettled points of a judged final position — the liberties of
//! every chain (live or dead) short of liberties, the dame and shared seki
//! liberties beside a chain that filling them could leave short, and the
//! empty points next to those — fall into independent local regions. Each
//! region is read out exhaustively (a memoised minimax over its points and
//! a pass, under the simple ko rule, within a node budget), once with Black
//! moving first and once with White, on the Japanese count of the whole
//! board: territory bordered by one colour's live chains, the opponent's
//! stones inside it as prisoners, and the stones taken along the way. A
//! chain is live when it holds a stone of a chain judged alive (or seki);
//! any other stone is dead. So an intrusion that achieves nothing costs its
//! player a prisoner, a protective move costs its player the point it
//! stands on, and a dame costs nobody anything: the reading makes the
//! protective moves the opponent's threats force, whoever moves first,
//! and no others.
//!
//! A region whose value does not depend on who moves first, and whose line
//! makes a protective move, is played as read and closed to the filler.
//! Everything else — a point of gote, a line that takes live stones (a
//! fight whose answers may lie outside the region), a region too large or
//! over budget — is left to the filler (`filling`).
//!
//! What lives elsewhere: the statuses and classes (`statuses`, `classes`),
//! the dame filler and its heuristics (`filling`), the counting after it
//! (`pipeline`).

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::filling::{inside_own, kind_of};
use crate::groups::find;
use crate::judgement::{Fill, FillKind, PointClass};

/// A chain with at most this many liberties is short of liberties: its
/// liberties are unsettled points.
const SHORT_LIBERTIES: usize = 3;
/// The largest region read out; larger ones are left to the filler.
const MAX_REGION_POINTS: usize = 10;
/// Positions one region's reading may visit before it gives up.
const NODE_BUDGET: usize = 4_000;

/// What the reading knows of the judged position.
pub(crate) struct Settler<'a, F: Fn(usize) -> PointClass> {
    /// The class of each grid point before the ending.
    pub class_at: &'a F,
    /// The judged position, dead stones standing.
    pub root: &'a Board,
    /// Stones judged dead, by grid index.
    pub dead: &'a [bool],
}

/// One region's reading with one side moving first: the value (Black's
/// Japanese count less White's, relative to nothing played) and the moves
/// played, passes as `None`.
pub(crate) struct Read {
    value: i32,
    line: Vec<(Color, Option<usize>)>,
}

/// A reading's state: board hash, side to move, ko point, passes in a row.
type StateKey = (u64, u8, usize, u8);

/// One region read out both ways.
pub(crate) struct RegionRead {
    points: Vec<usize>,
    black: Read,
    white: Read,
}

/// The memoised minimax of one region.
struct Search<'s, 'a, F: Fn(usize) -> PointClass> {
    settler: &'s Settler<'a, F>,
    /// The best value and move of each state read: (board hash, side to
    /// move, ko point, passes in a row).
    memo: FxHashMap<StateKey, (i32, Option<usize>)>,
    /// The count of each board reached, by its hash (shared by every
    /// region's reading of one position).
    counts: &'s mut FxHashMap<u64, i32>,
    nodes: usize,
    depth_cap: usize,
}

impl<F: Fn(usize) -> PointClass> Settler<'_, F> {
    /// Reads every region out, with Black moving first and with White.
    pub(crate) fn read_all(&self) -> Vec<RegionRead> {
        let base = self.count(self.root);
        let mut counts = FxHashMap::default();
        self.regions()
            .into_iter()
            .filter_map(|region| {
                let black = self.read(&region, Color::Black, base, &mut counts)?;
                let white = self.read(&region, Color::White, base, &mut counts)?;
                Some(RegionRead {
                    points: region,
                    black,
                    white,
                })
            })
            .collect()
    }

    /// Plays, on `board` (the judged position, which it must equal) with
    /// `first` to move, the line of every region whose reading does not
    /// depend on who moves first and that makes a protective move, takes
    /// no live stone and leaves no stone of its own dead; marks those
    /// regions' points in `settled_points` (the filler plays none of them)
    /// and returns the moves played and the points whose stones they took.
    /// A region whose value depends on the first move (a point of gote)
    /// is left to the filler, as is a line of dame alone.
    pub(crate) fn play(
        &self,
        board: &mut Board,
        first: Color,
        reads: &[RegionRead],
        settled_points: &mut [bool],
    ) -> (Vec<Fill>, Vec<usize>) {
        let mut fills = Vec::new();
        let mut emptied = Vec::new();
        for region in reads.iter().filter(|r| r.black.value == r.white.value) {
            let read = if first == Color::Black {
                &region.black
            } else {
                &region.white
            };
            let mut trial = board.clone();
            let mut trial_fills = Vec::new();
            let mut trial_emptied = Vec::new();
            for &(color, at) in &read.line {
                let Some(i) = at else { continue };
                let taken = chains_taken(&trial, color, i);
                let prisoners = taken.iter().filter(|&&s| !self.dead[s]).count() as u16;
                trial.play(color, i);
                trial_emptied.extend(taken);
                trial_fills.push(Fill {
                    color,
                    point: Board::point(i),
                    kind: self.kind(color, i),
                    prisoners,
                });
            }
            let protects = trial_fills.iter().any(|f| f.kind == FillKind::Protective);
            // A live stone taken is a fight the region's points may not
            // hold every answer to, and a stone left dead (an intrusion
            // nobody took) is not counted the way the reading counted it.
            if !protects
                || trial_fills.iter().any(|f| f.prisoners > 0)
                || self.leaves_dead_new_stones(&trial)
            {
                continue;
            }
            *board = trial;
            fills.extend(trial_fills);
            emptied.extend(trial_emptied);
            for &p in &region.points {
                settled_points[p] = true;
            }
        }
        (fills, emptied)
    }

    /// Is `i` a neutral point of the judged position (a dame, a shared
    /// liberty, or a stone's point, emptied by a capture)?
    fn neutral(&self, i: usize) -> bool {
        matches!(
            (self.class_at)(i),
            PointClass::Dame | PointClass::SharedLiberty | PointClass::LiveStone(_)
        )
    }

    /// How a move at `i` by `color` is counted, as the filler counts it.
    fn kind(&self, color: Color, i: usize) -> FillKind {
        kind_of(inside_own((self.class_at)(i), color))
    }

    /// The unsettled points, grouped into independent regions: the dame,
    /// shared liberties and liberties of chains short of liberties; two
    /// are in one region when they are neighbours, liberties of one chain,
    /// or liberties of two neighbouring short chains.
    fn regions(&self) -> Vec<Vec<usize>> {
        let b = self.root;
        let cells = grid_len(b);
        let mut parent: Vec<usize> = (0..cells).collect();
        let mut unsettled = vec![false; cells];
        let mut chain_of = vec![usize::MAX; cells];
        let chains: Vec<(Vec<usize>, Vec<usize>)> = b
            .chains()
            .into_iter()
            .enumerate()
            .map(|(k, (_, stones))| {
                for &s in &stones {
                    chain_of[s] = k;
                }
                let libs = b.liberties_of(&stones);
                (stones, libs)
            })
            .collect();
        let short: Vec<bool> = chains
            .iter()
            .map(|(_, libs)| libs.len() <= SHORT_LIBERTIES)
            .collect();
        // A dame or shared liberty is unsettled when filling it may leave a
        // chain beside it short of liberties; the others are harmless and
        // left to the filler.
        for i in b.points() {
            if b.cell(i) == Cell::Empty
                && matches!(
                    (self.class_at)(i),
                    PointClass::Dame | PointClass::SharedLiberty
                )
                && Board::neighbours(i).iter().any(|&n| {
                    let k = chain_of.get(n).copied().unwrap_or(usize::MAX);
                    k != usize::MAX && chains[k].1.len() <= SHORT_LIBERTIES + 1
                })
            {
                unsettled[i] = true;
            }
        }
        for (k, (stones, libs)) in chains.iter().enumerate() {
            if !short[k] {
                continue;
            }
            for &l in libs {
                unsettled[l] = true;
                union(&mut parent, l, libs[0]);
            }
            for n in stones.iter().flat_map(|&s| Board::neighbours(s)) {
                let m = chain_of.get(n).copied().unwrap_or(usize::MAX);
                if m != usize::MAX && m != k && short[m] {
                    if let (Some(&a), Some(&c)) = (libs.first(), chains[m].1.first()) {
                        union(&mut parent, a, c);
                    }
                }
            }
        }
        // The empty points next to them too: where a threat is carried
        // out, or answered.
        let core = unsettled.clone();
        for i in b.points().filter(|&i| core[i]) {
            for n in Board::neighbours(i) {
                if b.cell(n) == Cell::Empty {
                    unsettled[n] = true;
                }
            }
        }
        for i in b.points().filter(|&i| unsettled[i]) {
            for n in Board::neighbours(i) {
                if n < cells && unsettled[n] {
                    union(&mut parent, i, n);
                }
            }
        }
        let mut by_root: Vec<(usize, Vec<usize>)> = Vec::new();
        for i in b.points().filter(|&i| unsettled[i]) {
            let r = find(&mut parent, i);
            match by_root.iter_mut().find(|(root, _)| *root == r) {
                Some((_, pts)) => pts.push(i),
                None => by_root.push((r, vec![i])),
            }
        }
        by_root
            .into_iter()
            .map(|(_, pts)| pts)
            .filter(|pts| pts.len() <= MAX_REGION_POINTS)
            .collect()
    }

    /// Reads `region` out with `first` moving first; `None` over budget.
    fn read(
        &self,
        region: &[usize],
        first: Color,
        base: i32,
        counts: &mut FxHashMap<u64, i32>,
    ) -> Option<Read> {
        let mut search = Search {
            settler: self,
            memo: FxHashMap::default(),
            counts,
            nodes: 0,
            depth_cap: 2 * region.len() + 6,
        };
        let value = search.value(self.root, first, None, 0, 0, region)?;
        // The line: follow the memo's best moves from the root.
        let mut line = Vec::new();
        let mut b = self.root.clone();
        let (mut side, mut ko, mut passes) = (first, None, 0u8);
        let mut moves = region.to_vec();
        while passes < 2 && line.len() < search.depth_cap {
            let key = (b.hash(), side as u8, ko.unwrap_or(0), passes);
            let Some(&(_, best)) = search.memo.get(&key) else {
                break;
            };
            match best {
                Some(i) => {
                    let taken = chains_taken(&b, side, i);
                    let r = b.play(side, i);
                    ko = r.ko_point();
                    moves = moves_after(&moves, &taken).into_owned();
                    passes = 0;
                }
                None => {
                    ko = None;
                    passes += 1;
                }
            }
            line.push((side, best));
            side = side.opponent();
        }
        while line.last().is_some_and(|(_, m)| m.is_none()) {
            line.pop();
        }
        Some(Read {
            value: value - base,
            line,
        })
    }

    /// Black's Japanese count less White's on `b`, prisoners taken before
    /// it aside: territory bordered by one colour's live chains, the
    /// opponent's stones inside it as prisoners; a dead stone judged so
    /// that stands where both colours border counts for its opponent as
    /// the judged position counts it.
    fn count(&self, b: &Board) -> i32 {
        let cells = grid_len(b);
        let live = self.live_stones(b, cells);
        let mut seen = vec![false; cells];
        let mut total = 0i32;
        let mut region = Vec::new();
        let mut stack = Vec::new();
        for start in b.points() {
            if live[start] || seen[start] {
                continue;
            }
            region.clear();
            stack.push(start);
            seen[start] = true;
            let mut borders = [false; 2];
            while let Some(i) = stack.pop() {
                region.push(i);
                for n in Board::neighbours(i) {
                    match b.cell(n) {
                        Cell::Border => {}
                        c if live[n] => borders[c.color().map_or(0, Color::index)] = true,
                        _ => {
                            if !seen[n] {
                                seen[n] = true;
                                stack.push(n);
                            }
                        }
                    }
                }
            }
            let owner = match borders {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            };
            for &i in &region {
                let cell = b.cell(i);
                let gain = match owner {
                    Some(o) => match cell.color() {
                        None if matches!((self.class_at)(i), PointClass::SekiEye(_)) => 0,
                        None => 1,
                        Some(c) if c == o => 0,
                        Some(_) => 2,
                    },
                    None if self.dead[i] && cell == self.root.cell(i) => 2,
                    None => 0,
                };
                let to = match (owner, cell.color()) {
                    (Some(o), _) => o,
                    (None, Some(c)) => c.opponent(),
                    (None, None) => Color::Black,
                };
                total += if to == Color::Black { gain } else { -gain };
            }
        }
        total
    }

    /// The live stones of `b`: every chain holding a stone of a chain
    /// judged alive or seki, still of its colour.
    fn live_stones(&self, b: &Board, cells: usize) -> Vec<bool> {
        let mut live = vec![false; cells];
        let mut stack = Vec::new();
        for i in b.points() {
            if live[i]
                || self.dead[i]
                || b.cell(i).color().is_none()
                || b.cell(i) != self.root.cell(i)
            {
                continue;
            }
            live[i] = true;
            stack.push(i);
            while let Some(s) = stack.pop() {
                for n in Board::neighbours(s) {
                    if b.cell(n) == b.cell(i) && !live[n] {
                        live[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        live
    }

    /// Does `b` hold a stone not on the judged position that the count
    /// takes for dead (inside the opponent's territory)?
    fn leaves_dead_new_stones(&self, b: &Board) -> bool {
        let cells = grid_len(b);
        let live = self.live_stones(b, cells);
        b.points().any(|i| {
            let Some(c) = b.cell(i).color() else {
                return false;
            };
            if live[i] || self.root.cell(i) == b.cell(i) {
                return false;
            }
            // Unanchored: dead when an opponent's live chain borders its
            // region and none of its own does.
            let (stones, _) = b.chain(i);
            let mut own_near = false;
            let mut foe_near = false;
            for n in stones.iter().flat_map(|&s| Board::neighbours(s)) {
                if live[n] {
                    if b.cell(n) == Cell::of(c) {
                        own_near = true;
                    } else {
                        foe_near = true;
                    }
                }
            }
            foe_near && !own_near
        })
    }
}

impl<F: Fn(usize) -> PointClass> Search<'_, '_, F> {
    /// The count at the end of best play from `b` with `side` to move
    /// (`ko`: the point it may not take back; `passes`: passes in a row
    /// just made), over `moves` and a pass; `None` over budget.
    fn value(
        &mut self,
        b: &Board,
        side: Color,
        ko: Option<usize>,
        passes: u8,
        depth: usize,
        moves: &[usize],
    ) -> Option<i32> {
        if passes >= 2 || depth >= self.depth_cap {
            let settler = self.settler;
            return Some(
                *self
                    .counts
                    .entry(b.hash())
                    .or_insert_with(|| settler.count(b)),
            );
        }
        let key = (b.hash(), side as u8, ko.unwrap_or(0), passes);
        if let Some(&(v, _)) = self.memo.get(&key) {
            return Some(v);
        }
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return None;
        }
        let sign = if side == Color::Black { 1 } else { -1 };
        // Ties go to the first read: dame (and points a capture emptied)
        // before a pass, a pass before a move inside either colour's
        // territory, which is made only when it gains.
        let mut best: Option<(i32, Option<usize>)> = None;
        for neutral in [true, false] {
            for &i in moves {
                if self.settler.neutral(i) != neutral || b.cell(i) != Cell::Empty || Some(i) == ko {
                    continue;
                }
                let taken = chains_taken(b, side, i);
                let mut next = b.clone();
                let r = next.play(side, i);
                if r.suicided > 0 {
                    continue;
                }
                let moves_after = moves_after(moves, &taken);
                let prisoners = sign * taken.len() as i32;
                let v = prisoners
                    + self.value(
                        &next,
                        side.opponent(),
                        r.ko_point(),
                        0,
                        depth + 1,
                        &moves_after,
                    )?;
                if best.is_none_or(|(bv, _)| sign * v > sign * bv) {
                    best = Some((v, Some(i)));
                }
            }
            if neutral {
                let pass = self.value(b, side.opponent(), None, passes + 1, depth + 1, moves)?;
                if best.is_none_or(|(bv, _)| sign * pass > sign * bv) {
                    best = Some((pass, None));
                }
            }
        }
        let best = best.expect("a pass is always read");
        self.memo.insert(key, best);
        Some(best.0)
    }
}

/// The points a reading may play after a move that took `taken`: a lone
/// stone taken leaves a point to take back (a ko, a snapback), while the
/// points of a chain taken are territory and stay out of the reading.
fn moves_after<'m>(moves: &'m [usize], taken: &[usize]) -> Cow<'m, [usize]> {
    match taken {
        [t] if !moves.contains(t) => {
            let mut more = moves.to_vec();
            more.push(*t);
            Cow::Owned(more)
        }
        _ => Cow::Borrowed(moves),
    }
}

/// The stones `color` playing the empty `i` would take, in board order.
fn chains_taken(b: &Board, color: Color, i: usize) -> Vec<usize> {
    let foe = Cell::of(color.opponent());
    let mut taken: Vec<usize> = Vec::new();
    for n in Board::neighbours(i) {
        if b.cell(n) != foe || taken.contains(&n) {
            continue;
        }
        let libs = b.chain_liberties(n);
        if libs.len() == 1 && libs[0] == i {
            taken.extend(b.chain(n).0);
        }
    }
    taken.sort_unstable();
    taken
}

/// Cells a grid index of `b` or of a neighbour of its points may reach.
fn grid_len(b: &Board) -> usize {
    b.points().last().map_or(0, |i| Board::neighbours(i)[3] + 1)
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{at, board_from_top_rows};

    /// Black's corner of four points behind its wall, White's wall and
    /// the rest of the board White's: every chain judged alive.
    fn corner() -> Board {
        board_from_top_rows(
            7,
            &[
                "..XO...", //
                "..XO...", "XXXO...", "OOOO...",
            ],
        )
    }

    fn class_at(i: usize) -> PointClass {
        let b = corner();
        match b.cell(i).color() {
            Some(c) => PointClass::LiveStone(c),
            None if [at(0, 0), at(1, 0), at(0, 1), at(1, 1)].contains(&i) => {
                PointClass::Territory(Color::Black)
            }
            None => PointClass::Territory(Color::White),
        }
    }

    /// Runs `check` with a settler of [`corner`] (nothing dead).
    fn with_corner(check: impl FnOnce(&Settler<'_, fn(usize) -> PointClass>, &Board)) {
        let root = corner();
        let dead = vec![false; grid_len(&root)];
        let classes: fn(usize) -> PointClass = class_at;
        let settler = Settler {
            class_at: &classes,
            root: &root,
            dead: &dead,
        };
        check(&settler, &root);
    }

    /// The count the reading plays for: a protective move costs its
    /// player the point it stands on; an intrusion that takes nothing
    /// costs the intruder a prisoner; neither moves any other point.
    #[test]
    fn a_protective_move_costs_a_point_and_an_idle_intrusion_a_prisoner() {
        with_corner(|settler, root| {
            let base = settler.count(root);
            // Black's 4 points; White's 49 less those, 5 black and 7 white
            // stones: 33.
            assert_eq!(base, 4 - 33);
            let mut protected = root.clone();
            protected.play(Color::Black, at(0, 0));
            assert_eq!(settler.count(&protected), base - 1);
            let mut intruded = root.clone();
            intruded.play(Color::White, at(0, 0));
            assert_eq!(settler.count(&intruded), base + 1);
        });
    }

    /// Nothing in Black's corner is short enough for White to threaten:
    /// the reading plays no line there, whoever moves first.
    #[test]
    fn a_corner_nobody_can_threaten_gets_no_protective_move() {
        with_corner(|settler, root| {
            let reads = settler.read_all();
            for first in [Color::Black, Color::White] {
                let mut b = root.clone();
                let mut settled = vec![false; grid_len(root)];
                let (fills, _) = settler.play(&mut b, first, &reads, &mut settled);
                assert!(fills.is_empty(), "{first:?} first: {}", fills.len());
            }
        });
    }
}
