//! Sekis the filling leaves: an eye space holding dead stones that, once
//! the dame around its walls are filled, its owner can no longer take even
//! moving first — filling the last liberties inside would put its own
//! walls in atari. The Japanese count confirms a finished position with
//! the dame filled, so such stones are not dead there unless the owner
//! took them while it could.
//!
//! A strong owner does take them while it can: when the tactical reader
//! shows the owner taking the stones inside on the position before the
//! filling, its capturing moves are played as protective moves, each a
//! point of its territory (CJ Shuko 1983 game 3: Black's atari at ph and
//! capture at rg, two points, the record's B+2.5). Stones the owner could
//! not take even then are in seki with the walls, their eye space no
//! one's (Honinbo title 1994 game 3), and the position is judged again
//! with those chains in seki.
//!
//! Only the finding and the owner's capture live here; the pipeline judges
//! again. The reading itself is `reading`'s and `tactics`'.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::judgement::{Fill, FillKind};
use crate::reading::{enclosures_beside_live, enclosures_holding_dead, lives, read, LocalStatus};
use crate::tactics::{Tactics, TACTICS_BUDGET};

/// The most liberties a wall chain beside dead stones may have for the
/// eye space to be read for a seki: walls with more still have room to
/// take the stones inside.
const SHORT_WALL: usize = 4;

/// The most moves the owner's capture of the stones inside may take.
const MAX_CAPTURE_MOVES: usize = 4;

/// The points of sekis the filling left (dead stones still standing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LateSekis {
    /// Stones of the walls and of the chains inside, by grid index.
    pub stones: Vec<usize>,
    /// The empty points of their eye spaces, by grid index.
    pub shared: Vec<usize>,
}

/// One eye space the filling left in seki.
struct LateSeki {
    /// The colour of its walls.
    owner: Color,
    /// The dead stones inside, by grid index.
    dead_inside: Vec<usize>,
    points: LateSekis,
}

/// Settles the sekis the filling left on `filled` (dead stones still
/// standing; `dead` by grid index) as a strong owner would: where the
/// owner takes the stones inside on `root`, the position before the
/// filling, its capturing moves are added to `filled` and to `fills` as
/// protective moves (the stones inside stay dead); the sekis the owner
/// could not have prevented are returned.
pub(crate) fn settle_late_sekis(
    root: &Board,
    filled: &mut Board,
    fills: &mut Vec<Fill>,
    dead: &[bool],
) -> LateSekis {
    let mut left = LateSekis::default();
    for seki in sekis_left(filled, dead) {
        let own = Cell::of(seki.owner);
        // A capturing point the opponent filled makes the capture another
        // position's: that seki stays.
        let plan = capture_plan(root, seki.owner, &seki.dead_inside)
            .filter(|plan| {
                plan.iter()
                    .all(|&m| filled.cell(m) == Cell::Empty || filled.cell(m) == own)
            })
            .filter(|plan| lives_after_taking(filled, &seki, plan, dead));
        if let Some(plan) = plan {
            for m in plan {
                if filled.cell(m) != Cell::Empty {
                    continue;
                }
                filled.put(Board::point(m), own);
                fills.push(Fill {
                    color: seki.owner,
                    point: Board::point(m),
                    kind: FillKind::Protective,
                    prisoners: 0,
                });
            }
        } else {
            left.stones.extend(seki.points.stones);
            left.shared.extend(seki.points.shared);
        }
    }
    left
}

/// Every enclosure of either colour on the filled `board` whose region
/// holds dead stones of the other colour (one at least) and empty points
/// only, whose walls are alive and safely walled by live stones, and that
/// reads as seki with either side moving first.
fn sekis_left(board: &Board, dead: &[bool]) -> Vec<LateSeki> {
    let mut out = Vec::new();
    for owner in [Color::Black, Color::White] {
        let foe = Cell::of(owner.opponent());
        // Walls that cannot take the stones inside are short of liberties
        // there: without an owner's chain of at most `SHORT_WALL`
        // liberties beside a dead stone, nothing more is read (most
        // walls keep their territory's liberties).
        let short_wall = board.points().any(|i| {
            board.cell(i) == foe
                && dead[i]
                && Board::neighbours(i).iter().any(|&n| {
                    board.cell(n) == Cell::of(owner)
                        && board.liberties_at_most::<SHORT_WALL>(n).is_some()
                })
        });
        if !short_wall {
            continue;
        }
        for enc in enclosures_holding_dead(board, owner, dead) {
            let dead_inside: Vec<usize> = enc
                .region
                .iter()
                .copied()
                .filter(|&i| board.cell(i) == foe)
                .collect();
            if dead_inside.is_empty()
                || dead_inside.iter().any(|&i| !dead[i])
                || enc.walls.iter().any(|&s| dead[s])
                || !enc.safely_walled(board, |m| !dead[m])
            {
                continue;
            }
            // Stones the owner takes on the filled board are dead there
            // (the quick test, before the reading of the whole space).
            if dead_inside.iter().any(|&i| {
                Tactics::new(TACTICS_BUDGET)
                    .attack(board, i, None)
                    .is_some()
            }) {
                continue;
            }
            let seki = [owner, owner.opponent()]
                .into_iter()
                .all(|first| read(board, &enc, first) == Some(LocalStatus::Seki));
            if !seki {
                continue;
            }
            let mut points = LateSekis::default();
            for &i in enc.walls.iter().chain(&enc.region) {
                if board.cell(i) == Cell::Empty {
                    points.shared.push(i);
                } else {
                    points.stones.push(i);
                }
            }
            out.push(LateSeki {
                owner,
                dead_inside,
                points,
            });
        }
    }
    out
}

/// Does the owner, having taken the stones inside `seki` by `plan` once the
/// dame are filled (`filled`, dead stones by grid index in `dead`), still
/// live there with its opponent moving first? A capture that leaves the
/// walls one eye (a straight three on the edge, say) kills the group that
/// made it, so a strong owner leaves the seki standing (Tengen 31/27:
/// taking White's three stones at sj–sl would leave Black's 39 stones one
/// eye). An eye space the local reader cannot take in, or cannot read
/// within its budget, does not stop the capture.
fn lives_after_taking(filled: &Board, seki: &LateSeki, plan: &[usize], dead: &[bool]) -> bool {
    let Some(&inside) = seki.dead_inside.first() else {
        return true;
    };
    let mut taken = filled.clone();
    for &i in &seki.dead_inside {
        taken.put(Board::point(i), Cell::Empty);
    }
    for &m in plan {
        taken.put(Board::point(m), Cell::of(seki.owner));
    }
    let (region_of, regions) = taken.regions_without(seki.owner);
    enclosures_beside_live(&taken, seki.owner, dead, &region_of, &regions)
        .into_iter()
        .find(|enc| enc.region.contains(&inside))
        .and_then(|enc| lives(&taken, &enc, seki.owner.opponent()))
        .unwrap_or(true)
}

/// The owner's moves that take the stones `dead_inside` on `root`, the
/// opponent not answering (its moves there would be prisoners for nothing):
/// the tactical reader's attack on the first chain still standing that it
/// can take, played until every chain is taken (one chain may fall only
/// once another's capture has opened the way: Honinbo 39/28, where
/// Black's qc and rb take qb and rc before sa can take ra and sb). `None`
/// when a chain cannot be taken or the capture needs more than
/// [`MAX_CAPTURE_MOVES`].
fn capture_plan(root: &Board, owner: Color, dead_inside: &[usize]) -> Option<Vec<usize>> {
    let mut work = root.clone();
    let mut moves = Vec::new();
    loop {
        let standing: Vec<usize> = dead_inside
            .iter()
            .copied()
            .filter(|&s| work.cell(s) == Cell::of(owner.opponent()))
            .collect();
        if standing.is_empty() {
            return Some(moves);
        }
        if moves.len() == MAX_CAPTURE_MOVES {
            return None;
        }
        let m = standing
            .iter()
            .find_map(|&s| Tactics::new(TACTICS_BUDGET).attack(&work, s, None))?;
        if work.play(owner, m).suicided > 0 {
            return None;
        }
        moves.push(m);
    }
}
