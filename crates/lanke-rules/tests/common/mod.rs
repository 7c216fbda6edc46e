//! What the rules' integration tests share: a record's first game,
//! replayed and judged by the built-in judge. No assertions live here.

use lanke_board::{replay, Replay};
use lanke_judge::{judge_final, JudgeOptions, Judgement, StatusSource};
use lanke_sgf::{load_collection, GameRecord};

/// The first game of an SGF file's bytes, its replay, and the built-in
/// judgement of its final position (the side to move from the record).
pub(crate) fn judged(bytes: &[u8]) -> (GameRecord, Replay, Judgement) {
    let record = load_collection(bytes, None)
        .games
        .remove(0)
        .expect("a go record");
    let r = replay(&record);
    let j = judge_final(
        &record,
        &r,
        &StatusSource::Builtin,
        &JudgeOptions::default(),
    );
    (record, r, j)
}
