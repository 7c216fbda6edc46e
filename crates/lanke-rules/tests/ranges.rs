//! The judged range of real records: a record's margin checked against
//! both move orders of the ending and against the chains the judge is
//! unsure of read either way.

mod common;

use lanke_judge::AlternativeKind;
use lanke_rules::{family, KomiMode, MarginRange, RecordCheck};
use lanke_sgf::Color;
use lanke_testdata::cwi_file;

/// The Japanese margin range of a CWI record's final position under its
/// own komi, and the kinds of its judgement's alternatives.
fn japanese_range(member: &str) -> (MarginRange, Vec<AlternativeKind>) {
    let (record, r, j) = common::judged(cwi_file(member));
    let komi = KomiMode::Record(record.info.komi.points.unwrap_or(0.0));
    let range =
        lanke_rescore::readings::readings(&r, &j, 0).range(family("japanese").unwrap(), komi);
    (range, j.alternatives.iter().map(|a| a.kind).collect())
}

/// Honinbo 2001 game 2 (RE B+0.5): the judge keeps the order that ends
/// B+1.5; the other order's ending gives the record's B+0.5, so the
/// record is consistent, and a result two points off either is
/// contradicted.
#[test]
fn a_record_the_other_move_order_gives_is_consistent() {
    let (range, kinds) = japanese_range("games/Honinbo/Title/Hon-2001-2.sgf");
    assert_eq!(kinds, [AlternativeKind::OtherOrder]);
    assert_eq!(range.point, 1.5);
    assert_eq!(range.sure, (0.5, 1.5));
    assert_eq!(range.open, range.sure);
    assert!(!range.single());
    assert_eq!(range.check(0.5), RecordCheck::Consistent);
    assert_eq!(range.check(-1.5), RecordCheck::Contradicted { by: 2.0 });
    assert_eq!(range.check(3.5), RecordCheck::Contradicted { by: 2.0 });
}

/// NKCh 1961 game 1 (RE B+6.5): the judge is unsure of Black's stones on
/// the right side (ok to sl, which GNU Go counts dead). Read alive they
/// make the game B+29.5, one White would have resigned rather than play
/// out, so the judgement reads them dead (B+3.5, B+4.5 with the other
/// move order) and keeps B+29.5 as the reading in Black's favour. The
/// record lies between: open, not contradicted.
#[test]
fn a_record_only_an_unsure_reading_gives_is_open() {
    let (range, kinds) = japanese_range("games/NKCh/Title/NKCh-1961-1.sgf");
    assert!(kinds.contains(&AlternativeKind::OpenFor(Color::Black)));
    assert_eq!(range.point, 3.5);
    assert_eq!(range.sure, (3.5, 4.5));
    assert_eq!(range.open, (3.5, 29.5), "{range:?}");
    assert_eq!(range.check(6.5), RecordCheck::Open);
    assert_eq!(range.check(31.5), RecordCheck::Contradicted { by: 2.0 });
}

/// Oza 69 game 9 (RE W+1.5) stops with 44 neutral points left before the
/// filling: more than a played-out game leaves. The judge reads W+51.5
/// (its White group at pp-ro read alive, which GNU Go reads dead, and the
/// two stones at qm-qn linked to it); what the unplayed ending would
/// have made of those 44 points the record cannot say, so each counted
/// for one colour widens the range by 44 on either side: the record is
/// contradicted by 6 points, not by 50.
#[test]
fn an_unfinished_record_is_open_over_its_neutral_points() {
    let (range, _) = japanese_range("games/Oza/69/9.sgf");
    assert_eq!(range.point, -51.5);
    assert_eq!(range.open, (-95.5, -7.5), "{range:?}");
    assert!(range.sure.0 >= -65.5 && range.sure.1 <= -40.5, "{range:?}");
    assert_eq!(range.check(-7.5), RecordCheck::Open);
    assert_eq!(range.check(-1.5), RecordCheck::Contradicted { by: 6.0 });
}
