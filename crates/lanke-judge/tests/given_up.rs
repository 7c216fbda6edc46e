//! Chains the owner leaves short of liberties: a live chain standing
//! inside its own territory, every liberty a point of it, with only dead
//! opponent stones beside it. Taking it trades stones inside a territory
//! the dead stones cannot leave, so the players spend no protective move
//! on it, and the count charges none. A chain beside a live opponent
//! stone is still protected (`endings.rs`, FMeijin 20/W08).

mod common;

use common::{protective, pts};
use lanke_judge::Judgement;
use lanke_testdata::cwi_file;

fn judged(member: &str) -> Judgement {
    common::judged(cwi_file(member)).0
}

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
