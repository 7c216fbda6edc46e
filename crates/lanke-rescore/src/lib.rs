//! The rescoring of one game, as a library: from a loaded record (`item`)
//! to the judgement it gets (`judging`: the record's marks, a user's
//! overrides, the built-in judge or an engine), to the quantities the
//! families count (`readings`), to its typed report rows
//! (`rows`: the game's fields and one score per family), and from many
//! games' rows to the discrepancies and the corpus summary (`derive`); and
//! the measurement `lanke eval` makes of one game (`eval`), and the check
//! of the figures one record states (`verify`).
//!
//! The `lanke` binary walks the inputs, runs this over them in parallel and
//! writes the tables; a notebook binding can call the same functions. Not
//! here: walking paths, opening files, writing CSV or JSON, progress bars.

pub mod columns;
pub mod derive;
pub mod eval;
pub mod item;
pub mod judged;
pub mod judging;
pub mod readings;
pub mod replayed;
pub mod rows;
pub mod verify;
