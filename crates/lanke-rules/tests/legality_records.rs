//! Ko verdicts on real records: a triple ko that the record itself calls a
//! void game is a no-result cycle under Japanese rules and a superko
//! violation under the Chinese family, at the same move.

use lanke_board::replay;
use lanke_rules::{family, verdict, Verdict};
use lanke_sgf::load_collection;
use lanke_testdata::cwi_file;

fn replayed(member: &str) -> lanke_board::Replay {
    let r = load_collection(cwi_file(member), None)
        .games
        .remove(0)
        .expect("a go record");
    replay(&r)
}

fn of(id: &str, r: &lanke_board::Replay) -> Verdict {
    let f = family(id).unwrap();
    verdict(f.ko, f.suicide_legal, r)
}

/// 41st Judan, Yoda Norimoto – Hikosaka Naoto, 2002: RE[Void], C[Triple ko].
#[test]
fn a_triple_ko_recorded_as_void() {
    let r = replayed("games/Judan/41/6.sgf");
    assert_eq!(
        of("japanese", &r).label(),
        "no result at move 154 (cycle: the position after move 148 recurs with the same player to move)"
    );
    assert_eq!(
        of("chinese", &r),
        Verdict::Illegal {
            move_number: 154,
            reason: "superko: recreates the position after move 148".to_string()
        }
    );
    assert!(matches!(
        of("aga", &r),
        Verdict::Illegal {
            move_number: 154,
            ..
        }
    ));
    // Simple ko alone never forbids a triple ko.
    assert_eq!(of("ming-qing", &r), Verdict::Legal);
}

/// Most games are legal under every family.
#[test]
fn an_ordinary_game_is_legal_everywhere() {
    let r = replayed("games/ancient/old_chinese/2.sgf");
    for f in lanke_rules::FAMILIES.iter() {
        assert_eq!(
            verdict(f.ko, f.suicide_legal, &r),
            Verdict::Legal,
            "{}",
            f.id
        );
    }
}
