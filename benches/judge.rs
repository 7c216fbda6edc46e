//! The built-in judge and the whole per-game pipeline on CWI final
//! positions: 1,200 finished 19x19 games (counted results), taken in
//! archive order from the embedded archive. (With 400 the two-core figure
//! was held down by the last slow games of each iteration, 1.46x, while a
//! real batch run of 8,015 games took 30.8 s on one job and 15.7 s on two,
//! 1.97x; 1,200 games give 1.84x.)
//!
//! - `judge`: positions/s of the built-in judge alone, one core
//!   (issue 3 target: 2,000/s; GNU Go needs over a second per position).
//! - `pipeline`: decode + parse + replay + judge + all 20 families, one core
//!   and two cores (issue 5 targets: 1,000 games/s per core, 1.8x on 2 cores).
//!
//! Run: `cargo bench -p lanke-judge --bench judge`.
//!
//! It allocates through mimalloc, as the `lanke` binary does, so that the
//! figures are the product's.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lanke_judge::{judge, judge_final, JudgeOptions, StatusSource};
use lanke_rules::{score, KomiMode, FAMILIES};
use lanke_sgf::Color;
use rayon::prelude::*;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn finished_games() -> Vec<&'static [u8]> {
    lanke_testdata::cwi()
        .values()
        .filter(|bytes| {
            let f = lanke_sgf::load_collection(bytes, None);
            f.games.len() == 1
                && f.games[0].as_ref().is_ok_and(|g| {
                    g.size == 19
                        && g.info
                            .result
                            .as_deref()
                            .is_some_and(|r| r.len() > 2 && r.as_bytes()[2].is_ascii_digit())
                })
        })
        .take(1200)
        .map(Vec::as_slice)
        .collect()
}

fn pipeline(bytes: &[u8]) -> f64 {
    let mut total = 0.0;
    for g in lanke_sgf::load_collection(bytes, None)
        .games
        .iter()
        .flatten()
    {
        let r = lanke_board::replay(g);
        let j = judge_final(g, &r, &StatusSource::Builtin, &JudgeOptions::default());
        let q = lanke_rescore::readings::quantities(&r, &j, g.info.handicap.stones);
        for f in &FAMILIES {
            total += score(f, &q, KomiMode::Native).margin;
        }
    }
    total
}

fn benches(c: &mut Criterion) {
    let games = finished_games();
    let positions: Vec<(lanke_board::Board, Color)> = games
        .iter()
        .flat_map(|b| lanke_sgf::load_collection(b, None).games)
        .flatten()
        .map(|g| {
            let r = lanke_board::replay(&g);
            let to_move = lanke_board::next_to_move(&g, &r);
            (r.board, to_move)
        })
        .collect();
    let mut group = c.benchmark_group("cwi-finished");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("judge, one core", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|(board, to_move)| {
                    judge(
                        board,
                        *to_move,
                        None,
                        &StatusSource::Builtin,
                        &JudgeOptions::default(),
                    )
                    .fills
                    .len()
                })
                .sum::<usize>()
        });
    });
    group.bench_function("pipeline, all families, one core", |b| {
        b.iter(|| games.iter().map(|g| pipeline(g)).sum::<f64>());
    });
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("pool");
    group.bench_function("pipeline, all families, two cores", |b| {
        b.iter(|| two.install(|| games.par_iter().map(|g| pipeline(g)).sum::<f64>()));
    });
    group.finish();
}

criterion_group!(judge_benches, benches);
criterion_main!(judge_benches);
