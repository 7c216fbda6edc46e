//! Eye space carved out of open regions: the part of a large region (the
//! points of one colour's region-without-its-stones, see
//! `Board::regions_without`) that belongs to the defender's side of the
//! boundary rather than to the attacker's area.
//!
//! A group in the corner whose eye space runs out along the edge into the
//! opponent's territory has no small enclosed region, so the enclosure
//! reading (`reading`) never sees it, although a player reads it like any
//! enclosed group: the opponent's territory is the opponent's, and the eye
//! space ends where the opponent's safe stones are nearer than the group.
//! Here a point of a large region is the defender's when it is strictly
//! nearer (through the region) to a defender stone than to an *anchor*, a
//! safe attacker stone; points as near to both stay with the attacker. The
//! defender's points form new regions, one per connected part; everything
//! else of the region stays one open region, never counted as eye space.
//!
//! Only the geometry lives here; which attacker stones are safe is the
//! caller's question, and whether the carved space lives is `reading`'s.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::reading::MAX_REGION;

/// A colour's regions with the large ones carved: `region_of` per grid
/// cell (`usize::MAX` on the defender's stones), the regions' points, per
/// region whether it is open (never eye space, whatever its size), and per
/// grid cell whether an attacker stone stands there that is nearer the
/// defender but touches the attacker's side, so connects out: it walls the
/// eye space like a safe stone.
pub(crate) struct Carved {
    pub region_of: Vec<usize>,
    pub regions: Vec<Vec<usize>>,
    pub open: Vec<bool>,
    pub connected_out: Vec<bool>,
}

/// Carves every region of more than `MAX_REGION` points of `defender`'s
/// regions (`region_of`, `regions` as `Board::regions_without` gives them);
/// `anchor(i)` says the attacker stone at `i` is safe. Small regions are
/// kept as they are.
pub(crate) fn carve(
    board: &Board,
    defender: Color,
    region_of: &[usize],
    regions: &[Vec<usize>],
    anchor: impl Fn(usize) -> bool,
) -> Carved {
    let own = Cell::of(defender);
    let foe = Cell::of(defender.opponent());
    let cells = region_of.len();
    let mut out = Carved {
        region_of: region_of.to_vec(),
        regions: regions.to_vec(),
        open: vec![false; regions.len()],
        connected_out: vec![false; cells],
    };
    let mut d_att = vec![u32::MAX; cells];
    let mut d_def = vec![u32::MAX; cells];
    let mut ours = vec![false; cells];
    let mut placed = vec![false; cells];
    for (r, pts) in regions.iter().enumerate() {
        if pts.len() <= MAX_REGION {
            continue;
        }
        let is_anchor = |p: usize| board.cell(p) == foe && anchor(p);
        let inside = |p: usize| region_of[p] == r;
        // Distances through the region's points, anchors excluded.
        let spread = |dist: &mut Vec<u32>, mut frontier: Vec<usize>| {
            let mut d = 1;
            while !frontier.is_empty() {
                let mut next = Vec::new();
                for &p in &frontier {
                    for n in Board::neighbours(p) {
                        if inside(n) && !is_anchor(n) && dist[n] == u32::MAX {
                            dist[n] = d + 1;
                            next.push(n);
                        }
                    }
                }
                frontier = next;
                d += 1;
            }
        };
        let mut from_anchors = Vec::new();
        let mut from_walls = Vec::new();
        for &p in pts {
            if is_anchor(p) {
                continue;
            }
            let nb = Board::neighbours(p);
            if nb.iter().any(|&n| is_anchor(n)) {
                d_att[p] = 1;
                from_anchors.push(p);
            }
            if nb.iter().any(|&n| board.cell(n) == own) {
                d_def[p] = 1;
                from_walls.push(p);
            }
        }
        spread(&mut d_att, from_anchors);
        spread(&mut d_def, from_walls);
        for &p in pts {
            ours[p] = !is_anchor(p) && d_att[p] >= 2 && d_def[p] <= d_att[p];
        }
        // An attacker stone nearer the defender that touches the
        // attacker's side connects out, and so does the rest of its chain
        // (repeated until nothing changes).
        loop {
            let mut changed = false;
            for &p in pts {
                if ours[p]
                    && board.cell(p) == foe
                    && Board::neighbours(p).iter().any(|&n| inside(n) && !ours[n])
                {
                    ours[p] = false;
                    out.connected_out[p] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // The defender's points, one new region per connected part; the
        // rest stays under the region's number, open.
        out.open[r] = true;
        out.regions[r].clear();
        for &p in pts {
            if !ours[p] {
                out.regions[r].push(p);
                continue;
            }
            if placed[p] {
                continue;
            }
            let k = out.regions.len();
            let mut part = vec![p];
            placed[p] = true;
            let mut at = 0;
            while at < part.len() {
                let q = part[at];
                at += 1;
                out.region_of[q] = k;
                for n in Board::neighbours(q) {
                    if inside(n) && ours[n] && !placed[n] {
                        placed[n] = true;
                        part.push(n);
                    }
                }
            }
            out.regions.push(part);
            out.open.push(false);
        }
        for &p in pts {
            d_att[p] = u32::MAX;
            d_def[p] = u32::MAX;
            ours[p] = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_from_top_rows;
    use lanke_sgf::Point;

    /// White's corner group (top left) has its eye space along the top
    /// edge open at e1 and e2 to Black's wall: the region without White is
    /// the whole board. Carved against Black's stones, a1-d1 (nearer White)
    /// are one small region; e1 and e2, next to Black's wall, stay with
    /// the rest of the board, open.
    #[test]
    fn the_corner_nearer_the_defender_is_carved_out() {
        let b = board_from_top_rows(
            9,
            &[
                ".....X...", //
                "OOOO.X...",
                "XXXOOX...",
                "...XXX...",
            ],
        );
        let (region_of, regions) = b.regions_without(Color::White);
        assert_eq!(regions.len(), 1, "one region: the corner opens out");
        let carved = carve(&b, Color::White, &region_of, &regions, |_| true);
        let corner = carved.region_of[Board::idx(Point::new(0, 0))];
        let mut part: Vec<Point> = carved.regions[corner]
            .iter()
            .map(|&i| Board::point(i))
            .collect();
        part.sort_unstable();
        let want: Vec<Point> = [(0, 0), (1, 0), (2, 0), (3, 0)]
            .iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect();
        assert_eq!(part, want);
        assert!(!carved.open[corner]);
        let e1 = carved.region_of[Board::idx(Point::new(4, 0))];
        assert!(carved.open[e1]);
        assert_eq!(e1, carved.region_of[Board::idx(Point::new(4, 1))]);
    }
}
