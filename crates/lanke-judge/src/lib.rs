//! `lanke-judge`: judges a final go position like a strong player would.
//!
//! Given the final board (and whose turn it is), it decides each chain's
//! status (alive, dead, seki) with a confidence, classifies every point
//! (live or dead stone, territory, seki eye, shared seki liberty, dame),
//! fills the dame with a legal sequence that also makes the protective moves
//! (手入れ) the filling forces, and reads off the living groups (块) and their
//! basic eye points (基本眼位). Every scoring family is computed from this.
//!
//! Where the statuses come from is the caller's choice ([`StatusSource`]):
//! the record's own marks, a user's overrides, an external engine, or the
//! built-in judge (seeded Monte-Carlo ownership, see `playout`).
//!
//! No I/O here: engines and files are read by the caller.

mod analysis;
mod benson;
mod playout;
mod reading;

pub use analysis::{
    judge, ChainInfo, Counts, Fill, FillKind, Group, JudgeOptions, Judgement, PointClass, Status,
    StatusSource,
};
pub use benson::{pass_alive, PassAlive};
pub use playout::{ownership, Ownership, Rng};
pub use reading::{enclosures, read, Enclosure, LocalStatus};
