//! Stray invaders: a chain of one or two stones judged dead, alone in a
//! region the opponent walls in (no stone of its colour there is judged
//! alive) whose walls the judgement is sure of, is as sure as those walls.
//! A strong player scores such stones dead at a glance: they have no eye
//! shape and no friend to join, and in a finished game their owner passed
//! rather than try to live. Random playouts let them live in a large area
//! now and then, which left a finished position's range wide open.
//!
//! Only final positions are read so (a position stopped mid-game says
//! nothing about what its players gave up); `statuses` decides when to
//! ask.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::judgement::{ChainInfo, Status, StatusReason, OPEN_BELOW};

/// The largest chain read as a stray invader: one or two stones (a larger
/// group inside may hold an eye shape, a question for reading).
const MAX_STONES: usize = 2;

/// Raises the confidence of every stray invader (see the module doc) to
/// the least confidence among its region's walls. `regions` are the
/// regions without each colour (`Board::regions_without`, Black's first);
/// `chain_of` gives each stone's index in `infos`.
pub(crate) fn settle_stray_invaders(
    board: &Board,
    regions: &[(Vec<usize>, Vec<Vec<usize>>); 2],
    chain_of: &[usize],
    infos: &mut [ChainInfo],
) {
    for owner in [Color::Black, Color::White] {
        let invader = Cell::of(owner.opponent());
        for pts in &regions[owner.index()].1 {
            let mut strays: Vec<usize> = Vec::new();
            let mut alone = true;
            for &p in pts {
                if board.cell(p) != invader {
                    continue;
                }
                let k = chain_of[p];
                if infos[k].status != Status::Dead || infos[k].stones.len() > MAX_STONES {
                    alone = false;
                    break;
                }
                if !strays.contains(&k) {
                    strays.push(k);
                }
            }
            if !alone || strays.is_empty() {
                continue;
            }
            let walls = pts
                .iter()
                .flat_map(|&p| Board::neighbours(p))
                .filter(|&n| board.cell(n) == Cell::of(owner))
                .map(|n| infos[chain_of[n]].confidence)
                .fold(f32::INFINITY, f32::min);
            if walls.is_finite() && walls >= OPEN_BELOW {
                for k in strays {
                    if walls > infos[k].confidence {
                        infos[k].confidence = walls;
                        infos[k].reason = StatusReason::StrayInvader;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{at, board_from_top_rows};

    /// Black's wall across a 9x9 board's fourth line, White below it;
    /// White's stones at c8 (and, when `friend`, a two-stone chain at g8-g9)
    /// stand in Black's area. Black's chains are judged alive at 0.8,
    /// White's dead at 0.3, but the friend alive.
    /// A test position: its board, both colours' regions, each stone's
    /// chain index and the chains' judgements.
    struct Judged {
        board: Board,
        regions: [(Vec<usize>, Vec<Vec<usize>>); 2],
        chain_of: Vec<usize>,
        infos: Vec<ChainInfo>,
    }

    fn judged(friend: bool) -> Judged {
        let board = board_from_top_rows(
            9,
            &[
                if friend { "......O.." } else { "........." },
                if friend { "..O...O.." } else { "..O......" },
                ".........",
                "XXXXXXXXX",
                "OOOOOOOOO",
            ],
        );
        let chains = board.chains();
        let mut chain_of = vec![usize::MAX; at(8, 8) + 1];
        let infos = chains
            .iter()
            .enumerate()
            .map(|(k, (color, stones))| {
                for &s in stones {
                    chain_of[s] = k;
                }
                let status = match (color, stones.contains(&at(6, 1))) {
                    (Color::Black, _) | (Color::White, true) => Status::Alive,
                    (Color::White, false) => Status::Dead,
                };
                ChainInfo {
                    color: *color,
                    stones: stones.iter().map(|&s| Board::point(s)).collect(),
                    status,
                    confidence: if *color == Color::Black { 0.8 } else { 0.3 },
                    reason: StatusReason::Playouts,
                }
            })
            .collect();
        let regions = [Color::Black, Color::White].map(|c| board.regions_without(c));
        Judged {
            board,
            regions,
            chain_of,
            infos,
        }
    }

    /// The lone White stone is as sure as Black's wall.
    #[test]
    fn a_stray_stone_is_as_sure_as_its_walls() {
        let mut j = judged(false);
        settle_stray_invaders(&j.board, &j.regions, &j.chain_of, &mut j.infos);
        let stray = &j.infos[j.chain_of[at(2, 1)]];
        assert_eq!((stray.status, stray.confidence), (Status::Dead, 0.8));
    }

    /// Beside a White chain judged alive, it is no stray: left open.
    #[test]
    fn a_stone_with_a_live_friend_in_the_area_is_left_as_judged() {
        let mut j = judged(true);
        settle_stray_invaders(&j.board, &j.regions, &j.chain_of, &mut j.infos);
        assert_eq!(j.infos[j.chain_of[at(2, 1)]].confidence, 0.3);
    }
}
