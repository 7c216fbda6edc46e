//! The main job as a user runs it: `lanke batch data/ --out DIR --quiet`
//! over the whole embedded archive (77,274 games: the CWI collection and
//! the classics), with one job and with two. Reports per run the wall
//! time, games/s (per core with one job) and the peak resident memory of
//! the `lanke` process (its `getrusage` maximum RSS). Issue 5's targets:
//! peak memory under 1 GiB for the full archive, 1.8x or better on two
//! cores. The criterion bench `judge` measures the per-core pipeline on
//! finished games alone; this one measures the real mix, where most games
//! are resigned or unfinished and skip the dame filling.
//!
//! A custom harness (not criterion): one run takes about a minute, and
//! criterion cannot read a child's memory. Each job count is run once,
//! its own process measured on its own.
//!
//! Run: `cargo bench -p lanke --bench batch` (under `cargo test` it only
//! says it is skipped).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use nix::sys::resource::{getrusage, UsageWho};

/// Peak resident memory of all children waited for so far, in bytes.
fn children_peak_rss() -> u64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    // Linux reports kilobytes.
    u64::try_from(usage.max_rss()).unwrap_or(0) * 1024
}

fn data_rows(games_csv: &PathBuf) -> usize {
    let text = std::fs::read_to_string(games_csv).expect("games.csv written");
    text.lines().count().saturating_sub(1)
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("batch bench: skipped (run it with `cargo bench -p lanke --bench batch`)");
        return;
    }
    let data = lanke_testdata::data_dir();
    let mut one_job_rate = None;
    for jobs in [1, 2] {
        let out =
            std::env::temp_dir().join(format!("lanke-bench-batch-{jobs}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let start = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_lanke"))
            .arg("batch")
            .arg(&data)
            .arg("--out")
            .arg(&out)
            .args(["--quiet", "--jobs", &jobs.to_string()])
            .status()
            .expect("lanke runs");
        let seconds = start.elapsed().as_secs_f64();
        assert!(status.success(), "lanke batch failed: {status}");
        // The maximum over the children waited for: after the first run
        // its own peak, after the second the larger of the two.
        let peak = children_peak_rss();
        let games = data_rows(&out.join("games.csv"));
        let rate = games as f64 / seconds;
        println!(
            "batch, whole embedded archive, {jobs} job(s): {games} games in {seconds:.1} s = {rate:.0} games/s ({:.0} per core); peak RSS so far {:.0} MiB",
            rate / f64::from(jobs),
            peak as f64 / (1024.0 * 1024.0)
        );
        match one_job_rate {
            None => one_job_rate = Some(rate),
            Some(one) => println!("two jobs against one: {:.2}x", rate / one),
        }
        let _ = std::fs::remove_dir_all(&out);
    }
}
