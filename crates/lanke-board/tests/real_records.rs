//! Replay figures on the real records: the Song-dynasty classics in the CWI
//! archive, checked against the sources, and the whole archive's counts.

use lanke_board::{replay, AnomalyKind, Board, Cell, Replay};
use lanke_sgf::{load_collection, Color, Event, GameRecord, SetupOp};

fn game(bytes: &[u8]) -> GameRecord {
    let mut f = load_collection(bytes, None);
    assert_eq!(f.games.len(), 1);
    f.games.remove(0).expect("a go record")
}

/// The position a setup-only diagram describes.
fn diagram_position(record: &GameRecord) -> Board {
    let mut b = Board::new(record.size);
    for e in &record.events {
        if let Event::Setup {
            op: SetupOp::Add(c),
            point,
            ..
        } = e
        {
            b.put(*point, Cell::of(*c));
        }
    }
    b
}

#[test]
fn lanke_tu_replays_as_the_source_says() {
    let record = game(lanke_testdata::cwi_file("games/ancient/old_chinese/2.sgf"));
    assert!(record.info.handicap.zuozi, "four 座子 stones");
    assert_eq!(record.info.handicap.stones, 0);
    assert_eq!(record.info.result.as_deref(), Some("B+1"));
    let r: Replay = replay(&record);
    let t = &r.tally;
    assert_eq!(t.first_player, Some(Color::White), "白先");
    assert_eq!(t.moves, [145, 145], "145 moves each");
    assert_eq!(t.passes, [0, 0]);
    assert_eq!(t.setup, [2, 2]);
    // 黑杀白二十二子 = 14 during play + 8 dead at the end; 白杀黑九子 = 6 + 3.
    assert_eq!(t.captures, [14, 6]);
    assert_eq!(t.last_mover, Some(Color::Black));
    assert!(r.anomalies.is_empty());
    assert_eq!(r.moves.len(), 290, "共二百九十着");

    let paused = game(&lanke_testdata::classic("lanke-paused.sgf"));
    let expected = diagram_position(&paused);
    assert_eq!(
        r.board, expected,
        "final position equals 图一 point for point"
    );
    assert_eq!(r.board.stone_counts(), expected.stone_counts());
}

#[test]
fn jinhua_wan_tu_records_122_white_and_121_black_moves() {
    let record = game(lanke_testdata::cwi_file("games/ancient/old_chinese/3.sgf"));
    assert!(record.info.handicap.zuozi);
    assert_eq!(
        record.info.game_comment.as_deref(),
        Some("Territory - captured - group tax: B: 52-6-6=40, W: 51-6-6=39")
    );
    let r = replay(&record);
    assert_eq!(r.tally.first_player, Some(Color::White));
    // The source's 各一百二十二着 counts the balancing move Tang/Song counting
    // gives Black after White's last move; the record itself ends on White's 122nd.
    assert_eq!(r.tally.moves, [121, 122]);
    assert_eq!(r.tally.last_mover, Some(Color::White));
    assert_eq!(r.tally.captures, [3, 3]);
    assert!(r.anomalies.is_empty());
}

#[test]
fn seven_by_seven_example_is_a_setup_position() {
    let record = game(&lanke_testdata::classic("sevens-paused.sgf"));
    assert_eq!(record.size, 7);
    let r = replay(&record);
    assert_eq!(r.tally.setup, [20, 20]);
    assert_eq!(r.board.stone_counts(), [20, 20]);
    assert_eq!(record.info.player_to_move, Some(Color::Black), "PL[B]");
}

#[test]
fn the_whole_cwi_archive_replays_with_every_anomaly_accounted_for() {
    let mut games = 0;
    let mut lenient = 0;
    let mut no_moves = 0;
    let mut kinds = std::collections::BTreeMap::new();
    for (name, bytes) in lanke_testdata::cwi() {
        let f = load_collection(bytes, None);
        for g in &f.games {
            let g = g.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
            games += 1;
            lenient += usize::from(g.lenient());
            no_moves += usize::from(g.issues.contains(&lanke_sgf::RecordIssue::NoMoves));
            for a in replay(g).anomalies {
                *kinds.entry(a.kind.as_str()).or_insert(0) += 1;
                if let AnomalyKind::OffBoard(raw) = &a.kind {
                    panic!("{name}: unexpected off-board move {raw}");
                }
            }
        }
    }
    assert_eq!(games, 77_257);
    assert_eq!(lenient, 2);
    assert_eq!(no_moves, 316);
    let kinds: Vec<_> = kinds.into_iter().collect();
    assert_eq!(
        kinds,
        [("ko-recapture", 41), ("occupied", 57), ("suicide", 7)]
    );
}

/// `chain_liberties` (one walk) agrees with the chain's stones walked
/// separately, and with the liberty count `chain` gives, on every stone of
/// the final positions of the first 500 archive records.
#[test]
fn chain_liberties_agree_with_the_chain_walk_on_real_final_boards() {
    let by_walk = |b: &Board, i: usize| {
        let (stones, count) = b.chain(i);
        let mut libs: Vec<usize> = stones
            .iter()
            .flat_map(|&s| Board::neighbours(s))
            .filter(|&n| b.cell(n) == Cell::Empty)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        assert_eq!(libs.len(), count);
        libs
    };
    let mut stones = 0;
    for bytes in lanke_testdata::cwi().values().take(500) {
        let f = load_collection(bytes, None);
        for g in f.games.iter().flatten() {
            let b = replay(g).board;
            for i in b.points().filter(|&i| b.cell(i).color().is_some()) {
                assert_eq!(b.chain_liberties(i), by_walk(&b, i));
                stones += 1;
            }
        }
    }
    assert_eq!(stones, 96_053, "stones on those 500 final boards");
}
