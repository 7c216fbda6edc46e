//! What a game played out says of the readings its final position leaves
//! open: players who fill the dame have both played the game to its end,
//! and the loser of a game lost by a wide margin resigns instead. When the
//! kept reading makes a record's game lost by far, a reading of its open
//! chains that makes it close is the players' one. Nor do players filling
//! the dame build a new group: when the kept reading's filling does, the
//! region it filled was one side's territory, and the reading of the open
//! chains that leaves it so is the players' one. Here live the margins
//! weighed, the groups of open chains read together and the choices; the
//! readings themselves are the pipeline's.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::judgement::{Basis, Judgement, Status, StatusReason, UNFINISHED_DAME};
use crate::pipeline::{replace_main, Read};
use crate::statuses::Statuses;

/// The fewest stones of its own a filling must have put in one chain, and
/// twice as many as the chain's stones from the record, for that chain to
/// be a group the filling built (see [`keep_no_group_built`]): three, the
/// smallest chain that is more than a cutting or connecting fill (Cho
/// Chikun 2011-08-04: White's fills at aa, ab and bb in Black's corner,
/// a chain of three in seki).
const BUILT_STONES: usize = 3;

/// The colour whose filling in `j` (played from `start`, the position
/// judged) built a chain: [`BUILT_STONES`] fill stones or more, at least
/// twice the record's stones in it, standing at the end or taken by a
/// later fill (Samsung Cup 4 game 7: White's fills grow three open
/// stones in Black's corner into fourteen, which Black's ko at rb then
/// takes); where both colours did, the builder of the chain with the most
/// fill stones (the first met on a tie).
pub(crate) fn builder(j: &Judgement, start: &Board) -> Option<Color> {
    let mut board = start.clone();
    let cells = board.points().last().map_or(0, |i| i + 1);
    let mut filled = vec![false; cells];
    let mut largest: Option<(usize, Color)> = None;
    let mut weigh = |stones: &[usize], filled: &[bool], color: Color| {
        let new = stones.iter().filter(|&&s| filled[s]).count();
        if new >= BUILT_STONES
            && new >= 2 * (stones.len() - new)
            && largest.is_none_or(|(most, _)| new > most)
        {
            largest = Some((new, color));
        }
    };
    for f in &j.fills {
        let i = Board::idx(f.point);
        if board.cell(i) != Cell::Empty {
            continue;
        }
        // The chains this fill takes, weighed before they go.
        let foe = f.color.opponent();
        let mut weighed: Vec<usize> = Vec::new();
        for n in Board::neighbours(i) {
            if board.cell(n) != Cell::of(foe) || weighed.contains(&n) {
                continue;
            }
            if let Some((_, 1)) = board.liberties_at_most::<1>(n) {
                let (stones, _) = board.chain(n);
                weigh(&stones, &filled, foe);
                weighed.extend(stones);
            }
        }
        board.play(f.color, i);
        filled[i] = true;
        for &s in &weighed {
            filled[s] = false;
        }
    }
    let mut seen = vec![false; cells];
    for i in board.points() {
        let Some(color) = board.cell(i).color() else {
            continue;
        };
        if !filled[i] || seen[i] {
            continue;
        }
        let (stones, _) = board.chain(i);
        for &s in &stones {
            seen[s] = true;
        }
        weigh(&stones, &filled, color);
    }
    largest.map(|(_, c)| c)
}

/// When the kept reading's filling (`main`) builds a group in a position
/// played out (the main reading with at most [`UNFINISHED_DAME`] dame,
/// the other with as many neutral points: filling a board left open
/// builds groups anyway), the reading of the `open` chains in the other
/// colour's favour takes its place if its own filling builds none: the
/// region was that colour's territory, the builder's stones in it dead
/// (Kisei 46 FT22: White's lone stone at dc, the playouts split evenly,
/// kept alive, and the filling made it a nine-stone group in Black's
/// corner). The main reading stays an open reading in the builder's
/// favour.
pub(crate) fn keep_no_group_built(
    main: Read,
    mut open: Vec<(Color, Read)>,
    start: &Board,
) -> (Read, Vec<(Color, Read)>) {
    if main.0.before_fill.dame > UNFINISHED_DAME {
        return (main, open);
    }
    let Some(built_by) = builder(&main.0, start) else {
        return (main, open);
    };
    let at = open.iter().position(|(favoured, (kept, _))| {
        *favoured == built_by.opponent()
            && builder(kept, start).is_none()
            && kept.before_fill.neutral() <= UNFINISHED_DAME
    });
    match at {
        Some(at) => {
            let (_, chosen) = open.remove(at);
            replace_main(main, built_by, chosen, Basis::NoGroupBuilt, open)
        }
        None => (main, open),
    }
}

/// The area margin (Black's less White's) beyond which a reading makes a
/// game one of its players would not have played out to the end.
const FAR: f64 = 25.0;

/// The area margin within which a reading makes such a game close.
const CLOSE: f64 = 15.0;

/// How near (in steps along the lines) two open chains of one colour
/// stand to be doubted together: a one-point jump or a diagonal links
/// stones of one group.
const GROUP_REACH: i32 = 2;

/// Black's area margin after the filling of `j`, less `even`.
fn margin(j: &Judgement, even: f64) -> f64 {
    let a = &j.after_fill;
    f64::from(a.area(Color::Black)) - f64::from(a.area(Color::White)) - even
}

/// How far from even a reading leaves the game, when it is a position
/// played out (at most [`UNFINISHED_DAME`] neutral points) within
/// [`CLOSE`] of even; `None` otherwise.
fn closeness(j: &Judgement, even: f64) -> Option<f64> {
    let m = margin(j, even).abs();
    (m < CLOSE && j.before_fill.neutral() <= UNFINISHED_DAME).then_some(m)
}

/// Does `j` make the game (even at `even`) one lost by [`FAR`] points or
/// more, which [`keep_the_game_close`] reads again?
pub(crate) fn lost_by_far(j: &Judgement, even: f64) -> bool {
    margin(j, even).abs() >= FAR
}

/// When the kept reading (`main`) makes the game lost by [`FAR`] points or
/// more, the readings that make it close (within [`CLOSE`], in a position
/// played out) take its place: first the `open` chains read all in one
/// colour's favour (the closer of the two when both do); failing that,
/// each group of open chains (`open_groups`) read alone in the trailing
/// colour's favour, the closest kept (`read` reads `doubted`, the statuses
/// as judged, with that group's turned). The main reading becomes an open
/// reading in the other colour's favour. Only open chains move — the
/// playouts could not settle them either way — so the range spans both.
pub(crate) fn keep_the_game_close(
    main: Read,
    mut open: Vec<(Color, Read)>,
    even: f64,
    doubted: &Statuses,
    read: impl Fn(Statuses) -> Read,
) -> (Read, Vec<(Color, Read)>) {
    if !lost_by_far(&main.0, even) {
        return (main, open);
    }
    let m = margin(&main.0, even);
    let whole_side = open
        .iter()
        .enumerate()
        .filter_map(|(k, (_, (kept, _)))| Some((k, closeness(kept, even)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k);
    if let Some(k) = whole_side {
        let (favoured, chosen) = open.remove(k);
        return replace_main(
            main,
            favoured.opponent(),
            chosen,
            Basis::GameKeptClose,
            open,
        );
    }
    let trailing = if m > 0.0 { Color::White } else { Color::Black };
    let closest = open_groups(doubted, trailing)
        .into_iter()
        .filter_map(|group| {
            let mut turned = doubted.clone();
            for &k in &group {
                let c = &mut turned.infos[k];
                c.status = if c.color == trailing {
                    Status::Alive
                } else {
                    Status::Dead
                };
                c.reason = StatusReason::OpenReading;
            }
            let reading = read(turned);
            Some((closeness(&reading.0, even)?, reading))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match closest {
        Some((_, chosen)) => replace_main(
            main,
            trailing.opponent(),
            chosen,
            Basis::GameKeptClose,
            open,
        ),
        None => (main, open),
    }
}

/// The open chains ([`crate::ChainInfo::is_open`]) whose
/// other reading favours `trailing` — its own judged dead, the other
/// colour's judged alive — gathered into groups: chains of one colour
/// within [`GROUP_REACH`] of each other, transitively. A group in doubt
/// is doubted whole; the groups come in board order of their first chain.
fn open_groups(statuses: &Statuses, trailing: Color) -> Vec<Vec<usize>> {
    let doubted: Vec<usize> = statuses
        .infos
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.is_open()
                && match c.status {
                    Status::Dead => c.color == trailing,
                    Status::Alive => c.color != trailing,
                    Status::Seki => false,
                }
        })
        .map(|(k, _)| k)
        .collect();
    let near = |a: usize, b: usize| {
        let (a, b) = (&statuses.infos[a], &statuses.infos[b]);
        a.color == b.color
            && a.stones.iter().any(|p| {
                b.stones.iter().any(|q| {
                    (i32::from(p.x) - i32::from(q.x)).abs()
                        + (i32::from(p.y) - i32::from(q.y)).abs()
                        <= GROUP_REACH
                })
            })
    };
    // Each doubted chain joins the first group holding a chain near it;
    // groups it links are merged.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &k in &doubted {
        let (linked, mut rest): (Vec<Vec<usize>>, Vec<Vec<usize>>) = groups
            .into_iter()
            .partition(|g| g.iter().any(|&j| near(j, k)));
        let mut merged: Vec<usize> = linked.into_iter().flatten().collect();
        merged.push(k);
        merged.sort_unstable();
        rest.push(merged);
        rest.sort_by_key(|g| g[0]);
        groups = rest;
    }
    groups
}
