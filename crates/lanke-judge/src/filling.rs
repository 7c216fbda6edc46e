//! Stage 5 of the judgement, the filler: the dame filled alternately on
//! the real board (dead stones still standing), with the protective moves
//! that atari, a push into the filler's territory by a live opponent
//! stone beside it (`dame_shapes::pushed_into`), shortage of liberties,
//! races against dead stones (read by `races`), double ataris
//! (`double_atari`) and dead stones that could walk out
//! (`dame_shapes::rescue_point`) force (none for a chain standing inside
//! its own territory with only dead stones beside it, which its owner
//! gives up), open kos taken and connected, and a greedy choice among the
//! dame that fills harmless ones before those that would weaken the
//! filler, and joins and cuts groups for the families that tax them; once
//! every dame is filled, the
//! protective moves the eye spaces holding dead stones still owe
//! (`teire`) and those that make a dame fillable that neither side could
//! fill without self-atari. Under given statuses (an overrides file, an
//! engine) no move takes a chain they leave alive, a ko's stone apart
//! (`takes_live_chain`). The protective moves themselves are read in
//! `filling::protective`. The played-out ending is `ending`; the
//! groups' bookkeeping is `groups`, the chains' liberty counts
//! `chain_table`.

use lanke_board::{Board, Cell};
use lanke_sgf::{Color, Point};

use crate::chain_table::ChainTable;
use crate::dame_shapes::{
    forces_protection, spare_shared_liberty, territory_of, threatens, weakens,
};
use crate::groups::GroupTracker;
use crate::judgement::{Fill, FillKind, PointClass, UNFINISHED_DAME};
use crate::races::RaceMemo;
use crate::shortage::capture_sticks_with_dead;
use crate::tactics;
use crate::teire::{owed_in_enclosures, EyeSpaceMemo, Filled};
use crate::turns::{alternate, Played};

mod protective;

/// Why the filler owes a protective move (`Filler::protect`): a chain in
/// atari, a push into the territory, a shortage of liberties, a race
/// against dead stones, a double atari, dead stones that could walk out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Threat {
    Atari,
    Push,
    Shortage,
    Race,
    DoubleAtari,
    Rescue,
}

/// Would `color` at empty `i` leave its own chain in atari (or without
/// liberties) without capturing? `libs` is the [`ChainTable`] liberty
/// counts of `board`, which settle most points without a move played;
/// the rest are played out (`tactics::self_atari`).
fn self_atari(board: &Board, color: Color, i: usize, libs: &[u32]) -> bool {
    // Two empty neighbours are two liberties of the new stone, an own chain
    // with three keeps two, and taking a chain in atari frees one: never
    // atari.
    let mut empty = 0;
    for n in Board::neighbours(i) {
        match board.cell(n) {
            Cell::Empty => empty += 1,
            c if c == Cell::of(color) && libs[n] >= 3 => return false,
            c if c == Cell::of(color.opponent()) && libs[n] == 1 => return false,
            _ => {}
        }
    }
    empty < 2 && tactics::self_atari(board, color, i)
}

/// Would `color` at `i` capture a live chain (one whose only liberty is `i`)?
/// `libs` is the [`ChainTable`] liberty counts of `board`.
fn captures_live(board: &Board, color: Color, i: usize, dead: &[bool], libs: &[u32]) -> bool {
    Board::neighbours(i)
        .iter()
        .any(|&n| board.cell(n) == Cell::of(color.opponent()) && !dead[n] && libs[n] == 1)
}

/// Is a point of this class `side`'s own — its territory, a seki eye, or
/// the point of a dead opponent stone (empty once the stone is taken) —
/// so that `side` filling it makes a protective move?
pub(crate) fn inside_own(class: PointClass, side: Color) -> bool {
    match class {
        PointClass::Territory(c) | PointClass::SekiEye(c) => c == side,
        PointClass::DeadStone(c) => c != side,
        _ => false,
    }
}

/// Live stones `color` at empty `i` would capture (`libs`: the
/// [`ChainTable`] liberty counts of `board`).
fn live_stones_taken(board: &Board, color: Color, i: usize, dead: &[bool], libs: &[u32]) -> u16 {
    let in_atari = |x: usize| board.cell(x) == Cell::of(color.opponent()) && libs[x] == 1;
    if !Board::neighbours(i).into_iter().any(in_atari) {
        return 0;
    }
    let mut seen: Vec<usize> = Vec::new();
    let mut n = 0u16;
    for x in Board::neighbours(i) {
        if !in_atari(x) || seen.contains(&x) {
            continue;
        }
        let (stones, _) = board.chain(x);
        n += stones.iter().filter(|&&s| !dead[s]).count() as u16;
        seen.extend(stones);
    }
    n
}

/// Would `side` at empty `m` take a live chain (one with a stone not
/// `dead`) other than a ko's lone stone, which is taken and connected as
/// in any ending? Under given statuses no ending makes such a move.
pub(crate) fn takes_live_chain(board: &Board, side: Color, m: usize, dead: &[bool]) -> bool {
    let foe = Cell::of(side.opponent());
    let live_in_atari = |n: usize| {
        board.cell(n) == foe
            && board.liberties_at_most::<1>(n).is_some()
            && board.chain(n).0.iter().any(|&s| !dead[s])
    };
    Board::neighbours(m).into_iter().any(live_in_atari)
        && board.clone().play(side, m).ko_point().is_none()
}

/// How a forced fill is counted: a protective move when it lies in the
/// mover's own territory (`own`), else a dame.
pub(crate) fn kind_of(own: bool) -> FillKind {
    if own {
        FillKind::Protective
    } else {
        FillKind::Dame
    }
}

/// Where in `history` (moves played from `start` to `board`) `side`'s
/// latest move at `earlier` stands, if the moves with `later` in its place
/// play out to `board` with the stone at `earlier` taken off and `later`
/// played.
fn replaces_cleanly(
    start: &Board,
    history: &[(Color, usize)],
    board: &Board,
    side: Color,
    earlier: usize,
    later: usize,
) -> Option<usize> {
    let e = history.iter().rposition(|&h| h == (side, earlier))?;
    let mut expected = board.clone();
    expected.put(Board::point(earlier), Cell::Empty);
    if expected.cell(later) != Cell::Empty {
        return None;
    }
    expected.play(side, later);
    let mut replayed = start.clone();
    for (k, &(color, point)) in history.iter().enumerate() {
        let point = if k == e { later } else { point };
        if replayed.cell(point) != Cell::Empty {
            return None;
        }
        replayed.play(color, point);
    }
    (replayed == expected).then_some(e)
}

fn chain_size(board: &Board, stone: usize) -> usize {
    board.chain(stone).0.len()
}

/// Fills the dame alternately, starting with `to_move`. Each turn, in order:
/// protect an own chain in atari (a protective move when its liberty is in
/// the mover's territory or seki eye; the saving move that leaves fewest
/// chains in atari), or fill the point of its territory where a live
/// opponent stone beside it would push in, or
/// protect a chain short of liberties (two, at least one in its
/// own territory and the other there or a dame, that the opponent moving
/// first could take: the stone that saves it, a protective move when
/// inside the territory), or one that would lose a capturing race against
/// dead stones with the opponent moving first (`races` keeps the races
/// read for every filling of the position, `eye_spaces` the eye spaces
/// read by `teire`), or two that one opponent
/// stone would put in atari, or in atari and down to two liberties, at
/// once (`double_atari`) — but not a chain standing inside its own
/// territory with only dead stones beside it, which is given up; fill a dame
/// that forces such a protective move on the opponent (sente: the opponent
/// must answer, so the mover keeps the turn and plays every such dame
/// first); fill a dame the opponent could use to force one; among the
/// rest, leave for last the dame that would weaken the filler (`weakens`);
/// fill a dame that joins two of one's own groups; fill a dame that keeps
/// two opponent groups apart; fill a dame that puts the opponent in atari;
/// fill any dame that is not self-atari, or a seki's spare shared
/// liberty. Once every dame is filled, the eye spaces holding dead stones
/// get the protective moves they still owe (`teire`; one that does the
/// work of a nearby answer to a shortage of liberties takes its place),
/// and a dame that
/// neither side can fill without self-atari is made fillable by the side
/// to move with a protective move (`prepare_dame`). Joining and cutting
/// matter to the families that tax groups. The points of `settled`
/// (regions the ending's reading played out, `settle`) are closed to it.
pub(crate) fn fill_dame(
    board: &mut Board,
    to_move: Color,
    judged: &Judged<'_>,
    ko_ban: Option<usize>,
    races: &RaceMemo,
    eye_spaces: &EyeSpaceMemo,
    settled: &[bool],
) -> Vec<Fill> {
    let Judged {
        classes,
        size,
        dead,
        given,
    } = *judged;
    let class_at = |i: usize| {
        let p = Board::point(i);
        classes[p.y as usize * size as usize + p.x as usize]
    };
    let points: Vec<usize> = board.points().collect();
    // Each dame point is filled once: a point emptied again by a capture
    // is not refilled, so the filling cannot cycle.
    let mut taken = settled[..points.last().map_or(0, |i| i + 1)].to_vec();
    let fillable: Vec<usize> = points
        .iter()
        .copied()
        .filter(|&i| matches!(class_at(i), PointClass::Dame | PointClass::SharedLiberty))
        .collect();
    let near_dead = points
        .iter()
        .copied()
        .filter(|&i| {
            dead[i]
                || Board::neighbours(i)
                    .iter()
                    .any(|&n| board.cell(n).color().is_some() && dead[n])
        })
        .collect();
    // A territory's points beside a point not of it: the only ones a push
    // can reach. None in a position not played out (more than
    // `UNFINISHED_DAME` points to fill): on a board left open the
    // territories are the playouts' estimates, not walls a push breaks
    // (seed 001's 图十, a diagram of the top edge alone, would answer
    // pushes all over the empty board).
    let played_out = fillable.len() <= UNFINISHED_DAME as usize;
    let borders = points
        .iter()
        .copied()
        .filter(|&i| {
            played_out
                && territory_of(i, &class_at).is_some_and(|c| {
                    Board::neighbours(i).iter().any(|&n| {
                        board.cell(n) != Cell::Border && territory_of(n, &class_at) != Some(c)
                    })
                })
        })
        .collect();
    let filler = Filler {
        class_at: &class_at,
        dead,
        points: &points,
        fillable,
        near_dead,
        borders,
        limit: usize::from(size) * usize::from(size),
        races,
        eye_spaces,
        settled,
        given,
    };
    filler.run(board, &mut taken, to_move, ko_ban)
}

/// The judged position the filler works from: each point's class
/// (row-major, `size` wide), the dead stones by grid index, and whether
/// the statuses are given (an overrides file, an engine).
#[derive(Clone, Copy)]
pub(crate) struct Judged<'a> {
    pub classes: &'a [PointClass],
    pub size: u8,
    pub dead: &'a [bool],
    pub given: bool,
}

/// The dame filling's fixed context: point classes, dead stones, points.
struct Filler<'a, F: Fn(usize) -> PointClass> {
    class_at: &'a F,
    dead: &'a [bool],
    points: &'a [usize],
    /// The points classed dame or shared liberty, in board order: the
    /// only ones `dame` offers (the classes do not change while filling).
    fillable: Vec<usize>,
    /// The dead stones' points and their neighbours, in board order: the
    /// only points that can become rescue points (`against_rescue`).
    near_dead: Vec<usize>,
    /// The points of a territory beside a point not of it, in board order:
    /// the only points a push can reach (`against_push`); none in a
    /// position not played out.
    borders: Vec<usize>,
    limit: usize,
    races: &'a RaceMemo,
    eye_spaces: &'a EyeSpaceMemo,
    /// Points of the regions the ending's reading settled (`settle`): the
    /// filler plays none of them.
    settled: &'a [bool],
    /// The statuses are the giver's word (`Judged::given`): the filling
    /// takes no chain they leave alive (`takes_given_alive`).
    given: bool,
}

impl<F: Fn(usize) -> PointClass> Filler<'_, F> {
    /// Fills until both sides pass: each side makes the protective move it
    /// owes, else takes an open ko (`take_ko`; `ko_ban` is the point the
    /// side to move may not retake at once), else the greedy rule's choice
    /// among its dame. Then, every dame filled, the filling goes on with the
    /// protective moves the eye spaces holding dead stones still need
    /// (`teire`): asked once the filling is over, not after every move, as
    /// reading them is costly and no dame changes them any more; and with
    /// the protective moves that make the last dame fillable
    /// (`prepare_dame`). An eye space's move, or an answer to an atari or
    /// a shortage in its own territory, that also does the work of an
    /// answer its side made nearby to a shortage of liberties takes that
    /// answer's place (`made_redundant_by`): one move, not two, where the
    /// moves between them play out the same without the earlier stone.
    fn run(
        &self,
        board: &mut Board,
        taken: &mut [bool],
        first: Color,
        ko_ban: Option<usize>,
    ) -> Vec<Fill> {
        // Built when the greedy rule first needs it; dropped when a fill
        // takes stones.
        let mut groups: Option<GroupTracker> = None;
        // The position before the first fill: a reordering of the fills
        // (below) is kept only if they still play out from it.
        let start = board.clone();
        // The moves as the reordering will leave them, in order: a move
        // that replaces an earlier one stands in the earlier one's place.
        let mut history: Vec<(Color, usize)> = Vec::new();
        let mut table = ChainTable::of(board, self.dead);
        let eye_spaces_read = std::cell::Cell::new(false);
        // The double ataris are looked for on the whole board at a side's
        // first turn and after a capture; otherwise only beside the last
        // two moves (`double_atari_point`), an economy: a turn that goes
        // to another protective move does not look, and what the moves
        // before those two opened is not looked for again.
        let mut scan_whole = [true, true];
        let mut last_two: Vec<usize> = Vec::with_capacity(2);
        // Each side's answers to a shortage of liberties inside its own
        // territory that took nothing, and the ones a later move in an eye
        // space made redundant with that move (taken off the board; in the
        // fills, the later move takes the earlier one's turn).
        let mut shortage_answers: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut redundant: Vec<(Color, usize, usize)> = Vec::new();
        let mut turn = |side: Color, ko_ban: Option<usize>| {
            let s = usize::from(side == Color::White);
            let near = (!scan_whole[s]).then_some(&last_two[..]);
            scan_whole[s] = false;
            let mut threat = None;
            let mut made_redundant = None;
            let (i, kind) = self
                .protect(board, side, &table, near, ko_ban)
                .map(|(i, kind, why)| {
                    threat = Some(why);
                    // A move against an atari or a shortage in its own
                    // territory may do an earlier shortage answer's work
                    // too: one stone that keeps both chains, as a player
                    // plays it.
                    if kind == FillKind::Protective
                        && matches!(why, Threat::Atari | Threat::Shortage)
                    {
                        let known = self.filled(taken);
                        made_redundant =
                            self.made_redundant_by(board, side, i, &shortage_answers[s], &known);
                    }
                    (i, kind)
                })
                .or_else(|| self.take_ko(board, side, &table, taken, ko_ban))
                .or_else(|| {
                    let dame = self.dame(board, side, taken, &table.libs);
                    self.greedy(board, side, &dame, &table.libs, &mut groups)
                        .map(|i| (i, FillKind::Dame))
                })
                .or_else(|| {
                    // Every dame filled: the eye spaces' protective moves,
                    // then the ones that make the last dame fillable.
                    eye_spaces_read.get().then_some(())?;
                    let known = self.filled(taken);
                    owed_in_enclosures(board, side, &known)
                        .inspect(|&i| {
                            made_redundant = self.made_redundant_by(
                                board,
                                side,
                                i,
                                &shortage_answers[s],
                                &known,
                            );
                        })
                        .map(|i| (i, FillKind::Protective))
                        .or_else(|| self.prepare_dame(board, side, taken, &table.libs))
                })?;
            // A move no reading above avoided that would take a chain the
            // giver leaves alive: the side passes.
            if self.takes_given_alive(board, side, i) {
                return None;
            }
            // The later move takes the earlier one's turn only where the
            // moves between them did not need the earlier stone (a capture
            // it made possible): the fills as reordered then play out to
            // this very board.
            let replaced = made_redundant
                .and_then(|m| Some((m, replaces_cleanly(&start, &history, board, side, m, i)?)));
            if let Some((m, e)) = replaced {
                history[e] = (side, i);
                board.put(Board::point(m), Cell::Empty);
                shortage_answers[s].retain(|&a| a != m);
                redundant.push((side, m, i));
                groups = None;
                table = ChainTable::of(board, self.dead);
            }
            taken[i] = true;
            // A capture (mostly of dead stones, already gone from the
            // groups' view) rebuilds the groups to be safe.
            let prisoners = live_stones_taken(board, side, i, self.dead, &table.libs);
            let r = board.play(side, i);
            if threat == Some(Threat::Shortage) && kind == FillKind::Protective && r.captured == 0 {
                shortage_answers[s].push(i);
            }
            if r.captured > 0 {
                groups = None;
            } else if let Some(g) = groups.as_mut() {
                g.add_stone(side, i, self.class_at);
            }
            if last_two.len() == 2 {
                last_two.remove(0);
            }
            last_two.push(i);
            if replaced.is_none() {
                history.push((side, i));
            }
            if r.captured > 0 || r.suicided > 0 {
                scan_whole = [true, true];
                table = ChainTable::of(board, self.dead);
            } else {
                table.after_quiet_move(board, i, self.dead);
            }
            Some(Played {
                point: i,
                kind,
                prisoners,
                ko: r.ko_point(),
            })
        };
        let mut fills = alternate(first, ko_ban, self.limit, &mut turn);
        eye_spaces_read.set(true);
        let left = self.limit.saturating_sub(fills.len());
        fills.extend(alternate(first, None, left, &mut turn));
        for (side, earlier, later) in redundant {
            let (earlier, later) = (Board::point(earlier), Board::point(later));
            let is = |point: Point| move |f: &Fill| f.color == side && f.point == point;
            // The later move takes the earlier one's turn (the earlier
            // point may be played again after it was taken off).
            let Some(l) = fills.iter().rposition(is(later)) else {
                continue;
            };
            if let Some(e) = fills[..l].iter().rposition(is(earlier)) {
                let moved = fills.remove(l);
                fills[e] = moved;
            }
        }
        fills
    }

    /// What the filling knows while it runs, with `filled` the points
    /// filled so far: the readings of eye spaces and redundant answers
    /// take it.
    fn filled<'b>(&'b self, filled: &'b [bool]) -> Filled<'b, F> {
        Filled {
            class_at: self.class_at,
            dead: self.dead,
            settled: self.settled,
            filled,
            memo: self.eye_spaces,
        }
    }

    /// Would `side` at `m` take a chain the given statuses leave alive
    /// (`takes_live_chain`)? The giver says it lives: where its owner
    /// cannot save it and the reading finds it lost (a race, a shortage
    /// of liberties), the two stand as the giver left them, a seki by the
    /// giver's word, and the point stays a dame. The owner's protective
    /// moves are made as ever (the threat is real until it is answered).
    fn takes_given_alive(&self, board: &Board, side: Color, m: usize) -> bool {
        self.given && takes_live_chain(board, side, m, self.dead)
    }

    /// A ko `side` may take now: a live lone stone of the opponent in atari
    /// whose capture leaves the capturing stone alone in atari (a ko) and
    /// sticks (not made by dead stones alone), outside any seki, not banned
    /// by the ko rule, at a point not taken before in this filling (no ko
    /// fight). In the dame phase nobody has a ko threat, so the side that
    /// takes it connects next. Records count the owner's connection more
    /// often than the taker's, so taking a ko does not decide which move
    /// order the judgement keeps.
    fn take_ko(
        &self,
        board: &Board,
        side: Color,
        table: &ChainTable,
        taken: &[bool],
        ko_ban: Option<usize>,
    ) -> Option<(usize, FillKind)> {
        for (stone, l) in table.atari_of(board, side.opponent(), self.dead) {
            // A ko point that is a seki eye or shared liberty belongs to a
            // seki (the double-ko seki): taking it starts a fight nobody
            // wins.
            let in_seki = matches!(
                (self.class_at)(l),
                PointClass::SekiEye(_) | PointClass::SharedLiberty
            );
            if in_seki
                || Some(l) == ko_ban
                || taken[l]
                || chain_size(board, stone) != 1
                || !capture_sticks_with_dead(board, side, l, self.dead)
            {
                continue;
            }
            if board.clone().play(side, l).ko_point().is_some() {
                return Some((l, FillKind::Dame));
            }
        }
        None
    }

    /// A protective move that makes a dame fillable, once every other move
    /// is made: a dame neither side can fill without leaving its own chain
    /// in atari (two chains of opposite colours beside it, each with one
    /// more liberty inside its own territory). Players fill every dame
    /// before the count, so `side` first adds, in its own territory, the
    /// liberty its chain would lack; the dame is then filled like any
    /// other, with the protective move it forces on the other side.
    fn prepare_dame(
        &self,
        board: &Board,
        side: Color,
        taken: &[bool],
        libs: &[u32],
    ) -> Option<(usize, FillKind)> {
        let (class_at, dead) = (self.class_at, self.dead);
        let other = side.opponent();
        self.fillable.iter().copied().find_map(|p| {
            // `side` could fill it only into atari, and the other side
            // could not fill it either (see `dame`).
            if board.cell(p) != Cell::Empty
                || taken[p]
                || class_at(p) != PointClass::Dame
                || captures_live(board, side, p, dead, libs)
                || !self_atari(board, side, p, libs)
                || !(captures_live(board, other, p, dead, libs)
                    || self_atari(board, other, p, libs))
            {
                return None;
            }
            let mut after = board.clone();
            let r = after.play(side, p);
            if r.captured > 0 || r.suicided > 0 {
                return None;
            }
            let lacking = after.chain_liberties(p);
            let &[l] = lacking.as_slice() else {
                return None;
            };
            if self.settled[l] || !inside_own(class_at(l), side) || self_atari(board, side, l, libs)
            {
                return None;
            }
            // It may take dead stones, never live ones (a ko among them).
            if live_stones_taken(board, side, l, dead, libs) > 0 {
                return None;
            }
            let mut prepared = board.clone();
            prepared.play(side, l);
            (!tactics::self_atari(&prepared, side, p)).then_some((l, FillKind::Protective))
        })
    }

    /// The points `side` may fill now: dame that capture nothing alive and
    /// are no self-atari, and spare shared seki liberties.
    fn dame(&self, board: &Board, side: Color, taken: &[bool], libs: &[u32]) -> Vec<usize> {
        let (class_at, dead) = (self.class_at, self.dead);
        self.fillable
            .iter()
            .copied()
            .filter(|&i| board.cell(i) == Cell::Empty && !taken[i])
            .filter(|&i| match class_at(i) {
                PointClass::Dame => {
                    !captures_live(board, side, i, dead, libs) && !self_atari(board, side, i, libs)
                }
                PointClass::SharedLiberty => spare_shared_liberty(board, side, i, dead),
                _ => false,
            })
            .collect()
    }

    /// The greedy rule's choice among `dame`: one that forces a protective
    /// move, else one that saves one's own, else — among the dame that do
    /// not weaken the filler, if any — a join, a cut, a threat, else the
    /// first.
    fn greedy(
        &self,
        board: &Board,
        side: Color,
        dame: &[usize],
        libs: &[u32],
        groups: &mut Option<GroupTracker>,
    ) -> Option<usize> {
        let (class_at, dead) = (self.class_at, self.dead);
        if dame.is_empty() {
            return None;
        }
        let defends = |i: usize| forces_protection(board, side.opponent(), i, class_at, dead, libs);
        let attacks = |i: usize| forces_protection(board, side, i, class_at, dead, libs);
        if let Some(i) = dame
            .iter()
            .copied()
            .find(|&i| attacks(i))
            .or_else(|| dame.iter().copied().find(|&i| defends(i)))
        {
            return Some(i);
        }
        // Dame that weaken the filler's own shape wait while others remain.
        let harmless: Vec<usize> = dame
            .iter()
            .copied()
            .filter(|&i| !weakens(board, side, i, class_at, dead, libs))
            .collect();
        let dame = if harmless.is_empty() {
            dame
        } else {
            &harmless[..]
        };
        // Groups are read on the board as it will be counted: dead stones
        // gone (only needed when no dame is urgent).
        let groups =
            groups.get_or_insert_with(|| GroupTracker::new(board, dead, self.points, class_at));
        if let Some(i) = dame
            .iter()
            .copied()
            .find(|&i| groups.adjacent(i, Cell::of(side)) >= 2)
            .or_else(|| {
                dame.iter()
                    .copied()
                    .find(|&i| groups.adjacent(i, Cell::of(side.opponent())) >= 2)
            })
        {
            return Some(i);
        }
        dame.iter()
            .copied()
            .find(|&i| threatens(board, side, i, dead, libs))
            .or_else(|| dame.first().copied())
    }
}
