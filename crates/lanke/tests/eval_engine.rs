//! `lanke eval --engine-score` through the real binary and the real GNU Go
//! (`apt-get install gnugo`; .ci/run installs it): the engine's own result
//! of each game is set beside the rescoring, per row and in the summary,
//! and a malformed engine spec is refused before any work.

use std::path::PathBuf;
use std::process::Command;

/// A scratch directory holding one CWI record under its archive name.
fn scratch_with(member: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lanke-eval-engine-{}-{tag}", std::process::id()));
    let file = dir.join(member);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, lanke_testdata::cwi_file(member)).unwrap();
    dir
}

/// Agon Cup 3 game 9 (B+7.5, komi 5.5): the built-in judge rescores B+8.5
/// (it fills the last dame, ep, for Black), GNU Go's play-out of the ending
/// gives the recorded B+7.5; the row and the summary say so.
#[test]
fn the_engines_own_score_stands_beside_the_rescoring() {
    assert!(
        std::path::Path::new("/usr/games/gnugo").exists(),
        "GNU Go is required for this test: apt-get install gnugo"
    );
    let dir = scratch_with("games/Agon/03/9.sgf", "agon");
    let rows_csv = dir.join("rows.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("eval")
        .arg(&dir)
        .args([
            "--engine-score",
            "gtp:/usr/games/gnugo --mode gtp",
            "--rows",
        ])
        .arg(&rows_csv)
        .output()
        .expect("lanke runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("all: 0/1 exact"), "{stdout}");
    assert!(
        stdout.contains("engine's own final_score: 1/1 exact (100.0%); both 0, lanke only 0, engine only 1, neither 0"),
        "{stdout}"
    );
    let mut reader = csv::Reader::from_path(&rows_csv).unwrap();
    let headers = reader.headers().unwrap().clone();
    let row = reader.records().next().unwrap().unwrap();
    let field = |name: &str| &row[headers.iter().position(|h| h == name).unwrap()];
    assert_eq!(field("recorded"), "7.5");
    assert_eq!(field("rescored"), "8.5");
    assert_eq!(field("exact"), "false");
    assert_eq!(field("engine"), "7.5");
    assert_eq!(field("engine_exact"), "true");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_spec_without_gtp_is_refused() {
    let dir = scratch_with("games/Agon/03/9.sgf", "bad");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("eval")
        .arg(&dir)
        .args(["--engine-score", "/usr/games/gnugo --mode gtp"])
        .output()
        .expect("lanke runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("--engine-score takes gtp:COMMAND"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program that does not speak GTP (`cat` echoes each command back,
/// and would never end an answer with the blank line GTP requires) costs
/// each game its engine column, named in `engine_error`, at once and not
/// the evaluation: the rescoring stands, the summary counts the games
/// without an engine score.
#[test]
fn an_engine_that_fails_a_game_keeps_the_row() {
    let dir = scratch_with("games/Agon/03/9.sgf", "cat");
    let rows_csv = dir.join("rows.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("eval")
        .arg(&dir)
        .args(["--engine-score", "gtp:/bin/cat", "--rows"])
        .arg(&rows_csv)
        .output()
        .expect("lanke runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("all: 0/1 exact"), "{stdout}");
    assert!(
        stdout.contains("engine gave no score for 1 games"),
        "{stdout}"
    );
    let mut reader = csv::Reader::from_path(&rows_csv).unwrap();
    let headers = reader.headers().unwrap().clone();
    let row = reader.records().next().unwrap().unwrap();
    let field = |name: &str| &row[headers.iter().position(|h| h == name).unwrap()];
    assert_eq!(field("rescored"), "8.5");
    assert_eq!(field("engine"), "");
    assert!(
        field("engine_error").contains("`loadsgf "),
        "{}",
        field("engine_error")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
