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

/// Kisei 46 FT22 (B+6.5): the playouts are unsure of White's lone stone
/// in the upper-left corner (confidence 0.00), so GNU Go judges it; AJ1st
/// 5 game 6 is judged at confidence 0.50, so the built-in judgement
/// stands and no engine is asked.
#[test]
fn the_engine_is_asked_only_where_the_builtin_judge_is_unsure() {
    if !lanke_testdata::gnugo_available(
        "the_engine_is_asked_only_where_the_builtin_judge_is_unsure",
    ) {
        return;
    }
    let kisei = "games/Kisei/46/FT22.sgf";
    let aj = "games/AJ1st/05/6.sgf";
    let dir = scratch_with(&[kisei, aj], "judge");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("judge")
        .arg(dir.join(kisei))
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
            "(judge: gtp:/usr/games/gnugo --mode gtp (built-in confidence 0.00), confidence 1.00)"
        ),
        "{stdout}"
    );
    assert!(
        headers[1].ends_with("(judge: builtin, confidence 0.50)"),
        "{stdout}"
    );
    // GNU Go's dead stones for Kisei 46 FT22: White's corner stone at dc
    // among them, which the built-in judge leaves open.
    assert!(
        stdout.contains("dead: B 8 [kn ko kp kq ln lp lr mo]; W 2 [dc mb]"),
        "{stdout}"
    );
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
