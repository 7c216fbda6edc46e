//! `lanke batch` on real records: deterministic whatever `--jobs`, resumable
//! after an interruption, and shardable, each time byte-identical to one
//! uninterrupted run; and every input game has its row.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{batch, lanke};

const FILES: [&str; 6] = [
    "games.csv",
    "scores.csv",
    "discrepancies.csv",
    "summary.csv",
    "datapackage.json",
    "run.json",
];

/// A small real corpus: the Song and Qing records, counted and resigned
/// modern games, five records whose moves the archive lost, the classics,
/// and the bad-input corpus. Written once per test process: the tests run
/// in parallel threads, and one of them must not read the corpus while
/// another is still writing it (a race that once made `--jobs 1` read a
/// half-written, empty file).
fn corpus() -> PathBuf {
    static CORPUS: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    CORPUS.get_or_init(write_corpus).clone()
}

fn write_corpus() -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-batch-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cwi = lanke_testdata::cwi();
    let mut n = 0;
    for (name, bytes) in cwi {
        let take = name.starts_with("games/ancient/old_chinese/")
            || (name.starts_with("games/Kisei/0") && n < 40)
            || name.starts_with("games/other_sizes/17x17/tianyi/")
            // Headers without moves (the archive lost them).
            || name.starts_with("games/Cho_Chikun/missing/Gos0");
        if take {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
            n += 1;
        }
    }
    let classics = lanke_testdata::data_dir().join("classics");
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-inputs");
    for (src, sub) in [(classics, "classics"), (bad, "bad")] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for e in std::fs::read_dir(src).unwrap() {
            let p = e.unwrap().path();
            // The SGF files, and for the bad inputs the corrupt archives too.
            if p.extension().is_some_and(|x| x == "sgf") || sub == "bad" {
                std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
            }
        }
    }
    dir
}

fn same_files(a: &Path, b: &Path) {
    for f in FILES {
        let (x, y) = (
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
        );
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

fn scratch(name: &str) -> PathBuf {
    common::scratch("batch", name)
}

#[test]
fn reports_are_identical_across_jobs_resume_and_shards() {
    let input = corpus();
    let one = scratch("jobs1");
    let one_svg = scratch("jobs1-svg");
    batch(
        &input,
        &one,
        &["--jobs", "1", "--svg", one_svg.to_str().unwrap()],
    );

    let two = scratch("jobs2");
    batch(&input, &two, &["--jobs", "2"]);
    same_files(&one, &two);

    let resumed = scratch("resume");
    batch(&input, &resumed, &["--jobs", "2", "--stop-after", "23"]);
    assert!(
        !resumed.join("games.csv").exists(),
        "an interrupted run publishes nothing"
    );
    let partial = std::fs::read_to_string(resumed.join(".lanke-partial/games.csv")).unwrap();
    assert_eq!(
        partial.lines().count(),
        24,
        "23 complete rows and the header"
    );
    batch(&input, &resumed, &["--jobs", "2", "--resume"]);
    same_files(&one, &resumed);

    let parts: Vec<PathBuf> = (1..=3).map(|k| scratch(&format!("shard{k}"))).collect();
    // Shards may hold their scores compressed or not: merge reads both.
    for (k, p) in parts.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let mut extra = vec!["--shard", shard.as_str()];
        if k > 0 {
            extra.push("--compress");
        }
        batch(&input, p, &extra);
    }
    assert!(parts[1].join("scores.csv.gz").exists() && !parts[1].join("scores.csv").exists());
    let merged = scratch("merged");
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    let merged_svg = scratch("merged-svg");
    args.extend([
        "--out",
        merged.to_str().unwrap(),
        "--svg",
        merged_svg.to_str().unwrap(),
    ]);
    lanke(&args);
    same_files(&one, &merged);
    // merge --svg draws the same pictures as the single run's --svg.
    let pictures = |d: &Path| {
        let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    };
    // Compressed, the scores are the same bytes once decompressed, and
    // the data package names the file written.
    let compressed = scratch("merged-gz");
    let mut args = vec!["merge", "--compress", "--out", compressed.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    lanke(&args);
    let mut scores = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(
            std::fs::File::open(compressed.join("scores.csv.gz")).unwrap(),
        ),
        &mut scores,
    )
    .unwrap();
    assert!(scores == std::fs::read(one.join("scores.csv")).unwrap());
    assert!(!compressed.join("scores.csv").exists());
    let package = std::fs::read_to_string(compressed.join("datapackage.json")).unwrap();
    assert!(
        package.contains("\"path\": \"scores.csv.gz\"")
            && package.contains("\"compression\": \"gz\"")
    );
    let drawn = pictures(&one_svg);
    assert!(!drawn.is_empty(), "the corpus has discrepancy games");
    assert!(
        drawn == pictures(&merged_svg),
        "merge --svg differs from batch --svg"
    );

    // One row per input game, ok or error, and the classics are judged.
    let games = std::fs::read_to_string(one.join("games.csv")).unwrap();
    let rows: Vec<&str> = games.lines().skip(1).collect();
    let errors = rows.iter().filter(|r| r.contains(",error,")).count();
    assert!(errors >= 7, "the bad inputs give error rows ({errors})");
    assert!(rows
        .iter()
        .any(|r| r.contains("bad/empty.sgf#0") && r.contains("the file is empty")));
    assert!(rows.iter().any(|r| r.contains("old_chinese/2.sgf#0")));
    // A record with a result but no moves (RE[W+6.5], Cho Chikun's 4th
    // Gosei preliminary of 1978) is an error row that says why, not an
    // empty board filled and scored.
    let lost = rows
        .iter()
        .find(|r| r.contains("Cho_Chikun/missing/Gos01.sgf#0"))
        .expect("the game without moves has its row");
    assert!(
        lost.contains(",error,") && lost.contains("no position to judge") && lost.contains("W+6.5"),
        "{lost}"
    );
    let scores = std::fs::read_to_string(one.join("scores.csv")).unwrap();
    assert!(
        !scores.contains("Cho_Chikun/missing/"),
        "no scores for a record without a position"
    );
    let lanke_tang_song = scores
        .lines()
        .find(|l| l.contains("old_chinese/2.sgf#0,tang-song,"))
        .expect("烂柯图 scored under tang-song");
    // Routes 18:17, margin 1, and every reading of the position gives 1,
    // whoever begins the ending.
    assert!(
        lanke_tang_song.contains(",18,17,1,1,1,1,1,B,"),
        "{lanke_tang_song}"
    );
}

#[test]
fn resume_refuses_other_settings() {
    let input = corpus();
    let out = scratch("refuse");
    batch(&input, &out, &["--stop-after", "3"]);
    let res = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args([
            "batch",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
            "--resume",
            "--rules",
            "japanese",
        ])
        .output()
        .unwrap();
    assert!(!res.status.success());
    assert!(String::from_utf8_lossy(&res.stderr).contains("other settings"));
}

/// The rows of one of a run's CSV files, as header → value maps.
fn csv_rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            header
                .iter()
                .zip(rec.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// The resigned games of the corpus are scored as mid-game estimates, and
/// summary.csv rates those estimates against the winner each record
/// states: the share is the one scores.csv gives, over the same games.
#[test]
fn summary_rates_the_resigned_games_estimates() {
    let out = scratch("estimates");
    batch(&corpus(), &out, &["--rules", "japanese"]);
    let games = csv_rows(&out.join("games.csv"));
    let unfinished: std::collections::HashSet<&str> = games
        .iter()
        .filter(|g| g["finished"] == "false")
        .map(|g| g["game_id"].as_str())
        .collect();
    let judged: Vec<&str> = games
        .iter()
        .filter(|g| g["finished"] == "false" && g["status"] == "ok")
        .map(|g| g["judge"].as_str())
        .collect();
    assert!(judged
        .iter()
        .all(|j| *j == "builtin (8 playouts, estimate, unfinished)"));
    let scores = csv_rows(&out.join("scores.csv"));
    let rated: Vec<&str> = scores
        .iter()
        .filter(|s| unfinished.contains(s["game_id"].as_str()))
        .map(|s| s["agrees_with_record"].as_str())
        .filter(|a| !a.is_empty())
        .collect();
    let yes = rated.iter().filter(|a| **a == "true").count();
    assert_eq!((yes, rated.len()), (27, 41));
    let summary = csv_rows(&out.join("summary.csv"));
    let row = summary
        .iter()
        .find(|r| {
            r["metric"] == "estimate_agreement_rate"
                && r["family"] == "japanese"
                && r["dimension"] == "all"
        })
        .expect("the estimates' rate");
    assert_eq!(row["games"], rated.len().to_string());
    let value: f64 = row["value"].parse().unwrap();
    assert!((value - yes as f64 / rated.len() as f64).abs() < 1e-9);
}

/// Two runs into one `--out` would interleave their rows: while one holds
/// the directory's lock, another is refused with a reason and writes
/// nothing; once the lock is free the run goes through, says what it
/// wrote where (games, errors, discrepancy rows: the classics give 12),
/// and leaves no lock file behind.
#[test]
fn a_second_run_into_a_locked_out_is_refused() {
    let classics = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/classics");
    let out = scratch("lock");
    std::fs::create_dir_all(&out).unwrap();
    let holder = std::fs::File::create(out.join(".lanke-lock")).unwrap();
    holder.lock().unwrap();
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_lanke"))
            .args([
                "batch",
                classics.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
            ])
            .output()
            .unwrap()
    };
    let refused = run();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        stderr.contains("another lanke run is writing into"),
        "{stderr}"
    );
    assert!(!out.join(".lanke-partial").exists() && !out.join("games.csv").exists());
    holder.unlock().unwrap();
    let done = run();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(done.status.success(), "{stderr}");
    let closing = format!(
        "17 games, 0 errors, 12 discrepancy rows, written to {}",
        out.display()
    );
    assert!(stderr.contains(&closing), "{stderr}");
    assert!(!out.join(".lanke-lock").exists());
}

/// Ctrl-C (SIGINT) stops a batch between chunks: exit status 130, the
/// partial files hold whole games only, and the message says how to go on.
#[test]
fn an_interrupted_batch_says_how_to_resume() {
    let archive = lanke_testdata::cwi_archive();
    let out = scratch("interrupt");
    let child = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args([
            "batch",
            archive.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "-j",
            "1",
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let partial = out.join(".lanke-partial/games.csv");
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&partial).map_or(0, |s| s.lines().count()) < 20 {
        assert!(
            started.elapsed().as_secs() < 120,
            "the batch never wrote a game"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("run the same command with --resume to continue"),
        "{stderr}"
    );
    let rows = csv_rows(&partial);
    assert!(rows.len() >= 19, "{} rows", rows.len());
    let _ = std::fs::remove_dir_all(&out);
}

/// Shards run with the record's komi merge into the files one such run
/// writes: merge reads the komi back from the shards' run.json (it decides
/// which games count as missing their komi in the discrepancies).
#[test]
fn shards_run_with_the_records_komi_merge_under_it() {
    let input = corpus();
    let one = scratch("komi-record");
    batch(&input, &one, &["--komi", "record"]);
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(one.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["komi"], "record");
    assert_eq!(run["judge"]["kind"], "builtin");
    assert_eq!(run["judge"]["playouts"], 64);
    assert_eq!(run["families"].as_array().unwrap().len(), 21);
    let parts: Vec<PathBuf> = (1..=2)
        .map(|k| scratch(&format!("komi-record-shard{k}")))
        .collect();
    for (k, p) in parts.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        batch(&input, p, &["--komi", "record", "--shard", shard.as_str()]);
    }
    let merged = scratch("komi-record-merged");
    let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    lanke(&args);
    same_files(&one, &merged);
    let discrepancies = std::fs::read_to_string(one.join("discrepancies.csv")).unwrap();
    assert!(
        discrepancies.contains(",komi unknown,"),
        "records without KM are told apart under the record's komi"
    );
}
