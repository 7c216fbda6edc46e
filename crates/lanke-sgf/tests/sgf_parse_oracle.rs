//! Differential test: over the whole embedded CWI archive (77,257 files), our
//! hand-written parser must agree with sgf-parse, the crate the design card
//! names: same number of games, same main-line moves, and a strict reading
//! exactly where sgf-parse's strict parser succeeds.

use lanke_sgf::{load_collection, Color, Event, MoveTarget};
use sgf_parse::go::{Move, Prop};

type Moves = Vec<(char, String)>;

fn ours(bytes: &[u8]) -> (Vec<Moves>, bool) {
    let f = load_collection(bytes, None);
    let mut strict = true;
    let games = f
        .games
        .iter()
        .map(|g| {
            let g = g.as_ref().expect("every CWI file is a go record");
            strict &= !g.lenient();
            g.events
                .iter()
                .filter_map(|e| match e {
                    Event::Move { color, target, .. } => Some((
                        if *color == Color::Black { 'B' } else { 'W' },
                        match target {
                            MoveTarget::Pass => String::new(),
                            MoveTarget::Point(p) => p.to_sgf(),
                            MoveTarget::OffBoard(raw) => raw.clone(),
                        },
                    )),
                    Event::Setup { .. } => None,
                })
                .collect()
        })
        .collect();
    (games, strict)
}

fn theirs(text: &str) -> Option<Vec<Moves>> {
    let trees = sgf_parse::parse(text).ok()?;
    Some(
        trees
            .iter()
            .map(|t| {
                let root = t.as_go_node().expect("go");
                let size = root
                    .get_property("SZ")
                    .map(|p| match p {
                        Prop::SZ((w, _)) => *w,
                        _ => 19,
                    })
                    .unwrap_or(19);
                let mut moves = Vec::new();
                for node in root.main_variation() {
                    for p in node.properties() {
                        let (c, m) = match p {
                            Prop::B(m) => ('B', m),
                            Prop::W(m) => ('W', m),
                            _ => continue,
                        };
                        let coord = match m {
                            Move::Pass => String::new(),
                            Move::Move(pt) if size <= 19 && pt.x == 19 && pt.y == 19 => {
                                String::new()
                            }
                            Move::Move(pt) => lanke_sgf::Point::new(pt.x, pt.y).to_sgf(),
                        };
                        moves.push((c, coord));
                    }
                }
                moves
            })
            .collect(),
    )
}

#[test]
fn main_lines_match_sgf_parse_on_the_whole_cwi_archive() {
    let cwi = lanke_testdata::cwi();
    assert_eq!(cwi.len(), 77_257);
    let mut compared = 0;
    let mut both_lenient = Vec::new();
    for (name, bytes) in cwi {
        let (our_games, strict) = ours(bytes);
        let text = String::from_utf8_lossy(bytes);
        match theirs(&text) {
            Some(their_games) => {
                assert!(strict, "{name}: sgf-parse reads it strictly, we did not");
                assert_eq!(our_games, their_games, "{name}: main lines differ");
                compared += 1;
            }
            None => {
                assert!(
                    !strict,
                    "{name}: sgf-parse rejects it, we read it as strict"
                );
                both_lenient.push(name.clone());
            }
        }
    }
    assert_eq!(compared, 77_255);
    // Both have a stray `)` after the game; we keep the game and flag it.
    assert_eq!(
        both_lenient,
        ["games/Meijin/39/36.sgf", "games/NHK/27/21.sgf"]
    );
}
