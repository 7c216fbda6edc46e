//! Hard endings from real professional records: the dame filling must make
//! exactly the protective moves a strong player would, no more and no fewer.
//! Each case names why it is hard; the figures are the ones that reproduce
//! the record's counted result (checked by `lanke eval` and GNU Go 3.8).

mod common;

use common::{judged_cwi as judged, protective, protective_by, pts, record};
use lanke_board::replay;
use lanke_judge::{pass_alive, AlternativeKind, FillKind, Judgement, PointClass};
use lanke_sgf::{Color, Point};
use lanke_testdata::cwi_file;

/// [`judged`] with the final position's remaining moves played by `ending`.
fn judged_by(member: &str, ending: lanke_judge::EndingMode) -> Judgement {
    let opts = lanke_judge::JudgeOptions {
        ending,
        ..lanke_judge::JudgeOptions::default()
    };
    common::judged_with(cwi_file(member), &opts).0
}

/// Snapback: White's stone at cj is in atari at ci, but Black capturing
/// there leaves three black stones in atari for White to take back, so
/// White owes no protective move (recorded B+3.5; protecting gives B+4.5).
#[test]
fn a_chain_in_atari_that_a_snapback_defends_needs_no_protection() {
    let j = judged("games/Chunlan/14/T30.sgf");
    assert_eq!(j.dead[0], pts(&["di", "dj", "kd", "ke", "le", "om"]));
    assert_eq!(
        j.dead[1],
        pts(&["mi", "ni", "od", "oe", "og", "qb", "qe", "qj"])
    );
    assert!(
        !j.fills.iter().any(|f| f.point.to_sgf() == "ci"),
        "no fill at ci: {:?}",
        j.fills
    );
    assert_eq!(j.before_fill.dame, 1);
}

/// A race against dead stones: six dead White stones on Black's left
/// side (bg-bk, ch) keep three liberties (ah, ai, aj) while the dame
/// White fills around Black's wall (dk, ek, fl) shorten it to three too.
/// Left alone, White would take the wall first; Black captures the dead
/// stones in time, three moves inside its own territory, as GNU Go 3.8
/// plays it too (recorded W+3.5; without them Black's count is three
/// points too high).
#[test]
fn a_wall_racing_dead_stones_captures_them_in_time() {
    let j = judged("games/Cho_Chikun/1982-06-03.sgf");
    assert!(j.dead[1].contains(&Point::from_sgf("ch").unwrap()));
    let black = protective_by(&j, Color::Black);
    for p in ["ah", "ai", "aj"] {
        assert!(black.contains(&p.to_string()), "{p} in {black:?}");
    }
}

/// A dame that weakens its filler waits: in Kisei 42 C12 Black filling jg
/// would join kg's chain and leave it two liberties, the dame ih and ji in
/// Black's territory, so that White's ih forces a protective move at ji.
/// Black fills the other dame first and White fills jg; Black's protective
/// moves are fa and ni only (recorded W+1.5; with ji, W+2.5).
#[test]
fn a_dame_that_weakens_its_filler_waits() {
    let j = judged("games/Kisei/42/C12.sgf");
    let black = protective_by(&j, Color::Black);
    assert_eq!(black, ["fa", "ni"]);
}

/// Protection by capture: when Black fills the dame at pn, White's lower
/// chain is left with one liberty (sn), and extending there is self-atari;
/// White protects by capturing the six dead black stones at sl, a move
/// inside its own territory (recorded W+0.5).
#[test]
fn a_chain_short_of_liberties_is_protected_by_capturing_dead_stones() {
    let j = judged("games/Cho_Chikun/2010-12-09.sgf");
    assert_eq!(protective(&j), [(Color::White, "sl".to_string())]);
    assert!(j.dead[0].contains(&Point::from_sgf("rk").unwrap()));
}

/// A race against dead stones read with the walls' answers: in Meijin 39
/// game 13, once White fills the dame at ce, White's wall from af to df
/// has three liberties (ag, ed, ef) beside the dead Black stones at
/// ec-fc, ee-fe and dg-fg, and White's chain from dh below them two (ei,
/// gi). Read with each side also taking back a stone that holds a chain
/// of its own beside the race in atari, the race is lost if Black moves
/// first, and White captures at fd and ed: two protective moves (recorded
/// B+1.5; read without those answers, the filling makes neither and
/// counts W+0.5).
#[test]
fn a_race_against_dead_stones_is_read_with_the_walls_answers() {
    let j = judged("games/Meijin/39/13.sgf");
    let white = protective_by(&j, Color::White);
    assert!(
        white.iter().any(|p| p == "fd") && white.iter().any(|p| p == "ed"),
        "{white:?}"
    );
}

/// A wall that one dame would put in atari is kept out of reach: in
/// Meijin 43 P06 White's fh-gh has three liberties, eh and gi (dame) and
/// hh (its territory). White filling eh would let Black's gi force a
/// protective move at hh, so White fills gi and owes none (B+0.5, as GNU
/// Go 3.8's final_score has it; the record's B+1.5 counts the teire).
#[test]
fn a_wall_one_dame_from_atari_is_closed_by_its_owner() {
    let j = judged("games/Meijin/43/P06.sgf");
    let white: Vec<(Color, String)> = j
        .fills
        .iter()
        .filter(|f| f.color == Color::White)
        .map(|f| (f.color, f.point.to_sgf()))
        .collect();
    assert!(
        white.contains(&(Color::White, "gi".to_string())),
        "{white:?}"
    );
    assert!(!protective(&j).contains(&(Color::White, "hh".to_string())));
}

/// A ko taken by dead stones needs no answer: the record (Go Seigen–Sakata,
/// NHK Cup 1966) ends with White's stone at qb in atari, Black able to take
/// it at rb; but Black's stones around it are dead in White's corner, so
/// connecting the ko gains Black nothing and White owes no protective move
/// there (recorded W+4.5; a protective move at rb gave W+3.5; GNU Go's
/// play-out leaves the ko too).
#[test]
fn a_ko_that_only_dead_stones_can_take_needs_no_protection() {
    let j = judged("games/Go_Seigen/1966-01-05.sgf");
    assert!(j.dead[0].contains(&Point::from_sgf("qa").unwrap()));
    assert_eq!(protective(&j), []);
}

/// A stone in atari among dead stones needs no protection either: in Gosei
/// 9 White's lone stone at ng has its last liberty at nh, but the black
/// stones around it are dead, and capturing one stone gives them one eye at
/// most (recorded W+4.5; protecting at nh gave W+3.5; GNU Go agrees).
/// White's two protective moves lie elsewhere (jf and in); Black fills
/// its dame in an order that leaves it owing none.
#[test]
fn a_stone_in_atari_among_dead_stones_needs_no_protection() {
    let j = judged("games/Gosei/09/T30.sgf");
    assert!(j.dead[0].contains(&Point::from_sgf("nf").unwrap()));
    assert!(
        !protective(&j).contains(&(Color::White, "nh".to_string())),
        "{:?}",
        j.fills
    );
    assert_eq!(j.protective(), [0, 2], "{:?}", j.fills);
}

/// Forcing dame first: a dame whose filling forces a protective move on
/// the opponent is sente, so the side to move plays all of its own before
/// defending the opponent's. Kisei 19 (recorded B+5.5) reproduces only in
/// that order: White owes five protective moves and Black one (defending
/// first gave B+3.5).
#[test]
fn forcing_dame_are_filled_before_defensive_ones() {
    let j = judged("games/Kisei/19/T08.sgf");
    assert_eq!(j.protective(), [1, 5], "{:?}", j.fills);
}

/// Benson on the 烂柯图 final position: Black's upper-right and left-side
/// groups have two sealed eyes each and are alive whatever White plays,
/// with their small enclosures as certain territory; no White group is
/// unconditionally alive (its eyes are wide areas, not sealed points).
#[test]
fn pass_alive_chains_in_the_lanke_record() {
    let board = replay(&record(cwi_file("games/ancient/old_chinese/2.sgf"))).board;
    let black = pass_alive(&board, Color::Black);
    let white = pass_alive(&board, Color::White);
    let at = |s: &str| lanke_board::Board::idx(Point::from_sgf(s).unwrap());
    for s in ["qc", "ob", "bj", "bk", "dn", "eo"] {
        let i = at(s);
        assert!(black.alive[i] || black.territory[i], "{s}");
    }
    for s in ["rc", "sa", "ak", "al", "eo"] {
        assert!(black.territory[at(s)], "{s} is sealed Black territory");
    }
    assert!(
        !black.alive[at("dc")],
        "the upper-left black chains are not"
    );
    assert_eq!(white.alive.iter().filter(|&&x| x).count(), 0);
}

/// A shortage of liberties: the CWI record FMeijin/20/W08 (Women's Meijin)
/// record stops with a black chain in the lower left down to two liberties,
/// both inside Black's territory, that White could capture by playing first
/// there. Black owes a protective move (at er; GNU Go's play-out plays the
/// equivalent fr), a third one besides na and fm: recorded W+7.5, which the
/// Japanese count now reproduces (it gave W+6.5 without it).
#[test]
fn a_chain_short_of_liberties_inside_its_territory_is_protected() {
    let j = judged("games/FMeijin/20/W08.sgf");
    let p = protective(&j);
    assert!(p.contains(&(Color::Black, "er".to_string())), "{p:?}");
    assert_eq!(j.protective(), [3, 1], "{p:?}");
}

/// An approach that takes away the escape: in Tengen 43 game 13, once
/// the dame are filled, Black's 20 stones in the lower centre (im to op)
/// keep two liberties, jo and ko, inside Black's territory, beside White's
/// dead stones at in and kp. White's liberty attacks fail (Black takes in
/// and has liberties again), but White joining in to io first takes that
/// escape away and the chain dies whatever Black does. Black owes a
/// protective move (at jo; GNU Go's play-out captures at io): recorded
/// W+13.5, W+12.5 without it.
#[test]
fn a_chain_whose_escape_an_approach_takes_away_is_protected() {
    let j = judged("games/Tengen/43/13.sgf");
    assert_eq!(protective_by(&j, Color::Black), ["jo"]);
    assert_eq!(j.protective(), [1, 0]);
    assert_eq!(j.after_fill.territory, [61, 74]);
}

/// The save is a capture for the chain it would join: in Meijin 35 game
/// 2, once Black fills the last dame at aa, Black's corner stones aa-ab-bb
/// keep two liberties, ac and bc, which are also the only liberties of
/// Black's wall from ad to de (White's dead stones at ae-be and cf-df hold
/// the rest). White's throw-in at bc, taken at ac, is retaken at bc with
/// the whole wall. Neither liberty saves the corner; taking the dead
/// stones ae-be at af gives the wall its liberties back: Black's
/// protective move (recorded W+1.5; without it W+0.5).
#[test]
fn a_chain_short_of_liberties_is_saved_by_a_capture_for_the_chain_it_joins() {
    let j = judged("games/Meijin/35/02.sgf");
    assert_eq!(protective_by(&j, Color::Black), ["af"]);
}

/// A save found near the liberties, not on them: in Tengen 41 Q12,
/// White's chain from sj to rm on the right edge keeps two liberties, sl
/// and sm, next to Black's dead stone at rn. Read out, Black moving first
/// takes it whichever liberty White fills, and there is nothing in atari
/// to take; White's protective move is the edge point sn below them
/// (recorded W+1.5; without it W+2.5).
#[test]
fn a_chain_short_of_liberties_is_saved_near_its_liberties() {
    let j = judged("games/Tengen/41/Q12.sgf");
    assert_eq!(protective_by(&j, Color::White), ["nd", "sn"]);
}

/// The approach the owner answers by shortening it: in Meijin 38 S02,
/// White's corner chain from cq to es keeps two liberties (cr, ds) beside
/// Black's dead stones at bq and cp. Black saving cp at bp leaves White's
/// liberties as they were, but White answers at br and Black's three
/// stones, two liberties left, lose the race: no protective move in the
/// corner (recorded B+1.5, which the count reproduces; one there gives
/// B+2.5).
#[test]
fn an_approach_answered_by_shortening_it_needs_no_protection() {
    let j = judged("games/Meijin/38/S02.sgf");
    assert_eq!(protective_by(&j, Color::White), ["gp"]);
}

/// A half-point ko left open: White's lone stone at gm can be taken at hm,
/// and Black, to move after the record's last move, takes it in the dame
/// phase (one prisoner) and connects at gm next, since nobody has a ko
/// threat left. Without the take, White connects and the count is one
/// point worse for Black than the record's W+1.5.
#[test]
fn an_open_ko_is_taken_by_the_side_to_move_and_connected() {
    let j = judged("games/Samsung/04/20.sgf");
    let first = j.fills[0];
    assert_eq!(
        (first.color, first.point.to_sgf(), first.prisoners),
        (Color::Black, "hm".to_string(), 1)
    );
    assert_eq!(first.kind, FillKind::Dame);
    assert!(
        j.fills
            .iter()
            .any(|f| f.color == Color::Black && f.point.to_sgf() == "gm"),
        "Black connects the ko at gm: {:?}",
        j.fills
    );
    assert_eq!(j.fill_prisoners(), [1, 0]);
    // gm ends a black stone, not a white one.
    assert_eq!(
        j.filled.get(Point::from_sgf("gm").unwrap()),
        lanke_board::Cell::Black
    );
}

/// The same endings played out as a game (`EndingMode::PlayedOut`), where
/// every protective move comes from the tactical reader rather than from
/// the filler's rules.
mod played_out {
    use super::*;

    fn played(member: &str) -> Judgement {
        judged_by(member, lanke_judge::EndingMode::PlayedOut)
    }

    /// A capturing race inside White's wall: once Black fills pn, the
    /// reader finds White's lower chain taken unless White captures the
    /// six dead black stones at sl, and that capture is the only save.
    #[test]
    fn the_reader_finds_the_save_by_capturing_dead_stones() {
        let j = played("games/Cho_Chikun/2010-12-09.sgf");
        assert_eq!(protective(&j), [(Color::White, "sl".to_string())]);
    }

    /// A snapback defends White's stone in atari at cj: the reader's
    /// capture does not count one its owner takes back at once, so nobody
    /// plays ci.
    #[test]
    fn a_snapback_needs_no_save() {
        let j = played("games/Chunlan/14/T30.sgf");
        assert!(
            !j.fills.iter().any(|f| f.point.to_sgf() == "ci"),
            "{:?}",
            j.fills
        );
        assert_eq!(j.fills.len(), 1);
    }

    /// Black's capture at hm takes a live stone (a prisoner), and each side
    /// then owes one protective move, hg and ae, as the filler finds
    /// (recorded W+1.5).
    #[test]
    fn a_capture_then_one_save_each() {
        let j = played("games/Samsung/04/20.sgf");
        assert_eq!(j.fill_prisoners(), [1, 0]);
        assert_eq!(
            protective(&j),
            [
                (Color::Black, "hg".to_string()),
                (Color::White, "ae".to_string())
            ]
        );
    }
}

/// Every fill is a move on an empty point of the board as the filling left
/// it, in the judgement and in each alternative reading. Hoensha E24-7
/// stops at move 176 with 95 dame: a race's saving move remembered from
/// another filling of the position once pointed at a stone already there,
/// and Black "played" it 280 times, counting 28 prisoners each time
/// (B+7321). The other games are every 250th record of the archive.
#[test]
fn every_fill_is_played_on_an_empty_point() {
    let members = lanke_testdata::cwi()
        .keys()
        .step_by(250)
        .map(String::as_str)
        .chain(["games/Hoensha/E24-7.sgf"]);
    for member in members {
        let bytes = cwi_file(member);
        let r = record(bytes);
        if r.size != 19 {
            continue;
        }
        let (j, final_board) = common::judged(bytes);
        let readings = std::iter::once(&j).chain(j.alternatives.iter().map(|a| &a.judgement));
        for (n, reading) in readings.enumerate() {
            let mut board = final_board.clone();
            for f in &reading.fills {
                let i = lanke_board::Board::idx(f.point);
                assert_eq!(
                    board.cell(i),
                    lanke_board::Cell::Empty,
                    "{member}, reading {n}: {:?} fills {} on a stone",
                    f.color,
                    f.point.to_sgf()
                );
                board.play(f.color, i);
            }
        }
    }
}

/// A dead stone taken to protect leaves a point its taker must fill
/// again: Black's fifteen-stone chain at mf has only dame liberties (ed,
/// eb, fb, ge) besides the dead White stones at mg and ne-nf. Once White
/// fills them, Black takes mg from mh, and the emptied mg is then the
/// chain's last liberty, which White could take it through: Black fills
/// it too. Two protective moves, both counted (recorded B+1.5 at komi
/// 5.5, as GNU Go 3.8 plays it: N12, then N13).
#[test]
fn a_point_emptied_by_taking_a_dead_stone_is_filled_again_when_it_is_the_last_liberty() {
    let j = judged("games/FHoninbo/08/P10.sgf");
    assert!(j.dead[1].contains(&Point::from_sgf("mg").unwrap()));
    let black = protective_by(&j, Color::Black);
    assert_eq!(black, ["mh", "mg"], "{:?}", j.fills);
    // The refilled point is a black stone on the filled board, not
    // territory: 64 points of territory less the two protective moves.
    assert_eq!(j.after_fill.territory, [62, 60]);
}

/// The ending read out (`EndingMode::Read`): the regions where a chain is
/// short of liberties are read by minimax on the Japanese count, both move
/// orders, and their protective moves played as read before the filler
/// fills the rest.
mod read {
    use super::*;

    fn read(member: &str) -> Judgement {
        judged_by(member, lanke_judge::EndingMode::Read)
    }

    /// Black's dame at pi puts White's lone stone at pj in atari, its last
    /// liberty pk inside White's territory, while another White chain
    /// stands in atari at ak. Read out, White connects at pk whoever
    /// fills first; the filler, one atari per turn, answered at ak and let
    /// Black take pj, then protected at ol: two points the record (B+0.5)
    /// does not give.
    #[test]
    fn an_atari_made_by_a_dame_is_answered_where_it_is_made() {
        let j = read("games/Takagawa/Tak-0914.sgf");
        assert_eq!(protective_by(&j, Color::White), ["pk", "sl", "ak"]);
        assert_eq!(protective_by(&j, Color::Black), ["ja"]);
        assert!(
            !j.fills
                .iter()
                .any(|f| f.color == Color::Black && f.point.to_sgf() == "pk"),
            "{:?}",
            j.fills
        );
    }

    /// The reading makes no protective move the opponent cannot force:
    /// the filler protects at hi, a point of White's territory beside
    /// Black's dead stones fi, fj and gj; read out, Black takes nothing
    /// there whoever fills first, so White spends four points (aa, fk, ao,
    /// hs), not five, as the record (B+2.5) counts.
    #[test]
    fn no_protective_move_the_opponent_cannot_force() {
        let j = read("games/Cho_Chikun/1992-07-20.sgf");
        assert_eq!(protective_by(&j, Color::White), ["aa", "fk", "ao", "hs"]);
        assert_eq!(protective_by(&j, Color::Black), ["qe"]);
    }
}

/// An eye space holding a dead stone that the filled dame leave short.
/// In Fujitsu Cup 3 game 13 (B+6.5) White's top-right group walls in five
/// points and Black's dead stone at ra. Once the dame are filled its
/// outside liberties are gone, and Black moving first inside would break
/// it: White must add a stone there (GNU Go 3.8's play-out adds rb; the
/// reading finds qa, as good). Without it the count is B+5.5; with it,
/// and Black's three protective moves against single chains, the record's.
#[test]
fn an_eye_space_with_a_dead_stone_owes_a_move_once_the_dame_are_filled() {
    let j = judged("games/Fujitsu/03/13.sgf");
    assert!(j.dead[0].contains(&Point::from_sgf("ra").unwrap()));
    assert_eq!(protective_by(&j, Color::White), ["qa"]);
    assert_eq!(protective_by(&j, Color::Black), ["qe", "oq", "gm"]);
    // The teire is the last move: it is owed only once every dame is
    // filled.
    assert_eq!(j.fills.last().map(|f| f.point.to_sgf()), Some("qa".into()));
    assert_eq!(j.before_fill.dame, 12);
}

/// A double atari no single-chain reading sees: in Gosei 46 game 13,
/// once Black fills the dame at jl, White's chain hk-kl is down to hj and
/// gk, and White's lone stone at gl to gk and fl. Each alone escapes (hj
/// joins the wall above, fl the group below), but Black's gk ataris both:
/// White owes a protective move there (recorded B+0.5, as GNU Go 3.8's
/// play-out; without it the count is W+0.5).
#[test]
fn a_double_atari_made_by_a_dame_is_answered() {
    let j = judged("games/Gosei/46/13.sgf");
    let filled: Vec<String> = j.fills.iter().map(|f| f.point.to_sgf()).collect();
    let jl = filled.iter().position(|p| p == "jl").expect("jl filled");
    let gk = filled.iter().position(|p| p == "gk").expect("gk filled");
    assert!(jl < gk, "{filled:?}");
    assert_eq!(protective_by(&j, Color::White), ["gk"]);
    assert_eq!(protective_by(&j, Color::Black), ["ie"]);
}

/// A dame whose filling would leave the opponent a double atari is filled
/// by its owner first: in Oteai 1985 game 104, Black filling fi would
/// leave White's gh-gi and its stone at hj both open to Black's hi, so
/// White fills fi right after Black's fh and owes nothing (recorded W+5,
/// as GNU Go 3.8's play-out, which fills fi too; leaving it to Black
/// costs White a protective move at hi, W+4).
#[test]
fn a_dame_that_would_leave_a_double_atari_is_filled_by_its_owner() {
    let j = judged("games/Oteai/1985/104.sgf");
    assert!(
        j.fills
            .iter()
            .any(|f| f.color == Color::White && f.point.to_sgf() == "fi"),
        "{:?}",
        j.fills
    );
    assert!(protective(&j).is_empty(), "{:?}", protective(&j));
}

/// A neutral region closed by a wall with a one-point gap on the first
/// line: in Oteai 1979 game 106 (recorded B+5), White's stones reach the
/// right edge at sh and ri, and the first-line point sj under Black's
/// stone at rj is Black's gap, which White may step onto but not through.
/// Behind it, among White's dead stones, sk, sl, rl, sm and rn are Black's
/// territory; sh, si, ri and sj are the boundary (dame). Read as one
/// neutral region by the playouts, the five points behind stay dame, White
/// fills two of them and the count is B−1.
#[test]
fn the_territory_behind_a_gap_on_the_first_line_is_the_walls_owner() {
    let j = judged("games/Oteai/1979/106.sgf");
    for p in pts(&["sk", "sl", "rl", "sm", "rn"]) {
        assert_eq!(j.class(p), PointClass::Territory(Color::Black), "{p:?}");
    }
    for p in pts(&["sh", "si", "ri", "sj"]) {
        assert_eq!(j.class(p), PointClass::Dame, "{p:?}");
    }
    assert!(
        !j.fills
            .iter()
            .any(|f| f.color == Color::White && ["sl", "sm"].contains(&f.point.to_sgf().as_str())),
        "{:?}",
        j.fills
    );
    // Territory and prisoners after the filling: B 53 + 0, W 59 + 0, with
    // the game's captures (B 28, W 18) and the dead stones (W 10 for B,
    // B 9 for W): B 91, W 86, komi 0: B+5, the record.
    assert_eq!(j.after_fill.territory, [53, 59]);
}

/// A finished game's dame filling does not take a living group. In Kisei
/// 4/E01 (recorded W+9.5) Black's three stones qo, rn and ro inside
/// White's lower right area are unsure (the playouts keep them alive at
/// 0.06); alive, they leave White's seventeen stones beside them short of
/// liberties and the filling takes twelve of them (B+33.5). No open chain
/// of Black's is larger than the group taken, so the reading of the open
/// chains in White's favour is the judgement: the trio is dead, nothing is
/// taken, and the count is W+10.5, a protective move from the record. The
/// first reading stays as an open alternative in Black's favour.
#[test]
fn a_filling_that_takes_a_group_reads_the_unsure_invaders_dead() {
    let j = judged("games/Kisei/04/E01.sgf");
    assert_eq!(j.basis, lanke_judge::Basis::GroupsKeptAlive);
    assert_eq!(
        j.dead[0],
        pts(&["gj", "gk", "hk", "ik", "mp", "qo", "rn", "ro", "sb"])
    );
    assert!(j.fills.iter().all(|f| f.prisoners == 0), "{:?}", j.fills);
    assert_eq!(j.after_fill.territory, [77, 68]);
    assert!(j.alternatives.iter().any(|a| {
        a.kind == AlternativeKind::OpenFor(Color::Black)
            && a.judgement.fills.iter().any(|f| f.prisoners == 12)
    }));
    // Meijin title 1972 game 5 (B+3): Black's trio cb, cc, db in White's
    // top left corner, alive at confidence 0, races White's corner stones
    // bb-bf, three liberties each: whoever moves first wins. Once White
    // answers Black's pushes along the top edge, the filling no longer
    // takes White's corner, and the reading stays open: read dead in
    // White's favour, the count is the record's.
    let j = judged("games/OMeijin/Title/Mei-1972-5.sgf");
    assert!(j
        .chains
        .iter()
        .any(|c| c.is_open() && c.stones.contains(&pts(&["cb"])[0])));
    let for_white = j
        .alternatives
        .iter()
        .find(|a| a.kind == AlternativeKind::OpenFor(Color::White))
        .expect("a reading in White's favour");
    assert_eq!(for_white.judgement.dead[0], pts(&["cb", "cc", "db", "rg"]));
    assert_eq!(for_white.judgement.after_fill.territory, [61, 69]);
}

/// Dead stones the filling would leave in seki are taken first. In CJ
/// Shuko 1983 game 3 (B+2.5) White's five stones qf-rh inside Black's
/// right side share their last liberties, rg and ph, with Black's walls.
/// Once the dame are filled Black can fill neither (either puts a wall in
/// atari), so the stones could no longer be taken: a seki. Before the
/// filling Black takes them with ph and rg, and a strong player does:
/// two protective moves, the record's count.
#[test]
fn stones_the_filling_would_leave_in_seki_are_taken_first() {
    let j = judged("games/CJShuko/1983/3.sgf");
    assert_eq!(j.dead[1], pts(&["qf", "qg", "qh", "rf", "rh"]));
    let black = protective_by(&j, Color::Black);
    assert!(
        black.contains(&"ph".to_string()) && black.contains(&"rg".to_string()),
        "{black:?}"
    );
    assert_eq!(j.after_fill.territory, [39, 34]);
}

/// The capture before the filling may have to take one stone before it
/// can reach another. In Honinbo 39/28 (B+6.5) White's four lone stones
/// ra, qb, sb and rc stand in Black's upper right corner; once the dame
/// are filled they would be in seki with Black's 23 stones. Black cannot
/// start with ra (sa and rb are suicide then), but qc and rb take qb and
/// rc, and sa then takes ra and sb: three protective moves, and the
/// stones are dead, as GNU Go reads them.
#[test]
fn stones_taken_first_may_open_the_way_to_the_others() {
    let j = judged("games/Honinbo/39/28.sgf");
    for p in pts(&["qb", "ra", "rc", "sb"]) {
        assert!(j.dead[1].contains(&p), "{p:?}");
    }
    let black = protective_by(&j, Color::Black);
    for p in ["qc", "rb", "sa"] {
        assert!(black.contains(&p.to_string()), "{p} in {black:?}");
    }
    assert_eq!(j.after_fill.territory, [61, 44]);
}

/// Stones their owner could not have taken even before the filling are in
/// seki. In Honinbo title 1994 game 3 (W+6.5) Black's three stones ka, lb
/// and ma on the top edge, read dead, keep an eye at la and stand among
/// White's twenty-one stones from ga, short of liberties; with the dame
/// filled neither side can take the other, and White could not take them
/// before the filling either: they are a seki, as GNU Go also reads it,
/// and the count is the record's.
#[test]
fn stones_their_owner_never_could_take_are_in_seki() {
    let j = judged("games/Honinbo/Title/Hon-1994-3.sgf");
    for p in ["ka", "lb", "ma", "ga"] {
        let p = Point::from_sgf(p).unwrap();
        let chain = j.chains.iter().find(|c| c.stones.contains(&p)).unwrap();
        assert_eq!(chain.status, lanke_judge::Status::Seki, "{p:?}");
    }
    assert_eq!(j.dead[0], pts(&["bi", "mj", "mk", "nj", "oh", "oi", "pi"]));
    assert_eq!(j.after_fill.territory, [55, 58]);
}

/// A ko just taken is not retaken at once, not even to save a chain. In
/// Gosei 6 game T30 (W+1.5), in the ending Black begins (the order the
/// judgement does not keep), White takes the ko at al, which also leaves
/// Black's 21 stones from am with one liberty; Black may not take back at
/// ak on the next move, and retakes only later. In
/// Oteai 1974 game 66 (B+8) the same rule keeps White from retaking at nk,
/// and nothing live is captured.
#[test]
fn a_ko_just_taken_is_not_retaken_at_once() {
    let kept = judged("games/Gosei/06/T30.sgf");
    let j = &kept
        .alternatives
        .iter()
        .find(|a| a.kind == AlternativeKind::OtherOrder)
        .expect("the other order")
        .judgement;
    assert_eq!(j.fills.first().map(|f| f.color), Some(Color::Black));
    let al = j
        .fills
        .iter()
        .position(|f| f.point.to_sgf() == "al")
        .expect("al filled");
    assert_eq!(
        (j.fills[al].color, j.fills[al].prisoners),
        (Color::White, 1)
    );
    assert_ne!(j.fills[al + 1].point.to_sgf(), "ak", "{:?}", j.fills);
    let j = judged("games/Oteai/1974/66.sgf");
    assert!(j.fills.iter().all(|f| f.prisoners == 0), "{:?}", j.fills);
    assert_eq!(j.after_fill.territory, [56, 48]);
}

/// A chain short of liberties is saved even when both its liberties are
/// dame: the saving move is then a dame, free under territory counting,
/// but it must come before the opponent's. In Hayago Meijin 6 game 11
/// (W+8.5) White's six stones gp-hr have only ho and io, both dame; once
/// Black fills hm, Black at io would take them (White at ho is still in
/// atari), so White answers at once on one of the two (io, which leaves
/// the six the more liberties) and nothing is captured. Left to the dame
/// order, Black took the six stones and the count was B+2.5. Once Black
/// fills en, White's group on the left side has no liberty outside its
/// lower-left corner, which Black moving first would make a seki: White
/// owes a move there, at ap, and the count is the record's.
#[test]
fn a_chain_whose_liberties_are_both_dame_is_saved_in_time() {
    let j = judged("games/Hayago_Meijin/06/11.sgf");
    assert!(j.fills.iter().all(|f| f.prisoners == 0), "{:?}", j.fills);
    let hm = j
        .fills
        .iter()
        .position(|f| f.point.to_sgf() == "hm")
        .expect("hm filled");
    assert_eq!(j.fills[hm].color, Color::Black);
    let answer = &j.fills[hm + 1];
    assert_eq!((answer.color, answer.kind), (Color::White, FillKind::Dame));
    assert!(
        ["ho", "io"].contains(&answer.point.to_sgf().as_str()),
        "{answer:?}"
    );
    assert!(protective_by(&j, Color::White).contains(&"ap".to_string()));
    assert_eq!(j.after_fill.stones, [115, 116]);
    assert_eq!(j.after_fill.territory, [63, 67]);
}

/// Stones whose capture would leave their taker one eye are in seki. In
/// Tengen 31 game 27 (B+1.5) White's three stones sj-sl on the right edge
/// sit in the only eye space of Black's 39-stone chain from kd, sharing
/// their two liberties rj and rl with it. Black could take them before
/// the filling, but the eye space left, a straight three on the edge,
/// is one eye, and the chain has no other: so Black leaves them, and
/// both stand in seki, as GNU Go reads it and the record counts (taking
/// them was B+9.5). In Gosei 32 game T10 (W+14.5) Black's 33 stones from
/// ha and White's three at ge stand so too.
#[test]
fn stones_whose_capture_leaves_one_eye_are_in_seki() {
    let j = judged("games/Tengen/31/27.sgf");
    for p in ["sj", "sk", "sl", "qj", "kd"] {
        let p = Point::from_sgf(p).unwrap();
        let chain = j.chains.iter().find(|c| c.stones.contains(&p)).unwrap();
        assert_eq!(chain.status, lanke_judge::Status::Seki, "{p:?}");
        // Found on the filled board (`late_seki`), not in the statuses.
        assert_eq!(chain.reason, lanke_judge::StatusReason::LateSeki, "{p:?}");
    }
    assert!(protective_by(&j, Color::Black)
        .iter()
        .all(|p| p != "rj" && p != "rl"));
    assert_eq!(j.after_fill.territory, [37, 40]);
    let j = judged("games/Gosei/32/T10.sgf");
    assert_eq!(j.dead[1].len(), 12, "{:?}", j.dead[1]);
    assert!(!j.dead[1].contains(&Point::from_sgf("ge").unwrap()));
    assert_eq!(j.after_fill.territory, [61, 57]);
}

/// Dead stones that a dame would let walk out are cut off by the
/// territory's owner. In NEC 24 game 13 (recorded W+4.5) Black's dead
/// stones fm, gl and gm inside White's lower left reach gn, an empty
/// point of White's territory. Once Black fills the dame at go, beside
/// Black's live stones fo and ho, a Black stone at gn would join the dead
/// stones to them and save them: White answers at gn, a protective move
/// the record counts (without it the count is W+5.5).
#[test]
fn a_dame_that_would_let_dead_stones_walk_out_is_answered() {
    let j = judged("games/NEC/24/13.sgf");
    assert_eq!(j.dead[0], pts(&["fm", "gl", "gm", "lp"]));
    let at = j
        .fills
        .iter()
        .position(|f| f.point.to_sgf() == "go")
        .expect("go filled");
    assert_eq!(j.fills[at].color, Color::Black);
    assert_eq!(j.fills[at].kind, FillKind::Dame);
    let answer = &j.fills[at + 1];
    assert_eq!(
        (answer.color, answer.point.to_sgf(), answer.kind),
        (Color::White, "gn".to_string(), FillKind::Protective)
    );
    assert_eq!(j.after_fill.territory, [65, 70]);
    // Tengen 8 game 16 (W+14.5): Black at fl would make fk such a point
    // for the dead stone gk, so White fills the dame fl first and owes
    // nothing there.
    let j = judged("games/Tengen/08/16.sgf");
    assert!(j
        .fills
        .iter()
        .any(|f| f.point.to_sgf() == "fl" && f.color == Color::White));
    assert_eq!(protective_by(&j, Color::White), Vec::<String>::new());
}

/// A dame neither side can fill without self-atari is made fillable. In
/// Meijin 40 game 4 (recorded B+0.5) the corner point aa lies between
/// White's lone stone ba (liberties aa and ca) and Black's ab-bb (aa and
/// ac): either side filling it would leave its own stones in atari. The
/// players fill every dame before the count, so once nothing else is
/// left White adds ca in its territory, fills aa, and Black must answer
/// at ac; White's top side then owes a protective move at ea as well.
/// Leaving aa empty counted W+0.5.
#[test]
fn a_dame_both_sides_could_fill_only_into_atari_is_prepared_and_filled() {
    let j = judged("games/Meijin/40/04.sgf");
    let played: Vec<(Color, String, FillKind)> = j
        .fills
        .iter()
        .map(|f| (f.color, f.point.to_sgf(), f.kind))
        .collect();
    let at = |p: &str| played.iter().position(|(_, q, _)| q == p).expect(p);
    assert_eq!(
        played[at("ca")],
        (Color::White, "ca".to_string(), FillKind::Protective)
    );
    assert_eq!(
        played[at("aa")],
        (Color::White, "aa".to_string(), FillKind::Dame)
    );
    assert_eq!(
        played[at("ac")],
        (Color::Black, "ac".to_string(), FillKind::Protective)
    );
    assert!(at("ca") < at("aa") && at("aa") < at("ac"), "{played:?}");
    assert_eq!(j.after_fill.dame, 0);
    assert_eq!(j.after_fill.territory, [54, 50]);
    assert_eq!(j.after_fill.stones, [129, 128]);
}
