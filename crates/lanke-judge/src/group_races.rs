//! Stage 1e of the judgement: capturing races between chains of opposite
//! colours in contact, short of liberties, read out where the playouts
//! are blind to them. Random playouts fill liberties in any order, so a
//! race that counting wins (four liberties, one an eye, against two
//! shared with a throw-in) often ends the wrong way round in them, and a
//! large group comes out dead next to the chain that in fact dies.
//!
//! A pair is read when the playouts' verdict is suspect — the chain they
//! call dead is a group of several stones with at least as many
//! liberties as the live one it touches, and that live one could lose
//! for good (no other chain of its colour beside its liberties but
//! chains as short of liberties, which it may join in the race; no third
//! chain to take) — or when both are dead (a pair this stage itself
//! turned), or both alive, one turned by this stage and the other left
//! open by playouts that had the first one die. A chain that loses takes
//! the chains it could join with it, and a winner that takes several
//! chains lives when the eye space their taking leaves makes two eyes.
//! The race is read with either side moving first (`races`); only a
//! verdict that holds whoever moves first — one chain taken, the other
//! never — counts: a race whose outcome turns on one move has no owner
//! to answer (unlike a walled space the enclosure reading finds alive
//! moving first) and is the ending's business. Before the races, groups
//! the playouts call dead that live by eating a captive, or the few
//! stones they shut in, live (`eating`). A race too long to read, between
//! two chains without eye space, is counted instead (`liberty_count`),
//! and only its seki is taken. No point classes here.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::benson::PassAlive;
use crate::big_eyes::alive_on;
use crate::eating::{connect_through_captives, eat_big_captives, eat_inner_chains};
use crate::judgement::{ChainInfo, Status, StatusReason};
use crate::liberty_count::{count_race, Counted};
use crate::races::{race_read_out, RaceLimits, RaceTargets, MAX_RACE_LIBERTIES};
use crate::tactics::{Tactics, TACTICS_BUDGET};

/// A status race is asked a few times per position, and must be read to
/// its end: a larger budget and a longer line than the filler's, and a
/// side that takes a group beside its chain lives (a race between groups
/// whose fills put stones of the filler in atari, Kisei 43 S13, runs
/// through such captures).
const STATUS_RACE: RaceLimits = RaceLimits {
    budget: 20_000,
    depth: 30,
    capture_lives: true,
};

/// A chain that takes this many stones whoever moves first lives: the
/// capture leaves it an eye space no one can take away.
const LIFE_BY_CAPTURE: usize = 7;

/// The least stones of a chain the playouts call dead whose races are
/// read.
pub(crate) const GROUP_STONES: usize = 6;

/// Rounds of reading: a turned pair can make a neighbouring pair suspect.
const ROUNDS: usize = 3;

/// The position's chains as the stage sees them.
pub(crate) struct Chains<'a> {
    pub(crate) board: &'a Board,
    /// (colour, stones) in board order, as `infos`.
    pub(crate) list: &'a [(Color, Vec<usize>)],
    /// Per grid cell: the index in `list` of the chain standing there.
    pub(crate) chain_of: &'a [usize],
}

impl Chains<'_> {
    /// The chains of the other colour in contact with chain `k`.
    pub(crate) fn foes_of(&self, k: usize) -> Vec<usize> {
        let (color, stones) = &self.list[k];
        let mut out: Vec<usize> = stones
            .iter()
            .flat_map(|&s| Board::neighbours(s))
            .filter(|&n| self.board.cell(n) == Cell::of(color.opponent()))
            .map(|n| self.chain_of[n])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Does chain `k` stand alone: no liberty of it touches another chain
    /// of its colour? A chain that does may be saved by its group (a
    /// connection, the other chain's eyes), which a race read between two
    /// chains does not see.
    fn stands_alone(&self, k: usize) -> bool {
        let (color, stones) = &self.list[k];
        self.board.liberties_of(stones).iter().all(|&l| {
            Board::neighbours(l)
                .into_iter()
                .all(|n| self.board.cell(n) != Cell::of(*color) || self.chain_of[n] == k)
        })
    }

    /// Chain `k` and the chains of its colour it can join by filling a
    /// liberty, and theirs in turn: what its side fights a race with.
    fn unit_of(&self, k: usize) -> Vec<usize> {
        let color = Cell::of(self.list[k].0);
        let mut unit = vec![k];
        let mut next = 0;
        while next < unit.len() {
            let c = unit[next];
            next += 1;
            for l in self.board.liberties_of(&self.list[c].1) {
                for n in Board::neighbours(l) {
                    if self.board.cell(n) == color && !unit.contains(&self.chain_of[n]) {
                        unit.push(self.chain_of[n]);
                    }
                }
            }
        }
        unit
    }

    /// Can the chains of `unit` (`unit_of` a chain) lose their race for
    /// good: the chain stands alone, or every chain it can join is `short`
    /// too and the joined chains would keep no more liberties than a race
    /// reads, none of them in an eye space of their own? Joining such a
    /// chain is one more move of the race, which the race reads; joining
    /// a chain with liberties to spare, or sharing an eye with it, is a
    /// way out it does not — unless `one_eye_counted`: against a chain
    /// held alive without the race, one eye of a single point is only one
    /// more liberty, the last one filled (Oteai 1982, 37: White's corner
    /// and its four dead stones share the eye at bb and still lose to
    /// Black's fourteen). Where the race is what would make the winner
    /// live, the unit's eye may be the winner's false territory, and the
    /// unit is not read.
    fn fights_alone(
        &self,
        unit: &[usize],
        short: &impl Fn(usize) -> bool,
        one_eye_counted: bool,
    ) -> bool {
        if unit.len() == 1 {
            return true;
        }
        let stones: Vec<usize> = unit
            .iter()
            .flat_map(|&j| self.list[j].1.iter().copied())
            .collect();
        let liberties = self.board.liberties_of(&stones);
        unit.iter().all(|&j| short(j))
            && liberties.len() <= MAX_RACE_LIBERTIES
            && !(if one_eye_counted {
                more_than_one_small_eye(self.board, &liberties, &stones)
            } else {
                has_eye_space(self.board, &liberties, &stones)
            })
    }

    /// Chain `k`'s unit (`unit_of`) when it `fights_alone` (with
    /// `one_eye_counted`) and no chain of it has a way out but its race
    /// against `winner` (`cornered`).
    fn trapped(
        &self,
        k: usize,
        winner: usize,
        liberties: &[usize],
        short: &impl Fn(usize) -> bool,
        one_eye_counted: bool,
    ) -> Option<Vec<usize>> {
        let unit = self.unit_of(k);
        (self.fights_alone(&unit, short, one_eye_counted)
            && unit.iter().all(|&m| self.cornered(m, winner, liberties)))
        .then_some(unit)
    }

    /// Does chain `winner` live by eye space once the chains of `unit`
    /// are taken off the board?
    pub(crate) fn lives_after_taking(&self, winner: usize, unit: &[usize]) -> bool {
        let mut b = self.board.clone();
        for &m in unit {
            for &s in &self.list[m].1 {
                b.put(Board::point(s), Cell::Empty);
            }
        }
        let color = self.list[winner].0;
        alive_on(&b, color)[self.list[winner].1[0]]
    }

    /// Has chain `k` no way out of its race against `winner` but that
    /// race: every other chain of the other colour in contact with it
    /// either has more liberties than it (it dies before taking that
    /// chain), shares every liberty with it (a throw-in, which the race
    /// reads) or cannot be taken when its owner answers (the tactical
    /// reader finds no capture: a wall stone that connects home when put
    /// in atari)? A third chain it might take outside the race's
    /// liberties could save it.
    fn cornered(&self, k: usize, winner: usize, liberties: &[usize]) -> bool {
        let own = self.board.liberties_of(&self.list[k].1);
        self.foes_of(k).into_iter().all(|j| {
            j == winner
                || liberties[j] > liberties[k]
                || self
                    .board
                    .liberties_of(&self.list[j].1)
                    .iter()
                    .all(|l| own.contains(l))
                || Tactics::new(TACTICS_BUDGET)
                    .attack(self.board, self.list[j].1[0], None)
                    .is_none()
        })
    }

    /// The chain of the pair (`a`, `b`) that is taken whoever moves first
    /// while the other is never taken, if the race says so. A chain taken
    /// even when its side moves first is taken when it moves second, and
    /// a chain not taken when the other side moves first is not taken
    /// when its own side does: two questions settle each candidate.
    fn race_loser(&self, a: usize, b: usize) -> Option<usize> {
        let (ca, cb) = (self.list[a].0, self.list[b].0);
        let targets = RaceTargets::of(ca, self.list[a].1[0], self.list[b].1[0], [true, true]);
        let taken = |side: Color, first: Color| {
            race_read_out(self.board, targets, side, first, STATUS_RACE)
        };
        for (loser, lc, wc) in [(a, ca, cb), (b, cb, ca)] {
            if taken(lc, lc)? {
                return (!taken(wc, lc)?).then_some(loser);
            }
        }
        None
    }
}

/// Reads the suspect races among `chains` (board order, as `infos`) and
/// turns the statuses a race settles whoever moves first. Chains Benson
/// proves alive, or that stand in a region sealed by the other colour's
/// pass-alive chains, are never read.
pub(crate) fn settle_group_races(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    chain_of: &[usize],
    infos: &mut [ChainInfo],
    sure: &[PassAlive; 2],
    captive: &[bool],
) {
    // Every rule here starts from a group of `GROUP_STONES` the playouts
    // call dead: without one there is nothing to read.
    let doubted = |k: usize| infos[k].status == Status::Dead && chains[k].1.len() >= GROUP_STONES;
    if !(0..chains.len()).any(doubted) {
        return;
    }
    let view = Chains {
        board,
        list: chains,
        chain_of,
    };
    let proven = |k: usize| proven_by_benson(&chains[k], sure);
    let liberties: Vec<usize> = chains
        .iter()
        .map(|(_, stones)| board.liberties_of(stones).len())
        .collect();
    let short = |k: usize| liberties[k] <= MAX_RACE_LIBERTIES && !proven(k);
    let mut turned = vec![false; chains.len()];
    connect_through_captives(&view, infos, captive, &mut turned);
    eat_big_captives(&view, infos, &liberties, &proven, &mut turned);
    eat_inner_chains(&view, infos, &liberties, &proven, &mut turned);
    let pairs = contacts(&view, &short);
    // A chain the playouts call dead whose race is worth doubting: a
    // group (a stone or two taking a chain in atari is the ending's
    // business) with at least the liberties of the live chain it touches.
    // Only a live chain that could lose the race for good (it stands alone
    // or joins only chains as short of liberties, with no third chain to
    // take) is worth the reading.
    let big_and_free = |dead: usize, live: usize| {
        chains[dead].1.len() >= GROUP_STONES
            && liberties[dead] >= liberties[live]
            && view
                .trapped(live, dead, &liberties, &short, false)
                .is_some()
    };
    let mut asked: Vec<(usize, usize)> = Vec::new();
    let mut lives_by_eye_space: Vec<usize> = Vec::new();
    for _ in 0..ROUNDS {
        // Each race read out whose loser is trapped: (loser, winner), for
        // each chain of the loser's unit; and the winners that live by
        // the eye space a taken unit of several chains leaves them.
        let mut outcomes: Vec<(usize, usize)> = Vec::new();
        for &(a, b) in &pairs {
            let suspect = match (infos[a].status, infos[b].status) {
                (Status::Dead, Status::Alive) => big_and_free(a, b),
                (Status::Alive, Status::Dead) => big_and_free(b, a),
                (Status::Dead, Status::Dead) => turned[a] || turned[b],
                // The playouts that left a chain open beside one this
                // stage has turned alive had that one die: both cannot
                // stand.
                (Status::Alive, Status::Alive) => {
                    (turned[a] && infos[b].is_open()) || (turned[b] && infos[a].is_open())
                }
                _ => false,
            };
            if !suspect || asked.contains(&(a, b)) {
                continue;
            }
            asked.push((a, b));
            let lost = view.race_loser(a, b).and_then(|loser| {
                let winner = a + b - loser;
                let held = infos[winner].status == Status::Alive;
                Some((
                    winner,
                    view.trapped(loser, winner, &liberties, &short, held)?,
                ))
            });
            if let Some((winner, unit)) = lost {
                if unit.len() > 1 && view.lives_after_taking(winner, &unit) {
                    lives_by_eye_space.push(winner);
                }
                outcomes.extend(unit.into_iter().map(|m| (m, winner)));
            }
        }
        let verdicts: Vec<(usize, Status)> = outcomes
            .iter()
            .flat_map(|&(l, w)| [l, w])
            .filter_map(|k| {
                Some((
                    k,
                    race_status(k, &outcomes, &lives_by_eye_space, chains, infos)?,
                ))
            })
            .collect();
        let mut changed = false;
        for (k, status) in verdicts {
            if infos[k].status != status {
                infos[k].status = status;
                turned[k] = true;
                changed = true;
            }
            infos[k].confidence = 1.0;
            infos[k].reason = StatusReason::GroupRace;
        }
        // A dead chain whose every neighbour of the other colour a race
        // has just killed is no longer surrounded by anything alive.
        for k in 0..chains.len() {
            if infos[k].status != Status::Dead || proven(k) {
                continue;
            }
            let foes = view.foes_of(k);
            if !foes.is_empty()
                && foes.iter().all(|&j| infos[j].status == Status::Dead)
                && foes.iter().any(|&j| turned[j])
            {
                infos[k].status = Status::Alive;
                infos[k].confidence = 1.0;
                infos[k].reason = StatusReason::GroupRace;
                turned[k] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// Long races counted: a chain the playouts call dead (a group of
/// `GROUP_STONES` or more) against a live one beside it, either with more
/// liberties than the race reader takes (`MAX_RACE_LIBERTIES`), both
/// without eye space (every liberty's empty region touches the other
/// colour), standing alone and cornered, and every liberty of one
/// chain's own fillable by the other side without self-atari: the race is
/// counted (`liberty_count`). Neither taken whoever moves first: both in
/// seki, and their shared liberties are returned. A race the dead chain
/// wins turns nothing: taking one chain beside it is not life when others
/// surround it.
///
/// Random playouts fill shared liberties at random, so such a race comes
/// out with one side taken (Kisei title 2008 game 6: Black's ten stones
/// on the right, seven liberties against White's eight, five shared).
pub(crate) fn settle_counted_races(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    chain_of: &[usize],
    infos: &mut [ChainInfo],
    sure: &[PassAlive; 2],
) -> Vec<usize> {
    // As in `settle_group_races`: without a dead group there is nothing
    // to count.
    let doubted = |k: usize| infos[k].status == Status::Dead && chains[k].1.len() >= GROUP_STONES;
    if !(0..chains.len()).any(doubted) {
        return Vec::new();
    }
    let proven = |k: usize| proven_by_benson(&chains[k], sure);
    let view = Chains {
        board,
        list: chains,
        chain_of,
    };
    let liberties: Vec<Vec<usize>> = chains
        .iter()
        .map(|(_, stones)| board.liberties_of(stones))
        .collect();
    let counts: Vec<usize> = liberties.iter().map(Vec::len).collect();
    let mut seki_points = Vec::new();
    for dead in 0..chains.len() {
        if infos[dead].status != Status::Dead || chains[dead].1.len() < GROUP_STONES || proven(dead)
        {
            continue;
        }
        for live in view.foes_of(dead) {
            if infos[live].status != Status::Alive
                || proven(live)
                || counts[dead].max(counts[live]) <= MAX_RACE_LIBERTIES
            {
                continue;
            }
            let pair = [dead, live];
            let trapped = pair.iter().all(|&k| {
                let other = dead + live - k;
                view.stands_alone(k)
                    && view.cornered(k, other, &counts)
                    && !has_eye_space(board, &liberties[k], &chains[k].1)
            });
            if !trapped {
                continue;
            }
            let shared: Vec<usize> = liberties[dead]
                .iter()
                .copied()
                .filter(|l| liberties[live].contains(l))
                .collect();
            // Each chain's own liberties, counted only when the other side
            // can fill every one of them safely.
            let own = pair.map(|k| {
                let filler = chains[dead + live - k].0;
                let own: Vec<usize> = liberties[k]
                    .iter()
                    .copied()
                    .filter(|l| !shared.contains(l))
                    .collect();
                own.iter()
                    .all(|&l| safely_filled(board, l, filler))
                    .then_some(own.len() as u32)
            });
            let [Some(own_dead), Some(own_live)] = own else {
                continue;
            };
            let n = shared.len() as u32;
            let dead_first = count_race([own_dead, own_live], n);
            let live_first = count_race([own_live, own_dead], n);
            if (dead_first, live_first) == (Counted::Neither, Counted::Neither) {
                for k in pair {
                    infos[k].status = Status::Seki;
                    infos[k].confidence = 1.0;
                    infos[k].reason = StatusReason::CountedRace;
                }
                seki_points.extend(shared);
                break;
            }
        }
    }
    seki_points
}

/// Does Benson's test settle `chain`: alive, or standing in a region the
/// other colour's pass-alive chains seal?
fn proven_by_benson((color, stones): &(Color, Vec<usize>), sure: &[PassAlive; 2]) -> bool {
    sure[color.index()].alive[stones[0]] || sure[color.opponent().index()].territory[stones[0]]
}

/// Has the chain of `stones` eye space: a liberty whose empty region
/// (the empty points it reaches through empty points) touches no stone of
/// the other colour — a one-point eye, or a larger space of its own that
/// the other side cannot fill from outside? A strip of empty points
/// shared with the other colour is none.
fn has_eye_space(board: &Board, liberties: &[usize], stones: &[usize]) -> bool {
    own_eye_regions(board, liberties, stones).next().is_some()
}

/// The sizes of the empty regions reached from `liberties` (of the chain
/// of `stones`) that touch no stone of the other colour, each once.
fn own_eye_regions<'a>(
    board: &'a Board,
    liberties: &'a [usize],
    stones: &[usize],
) -> impl Iterator<Item = usize> + 'a {
    let own = board.cell(stones[0]).color();
    let cells = board.points().last().map_or(0, |i| i + 1);
    let mut seen = vec![false; cells];
    liberties.iter().filter_map(move |&l| {
        if seen[l] {
            return None;
        }
        let region = board.empty_region_at(l, &mut seen);
        let mine = match own? {
            Color::Black => !region.touches_white,
            Color::White => !region.touches_black,
        };
        mine.then_some(region.points.len())
    })
}

/// Has the chain of `stones` more eye space (`has_eye_space`) than one
/// eye of a single point?
fn more_than_one_small_eye(board: &Board, liberties: &[usize], stones: &[usize]) -> bool {
    let mut eyes = own_eye_regions(board, liberties, stones);
    eyes.next()
        .is_some_and(|first| first > 1 || eyes.next().is_some())
}

/// Can `filler` play on the empty point `at` keeping two liberties or
/// more (joined to its chains beside it), so that filling it costs the
/// other side a liberty without an answer?
fn safely_filled(board: &Board, at: usize, filler: Color) -> bool {
    let mut after = board.clone();
    after.put(Board::point(at), Cell::of(filler));
    after.chain_liberties(at).len() >= 2
}

/// What the races read out (`outcomes`: loser, winner) say of chain `k`:
/// alive when it takes a chain of `LIFE_BY_CAPTURE` stones or more
/// whoever moves first, or chains whose taking leaves it alive by eye
/// space (`lives_by_eye_space`), whatever other races it would lose read
/// alone (a race read alone does not see the liberties a capture
/// elsewhere gives);
/// dead when it wins no race and loses one to a chain that lives (a dead
/// chain that can take a stone in atari is still dead, and the stone's
/// protection is the ending's business); else nothing.
fn race_status(
    k: usize,
    outcomes: &[(usize, usize)],
    lives_by_eye_space: &[usize],
    chains: &[(Color, Vec<usize>)],
    infos: &[ChainInfo],
) -> Option<Status> {
    let takes_a_group = |w: usize| {
        lives_by_eye_space.contains(&w)
            || outcomes
                .iter()
                .any(|&(l, x)| x == w && chains[l].1.len() >= LIFE_BY_CAPTURE)
    };
    let lives = |w: usize| takes_a_group(w) || infos[w].status == Status::Alive;
    let wins = outcomes.iter().any(|&(_, w)| w == k);
    if takes_a_group(k) {
        Some(Status::Alive)
    } else if !wins && outcomes.iter().any(|&(l, w)| l == k && lives(w)) {
        Some(Status::Dead)
    } else {
        None
    }
}

/// The pairs of chains of opposite colours in contact that are both
/// `short` (each pair once, the lower index first).
fn contacts(view: &Chains<'_>, short: &impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in (0..view.list.len()).filter(|&a| short(a)) {
        for b in view.foes_of(a) {
            if a < b && short(b) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{at, board_from_top_rows};

    /// The statuses after this stage of the chains of the 13-wide board
    /// `rows`, given the playouts' `status` of each chain (by colour and
    /// first stone, every chain at confidence 0.6) and the `captives`.
    fn settled_with(
        rows: &[&str],
        status: impl Fn(Color, usize) -> Status,
        captives: &[usize],
    ) -> impl Fn(usize) -> Status {
        let board = board_from_top_rows(13, rows);
        let (mut infos, chain_of, chains, sure) = judged_as(&board, status);
        let mut captive = vec![false; chain_of.len()];
        for &c in captives {
            captive[c] = true;
        }
        settle_group_races(&board, &chains, &chain_of, &mut infos, &sure, &captive);
        move |p: usize| infos[chain_of[p]].status
    }

    /// The chains of `board` with the playouts' `status` of each (by
    /// colour and first stone, every chain at confidence 0.6), the chain
    /// index of each point, the chains, and no Benson proofs.
    #[allow(clippy::type_complexity)]
    fn judged_as(
        board: &Board,
        status: impl Fn(Color, usize) -> Status,
    ) -> (
        Vec<ChainInfo>,
        Vec<usize>,
        Vec<(Color, Vec<usize>)>,
        [PassAlive; 2],
    ) {
        let chains = board.chains();
        let infos: Vec<ChainInfo> = chains
            .iter()
            .map(|(color, stones)| ChainInfo {
                color: *color,
                stones: stones.iter().map(|&s| Board::point(s)).collect(),
                status: status(*color, stones[0]),
                confidence: 0.6,
                reason: StatusReason::Playouts,
            })
            .collect();
        let cells = board.points().last().unwrap() + 1;
        let mut chain_of = vec![usize::MAX; cells];
        for (k, (_, stones)) in chains.iter().enumerate() {
            for &s in stones {
                chain_of[s] = k;
            }
        }
        let nothing = || PassAlive {
            alive: vec![false; cells],
            territory: vec![false; cells],
        };
        (infos, chain_of, chains, [nothing(), nothing()])
    }

    /// Black's six stones on the edge and White's nine below them share
    /// the six points between them and have no other liberty: White's
    /// are walled in by Black's live wall. Beyond the race reader's five
    /// liberties, the race is counted: whoever fills a shared point first
    /// runs into atari first, so neither does. The playouts called
    /// Black's six dead; both chains are in seki, sharing the six points.
    #[test]
    fn an_eyeless_race_with_six_shared_liberties_is_seki() {
        let rows = [
            "XXXXXXOX.....", //
            "......OX.....",
            "OOOOOOOX.....",
            "XXXXXXXX.....",
            ".............",
        ];
        let board = board_from_top_rows(13, &rows);
        let (mut infos, chain_of, chains, sure) = judged_as(&board, |color, first| {
            if color == Color::Black && first == at(0, 0) {
                Status::Dead
            } else {
                Status::Alive
            }
        });
        let shared = settle_counted_races(&board, &chains, &chain_of, &mut infos, &sure);
        assert_eq!(infos[chain_of[at(0, 0)]].status, Status::Seki);
        assert_eq!(infos[chain_of[at(0, 2)]].status, Status::Seki);
        assert_eq!(infos[chain_of[at(7, 0)]].status, Status::Alive);
        let mut shared = shared;
        shared.sort_unstable();
        assert_eq!(shared, (0..6).map(|x| at(x, 1)).collect::<Vec<_>>());
    }

    /// The statuses after this stage, with the playouts' verdict set the
    /// wrong way round: every White chain dead, every Black one alive.
    fn settled_from_white_dead(rows: &[&str]) -> impl Fn(usize) -> Status {
        settled_with(
            rows,
            |color, _| match color {
                Color::White => Status::Dead,
                Color::Black => Status::Alive,
            },
            &[],
        )
    }

    /// The statuses of White's chain on the second line (at b2) and
    /// Black's chain on the edge (at a1) after this stage, from White
    /// dead and Black alive.
    fn settled(rows: &[&str]) -> (Status, Status) {
        let status = settled_from_white_dead(rows);
        (status(at(1, 1)), status(at(0, 0)))
    }

    /// White's eleven stones between Black's wall and Black's eight on
    /// the edge have three liberties on the edge; the eight have one of
    /// them. White takes the eight whoever moves first, and lives by it.
    #[test]
    fn a_group_that_takes_eight_stones_whoever_moves_first_lives() {
        let rows = [
            "XXXXXXXX...X.", //
            "OOOOOOOOOOOX.",
            "XXXXXXXXXXXX.",
            ".............",
        ];
        assert_eq!(settled(&rows), (Status::Alive, Status::Dead));
    }

    /// The same race against five stones: White takes them whoever moves
    /// first, but a five-point eye space on the edge is no life against
    /// the wall, so neither status is turned.
    #[test]
    fn taking_five_stones_is_no_life() {
        let rows = [
            "XXXXX...X....", //
            "OOOOOOOOX....",
            "XXXXXXXXX....",
            ".............",
        ];
        assert_eq!(settled(&rows), (Status::Dead, Status::Alive));
    }

    /// Black's two stones at c1-d1 and two at f1-g1 on the edge, inside
    /// White's ten on the second line, have two liberties each and share
    /// e1: Black can join them there, which the race reads, but the
    /// joined four keep only b1 and h1 and die whoever moves first. White,
    /// walled in by Black's wall, lives by taking them: the edge they
    /// leave is eight points of its own. The playouts called White dead;
    /// read chain by chain, Black's two pairs do not stand alone (each
    /// can join the other) and nothing was read.
    #[test]
    fn chains_that_can_only_join_each_other_lose_their_race_together() {
        let rows = [
            "..XX.XX.OX...", //
            "OOOOOOOOOX...",
            "XXXXXXXXXX...",
            ".............",
        ];
        let status = settled_from_white_dead(&rows);
        assert_eq!(status(at(0, 1)), Status::Alive);
        assert_eq!(status(at(2, 0)), Status::Dead);
        assert_eq!(status(at(5, 0)), Status::Dead);
        assert_eq!(status(at(0, 2)), Status::Alive, "Black's wall");
    }

    /// Black's nine stones on the left (a1-c3) and Black's wall on the
    /// right (e1-g3) both touch White's two stones at d1-d2, in atari and
    /// lost whoever moves first (a captive): taking them joins the nine
    /// to the wall. The playouts called the nine dead; joined to a live
    /// wall they live, and the captive is dead.
    #[test]
    fn a_group_joined_to_a_live_one_through_a_captive_lives() {
        let rows = [
            "XXXOXXX......", //
            "XXXOXXX......",
            "XXX.XXX......",
            ".............",
        ];
        let left = at(0, 0);
        let status = settled_with(
            &rows,
            |color, first| match color {
                Color::Black if first == left => Status::Dead,
                _ => Status::Alive,
            },
            &[at(3, 0), at(3, 1)],
        );
        assert_eq!(status(left), Status::Alive);
        assert_eq!(status(at(3, 0)), Status::Dead);
        assert_eq!(status(at(4, 0)), Status::Alive);
    }
}
