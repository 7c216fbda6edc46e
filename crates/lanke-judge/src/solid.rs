//! Chains that cannot be cut apart share one fate. Two chains of a colour
//! with two liberties in common (the opponent cannot fill both), or with a
//! common liberty the opponent cannot hold (a stone there has no liberty
//! or stands in atari without capturing), are one group. Random playouts
//! still cut such chains now and then, so the share of playouts in which
//! each ends its owner's differs; a group's chains judged alike are given
//! the confidence of the one the judgement is surest of.
//!
//! Only the grouping and the sharing live here; the statuses come from
//! `statuses`.

use lanke_board::Board;
use lanke_sgf::Color;

use crate::judgement::{ChainInfo, Status, StatusReason};
use crate::tactics::self_atari;

/// The solidly connected groups of two chains or more, as indices into
/// `chains` (`Board::chains` order), each group in that order.
pub(crate) fn solid_groups(board: &Board, chains: &[(Color, Vec<usize>)]) -> Vec<Vec<usize>> {
    let cells = board.points().last().map_or(0, |i| i + 1);
    // The chains next to each empty point.
    let mut beside: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (k, (_, stones)) in chains.iter().enumerate() {
        for i in board.liberties_of(stones) {
            beside[i].push(k);
        }
    }
    // Liberties shared by each pair of same-coloured chains, and whether
    // one of them is a self-atari for the opponent (it cannot hold it).
    let mut shared: std::collections::BTreeMap<(usize, usize), (u32, bool)> = Default::default();
    for (i, ks) in beside.iter().enumerate() {
        for (n, &a) in ks.iter().enumerate() {
            for &b in &ks[n + 1..] {
                let color = chains[a].0;
                if chains[b].0 != color {
                    continue;
                }
                let entry = shared.entry((a.min(b), a.max(b))).or_insert((0, false));
                entry.0 += 1;
                entry.1 = entry.1 || self_atari(board, color.opponent(), i);
            }
        }
    }
    let mut parent: Vec<usize> = (0..chains.len()).collect();
    for (&(a, b), &(count, closed)) in &shared {
        if count >= 2 || closed {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); chains.len()];
    for k in 0..chains.len() {
        let r = root(&mut parent, k);
        groups[r].push(k);
    }
    groups.retain(|g| g.len() >= 2);
    groups
}

fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Gives every chain of a solid group (see [`solid_groups`]) judged as the
/// member the judgement is surest of that member's confidence, where it is
/// higher than its own. A chain judged otherwise keeps its status and
/// confidence: the group's fate is then in doubt, and the range over the
/// open chains says so. Groups with a chain in seki are left as they are:
/// a seki's chains are read together already.
pub(crate) fn share_fate(groups: &[Vec<usize>], infos: &mut [ChainInfo]) {
    for group in groups {
        if group.iter().any(|&k| infos[k].status == Status::Seki) {
            continue;
        }
        let surest = group
            .iter()
            .copied()
            .reduce(|a, b| {
                if infos[b].confidence > infos[a].confidence {
                    b
                } else {
                    a
                }
            })
            .expect("a group has two chains or more");
        let (status, confidence) = (infos[surest].status, infos[surest].confidence);
        for &k in group {
            if infos[k].status == status && infos[k].confidence < confidence {
                infos[k].confidence = confidence;
                infos[k].reason = StatusReason::SharedFate;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{at, board_from_rows};

    const SHAPES: [&str; 9] = [
        ".XX......",
        ".........",
        ".XX......",
        ".........",
        ".X.X...X.",
        "..X......",
        ".........",
        ".....X.X.",
        ".........",
    ];

    /// The groups, each as the first stone of each of its chains.
    fn groups_by_first_stone(board: &Board) -> Vec<Vec<usize>> {
        let chains = board.chains();
        solid_groups(board, &chains)
            .into_iter()
            .map(|g| g.into_iter().map(|k| chains[k].1[0]).collect())
            .collect()
    }

    /// A bamboo joint (two liberties in common) and a tiger's mouth (a
    /// White stone at c5 would stand in atari) hold; a one-point jump in
    /// open space (f8 and h8) and a lone stone (h5) do not join anything.
    #[test]
    fn a_bamboo_joint_and_a_tigers_mouth_are_solid_a_jump_is_not() {
        let board = board_from_rows(&SHAPES);
        let groups = groups_by_first_stone(&board);
        assert_eq!(
            groups,
            vec![vec![at(1, 0), at(1, 2)], vec![at(1, 4), at(3, 4), at(2, 5)]]
        );
    }

    fn info(board: &Board, stone: usize, status: Status, confidence: f32) -> ChainInfo {
        let (stones, _) = board.chain(stone);
        ChainInfo {
            color: Color::Black,
            stones: stones.into_iter().map(Board::point).collect(),
            status,
            confidence,
            reason: StatusReason::Playouts,
        }
    }

    /// The bamboo joint's lower chain, judged alive like the upper one but
    /// less surely, takes the upper one's confidence; judged dead, it keeps
    /// its own status and confidence.
    #[test]
    fn a_solid_groups_chains_judged_alike_share_the_surest_confidence() {
        let board = board_from_rows(&SHAPES);
        let chains = board.chains();
        let judged = |lower: Status| -> Vec<ChainInfo> {
            chains
                .iter()
                .map(|(_, stones)| match stones[0] {
                    s if s == at(1, 0) => info(&board, s, Status::Alive, 0.9),
                    s if s == at(1, 2) => info(&board, s, lower, 0.2),
                    s => info(&board, s, Status::Alive, 0.3),
                })
                .collect()
        };
        let lower = chains.iter().position(|(_, s)| s[0] == at(1, 2)).unwrap();
        let jump = chains.iter().position(|(_, s)| s[0] == at(5, 7)).unwrap();

        let mut infos = judged(Status::Alive);
        share_fate(&solid_groups(&board, &chains), &mut infos);
        assert_eq!(
            (infos[lower].status, infos[lower].confidence),
            (Status::Alive, 0.9)
        );
        assert_eq!(infos[jump].confidence, 0.3);

        let mut infos = judged(Status::Dead);
        share_fate(&solid_groups(&board, &chains), &mut infos);
        assert_eq!(
            (infos[lower].status, infos[lower].confidence),
            (Status::Dead, 0.2)
        );
    }
}
