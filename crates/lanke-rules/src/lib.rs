//! `lanke-rules`: the scoring families of `docs/RULES.md` as a table.
//!
//! A family is a row of [`FAMILIES`]: unit, default komi, handicap
//! compensation, tie rule, ko rule, and a [`Counting`] method — the one place
//! where families genuinely differ in arithmetic. Everything a family needs
//! is in [`Quantities`], read off a judgement and a replay once per game.
//!
//! No I/O; no formatting beyond the unit names.

mod families;
mod legality;
pub mod penalties;
mod quantities;
mod range;
pub mod recorded;
pub mod tianyi;
mod tradition;

pub use families::{
    equal_stone_count, families_named, family, route_balancing, score, Counting, Family,
    HandicapComp, KoRule, KomiMode, MovesCounted, Outcome, RouteBalancing, Score, TieRule, Unit,
    UnknownFamily, FAMILIES,
};
pub use legality::{verdict, History, Verdict};
pub use quantities::{all_alive_area, Quantities};
pub use range::{outside_by, MarginRange, ReadingKind, Readings, RecordCheck};
pub use tradition::points_family;
