//! Times the playouts alone on 1,200 CWI final positions and prints a
//! checksum of their ownership counts, so that a change to the playout
//! code is checked for identical results and timed in one run: the same
//! checksum means every count of every position is unchanged.
//!
//! The positions are the first 1,200 finished 19x19 games of the embedded
//! archive (a counted result), with the judge's frozen points (Benson's
//! sealed regions); each gets `PLAYOUTS` playouts (default 64), seeded by
//! its index. Only the playouts are timed, not the loading.
//!
//! Run: `cargo run --release -p lanke-judge --example playout_time [PLAYOUTS]`
//! (pin it with `taskset -c 1` and alternate two binaries to compare).
//! A tool for A/B runs, not a target: the targets live in `benches/`.

use lanke_judge::{ownership, pass_alive, sealed_empty_points};
use lanke_sgf::Color;
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let playouts: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    let mut positions = Vec::new();
    for bytes in lanke_testdata::cwi().values() {
        let f = lanke_sgf::load_collection(bytes, None);
        let Some(Ok(g)) = f.games.first() else {
            continue;
        };
        if g.size != 19
            || !g
                .info
                .result
                .as_deref()
                .is_some_and(|r| r.len() > 2 && r.as_bytes()[2].is_ascii_digit())
        {
            continue;
        }
        let r = lanke_board::replay(g);
        let to_move = lanke_board::next_to_move(g, &r);
        let sure = [Color::Black, Color::White].map(|c| pass_alive(&r.board, c));
        let frozen = sealed_empty_points(&r.board, &sure);
        positions.push((r.board, to_move, frozen));
        if positions.len() == 1200 {
            break;
        }
    }
    let start = Instant::now();
    let mut sum = 0u64;
    for (k, (board, to_move, frozen)) in positions.iter().enumerate() {
        let o = ownership(board, *to_move, playouts, k as u64, frozen);
        for i in board.points() {
            sum = sum.wrapping_mul(31).wrapping_add(
                u64::from(o.black[i]) * 3 + u64::from(o.white[i]) * 7 + u64::from(o.shared[i]),
            );
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{} positions x {playouts} playouts: {t:.3} s, checksum {sum:016x}",
        positions.len()
    );
}
#[allow(dead_code)]
fn stats() {}
