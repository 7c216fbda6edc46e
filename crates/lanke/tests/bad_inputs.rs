//! The bad-input corpus (`tests/bad-inputs/`) and generated extremes, run
//! through the real `lanke replay --json`: no panic, no hang, one JSON line
//! per game (or per unreadable input), each error naming its cause.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bad-inputs")
        .join(name)
}

fn replay_json(paths: &[PathBuf]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("replay")
        .arg("--json")
        .args(paths)
        .output()
        .expect("lanke runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8(out.stdout)
        .expect("UTF-8 JSON")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

fn one(name: &str) -> Value {
    let mut v = replay_json(&[corpus(name)]);
    assert_eq!(v.len(), 1, "{name}: one row");
    v.remove(0)
}

fn error_of(v: &Value) -> &str {
    assert_eq!(v["status"], "error", "{v}");
    v["error"].as_str().expect("error text")
}

fn anomaly_kinds(v: &Value) -> Vec<&str> {
    v["anomalies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["kind"].as_str().unwrap())
        .collect()
}

#[test]
fn unreadable_files_are_one_error_row_each_naming_the_cause() {
    let empty = one("empty.sgf");
    assert!(error_of(&empty).contains("the file is empty"));
    // A game that could not be read has no board: neither dimension is
    // printed, not even as null.
    let fields = empty.as_object().unwrap();
    assert!(
        !fields.contains_key("size") && !fields.contains_key("height"),
        "{empty}"
    );
    assert!(error_of(&one("whitespace-only.sgf")).contains("only white space"));
    assert!(error_of(&one("binary-junk.sgf")).contains("no SGF game tree"));
    assert!(error_of(&one("board-too-large.sgf")).contains("SZ[52] is not supported"));
    assert!(error_of(&one("not-go.sgf")).contains("GM[2]"));
    let tgz = one("corrupt.tar.gz");
    assert!(tgz["game_id"].as_str().unwrap().contains("corrupt.tar.gz"));
    assert!(error_of(&tgz).contains("archive unreadable"));
    assert!(error_of(&one("corrupt.zip")).contains("invalid Zip archive"));
}

#[test]
fn damaged_records_keep_their_moves_and_are_flagged_lenient() {
    let t = one("truncated.sgf");
    assert_eq!(t["status"], "lenient");
    assert_eq!(t["info"]["black"], "Gu Shiyan");
    assert!(t["moves"]["W"].as_u64().unwrap() > 50);
    let issues = t["issues"].to_string();
    assert!(issues.contains("truncated"), "{issues}");

    let lower = one("lowercase-identifiers.sgf");
    assert_eq!(lower["status"], "lenient");
    assert_eq!(lower["moves"]["B"], 2);
    assert_eq!(lower["moves"]["W"], 1);
    assert!(lower["issues"]
        .to_string()
        .contains("all-lowercase identifier `b` read as `B`"));

    let junk = one("leading-junk.sgf");
    assert_eq!(junk["status"], "lenient");
    assert_eq!(junk["moves"]["W"], 1);

    let paren = one("unbalanced-parens.sgf");
    assert_eq!(paren["status"], "lenient");
    assert_eq!(paren["moves"]["B"], 1);
}

#[test]
fn illegal_moves_are_anomalies_with_move_numbers_and_replay_continues() {
    let v = one("illegal-moves.sgf");
    assert_eq!(v["status"], "ok");
    // 1 B cb takes the ko, 2 W bb retakes at once, 3 B bb lands on a stone,
    // 4 W dd, 5 B ee has no liberty and captures nothing: suicide.
    let a = &v["anomalies"];
    assert_eq!(anomaly_kinds(&v), ["ko-recapture", "occupied", "suicide"]);
    assert_eq!(a[0]["move_number"], 2);
    assert_eq!(a[1]["move_number"], 3);
    assert_eq!(a[2]["move_number"], 5);
    assert_eq!(a[2]["point"], "ee");
    assert_eq!(v["moves"]["B"], 3);
    assert_eq!(v["moves"]["W"], 2);
    // The suicided stone is credited to White, as NZ and Ing rules count it.
    assert_eq!(v["captures"]["W"], 2);
    assert_eq!(v["captures"]["B"], 1);

    let off = one("off-board-move.sgf");
    assert_eq!(anomaly_kinds(&off), ["off-board"]);
    assert_eq!(off["moves"]["W"], 0);
    assert_eq!(off["moves"]["B"], 2);

    let shared = one("two-moves-in-one-node.sgf");
    assert_eq!(anomaly_kinds(&shared), ["shared-node"]);
    assert_eq!(shared["moves"]["B"], 2);
    assert_eq!(shared["moves"]["W"], 1);
}

#[test]
fn names_come_out_right_in_every_encoding() {
    let gbk = one("missing-encoding-gbk.sgf");
    assert_eq!(gbk["info"]["black"], "黄龙士");
    assert_eq!(gbk["info"]["result"], "和棋");
    assert_eq!(gbk["encoding_step"], "detected");
    let sjis = one("missing-encoding-shift-jis.sgf");
    assert_eq!(sjis["info"]["white"], "井上幻庵因碩");
    assert_eq!(sjis["encoding"], "Shift_JIS");
    let wrong = one("wrong-encoding-gbk-says-utf8.sgf");
    assert_eq!(wrong["info"]["black"], "聂卫平");
    assert!(wrong["encoding_note"]
        .as_str()
        .unwrap()
        .contains("CA[UTF-8] overruled"));
}

#[test]
fn extremes_do_not_overflow_or_exhaust() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-extremes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A 100,000-move line.
    let long = dir.join("long-line.sgf");
    let mut s = String::from("(;GM[1]SZ[19]");
    for i in 0..100_000u32 {
        let (c, x, y) = (
            if i % 2 == 0 { 'B' } else { 'W' },
            (i % 19) as u8,
            ((i / 19) % 19) as u8,
        );
        s.push_str(&format!(
            ";{c}[{}{}]",
            (b'a' + x) as char,
            (b'a' + y) as char
        ));
    }
    s.push(')');
    std::fs::write(&long, &s).unwrap();
    // 100,000 nested variations.
    let deep = dir.join("deep-nesting.sgf");
    let mut d = String::from("(;GM[1]SZ[9]");
    d.push_str(&"(;B[aa]".repeat(100_000));
    d.push_str(&")".repeat(100_001));
    std::fs::write(&deep, &d).unwrap();
    // A file over the size limit (sparse: no 64 MiB written).
    let huge = dir.join("huge.sgf");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(lanke_input_limit() + 1)
        .unwrap();

    let rows = replay_json(&[long, deep, huge]);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["status"], "ok");
    assert_eq!(
        rows[0]["moves"]["B"].as_u64().unwrap() + rows[0]["moves"]["W"].as_u64().unwrap(),
        100_000
    );
    assert_eq!(rows[1]["status"], "ok");
    assert_eq!(rows[1]["moves"]["B"], 100_000);
    assert!(anomaly_kinds(&rows[1]).iter().all(|k| *k == "occupied"));
    assert!(error_of(&rows[2]).contains("over the"));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn lanke_input_limit() -> u64 {
    64 * 1024 * 1024
}

#[test]
fn stdin_takes_plain_sgf_and_archives() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(["replay", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lanke_testdata::cwi_file("games/ancient/old_chinese/2.sgf"))
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game_id"], "-#0");
    assert_eq!(v["moves"]["B"], 145);
    assert_eq!(v["captures"]["B"], 14);
    assert_eq!(v["captures"]["W"], 6);
    assert_eq!(v["first_player"], "W");
    assert_eq!(v["last_mover"], "B");
    assert_eq!(v["setup"]["B"], 2);
    assert_eq!(v["passes"]["W"], 0);
}
