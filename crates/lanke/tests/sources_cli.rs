//! The source-facing commands on real records: `lanke verify` on the Song
//! records (every figure 烂柯图 and 金花椀图 state, RE and the GoGoD
//! group-tax lines, is reproduced; a disagreement fails unless
//! `--report-only`), the 天弈 games scored with their bids, and
//! `lanke tianyi-opening` from grabs and against the 17x17 records.

use std::process::Command;

fn write_records(tag: &str, members: &[&str]) -> std::path::PathBuf {
    let dir = scratch_dir(tag);
    for m in members {
        let name = m.rsplit('/').next().unwrap();
        std::fs::write(dir.join(name), lanke_testdata::cwi_file(m)).unwrap();
    }
    dir
}

/// A scratch directory holding one of the classics' transcriptions.
fn write_classic(tag: &str, name: &str) -> std::path::PathBuf {
    let dir = scratch_dir(tag);
    std::fs::write(dir.join(name), lanke_testdata::classic(name)).unwrap();
    dir
}

fn scratch_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-verify-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
        table.contains("6 statements: 6 agree, 0 consistent, 0 open, 0 disagree, 0 not checkable"),
        "{table}"
    );
}

#[test]
fn a_disagreement_fails_unless_report_only() {
    // DH08.sgf stops after 223 moves with 96 neutral points left; its RE
    // gives White the game by 13, and the unfinished position counts for
    // Black.
    let dir = write_records("dh08", &["games/ancient/old_chinese/DH08.sgf"]);
    let (ok, table) = verify(&dir, &[]);
    assert!(!ok, "{table}");
    assert!(table.contains(" disagree "), "{table}");
    assert!(table.contains("the record stops before the end"), "{table}");
    let (ok, _) = verify(&dir, &["--report-only"]);
    assert!(ok);
}

/// The row of `table` whose statement column holds `stated`.
fn row_with<'a>(table: &'a str, stated: &str) -> &'a str {
    table
        .lines()
        .find(|l| l.contains(stated))
        .unwrap_or_else(|| panic!("{stated} missing:\n{table}"))
}

/// 4.sgf (ca. 950, GoGoD's GC "B: 76-21-4=51, W: 58-9-6=43", RE B+8):
/// the record's moves are even, and Black's one protective move puts
/// White a move behind; dame are worth no route and need not be filled
/// (无路官子), so White balances on one of the twelve left and loses
/// nothing. Every figure agrees as stated.
#[test]
fn a_balancing_move_on_a_dame_costs_no_route() {
    let dir = write_records("four", &["games/ancient/old_chinese/4.sgf"]);
    let (ok, table) = verify(&dir, &[]);
    assert!(ok, "{table}");
    for stated in ["W: 58-9-6=43", "B: 76-21-4=51", "B by 8 "] {
        let row = row_with(&table, stated);
        assert!(row.contains(" agree ") && !row.contains(" — "), "{row}");
    }
}

/// 5.sgf (1094): GC "B: 55-9-4=42, W: 58-7-8=43 ... However, B can still
/// destroy the W center point", RE W+1. White fills its dame so that it
/// owes no protective move, and every part of both lines and the margin
/// agree.
#[test]
fn the_1094_group_tax_lines_agree_in_every_part() {
    let dir = write_records("five", &["games/ancient/old_chinese/5.sgf"]);
    let (ok, table) = verify(&dir, &[]);
    assert!(ok, "{table}");
    for stated in ["W by 1 ", "B: 55-9-4=42", "W: 58-7-8=43"] {
        assert!(row_with(&table, stated).contains(" agree "), "{table}");
    }
}

/// A line whose parts differ from the rescoring names each part: 5.sgf
/// with its White line edited to claim two more points of territory and
/// one stone fewer lost.
#[test]
fn a_group_tax_line_names_the_parts_that_differ() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-verify-edited-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = String::from_utf8_lossy(lanke_testdata::cwi_file("games/ancient/old_chinese/5.sgf"))
        .replace("W: 58-7-8=43", "W: 60-6-8=46");
    std::fs::write(dir.join("5-edited.sgf"), sgf).unwrap();
    let (ok, table) = verify(&dir, &[]);
    assert!(!ok, "{table}");
    let gc = row_with(&table, "W: 60-6-8=46");
    assert!(
        gc.contains("W: 58-7-8=43") && gc.contains(" disagree "),
        "{gc}"
    );
    assert!(gc.contains("territory 58 against 60"), "{gc}");
    assert!(gc.contains("stones lost 7 against 6"), "{gc}");
}

/// DH03 (1739) stops after 232 moves with 110 neutral points left: the
/// disagreement says the record is unfinished, and what an area count
/// without group tax gives.
#[test]
fn a_record_that_stops_early_is_named_as_unfinished() {
    let dir = write_records("dh03", &["games/ancient/old_chinese/DH03.sgf"]);
    let (_, table) = verify(&dir, &["--report-only"]);
    let re = row_with(&table, "B by 28");
    assert!(
        re.contains("the record stops before the end (110 neutral points left, 232 moves"),
        "{re}"
    );
    assert!(
        re.contains("an area count without group tax gives B by"),
        "{re}"
    );
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
            .find(|r| {
                r["game_id"]
                    .as_str()
                    .unwrap()
                    .ends_with(&format!("/{file}#0"))
            })
            .unwrap();
        assert!(
            row["note"].as_str().unwrap().contains("winning bid"),
            "{row}"
        );
        row["komi"].as_f64().unwrap()
    };
    // The bids are in stones (子), the family's unit: no conversion.
    assert_eq!(komi_of("1.sgf"), 6.5, "Golaxy bid 6.5 and took Black");
    assert_eq!(komi_of("7.sgf"), -1.5, "a negative bid: White gives");
    assert_eq!(komi_of("17.sgf"), 9.5, "Wang Yixin bid 9.5 and took Black");
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

/// Chinese archives often put the result in the first node's comment and
/// leave RE out: 烂柯图 written that way is checked as its RE was.
#[test]
fn a_result_in_the_root_comment_is_checked() {
    let dir = scratch_dir("root-comment");
    let text =
        String::from_utf8(lanke_testdata::cwi_file("games/ancient/old_chinese/2.sgf").to_vec())
            .unwrap();
    assert!(text.contains("RE[B+1]"));
    let moved = text.replacen("RE[B+1]", "C[白先黑胜一路]", 1);
    std::fs::write(dir.join("lanke-root-comment.sgf"), moved).unwrap();
    let (ok, table) = verify(&dir, &[]);
    assert!(ok, "{table}");
    let row = row_with(&table, "B by 1");
    assert!(
        row.starts_with("C ") && row.contains("tang-song") && row.contains(" agree "),
        "{row}"
    );
    assert!(!table.contains("\nRE "), "{table}");
}

/// Qing records with no date (施定庵 and 徐星友 against 程兰如) are read
/// in the family of their era, which the four 座子 stones mark.
#[test]
fn undated_qing_games_with_zuozi_are_checked_under_group_tax() {
    let dir = write_records(
        "qing",
        &[
            "games/ancient/old_chinese/20.sgf",
            "games/ancient/old_chinese/21.sgf",
        ],
    );
    let (_, table) = verify(&dir, &["--report-only"]);
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("RE ")).collect();
    assert_eq!(rows.len(), 2, "{table}");
    for row in rows {
        assert!(row.contains("ming-qing") && row.contains("stones"), "{row}");
    }
}

/// A diagram's source states figures of the game it was drawn from (moves
/// each, kills, routes after the captures of play): on a position with
/// no moves they cannot be checked, and say so instead of disagreeing.
#[test]
fn a_diagram_leaves_figures_of_play_not_checkable() {
    let dir = write_classic("diagram", "lanke-paused.sgf");
    let (ok, table) = verify(&dir, &[]);
    assert!(ok, "{table}");
    for stated in ["B killed 22", "W killed 9", "B 18 routes", "290", "W first"] {
        let row = row_with(&table, stated);
        assert!(
            row.contains("not checkable") && row.contains("a diagram"),
            "{row}"
        );
    }
    assert!(table.contains(" 0 disagree"), "{table}");
}

/// 高部道平 vs 张乐山 (1910) from data/ as shipped: the transcription's
/// HA[2] and date make `verify` read the source's 白胜三子半 under Ming/Qing
/// counting, Black returning its two handicap stones (还白二子).
#[test]
fn the_two_stone_game_of_1910_reproduces_its_source_as_shipped() {
    let dir = write_classic("takabe", "takabe-zhang-legal.sgf");
    let (ok, table) = verify(&dir, &[]);
    assert!(ok, "{table}");
    let row = row_with(&table, "W by 3.5 ");
    assert!(
        row.contains("ming-qing") && row.contains("W by 3.5 stones") && row.contains(" agree "),
        "{row}"
    );
}
