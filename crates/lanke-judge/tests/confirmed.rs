//! Open chains the judgement's own ending confirms. A chain the playouts
//! leave below 0.5 is read the other way round too, and the range spans
//! both readings; where the board the ending leaves shows the statuses
//! hold — a few dead stones in the territory of groups that live by eye
//! space once they are taken, and the groups themselves alive so, or
//! joined by a protective move to a chain the judge is sure of — the
//! other reading is dropped and the range is the judgement's own. Larger
//! invasions, stones cut off only by the ending's own fills, and readings
//! the pipeline may replace, stay open.

mod common;

use common::{judged_cwi as judged, pts};
use lanke_judge::{AlternativeKind, Basis, Judgement, Status, OPEN_BELOW};
use lanke_sgf::Point;

fn open_alternatives(j: &Judgement) -> usize {
    j.alternatives
        .iter()
        .filter(|a| matches!(a.kind, AlternativeKind::OpenFor(_)))
        .count()
}

/// The chain standing on `at` in the judgement.
fn chain_at<'a>(j: &'a Judgement, at: &str) -> &'a lanke_judge::ChainInfo {
    let p = Point::from_sgf(at).unwrap();
    j.chains.iter().find(|c| c.stones.contains(&p)).unwrap()
}

/// Judan 6, game L05 (komi 5.5, recorded B+1.5): White's two stones at
/// ib and ic in Black's upper side are the position's only open chain,
/// dead at confidence 0.09. Taken off, they leave Black's upper group
/// alive by eye space on the filled board, so they are confirmed dead;
/// read alive, they made the range 28 points wide. The judgement is a
/// single count, the record's (territory 55 against 50 after filling).
#[test]
fn a_few_dead_stones_in_a_living_groups_territory_are_confirmed() {
    let j = judged("games/Judan/06/L05.sgf");
    assert_eq!(j.basis, Basis::AsJudged);
    assert_eq!(j.dead[0], pts(&[]));
    assert_eq!(j.dead[1], pts(&["ib", "ic"]));
    let stones = chain_at(&j, "ib");
    assert_eq!(stones.status, Status::Dead);
    assert_eq!(stones.confidence, OPEN_BELOW);
    assert_eq!(j.confidence, OPEN_BELOW);
    assert_eq!(open_alternatives(&j), 0);
    assert_eq!(j.after_fill.territory, [55, 50]);
}

/// Cho Chikun's game of 1977-11-27 (komi 5.5, recorded B+1.5): White's
/// lone stone at ab, beside Black's stones in the corner, is the only
/// open chain (alive at 0.34). The ending's protective move at aa joins
/// it to White's chain along the upper edge, which the judge is sure of,
/// so it is confirmed and the judgement reads no other way.
#[test]
fn a_chain_the_ending_joins_to_a_sure_one_is_confirmed() {
    let j = judged("games/Cho_Chikun/1977-11-27.sgf");
    assert_eq!(j.basis, Basis::AsJudged);
    assert_eq!(chain_at(&j, "ab").status, Status::Alive);
    assert_eq!(chain_at(&j, "ab").confidence, OPEN_BELOW);
    assert!(chain_at(&j, "ba").confidence > OPEN_BELOW);
    let aa = Point::from_sgf("aa").unwrap();
    assert!(j
        .fills
        .iter()
        .any(|f| f.point == aa && f.kind == lanke_judge::FillKind::Protective));
    assert_eq!(open_alternatives(&j), 0);
    assert_eq!(j.after_fill.territory, [71, 62]);
}

/// Hayago 24, game 4 (recorded B+4.5): fifteen Black stones lie dead in
/// White's upper area, and five White stones in Black's lower right. An
/// invasion of more than three stones may hold room for two eyes, which
/// the test does not read, so none of them is confirmed, nor the groups
/// around them that live only once they are taken: the judgement keeps
/// its open readings of both colours.
#[test]
fn a_larger_invasion_stays_open() {
    let j = judged("games/Hayago/24/4.sgf");
    assert_eq!(j.basis, Basis::AsJudged);
    assert_eq!(j.dead[0].len(), 15);
    assert_eq!(j.dead[1].len(), 9);
    for at in ["jc", "qm", "pc"] {
        assert!(chain_at(&j, at).confidence < OPEN_BELOW, "{at}");
    }
    assert_eq!(open_alternatives(&j), 4);
}

/// Yucho 3, game P09 (recorded B+1.5): the reading as judged makes it a
/// game lost by far, which the pipeline replaces by the reading of its
/// open chains that keeps it close. Such a reading confirms nothing: the
/// replacement is one of the open readings, and the far one stays open.
#[test]
fn a_reading_the_pipeline_replaces_confirms_nothing() {
    let j = judged("games/Yucho/03/P09.sgf");
    assert_eq!(j.basis, Basis::GameKeptClose);
    assert!(j.confidence < OPEN_BELOW, "{}", j.confidence);
    assert!(open_alternatives(&j) > 0);
}

/// Ryusei 8, game A17 (komi 5.5, recorded B+5.5, GNU Go's count too):
/// Black's two stones at gj–gk, open (dead at 0.03), stand between
/// White's stones above and beside them and Black's ik–jk. The ending
/// cuts them off with White's dame at hk and hj, and on that board they
/// sat in White's region; but the region is White's only through those
/// fills, so the ending confirms nothing: the stones stay open, and the
/// reading that keeps them alive (joined to ik, as GNU Go and the record
/// count them) stays among the judgement's readings.
#[test]
fn stones_the_endings_own_fills_cut_off_stay_open() {
    let j = judged("games/Ryusei/08/A17.sgf");
    let stones = chain_at(&j, "gj");
    assert_eq!(stones.status, Status::Dead);
    assert!(stones.confidence < OPEN_BELOW, "{}", stones.confidence);
    let hk = Point::from_sgf("hk").unwrap();
    assert!(j
        .fills
        .iter()
        .any(|f| f.point == hk && f.color == lanke_sgf::Color::White));
    let gj = Point::from_sgf("gj").unwrap();
    let alive_reading = j
        .alternatives
        .iter()
        .find(|a| a.kind == AlternativeKind::OpenFor(lanke_sgf::Color::Black))
        .expect("a reading in Black's favour");
    assert!(!alive_reading.judgement.dead[0].contains(&gj));
    // Two points of White's territory and two prisoners fewer: the
    // record's count, four points from the judgement's.
    assert_eq!(j.after_fill.territory, [57, 52]);
    assert_eq!(alive_reading.judgement.after_fill.territory, [57, 50]);
}
