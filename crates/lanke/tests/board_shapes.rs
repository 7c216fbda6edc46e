//! A rectangular board (FF[4]'s `SZ[columns:rows]`) end to end: replayed,
//! judged, scored under every family, through `batch` into the reports,
//! and drawn (the PNG render is in `diagrams_png.rs`). The record is our
//! own: a 13x7 board played out with a wall on each of rows c and d and
//! one dead stone inside each side's area.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn record() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shapes/walls-13x7.sgf")
}

fn lanke(args: &[&str], path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "lanke {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_13x7_board_is_judged_and_counted_on_its_91_points() {
    let replayed = &json_lines(&lanke(&["replay", "--json"], &record()))[0];
    assert_eq!(
        (&replayed["size"], &replayed["height"]),
        (&13.into(), &7.into())
    );

    let judged = &json_lines(&lanke(&["judge", "--json"], &record()))[0];
    assert_eq!(judged["dead"]["B"], serde_json::json!(["ca"]));
    assert_eq!(judged["dead"]["W"], serde_json::json!(["gf"]));
    let after = &judged["after_fill"];
    // Rows a and b are White's, e to g Black's; the frame beyond row g
    // (the 13x13 square a rectangular board lies in) holds no point.
    assert_eq!(after["territory"]["B"], 39);
    assert_eq!(after["territory"]["W"], 26);
    assert_eq!(after["dame"], 0);
    assert_eq!(judged["diagram"].as_array().unwrap().len(), 1 + 7);

    let scores = json_lines(&lanke(&["score", "--json", "--komi", "record"], &record()));
    assert_eq!(scores.len(), 21, "every family is defined on any board");
    let margin = |family: &str| {
        scores
            .iter()
            .find(|s| s["family"] == family)
            .unwrap_or_else(|| panic!("{family}"))["margin"]
            .as_f64()
            .unwrap()
    };
    // Territory and prisoners: 39 + 1 against 26 + 1; area: 52 against 39,
    // and in stones Black's 52 against half of the 91 points.
    assert_eq!(margin("japanese"), 13.0);
    assert_eq!(margin("chinese"), 13.0);
    assert_eq!(margin("ming-qing"), 52.0 - 45.5);
}

#[test]
fn a_rectangular_record_goes_through_batch_with_its_shape() {
    let dir = common::scratch("shapes", "batch");
    common::batch(&record(), &dir, &[]);
    let mut games = csv::Reader::from_path(dir.join("games.csv")).unwrap();
    let headers = games.headers().unwrap().clone();
    let row = games.records().next().unwrap().unwrap();
    let field = |name: &str| row[headers.iter().position(|h| h == name).unwrap()].to_string();
    assert_eq!(field("status"), "ok");
    assert_eq!((field("size"), field("height")), ("13".into(), "7".into()));
    assert_eq!(field("dead_b"), "1");
    assert_eq!(field("dead_w"), "1");
    let scores = csv::Reader::from_path(dir.join("scores.csv"))
        .unwrap()
        .records()
        .count();
    assert_eq!(scores, 21);
    std::fs::remove_dir_all(&dir).unwrap();
}
