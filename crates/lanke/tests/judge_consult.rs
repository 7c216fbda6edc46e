//! `--judge builtin+gtp:COMMAND` through the real binary and the real GNU
//! Go (`apt-get install gnugo`; .ci/run installs it): the built-in judge
//! decides where it is sure, and the engine's dead and seki lists are
//! taken where its confidence is below one half.

use std::path::PathBuf;
use std::process::Command;

/// A scratch directory holding CWI records under their archive names.
fn scratch_with(members: &[&str], tag: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-consult-{}-{tag}", std::process::id()));
    for member in members {
        let file = dir.join(member);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, lanke_testdata::cwi_file(member)).unwrap();
    }
    dir
}

/// Globis Cup 3 game 24 (B+7.5): the playouts are unsure of the centre
/// (confidence 0.44), so GNU Go judges it; AJ1st 5 game 6 is judged at
/// confidence 0.50, so the built-in judgement stands and no engine is
/// asked.
#[test]
fn the_engine_is_asked_only_where_the_builtin_judge_is_unsure() {
    if !lanke_testdata::gnugo_available(
        "the_engine_is_asked_only_where_the_builtin_judge_is_unsure",
    ) {
        return;
    }
    let globis = "games/Globis/03/24.sgf";
    let aj = "games/AJ1st/05/6.sgf";
    let dir = scratch_with(&[globis, aj], "judge");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("judge")
        .arg(dir.join(globis))
        .arg(dir.join(aj))
        .args(["--judge", "builtin+gtp:/usr/games/gnugo --mode gtp"])
        .output()
        .expect("lanke runs");
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let headers: Vec<&str> = stdout.lines().filter(|l| l.starts_with("== ")).collect();
    assert_eq!(headers.len(), 2, "{stdout}");
    assert!(
        headers[0].ends_with(
            "(judge: gtp:/usr/games/gnugo --mode gtp (built-in confidence 0.44), confidence 1.00)"
        ),
        "{stdout}"
    );
    assert!(
        headers[1].ends_with("(judge: builtin, confidence 0.50)"),
        "{stdout}"
    );
    // GNU Go's dead stones for Globis 3/24: the 30 White stones of the
    // lower right among them, which the playouts call alive.
    assert!(stdout.contains("; W 30 [kp kq kr lr mn"), "{stdout}");
}

#[test]
fn a_consult_spec_without_an_engine_command_is_refused() {
    let dir = scratch_with(&["games/AJ1st/05/6.sgf"], "bad");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("judge")
        .arg(dir.join("games/AJ1st/05/6.sgf"))
        .args(["--judge", "builtin+gtp:"])
        .output()
        .expect("lanke runs");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--judge builtin+gtp: needs an engine command"),
        "{stderr}"
    );
}

/// `lanke judge` on a resigned game (NHK 37 game 35, B+R) gives the
/// batch's mid-game estimate, named as such: no dame filling (it used to
/// play 204 fills across the open board), open points to the side the
/// playouts clearly give them, and no engine asked even with
/// `builtin+gtp:` (as in `lanke batch`).
#[test]
fn a_resigned_game_is_judged_as_a_mid_game_estimate() {
    if !lanke_testdata::gnugo_available("a_resigned_game_is_judged_as_a_mid_game_estimate") {
        return;
    }
    let member = "games/NHK/37/35.sgf";
    let dir = scratch_with(&[member], "resigned");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("judge")
        .arg("--json")
        .arg(dir.join(member))
        .args(["--judge", "builtin+gtp:/usr/games/gnugo --mode gtp"])
        .output()
        .expect("lanke runs");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(out.status.success());
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["judge"], "builtin (8 playouts, estimate, unfinished)");
    assert_eq!(j["fills"].as_array().map(Vec::len), Some(0));
    assert_eq!(j["dame"].as_array().map(Vec::len), Some(164));
    assert_eq!(j["before_fill"]["open_border"]["B"], 51);
    assert_eq!(j["before_fill"]["open_border"]["W"], 29);
}
