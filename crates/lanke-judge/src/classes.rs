//! Stages 2 to 4 of the judgement: the judged board (dead stones
//! removed), seki spread from shared points to the chains around them, and
//! every point's class — live or dead stone, territory, seki eye, shared
//! liberty, dame — with open borders estimated from the playouts. No move
//! is played here.

use lanke_board::{Board, Cell, EmptyRegion};
use lanke_sgf::{Color, Point};

use crate::judgement::{counts_of, lift_dead, Counts, PointClass, Stage, Status, StatusReason};
use crate::playout::Ownership;
use crate::reach::{distances, reach};
use crate::statuses::Statuses;

/// The largest eye (in points) through which a seki spreads from one chain
/// to another of its colour.
pub(crate) const SEKI_LINK_EYE_MAX: usize = 2;

/// A neutral region (touching both colours, no seki) of at least this many
/// points is an open border: a record stopped before the players closed
/// it. Its points that the playouts give clearly to one side
/// ([`OPEN_BORDER_OWNED`]) count as that side's territory, the rest stay
/// dame. Left as dame, such a region counts for nobody, where the players
/// would have closed it.
const OPEN_BORDER_POINTS: usize = 12;
/// The ownership balance (Black's share of the playouts minus White's, or
/// the reverse) that gives an open border's point to one side.
const OPEN_BORDER_OWNED: f32 = 0.6;
/// A weaker lean that still gives an open border's point to one side when
/// the point is also nearer that side's stones (by steps through the
/// region) than the other's. The playouts' balance understates a region
/// whose owner's walls are weak in random play: in seed 001's 1921 game
/// (`classics/suzuki-fang.sgf`) White's lower right leans −0.31 to −0.62
/// because random play sometimes kills the whole group around it, and only
/// the nearer-and-leaning points reproduce the source's 26 dame (B 182).
/// A lower lean would make that game's boundary point qn (lean +0.22,
/// next to a black stone) Black's territory where the source has a dame.
const OPEN_BORDER_NEARER_OWNED: f32 = 0.3;

impl Stage {
    /// The smallest neutral region whose clearly owned points count as
    /// territory.
    pub(crate) fn estimated_region_min(self) -> usize {
        match self {
            Stage::Final => OPEN_BORDER_POINTS,
            Stage::MidGame => 1,
        }
    }
}

/// The classes of a judged position.
pub(crate) struct Classified {
    /// Row-major, `size * size`.
    pub classes: Vec<PointClass>,
    /// Row-major: the point's class is an open border's estimate.
    pub estimated: Vec<bool>,
    /// Dead stones by the stones' colour.
    pub dead: [Vec<Point>; 2],
    /// Counts on the judged position as it stands.
    pub before_fill: Counts,
}

/// Classes every point of `board` from the chains' statuses, turning the
/// live chains that share a liberty in seki (and those linked to them
/// through small eyes) to seki in `st`.
pub(crate) fn classify(board: &Board, st: &mut Statuses, stage: Stage) -> Classified {
    let size = board.size();
    let (infos, chain_of, own) = (&mut st.infos, &st.chain_of, &st.own);
    let (sure, read_shared) = (&st.sure, &st.read_shared);
    // The ownership the open borders' estimate reads: the playouts' for
    // the built-in judge's statuses and for given ones alike.
    let estimate = own.as_ref().or(st.border_own.as_ref());

    // 2. The judged board: dead stones removed.
    let (judged, dead) = lift_dead(board, infos);

    // 3. Seki: a live chain next to an empty point that playouts leave
    //    empty between both colours (or a given seki stone).
    let shared_point = |i: usize| -> bool {
        read_shared[i]
            || match &own {
                Some(o) => u32::from(o.shared[i]) * 2 >= o.playouts,
                None => false,
            }
    };
    // Given statuses (an overrides file, an engine) that name seki stones
    // but none of the liberties they share: a region between listed seki
    // chains of both colours is shared.
    let names_no_shared = own.is_none() && !read_shared.contains(&true);
    let listed_seki: Vec<bool> = infos.iter().map(|c| c.status == Status::Seki).collect();
    let shared_region = |pts: &[usize]| -> bool {
        pts.iter().any(|&i| shared_point(i))
            || (names_no_shared
                && [Color::Black, Color::White].iter().all(|&c| {
                    pts.iter()
                        .flat_map(|&i| Board::neighbours(i))
                        .any(|n| judged.cell(n) == Cell::of(c) && listed_seki[chain_of[n]])
                }))
    };
    let mut seki_chain = vec![false; infos.len()];
    for (k, c) in infos.iter().enumerate() {
        if c.status == Status::Seki {
            seki_chain[k] = true;
        }
    }
    let regions = judged.empty_regions();
    for EmptyRegion {
        points: pts,
        touches_black: b,
        touches_white: w,
    } in &regions
    {
        if *b && *w && shared_region(pts) {
            for &i in pts {
                for n in Board::neighbours(i) {
                    if judged.cell(n).color().is_some() {
                        seki_chain[chain_of[n]] = true;
                    }
                }
            }
        }
    }
    // A seki spreads through the one- and two-point eyes that link a seki
    // chain to other chains of its colour (seed 001 图十: White's top
    // formation is lone stones and chains joined by one-point eyes, one of
    // them touching the shared liberty, and the source counts it as one
    // seki group with seven eye points). Chains Benson proves alive on their
    // own and larger regions (territory) stop it.
    loop {
        let mut spread = false;
        for EmptyRegion {
            points: pts,
            touches_black: b,
            touches_white: w,
        } in &regions
        {
            if *b == *w || pts.len() > SEKI_LINK_EYE_MAX {
                continue;
            }
            let around: Vec<usize> = pts
                .iter()
                .flat_map(|&i| Board::neighbours(i))
                .filter(|&n| judged.cell(n).color().is_some())
                .map(|n| chain_of[n])
                .collect();
            if !around.iter().any(|&k| seki_chain[k]) {
                continue;
            }
            for &k in &around {
                let first = Board::idx(infos[k].stones[0]);
                if !seki_chain[k] && !sure[infos[k].color.index()].alive[first] {
                    seki_chain[k] = true;
                    spread = true;
                }
            }
        }
        if !spread {
            break;
        }
    }
    for (k, c) in infos.iter_mut().enumerate() {
        if seki_chain[k] && c.status == Status::Alive {
            c.status = Status::Seki;
            c.reason = StatusReason::SekiSpread;
        }
    }

    // 4. Point classes on the judged board.
    let idx = |i: usize| {
        let p = Board::point(i);
        p.y as usize * size as usize + p.x as usize
    };
    let mut classes = vec![PointClass::Dame; size as usize * size as usize];
    for i in board.points() {
        if let Some(c) = board.cell(i).color() {
            classes[idx(i)] = if infos[chain_of[i]].status == Status::Dead {
                PointClass::DeadStone(c)
            } else {
                PointClass::LiveStone(c)
            };
        }
    }
    let region_class = |pts: &[usize], b: bool, w: bool, seki_chain: &[bool]| -> PointClass {
        let borders_seki_only = |judged: &Board| {
            pts.iter()
                .flat_map(|&i| Board::neighbours(i))
                .filter(|&n| judged.cell(n).color().is_some())
                .all(|n| seki_chain[chain_of[n]])
        };
        match (b, w) {
            (true, false) if borders_seki_only(&judged) => PointClass::SekiEye(Color::Black),
            (false, true) if borders_seki_only(&judged) => PointClass::SekiEye(Color::White),
            (true, false) => PointClass::Territory(Color::Black),
            (false, true) => PointClass::Territory(Color::White),
            (true, true) if shared_region(pts) => PointClass::SharedLiberty,
            _ => PointClass::Dame,
        }
    };
    // An open border (a record that stops before a boundary is closed):
    // the playouts' clear owner of a point in a large neutral region takes
    // it as territory; see `OPEN_BORDER_POINTS`.
    let mut estimated = vec![false; classes.len()];
    for EmptyRegion {
        points: pts,
        touches_black: b,
        touches_white: w,
    } in &regions
    {
        let class = region_class(pts, *b, *w, &seki_chain);
        let open_border = class == PointClass::Dame && pts.len() >= stage.estimated_region_min();
        let walled = (stage == Stage::Final && class == PointClass::Dame && !open_border)
            .then(|| walled_off(&judged, pts, estimate))
            .flatten();
        if let Some(Walled { owner, gap }) = &walled {
            for &i in pts {
                if !gap.contains(&i) && !matches!(classes[idx(i)], PointClass::DeadStone(_)) {
                    classes[idx(i)] = PointClass::Territory(*owner);
                    estimated[idx(i)] = true;
                }
            }
            continue;
        }
        // Else a neutral region that the walls close once their one-point
        // gaps count as closed: the points behind them are the walls'
        // territory, in a final position as in a mid-game estimate; see
        // `closed_by_gaps`.
        if class == PointClass::Dame {
            let reached = reach(&judged, pts);
            let dead_point = |i: usize| matches!(classes[idx(i)], PointClass::DeadStone(_));
            if let Some(owners) = closed_by_gaps(pts, &reached, dead_point) {
                for (i, owner) in owners {
                    classes[idx(i)] = owner.map_or(PointClass::Dame, PointClass::Territory);
                    estimated[idx(i)] = owner.is_some();
                }
                continue;
            }
        }
        // Steps through the region to each colour's stones, for an open
        // border's leaning points.
        let steps = open_border.then(|| distances(&judged, pts, |_, _| false));
        for (k, &i) in pts.iter().enumerate() {
            let owns = |o: &Ownership, c: Color| {
                let lean = if c == Color::Black {
                    o.balance(i)
                } else {
                    -o.balance(i)
                };
                lean >= OPEN_BORDER_OWNED
                    || (lean >= OPEN_BORDER_NEARER_OWNED
                        && steps
                            .as_ref()
                            .is_some_and(|d| d[c.index()][k] < d[c.opponent().index()][k]))
            };
            // Dead stones keep their class (their points count as the
            // opponent's territory), but in a seki's eye: the stone is
            // still taken, a prisoner, and its point, taken, is one more
            // point of that eye, which no territory count includes (the
            // Japanese 1989 rules' ruling on a dead stone inside a seki;
            // Judan 11/W05 counts Black's stone at ap so).
            if matches!(class, PointClass::SekiEye(_)) {
                classes[idx(i)] = class;
            } else if !matches!(classes[idx(i)], PointClass::DeadStone(_)) {
                let owner = match estimate {
                    Some(o) if open_border && owns(o, Color::Black) => Some(Color::Black),
                    Some(o) if open_border && owns(o, Color::White) => Some(Color::White),
                    _ => None,
                };
                classes[idx(i)] = owner.map_or(class, PointClass::Territory);
                estimated[idx(i)] = owner.is_some();
            }
        }
    }
    let mut before_fill = counts_of(&classes, board);
    before_fill.open_border = open_border_counts(&classes, &estimated);

    Classified {
        classes,
        estimated,
        dead,
        before_fill,
    }
}

/// A neutral region of a final position that one colour's wall closes but
/// for a gap: the other colour touches it at no more than `WALL_GAP`
/// points. The players ended the game with it so: the wall's owner closes
/// the gap (its points stay dame, filled in the ending) and the rest is
/// its territory, which random play, pushing in through the gap, spoils.
/// Taken only when the region keeps `WALLED_INSIDE` points behind the gap
/// and the playouts lean nowhere inside towards the colour at the gap.
struct Walled {
    owner: Color,
    /// The region's points beside the other colour's stones.
    gap: Vec<usize>,
}

/// The most points at which the other colour may touch a walled region.
const WALL_GAP: usize = 2;
/// The least points a walled region keeps behind its gap.
const WALLED_INSIDE: usize = 3;

/// The wall that closes the neutral region `pts` of `judged` (the board
/// with the dead stones taken off), if one does; see [`Walled`].
fn walled_off(judged: &Board, pts: &[usize], own: Option<&Ownership>) -> Option<Walled> {
    [Color::Black, Color::White]
        .into_iter()
        .find_map(|intruder| {
            let gap: Vec<usize> = pts
                .iter()
                .copied()
                .filter(|&i| {
                    Board::neighbours(i)
                        .iter()
                        .any(|&n| judged.cell(n) == Cell::of(intruder))
                })
                .collect();
            if gap.len() > WALL_GAP || pts.len() < gap.len() + WALLED_INSIDE {
                return None;
            }
            let owner = intruder.opponent();
            let leans_to_intruder = |i: usize| {
                own.is_some_and(|o| match intruder {
                    Color::Black => o.balance(i) > 0.0,
                    Color::White => o.balance(i) < 0.0,
                })
            };
            let inside_holds = pts
                .iter()
                .filter(|i| !gap.contains(i))
                .all(|&i| !leans_to_intruder(i));
            inside_holds.then_some(Walled { owner, gap })
        })
}

/// The owners of the neutral region `pts` when the walls around it close
/// it, their one-point gaps counted as closed (`reach`, by point of
/// `pts`): each point (dead stones' points aside, which keep their
/// class) is the territory of the one colour whose stones reach it, or a
/// boundary point (`None`, dame) where both do. Taken only when the
/// boundary is as thin as the gaps of two walls facing each other
/// (`WALL_GAP` points each) and `WALLED_INSIDE` points or more lie behind
/// the walls; any other region is left to the other readings (a wall
/// with a gap, an open border, dame). The points behind are counted with
/// the open borders' estimate (`estimated`), as a wall's gap is.
fn closed_by_gaps(
    pts: &[usize],
    reached: &[Vec<bool>; 2],
    dead_point: impl Fn(usize) -> bool,
) -> Option<Vec<(usize, Option<Color>)>> {
    let owners: Vec<(usize, Option<Color>)> = pts
        .iter()
        .enumerate()
        .filter(|&(_, &i)| !dead_point(i))
        .map(|(k, &i)| {
            let owner = match (reached[0][k], reached[1][k]) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            };
            (i, owner)
        })
        .collect();
    let boundary = owners.iter().filter(|(_, o)| o.is_none()).count();
    let behind = owners.len() - boundary;
    (boundary <= 2 * WALL_GAP && behind >= WALLED_INSIDE).then_some(owners)
}

/// Territory points per colour among the `estimated` (open-border) points.
pub(crate) fn open_border_counts(classes: &[PointClass], estimated: &[bool]) -> [u32; 2] {
    let mut n = [0; 2];
    for (class, _) in classes.iter().zip(estimated).filter(|(_, &e)| e) {
        if let PointClass::Territory(c) = class {
            n[c.index()] += 1;
        }
    }
    n
}
