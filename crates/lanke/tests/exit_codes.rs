//! Exit codes as ripgrep and cargo users expect them: a path typed on the
//! command line that cannot be read is an error on stderr and exit status
//! 2, before any output; a bad game inside a readable input is an error
//! row, and the run still succeeds.

use std::path::Path;
use std::process::Command;

fn lanke(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(args)
        .output()
        .expect("lanke runs")
}

#[test]
fn every_command_refuses_a_path_it_cannot_read() {
    let missing = "/nonexistent/lanke-test/game.sgf";
    let out_dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-exit-{}", std::process::id()));
    let out = out_dir.to_str().unwrap();
    let calls: Vec<Vec<&str>> = vec![
        vec!["replay", missing],
        vec!["judge", missing],
        vec!["score", missing],
        vec!["verify", missing],
        vec!["eval", missing],
        vec!["batch", missing, "--out", out, "--quiet"],
        vec!["merge", missing, "--out", out],
        vec!["show", "--svg", out, missing],
        vec!["tianyi-opening", "--check", missing],
    ];
    for args in calls {
        let o = lanke(&args);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("cannot read {missing}")),
            "{args:?}: {stderr}"
        );
        assert!(o.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
    // Nothing was written for the refused batch.
    assert!(!out_dir.exists());
}

#[test]
fn a_readable_path_after_a_missing_one_does_not_save_the_run() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/classics");
    let o = lanke(&[
        "replay",
        "--summary",
        data.to_str().unwrap(),
        "/nonexistent/x",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_bad_game_inside_a_readable_input_is_an_error_row() {
    let empty = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-inputs/empty.sgf");
    let o = lanke(&["replay", "--summary", empty.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("1 errors"), "{stderr}");
}

#[test]
fn batch_takes_short_flags_and_refuses_zero_jobs() {
    let classics = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/classics");
    let classics = classics.to_str().unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-jobs-{}", std::process::id()));
    let out = dir.to_str().unwrap();
    let zero = lanke(&["batch", classics, "-j", "0", "-o", out]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&zero.stderr).contains("must be 1 or more"));
    assert!(!dir.exists());
    let ok = lanke(&["batch", classics, "-j", "1", "-q", "-o", out]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(dir.join("games.csv").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--rules` takes family ids in any case; an unknown id is a usage error
/// (exit 2) that lists the known ones, before any game is read.
#[test]
fn rule_family_ids_are_case_blind_and_a_wrong_one_is_a_usage_error() {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/classics/lanke-equal.sgf");
    let game = game.to_str().unwrap();
    let o = lanke(&["score", game, "--rules", "Japanese,TANG-SONG", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.contains("\"tang-song\""), "{stdout}");
    let o = lanke(&["score", game, "--rules", "japan"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("unknown rule family `japan`") && stderr.contains("tang-song"));
    assert!(o.stdout.is_empty());
}
