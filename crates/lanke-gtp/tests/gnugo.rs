//! The GTP backend against the real GNU Go (`apt-get install gnugo`; .ci/run
//! installs it). On 烂柯图, GNU Go must find the same dead stones the source
//! lists; on a modern record, its own play-out of the ending must give the
//! recorded result.

use lanke_board::replay;
use lanke_gtp::{sgf_of_record, GtpEngine};
use lanke_sgf::{load_collection, Color, Point};

const GNUGO: &str = "/usr/games/gnugo --mode gtp --chinese-rules";

#[test]
fn gnugo_finds_the_dead_stones_of_lanke_tu() {
    if !lanke_testdata::gnugo_available("gnugo_finds_the_dead_stones_of_lanke_tu") {
        return;
    }
    let record = load_collection(
        lanke_testdata::cwi_file("games/ancient/old_chinese/2.sgf"),
        None,
    )
    .games
    .remove(0)
    .unwrap();
    let r = replay(&record);
    let mut engine = GtpEngine::spawn(GNUGO).expect("gnugo starts");
    let (mut dead, seki) = engine
        .statuses(&r.board, Color::White)
        .expect("gnugo answers");
    dead.sort_unstable();
    let mut expected: Vec<Point> = [
        "oi", "pl", "qj", "ab", "ad", "bc", "if", "jf", "kf", "lf", "lg",
    ]
    .iter()
    .map(|s| Point::from_sgf(s).unwrap())
    .collect();
    expected.sort_unstable();
    assert_eq!(dead, expected);
    assert!(seki.is_empty());
}

#[test]
fn a_missing_engine_is_a_clear_error() {
    let err = GtpEngine::spawn("/nonexistent/engine --gtp")
        .err()
        .expect("spawn fails");
    let message = err.to_string();
    assert!(
        message.starts_with("cannot start engine `/nonexistent/engine --gtp`: "),
        "{message}"
    );
    // The OS's reason is named once, also where the whole chain is printed.
    let chain = format!("{:#}", anyhow::Error::from(err));
    assert_eq!(chain.matches("(os error").count(), 1, "{chain}");
}

/// Agon Cup 3 game 9 (CWI `games/Agon/03/9.sgf`, komi 5.5) is recorded as
/// B+7.5. GNU Go, asked for its own `final_score` (Japanese counting, the
/// record loaded move by move so that it knows the captures), first plays
/// the ending out — White's protective move at cs, Black's at jq, White's
/// dame at ep — and counts B+7.5. The built-in judge gives B+8.5 here: it
/// fills ep for Black and owes no protective move at jq (a miss `lanke
/// eval --engine-score` lists as "engine only").
#[test]
fn gnugo_plays_out_agon_3_9_to_its_recorded_result() {
    if !lanke_testdata::gnugo_available("gnugo_plays_out_agon_3_9_to_its_recorded_result") {
        return;
    }
    let record = load_collection(lanke_testdata::cwi_file("games/Agon/03/9.sgf"), None)
        .games
        .remove(0)
        .unwrap();
    assert_eq!(record.info.result.as_deref(), Some("B+7.5"));
    let mut engine = GtpEngine::spawn("/usr/games/gnugo --mode gtp").expect("gnugo starts");
    let margin = engine.final_score(&record, 5.5).expect("gnugo answers");
    assert!((margin - 7.5).abs() < 1e-9, "GNU Go's final_score {margin}");
}

/// The SGF the engine is given replays to the same final position and the
/// same captures as the record it was written from: 烂柯图 (White first,
/// 290 moves, 14 stones taken by Black and 6 by White during play) and
/// Agon 3 game 9.
#[test]
fn the_engine_sgf_replays_like_the_record() {
    for member in ["games/ancient/old_chinese/2.sgf", "games/Agon/03/9.sgf"] {
        let record = load_collection(lanke_testdata::cwi_file(member), None)
            .games
            .remove(0)
            .unwrap();
        let text = sgf_of_record(&record, 0.0);
        let again = load_collection(text.as_bytes(), None)
            .games
            .remove(0)
            .unwrap();
        let (a, b) = (replay(&record), replay(&again));
        assert_eq!(a.board.diagram(), b.board.diagram(), "{member}");
        assert_eq!(a.tally.captures, b.tally.captures, "{member}");
        assert_eq!(a.tally.moves, b.tally.moves, "{member}");
        if member.ends_with("2.sgf") {
            assert_eq!(b.tally.captures, [14, 6]);
        }
    }
}

/// GNU Go started without `--mode gtp` on a pipe speaks the binary Go
/// Modem Protocol and never answers a GTP command: the engine is given up
/// after the answer timeout with an error that says what to do, instead
/// of blocking lanke.
#[test]
fn gnugo_without_gtp_mode_is_given_up_with_a_clear_error() {
    if !lanke_testdata::gnugo_available("gnugo_without_gtp_mode_is_given_up_with_a_clear_error") {
        return;
    }
    let board = lanke_board::Board::new(9);
    let mut engine = GtpEngine::spawn("/usr/games/gnugo")
        .expect("gnugo starts")
        .with_answer_timeout(std::time::Duration::from_secs(2));
    let err = engine
        .statuses(&board, Color::Black)
        .expect_err("no GTP answer");
    let text = err.to_string();
    // Its binary packets may or may not hold a newline byte: either the
    // wait runs out or the first line is not a GTP answer.
    assert!(
        text.contains("no answer to `loadsgf") || text.contains("does not answer in GTP"),
        "{text}"
    );
    assert!(text.contains("GNU Go needs --mode gtp"), "{text}");
}
