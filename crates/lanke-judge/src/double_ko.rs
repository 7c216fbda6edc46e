//! Double-ko seki (両コウセキ, 连环劫双活): a static pattern check.
//!
//! Two kos between one eyeless chain of each colour: in one ko Black may
//! take a lone White stone, in the other White a lone Black stone. Whoever
//! takes first cannot go on locally (the other side takes the other ko and
//! the taker's own chain is then short of liberties), so both leave it and
//! the position stands as a seki with both lone stones on the board. Random
//! playouts resolve the kos at random and would call a lone stone dead, so
//! the judge recognises the shape before it removes dead stones.
//!
//! Only the shape is checked here; no moves are played beyond single trial
//! captures, and nothing here decides other statuses.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

/// One ko: `point` is empty, `stone` a lone stone of `color` whose only
/// liberty is `point`, and the opponent's capture there would be a ko
/// capture (the capturing stone left alone in atari).
struct Ko {
    point: usize,
    stone: usize,
    color: Color,
}

/// A double-ko seki found on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoubleKoSeki {
    /// Every stone of the seki: the two eyeless chains and both lone stones.
    pub stones: Vec<usize>,
    /// The liberties the two chains share (neither ko point).
    pub shared: Vec<usize>,
}

fn kos(board: &Board) -> Vec<Ko> {
    let mut found = Vec::new();
    for k in board.points() {
        if board.cell(k) != Cell::Empty {
            continue;
        }
        let mut colours = Board::neighbours(k)
            .into_iter()
            .filter_map(|n| board.cell(n).color());
        let Some(color) = colours.next() else {
            continue;
        };
        if !colours.all(|c| c == color) {
            continue;
        }
        let mut trial = board.clone();
        let played = trial.play(color.opponent(), k);
        if let Some(stone) = played.ko_point() {
            found.push(Ko {
                point: k,
                stone,
                color,
            });
        }
    }
    found
}

/// Stones (sorted) and liberties of the chain at `i`.
fn chain_with_liberties(board: &Board, i: usize) -> (Vec<usize>, Vec<usize>) {
    let (mut stones, _) = board.chain(i);
    stones.sort_unstable();
    (stones, board.chain_liberties(i))
}

/// The chain of `color` next to `point` (other than `except`), if exactly one.
fn single_chain_next_to(
    board: &Board,
    point: usize,
    color: Color,
    except: usize,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let mut chains: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for n in Board::neighbours(point) {
        if n == except || board.cell(n) != Cell::of(color) {
            continue;
        }
        if chains.iter().any(|(s, _)| s.binary_search(&n).is_ok()) {
            continue;
        }
        chains.push(chain_with_liberties(board, n));
    }
    (chains.len() == 1).then(|| chains.remove(0))
}

/// Every double-ko seki on `board`: a White chain that surrounds one ko
/// point and the lone Black stone of the other ko, a Black chain that does
/// the same the other way round, and no liberty of either chain other than
/// its ko point and the points it shares with the other chain (no eye).
#[must_use]
pub fn double_ko_sekis(board: &Board) -> Vec<DoubleKoSeki> {
    let kos = kos(board);
    let mut found: Vec<DoubleKoSeki> = Vec::new();
    for white_ko in kos.iter().filter(|k| k.color == Color::White) {
        for black_ko in kos.iter().filter(|k| k.color == Color::Black) {
            // The White chain capping the White-stone ko and cupping the
            // lone Black stone; the Black chain likewise.
            let Some((white, white_libs)) =
                single_chain_next_to(board, white_ko.point, Color::White, white_ko.stone)
            else {
                continue;
            };
            let Some((black, black_libs)) =
                single_chain_next_to(board, black_ko.point, Color::Black, black_ko.stone)
            else {
                continue;
            };
            let cups = |chain: &[usize], stone: usize| {
                Board::neighbours(stone)
                    .iter()
                    .all(|&n| board.cell(n).color().is_none() || chain.binary_search(&n).is_ok())
            };
            if !cups(&white, black_ko.stone) || !cups(&black, white_ko.stone) {
                continue;
            }
            let shared: Vec<usize> = white_libs
                .iter()
                .copied()
                .filter(|l| black_libs.binary_search(l).is_ok())
                .collect();
            let eyeless = |libs: &[usize], ko_point: usize| {
                libs.iter()
                    .all(|&l| l == ko_point || shared.binary_search(&l).is_ok())
            };
            if shared.is_empty()
                || !eyeless(&white_libs, white_ko.point)
                || !eyeless(&black_libs, black_ko.point)
            {
                continue;
            }
            let mut stones: Vec<usize> = white
                .iter()
                .chain(&black)
                .copied()
                .chain([white_ko.stone, black_ko.stone])
                .collect();
            stones.sort_unstable();
            stones.dedup();
            if !found.iter().any(|f| f.stones == stones) {
                found.push(DoubleKoSeki { stones, shared });
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use lanke_sgf::Point;

    use crate::board_from_rows as board;

    /// The hard-case position of `tests/hard_cases.rs` (White kos at cb,
    /// Black at fc, shared liberty hc), as rows.
    const DOUBLE_KO_SEKI: [&str; 9] = [
        "XOOOOOOOX",
        "XO.OOXOOX",
        "XXOXX.X.X",
        "OXXXXXXXX",
        "OOOOOOOOO",
        "....O....",
        "....O....",
        "....O....",
        "....O....",
    ];

    #[test]
    fn finds_the_double_ko_seki() {
        let found = double_ko_sekis(&board(&DOUBLE_KO_SEKI));
        assert_eq!(found.len(), 1);
        // 12 in the White chain, 18 in the Black chain, the two lone stones.
        assert_eq!(found[0].stones.len(), 32);
        assert_eq!(found[0].shared, vec![Board::idx(Point::new(7, 2))]);
    }

    #[test]
    fn one_ko_alone_is_no_seki() {
        // Without the lone Black stone at fb only one ko is left (and the
        // White chain gains an eye there).
        let mut rows = DOUBLE_KO_SEKI;
        rows[1] = "XO.OO.OOX";
        assert!(double_ko_sekis(&board(&rows)).is_empty());
    }

    #[test]
    fn a_chain_with_a_liberty_of_its_own_is_no_double_ko_seki() {
        // Black's chain gains an outside liberty at ad: White taking the
        // Black-stone ko no longer leaves it short, the kos are ordinary.
        let mut rows = DOUBLE_KO_SEKI;
        rows[3] = ".XXXXXXXX";
        assert!(double_ko_sekis(&board(&rows)).is_empty());
    }
}
