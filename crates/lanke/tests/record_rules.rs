//! A record that names no rule set is checked under the counting its komi
//! belongs to: 8 the Ing rules', 7.5 Chinese area counting's. The CWI
//! archive's Ing Cup and Chunlan Cup records carry no `RU`. A record that
//! then disagrees fails the run with one line on stderr.

use std::path::{Path, PathBuf};
use std::process::Command;

/// CWI records written to a scratch directory of their own, `edit`ed.
fn scratch(tag: &str, members: &[(&str, &str)], edit: impl Fn(String) -> String) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-rules-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (member, name) in members {
        let text = String::from_utf8_lossy(lanke_testdata::cwi_file(member)).into_owned();
        std::fs::write(dir.join(name), edit(text)).unwrap();
    }
    dir
}

/// `lanke verify` on `dir` (with backtraces asked for, as a developer's
/// shell may): whether it succeeded, its table and its stderr.
fn verify(dir: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("verify")
        .arg(dir)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("lanke runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The row of `verify`'s table for the game `game`.
fn row<'a>(table: &'a str, game: &str) -> &'a str {
    table
        .lines()
        .find(|l| l.contains(game))
        .unwrap_or_else(|| panic!("no row for {game} in\n{table}"))
}

/// The 4th Ing Cup's record 20 (KM[8], RE[B+3]) and Chunlan 15 J04
/// (KM[7.5], RE[B+1.5]) agree under the Ing and Chinese counts; counted
/// the Japanese way both come a point short (B+2, B+0.5), and that is how
/// they are checked once `RU` names Japanese rules.
#[test]
fn the_komi_names_the_counting_a_record_leaves_unnamed() {
    let members = [
        ("games/Ing/04/20.sgf", "ing-4-20.sgf"),
        ("games/Chunlan/15/J04.sgf", "chunlan-15-j04.sgf"),
    ];
    let plain = scratch("plain", &members, |t| t);
    let (ok, table, _) = verify(&plain);
    assert!(ok, "{table}");
    let ing = row(&table, "ing-4-20");
    assert!(
        ing.contains(" ing ") && ing.contains("B by 3 points"),
        "{ing}"
    );
    assert!(ing.contains(" agree "), "{ing}");
    let chunlan = row(&table, "chunlan-15-j04");
    assert!(chunlan.contains(" chinese ") && chunlan.contains("B by 1.5 points"));
    assert!(chunlan.contains(" agree "), "{chunlan}");

    let named = scratch("named", &members, |t| {
        t.replacen("KM[", "RU[Japanese]KM[", 1)
    });
    let (ok, table, stderr) = verify(&named);
    // A disagreement is news for the user, one line, not a crash.
    assert!(!ok, "a disagreement exits 1");
    assert_eq!(
        stderr, "error: 2 statement(s) disagree with the rescoring\n",
        "{stderr}"
    );
    let ing = row(&table, "ing-4-20");
    assert!(
        ing.contains(" japanese ") && ing.contains("B by 2 points"),
        "{ing}"
    );
    assert!(ing.contains("contradicted by 1"), "{ing}");
    let chunlan = row(&table, "chunlan-15-j04");
    assert!(chunlan.contains("B by 0.5 points"), "{chunlan}");
    for dir in [plain, named] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// The time penalties an Ing Cup record awards at the move where they
/// fell count as its komi does: the 8th Cup's P03 ("Choi Cheolhan 2
/// Penalty and Lee Donghun +4.0.", Black Lee, RE[B+5]) and the 9th Cup's
/// 30 ("Ichiriki Ryo 1 Penalty and Xie Ke +2.0.", Black Xie, RE[B+3])
/// agree once the award is counted; with the statements taken out, their
/// boards count B+1 each, the award's points short. A game comment's
/// `8 komi, +2 time penalty` is a penalty the result may or may not
/// include: Ing Cup 1, A01 (RE[W+13], the board's W+11) includes it, and
/// is consistent with the count.
#[test]
fn a_stated_time_penalty_counts_as_komi() {
    let members = [
        ("games/Ing/08/P03.sgf", "ing-8-p03.sgf"),
        ("games/Ing/09/30.sgf", "ing-9-30.sgf"),
        ("games/Ing/01/A01.sgf", "ing-1-a01.sgf"),
    ];
    let stated = scratch("penalty", &members, |t| t);
    let (ok, table, _) = verify(&stated);
    assert!(ok, "{table}");
    let a01 = row(&table, "ing-1-a01");
    assert!(
        a01.contains("W by 11 points")
            && a01.contains(" consistent ")
            && a01.contains("+2 points to White"),
        "{a01}"
    );
    let p03 = row(&table, "ing-8-p03");
    assert!(
        p03.contains("B by 5 points") && p03.contains(" agree "),
        "{p03}"
    );
    let g30 = row(&table, "ing-9-30");
    assert!(
        g30.contains("B by 3 points") && g30.contains(" agree "),
        "{g30}"
    );

    let silent = scratch("no-penalty", &members, |t| {
        t.replace(" Penalty and ", " and ")
    });
    let (ok, table, _) = verify(&silent);
    assert!(!ok, "{table}");
    assert!(
        row(&table, "ing-8-p03").contains("B by 1 points"),
        "{table}"
    );
    assert!(row(&table, "ing-9-30").contains("B by 1 points"), "{table}");
    for dir in [stated, silent] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}
