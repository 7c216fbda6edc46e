//! The turn loop both played endings share — the dame filler
//! (`filling`) and the ending played out (`ending`): moves alternate
//! until both sides pass in a row, a pass lifting the ko ban. What each
//! side plays is the caller's; no move is chosen here.

use lanke_board::Board;
use lanke_sgf::Color;

use crate::judgement::{Fill, FillKind};

/// One move of an ending as its player made it: the point, how it is
/// counted, the live stones it took, and the ko point it leaves banned.
pub(crate) struct Played {
    pub point: usize,
    pub kind: FillKind,
    pub prisoners: u16,
    pub ko: Option<usize>,
}

/// Plays an ending's moves alternately from `first` until both sides pass
/// in a row or `limit` moves are made: `turn(side, ko_ban)` plays `side`'s
/// move on the caller's board and says what it was, or passes (`None`),
/// which lifts the ko ban. The filler and the played-out ending share it.
pub(crate) fn alternate(
    first: Color,
    mut ko_ban: Option<usize>,
    limit: usize,
    mut turn: impl FnMut(Color, Option<usize>) -> Option<Played>,
) -> Vec<Fill> {
    let mut fills = Vec::new();
    let mut side = first;
    let mut passes = 0;
    while passes < 2 && fills.len() < limit {
        match turn(side, ko_ban) {
            Some(m) => {
                ko_ban = m.ko;
                fills.push(Fill {
                    color: side,
                    point: Board::point(m.point),
                    kind: m.kind,
                    prisoners: m.prisoners,
                });
                passes = 0;
            }
            None => {
                passes += 1;
                ko_ban = None;
            }
        }
        side = side.opponent();
    }
    fills
}
