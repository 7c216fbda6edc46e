//! `lanke eval --cut-ending K` through the real binary: only records played
//! to the last dame are kept, each judged again with its last K moves
//! removed, and the rows and summary say how many the judge still
//! reproduces.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

/// A scratch directory holding CWI records under their archive names.
fn scratch_with(members: &[&str], tag: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-eval-cut-{}-{tag}", std::process::id()));
    for member in members {
        let file = dir.join(member);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, lanke_testdata::cwi_file(member)).unwrap();
    }
    dir
}

/// `lanke eval DIR --cut-ending K --rows`: the summary and the rows, each
/// as column → value. The directory is removed.
fn eval_cut(members: &[&str], k: u32, tag: &str) -> (String, Vec<HashMap<String, String>>) {
    let dir = scratch_with(members, tag);
    let rows_csv = dir.join("rows.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("eval")
        .arg(&dir)
        .args(["--cut-ending", &k.to_string(), "--rows"])
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
    let rows = reader
        .records()
        .map(|row| {
            let row = row.unwrap();
            headers
                .iter()
                .zip(row.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), rows)
}

/// Meijin 38 Q15 (B+3.5, 255 moves) is played to the last dame; its last
/// two moves, White's O1 and Black's L12, are protective moves. With them
/// removed the judge plays both again and gives B+3.5. Agon Cup 3 game 9
/// leaves a dame at its end, so it is not measured.
#[test]
fn a_record_played_to_the_end_is_judged_again_without_its_last_moves() {
    let (stdout, rows) = eval_cut(
        &["games/Meijin/38/Q15.sgf", "games/Agon/03/9.sgf"],
        2,
        "two",
    );
    assert!(stdout.starts_with("all: 1/1 exact"), "{stdout}");
    assert!(
        stdout.contains(
            "records played to the last dame, exact as recorded: 1/1; of those, exact with the last moves cut: 1/1"
        ),
        "{stdout}"
    );
    // Cut by its two protective moves, the record leaves no dame.
    assert!(
        stdout.contains(
            "exact by neutral points left: 0–10: 1/1, 11–20: 0/0, 21–40: 0/0, over 40: 0/0"
        ),
        "{stdout}"
    );
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert!(row["game_id"].ends_with("Meijin/38/Q15.sgf#0"), "{row:?}");
    assert_eq!(row["dame_before_fill"], "0");
    assert_eq!(row["moves"], "253");
    assert_eq!(row["recorded"], "3.5");
    assert_eq!(row["rescored"], "3.5");
    assert_eq!(row["protective"], "2");
    assert_eq!(row["uncut_exact"], "true");
}
