//! Decode + parse + replay throughput over the whole embedded CWI archive
//! (77,257 files, read into memory first so that gunzip and tar are not
//! measured). Target (issue 2): at least 25,000 games/s on one core; the
//! sgfmill baseline replays about 400 games/s.
//!
//! Run: `cargo bench -p lanke-board --bench replay`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn decode_parse_replay(c: &mut Criterion) {
    let files: Vec<&[u8]> = lanke_testdata::cwi().values().map(Vec::as_slice).collect();
    let mut group = c.benchmark_group("cwi");
    group.sample_size(10);
    group.throughput(Throughput::Elements(files.len() as u64));
    group.bench_function("decode+parse+replay, all 77,257 games, one core", |b| {
        b.iter(|| {
            let mut stones = 0u64;
            for bytes in &files {
                for game in lanke_sgf::load_collection(bytes, None)
                    .games
                    .iter()
                    .flatten()
                {
                    let r = lanke_board::replay(game);
                    stones += u64::from(r.board.stone_counts()[0]);
                }
            }
            stones
        });
    });
    group.finish();
}

criterion_group!(benches, decode_parse_replay);
criterion_main!(benches);
