//! Capturing races (semeai) between two adjacent chains of opposite
//! colours, each short of liberties: is one side's chain (the defender's)
//! taken with a given side to move, and which moves save a chain about to
//! lose one?
//!
//! The search is the race a player counts out: each side may fill a
//! liberty of the other chain, extend its own where that gains liberties,
//! capture the other chain or a chain next to its own that stands in
//! atari, or save a chain of its own beside the other target that the
//! other side put in atari by taking a stone beside it that stands in
//! atari too (a wall of the race is not lost for free); the defender may
//! also put a third chain next to its own in atari (stones the attacker
//! added beside it are taken rather than raced) or pass. A chain taken
//! ends the race, and so does a chain with more than `ESCAPED_ABOVE`
//! liberties, one joined to a group of its colour or (where the limits
//! say so) one that takes `CAPTURE_LIVES` stones beside it: it has run
//! out of the race and lives — unless it may not escape (dead stones inside the
//! other side's territory), which leaves the race undecided.
//! Eyes need no special case: filling the last point of an eye is suicide
//! until it captures. A simple ko ban is kept along each line.
//!
//! It is an AND-OR search with a transposition table (filling orders
//! transpose), each node first looking for a move that ends the race at
//! once in the mover's favour; a line that takes nothing within the depth
//! bound leaves the chain standing, and a search that runs out of its
//! node budget answers nothing, so answers are deterministic.
//!
//! Only the race lives here; which races to read and what their outcome
//! costs is the caller's business (the filler's protective moves).

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use lanke_board::{Board, Cell, PlayResult, Visited};
use lanke_sgf::Color;

use crate::shortage::capturing_points;

/// Chains with more liberties than this are not in a race worth reading.
pub(crate) const MAX_RACE_LIBERTIES: usize = 5;

/// A chain with more liberties than this has run out of the race.
const ESCAPED_ABOVE: usize = 6;

/// A chain that has gained more stones than this (joined another of its
/// colour) has left the race; the stones of chains short of liberties
/// when the race was asked (`JOINED_SHORT`) are not counted.
const JOINED_ABOVE: usize = 6;

/// A chain of the target's colour with this many liberties or fewer when
/// the race is asked is part of the race: joining it is no escape.
const JOINED_SHORT: usize = 2;

/// A target that takes this many stones beside it, gaining as many
/// liberties, has made eye space the other side cannot take back with a
/// throw-in (three captured stones can still be killed at their vital
/// point): it lives, where the limits allow it to end the race so.
const CAPTURE_LIVES: u16 = 4;

/// How far one race question may read: the nodes it may visit and its
/// longest line (moves and passes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RaceLimits {
    pub budget: u32,
    pub depth: u32,
    /// A target that takes a group of `CAPTURE_LIVES` stones or more
    /// beside it (gaining as many liberties) ends the race alive.
    pub capture_lives: bool,
}

/// The filler's races against dead stones: asked turn after turn, so
/// kept small.
pub(crate) const FILLER_RACE: RaceLimits = RaceLimits {
    budget: 150,
    depth: 12,
    capture_lives: false,
};

/// The two chains of a race, by one stone each (grid indices; index 0
/// Black's, 1 White's), and whether each may end it by escaping — more
/// than `ESCAPED_ABOVE` liberties. Dead stones inside the other side's
/// territory cannot: their liberties there are no freedom, and a race in
/// which they gain that many is left undecided.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RaceTargets {
    pub chains: [usize; 2],
    pub may_escape: [bool; 2],
}

impl RaceTargets {
    /// A race of `side`'s chain at `own` against the opponent's at `foe`;
    /// `may_escape` in the same order.
    pub(crate) fn of(side: Color, own: usize, foe: usize, may_escape: [bool; 2]) -> RaceTargets {
        let mut chains = [own, foe];
        let mut may_escape = may_escape;
        if side == Color::White {
            chains.swap(0, 1);
            may_escape.swap(0, 1);
        }
        RaceTargets { chains, may_escape }
    }
}

/// Is `side`'s chain of `targets` taken with best play, `first` to move,
/// and was the answer read to the end (no line it needed cut by the
/// depth bound)? `None` when the search runs out of budget.
fn ask(
    board: &Board,
    targets: RaceTargets,
    side: Color,
    first: Color,
    limits: RaceLimits,
) -> Option<(bool, bool)> {
    Race::new(board, targets, side, limits).taken(board, first, None, 0, 0)
}

/// Is `side`'s chain of `targets` taken with best play, `first` to move,
/// as far as the filler reads? `None` when the search runs out of budget.
pub(crate) fn loses_race(
    board: &Board,
    targets: RaceTargets,
    side: Color,
    first: Color,
) -> Option<bool> {
    ask(board, targets, side, first, FILLER_RACE).map(|(taken, _)| taken)
}

/// The same question read to the end within `limits`: `None` when the
/// search runs out of budget or a line it needed was cut by the depth
/// bound.
pub(crate) fn race_read_out(
    board: &Board,
    targets: RaceTargets,
    side: Color,
    first: Color,
    limits: RaceLimits,
) -> Option<bool> {
    ask(board, targets, side, first, limits).and_then(|(taken, exact)| exact.then_some(taken))
}

/// `side`'s moves after which its chain of `targets` is no longer taken
/// with the opponent moving next, in the reader's order; empty when none
/// saves it or the search runs out.
pub(crate) fn race_saving_moves(board: &Board, targets: RaceTargets, side: Color) -> Vec<usize> {
    let mut race = Race::new(board, targets, side, FILLER_RACE);
    let Ok(chains) = race.settled(board) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in race.moves(board, side, &chains) {
        let mut b = board.clone();
        let r = b.play(side, m);
        if r.suicided > 0 {
            continue;
        }
        race.nodes = 0;
        if race.taken(&b, side.opponent(), r.ko_point(), 0, 1) == Some((false, true)) {
            out.push(m);
        }
    }
    out
}

/// The races against dead stones a judgement's fillings have read, by
/// the side, each chain's first stone and each chain's liberties: the
/// moves that save the side's chain. The fillings of one position (both
/// move orders, every reading of its open chains) meet the same races
/// turn after turn; the liberties key them, since a race changes only
/// when a liberty is filled.
#[derive(Default)]
pub(crate) struct RaceMemo(RefCell<FxHashMap<RaceKey, Vec<usize>>>);

type RaceKey = (Color, usize, usize, Vec<usize>, Vec<usize>);

impl RaceMemo {
    /// `side`'s moves that win back the race of its chain (`own_stones`)
    /// against the opponent's dead chain (`dead_stones`) when that race is
    /// lost if the opponent moves first and won if `side` does; empty
    /// otherwise (no threat, or the chain lost anyway).
    pub(crate) fn saving_moves(
        &self,
        board: &Board,
        side: Color,
        own_stones: &[usize],
        dead_stones: &[usize],
    ) -> Vec<usize> {
        let first = |stones: &[usize]| stones.iter().copied().min().unwrap_or(usize::MAX);
        let (own, dead) = (first(own_stones), first(dead_stones));
        let key = (
            side,
            own,
            dead,
            board.liberties_of(own_stones),
            board.liberties_of(dead_stones),
        );
        // A saving move may lie off both chains' liberties (an atari on a
        // third chain), so a race met again on another board keeps only
        // its moves still open there.
        if let Some(moves) = self.0.borrow().get(&key) {
            return moves
                .iter()
                .copied()
                .filter(|&m| board.cell(m) == Cell::Empty)
                .collect();
        }
        let targets = RaceTargets::of(side, own, dead, [true, false]);
        let threatened = loses_race(board, targets, side, side.opponent()) == Some(true)
            && loses_race(board, targets, side, side) == Some(false);
        let moves = if threatened {
            race_saving_moves(board, targets, side)
        } else {
            Vec::new()
        };
        self.0.borrow_mut().insert(key, moves.clone());
        moves
    }
}

/// One race question: is the defender's chain taken?
struct Race {
    targets: RaceTargets,
    defender: Color,
    /// Each target chain's stones when the question was asked.
    root_stones: [Vec<usize>; 2],
    /// The position the question was asked of.
    root: Board,
    limits: RaceLimits,
    nodes: u32,
    /// Answers read to the end (not cut by the depth bound), by position,
    /// side to move, ko ban and passes in a row.
    known: FxHashMap<(u64, Color, Option<usize>, u32), bool>,
}

impl Race {
    fn new(board: &Board, targets: RaceTargets, defender: Color, limits: RaceLimits) -> Race {
        Race {
            targets,
            defender,
            root_stones: targets.chains.map(|c| board.chain(c).0),
            root: board.clone(),
            limits,
            nodes: 0,
            known: FxHashMap::default(),
        }
    }

    /// Is the defender's chain taken with `to_move` to play? With it,
    /// whether the answer was read to the end (no line cut by the depth
    /// bound); `None` when the budget runs out.
    fn taken(
        &mut self,
        board: &Board,
        to_move: Color,
        ko_ban: Option<usize>,
        passes: u32,
        depth: u32,
    ) -> Option<(bool, bool)> {
        // A position read before was settled on the way in (the same
        // board settles the same way), so its answer stands without
        // walking the targets again.
        let key = (board.hash(), to_move, ko_ban, passes);
        if passes < 2 && depth <= self.limits.depth {
            if let Some(&v) = self.known.get(&key) {
                return Some((v, true));
            }
        }
        let chains = match self.settled(board) {
            Ok(chains) => chains,
            Err(taken) => return Some((taken, true)),
        };
        if passes >= 2 {
            return Some((false, true));
        }
        if depth > self.limits.depth {
            return Some((false, false));
        }
        self.nodes += 1;
        if self.nodes > self.limits.budget {
            return None;
        }
        let attacking = to_move != self.defender;
        // The attacker needs one move that takes, the defender one move (or
        // a pass) that does not, each read to the end. A line cut by the
        // depth bound reads as "not taken" but proves nothing: an answer
        // it could have changed is not exact.
        let mut cut = false;
        // A move that ends the race at once in the mover's favour (the
        // attacker's taking the chain, the defender's escaping) answers
        // the node: looked for before any line is read, since the
        // candidates come in a player's order, not in that of their reach.
        // The other moves' boards are kept for the reading below.
        let mut played: Vec<(Board, PlayResult)> = Vec::new();
        for m in self.moves(board, to_move, &chains) {
            if Some(m) == ko_ban {
                continue;
            }
            let mut b = board.clone();
            let r = b.play(to_move, m);
            if r.suicided > 0 {
                continue;
            }
            if self.settled(&b) == Err(attacking) {
                self.known.insert(key, attacking);
                return Some((attacking, true));
            }
            played.push((b, r));
        }
        // The defender may pass; the attacker gains nothing by it.
        let pass = (!attacking).then_some(None);
        for m in played.iter().map(Some).chain(pass) {
            let (taken, read) = match m {
                Some((b, r)) => {
                    let mine = self.targets.chains[to_move.index()];
                    let theirs = self.targets.chains[to_move.opponent().index()];
                    let big_capture = self.limits.capture_lives
                        && r.captured >= CAPTURE_LIVES
                        && b.cell(theirs) == Cell::of(to_move.opponent())
                        && b.cell(mine) == Cell::of(to_move)
                        && b.chain(mine).1
                            >= chains[to_move.index()].1 + usize::from(CAPTURE_LIVES);
                    if big_capture {
                        // The mover's target took a group beside it: it
                        // has eye space, and lives.
                        if attacking {
                            (self.targets.may_escape[to_move.index()], true)
                        } else {
                            (false, true)
                        }
                    } else {
                        self.taken(b, to_move.opponent(), r.ko_point(), 0, depth + 1)?
                    }
                }
                None => self.taken(board, to_move.opponent(), None, passes + 1, depth + 1)?,
            };
            if !read {
                cut = true;
            } else if taken == attacking {
                self.known.insert(key, taken);
                return Some((taken, true));
            }
        }
        // No exact success for the side to move: the attacker has not
        // taken the chain; the defender has lost it unless a cut line
        // might have saved it.
        if cut {
            return Some((false, false));
        }
        self.known.insert(key, !attacking);
        Some((!attacking, true))
    }

    /// Whether the race has ended (`Err`: is the defender's chain taken?)
    /// — a chain taken, or one escaped (the other's is then as good as
    /// taken), or one that may not escape run out of it (neither) — or
    /// else both chains, Black's first, as stones and liberty count.
    fn settled(&self, board: &Board) -> Result<[Chain; 2], bool> {
        let d = self.defender.index();
        let targets = self.targets.chains;
        if board.cell(targets[d]) != Cell::of(self.defender) {
            return Err(true);
        }
        if board.cell(targets[1 - d]) != Cell::of(self.defender.opponent()) {
            return Err(false);
        }
        let chains = targets.map(|c| board.chain(c));
        // A chain joined to a group of its own colour has left the race
        // as surely as one with liberties to spare: the group's fate is
        // the statuses' business.
        let escaped = |i: usize| {
            chains[i].1 > ESCAPED_ABOVE
                || (chains[i].0.len() > self.root_stones[i].len() + JOINED_ABOVE
                    && self.gained(&chains[i].0, i) > JOINED_ABOVE)
        };
        if escaped(d) {
            return Err(false);
        }
        if escaped(1 - d) {
            return Err(self.targets.may_escape[1 - d]);
        }
        Ok(chains)
    }

    /// How many stones `stones` (target chain `i`, Black's 0) has gained
    /// since the question was asked, but those of chains short
    /// of liberties then: a chain of the race's own that the target joins
    /// (its dead stones beside the other target, two liberties or fewer)
    /// fights on with it, as a player counts the race.
    fn gained(&self, stones: &[usize], i: usize) -> usize {
        let color = self.root.cell(self.targets.chains[i]);
        let mut seen = Visited::new();
        for &s in &self.root_stones[i] {
            seen.insert(s);
        }
        let mut gained = 0;
        for &s in stones {
            if seen.contains(s) {
                continue;
            }
            if self.root.cell(s) != color {
                gained += 1;
                continue;
            }
            let (chain, liberties) = self.root.chain(s);
            for &c in &chain {
                seen.insert(c);
            }
            if liberties > JOINED_SHORT {
                gained += chain.len();
            }
        }
        gained
    }

    /// `side`'s candidate moves: taking the other target in atari or a
    /// chain in atari next to its own or a stone that holds a chain of its
    /// own beside the other target in atari, then the other target's
    /// liberties (the ones it does not share with `side`'s target first),
    /// then extensions of its own target that gain liberties. The defender
    /// also puts third chains next to its target in atari (stones the
    /// attacker added beside it, often joined to dead ones, are taken
    /// rather than raced).
    fn moves(&self, board: &Board, side: Color, chains: &[Chain; 2]) -> Vec<usize> {
        let (own_stones, _) = &chains[side.index()];
        let (other_stones, other_count) = &chains[side.opponent().index()];
        let mut moves = Vec::new();
        let add = |m: usize, moves: &mut Vec<usize>| {
            if !moves.contains(&m) {
                moves.push(m);
            }
        };
        let other_libs = board.liberties_of(other_stones);
        if *other_count == 1 {
            add(other_libs[0], &mut moves);
        }
        // The opponent's chains next to one's own target: those in atari
        // are taken, those with two liberties put in atari (a chain seen
        // from several stones adds the same points once).
        let foe = Cell::of(side.opponent());
        let mut short: Vec<usize> = Vec::new();
        for (libs, count) in board.short_chains_beside::<2>(own_stones, foe, other_stones) {
            match count {
                1 => add(libs[0], &mut moves),
                2 if side == self.defender => short.extend(libs),
                _ => {}
            }
        }
        for m in taking_back_walls(board, side, own_stones, other_stones) {
            add(m, &mut moves);
        }
        let own_libs = board.liberties_of(own_stones);
        for &l in other_libs.iter().filter(|l| !own_libs.contains(l)) {
            add(l, &mut moves);
        }
        for &l in other_libs.iter().filter(|l| own_libs.contains(l)) {
            add(l, &mut moves);
        }
        for l in short {
            add(l, &mut moves);
        }
        for &l in &own_libs {
            let gains = Board::neighbours(l).iter().any(|&n| {
                board.cell(n) == Cell::Empty && !own_libs.contains(&n)
                    || board.cell(n) == Cell::of(side) && !own_stones.contains(&n)
            });
            if gains {
                add(l, &mut moves);
            }
        }
        moves
    }
}

/// A chain's stones and its number of liberties.
type Chain = (Vec<usize>, usize);

/// The moves that save `side`'s chains beside the other target (`other`)
/// that stand in atari by taking a stone of the other side beside them
/// that stands in atari itself (often the stone that put the chain
/// there). Without them the other side takes a wall of the race for free:
/// a corner chain of two liberties, put in atari from inside its own
/// territory by a stone with no liberty but one, is not lost — its owner
/// takes that stone.
fn taking_back_walls(
    board: &Board,
    side: Color,
    own_target: &[usize],
    other: &[usize],
) -> Vec<usize> {
    let own = Cell::of(side);
    // The stones already looked at (both targets' and every chain
    // checked), so each chain's liberties are counted once.
    let mut seen = Visited::new();
    for &s in own_target.iter().chain(other) {
        seen.insert(s);
    }
    let mut out = Vec::new();
    for n in other.iter().flat_map(|&s| Board::neighbours(s)) {
        if board.cell(n) != own || seen.contains(n) {
            continue;
        }
        let (stones, liberties) = board.chain(n);
        for &s in &stones {
            seen.insert(s);
        }
        if liberties != 1 {
            continue;
        }
        // The other target's own last liberty, if it has one, is among
        // these too; the caller has it already.
        for takes in capturing_points(board, n) {
            if !out.contains(&takes) {
                out.push(takes);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;
    use crate::board_from_top_rows;

    /// Is White's chain taken, Black moving first and White first?
    fn white_taken(rows: &[&str], black: (u8, u8), white: (u8, u8)) -> [Option<bool>; 2] {
        let b = board_from_top_rows(9, rows);
        let targets = RaceTargets {
            chains: [at(black.0, black.1), at(white.0, white.1)],
            may_escape: [true, true],
        };
        [Color::Black, Color::White].map(|first| loses_race(&b, targets, Color::White, first))
    }

    #[test]
    fn three_liberties_beat_two_whoever_moves_first() {
        // Black's four stones (x 0-3, y 1) have three liberties on the
        // edge; White's four below them (y 2) have two, inside Black's
        // wall. Black takes them moving first or second.
        let rows = [
            "...OX....", //
            "XXXXO....",
            "OOOOX....",
            "X..XX....",
            "XXXXX....",
        ];
        assert_eq!(white_taken(&rows, (0, 1), (0, 2)), [Some(true); 2]);
    }

    #[test]
    fn a_chain_that_joins_its_wall_has_escaped() {
        // Black b1 (x 1, y 0) shares a1 and c1 with White's three stones
        // below it, but c1 also joins it to Black's wall: Black connects
        // there (moving first) or answers White's a1 there, and White's
        // stones are taken either way.
        let rows = [
            ".X.X.....", //
            "OOOX.....",
            "XXXX.....",
        ];
        assert_eq!(white_taken(&rows, (1, 0), (0, 1)), [Some(true); 2]);
    }

    /// Black's seven stones around three dead White stones on the edge
    /// (x 1, y 1-3) have three liberties: a1, d1 and a5. The dead stones
    /// have three too, a2-a4. Whoever moves first wins the race.
    const EVEN_RACE: [&str; 6] = [
        ".XX.O....", //
        ".OXO.....",
        ".OXO.....",
        ".OXO.....",
        ".XXO.....",
        "OOOO.....",
    ];

    fn race_against_dead(rows: &[&str]) -> (Board, RaceTargets) {
        let b = board_from_top_rows(9, rows);
        (
            b,
            RaceTargets::of(Color::Black, at(1, 0), at(1, 1), [true, false]),
        )
    }

    #[test]
    fn an_even_race_against_dead_stones_is_lost_moving_second() {
        let (b, targets) = race_against_dead(&EVEN_RACE);
        assert_eq!(
            loses_race(&b, targets, Color::Black, Color::White),
            Some(true)
        );
        assert_eq!(
            loses_race(&b, targets, Color::Black, Color::Black),
            Some(false)
        );
        // Black saves it by taking a liberty of the dead stones, the
        // reader's first choice.
        let saving = race_saving_moves(&b, targets, Color::Black);
        assert!([at(0, 1), at(0, 2), at(0, 3)].contains(&saving[0]));
        let (own, dead) = (b.chain(at(1, 0)).0, b.chain(at(1, 1)).0);
        let memo = RaceMemo::default();
        assert_eq!(memo.saving_moves(&b, Color::Black, &own, &dead), saving);
    }

    #[test]
    fn a_liberty_ahead_needs_no_answer() {
        // White's wall stone c6 gone, Black's chain has a fourth liberty
        // there: four against three, and the race is Black's even with
        // White to move.
        let mut rows = EVEN_RACE;
        rows[5] = "OO.O.....";
        let (b, targets) = race_against_dead(&rows);
        assert_ne!(
            loses_race(&b, targets, Color::Black, Color::White),
            Some(true)
        );
        let (own, dead) = (b.chain(at(1, 0)).0, b.chain(at(1, 1)).0);
        assert!(RaceMemo::default()
            .saving_moves(&b, Color::Black, &own, &dead)
            .is_empty());
    }
}
