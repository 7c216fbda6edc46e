//! Statuses the caller gives: territory marks (`TB`/`TW`) counted as
//! marked, and the built-in judge's own dead and seki lists (or its dead
//! stones alone) fed back as given statuses. Hard because the marks say
//! nothing of dame, seki or stones left in atari, a list of seki stones
//! says nothing of the liberties they share, and a list of dead stones
//! nothing of the sekis: each must be read back from the board. Given
//! statuses are the giver's word: the filling takes no chain they leave
//! alive, even one the reading finds lost; and they are statuses only,
//! so open borders keep the built-in judge's estimate.

mod common;

use common::{judged, record};
use lanke_board::{next_to_move, replay, Board, Cell};
use lanke_judge::{judge, judge_final, JudgeOptions, Judgement, PointClass, Status, StatusSource};
use lanke_sgf::{Color, Point};

/// A board drawn as rows (`X` black, `O` white, anything else empty),
/// top row first.
fn board(size: u8, rows: &[&str]) -> Board {
    let mut b = Board::new(size);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let cell = match ch {
                'X' => Cell::Black,
                'O' => Cell::White,
                _ => continue,
            };
            b.put(Point::new(x as u8, y as u8), cell);
        }
    }
    b
}

/// Every point of the rows `from..to` (0-based, `to` excluded) of a
/// `size` board, as marks.
fn rows(size: u8, from: u8, to: u8) -> Vec<Point> {
    (from..to)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .collect()
}

fn marked(b: &Board, to_move: Color, black: Vec<Point>, white: Vec<Point>) -> Judgement {
    judge(
        b,
        to_move,
        None,
        &StatusSource::Marked {
            territory: [black, white],
        },
        &JudgeOptions::default(),
    )
}

/// A record's built-in judgement, and its judgement from the built-in
/// judge's own dead stones given back as an overrides line with `seki`.
fn own_and_given(bytes: &[u8], seki: Option<Vec<Point>>) -> (Judgement, Judgement) {
    let r = record(bytes);
    let played = replay(&r);
    let own = judge_final(
        &r,
        &played,
        &StatusSource::Builtin,
        &JudgeOptions::default(),
    );
    let lists = StatusSource::Given {
        origin: "overrides".to_string(),
        dead: own.dead.concat(),
        seki,
    };
    let again = judge_final(&r, &played, &lists, &JudgeOptions::default());
    (own, again)
}

/// Three black stones in atari inside White's wall, their one liberty the
/// dame `ee` between them and Black's wall. The players left them (Black
/// connects at ee whenever White threatens), and the marks leave them
/// alive: counted as marked, nothing is filled and nothing is taken, even
/// with White to move, where a filling would take the three stones.
#[test]
fn stones_left_in_atari_stand_as_marked() {
    let b = board(
        9,
        &[
            ".........",
            ".........",
            ".........",
            "XXXXXXXXX",
            "OOOO.OOOO",
            "OOOXXXOOO",
            "OOOOOOOOO",
        ],
    );
    let j = marked(&b, Color::White, rows(9, 0, 3), rows(9, 7, 9));
    assert!(j.fills.is_empty());
    assert_eq!(j.dead, [vec![], vec![]]);
    assert_eq!(j.after_fill.territory, [27, 18]);
    assert_eq!(j.after_fill.stones, [12, 23]);
    assert_eq!(j.after_fill.dame, 1);
    let ef = Point::from_sgf("ef").unwrap();
    let chain = j.chains.iter().find(|c| c.stones.contains(&ef)).unwrap();
    assert_eq!((chain.status, chain.stones.len()), (Status::Alive, 3));
    assert_eq!(j.source, "marks");
}

/// A border left open on the first line (`id`, `ie` empty, the right
/// edge): the marks close it, Black's at id and White's at ie, and the
/// count follows them: no dame, no estimate.
#[test]
fn an_open_first_line_border_is_closed_by_the_marks() {
    let b = board(
        9,
        &[
            ".........",
            ".........",
            ".........",
            "XXXXXXXX.",
            "OOOOOOOO.",
        ],
    );
    let id = Point::from_sgf("id").unwrap();
    let ie = Point::from_sgf("ie").unwrap();
    let mut black = rows(9, 0, 3);
    black.push(id);
    let mut white = rows(9, 5, 9);
    white.push(ie);
    let j = marked(&b, Color::Black, black, white);
    assert!(j.fills.is_empty());
    assert_eq!(j.after_fill.territory, [28, 37]);
    assert_eq!(j.after_fill.dame, 0);
    assert_eq!(j.after_fill.open_border, [0, 0]);
    assert_eq!(j.class(id), PointClass::Territory(Color::Black));
}

/// A 19x19 board scored after four moves, the players marking each
/// half: counted as marked, with the unmarked middle row as dame — not a
/// filling of hundreds of moves.
#[test]
fn a_near_empty_board_is_counted_as_marked() {
    let mut b = Board::new(19);
    for (sgf, cell) in [
        ("dd", Cell::Black),
        ("pd", Cell::Black),
        ("dp", Cell::White),
        ("pp", Cell::White),
    ] {
        b.put(Point::from_sgf(sgf).unwrap(), cell);
    }
    let stones = |list: &[&str]| -> Vec<Point> {
        list.iter().map(|s| Point::from_sgf(s).unwrap()).collect()
    };
    let black: Vec<Point> = rows(19, 0, 9)
        .into_iter()
        .filter(|p| !stones(&["dd", "pd"]).contains(p))
        .collect();
    let white: Vec<Point> = rows(19, 10, 19)
        .into_iter()
        .filter(|p| !stones(&["dp", "pp"]).contains(p))
        .collect();
    let j = marked(&b, Color::Black, black, white);
    assert!(j.fills.is_empty());
    assert_eq!(j.after_fill.territory, [169, 169]);
    assert_eq!(j.after_fill.dame, 19);
    assert_eq!(j.groups.map(|g| g.len()), [2, 2]);
}

/// A white stone standing on Black's marks is dead and its point is
/// Black's; a point both colours marked is nobody's.
#[test]
fn stones_on_the_other_colours_marks_are_dead() {
    let b = board(9, &[".....O...", ".........", "XXXXXXXXX", "OOOOOOOOO"]);
    let fa = Point::from_sgf("fa").unwrap();
    let aa = Point::from_sgf("aa").unwrap();
    let j = marked(&b, Color::Black, rows(9, 0, 2), {
        let mut w = rows(9, 4, 9);
        w.push(aa);
        w
    });
    assert_eq!(j.dead, [vec![], vec![fa]]);
    assert_eq!(j.class(fa), PointClass::DeadStone(Color::White));
    assert_eq!(j.class(aa), PointClass::Dame);
    assert_eq!(j.after_fill.territory, [17, 45]);
}

/// Records with a seki (the seed texts' seki figures and CWI games where
/// the built-in judge finds one): their built-in judgement, given back
/// twice — as its dead and seki lists (an overrides file) and as its
/// territory as marks — judges alike: the same point classes (shared
/// liberties and seki eyes included), counts, groups and, for the lists,
/// fills.
#[test]
fn the_judges_own_lists_and_territory_given_back_judge_alike() {
    let mut files: Vec<Vec<u8>> = [
        "danfang-youquan.sgf",
        "siqi-shuanghuo.sgf",
        "seki-fig7.sgf",
        "seki-fig8.sgf",
        "seki-special.sgf",
    ]
    .iter()
    .map(|f| lanke_testdata::classic(f))
    .collect();
    for member in [
        "games/Tri/01/23.sgf",
        "games/LG/19/P13.sgf",
        "games/Samsung/14/2.sgf",
        "games/Tengen/51/R08.sgf",
        "games/Oza/73/Q21.sgf",
        "games/Agon/23/S13.sgf",
        "games/NHK/29/28.sgf",
        "games/Oteai/1936/26.sgf",
        "games/Ryusei/14/H02.sgf",
        "games/Minister/20/14.sgf",
        "games/Toyota/01/16.sgf",
        "games/Kisei/48/A02.sgf",
        "games/NEC/21/5.sgf",
        "games/Meijin/43/11.sgf",
        "games/Honinbo/48/02.sgf",
        "games/Tengen/51/R08.sgf",
        // Sekis of long races the judge counts (`liberty_count`).
        "games/Kisei/Title/Kis-2008-6.sgf",
        "games/Alum/16/P10.sgf",
    ] {
        files.push(lanke_testdata::cwi_file(member).to_vec());
    }
    let mut with_seki = 0;
    for (n, bytes) in files.iter().enumerate() {
        let (own, board) = judged(bytes);
        let r = record(bytes);
        let to_move = next_to_move(&r, &replay(&r));
        // The seki stones and the liberties they share, as `lanke judge
        // --json` lists them.
        let size = own.size;
        let every_point = || (0..size).flat_map(move |y| (0..size).map(move |x| Point::new(x, y)));
        let seki: Vec<Point> = own
            .chains
            .iter()
            .filter(|c| c.status == Status::Seki)
            .flat_map(|c| c.stones.clone())
            .chain(every_point().filter(|&p| own.class(p) == PointClass::SharedLiberty))
            .collect();
        with_seki += usize::from(!seki.is_empty());
        let lists = StatusSource::Given {
            origin: "overrides".to_string(),
            dead: own.dead.concat(),
            seki: Some(seki),
        };
        let again = judge(&board, to_move, None, &lists, &JudgeOptions::default());
        assert_eq!(
            again.classes, own.classes,
            "file {n}: classes from the lists"
        );
        assert_eq!(again.fills, own.fills, "file {n}: fills from the lists");
        assert_eq!(again.after_fill, own.after_fill, "file {n}");
        assert_eq!(again.groups, own.groups, "file {n}");

        // Marks as a player marks them: each colour's territory,
        // dead stones' points included.
        let territory = [Color::Black, Color::White].map(|c| {
            every_point()
                .filter(|&p| match own.class(p) {
                    PointClass::Territory(t) => t == c,
                    PointClass::DeadStone(d) => d != c,
                    _ => false,
                })
                .collect::<Vec<Point>>()
        });
        let counted = marked(&board, to_move, territory[0].clone(), territory[1].clone());
        // Marks cannot tell a dame from a shared liberty (neither is
        // marked): the two are compared together.
        let neutral = |c: PointClass| match c {
            PointClass::Dame => PointClass::SharedLiberty,
            other => other,
        };
        let classes = |j: &Judgement| j.classes.iter().map(|&c| neutral(c)).collect::<Vec<_>>();
        assert_eq!(
            classes(&counted),
            classes(&own),
            "file {n}: classes from the marks"
        );
        let (a, b) = (&counted.before_fill, &own.before_fill);
        assert_eq!(
            (a.stones, a.territory, a.seki_eyes, a.shared + a.dame),
            (b.stones, b.territory, b.seki_eyes, b.shared + b.dame),
            "file {n}"
        );
        let statuses = |j: &Judgement| j.chains.iter().map(|c| c.status).collect::<Vec<_>>();
        assert_eq!(
            statuses(&counted),
            statuses(&own),
            "file {n}: statuses from the marks"
        );
    }
    assert!(with_seki >= 15, "{with_seki} of the records have a seki");
}

/// Players mark dead stones, not sekis: a seki follows from the reading.
/// Given the built-in judge's dead stones alone (no seki list), the judge
/// finds the same sekis and judges alike; given an empty seki list, the
/// giver says there is none, and the filling plays the shared liberties
/// as dame — but takes none of the chains the giver leaves alive
/// (Kisei 21/T01: Black fills am and cm of the lower-left seki, but its
/// fill at bo would take the three White stones there: they stand, bo
/// stays a dame, and the territory is the seki's).
#[test]
fn dead_stones_alone_leave_the_sekis_to_the_judge() {
    for member in [
        "games/Kisei/21/T01.sgf",
        "games/Kisei/47/A10.sgf",
        "games/Oteai/1984/3.sgf",
        "games/Samsung/26/T28.sgf",
        "games/Judan/11/W05.sgf",
        "games/Meijin/37/Q19.sgf",
        "games/Limin/02/Q02.sgf",
        "games/WC/2019/P12.sgf",
        "games/Oteai/1936/26.sgf",
    ] {
        let (own, again) = own_and_given(lanke_testdata::cwi_file(member), None);
        assert!(
            own.chains.iter().any(|c| c.status == Status::Seki),
            "{member}: a seki"
        );
        assert_eq!(again.classes, own.classes, "{member}: classes");
        assert_eq!(again.fills, own.fills, "{member}: fills");
        assert_eq!(again.after_fill, own.after_fill, "{member}");
        assert_eq!(again.groups, own.groups, "{member}");
    }

    let bytes = lanke_testdata::cwi_file("games/Kisei/21/T01.sgf");
    let (own, found) = own_and_given(bytes, None);
    let (_, none) = own_and_given(bytes, Some(Vec::new()));
    let shared = |j: &Judgement| {
        j.classes
            .iter()
            .filter(|&&c| c == PointClass::SharedLiberty)
            .count()
    };
    assert_eq!(shared(&found), 3);
    assert_eq!(
        (found.after_fill.territory, found.after_fill.stones),
        ([43, 40], [140, 136])
    );
    assert_eq!(own.dead[1].len(), 4);
    assert_eq!(shared(&none), 0);
    assert_eq!(
        (none.after_fill.territory, none.after_fill.stones),
        ([43, 40], [139, 138])
    );
    assert!(none.fills.iter().all(|f| f.prisoners == 0));
    let filled = |p: &str| none.fills.iter().any(|f| f.point.to_sgf() == p);
    assert!(filled("am") && filled("cm") && !filled("bo"));
    assert_eq!(none.after_fill.dame, 1);
}

/// Two cutting stones in mutual atari with one liberty between them:
/// White's `ed` inside Black's wall and Black's `ef` inside White's, both
/// with the one liberty `ee`, so that whoever plays there takes the
/// other. The built-in judge reads Black's stone dead (White connects at
/// ee and takes it). A giver who leaves both alive is taken at their
/// word: whichever side moves first, no fill takes a stone and ee stays
/// a dame.
#[test]
fn chains_given_alive_are_never_taken() {
    let b = board(
        9,
        &[
            ".........",
            ".........",
            "....X....",
            "XXXXOXXXX",
            "OOOO.OOOO",
            "OOOOXOOOO",
            "OOOOOOOOO",
        ],
    );
    let [ed, ee, ef] = ["ed", "ee", "ef"].map(|p| Point::from_sgf(p).unwrap());
    let all_alive = StatusSource::Given {
        origin: "overrides".to_string(),
        dead: Vec::new(),
        seki: Some(Vec::new()),
    };
    for to_move in [Color::Black, Color::White] {
        let own = judge(
            &b,
            to_move,
            None,
            &StatusSource::Builtin,
            &JudgeOptions::default(),
        );
        assert_eq!(own.dead, [vec![ef], vec![]], "{to_move:?} to move");
        let given = judge(&b, to_move, None, &all_alive, &JudgeOptions::default());
        assert!(given
            .fills
            .iter()
            .all(|f| f.prisoners == 0 && f.point != ee));
        assert_eq!(given.class(ee), PointClass::Dame);
        assert_eq!(given.after_fill.dame, 1, "{to_move:?} to move");
        assert_eq!(given.after_fill.stones, [10, 26], "{to_move:?} to move");
        assert!([ed, ef].iter().all(|p| given
            .chains
            .iter()
            .any(|c| c.stones.contains(p) && c.status == Status::Alive)));
    }
}

/// Honinbo 1947 game 5: the built-in judge leaves White's lone stone at
/// hj alive but unsure (confidence 0.25), and its own filling takes it
/// (Black's hk). Its dead list given back, the stone is the giver's
/// living chain: no fill takes it, hk stays a dame, and Black's count is
/// one point of territory less (46 against 47).
#[test]
fn the_judges_own_list_given_back_keeps_a_stone_its_filling_took() {
    let (own, again) = own_and_given(
        lanke_testdata::cwi_file("games/Honinbo/Title/Hon-1947-5.sgf"),
        Some(Vec::new()),
    );
    let hk = Point::from_sgf("hk").unwrap();
    let taking = |j: &Judgement| j.fills.iter().any(|f| f.point == hk && f.prisoners == 1);
    assert!(taking(&own));
    assert_eq!(
        (own.after_fill.territory, own.after_fill.dame),
        ([47, 47], 1)
    );
    assert!(again
        .fills
        .iter()
        .all(|f| f.prisoners == 0 && f.point != hk));
    assert_eq!(
        (again.after_fill.territory, again.after_fill.dame),
        ([46, 47], 2)
    );
}

/// Records whose filling leaves a seki the owner could have prevented by
/// taking the dead stones inside its eye space (Fujitsu 17/J05: White's
/// ce, cg and dh take Black's five dead stones in the upper left; LG
/// 18/22, Cho Chikun 1998-03-11, Oteai 1969/211, Shuko 1983/3): the
/// built-in judge adds those captures as protective moves, and its own
/// lists given back add the same ones, the stones staying dead as given.
#[test]
fn captures_that_prevent_a_seki_are_played_under_given_lists() {
    for member in [
        "games/Fujitsu/17/J05.sgf",
        "games/LG/18/22.sgf",
        "games/Cho_Chikun/1998-03-11.sgf",
        "games/Oteai/1969/211.sgf",
        "games/CJShuko/1983/3.sgf",
    ] {
        let (own, again) = own_and_given(lanke_testdata::cwi_file(member), Some(Vec::new()));
        assert_eq!(again.fills, own.fills, "{member}: fills");
        assert_eq!(again.after_fill, own.after_fill, "{member}");
        if member.contains("J05") {
            let last: Vec<String> = own.fills[own.fills.len() - 3..]
                .iter()
                .map(|f| format!("{:?} {} {:?}", f.color, f.point.to_sgf(), f.kind))
                .collect();
            assert_eq!(
                last,
                [
                    "White ce Protective",
                    "White cg Protective",
                    "White dh Protective"
                ]
            );
        }
    }
}

/// Records that stop before a boundary is closed: the built-in judge
/// estimates the open border from the playouts (Agon 27/S12: 14 points
/// of Black's; a 1975 China–Japan exchange game: 34 of Black's and 29 of
/// White's). The lists give statuses only, so the same estimate stands
/// under them, rather than a filling of the open area.
#[test]
fn given_lists_keep_the_open_border_estimate() {
    for (member, open_border) in [
        ("games/Agon/27/S12.sgf", [14, 0]),
        ("games/CJGoExchange/1975/1975-11-01b.sgf", [34, 29]),
    ] {
        let (own, again) = own_and_given(lanke_testdata::cwi_file(member), Some(Vec::new()));
        assert_eq!(own.after_fill.open_border, open_border, "{member}");
        assert_eq!(again.classes, own.classes, "{member}: classes");
        assert_eq!(again.after_fill, own.after_fill, "{member}");
    }
}
