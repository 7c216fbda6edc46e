//! Picking one game out of an input (`--game`), and game ids that start at
//! the input named, whatever way its path was typed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn lanke(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(args)
        .output()
        .expect("lanke runs")
}

fn classics() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/classics")
}

/// The `==` headers of `lanke judge`'s text output: one per game.
fn judged_ids(args: &[&str]) -> Vec<String> {
    let o = lanke(args);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?}: {stderr}");
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("== "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn ids_do_not_depend_on_how_the_path_was_typed() {
    let absolute = classics().canonicalize().unwrap();
    let from_absolute = judged_ids(&["judge", absolute.to_str().unwrap()]);
    // The same directory through a path with `..` in it.
    let dotted = classics();
    let from_dotted = judged_ids(&["judge", dotted.to_str().unwrap()]);
    assert_eq!(from_absolute, from_dotted);
    assert_eq!(from_absolute.len(), 17, "{from_absolute:?}");
    assert!(
        from_absolute.contains(&"classics/huang-zhou.sgf#0".to_string()),
        "{from_absolute:?}"
    );
    // A file named by itself is known by its own name.
    let one = absolute.join("seki-fig7.sgf");
    assert_eq!(
        judged_ids(&["judge", one.to_str().unwrap()]),
        ["seki-fig7.sgf#0"]
    );
}

#[test]
fn game_picks_by_the_end_of_the_id_at_a_boundary() {
    let dir = classics();
    let dir = dir.to_str().unwrap();
    assert_eq!(
        judged_ids(&["judge", dir, "--game", "huang-zhou.sgf#0"]),
        ["classics/huang-zhou.sgf#0"]
    );
    // Without an index, every game of the file; the end of a name is not
    // a name (`fig7.sgf` does not pick `seki-fig7.sgf`).
    assert_eq!(
        judged_ids(&["judge", dir, "--game", "classics/seki-fig7.sgf"]),
        ["classics/seki-fig7.sgf#0"]
    );
    let none = lanke(&["judge", dir, "--game", "fig7.sgf"]);
    assert_eq!(none.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&none.stderr);
    assert!(stderr.contains("no game of"), "{stderr}");
    assert!(stderr.contains("`fig7.sgf`"), "{stderr}");
    assert!(none.stdout.is_empty());
    // A key ending in `/` takes every game below that directory, named
    // whole (`lassics/` names nothing).
    assert_eq!(judged_ids(&["judge", dir, "--game", "classics/"]).len(), 17);
    let part = lanke(&["judge", dir, "--game", "lassics/"]);
    assert_eq!(part.status.code(), Some(2));
    // score and verify take the same selector.
    let score = lanke(&[
        "score",
        dir,
        "--game",
        "lanke-equal.sgf",
        "--rules",
        "tang-song",
    ]);
    assert!(score.status.success());
    let text = String::from_utf8(score.stdout).unwrap();
    assert_eq!(text.matches("== ").count(), 1, "{text}");
    assert!(text.contains("== classics/lanke-equal.sgf#0"), "{text}");
    let verify = lanke(&["verify", dir, "--game", "nothing.sgf", "--report-only"]);
    assert_eq!(verify.status.code(), Some(2));
}

#[test]
fn show_draws_the_game_picked_and_refuses_to_guess() {
    let dir = classics();
    let dir = dir.to_str().unwrap();
    let many = lanke(&["show", dir, "--svg", "-"]);
    assert_eq!(many.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&many.stderr);
    assert!(stderr.contains("holds 17 games"), "{stderr}");
    assert!(stderr.contains("--game"), "{stderr}");
    assert!(many.stdout.is_empty());
    // To standard output with `--svg -`, titled by the game's id.
    let one = lanke(&["show", dir, "--game", "seki-fig8.sgf", "--svg", "-"]);
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let svg = String::from_utf8(one.stdout).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(
        svg.contains("<title>classics/seki-fig8.sgf#0</title>"),
        "{svg}"
    );
}
