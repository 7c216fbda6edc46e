//! The protective moves the filler owes each turn (stage 5, `filling`):
//! for a chain of its own in atari, against a push into its territory by
//! a live opponent stone beside it (`dame_shapes::pushed_into`), for a
//! chain short of liberties (`shortage`),
//! losing a race against dead stones (`races`), open to a double atari
//! (`double_atari`), or beside dead stones that could walk out
//! (`dame_shapes::rescue_point`); none for a chain standing inside its
//! own territory with only dead stones beside it; and the earlier answer
//! to a shortage that a later protective move (an eye space's owed move,
//! an answer to an atari or a shortage) makes redundant. Which
//! dame to fill, kos and the moves owed once the dame are filled stay in
//! `filling`.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use super::{chain_size, inside_own, kind_of, live_stones_taken, self_atari, Filler, Threat};
use crate::chain_table::ChainTable;
use crate::dame_shapes::{pushed_into, rescue_point, territory_of};
use crate::double_atari::{double_atari_point, mending_move, short_stones_beside};
use crate::judgement::{FillKind, PointClass};
use crate::races::MAX_RACE_LIBERTIES;
use crate::shortage::{capture_sticks_with_dead, capturing_points, taken_when_short};
use crate::teire::{owed_in_enclosures, Filled};

/// Of the moves that save `side`'s chain at `stone` from atari (its
/// liberty, then captures of dead stones beside it), the one that leaves
/// the fewest of `side`'s live chains in atari, the chain at `stone` with
/// the most liberties on a tie, the earliest after that. One capture of
/// dead stones often does the work of two protective moves, where
/// extending saves the chain and leaves a second move to come (Cho Chikun
/// 1992-07-20: White's capture of three dead stones at fk saves the chain
/// in atari at hi, and no second move follows; GNU Go plays it so too).
fn fewest_left_in_atari(
    board: &Board,
    side: Color,
    stone: usize,
    saving: &[usize],
    dead: &[bool],
) -> Option<usize> {
    if saving.len() < 2 {
        return saving.first().copied();
    }
    saving.iter().copied().min_by_key(|&m| {
        let mut after = board.clone();
        after.play(side, m);
        let table = ChainTable::of(&after, dead);
        let in_atari = table.atari_of(&after, side, dead).count();
        (in_atari, std::cmp::Reverse(table.libs[stone]))
    })
}

impl<F: Fn(usize) -> PointClass> Filler<'_, F> {
    /// A protective move `side` owes now: for a chain of its own in atari,
    /// against a push into its territory, for a chain short of
    /// liberties, losing a race against dead stones, or open to a double
    /// atari (looked for beside `near` only, when given:
    /// `double_atari_point`). Never at `ko_ban`, the point the ko rule
    /// forbids retaking at once: a ko taken with atari on a chain beside it
    /// is answered elsewhere, or the retake waits (Gosei 6/T30: after White
    /// takes at al, Black may not take back at ak on the next move).
    pub(super) fn protect(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
        near: Option<&[usize]>,
        ko_ban: Option<usize>,
    ) -> Option<(usize, FillKind, Threat)> {
        let (class_at, dead) = (self.class_at, self.dead);
        for (stone, l) in table.atari_of(board, side, dead) {
            let own_point = |m: usize| inside_own(class_at(m), side);
            // A chain whose capture the opponent could not keep (a snapback)
            // needs no protective move.
            if own_point(l) && !capture_sticks_with_dead(board, side.opponent(), l, dead) {
                continue;
            }
            // Extend at the liberty, or capture a neighbouring chain in atari
            // (often dead stones, whose capture gives the liberties back).
            // A lone stone that cannot extend is given up rather than saved
            // by capturing (the source's 烂柯图 leaves aa so).
            let captures = if chain_size(board, stone) >= 2 {
                capturing_points(board, stone)
            } else {
                Vec::new()
            };
            // A point a capture emptied (a live stone's: the ko just taken)
            // is filled like a dame.
            let mut saving: Vec<usize> = Vec::new();
            for m in std::iter::once(l).chain(captures) {
                if self.settled[m] || Some(m) == ko_ban || self.takes_given_alive(board, side, m) {
                    continue;
                }
                let mine = own_point(m);
                if (mine || matches!(class_at(m), PointClass::Dame | PointClass::LiveStone(_)))
                    && !self_atari(board, side, m, &table.libs)
                {
                    if m == l || live_stones_taken(board, side, m, dead, &table.libs) == 0 {
                        saving.push(m);
                    } else if saving.is_empty() {
                        return Some((m, kind_of(mine), Threat::Atari));
                    }
                }
            }
            if let Some(m) = fewest_left_in_atari(board, side, stone, &saving, dead) {
                return Some((m, kind_of(own_point(m)), Threat::Atari));
            }
        }
        let because = |threat: Threat| move |(m, kind): (usize, FillKind)| (m, kind, threat);
        self.against_push(board, side)
            .map(because(Threat::Push))
            .or_else(|| {
                self.short_of_liberties(board, side, table, near)
                    .map(because(Threat::Shortage))
            })
            .or_else(|| {
                self.race_against_dead(board, side, table)
                    .map(because(Threat::Race))
            })
            .or_else(|| {
                self.against_double_atari(board, side, table, near)
                    .map(because(Threat::DoubleAtari))
            })
            .or_else(|| {
                self.against_rescue(board, side, table)
                    .map(because(Threat::Rescue))
            })
            .filter(|&(m, _, _)| Some(m) != ko_ban)
    }

    /// A shortage answer `side` made earlier in its own territory (one of
    /// `answers` at most three points from `owed`, the latest first) that
    /// the protective move `owed` (in an eye space, or against an atari or
    /// a shortage in its territory) makes redundant: with `owed` played and
    /// that stone taken away again, no chain of `side` beside its point is
    /// in atari or taken by the opponent moving first (`capturable`,
    /// `capturable_by_approach`), and no eye space owes a move any more. A
    /// player makes the one move that does both: in Meijin 38/S06 White's
    /// si gives the chain rg–sg its second liberty and keeps the eye space
    /// round Black's dead stones at rj and rl, and the record and GNU Go
    /// count one move there, not White's rh and si; in Toyota Cup 2/23
    /// Black's lm, against an atari, keeps the three stones its earlier
    /// ll kept, and the record and GNU Go count lm alone. The stone to
    /// take away, if any.
    pub(super) fn made_redundant_by(
        &self,
        board: &Board,
        side: Color,
        owed: usize,
        answers: &[usize],
        known: &Filled<'_, F>,
    ) -> Option<usize> {
        let dead = self.dead;
        let foe = side.opponent();
        let near = |m: usize| {
            let (a, b) = (Board::point(m), Board::point(owed));
            a.x.abs_diff(b.x) + a.y.abs_diff(b.y) <= 3
        };
        answers.iter().rev().copied().find(|&m| {
            if board.cell(m) != Cell::of(side) || !near(m) {
                return false;
            }
            let mut without = board.clone();
            without.put(Board::point(m), Cell::Empty);
            let r = without.play(side, owed);
            if r.suicided > 0 {
                return false;
            }
            let safe = Board::neighbours(m).into_iter().all(|n| {
                without.cell(n) != Cell::of(side)
                    || (without.liberties_at_most::<1>(n).is_none()
                        && !taken_when_short(&without, n, foe, dead, true))
            });
            safe && owed_in_enclosures(&without, side, known).is_none()
        })
    }

    /// A protective move against a push into `side`'s territory: a point
    /// of it on its border (`borders`, none in a position not played out)
    /// where a live opponent stone beside it would push in
    /// (`pushed_into`). `side` fills it.
    pub(super) fn against_push(&self, board: &Board, side: Color) -> Option<(usize, FillKind)> {
        self.borders
            .iter()
            .copied()
            .find(|&t| {
                !self.settled[t] && pushed_into(board, side.opponent(), t, self.class_at, self.dead)
            })
            .map(|t| (t, FillKind::Protective))
    }

    /// A protective move against dead stones walking out: a point of
    /// `side`'s territory (or a dame) where the opponent would join dead
    /// stones of its own to a live chain and save them (`rescue_point`).
    /// `side` fills it first.
    fn against_rescue(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
    ) -> Option<(usize, FillKind)> {
        let by = side.opponent();
        self.near_dead.iter().copied().find_map(|e| {
            let own = self.own_territory(side, e);
            let playable = board.cell(e) == Cell::Empty
                && !self.settled[e]
                && (own || (self.class_at)(e) == PointClass::Dame);
            (playable
                && rescue_point(board, by, e, self.class_at, self.dead)
                && !self_atari(board, side, e, &table.libs)
                && !self.takes_given_alive(board, side, e))
            .then(|| (e, kind_of(own)))
        })
    }

    /// A protective move against a double atari: a point where the
    /// opponent's stone would put a live chain of `side` in atari and
    /// another in atari too or down to two liberties, and take one
    /// (`double_atari`). The owner plays there, or on a liberty of either
    /// chain, a dame before a point of its territory.
    fn against_double_atari(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
        near: Option<&[usize]>,
    ) -> Option<(usize, FillKind)> {
        let point = double_atari_point(board, side, self.dead, &table.libs, near)?;
        // The owner saves the other chain and gives up one standing inside
        // its own territory.
        let gives_one_up =
            short_stones_beside(board, side, point, self.dead, &table.libs).any(|n| {
                let (stones, _) = board.chain(n);
                self.given_up_inside(board, side, &stones, &board.liberties_of(&stones))
            });
        if gives_one_up {
            return None;
        }
        let own_point = |m: usize| self.own_territory(side, m);
        let playable = |m: usize| {
            !self.settled[m]
                && (own_point(m) || (self.class_at)(m) == PointClass::Dame)
                && !self.takes_given_alive(board, side, m)
        };
        mending_move(board, side, point, self.dead, |m| {
            playable(m) && (self.class_at)(m) == PointClass::Dame
        })
        .or_else(|| mending_move(board, side, point, self.dead, playable))
        .map(|m| (m, kind_of(own_point(m))))
    }

    /// A protective move against a shortage of liberties: a live chain of
    /// `side` with two liberties, each in its own territory or a dame, that
    /// the opponent moving first could capture (read out by `capturable`,
    /// `SHORTAGE_DEPTH` plies, or after saving a chain of its own in atari
    /// beside it: `capturable_by_approach`). The owner adds the stone that
    /// leaves it safe, a dame first and, of equals, the one that leaves it
    /// the most liberties, or takes a chain in atari beside it or beside a
    /// chain it would join, or plays a point near its liberties.
    /// A chain whose liberties are both dame is saved so too: the saving
    /// dame costs nothing, but left to the dame order it could come after
    /// the opponent's.
    ///
    /// The approach is read, as `double_atari_point` looks, on the whole
    /// board at a side's first turn and after a capture, and otherwise
    /// only for chains within two points of `near`, the last two moves:
    /// a reading costs a tactical search, and an approach far from the
    /// last moves was there, and answered, before them.
    fn short_of_liberties(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
        near: Option<&[usize]>,
    ) -> Option<(usize, FillKind)> {
        let (class_at, dead) = (self.class_at, self.dead);
        let own_point = |m: usize| self.own_territory(side, m);
        let zone: Option<Vec<usize>> = near.map(|near| board.within_two_of(near));
        self.each_live_chain(
            board,
            side,
            table,
            // Only a chain of two liberties is read: its stones are not
            // even gathered otherwise.
            |i| table.libs[i] == 2,
            |i, stones| {
                let libs = board.liberties_of(stones);
                if !libs
                    .iter()
                    .all(|&l| own_point(l) || class_at(l) == PointClass::Dame)
                {
                    return None;
                }
                // Dead stones still take liberties (the reading keeps them), but
                // a lone stone among dead stones is given up rather than
                // protected, as in atari (Go Seigen–Sakata 1966 leaves one).
                let among_dead = stones.len() == 1
                    && Board::neighbours(i)
                        .iter()
                        .any(|&n| board.cell(n) == Cell::of(side.opponent()) && dead[n]);
                let approach_read = zone.as_ref().is_none_or(|zone| {
                    stones
                        .iter()
                        .chain(&libs)
                        .any(|p| zone.binary_search(p).is_ok())
                });
                let taken =
                    |b: &Board| taken_when_short(b, i, side.opponent(), dead, approach_read);
                if among_dead || self.given_up_inside(board, side, stones, &libs) || !taken(board) {
                    return None;
                }
                // A dame that saves it costs nothing: tried first; a
                // capture of a neighbour in atari (taking away the
                // approach) after the liberties, of its own or of the
                // chains it would join at a liberty (the liberties the
                // joined chain would lack).
                let mut moves = libs.clone();
                moves.sort_by_key(|&l| own_point(l));
                let joined = libs
                    .iter()
                    .flat_map(|&l| Board::neighbours(l))
                    .filter(|&n| {
                        board.cell(n) == Cell::of(side) && !dead[n] && !stones.contains(&n)
                    });
                for c in std::iter::once(i)
                    .chain(joined)
                    .flat_map(|s| capturing_points(board, s))
                {
                    if !moves.contains(&c) {
                        moves.push(c);
                    }
                }
                // The chain's liberties after a move that saves it.
                let saved_with = |l: usize| {
                    if self.settled[l]
                        || !(own_point(l) || class_at(l) == PointClass::Dame)
                        || self.takes_given_alive(board, side, l)
                    {
                        return None;
                    }
                    let mut t = board.clone();
                    let r = t.play(side, l);
                    (r.suicided == 0 && !taken(&t)).then(|| t.chain(i).1)
                };
                let saves = |l: usize| saved_with(l).is_some();
                // Of the saving liberties (dame before points of the
                // territory) and then captures, the move that leaves the
                // chain the most liberties: the solid answer needs no
                // second one (NEC Cup 17 game 10: White's bh, taking the
                // dead stone at ch, rather than ah and later bh).
                let tier = |l: usize| {
                    if libs.contains(&l) {
                        u8::from(own_point(l))
                    } else {
                        2
                    }
                };
                if let Some((l, _)) = moves
                    .iter()
                    .filter_map(|&l| saved_with(l).map(|n| (l, n)))
                    .min_by_key(|&(l, n)| (tier(l), std::cmp::Reverse(n)))
                {
                    return Some((l, kind_of(own_point(l))));
                }
                // Else a point near the liberties (a solid connection, a
                // move on the attacker's vital point), a dame first.
                let mut nearby = board.within_two_of(&libs);
                nearby.retain(|&n| board.cell(n) == Cell::Empty && !moves.contains(&n));
                nearby.sort_by_key(|&l| own_point(l));
                nearby
                    .into_iter()
                    .find(|&l| saves(l))
                    .map(|l| (l, kind_of(own_point(l))))
            },
        )
    }

    /// Calls `visit` with each live chain of `side` once — its first stone
    /// in board order that passes `at`, and its stones — until `visit`
    /// gives an answer. The shortage and race readings walk the chains so.
    fn each_live_chain<T>(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
        at: impl Fn(usize) -> bool,
        mut visit: impl FnMut(usize, &[usize]) -> Option<T>,
    ) -> Option<T> {
        let mut done = vec![false; table.libs.len()];
        for &i in self.points {
            if board.cell(i) != Cell::of(side) || self.dead[i] || done[i] || !at(i) {
                continue;
            }
            let (stones, _) = board.chain(i);
            for &s in &stones {
                done[s] = true;
            }
            if let Some(answer) = visit(i, &stones) {
                return Some(answer);
            }
        }
        None
    }

    /// Is `m` a point of `side`'s own territory?
    fn own_territory(&self, side: Color, m: usize) -> bool {
        territory_of(m, self.class_at) == Some(side)
    }

    /// Is this live chain of `side` one its owner gives up rather than
    /// protect: standing inside its own territory (each of `libs`, its
    /// liberties, a point of it) with no live opponent stone beside it?
    /// Taking it only trades stones inside a territory the dead stones
    /// around it cannot leave, which the count does not charge: the
    /// players leave such chains short of liberties, as Gosei 2002 game 3
    /// leaves White's two stones at ba–bb among Black's dead corner.
    fn given_up_inside(
        &self,
        board: &Board,
        side: Color,
        stones: &[usize],
        libs: &[usize],
    ) -> bool {
        let foe = Cell::of(side.opponent());
        libs.iter().all(|&l| self.own_territory(side, l))
            && stones
                .iter()
                .flat_map(|&s| Board::neighbours(s))
                .all(|n| board.cell(n) != foe || self.dead[n])
    }

    /// A protective move in a capturing race against dead stones: a live
    /// chain of `side` next to a dead opponent chain, both short of
    /// liberties (the live one no richer than the dead one: with more it
    /// wins moving second), that would lose the race if the opponent moved first
    /// (the dame filled around it shorten it, and the dead stones may
    /// extend inside the territory). The owner plays the move that wins
    /// it back — a dame if one does, else a point of its territory, most
    /// often a liberty of the dead chain. A chain lost whoever moves first
    /// is left to the statuses' word; a lone stone is given up.
    fn race_against_dead(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
    ) -> Option<(usize, FillKind)> {
        let (class_at, dead) = (self.class_at, self.dead);
        let foe = Cell::of(side.opponent());
        let max = MAX_RACE_LIBERTIES as u32;
        let own_point = |m: usize| self.own_territory(side, m);
        let beside_dead = |i: usize| {
            table.libs[i] <= max
                && Board::neighbours(i)
                    .iter()
                    .any(|&n| board.cell(n) == foe && dead[n] && table.libs[n] <= max)
        };
        self.each_live_chain(board, side, table, beside_dead, |i, stones| {
            // A lone stone is given up, as in atari.
            if stones.len() < 2
                || self.given_up_inside(board, side, stones, &board.liberties_of(stones))
            {
                return None;
            }
            let mut raced: Vec<usize> = Vec::new();
            for n in stones.iter().flat_map(|&s| Board::neighbours(s)) {
                if board.cell(n) != foe
                    || !dead[n]
                    || table.libs[n] > max
                    || table.libs[i] > table.libs[n]
                    || raced.contains(&n)
                {
                    continue;
                }
                let (dead_stones, _) = board.chain(n);
                let mut saving = self.races.saving_moves(board, side, stones, &dead_stones);
                saving.retain(|&m| !self.settled[m] && !self.takes_given_alive(board, side, m));
                raced.extend(dead_stones);
                if let Some(&m) = saving
                    .iter()
                    .find(|&&m| class_at(m) == PointClass::Dame)
                    .or_else(|| saving.iter().find(|&&m| own_point(m)))
                {
                    return Some((m, kind_of(own_point(m))));
                }
            }
            None
        })
    }
}
