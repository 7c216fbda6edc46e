//! `lanke eval --engine-score` through the real binary and the real GNU Go
//! (`apt-get install gnugo`; .ci/run installs it): the engine's own result
//! of each game is set beside the rescoring, per row and in the summary,
//! and a malformed engine spec is refused before any work.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

/// A scratch directory holding one CWI record under its archive name.
fn scratch_with(member: &str, tag: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-eval-engine-{}-{tag}", std::process::id()));
    let file = dir.join(member);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, lanke_testdata::cwi_file(member)).unwrap();
    dir
}

/// `lanke eval DIR --engine-score ENGINE --rows`: its summary, and the one
/// row of Agon Cup 3 game 9 as column → value. The directory is removed.
fn eval_agon_3_9(engine: &str, tag: &str) -> (String, HashMap<String, String>) {
    let dir = scratch_with("games/Agon/03/9.sgf", tag);
    let rows_csv = dir.join("rows.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("eval")
        .arg(&dir)
        .args(["--engine-score", engine, "--rows"])
        .arg(&rows_csv)
        .output()
        .expect("lanke runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut reader = csv::Reader::from_path(&rows_csv).unwrap();
    let headers = reader.headers().unwrap().clone();
    let row = reader.records().next().unwrap().unwrap();
    let row = headers
        .iter()
        .zip(row.iter())
        .map(|(h, v)| (h.to_string(), v.to_string()))
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), row)
}

/// Agon Cup 3 game 9 (B+7.5, komi 5.5): the built-in judge rescores B+8.5
/// (it fills the last dame, ep, for Black), GNU Go's play-out of the ending
/// gives the recorded B+7.5; the row and the summary say so.
#[test]
fn the_engines_own_score_stands_beside_the_rescoring() {
    if !lanke_testdata::gnugo_available("the_engines_own_score_stands_beside_the_rescoring") {
        return;
    }
    let (stdout, row) = eval_agon_3_9("gtp:/usr/games/gnugo --mode gtp", "agon");
    assert!(stdout.contains("all: 0/1 exact"), "{stdout}");
    assert!(
        stdout.contains("engine's own final_score: 1/1 exact (100.0%); both 0, lanke only 0, engine only 1, neither 0"),
        "{stdout}"
    );
    assert_eq!(row["recorded"], "7.5");
    assert_eq!(row["rescored"], "8.5");
    assert_eq!(row["exact"], "false");
    assert_eq!(row["engine"], "7.5");
    assert_eq!(row["engine_exact"], "true");
    assert_eq!(row["engine_error"], "");
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
    let (stdout, row) = eval_agon_3_9("gtp:/bin/cat", "cat");
    assert!(stdout.contains("all: 0/1 exact"), "{stdout}");
    assert!(
        stdout.contains("engine gave no score for 1 games"),
        "{stdout}"
    );
    assert_eq!(row["rescored"], "8.5");
    assert_eq!(row["engine"], "");
    assert!(
        row["engine_error"].contains("does not answer in GTP: `loadsgf "),
        "{}",
        row["engine_error"]
    );
}
