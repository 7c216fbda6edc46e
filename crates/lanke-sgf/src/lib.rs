//! `lanke-sgf`: from the raw bytes of an SGF file to game records ready to replay.
//!
//! The pipeline is `decode` (bytes → text, recording which step chose the
//! encoding) → `parse` (text → game trees in a flat arena, recording every
//! deviation from the SGF grammar) → `record` (a tree → a [`GameRecord`]:
//! normalised game info and the main line as a list of events).
//!
//! This crate does no I/O and never panics on input: whatever could be read is
//! returned together with the problems met while reading it.

pub mod decode;
pub mod info;
pub mod parse;
pub mod record;
mod types;

pub use decode::{decode, DecodeStep, Decoded};
pub use info::{GameInfo, Handicap, HandicapSource, Komi, KomiForm};
pub use parse::{parse_collection, ParseIssue, ParseIssueKind, ParsedCollection, SgfTree};
pub use record::{
    load_collection, Event, GameRecord, LoadedFile, MoveTarget, RecordError, RecordIssue, SetupOp,
};
pub use types::{Color, Point, MAX_BOARD_SIZE, MIN_BOARD_SIZE};
