//! How many protective moves the filling spends, from real records.
//! Chains the owner leaves short of liberties: a live chain standing
//! inside its own territory, every liberty a point of it, with only dead
//! opponent stones beside it. Taking it trades stones inside a territory
//! the dead stones cannot leave, so the players spend no protective move
//! on it, and the count charges none. A chain beside a live opponent
//! stone is still protected (`endings.rs`, FMeijin 20/W08). And a chain
//! in atari is saved by the move that leaves fewest chains in atari: one
//! capture of dead stones can save two chains. And a point where one
//! opponent stone would atari a chain and shorten another is protected.
//! And a live stone beside a territory, whose colour's next stone would
//! stand inside it (a push), is answered inside. And one move that answers
//! a shortage of liberties and keeps an eye space beside it is made once,
//! not as two moves. And an empty eye space whose walls the dame left no
//! liberty outside owes a move inside where the opponent moving first
//! would take the group.

mod common;

use common::{judged_cwi as judged, protective, protective_by, pts};
use lanke_sgf::Color;

/// Gosei 2002 title game 3 (komi 5.5, recorded W+3.5, no dame left):
/// White's upper-left corner holds eleven dead Black stones, and White's
/// two stones at ba–bb among them keep two liberties, aa and cb, both
/// inside the corner. Black could take them (at cb, then aa), or race
/// the dead stone at ab against them, but the corner stays White's and
/// Black's stones stay dead. The filling used to charge White three
/// protective moves there (aa, ac, ab: W+0.5); the record charges none.
#[test]
fn chains_among_dead_stones_inside_their_territory_need_no_protection() {
    let j = judged("games/Gosei/Title/Gos-2002-3.sgf");
    assert_eq!(
        j.dead[0],
        pts(&["ab", "bc", "bd", "bi", "ca", "cc", "db", "ea", "ec", "ed", "fd"])
    );
    assert!(j.fills.is_empty(), "{:?}", protective(&j));
    assert_eq!(j.after_fill.territory, [78, 73]);
}

/// Samsung Cup 19 (komi 6.5, recorded W+3.5, no dame left): Black's
/// thirteen dead stones in White's upper-left corner could atari White's
/// lone ae and the chain at bf together from af. White saves the chain
/// and gives up ae, a stone standing in its own territory among dead
/// stones; the filling used to answer with protective moves at aa, ca
/// and af (W+0.5).
#[test]
fn a_double_atari_on_a_chain_among_dead_stones_needs_no_protection() {
    let j = judged("games/Samsung/19/P08.sgf");
    assert_eq!(
        j.dead[0],
        pts(&["ac", "ba", "bd", "be", "cb", "cc", "cf", "cg", "db", "de", "dg", "ef", "qb"])
    );
    assert!(j.fills.is_empty(), "{:?}", protective(&j));
    assert_eq!(j.after_fill.territory, [65, 52]);
}

/// Cho Chikun 1992-07-20 (komi 5.5, recorded B+2.5): once Black fills
/// the dame at ji, White's twelve stones through gi and ii are in atari
/// at hi, beside Black's three dead stones fi, fj and gj, themselves in
/// atari at fk. Extending at hi saves the chain and leaves White a second
/// protective move at fk later; the capture at fk does both at once, as
/// GNU Go plays it. White's protective moves: four, not five (B+3.5
/// before).
#[test]
fn one_capture_of_dead_stones_saves_two_chains() {
    let j = judged("games/Cho_Chikun/1992-07-20.sgf");
    assert_eq!(
        j.dead[0],
        pts(&["ba", "bb", "bc", "cc", "dq", "dr", "fi", "fj", "gj"])
    );
    let white = protective_by(&j, Color::White);
    assert!(white.contains(&"fk".to_string()), "{white:?}");
    assert!(!white.contains(&"hi".to_string()), "{white:?}");
    assert_eq!(j.protective(), [1, 4]);
    assert_eq!(j.after_fill.territory, [47, 36]);
}

/// Kisei 49/C37 (komi 6.5, recorded W+2.5): once the dame around it are
/// filled, Black's stone at nf, joined to its dead stone at ng, would put
/// White's seven stones at ne in atari and leave the twelve at of two
/// liberties, and White could not save both. White protects at nf, as
/// GNU Go plays it and the record counts (W+3.5 without it).
#[test]
fn an_atari_that_also_shortens_a_second_chain_is_answered() {
    let j = judged("games/Kisei/49/C37.sgf");
    assert_eq!(j.dead[0], pts(&["em", "mh", "ng"]));
    let white = protective_by(&j, Color::White);
    assert!(white.contains(&"nf".to_string()), "{white:?}");
    assert_eq!(j.protective(), [1, 3]);
    assert_eq!(j.after_fill.territory, [59, 55]);
}

/// Kisei 2014 title game 1 (komi 6.5, recorded W+0.5, eleven dame left):
/// White's fill at sj stands beside Black's territory point sk on the
/// right edge. Left so, White fills sk too, a point Black loses; Black
/// fills it first (a protective move), as GNU Go's play-out loses it to
/// White's stone: one point either way, which the filling used to leave
/// as Black's territory (B+0.5).
#[test]
fn a_dame_filled_beside_a_territory_is_answered_inside() {
    let j = judged("games/Kisei/Title/Kis-2014-1.sgf");
    let black = protective_by(&j, Color::Black);
    assert!(black.contains(&"sk".to_string()), "{black:?}");
    assert_eq!(j.protective(), [2, 1]);
    assert_eq!(j.after_fill.territory, [64, 66]);
}

/// Honinbo 33/17 (komi 5.5, recorded W+0.5, six dame left): Black's
/// territory at jm–kn is closed by the dame in and ln. White's fill at
/// in puts Black's three stones at hm in atari (saved at jm) and stands
/// beside jn, White's at ln beside kn: Black answers both inside, where
/// the filling used to count all three points as Black's (B+1.5).
#[test]
fn each_push_into_a_territory_costs_its_point() {
    let j = judged("games/Honinbo/33/17.sgf");
    let black = protective_by(&j, Color::Black);
    for p in ["jm", "jn", "kn"] {
        assert!(black.contains(&p.to_string()), "{p}: {black:?}");
    }
    assert_eq!(j.protective(), [5, 1]);
    assert_eq!(j.after_fill.territory, [66, 78]);
}

/// NEC Cup 6, game 11 (komi 5.5, recorded B+2.5): White's protective
/// move at jp, inside its own territory, stands beside Black's territory
/// point ip, and White's fill at jn beside in: a push is a push whatever
/// made the stone, and Black answers both inside (B+4.5 when only the
/// dame fills were answered; GNU Go's play-out takes ip and in too).
#[test]
fn a_push_by_a_protective_move_is_answered_too() {
    let j = judged("games/NEC/06/11.sgf");
    let black = protective_by(&j, Color::Black);
    for p in ["ip", "in"] {
        assert!(black.contains(&p.to_string()), "{p}: {black:?}");
    }
    assert_eq!(j.protective(), [3, 3]);
    assert_eq!(j.after_fill.territory, [79, 69]);
}

/// Meijin 38 game S06 (komi 6.5, recorded W+3.5, GNU Go W+3.5): once
/// White fills the dame at qf, its chain rg–sg keeps two liberties, rh
/// and sh, and a Black stone at sh would put it in atari; and once every
/// dame is filled, White's eye space on the right edge round Black's dead
/// stones at rj and rl owes a move. White's si does both (the chain's
/// liberties rh and sh stay White's, and the eye space lives with Black
/// moving first); the filling used to answer the shortage at rh and then
/// the eye space at si, two points (W+2.5).
#[test]
fn one_move_answers_a_shortage_and_keeps_the_eye_space_beside_it() {
    let j = judged("games/Meijin/38/S06.sgf");
    assert_eq!(
        j.dead[0],
        pts(&["bj", "en", "fn", "fo", "kh", "rj", "rl", "sb"])
    );
    let white = protective_by(&j, Color::White);
    assert!(white.contains(&"si".to_string()), "{white:?}");
    assert!(!white.contains(&"rh".to_string()), "{white:?}");
    assert_eq!(j.protective(), [1, 4]);
    assert_eq!(j.after_fill.territory, [48, 42]);
}

/// Kisei 31 game Q07 (komi 6.5, recorded B+2.5): Black's answer at hq to
/// a shortage of liberties once White fills the dame at ko, and its owed
/// move at hs in the eye space round White's dead stones at ir and is,
/// are one move, hs (B+1.5 with both).
#[test]
fn the_eye_spaces_owed_move_takes_the_shortage_answers_place() {
    let j = judged("games/Kisei/31/Q07.sgf");
    let black = protective_by(&j, Color::Black);
    assert!(black.contains(&"hs".to_string()), "{black:?}");
    assert!(!black.contains(&"hq".to_string()), "{black:?}");
    assert_eq!(j.after_fill.territory, [45, 35]);
}

/// NEC Cup 17 game 10 (komi 5.5, recorded B+0.5, GNU Go B+0.5): once
/// the dame at bf and cf are filled, White's chain ag–cg keeps two
/// liberties, ah and bh, beside Black's dead stone at ch. Of the two
/// saving liberties, bh takes the dead stone and leaves the chain the
/// most liberties; the filling used to extend at ah and answer again at
/// bh later (B+1.5).
#[test]
fn a_shortage_is_answered_by_the_move_that_leaves_the_most_liberties() {
    let j = judged("games/NEC/17/10.sgf");
    assert_eq!(j.dead[0], pts(&["ch", "eb"]));
    let white = protective_by(&j, Color::White);
    assert!(white.contains(&"bh".to_string()), "{white:?}");
    assert!(!white.contains(&"ah".to_string()), "{white:?}");
    assert_eq!(j.protective(), [0, 2]);
    assert_eq!(j.after_fill.territory, [50, 43]);
}

/// Cho Chikun 2005-05-09 (komi 6.5, recorded B+8.5, GNU Go B+8.5): once
/// the dame are filled, Black's 29 stones round White's dead stones at
/// in, jo, ko and kp have two liberties, jn and ip, both inside, and
/// Black's cutting stone at kn one, jn. White's jn takes kn and puts the
/// 29 in atari, but Black retakes at kn and captures the five White
/// stones that took it (a snapback), and White's ip is suicide: Black
/// owes no move inside. The owed-move reading used to leave the retake
/// out (kn is a wall point, not one of the eye space's) and charged
/// Black jn (B+7.5).
#[test]
fn an_eye_space_whose_cutting_stone_is_retaken_by_a_snapback_owes_nothing() {
    let j = judged("games/Cho_Chikun/2005-05-09.sgf");
    assert_eq!(
        j.dead[1],
        pts(&["bf", "bq", "cq", "df", "ie", "in", "je", "jo", "kb", "kd", "ko", "kp", "lb", "mb"])
    );
    let black = protective_by(&j, Color::Black);
    assert!(!black.contains(&"jn".to_string()), "{black:?}");
    assert_eq!(j.protective(), [3, 1]);
    assert_eq!(j.after_fill.territory, [50, 46]);
}

/// Meijin 40 game 8 (komi 6.5, recorded B+0.5, GNU Go B+0.5): once the
/// dame are filled, Black's 32 stones round the eye at hc have two
/// liberties, hc and fb, and Black's lone stone at fa two, ea and fb,
/// beside White's dead stone at eb. White's ea puts fa in atari, and
/// Black may not extend at fb (the 32 stones would be left in atari),
/// but Black's da puts White's ea–eb in atari in turn: White's fb takes
/// fa and is taken back at fa with three stones (a snapback). The
/// exchange costs Black nothing, so Black owes no move at ea. The
/// shortage reading used to let the stone escape only by extending or
/// capturing, and charged Black ea (W+0.5).
#[test]
fn a_stone_saved_by_shortening_its_attacker_owes_nothing() {
    let j = judged("games/Meijin/40/08.sgf");
    assert_eq!(
        j.dead[1],
        pts(&["bg", "eb", "jr", "kq", "kr", "ks", "lp", "lq", "mq", "oq"])
    );
    let black = protective_by(&j, Color::Black);
    assert!(!black.contains(&"ea".to_string()), "{black:?}");
    assert!(!black.contains(&"fb".to_string()), "{black:?}");
    assert_eq!(j.protective(), [1, 0]);
    assert_eq!(j.after_fill.territory, [54, 52]);
}

/// Toyota Cup 2 game 23 (komi 6.5, recorded B+2.5, GNU Go B+2.5): in
/// the lower centre Black's three stones lk–mj–mk keep two liberties, ll
/// and ml, among White's dead stones, and White's ll would take them
/// (Black's extension at ml leaves the seven stones beside them one
/// liberty, lm). Once White fills the dame at lo, Black's lone stone at
/// ln is in atari at lm as well. Black's lm does both: it joins ln and
/// the seven stones to the wall, and then White's ll and ml are each
/// taken at the other. The filling used to answer the shortage at ll
/// and the atari at lm, two moves (B+1.5); now the second move does the
/// first one's work and takes its turn.
#[test]
fn a_later_answer_that_also_keeps_an_earlier_short_chain_replaces_its_move() {
    let j = judged("games/Toyota/02/23.sgf");
    assert_eq!(
        j.dead[1],
        pts(&["bl", "ce", "dd", "ld", "li", "lj", "mb", "mc", "md", "mi", "nc", "op", "pp"])
    );
    let black = protective_by(&j, Color::Black);
    assert!(black.contains(&"lm".to_string()), "{black:?}");
    assert!(!black.contains(&"ll".to_string()), "{black:?}");
    assert_eq!(j.protective(), [3, 1]);
    assert_eq!(j.after_fill.territory, [54, 53]);
}

/// Kisei 13 game 2 (Sakata Eio–Sonoda Yuichi 1988, komi 5.5, recorded
/// B+4.5, GNU Go B+4.5): once the dame at ga and ha are filled, the walls
/// of Black's empty upper-left corner (aa–ea, ab–cb, eight points) have no
/// liberty outside it, and with White moving first inside it no longer
/// lives: Black owes a move inside, at ba. The owed-move reading used to read
/// only eye spaces holding dead stones (B+5.5).
#[test]
fn an_empty_corner_whose_walls_have_no_outside_liberty_owes_a_move() {
    let j = judged("games/Kisei/13/T02.sgf");
    assert_eq!(protective_by(&j, Color::Black), vec!["ba".to_string()]);
    assert_eq!(j.protective(), [1, 0]);
    assert_eq!(j.after_fill.territory, [82, 63]);
}
