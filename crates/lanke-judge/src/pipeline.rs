//! The judgement pipeline, stage by stage: chain statuses (`statuses`) →
//! point classes (`classes`) → the ending played on the real board (the
//! filler of `filling`, or `ending` played out) → counts and living groups
//! after it. Each stage lives in its own module; this one runs them in
//! order, keeps, of the two move orders, the one the records favour, and
//! runs stages 2–6 again for the alternative readings (the other order;
//! open chains read in either colour's favour, but for those the kept
//! reading's own ending confirms, `confirm`), one of which replaces the
//! judgement when the judgement's filling takes a living group or makes a
//! game its players played out one lost by far.

use lanke_board::{next_to_move, Board, Cell, EmptyRegion, Replay, Visited};
use lanke_sgf::{Color, GameRecord, Point};

use crate::classes::{classify, open_border_counts, Classified};
use crate::confirm::{confirmed_by_ending, settle_confirmed, settle_confirmed_in};
use crate::filling::{fill_dame, Judged};
use crate::groups::groups_of;
use crate::judgement::{
    counts_of, lowest_confidence, protective_moves, Alternative, AlternativeKind, Basis, ChainInfo,
    Counts, EndingMode, Fill, Group, JudgeOptions, Judgement, PointClass, Stage, Status,
    StatusReason, StatusSource, UNFINISHED_DAME,
};
use crate::late_seki::{settle_late_sekis, LateSekis};
use crate::marked::judge_marked;
use crate::played_out::{builder, keep_no_group_built, keep_the_game_close, lost_by_far};
use crate::races::RaceMemo;
use crate::settle::Settler;
use crate::statuses::{chain_statuses, Statuses};
use crate::teire::EyeSpaceMemo;

/// Judges `board` with `to_move` to play next; `ko_ban` is the point
/// `to_move` may not play at once (the record's last move took a ko there).
#[must_use]
pub fn judge(
    board: &Board,
    to_move: Color,
    ko_ban: Option<Point>,
    source: &StatusSource,
    opts: &JudgeOptions,
) -> Judgement {
    judge_played_out(board, to_move, ko_ban, source, opts, None)
}

/// [`judge`], where `even` (when known) is the area margin at which the
/// game is even — the komi plus Black's handicap stones — so that readings
/// can be weighed by how close they make a game its players played out
/// (`played_out`).
fn judge_played_out(
    board: &Board,
    to_move: Color,
    ko_ban: Option<Point>,
    source: &StatusSource,
    opts: &JudgeOptions,
    even: Option<f64>,
) -> Judgement {
    // A giver who named the dead stones only leaves the sekis to the
    // reading (`sekis_found`).
    if let StatusSource::Given {
        origin,
        dead,
        seki: None,
    } = source
    {
        let named = StatusSource::Given {
            origin: origin.clone(),
            dead: dead.clone(),
            seki: Some(sekis_found(board, to_move, ko_ban, dead, opts, even)),
        };
        return judge_played_out(board, to_move, ko_ban, &named, opts, even);
    }
    let once = |sign_settles| judge_once(board, to_move, ko_ban, source, opts, sign_settles, even);
    let (judgement, stopped_by_sign) = once(true);
    // An open border's estimate reads the balance of empty points, which
    // the sign rule does not settle: such a position is judged again on
    // the full playouts.
    if stopped_by_sign && judgement.before_fill.open_border != [0, 0] {
        once(false).0
    } else {
        judgement
    }
}

/// The sekis of `board` for a giver who named its dead stones only (a
/// seki is no one's to mark: players mark what is dead, and what stands
/// in seki follows from the reading): the built-in judgement's seki
/// stones and the liberties they share, as a seki list names them. A
/// seki one of whose chains the giver lists dead is not one: the giver
/// reads that shape otherwise.
fn sekis_found(
    board: &Board,
    to_move: Color,
    ko_ban: Option<Point>,
    dead: &[Point],
    opts: &JudgeOptions,
    even: Option<f64>,
) -> Vec<Point> {
    let own = judge_played_out(board, to_move, ko_ban, &StatusSource::Builtin, opts, even);
    let mut in_seki = Visited::new();
    for c in own.chains.iter().filter(|c| c.status == Status::Seki) {
        for &p in &c.stones {
            in_seki.insert(Board::idx(p));
        }
    }
    for i in board.points() {
        if own.class(Board::point(i)) == PointClass::SharedLiberty {
            in_seki.insert(i);
        }
    }
    let given_dead: Vec<usize> = dead.iter().map(|&p| Board::idx(p)).collect();
    // Each seki, as the points its stones and shared liberties join.
    let mut found: Vec<Point> = board
        .components_of(|i| in_seki.contains(i))
        .into_iter()
        .filter(|unit| !unit.iter().any(|i| given_dead.contains(i)))
        .flatten()
        .map(Board::point)
        .collect();
    found.sort_unstable();
    found
}

/// Judges the final position of `record` as `played` replays it: the side
/// to move next and the ko ban it is under come from the record, and its
/// komi and handicap say where the game is even (a record without a komi
/// is taken as played without one).
#[must_use]
pub fn judge_final(
    record: &GameRecord,
    played: &Replay,
    source: &StatusSource,
    opts: &JudgeOptions,
) -> Judgement {
    let to_move = next_to_move(record, played);
    let info = &record.info;
    let even = info.komi.points.unwrap_or(0.0) + f64::from(info.handicap.stones);
    judge_played_out(
        &played.board,
        to_move,
        played.ko_ban_for(to_move),
        source,
        opts,
        Some(even),
    )
}

/// One judgement; with `sign_settles`, the playouts may stop on
/// `SIGN_MARGIN` (and the second value says whether they did).
fn judge_once(
    board: &Board,
    to_move: Color,
    ko_ban: Option<Point>,
    source: &StatusSource,
    opts: &JudgeOptions,
    sign_settles: bool,
    even: Option<f64>,
) -> (Judgement, bool) {
    if let StatusSource::Marked { territory } = source {
        return (judge_marked(board, to_move, territory), false);
    }
    let mut statuses = chain_statuses(board, to_move, source, opts, sign_settles);
    let stopped_by_sign = statuses.stopped_by_sign;
    let name = match source {
        StatusSource::Builtin => "builtin".to_string(),
        StatusSource::Given { origin, .. } => origin.clone(),
        StatusSource::Marked { .. } => unreachable!("marked positions are counted as marked"),
    };
    // Every reading of this position fills the same board: the races
    // and eye spaces its fillings read are read once.
    let races = RaceMemo::default();
    let eye_spaces = EyeSpaceMemo::default();
    let read = |statuses: Statuses, late_sekis: bool| {
        let stages = Stages {
            board,
            to_move,
            ko_ban,
            opts,
            source: &name,
            races: &races,
            eye_spaces: &eye_spaces,
            late_sekis,
            given: matches!(source, StatusSource::Given { .. }),
        };
        stages.read(statuses)
    };
    // The built-in judge's final positions: the sekis the filling leaves
    // are looked for in their main reading (the open ones bound the
    // range), and only their open chains are confirmed or read the other
    // way (given statuses are the giver's word).
    let builtin_final = matches!(source, StatusSource::Builtin) && opts.stage == Stage::Final;
    let mut main = read(statuses.clone(), builtin_final);
    // Open chains the main reading's own ending confirms (`confirm`) are
    // read no other way; but a reading the pipeline may replace (its
    // filling takes a living group or builds a new one, or it makes a game
    // played out one lost by far) keeps every open chain open: the
    // replacement is one of their readings.
    let replaceable = group_taken(&main.0).is_some()
        || even.is_some_and(|e| lost_by_far(&main.0, e))
        || builder(&main.0, board).is_some();
    if builtin_final && !replaceable {
        let confirmed = confirmed_by_ending(&main.0);
        settle_confirmed(&mut statuses.infos, &confirmed);
        for j in std::iter::once(&mut main.0).chain(main.1.as_mut()) {
            settle_confirmed_in(j, &confirmed);
        }
    }
    let open_readings = if builtin_final {
        [Color::Black, Color::White]
            .into_iter()
            .filter_map(|favoured| Some((favoured, in_favour_of(&statuses, favoured)?)))
            .collect()
    } else {
        Vec::new()
    };
    // The statuses as judged, for the readings of single open groups a
    // game played out may call for (`played_out`): kept only where there
    // are open chains and a record to say where the game is even.
    let doubted = (even.is_some() && !open_readings.is_empty()).then(|| statuses.clone());
    let open: Vec<(Color, Read)> = open_readings
        .into_iter()
        .map(|(favoured, statuses)| (favoured, read(statuses, false)))
        .collect();
    let (main, open) = keep_groups_alive(main, open);
    let (main, open) = match (even, doubted) {
        (Some(even), Some(doubted)) => {
            keep_the_game_close(main, open, even, &doubted, |s| read(s, false))
        }
        _ => (main, open),
    };
    let ((mut judgement, other_order), open) = keep_no_group_built(main, open, board);
    judgement
        .alternatives
        .extend(other_order.map(|j| Alternative {
            kind: AlternativeKind::OtherOrder,
            judgement: j,
        }));
    for (favoured, (kept, other)) in open {
        for j in std::iter::once(kept).chain(other) {
            judgement.alternatives.push(Alternative {
                kind: AlternativeKind::OpenFor(favoured),
                judgement: j,
            });
        }
    }
    (judgement, stopped_by_sign)
}

/// Fewest live stones one capture of the filling takes before the
/// reading that lets it is doubted (see [`keep_groups_alive`]).
const GROUP_TAKEN: u16 = 3;

/// The largest capture of live stones the judgement's filling makes, when
/// it takes [`GROUP_TAKEN`] stones or more: the colour taken and how many.
fn group_taken(j: &Judgement) -> Option<(Color, u16)> {
    j.fills
        .iter()
        .filter(|f| f.prisoners >= GROUP_TAKEN)
        .max_by_key(|f| f.prisoners)
        .map(|f| (f.color.opponent(), f.prisoners))
}

/// One reading of a position: the judgement of the move order kept and,
/// when the other order's ending differs, that one's.
pub(crate) type Read = (Judgement, Option<Judgement>);

/// A finished game's dame filling does not take a living group: players
/// who could lose one by filling dame would have played on. When the
/// filling of the `main` reading takes one, some status around it is
/// wrong: either the group taken was dead (then its capture counts much as
/// its removal would, and nothing need change) or open chains of the
/// capturing colour that the judge kept alive are dead. The second is
/// taken when no open chain of the capturing colour is larger than the
/// group taken — a player gives up the smaller group, not the larger —
/// and the reading of the `open` chains in the victim's favour ends
/// without taking a group in a position played out (at most
/// [`UNFINISHED_DAME`] neutral points): that reading becomes the main
/// one, and the main one an open reading in the capturer's favour.
fn keep_groups_alive(main: Read, mut open: Vec<(Color, Read)>) -> (Read, Vec<(Color, Read)>) {
    let Some((victim, taken)) = group_taken(&main.0) else {
        return (main, open);
    };
    let larger_open_capturer = main.0.chains.iter().any(|c| {
        c.color != victim
            && c.status == Status::Alive
            && c.is_open()
            && c.stones.len() > usize::from(taken)
    });
    let at = open.iter().position(|(favoured, (kept, _))| {
        *favoured == victim
            && group_taken(kept).is_none()
            && kept.before_fill.neutral() <= UNFINISHED_DAME
    });
    match at {
        Some(at) if !larger_open_capturer => {
            let (_, chosen) = open.remove(at);
            replace_main(
                main,
                victim.opponent(),
                chosen,
                Basis::GroupsKeptAlive,
                open,
            )
        }
        _ => (main, open),
    }
}

/// `chosen` as the judgement, on `basis` (both its move orders), and the
/// `main` reading it replaces kept among the `open` readings as one in
/// `main_favours`' favour.
pub(crate) fn replace_main(
    main: Read,
    main_favours: Color,
    chosen: Read,
    basis: Basis,
    mut open: Vec<(Color, Read)>,
) -> (Read, Vec<(Color, Read)>) {
    open.push((main_favours, main));
    let (mut kept, mut other) = chosen;
    kept.basis = basis;
    if let Some(o) = other.as_mut() {
        o.basis = basis;
    }
    ((kept, other), open)
}

/// `statuses` with every open chain ([`ChainInfo::is_open`], alive
/// or dead) read in `favoured`'s favour: its own alive, the other colour's
/// dead. `None` when that changes no status.
fn in_favour_of(statuses: &Statuses, favoured: Color) -> Option<Statuses> {
    let mut out = statuses.clone();
    let mut changed = false;
    for c in &mut out.infos {
        if !c.is_open() {
            continue;
        }
        let status = if c.color == favoured {
            Status::Alive
        } else {
            Status::Dead
        };
        if c.status != status {
            c.status = status;
            c.reason = StatusReason::OpenReading;
            changed = true;
        }
    }
    changed.then_some(out)
}

/// What stages 2–6 read a position with, whatever its statuses.
struct Stages<'a> {
    board: &'a Board,
    to_move: Color,
    ko_ban: Option<Point>,
    opts: &'a JudgeOptions,
    source: &'a str,
    races: &'a RaceMemo,
    eye_spaces: &'a EyeSpaceMemo,
    /// The sekis the filling leaves are settled (`late_seki`): taken by
    /// their owner where it could have, else judged again as sekis. For
    /// the built-in judge's main reading of a final position, once.
    late_sekis: bool,
    /// The statuses are given (an overrides file, an engine): the filling
    /// takes no chain they leave alive (`filling::Judged::given`), and the
    /// owner's captures that prevent a late seki are played, no seki read
    /// again (`play_ending`).
    given: bool,
}

impl Stages<'_> {
    /// Stages 2–6 on `statuses`: the judgement of the move order kept and,
    /// when the other order's ending differs, the judgement of that one.
    fn read(&self, mut statuses: Statuses) -> (Judgement, Option<Judgement>) {
        // The statuses as given, should the sekis the filling leaves call
        // for a second reading.
        let given = self.late_sekis.then(|| statuses.infos.clone());
        let Classified {
            classes,
            estimated,
            dead,
            before_fill,
        } = classify(self.board, &mut statuses, self.opts.stage);
        let infos = std::mem::take(&mut statuses.infos);
        let (kept, other) = play_ending(self, &classes, &infos);
        if let Some(given) = given.filter(|_| !kept.2.stones.is_empty()) {
            statuses.infos = given;
            return self.read_with_sekis(statuses, &kept.2);
        }
        let played_out = self.opts.ending == EndingMode::PlayedOut;
        let confidence = lowest_confidence(&infos);
        let judgement = |(fills, filled, _, begun_by): Ended| {
            let (after_fill, groups) =
                after_filling(&classes, &fills, &filled, &estimated, played_out);
            Judgement {
                size: self.board.size(),
                source: self.source.to_string(),
                chains: infos.clone(),
                classes: classes.clone(),
                dead: dead.clone(),
                fills,
                before_fill: before_fill.clone(),
                after_fill,
                groups,
                confidence,
                filled,
                to_move: self.to_move,
                ending_begun_by: begun_by,
                basis: Basis::AsJudged,
                alternatives: Vec::new(),
            }
        };
        let other = (other.0 != kept.0).then(|| judgement(other));
        (judgement(kept), other)
    }

    /// Stages 2–6 again on `statuses` with the chains of the sekis the
    /// kept ending left (`sekis`) in seki and their eye spaces shared.
    fn read_with_sekis(
        &self,
        mut statuses: Statuses,
        sekis: &LateSekis,
    ) -> (Judgement, Option<Judgement>) {
        for &i in &sekis.stones {
            if self.board.cell(i).color().is_some() {
                let k = statuses.chain_of[i];
                statuses.infos[k].status = Status::Seki;
                statuses.infos[k].reason = StatusReason::LateSeki;
            }
        }
        for &i in sekis
            .shared
            .iter()
            .filter(|&&i| self.board.cell(i) == Cell::Empty)
        {
            statuses.read_shared[i] = true;
        }
        let again = Stages {
            late_sekis: false,
            ..*self
        };
        again.read(statuses)
    }
}

/// Stage 5: the moves a final position leaves, played on the real board
/// with dead stones still standing — they take liberties from the chains
/// around them, and a chain the filling puts in atari must be protected
/// (often by capturing them). With `late_sekis`, the sekis a filling
/// leaves are settled (`late_seki`): the owner's captures it could have
/// made join its fills, the others are returned with it; under given
/// statuses the captures join the fills and no seki is returned. Returns
/// the fills of the order kept, the board they leave (dead stones
/// removed) and its sekis, then the other order's (no fills when it was
/// not played).
fn play_ending(stages: &Stages<'_>, classes: &[PointClass], infos: &[ChainInfo]) -> (Ended, Ended) {
    let Stages {
        board,
        to_move,
        ko_ban,
        opts,
        races,
        eye_spaces,
        late_sekis,
        ..
    } = *stages;
    let size = board.size();
    let cells = board.points().last().map_or(0, |i| i + 1);
    let mut filled = board.clone();
    let mut other = board.clone();
    let mut dead_mask = vec![false; cells];
    for c in infos.iter().filter(|c| c.status == Status::Dead) {
        for &p in &c.stones {
            dead_mask[Board::idx(p)] = true;
        }
    }
    // The record does not say who filled the dame first. Both orders are
    // played and the one that ends with more protective moves is kept (the
    // side to move first on a tie): a protective move one order forces is
    // a threat the opponent holds, and the records count such moves more
    // often than not.
    let played_out = opts.ending == EndingMode::PlayedOut;
    let fills = if opts.stage == Stage::Final && played_out {
        let seki_mask = {
            let mut m = vec![false; cells];
            for c in infos.iter().filter(|c| c.status == Status::Seki) {
                for &p in &c.stones {
                    m[Board::idx(p)] = true;
                }
            }
            m
        };
        let points: Vec<usize> = board.points().collect();
        let class_at = |i: usize| {
            let p = Board::point(i);
            classes[p.y as usize * size as usize + p.x as usize]
        };
        let ending = |first: Color, ban: Option<usize>, b: &mut Board| {
            crate::ending::Ending {
                class_at: &class_at,
                dead: dead_mask.clone(),
                seki: &seki_mask,
                points: &points,
                given: stages.given,
            }
            .play(b, first, ban)
        };
        let first = ending(to_move, ko_ban.map(Board::idx), &mut filled);
        let second = ending(to_move.opponent(), None, &mut other);
        (first, second)
    } else if opts.stage == Stage::Final {
        let class_at = |i: usize| {
            let p = Board::point(i);
            classes[p.y as usize * size as usize + p.x as usize]
        };
        let settler = Settler {
            class_at: &class_at,
            root: board,
            dead: &dead_mask,
        };
        // In the `Read` ending the local fights are read out first (one
        // reading serves both orders), then the dame filled.
        let reads = if opts.ending == EndingMode::Read {
            settler.read_all()
        } else {
            Vec::new()
        };
        let settle_then_fill = |b: &mut Board, first: Color, ban: Option<usize>| {
            let mut settled = vec![false; cells];
            let (mut fills, emptied) = settler.play(b, first, &reads, &mut settled);
            let mut dead = dead_mask.clone();
            for i in emptied {
                dead[i] = false;
            }
            let ban = if fills.is_empty() { ban } else { None };
            let judged = Judged {
                classes,
                size,
                dead: &dead,
                given: stages.given,
            };
            fills.extend(fill_dame(
                b, first, &judged, ban, races, eye_spaces, &settled,
            ));
            fills
        };
        let first = settle_then_fill(&mut filled, to_move, ko_ban.map(Board::idx));
        // When the side to move, under no ko ban, and then its opponent
        // both pass at once, the other order starts from the same board
        // and state and passes twice too: it is not played.
        let second = if first.is_empty() && ko_ban.is_none() {
            Vec::new()
        } else {
            settle_then_fill(&mut other, to_move.opponent(), None)
        };
        (first, second)
    } else {
        (Vec::new(), Vec::new())
    };
    // The sekis the filling left, read with the dead stones standing.
    // Under given statuses the owner's captures that prevent them are
    // played too (the stones inside stay dead, as given), but the sekis
    // it could not prevent are not read again: the giver called them dead.
    let mut fills = fills;
    let settle = |b: &mut Board, fills: &mut Vec<Fill>| {
        if late_sekis {
            settle_late_sekis(board, b, fills, &dead_mask)
        } else if stages.given {
            settle_late_sekis(board, b, fills, &dead_mask);
            LateSekis::default()
        } else {
            LateSekis::default()
        }
    };
    let left = (
        settle(&mut filled, &mut fills.0),
        settle(&mut other, &mut fills.1),
    );
    // The dead stones still standing are lifted; a point one was taken
    // from and its owner's opponent filled again keeps that stone.
    for i in board.points() {
        if dead_mask[i] {
            for b in [&mut filled, &mut other] {
                if b.cell(i) == board.cell(i) {
                    b.put(Board::point(i), Cell::Empty);
                }
            }
        }
    }
    keep_order(
        (fills.0, filled, left.0, to_move),
        (fills.1, other, left.1, to_move.opponent()),
    )
}

/// Stage 6: the counts and living groups on the `filled` board: the
/// fills' points are live stones, points the filling emptied again by a
/// capture (and, in the played-out ending, dame left inside one colour's
/// area) are classed anew, and eyeless seki points are shared liberties.
fn after_filling(
    classes: &[PointClass],
    fills: &[Fill],
    filled: &Board,
    estimated: &[bool],
    played_out: bool,
) -> (Counts, [Vec<Group>; 2]) {
    let size = filled.size();
    let cells = filled.points().last().map_or(0, |i| i + 1);
    let idx = |i: usize| {
        let p = Board::point(i);
        p.y as usize * size as usize + p.x as usize
    };
    let mut after_classes = classes.to_vec();
    for f in fills {
        after_classes[f.point.y as usize * size as usize + f.point.x as usize] =
            PointClass::LiveStone(f.color);
    }
    // Live stones the filling captured (a ko taken, a chain taken to save
    // another) leave empty points: territory of the colour around them, or
    // dame where both colours reach.
    let mut seen = vec![false; cells];
    for i in filled.points() {
        if filled.cell(i) == Cell::Empty
            && (matches!(after_classes[idx(i)], PointClass::LiveStone(_))
                || (played_out && after_classes[idx(i)] == PointClass::Dame))
            && !seen[i]
        {
            let EmptyRegion {
                points,
                touches_black: black,
                touches_white: white,
            } = filled.empty_region_at(i, &mut seen);
            let class = match (black, white) {
                (true, false) => PointClass::Territory(Color::Black),
                (false, true) => PointClass::Territory(Color::White),
                _ => PointClass::Dame,
            };
            for p in points {
                if matches!(after_classes[idx(p)], PointClass::LiveStone(_))
                    || (played_out && after_classes[idx(p)] == PointClass::Dame)
                {
                    after_classes[idx(p)] = class;
                }
            }
        }
    }
    // Dame points the filling left where live chains of both colours meet
    // that have no liberty but such points — no eye, no territory — are
    // shared liberties: the filling has left an eyeless seki there (the ko
    // of 万年劫, once connected, leaves two). Any other dame point left stays
    // dame (two living groups may also leave a point neither can fill).
    let left =
        |i: usize| filled.cell(i) == Cell::Empty && after_classes[idx(i)] == PointClass::Dame;
    let mut shared_points = Vec::new();
    for i in filled.points().filter(|&i| left(i)) {
        let mut colours = [false; 2];
        let eyeless = Board::neighbours(i)
            .iter()
            .all(|&n| match filled.cell(n).color() {
                None => true,
                Some(c) => {
                    colours[c.index()] = true;
                    let libs = filled.chain_liberties(n);
                    libs.len() >= 2 && libs.iter().all(|&l| left(l))
                }
            });
        if eyeless && colours == [true, true] {
            shared_points.push(i);
        }
    }
    for i in shared_points {
        after_classes[idx(i)] = PointClass::SharedLiberty;
    }
    let mut after_fill = counts_of(&after_classes, filled);
    after_fill.open_border = open_border_counts(&after_classes, estimated);
    let groups = groups_of(filled, &after_classes, size);
    (after_fill, groups)
}

/// One order's ending: its fills, the board they leave, the sekis they
/// left (when asked for) and the colour that began it.
type Ended = (Vec<Fill>, Board, LateSekis, Color);

/// Of the two orders' endings (the side to move's first), the one with
/// more protective moves, the side to move's on a tie; then the other.
fn keep_order(first: Ended, second: Ended) -> (Ended, Ended) {
    let protective = |f: &[Fill]| protective_moves(f).iter().sum::<u32>();
    if protective(&second.0) > protective(&first.0) {
        (second, first)
    } else {
        (first, second)
    }
}
