//! `--overrides FILE` through the real binary on a record with a seki
//! (Kisei 21/T01, lower left): a line naming the built-in judge's dead
//! stones alone scores as the built-in judge does, the seki found again;
//! a line whose `seki` list is empty says there is no seki, but the
//! filling takes none of the chains it leaves alive, so the three White
//! stones of the seki stand; listed dead, they are Black's; a line the
//! format cannot read stops the run with the line named.

mod common;

use common::{run, scratch};

/// The Japanese margin `lanke score` prints for `game`, with `extra` flags.
fn japanese_margin(game: &std::path::Path, extra: &[&str]) -> f64 {
    let mut args = vec!["score", "--json", "--rules", "japanese"];
    args.extend_from_slice(extra);
    args.push(game.to_str().unwrap());
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    v["margin"].as_f64().unwrap()
}

#[test]
fn a_line_of_dead_stones_alone_keeps_the_seki() {
    let dir = scratch("overrides", "seki");
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("T01.sgf");
    std::fs::write(&game, lanke_testdata::cwi_file("games/Kisei/21/T01.sgf")).unwrap();
    let overrides = |name: &str, line: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("T01.sgf#0 {line}\n")).unwrap();
        path.to_str().unwrap().to_string()
    };

    let builtin = japanese_margin(&game, &[]);
    // The record's B+1.5 at its 5.5 komi would be 0.5 at the family's 6.5;
    // the built-in judge also charges Black a protective move at si, in
    // the right side's straight three that White's dame at ok cuts off
    // the centre, the walls left no liberty outside it.
    assert_eq!(builtin, -0.5);
    let dead_only = overrides("dead.txt", "dead gd lf lg lh");
    assert_eq!(
        japanese_margin(&game, &["--overrides", &dead_only]),
        builtin
    );
    let no_seki = overrides("none.txt", "dead gd lf lg lh seki");
    assert_eq!(japanese_margin(&game, &["--overrides", &no_seki]), -0.5);
    let seki_dead = overrides("three.txt", "dead gd lf lg lh an bn cn");
    assert_eq!(japanese_margin(&game, &["--overrides", &seki_dead]), 8.5);

    let bad = overrides("bad.txt", "dead gd zz9");
    let out = run(&["score", "--overrides", &bad, game.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1") && err.contains("zz9"), "{err}");
}
