//! The source-facing commands on real records: `lanke verify` on the Song
//! records (every figure 烂柯图 and 金花椀图 state, RE and the GoGoD
//! group-tax lines, is reproduced; a disagreement fails unless
//! `--report-only`), the 天弈 games scored with their bids, and
//! `lanke tianyi-opening` from grabs and against the 17x17 records.

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

/// The 17 天弈 games of the CWI archive are scored under tianyi with the
/// komi their players bid (GC "... bid 4.5 and Golaxy bid 6.5, so the
/// latter got B"), converted to the family's unit (stones: half a point).
#[test]
fn tianyi_games_are_scored_with_their_bids() {
    let members: Vec<String> = lanke_testdata::cwi()
        .keys()
        .filter(|k| k.starts_with("games/other_sizes/17x17/tianyi/"))
        .cloned()
        .collect();
    assert_eq!(members.len(), 17);
    let refs: Vec<&str> = members.iter().map(String::as_str).collect();
    let dir = write_records("tianyi", &refs);
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(["score", "--json", "--rules", "tianyi"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 17);
    let komi_of = |file: &str| -> f64 {
        let row = rows
            .iter()
            .find(|r| r["game"].as_str().unwrap().ends_with(&format!("/{file}#0")))
            .unwrap();
        assert!(
            row["note"].as_str().unwrap().contains("winning bid"),
            "{row}"
        );
        row["komi"].as_f64().unwrap()
    };
    assert_eq!(komi_of("1.sgf"), 6.5 / 2.0, "Golaxy bid 6.5 and took Black");
    assert_eq!(komi_of("7.sgf"), -1.5 / 2.0, "a negative bid: White gives");
    assert_eq!(
        komi_of("17.sgf"),
        9.5 / 2.0,
        "Wang Yixin bid 9.5 and took Black"
    );
}

#[test]
fn tianyi_opening_from_grabs_and_checked_against_the_records() {
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(["tianyi-opening", "--grabs", "1,9,9/8,11,20/2,3,4/3,5,6"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("sgf: (;GM[1]FF[4]SZ[19]RU[Tianyi]AW[jj]AB[ll]AW[gf]AB[ep])"),
        "{text}"
    );
    // The Golaxy 17x17 records place their first four stones Black first
    // (B, W, B, W), not in the seed's order W, B, W, B: every record is
    // reported, and the command fails.
    let dir = write_records("tianyi-check", &["games/other_sizes/17x17/tianyi/1.sgf"]);
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(["tianyi-opening", "--check"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(moves: Bei Wmm Bgk Wem): stone 1 is B (the rule places W)"),
        "{text}"
    );
}
