//! The GTP backend against the real GNU Go (`apt-get install gnugo`; .ci/run
//! installs it). On 烂柯图, GNU Go must find the same dead stones the source
//! lists.

use lanke_board::replay;
use lanke_gtp::GtpEngine;
use lanke_sgf::{load_collection, Color, Point};

const GNUGO: &str = "/usr/games/gnugo --mode gtp --chinese-rules";

#[test]
fn gnugo_finds_the_dead_stones_of_lanke_tu() {
    assert!(
        std::path::Path::new("/usr/games/gnugo").exists(),
        "GNU Go is required for this test: apt-get install gnugo"
    );
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
    assert!(
        err.to_string()
            .contains("cannot start engine `/nonexistent/engine --gtp`"),
        "{err}"
    );
}
