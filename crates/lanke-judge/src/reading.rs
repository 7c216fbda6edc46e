//! Local reading: an exhaustive search of one small enclosed region, for
//! the endings the random playouts cannot read — bent four in the corner,
//! seki that a single careless move would break, eye shapes that live or die
//! by one vital point.
//!
//! An *enclosure* is the eye space of one walled-in group: the small
//! regions of points that are not the defender's stones (empty points and
//! attacker stones) joined with the defender chains around them, where those
//! chains have no other eye space and their remaining liberties are outside
//! liberties next to safe attacker stones. The search plays inside the
//! enclosure and on the outside liberties (the attacker may fill any; the
//! defender may only connect two of its chains there; for the owed-move
//! reading, `lives_retaking`, the defender may also retake at a wall
//! stone's point the line emptied, a snapback), with passes, the
//! simple ko rule and no ko threats anywhere else — which is how a final
//! position is confirmed under the Japanese rules (a ko can be retaken only
//! after a pass for it, which the other side answers by resolving the ko)
//! and how area scoring plays it out once every threat has been removed. So
//! the bent four in the corner is dead here, as every major rule set rules.
//!
//! The outcome for the defender: dead (a stone of the core is captured:
//! the wall chains of three stones or more, as a lost cutting stone or
//! tail does not kill the group), alive (the core becomes pass-alive by
//! Benson's test restricted to the enclosure, where a sub-region open to
//! points outside it is no eye), or seki (both sides pass with neither).
//! The enclosure may also be an eye space carved out of a region open to
//! the attacker's area (`carving`). Read with a contest (`contested`), the
//! attacker's short chains beside the walls are capturable: the defender
//! may fill their outside liberties, and taking one is life unless the
//! core is taken back at once (a trade, valued as a seki). Two passes,
//! positional repetition within a line, a depth and a node budget bound the
//! search; a search that runs out of them answers nothing.
//!
//! Only board analysis lives here; the judge decides when to trust it.

use rustc_hash::FxHashMap;

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::benson::surviving_chains;
use crate::contested::{last_liberty, Contest};

/// The largest single region counted as eye space.
pub(crate) const MAX_REGION: usize = 12;
/// The most points (all regions of one group together) a reading covers:
/// larger enclosures run out of the node budget nearly every time, and
/// would cost most of the reading's time.
pub(crate) const MAX_ENCLOSURE: usize = 8;
/// The most outside liberties an enclosure's walls may have.
pub(crate) const MAX_OUTSIDE_LIBERTIES: usize = 6;
/// Nodes one reading may visit before giving up.
pub(crate) const NODE_BUDGET: u32 = 5_000;
/// Wall chains of fewer stones are not the group's core (see `read`).
pub(crate) const CORE_STONES: usize = 3;
/// The longest line read (moves and passes).
const MAX_DEPTH: u32 = 40;

/// A small region walled in by one colour's chains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclosure {
    /// The colour of the walls.
    pub defender: Color,
    /// Grid indices of the region: empty points and attacker stones.
    pub region: Vec<usize>,
    /// Grid indices of every stone of the wall chains.
    pub walls: Vec<usize>,
    /// The walls' liberties outside the region.
    pub outside: Vec<usize>,
}

impl Enclosure {
    /// Every attacker stone outside the region that touches the walls is one
    /// `safe_attacker` vouches for (the reading never captures them), and
    /// every outside liberty is next to such a stone (the attacker can fill
    /// it).
    pub fn safely_walled(&self, board: &Board, safe_attacker: impl Fn(usize) -> bool) -> bool {
        let foe = Cell::of(self.defender.opponent());
        let safe_foe = |m: usize| board.cell(m) == foe && safe_attacker(m);
        let stones_safe = self.walls.iter().all(|&s| {
            Board::neighbours(s).iter().all(|&n| {
                board.cell(n) != foe || self.region.binary_search(&n).is_ok() || safe_attacker(n)
            })
        });
        stones_safe
            && self
                .outside
                .iter()
                .all(|&n| Board::neighbours(n).iter().any(|&m| safe_foe(m)))
    }

    /// The wall chains, each as its stones, in the order of `walls`.
    pub(crate) fn wall_chains(&self, board: &Board) -> Vec<Vec<usize>> {
        let mut chains: Vec<Vec<usize>> = Vec::new();
        for &w in &self.walls {
            if !chains.iter().any(|c| c.contains(&w)) {
                chains.push(board.chain(w).0);
            }
        }
        chains
    }

    /// The attacker chains outside the region that touch the stones `of`
    /// (wall stones), but those `pass_alive` vouches for: each once, with
    /// the stone of `of` it was first found beside.
    pub(crate) fn attackers_beside(
        &self,
        board: &Board,
        of: &[usize],
        pass_alive: impl Fn(usize) -> bool,
    ) -> Vec<Beside> {
        let foe = Cell::of(self.defender.opponent());
        let mut seen: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for &w in of {
            for n in Board::neighbours(w) {
                if board.cell(n) != foe
                    || seen.contains(&n)
                    || self.region.binary_search(&n).is_ok()
                    || pass_alive(n)
                {
                    continue;
                }
                let (stones, liberties) = board.chain(n);
                seen.extend(&stones);
                out.push(Beside {
                    wall: w,
                    stone: n,
                    liberties,
                });
            }
        }
        out
    }
}

/// An attacker chain beside an enclosure's walls (`attackers_beside`).
pub(crate) struct Beside {
    /// The wall stone it touches.
    pub wall: usize,
    /// Its stone beside that wall stone.
    pub stone: usize,
    /// Its liberties.
    pub liberties: usize,
}

/// The result of reading an enclosure, for the defender.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LocalStatus {
    /// A wall stone is captured whatever the defender does.
    Dead = -1,
    /// Neither side can gain: both keep their stones.
    Seki = 0,
    /// The walls become unconditionally alive.
    Alive = 1,
}

/// The enclosures of `defender` on `board`. Regions of at most
/// `MAX_REGION` points not holding defender stones are joined with the
/// defender chains around them into groups; a group is an enclosure when
/// its regions total at most `MAX_ENCLOSURE` points and every other liberty
/// of its chains lies in a larger region next to no other defender chain
/// (not eye space and not a connection out), at most
/// `MAX_OUTSIDE_LIBERTIES` of them. Whether the attackers around it are safe
/// enough to read it is `Enclosure::safely_walled`.
#[must_use]
pub fn enclosures(board: &Board, defender: Color) -> Vec<Enclosure> {
    let (region_of, regions) = board.regions_without(defender);
    let open = vec![false; regions.len()];
    enclosures_in(
        board,
        defender,
        &board.chains(),
        &region_of,
        &regions,
        &open,
    )
}

/// The enclosures of `owner` on `board` when one of its small regions
/// holds a dead stone of the other colour (`dead` by grid index); none
/// otherwise, and then the enclosures are not looked for: the question of
/// the stages that read eye spaces holding dead stones once the dame are
/// filled (`teire`, `late_seki`).
pub(crate) fn enclosures_holding_dead(
    board: &Board,
    owner: Color,
    dead: &[bool],
) -> Vec<Enclosure> {
    let foe = Cell::of(owner.opponent());
    let (region_of, regions) = board.regions_without(owner);
    let holds_dead = |r: &Vec<usize>| {
        r.len() <= MAX_ENCLOSURE && r.iter().any(|&i| dead[i] && board.cell(i) == foe)
    };
    if !regions.iter().any(holds_dead) {
        return Vec::new();
    }
    enclosures_beside_live(board, owner, dead, &region_of, &regions)
}

/// The enclosures of `owner` on `board` given its regions
/// (`Board::regions_without`), where a region holding a live stone of the
/// other colour (`dead` by grid index) is that colour's group, not eye
/// space: joined to the owner's small regions it would make every wall
/// beside a living opponent group too big to read.
pub(crate) fn enclosures_beside_live(
    board: &Board,
    owner: Color,
    dead: &[bool],
    region_of: &[usize],
    regions: &[Vec<usize>],
) -> Vec<Enclosure> {
    let foe = Cell::of(owner.opponent());
    let open: Vec<bool> = regions
        .iter()
        .map(|r| r.iter().any(|&i| board.cell(i) == foe && !dead[i]))
        .collect();
    enclosures_in(board, owner, &board.chains(), region_of, regions, &open)
}

/// [`enclosures`] given the board's chains (`Board::chains`) and the regions
/// without `defender` (`Board::regions_without`, or carved by `carving`),
/// which the judge reads once for every use; an `open` region is never eye
/// space.
pub(crate) fn enclosures_in(
    board: &Board,
    defender: Color,
    all_chains: &[(Color, Vec<usize>)],
    region_of: &[usize],
    regions: &[Vec<usize>],
    open: &[bool],
) -> Vec<Enclosure> {
    let own = Cell::of(defender);
    let cells = board.points().last().map_or(0, |i| i + 1) + 64;
    let small = |r: usize| !open[r] && regions[r].len() <= MAX_REGION;
    // Defender chains (in board order), and for each the regions it touches.
    let mut chain_of = vec![usize::MAX; cells];
    let mut chains: Vec<WallChain> = Vec::new();
    for (_, stones) in all_chains.iter().filter(|(c, _)| *c == defender) {
        let mut touches: Vec<usize> = Vec::new();
        for &s in stones {
            chain_of[s] = chains.len();
            for n in Board::neighbours(s) {
                let r = region_of[n];
                if r != usize::MAX && !touches.contains(&r) {
                    touches.push(r);
                }
            }
        }
        chains.push(WallChain {
            stones: stones.clone(),
            touches,
        });
    }
    // Groups: chains joined through the small regions they share.
    let mut group_of_region = vec![usize::MAX; regions.len()];
    let mut group_of_chain = vec![usize::MAX; chains.len()];
    let mut out = Vec::new();
    for start in 0..chains.len() {
        if group_of_chain[start] != usize::MAX || !chains[start].touches.iter().any(|&r| small(r)) {
            continue;
        }
        let g = start;
        let mut member_chains = vec![start];
        let mut member_regions: Vec<usize> = Vec::new();
        group_of_chain[start] = g;
        let mut at = 0;
        while at < member_chains.len() {
            let c = member_chains[at];
            at += 1;
            for &r in &chains[c].touches {
                if !small(r) || group_of_region[r] != usize::MAX {
                    continue;
                }
                group_of_region[r] = g;
                member_regions.push(r);
                for &p in &regions[r] {
                    for n in Board::neighbours(p) {
                        let d = if n < cells { chain_of[n] } else { usize::MAX };
                        if d != usize::MAX && group_of_chain[d] == usize::MAX {
                            group_of_chain[d] = g;
                            member_chains.push(d);
                        }
                    }
                }
            }
        }
        let region: Vec<usize> = member_regions
            .iter()
            .flat_map(|&r| regions[r].iter().copied())
            .collect();
        if region.len() > MAX_ENCLOSURE || !region.iter().any(|&i| board.cell(i) == Cell::Empty) {
            continue;
        }
        let mut outside: Vec<usize> = Vec::new();
        let mut ok = true;
        for &c in &member_chains {
            for &s in &chains[c].stones {
                for n in Board::neighbours(s) {
                    if board.cell(n) == Cell::Empty && !small(region_of[n]) && !outside.contains(&n)
                    {
                        // No connection to a defender chain outside.
                        ok &= Board::neighbours(n)
                            .iter()
                            .all(|&m| board.cell(m) != own || member_chains.contains(&chain_of[m]));
                        outside.push(n);
                    }
                }
            }
        }
        if !ok || outside.len() > MAX_OUTSIDE_LIBERTIES {
            continue;
        }
        let mut walls: Vec<usize> = member_chains
            .iter()
            .flat_map(|&c| chains[c].stones.iter().copied())
            .collect();
        walls.sort_unstable();
        outside.sort_unstable();
        let mut region = region;
        region.sort_unstable();
        out.push(Enclosure {
            defender,
            region,
            walls,
            outside,
        });
    }
    out
}

/// A defender chain and the regions it touches (indices into `regions`).
struct WallChain {
    stones: Vec<usize>,
    touches: Vec<usize>,
}

/// Reads `enc` on `board` with `first` to move. `None` when the node budget
/// or the depth runs out before the result is proven.
#[must_use]
pub fn read(board: &Board, enc: &Enclosure, first: Color) -> Option<LocalStatus> {
    let v = search_value(board, enc, first, (-1, 1))?;
    Some(match v {
        -1 => LocalStatus::Dead,
        0 => LocalStatus::Seki,
        _ => LocalStatus::Alive,
    })
}

/// Does `enc` on `board`, `first` to move, come alive (`Some(true)`) or
/// not (`Some(false)`: dead or seki)? The same search as [`read`] with the
/// window closed around that one question, so it visits fewer nodes; `None`
/// when the budget or the depth runs out first.
#[must_use]
pub(crate) fn lives(board: &Board, enc: &Enclosure, first: Color) -> Option<bool> {
    Some(search_value(board, enc, first, (0, 1))? >= 1)
}

/// [`lives`], the defender also retaking at the point of a wall stone
/// the line took where that captures the stones that took it (a
/// snapback): the reading of a finished eye space's owed moves
/// (`teire`), where the walls are the dame filling's and a cutting stone
/// among them is often taken and retaken so. `budget` nodes at most
/// (an empty eye space needs more than [`NODE_BUDGET`]).
#[must_use]
pub(crate) fn lives_retaking(
    board: &Board,
    enc: &Enclosure,
    first: Color,
    budget: u32,
) -> Option<bool> {
    let mut search = Search::new(board, enc, None);
    search.retakes = true;
    search.budget = budget;
    Some(search.value(board, first, None, 0, 0, 0, 1)? >= 1)
}

/// The search's value for the defender (-1 dead, 0 seki, 1 alive), exact
/// inside `window` and a bound beyond it.
fn search_value(board: &Board, enc: &Enclosure, first: Color, window: (i8, i8)) -> Option<i8> {
    Search::new(board, enc, None).value(board, first, None, 0, 0, window.0, window.1)
}

/// Reads `enc` on `board` with `first` to move, the attacker's short
/// chains of `contest` capturable (see `contested`). `None` when the node
/// budget or the depth runs out first.
pub(crate) fn read_contested(
    board: &Board,
    enc: &Enclosure,
    contest: &Contest,
    first: Color,
) -> Option<LocalStatus> {
    let v = Search::new(board, enc, Some(contest)).value(board, first, None, 0, 0, -1, 1)?;
    Some(match v {
        -1 => LocalStatus::Dead,
        0 => LocalStatus::Seki,
        _ => LocalStatus::Alive,
    })
}

impl<'a> Search<'a> {
    fn new(board: &Board, enc: &'a Enclosure, contest: Option<&'a Contest>) -> Search<'a> {
        // The core: the wall chains of `CORE_STONES` or more (all of them if
        // none is that big). Losing a smaller chain (a cutting stone, a tail)
        // is not losing the group, which may still live without it.
        let mut core: Vec<usize> = enc
            .wall_chains(board)
            .into_iter()
            .filter(|stones| stones.len() >= CORE_STONES)
            .flatten()
            .collect();
        if core.is_empty() {
            core = enc.walls.clone();
        }
        Search {
            enc,
            contest,
            core,
            attacker: enc.defender.opponent(),
            retakes: false,
            nodes: 0,
            budget: NODE_BUDGET,
            table: FxHashMap::default(),
            path: Vec::new(),
        }
    }
}

struct Search<'a> {
    enc: &'a Enclosure,
    /// The attacker's chains the defender may capture, if any.
    contest: Option<&'a Contest>,
    core: Vec<usize>,
    attacker: Color,
    /// The defender may retake at the point of a wall stone the line took.
    retakes: bool,
    nodes: u32,
    /// Nodes the search may visit before giving up.
    budget: u32,
    table: FxHashMap<(u64, bool, usize, u8), i8>,
    path: Vec<u64>,
}

impl Search<'_> {
    /// Minimax value for the defender (-1 dead, 0 seki, 1 alive) with
    /// alpha-beta bounds.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        board: &Board,
        to_move: Color,
        ko: Option<usize>,
        passes: u8,
        depth: u32,
        mut alpha: i8,
        mut beta: i8,
    ) -> Option<i8> {
        let defender = self.enc.defender;
        let key = (
            board.hash(),
            to_move == defender,
            ko.unwrap_or(usize::MAX),
            passes,
        );
        // A stored position was searched, so it passed the tests below
        // (walls standing, not yet alive, fewer than two passes): answer
        // from the table before them, counting the node as before.
        if let Some(&v) = self.table.get(&key) {
            self.nodes += 1;
            if self.nodes > self.budget || depth > MAX_DEPTH {
                return None;
            }
            return Some(v);
        }
        if self
            .core
            .iter()
            .any(|&s| board.cell(s) != Cell::of(defender))
        {
            // A contested chain the defender takes back at once makes the
            // capture a trade, not a kill.
            let trade = to_move == defender
                && self
                    .contest
                    .is_some_and(|c| c.in_atari(board, ko).is_some());
            return Some(if trade { 0 } else { -1 });
        }
        if locally_alive(board, self.enc, &self.core) {
            return Some(1);
        }
        // Capturing a short attacker chain beside the walls opens them.
        if self.contest.is_some_and(|c| c.captured(board)) {
            // Unless the attacker takes the core back at once.
            let own = Cell::of(defender);
            let trade = to_move == self.attacker
                && self
                    .core
                    .iter()
                    .any(|&s| last_liberty(board, s, own, ko).is_some());
            return Some(if trade { 0 } else { 1 });
        }
        if passes >= 2 {
            return Some(0);
        }
        self.nodes += 1;
        if self.nodes > self.budget || depth > MAX_DEPTH {
            return None;
        }
        let maximizing = to_move == defender;
        let window = (alpha, beta);
        let mut best: i8 = if maximizing { -2 } else { 2 };
        let mut unknown = false;
        let mut moves: Vec<usize> = self
            .enc
            .region
            .iter()
            .copied()
            .filter(|&i| board.cell(i) == Cell::Empty)
            .collect();
        // The points with most empty neighbours first: the vital point of
        // an eye shape is its most connected one, for the attacker's
        // placement and the defender's answer alike, and trying it first
        // ends most lines at their first move.
        moves.sort_by_key(|&i| {
            std::cmp::Reverse(
                Board::neighbours(i)
                    .iter()
                    .filter(|&&n| board.cell(n) == Cell::Empty)
                    .count(),
            )
        });
        // The defender retakes at the point of a wall stone taken in the
        // line when that captures the stones that took it (a snapback).
        if maximizing && self.retakes {
            let foe = Cell::of(self.attacker);
            moves.extend(self.enc.walls.iter().copied().filter(|&i| {
                board.cell(i) == Cell::Empty
                    && Board::neighbours(i)
                        .iter()
                        .any(|&n| board.cell(n) == foe && board.liberties_at_most::<1>(n).is_some())
            }));
        }
        moves.extend(outside_moves(board, self.enc, to_move == self.attacker));
        if let Some(c) = self.contest {
            // The defender fills the contested chains' outside liberties
            // and takes one in atari at its last liberty; the attacker
            // takes a defender stone beside them left in atari.
            let take = if maximizing {
                c.in_atari(board, ko).into_iter().collect()
            } else {
                c.beside_in_atari(board, ko)
            };
            for &l in c.liberties.iter().chain(&take) {
                if board.cell(l) == Cell::Empty && !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
        self.path.push(board.hash());
        // Moves first, the pass last.
        for m in moves.into_iter().map(Some).chain(std::iter::once(None)) {
            let (child, child_ko, child_passes) = match m {
                Some(i) => {
                    if Some(i) == ko {
                        continue;
                    }
                    let mut next = board.clone();
                    let r = next.play(to_move, i);
                    if r.suicided > 0 || self.path.contains(&next.hash()) {
                        continue;
                    }
                    (next, r.ko_point(), 0)
                }
                None => (board.clone(), None, passes + 1),
            };
            let v = self.value(
                &child,
                to_move.opponent(),
                child_ko,
                child_passes,
                depth + 1,
                alpha,
                beta,
            );
            let Some(v) = v else {
                unknown = true;
                continue;
            };
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta || (maximizing && best == 1) || (!maximizing && best == -1) {
                break;
            }
        }
        self.path.pop();
        let decided = (maximizing && best == 1) || (!maximizing && best == -1);
        if unknown && !decided {
            return None;
        }
        // A value outside the window it was searched with is only a bound;
        // store exact ones.
        if decided || (window.0 < best && best < window.1) {
            self.table.insert(key, best);
        }
        Some(best)
    }
}

/// The moves outside the enclosure: the attacker may fill any liberty of
/// the wall chains; the defender may only connect two of its chains there,
/// or close the region where it opens onto the outside (extending further
/// out would find liberties the reading does not track).
fn outside_moves(board: &Board, enc: &Enclosure, attacker: bool) -> Vec<usize> {
    let own = Cell::of(enc.defender);
    let chains = enc.wall_chains(board);
    let mut out = Vec::new();
    for c in &chains {
        for &s in c {
            for n in Board::neighbours(s) {
                if board.cell(n) != Cell::Empty
                    || out.contains(&n)
                    || enc.region.binary_search(&n).is_ok()
                {
                    continue;
                }
                let joins = || {
                    let mut seen: Vec<usize> = Vec::new();
                    for m in Board::neighbours(n) {
                        if board.cell(m) == own {
                            let k = chains.iter().position(|c| c.contains(&m));
                            let k = k.unwrap_or(usize::MAX - m);
                            if !seen.contains(&k) {
                                seen.push(k);
                            }
                        }
                    }
                    seen.len() >= 2
                };
                // A liberty next to the region as well is on the boundary
                // of a carved eye space (see `carving`): the defender may
                // play there to close its eye space.
                let borders_region = || {
                    enc.outside.binary_search(&n).is_ok()
                        && Board::neighbours(n)
                            .iter()
                            .any(|&m| enc.region.binary_search(&m).is_ok())
                };
                if attacker || joins() || borders_region() {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// Benson's test restricted to the enclosure: are all wall chains
/// unconditionally alive with two healthy regions each inside it?
fn locally_alive(board: &Board, enc: &Enclosure, core: &[usize]) -> bool {
    let own = Cell::of(enc.defender);
    // Sub-regions of the enclosure not holding defender stones.
    let mut seen: Vec<usize> = Vec::new();
    let mut subregions: Vec<Vec<usize>> = Vec::new();
    for &i in &enc.region {
        if board.cell(i) == own || seen.contains(&i) {
            continue;
        }
        let mut pts = vec![i];
        seen.push(i);
        let mut at = 0;
        while at < pts.len() {
            let p = pts[at];
            at += 1;
            for n in Board::neighbours(p) {
                if board.cell(n) != own
                    && board.cell(n) != Cell::Border
                    && enc.region.contains(&n)
                    && !seen.contains(&n)
                {
                    seen.push(n);
                    pts.push(n);
                }
            }
        }
        subregions.push(pts);
    }
    if subregions.len() < 2 {
        return false;
    }
    // Defender chains touching the enclosure, as stone lists.
    let mut chains: Vec<Vec<usize>> = Vec::new();
    for &i in enc.region.iter().chain(enc.walls.iter()) {
        if board.cell(i) == own && !chains.iter().any(|c| c.contains(&i)) {
            chains.push(board.chain(i).0);
        }
    }
    let chain_of = |p: usize| chains.iter().position(|c| c.contains(&p));
    // For each sub-region: its bordering chains, and the chains it is
    // healthy for (every empty point a liberty of the chain).
    let mut borders: Vec<Vec<usize>> = Vec::new();
    let mut healthy: Vec<Vec<usize>> = Vec::new();
    for r in &subregions {
        let mut b: Vec<usize> = Vec::new();
        for &p in r {
            for n in Board::neighbours(p) {
                if let Some(c) = chain_of(n) {
                    if !b.contains(&c) {
                        b.push(c);
                    }
                }
            }
        }
        // A sub-region that opens onto points outside the enclosure (a
        // carved eye space, see `carving`) is no eye.
        let leaks = r.iter().any(|&p| {
            Board::neighbours(p).iter().any(|&n| {
                board.cell(n) != own && board.cell(n) != Cell::Border && !enc.region.contains(&n)
            })
        });
        let empties: Vec<usize> = r
            .iter()
            .copied()
            .filter(|&p| board.cell(p) == Cell::Empty)
            .collect();
        let h: Vec<usize> = b
            .iter()
            .copied()
            .filter(|&c| {
                !leaks
                    && !empties.is_empty()
                    && empties
                        .iter()
                        .all(|&e| Board::neighbours(e).iter().any(|&n| chain_of(n) == Some(c)))
            })
            .collect();
        borders.push(b);
        healthy.push(h);
    }
    let alive = surviving_chains(chains.len(), &borders, &healthy);
    core.iter().all(|&s| chain_of(s).is_some_and(|c| alive[c]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lanke_sgf::Point;

    use crate::board_from_top_rows as board_top;

    /// A straight three in the corner, fully walled in: dead with the
    /// attacker to move (the vital point), alive with the defender to move.
    #[test]
    fn straight_three_lives_or_dies_by_the_vital_point() {
        let b = board_top(
            9,
            &[
                "...OX....", //
                "OOOOX....", //
                "XXXXX....", //
            ],
        );
        let encs = enclosures(&b, Color::White);
        assert_eq!(encs.len(), 1);
        assert!(encs[0].outside.is_empty());
        assert_eq!(read(&b, &encs[0], Color::Black), Some(LocalStatus::Dead));
        assert_eq!(read(&b, &encs[0], Color::White), Some(LocalStatus::Alive));
        // The null-window question gives the same answers.
        assert_eq!(lives(&b, &encs[0], Color::Black), Some(false));
        assert_eq!(lives(&b, &encs[0], Color::White), Some(true));
    }

    /// Two separate one-point eyes: alive whoever moves.
    #[test]
    fn two_eyes_are_alive_at_once() {
        let b = board_top(
            9,
            &[
                ".O.OX....", //
                "OOOOX....", //
                "XXXXX....", //
            ],
        );
        let encs = enclosures(&b, Color::White);
        assert_eq!(encs.len(), 1, "both eyes belong to one group");
        assert_eq!(read(&b, &encs[0], Color::Black), Some(LocalStatus::Alive));
    }

    /// The bent four in the corner with one outside liberty: dead whoever
    /// moves (Black fills the liberty, then wins the ko White cannot fight).
    #[test]
    fn bent_four_in_the_corner_is_dead() {
        let b = board_top(
            9,
            &[
                ".X.OX....",
                "XOOOX....",
                ".OOOX....",
                "OOOO.....",
                "XXXXX....",
            ],
        );
        let encs = enclosures(&b, Color::White);
        assert_eq!(encs.len(), 1);
        assert_eq!(encs[0].outside, vec![Board::idx(Point::new(4, 3))]);
        assert_eq!(read(&b, &encs[0], Color::Black), Some(LocalStatus::Dead));
        assert_eq!(read(&b, &encs[0], Color::White), Some(LocalStatus::Dead));
        assert_eq!(lives(&b, &encs[0], Color::White), Some(false));
    }
}
