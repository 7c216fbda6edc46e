//! `lanke-board`: the board and the replay of a game record.
//!
//! [`Board`] is a padded one-dimensional board (sizes 2..=25) with captures,
//! suicide and an incremental Zobrist hash. [`replay`] plays a
//! [`lanke_sgf::GameRecord`]'s events on it and returns the final position,
//! the per-colour tallies, the position history (for ko rules) and every
//! anomaly found, without ever aborting a game.
//!
//! No I/O and no judgement of dead stones here.

mod board;
mod geometry;
mod replay;

pub use board::{Board, Cell, PlayResult, Visited};
pub use geometry::EmptyRegion;
pub use replay::{next_to_move, replay, Anomaly, AnomalyKind, PlayedMove, Replay, Tally};
