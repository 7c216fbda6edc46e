//! `lanke judge` says why its judgement is the reading it is: as judged,
//! or a reading of the open chains a finished game's play calls for.

use std::path::PathBuf;
use std::process::Command;

/// A CWI record written to a scratch file of its own.
fn scratch(member: &str, tag: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-reading-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, lanke_testdata::cwi_file(member)).unwrap();
    file
}

/// The line of `text` that starts with `prefix`.
fn line_starting<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("a line starting {prefix:?} in:\n{text}"))
}

fn judge(file: &PathBuf, json: bool) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanke"));
    cmd.arg("judge").arg(file);
    if json {
        cmd.arg("--json");
    }
    let out = cmd.output().expect("lanke runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Yucho 3 P09 (B+1.5): read as judged, White's open stones on Black's
/// right side make it W+41.5, a game nobody plays out; the judgement is
/// the open chains read for Black, and both outputs say so. AJ1st 5 game
/// 6 is judged as it stands and says nothing more.
#[test]
fn the_reading_kept_for_a_game_played_out_is_named() {
    let close = scratch("games/Yucho/03/P09.sgf", "close");
    let plain = scratch("games/AJ1st/05/6.sgf", "plain");
    let j: serde_json::Value = serde_json::from_str(&judge(&close, true)).unwrap();
    assert_eq!(j["basis"], "game kept close");
    let text = judge(&close, false);
    let line = line_starting(&text, "reading: ");
    assert!(line.contains("trailing colour"), "{line}");
    let j: serde_json::Value = serde_json::from_str(&judge(&plain, true)).unwrap();
    assert_eq!(j["basis"], "as judged");
    assert!(!judge(&plain, false).contains("reading: "));
    for f in [close, plain] {
        std::fs::remove_dir_all(f.parent().unwrap()).unwrap();
    }
}

/// The text output and the JSON line name the chains left open. Hayago 24 game 4 keeps
/// Black's seven dead stones from jc down the upper side open (more than
/// three stones in White's area, which the ending does not confirm);
/// Judan 6 L05's only open chain, White's two dead stones at ib, is
/// confirmed by the ending, and the output names none. Each chain's JSON
/// entry names the stage that decided it: the playouts for jc, the
/// ending's confirmation for ib.
#[test]
fn the_chains_left_open_are_named() {
    let open = scratch("games/Hayago/24/4.sgf", "open");
    let settled = scratch("games/Judan/06/L05.sgf", "settled");
    let text = judge(&open, false);
    let line = line_starting(&text, "open (confidence below 0.5): ");
    assert!(line.contains("B 7 at jc (dead 0.34, playouts)"), "{line}");
    assert!(!judge(&settled, false).contains("open ("));
    let j: serde_json::Value = serde_json::from_str(&judge(&open, true)).unwrap();
    let jc = j["open"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["at"] == "jc")
        .expect("jc is open");
    assert_eq!(jc["color"], "B");
    assert_eq!(jc["stones"], 7);
    assert_eq!(jc["status"], "dead");
    assert_eq!(jc["reason"], "playouts");
    // Every chain is listed with the stage that decided it.
    let chains = j["chains"].as_array().unwrap();
    let jc = chains.iter().find(|c| c["at"] == "jc").unwrap();
    assert_eq!(
        (&jc["status"], &jc["reason"]),
        (&"dead".into(), &"playouts".into())
    );
    assert!(chains.iter().all(|c| c["reason"].is_string()));
    assert!(line_starting(&text, "decided by: ").contains("playouts"));
    let j: serde_json::Value = serde_json::from_str(&judge(&settled, true)).unwrap();
    assert_eq!(j["open"], serde_json::json!([]));
    let ib = j["chains"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["at"] == "ib")
        .unwrap();
    assert_eq!(
        (&ib["status"], &ib["reason"]),
        (&"dead".into(), &"confirmed".into())
    );
}

/// `lanke score` gives the result of each move order of the ending. AJ1st
/// 5 game 6 (W+2.5, komi 4.5) leaves 19 dame with Black to move: under
/// area counting the side that begins fills the odd one, so Black first
/// counts 182 : 179 (−1.5 after komi) and White first 181 : 180 (−3.5);
/// under Japanese counting dame are worth nothing and both orders give
/// the record's W+2.5.
#[test]
fn the_result_of_each_move_order_is_reported() {
    let file = scratch("games/AJ1st/05/6.sgf", "orders");
    let run = |json: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_lanke"));
        cmd.args(["score", "--komi", "record", "--rules", "japanese,chinese"])
            .arg(&file);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().expect("lanke runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let rows: Vec<serde_json::Value> = run(true)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let orders = |family: &str| {
        let r = rows.iter().find(|r| r["family"] == family).unwrap();
        (
            r["margin"].as_f64().unwrap(),
            r["margin_black_first"].as_f64().unwrap(),
            r["margin_white_first"].as_f64().unwrap(),
        )
    };
    assert_eq!(orders("japanese"), (-2.5, -2.5, -2.5));
    assert_eq!(orders("chinese"), (-1.5, -1.5, -3.5));
    let text = run(false);
    let chinese = line_starting(&text, "chinese ");
    assert!(chinese.contains("-1.5 / -3.5"), "{chinese}");
    let japanese = line_starting(&text, "japanese ");
    assert!(!japanese.contains(" / "), "{japanese}");
    std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
}

/// `lanke verify` names the move order that gives a record the judgement
/// misses. Gosei 27 T14 (B+4.5) ends with White to move; the ending White
/// begins, the one kept, counts B+3.5, and the one Black begins counts the
/// record's B+4.5: consistent, not a disagreement.
#[test]
fn verify_names_the_move_order_a_record_follows() {
    let file = scratch("games/Gosei/27/T14.sgf", "verify-order");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("verify")
        .arg(&file)
        .output()
        .expect("lanke runs");
    assert!(out.status.success(), "consistent is no disagreement");
    let text = String::from_utf8(out.stdout).unwrap();
    let line = line_starting(&text, "RE ");
    assert!(line.contains("consistent"), "{line}");
    assert!(
        line.contains("the ending begun by Black gives it (White first: 3.5)"),
        "{line}"
    );
    std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
}
