//! Records played out to the last moves, whose final positions hold
//! groups the playouts cannot settle: the players' own play (neither
//! resigned) weighs the readings the board alone leaves open. Each case
//! names the groups in doubt and the readings' figures; the kept one is
//! the record's counted result (checked by `lanke eval`).

mod common;

use common::{judged_cwi as judged, pts};
use lanke_judge::{AlternativeKind, Basis, Judgement};
use lanke_sgf::Color;

/// Black's area margin after the filling, less the komi.
fn area_margin(j: &Judgement, komi: f64) -> f64 {
    let a = &j.after_fill;
    f64::from(a.area(Color::Black)) - f64::from(a.area(Color::White)) - komi
}

/// Yucho 3, game P09 (komi 6.5, recorded B+1.5): White's eleven stones
/// on Black's lower right side (nk-qp) are unsure, at confidence 0.12.
/// Read alive, they leave Black's side open and the count is W+41.5, a
/// game Black would have resigned rather than fill the dame; read dead,
/// it is B+1.5, the record. The players' play keeps the close reading;
/// the far one stays an open alternative.
#[test]
fn a_game_played_out_keeps_the_reading_that_makes_it_close() {
    let j = judged("games/Yucho/03/P09.sgf");
    assert!(j.confidence < 0.5, "{}", j.confidence);
    assert_eq!(j.basis, Basis::GameKeptClose);
    assert_eq!(j.dead[0], pts(&["he", "if", "nc", "og"]));
    assert_eq!(
        j.dead[1],
        pts(&["dq", "nk", "no", "ok", "oo", "pk", "pm", "pn", "pp", "qk", "qm", "qp", "rf"])
    );
    assert_eq!(j.after_fill.territory, [82, 79]);
    assert!(area_margin(&j, 6.5).abs() < 15.0);
    assert!(j.alternatives.iter().any(|a| {
        a.kind == AlternativeKind::OpenFor(Color::White) && area_margin(&a.judgement, 6.5) < -25.0
    }));
}

/// Samsung Cup 20, game P06 (komi 6.5, recorded B+6.5): Black's lone
/// stone at df on White's left side is open at confidence 0.00. Read
/// alive, it keeps White's side from closing and the count is B+28.5;
/// read dead, White's side is territory and the count is the record's.
/// The margin a player would have resigned over names the reading.
#[test]
fn an_unsure_stone_is_dead_when_its_life_would_end_the_game_by_far() {
    let j = judged("games/Samsung/20/P06.sgf");
    assert!(j.confidence < 0.5, "{}", j.confidence);
    assert_eq!(j.basis, Basis::GameKeptClose);
    assert_eq!(j.dead[0], pts(&["df", "hb", "ib", "rr"]));
    assert_eq!(j.dead[1].len(), 14);
    assert_eq!(j.after_fill.territory, [57, 64]);
    assert!(j.alternatives.iter().any(|a| {
        a.kind == AlternativeKind::OpenFor(Color::Black) && area_margin(&a.judgement, 6.5) >= 25.0
    }));
}

/// Honinbo 69, game Q26 (komi 6.5, recorded B+1.5): open chains of both
/// colours at confidence 0.06 — Black's twenty stones on the left side,
/// White's in the centre and White's lower right group. Read as judged
/// (the lower right group alive) the count is W+54.5; all open chains
/// read in Black's favour or in White's, the game stays lost by far. Only
/// the lower right group read alone in Black's favour — dead, a group in
/// doubt doubted whole — makes it close: B+1.5, the record.
#[test]
fn one_unsure_group_read_alone_can_make_the_game_close() {
    let j = judged("games/Honinbo/69/Q26.sgf");
    assert!(j.confidence < 0.5, "{}", j.confidence);
    assert_eq!(j.basis, Basis::GameKeptClose);
    assert_eq!(j.dead[0].len(), 20);
    let lower_right = pts(&[
        "jp", "kp", "kq", "lq", "lr", "mp", "mr", "ms", "np", "op", "pn", "po", "qm", "qo", "rm",
        "rp",
    ]);
    for p in &lower_right {
        assert!(j.dead[1].contains(p), "{p:?} dead");
    }
    assert_eq!(j.dead[1].len(), 27);
    assert_eq!(j.after_fill.territory, [85, 83]);
    assert!(j.alternatives.iter().any(|a| {
        a.kind == AlternativeKind::OpenFor(Color::White) && area_margin(&a.judgement, 6.5) <= -25.0
    }));
}

/// Kisei 46, game FT22 (komi 6.5, recorded B+6.5): White's lone stone at
/// dc in Black's upper-left corner splits the playouts evenly (confidence
/// 0) and was kept alive; the dame filling then built it a nine-stone
/// group in the corner, White's stones filling the points around it (the
/// count W+8.5). Players filling the dame build no group: read dead, the
/// corner is Black's territory and the count is the record's. The first
/// reading stays an open one in White's favour.
#[test]
fn a_filling_that_builds_a_group_is_read_the_other_way() {
    let j = judged("games/Kisei/46/FT22.sgf");
    assert_eq!(j.basis, Basis::NoGroupBuilt);
    assert!(j.dead[1].contains(&pts(&["dc"])[0]), "{:?}", j.dead[1]);
    assert_eq!(j.after_fill.territory, [68, 51]);
    assert!(j
        .fills
        .iter()
        .all(|f| f.color == Color::Black || f.point.y > 2 || f.point.x > 4));
    // The corner White's, Black's territory falls by 15 points or more.
    assert!(j.alternatives.iter().any(|a| {
        a.kind == AlternativeKind::OpenFor(Color::White)
            && a.judgement.after_fill.territory[0] + 15 <= j.after_fill.territory[0]
    }));
}

/// Cho Chikun's game of 2011-08-04 (komi 6.5, recorded B+4.5): White's
/// lone stone at be in Black's upper-left corner and Black's five stones
/// at bf below it are open (confidence 0.12 to 0.16). Read with be alive,
/// the corner's points are dame and White's fills at aa, ab and bb make a
/// chain of three there, in seki with Black's corner group (W+18.5).
/// Players filling the dame build no group: read the other way, be is
/// dead, Black's corner and its five stones live, and the dead stones are
/// GNU Go's (fc; be, il, pa, pc, qc, rd): B+4.5, the record.
#[test]
fn a_chain_of_three_fills_in_seki_is_a_group_built() {
    let j = judged("games/Cho_Chikun/2011-08-04.sgf");
    assert_eq!(j.basis, Basis::NoGroupBuilt);
    assert_eq!(j.dead[0], pts(&["fc"]));
    assert_eq!(j.dead[1], pts(&["be", "il", "pa", "pc", "qc", "rd"]));
    assert_eq!(j.after_fill.territory, [91, 83]);
    assert_eq!(j.after_fill.seki_eyes, [0, 0]);
    // The first reading, White's, stays open: its corner seki leaves
    // Black's territory 10 points short or more.
    assert!(j.alternatives.iter().any(|a| {
        a.kind == AlternativeKind::OpenFor(Color::White)
            && a.judgement.after_fill.territory[0] + 10 <= j.after_fill.territory[0]
    }));
}

/// Samsung Cup 4, game 7 (komi 6.5, recorded B+7.5, five dame left):
/// White's eight stones at sm-so and the stones at ro-rr and sj on
/// Black's right side are short of eye space, unsure in the playouts
/// (confidence 0.25 to 0.28); kept alive, the filling grows them into a
/// group there. Read dead, as the record counts them: B+7.5.
#[test]
fn stones_the_filling_would_grow_into_a_group_are_dead() {
    let j = judged("games/Samsung/04/7.sgf");
    assert_eq!(j.basis, Basis::NoGroupBuilt);
    for p in pts(&["sm", "sn", "so", "ro", "rp", "rq", "rr", "sj"]) {
        assert!(j.dead[1].contains(&p), "{p:?}");
    }
    assert_eq!(j.after_fill.territory, [81, 82]);
}
