//! Helpers shared by the judge's integration tests: load a record, replay
//! it and judge its final position with the built-in judge; parse point
//! lists; list a judgement's protective moves. No assertions live here.
#![allow(dead_code)] // each test file uses a different subset

use lanke_board::{replay, Board};
use lanke_judge::{judge_final, FillKind, JudgeOptions, Judgement, StatusSource};
use lanke_sgf::{load_collection, Color, GameRecord, Point};

/// The first game of an SGF file's bytes.
pub(crate) fn record(bytes: &[u8]) -> GameRecord {
    load_collection(bytes, None)
        .games
        .remove(0)
        .expect("a go record")
}

/// The built-in judgement of a record's final position (the side to move
/// from the record), with the replayed final board.
pub(crate) fn judged(bytes: &[u8]) -> (Judgement, Board) {
    judged_with(bytes, &JudgeOptions::default())
}

/// The built-in judgement of one record of the embedded CWI archive
/// (`member`, its path inside the archive).
pub(crate) fn judged_cwi(member: &str) -> Judgement {
    judged(lanke_testdata::cwi_file(member)).0
}

/// [`judged`] with the given options.
pub(crate) fn judged_with(bytes: &[u8], opts: &JudgeOptions) -> (Judgement, Board) {
    let r = record(bytes);
    let played = replay(&r);
    (
        judge_final(&r, &played, &StatusSource::Builtin, opts),
        played.board,
    )
}

/// SGF points, sorted as the judgement lists them.
pub(crate) fn pts(list: &[&str]) -> Vec<Point> {
    let mut v: Vec<Point> = list.iter().map(|s| Point::from_sgf(s).unwrap()).collect();
    v.sort_unstable();
    v
}

/// The judgement's protective moves, colour and point, in the order played.
pub(crate) fn protective(j: &Judgement) -> Vec<(Color, String)> {
    j.fills
        .iter()
        .filter(|f| f.kind == FillKind::Protective)
        .map(|f| (f.color, f.point.to_sgf()))
        .collect()
}

/// The points of `color`'s protective moves, in the order played.
pub(crate) fn protective_by(j: &Judgement, color: Color) -> Vec<String> {
    protective(j)
        .into_iter()
        .filter(|(c, _)| *c == color)
        .map(|(_, p)| p)
        .collect()
}
