//! `lanke verify` on the Song records: every figure 烂柯图 and 金花椀图
//! state (RE and the GoGoD group-tax lines) is reproduced; a record whose
//! statement disagrees makes the command fail unless `--report-only`.

use std::process::Command;

fn write_records(tag: &str, members: &[&str]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lanke-verify-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for m in members {
        let name = m.rsplit('/').next().unwrap();
        std::fs::write(dir.join(name), lanke_testdata::cwi_file(m)).unwrap();
    }
    dir
}

fn verify(dir: &std::path::Path, extra: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("verify")
        .args(extra)
        .arg(dir)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn song_records_agree_with_every_stated_figure() {
    let dir = write_records(
        "song",
        &[
            "games/ancient/old_chinese/2.sgf",
            "games/ancient/old_chinese/3.sgf",
        ],
    );
    let (ok, table) = verify(&dir, &[]);
    assert!(ok, "{table}");
    for line in [
        "B: 37-9-10=18",
        "W: 45-22-6=17",
        "B: 52-6-6=40",
        "W: 51-6-6=39",
    ] {
        let row = table
            .lines()
            .find(|l| l.contains(line))
            .unwrap_or_else(|| panic!("{line} missing:\n{table}"));
        assert!(row.contains(" agree "), "{row}");
    }
    assert!(
        table.contains("6 statements: 6 agree, 0 disagree, 0 not checkable"),
        "{table}"
    );
}

#[test]
fn a_disagreement_fails_unless_report_only() {
    // 5.sgf (ca. 1000): the GC line gives White 58-7-8=43 and RE W+1; the
    // built-in judge is unsure of this position and finds B+1.
    let dir = write_records("five", &["games/ancient/old_chinese/5.sgf"]);
    let (ok, table) = verify(&dir, &[]);
    assert!(!ok, "{table}");
    assert!(table.contains("disagree"), "{table}");
    assert!(table.contains("judgement uncertain"), "{table}");
    let (ok, _) = verify(&dir, &["--report-only"]);
    assert!(ok);
}
