//! Captives: chains the tactical reader shows lost whoever moves first —
//! the opponent moving first takes them, and no move of their owner
//! saves them. A strong player does not try to save such stones (they
//! are the "lunch" a group eats to make its eyes); random playouts do,
//! running them out of atari into a race that kills the group that could
//! have eaten them. The judge tells its playouts to give captives up.
//!
//! A chain in seki is no captive (the attacker moving first cannot take
//! it), nor is one the reader runs out of budget on (its answers lean
//! towards "safe"), nor a big chain (whether it lives is a question of
//! eyes, not of tactics). Only the question lives here; the judge
//! decides what to do with the answer.

use lanke_board::Board;
use lanke_sgf::Color;

use crate::tactics::{Tactics, TACTICS_BUDGET};

/// Chains with more liberties than this are never read as captives.
const MAX_LIBERTIES: usize = 3;

/// Chains of more stones than this are a life-and-death question, not a
/// tactical one.
pub(crate) const MAX_STONES: usize = 6;

/// Per grid cell: does a captive chain stand there? `chains` are the
/// board's chains; `settled(stone)` says a chain's status is already
/// certain (Benson's proof), and such chains are not read.
pub(crate) fn captive_stones(
    board: &Board,
    chains: &[(Color, Vec<usize>)],
    settled: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let cells = board.points().last().map_or(0, |i| i + 1);
    let mut out = vec![false; cells];
    for (_, stones) in chains {
        let first = stones[0];
        if stones.len() > MAX_STONES
            || settled(first)
            || board.liberties_at_most::<MAX_LIBERTIES>(first).is_none()
        {
            continue;
        }
        if is_captive(board, first) {
            for &s in stones {
                out[s] = true;
            }
        }
    }
    out
}

/// The chain at `stone` is taken if its opponent moves first, and its
/// owner has no move that saves it (the tactical reader): lost whoever
/// moves first.
pub(crate) fn is_captive(board: &Board, stone: usize) -> bool {
    let mut reader = Tactics::new(TACTICS_BUDGET);
    reader.attack(board, stone, None).is_some() && !reader.can_save(board, stone, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_from_top_rows;
    use lanke_sgf::Point;

    fn captives_of(rows: &[&str]) -> Vec<Point> {
        let board = board_from_top_rows(9, rows);
        let captive = captive_stones(&board, &board.chains(), |_| false);
        board
            .points()
            .filter(|&i| captive[i])
            .map(Board::point)
            .collect()
    }

    #[test]
    fn a_stone_in_atari_in_a_working_ladder_is_a_captive() {
        // Black c3 (x 2, y 2) in atari between White c2, b3 and d3:
        // extending to c4 only runs a ladder down to the edge.
        let rows = [".........", "..O......", ".OXO.....", ".O......."];
        assert_eq!(captives_of(&rows), vec![Point::new(2, 2)]);
    }

    #[test]
    fn a_chain_that_shares_two_eyes_is_no_captive() {
        // The right edge of Honinbo 01 R02 (CWI), moved to a 9x9 board:
        // Black's three stones top right (x 7-8, y 1-2) have two
        // liberties, the eye at (7, 2) shared with the chain below and
        // (8, 3), half of a two-point eye. White's throw-in at (8, 4) only
        // gives Black a capture; Black need not answer at all. A reader
        // that makes the owner answer every attack with a move fills an
        // eye and calls the stones lost.
        let rows = [
            "......OOO",
            ".....OOXX",
            ".....OX.X",
            ".....OXX.",
            ".....OOX.",
            ".....O.XX",
            ".....OXXO",
            ".....OOOO",
            ".........",
        ];
        assert_eq!(captives_of(&rows), Vec::new());
    }

    #[test]
    fn a_chain_with_room_for_one_eye_only_is_a_captive() {
        // White a2 b2 c2 (x 0-2, y 1) inside Black's wall have a1 b1 c1
        // and nothing else: Black b1 leaves two one-point liberties that
        // White cannot join into two eyes.
        let rows = [
            "...X.....", //
            "OOOX.....",
            "XXXX.....",
        ];
        assert_eq!(
            captives_of(&rows),
            vec![Point::new(0, 1), Point::new(1, 1), Point::new(2, 1)]
        );
    }
}
