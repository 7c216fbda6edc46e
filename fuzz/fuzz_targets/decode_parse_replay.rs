//! Fuzz target: arbitrary bytes through decode, parse, record extraction and
//! replay. Any panic, overflow or hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let loaded = lanke_sgf::load_collection(data, None);
    for game in loaded.games.iter().flatten() {
        let r = lanke_board::replay(game);
        let counts = r.board.stone_counts();
        assert!(counts[0] + counts[1] <= u32::from(game.size) * u32::from(game.size));
        let _ = r.board.diagram();
    }
});
