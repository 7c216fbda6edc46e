//! Capturing races between groups, read out where the playouts leave the
//! wrong group dead: a live chain that can only join other chains as
//! short of liberties as itself fights the race with them, and loses it
//! with them; chains that share an eye space are a living group, not a
//! race; and a big chain of two liberties that tactics takes whoever
//! moves first is eaten by the group beside it. Walls without an eye do
//! not outlast an attacker chain with one, so the corner they hold is read;
//! a space that lives moving first and dies moving second lives, and its
//! owner owes the answer. A seki the playouts leave that a throw-in breaks
//! whoever moves first is no seki; one the joint reading confirms stays.
//! Stones the playouts give up that join a live group whoever moves
//! first live. A chain the playouts leave open beside one the races turn
//! alive is read against it, its one-point eye counted as a liberty. A
//! group lives by eating the few stones it shuts in. Stones shut in by an
//! eyeless chain short of liberties stand in seki with it, and stones with
//! one eye shut in by chains with one eye stand in seki with them; a race
//! with the walls is read past a throw-in, and past dead stones in atari
//! that the racing chain takes.

mod common;

use common::{judged_cwi as judged, protective_by, pts};
use lanke_judge::{Judgement, Status};
use lanke_sgf::{Color, Point};

/// The status of the chain standing on `at`.
fn status_at(j: &Judgement, at: &str) -> Status {
    let p = Point::from_sgf(at).unwrap();
    j.chains
        .iter()
        .find(|c| c.stones.contains(&p))
        .unwrap()
        .status
}

/// NK New 1p 49 (2015, no komi, recorded B+6): Black's 18 stones on the
/// upper side (hd, la-ld, ...) have five liberties against White's four
/// stones at ha-ic, with two, which can join White's two at jb-kb, with
/// four, by filling ib. Joined they keep four, none in an eye of their
/// own, and Black takes them whoever moves first, leaving an eleven-point
/// space on the edge. The playouts had Black's 18 dead and the count at
/// W+54; read as a race they live, White's six are dead, and the count
/// is B+6 as recorded (territory 46 : 49 and prisoners after the
/// filling), once Black adds a protective move at ia, beside White's
/// dead stones at ha-hc.
#[test]
fn a_chain_that_can_join_only_short_chains_loses_the_race_with_them() {
    let j = judged("games/NK/New1p/49.sgf");
    assert_eq!(status_at(&j, "hd"), Status::Alive);
    assert_eq!(status_at(&j, "ha"), Status::Dead);
    assert_eq!(status_at(&j, "kb"), Status::Dead);
    assert_eq!(
        j.dead[1],
        pts(&[
            "ej", "en", "fi", "gh", "gi", "gl", "gm", "gn", "ha", "hb", "hc", "ic", "jb", "kb",
            "rd"
        ])
    );
    assert!(j
        .fills
        .iter()
        .any(|f| f.color == Color::Black && f.point.to_sgf() == "ia"));
    assert_eq!(j.after_fill.territory, [46, 49]);
}

/// Old Meijin 5, game 8 (1966, komi 5, recorded W+2): White's chains in
/// the upper right corner (oa-ob, pc-qc, ra, sb, ...) join each other
/// through the empty points pa, qa and pb, an eye space of their own.
/// They are one living group, not chains short of liberties, so no race
/// is read against them: Black's stones there (lb to sd) stay dead, as
/// the players counted (the judgement, W+6, misses by four elsewhere).
#[test]
fn chains_sharing_an_eye_space_are_not_read_as_a_race() {
    let j = judged("games/OMeijin/05/08.sgf");
    assert_eq!(status_at(&j, "oa"), Status::Alive);
    assert_eq!(status_at(&j, "qc"), Status::Alive);
    assert_eq!(
        j.dead[0],
        pts(&[
            "bc", "lb", "lc", "mb", "mc", "md", "na", "nb", "ne", "ng", "oc", "od", "oe", "pe",
            "qd", "qe", "rd", "sc", "sd"
        ])
    );
}

/// Oza 1953, round 2 game c (komi 4.5, recorded B+4.5), one of the
/// failures that opened issue 31 (judged B+99.5): Black's eight stones in
/// White's lower left (ap-cr) have two liberties, as and bq, both shared
/// with White's two at aq-ar, so neither side can approach; but White
/// plays as, gives up its three stones, plays ar again in the space they
/// leave and takes the eight whoever moves first. White's 31 stones
/// around them, which the playouts called dead,
/// live by the space their taking leaves. The count is the record's.
#[test]
fn a_big_chain_lost_to_a_sacrifice_is_eaten_by_the_group_around_it() {
    let j = judged("games/Oza/01/Oza-1953-r2c.sgf");
    assert_eq!(status_at(&j, "cn"), Status::Alive);
    assert_eq!(status_at(&j, "bp"), Status::Dead);
    assert_eq!(
        j.dead[0],
        pts(&["ap", "bo", "bp", "br", "bs", "cp", "cq", "cr", "mb", "mc", "na", "nc", "ro"])
    );
    assert_eq!(j.after_fill.territory, [43, 32]);
}

/// Oteai 1968/257 (no komi, recorded W+3): White's ten stones on the
/// right edge (ra-rd, qb-qf, re, sd) have two liberties, sa and sc, beside
/// Black's lone stone at sb; Black sacrifices, throws in and takes them
/// whoever moves first, and Black's 27 stones beside them, called dead
/// by the playouts (W+96), live. Black's three stones at nh-oh, which the
/// playouts give up, join Black's right side at og or ph, whichever White
/// leaves, and live too: the count is W+4, GNU Go's, one point from the
/// record.
#[test]
fn a_big_chain_lost_to_a_throw_in_is_eaten() {
    let j = judged("games/Oteai/1968/257.sgf");
    assert_eq!(status_at(&j, "pc"), Status::Alive);
    assert_eq!(status_at(&j, "ra"), Status::Dead);
    assert_eq!(status_at(&j, "nh"), Status::Alive);
    assert_eq!(j.after_fill.territory, [38, 55]);
}

/// Agon Cup 25, game 4 (2018, komi 6.5, recorded W+0.5): Black's six
/// stones in the upper left corner (bc-be, cc, db, dc) hold an open edge
/// space (aa-ae, ba, cb) with White's stone at bb inside; White's wall
/// at da-ed keeps five liberties, three of them in its own eye space
/// (fa-fc, gc and ha around Black's dead stone at ga). Eyeless walls
/// cannot win a race against a chain with such an eye, so the carved
/// corner is read, and Black's six die whoever moves first (the playouts
/// left them alive at 0.03: B+20.5). The count is the record's.
#[test]
fn eyeless_walls_do_not_outlast_a_chain_with_an_eye() {
    let j = judged("games/Agon/25/4.sgf");
    assert_eq!(status_at(&j, "db"), Status::Dead);
    assert_eq!(status_at(&j, "bb"), Status::Alive);
    assert_eq!(
        j.dead[0],
        pts(&["bc", "bd", "be", "bl", "ca", "cc", "ck", "cl", "db", "dc", "ga"])
    );
    assert_eq!(j.after_fill.territory, [77, 63]);
}

/// NEC Cup 23, game 10 (2003, komi 6.5, recorded W+1.5): Black's stones
/// on the lower side (np-nr) and the lower right (rm ...) wall in one
/// space with White's two at rr-rs. Read out, that space lives with
/// Black moving first and dies with White moving first: in a finished
/// game Black answers White's attack, so Black lives, White's two are
/// dead, and the filling makes Black's protective moves there (ps, ss).
/// The playouts had Black's np-nr dead (W+10.5); the count is the
/// record's.
#[test]
fn a_group_that_dies_only_moving_second_lives_and_owes_its_answer() {
    let j = judged("games/NEC/23/10.sgf");
    assert_eq!(status_at(&j, "np"), Status::Alive);
    assert_eq!(status_at(&j, "rm"), Status::Alive);
    assert_eq!(status_at(&j, "rr"), Status::Dead);
    let black_protective = protective_by(&j, Color::Black);
    assert!(black_protective.contains(&"ps".to_string()));
    assert!(black_protective.contains(&"ss".to_string()));
    assert_eq!(j.after_fill.territory, [44, 40]);
}

/// NHK Cup 53, game 48 (komi 6.5, recorded B+3.5): White's ten stones in
/// the lower right corner (rn-ro, qp-sp, pq-qq, qr-rr, rs) and Black's two
/// at sq-sr share their only liberties, rq and ss; the playouts, which
/// never play a self-atari, leave it a seki (W+18.5). Read jointly,
/// Black's throw-in at ss, taken at rq, leaves White a straight three on
/// the edge that Black's stone at sr kills, whoever moves first: White's
/// ten are dead, as GNU Go reads them, and the count is the record's.
#[test]
fn a_throw_in_that_kills_breaks_the_playouts_seki() {
    let j = judged("games/NHK/53/48.sgf");
    assert_eq!(status_at(&j, "rn"), Status::Dead);
    assert_eq!(status_at(&j, "sq"), Status::Alive);
    for p in pts(&["pq", "qp", "qq", "qr", "rn", "ro", "rp", "rr", "rs", "sp"]) {
        assert!(j.dead[1].contains(&p), "{p:?}");
    }
    assert_eq!(j.after_fill.territory, [56, 52]);
    // The seki beside it in the centre (hg-ig with Black's fh group) is
    // read jointly too, and stands.
    assert_eq!(status_at(&j, "hg"), Status::Seki);
}

/// World Go Championship 2019, game P12 (komi 6.5, recorded B+2.5):
/// White's four stones at ba-bc in the upper left corner and Black's
/// thirteen around them share liberties at ad and bd, Black's lone stone
/// at ab standing in atari. Read jointly with Black's thirteen (they share
/// the area's liberties, so they are no wall), no chain of either colour
/// is taken whoever moves first: the seki GNU Go and the record keep
/// stands.
#[test]
fn a_seki_the_joint_reading_confirms_stands() {
    let j = judged("games/WC/2019/P12.sgf");
    assert_eq!(status_at(&j, "ba"), Status::Seki);
    assert_eq!(status_at(&j, "ca"), Status::Seki);
}

/// Judan 59, game 14 (komi 6.5, recorded B+1.5): White's eleven stones at
/// fc–ii, walled in by Black, join White's left side at ed, or through ee
/// and fe if Black blocks at ed (Black's fe is then a self-atari White
/// takes at eg). The playouts, which cut them off now and then, had them
/// dead (B+23.5); linked, they live, the dead stones are GNU Go's, and
/// the count is the record's.
#[test]
fn stones_with_two_ways_home_are_alive() {
    let j = judged("games/Judan/59/14.sgf");
    assert_eq!(status_at(&j, "fc"), Status::Alive);
    assert_eq!(status_at(&j, "ii"), Status::Alive);
    assert_eq!(j.dead[1], pts(&["fg", "or"]));
    assert_eq!(j.dead[0], pts(&["bi", "el", "fl", "gl", "qi", "ri", "rj"]));
    assert_eq!(j.after_fill.territory, [46, 42]);
}

/// Oteai 1982/37 (no komi, recorded B+6, White to move): White's five
/// corner stones at aa–bc share the eye at bb with White's four dead
/// stones at cb–ec and have liberties at ca, ad and bd; Black's fourteen
/// at cc–ci, which the playouts had dead, live by taking those four
/// (joined at ca to Black's live stones above). The corner's playouts
/// were read with Black's fourteen dead (alive 0.41: W+10). Read as a
/// race against the fourteen, the eye is one more liberty: White's
/// corner is taken whoever moves first (White's ae, ca or bb each one
/// move short), GNU Go's verdict. White's dame at de then leaves Black's
/// fourteen three liberties (ae, bd, be), and that race White moving
/// first wins: Black answers at ca, and the count is the record's B+6.
/// White's attack is read to its end in 100 to 150 positions once the
/// race reader looks first for a move that ends the race at once (200 to
/// 300 without that look), more than the filler's races once had (100:
/// the answer went uncharged, B+7).
#[test]
fn a_corner_with_one_eye_loses_its_race_to_a_chain_that_lives() {
    let j = judged("games/Oteai/1982/37.sgf");
    assert_eq!(status_at(&j, "cc"), Status::Alive);
    assert_eq!(status_at(&j, "aa"), Status::Dead);
    assert_eq!(status_at(&j, "cb"), Status::Dead);
    assert_eq!(protective_by(&j, Color::Black), vec!["ca".to_string()]);
    assert_eq!(j.after_fill.territory, [70, 74]);
}

/// Senko Cup 8 (2023, komi 6.5, recorded B+0.5, GNU Go's count too):
/// Black's sixteen stones in the upper left corner shut in White's ca–cb,
/// ab and bc (two, three and two liberties against Black's seven) in an
/// eight-point region of their own, walled by them and Black's lone stone
/// at ba. The playouts, which run the inner stones out and fill Black's
/// eye space, had the corner dead (0.625) and the count at W+52.5; taken,
/// the four leave Black an eye space that lives, GNU Go's verdict, and
/// the count is a point from the record's (B+1.5).
#[test]
fn a_corner_eats_the_stones_it_shuts_in() {
    let j = judged("games/Senko/08/11.sgf");
    assert_eq!(status_at(&j, "da"), Status::Alive);
    assert_eq!(status_at(&j, "ba"), Status::Alive);
    for inner in ["ca", "ab", "bc"] {
        assert_eq!(status_at(&j, inner), Status::Dead, "{inner}");
    }
    assert_eq!(j.after_fill.territory, [46, 39]);
}

/// NHK Cup 48 game 44 (2000, komi 5.5, recorded W+0.5, GNU Go's count
/// too; Black to move): Black's ga and hb–ib–ia stand inside White's
/// eyeless 24 stones at the top, which share fa, hc, ja and jb with them
/// and have three liberties of their own (fe, fg, ig), ig joining White's
/// eight at jg (liberties ig and lf). Read with White's stones safe, the
/// four are dead whoever moves first (White's fa, then filling: W+13.5).
/// But once Black fills White's outside liberties, starting with fg
/// (White's extension there would reach eg) and lf (White answers at
/// ig), filling a shared liberty is self-atari for White: moving first
/// Black keeps a seki, and every chain of the shape stands in it. The
/// count is the record's.
#[test]
fn stones_inside_an_eyeless_chain_short_of_liberties_stand_in_seki() {
    let j = judged("games/NHK/48/44.sgf");
    for seki in ["ea", "jg", "ga", "ia"] {
        assert_eq!(status_at(&j, seki), Status::Seki, "{seki}");
    }
    assert_eq!(j.dead[0], pts(&["bg", "pi", "qj", "sp"]));
    assert_eq!(j.after_fill.territory, [32, 25]);
}

/// Fujitsu Cup 22, Japanese preliminary final (2009, komi 6.5, recorded
/// W+2.5, GNU Go's count too): Black's sixteen stones at the top (ib to
/// kd, an eye at jd) sit inside White, but White's ten stones beside them
/// (kf to jj) have only jf and jg, shared with them, and the dame kj and
/// jk, which join them to White's 21 stones in the centre (kk to lp, an
/// eye at nl, walled by Black). One eye against one eye, with shared
/// liberties neither side can fill: a seki, GNU Go's list stone for
/// stone. Read with White's stones safe the sixteen were dead whoever
/// moves first (W+38.5); the check of the chains in their race had taken
/// in White's living top group too, which touches them but shares no
/// liberty with them, and given up past three chains.
#[test]
fn one_eye_against_one_eye_is_a_seki() {
    let j = judged("games/Fujitsu/22/J21.sgf");
    for seki in ["ib", "kd", "kf", "jj", "kk", "lp"] {
        assert_eq!(status_at(&j, seki), Status::Seki, "{seki}");
    }
    assert_eq!(status_at(&j, "kc"), Status::Alive);
    assert_eq!(j.dead[0], pts(&["be", "bg", "cd", "cf", "fr"]));
    assert_eq!(j.dead[1], pts(&["gi", "hn", "mi", "ni", "of"]));
    assert_eq!(j.after_fill.territory, [54, 44]);
}

/// Kisei 35, preliminary B final (2009, komi 6.5, recorded B+1.5; GNU Go
/// counts W+0.5 on the same seki): White's eight stones in the lower left
/// corner (ao to bs, one eye at bp) and Black's thirteen along the bottom
/// beside them (dp to js, liberties cs, es and gs, with White's dead
/// stone at fs between es and gs) stand in seki: White cannot fill es or
/// gs but into atari, and Black's cs only ataris White's bs. The walls'
/// race with Black's chain goes past White's dead stone, a throw-in the
/// reading plays (Black takes it); read with Black's chain safe, White's
/// corner was dead whoever moves first (B+22.5).
#[test]
fn a_throw_in_beside_the_race_leaves_the_corner_in_seki() {
    let j = judged("games/Kisei/35/R09.sgf");
    for seki in ["ao", "cp", "ar", "bs", "dp", "hr", "js"] {
        assert_eq!(status_at(&j, seki), Status::Seki, "{seki}");
    }
    assert_eq!(status_at(&j, "fs"), Status::Dead);
    assert_eq!(j.after_fill.territory, [77, 78]);
}

/// Honinbo 74, preliminary A (2018, komi 6.5, recorded B+4.5): Black's
/// eleven stones in the upper left corner (ad to ce) have two liberties,
/// bc and ae, beside White's dead left-side stones (af to be, one eye at
/// bf) and White's dead corner stones (ab, ac, ba). White's throw-in at bc
/// ataris them, but Black takes at aa (White's ba is in atari there) and
/// lives; White's ae would be self-atari (Black takes seven at bf). The
/// race read with the stones beside it that Black may take stays Black's:
/// White's stones there are dead, the count the record's.
#[test]
fn a_race_chain_takes_the_dead_stones_in_atari_beside_it() {
    let j = judged("games/Honinbo/74/Q18.sgf");
    assert_eq!(status_at(&j, "bd"), Status::Alive);
    for dead in ["af", "be", "ab", "ba"] {
        assert_eq!(status_at(&j, dead), Status::Dead, "{dead}");
    }
    assert_eq!(j.after_fill.territory, [50, 48]);
}
