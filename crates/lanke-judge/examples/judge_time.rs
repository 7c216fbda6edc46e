//! Times the built-in judge per position on the judge bench's 1,200 CWI
//! final positions and prints where the time goes (the slowest positions'
//! share) with a checksum of every judgement, so that a change meant to
//! be output-neutral is checked for identical judgements and timed in one
//! run: the same checksum means every judgement printed alike.
//!
//! Run: `cargo run --release -p lanke-judge --example judge_time [TOP]`
//! (pin it with `taskset -c 1` and alternate two binaries to compare; TOP
//! slowest positions are listed, default 10). `ONLY=part` keeps the
//! positions whose archive member name contains `part`, each judged
//! `REPEAT` times (default 1), to profile a few slow ones. Only the
//! judging is timed, not the loading or the checksum. A tool for A/B
//! runs, not a target: the targets live in `benches/`.

use lanke_judge::{judge, JudgeOptions, StatusSource};
use std::hash::{Hash, Hasher};
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let top: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut positions = Vec::new();
    for (name, bytes) in lanke_testdata::cwi() {
        let f = lanke_sgf::load_collection(bytes, None);
        if f.games.len() != 1 {
            continue;
        }
        let Some(Ok(g)) = f.games.first() else {
            continue;
        };
        let counted = g
            .info
            .result
            .as_deref()
            .is_some_and(|r| r.len() > 2 && r.as_bytes()[2].is_ascii_digit());
        if g.size != 19 || !counted {
            continue;
        }
        let r = lanke_board::replay(g);
        let to_move = lanke_board::next_to_move(g, &r);
        positions.push((name.clone(), r.board, to_move));
        if positions.len() == 1200 {
            break;
        }
    }
    if let Ok(only) = std::env::var("ONLY") {
        let repeat: usize = std::env::var("REPEAT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        positions.retain(|p| p.0.contains(&only));
        positions = positions
            .iter()
            .flat_map(|p| std::iter::repeat_n(p.clone(), repeat))
            .collect();
    }
    let mut times = Vec::with_capacity(positions.len());
    if positions.is_empty() {
        eprintln!("judge_time: no position to judge (ONLY matches no member)");
        std::process::exit(1);
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for (k, (_, board, to_move)) in positions.iter().enumerate() {
        let t = Instant::now();
        let j = judge(
            board,
            *to_move,
            None,
            &StatusSource::Builtin,
            &JudgeOptions::default(),
        );
        times.push((t.elapsed().as_secs_f64(), k));
        format!("{j:?}").hash(&mut hasher);
    }
    let total: f64 = times.iter().map(|t| t.0).sum();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    let share =
        |n: usize| times[..n.min(times.len())].iter().map(|t| t.0).sum::<f64>() / total * 100.0;
    println!(
        "{} positions: {total:.3} s, {:.1} positions/s, checksum {:016x}",
        positions.len(),
        positions.len() as f64 / total,
        hasher.finish()
    );
    println!(
        "slowest 12: {:.1}% of the time, 60: {:.1}%, 120: {:.1}%; median {:.2} ms",
        share(12),
        share(60),
        share(120),
        times[times.len() / 2].0 * 1e3
    );
    for &(t, k) in times.iter().take(top) {
        println!("{:8.1} ms  {k:4}  {}", t * 1e3, positions[k].0);
    }
}
