//! `lanke judge`: the judged final position of every game (dead stones, seki,
//! territory, dame, the filling sequence, groups and eye points), as text or
//! JSON Lines.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use lanke_judge::{Basis, Counts, FillKind, Judgement};
use lanke_sgf::Point;

use crate::output::{judged_diagram, write_each_game};
use lanke_games::Selector;
use lanke_rescore::judged::{
    chain_views, judge_record, judged, open_chains, ChainView, JudgedGame,
};
use lanke_rescore::judging::{start_engine, JudgeSpec, Override};

/// ` (open border B x W y)` when some territory was estimated on an open
/// border, else nothing.
fn open_border_note(c: &Counts) -> String {
    if c.open_border == [0, 0] {
        String::new()
    } else {
        format!(
            " (open border B {} W {})",
            c.open_border[0], c.open_border[1]
        )
    }
}

/// Each stage that decided chains, with how many: Benson's test, the sure
/// territory and the playouts first, then the other stages in board order
/// of the first chain each decided, these with the chains themselves
/// (`W 3 at qh dead`).
fn reasons_line(j: &Judgement) -> String {
    let views = chain_views(j);
    let mut order: Vec<&'static str> = Vec::new();
    for v in &views {
        if !order.contains(&v.reason) {
            order.push(v.reason);
        }
    }
    let first = |r: &str| match r {
        "benson" => 0,
        "sure_territory" => 1,
        "playouts" => 2,
        _ => 3,
    };
    order.sort_by_key(|r| first(r));
    order
        .iter()
        .map(|&r| {
            let of: Vec<&ChainView> = views.iter().filter(|v| v.reason == r).collect();
            if first(r) < 3 {
                format!("{r} {}", of.len())
            } else {
                let named: Vec<String> = of
                    .iter()
                    .map(|v| format!("{} {} at {} {}", v.color, v.stones, v.at, v.status))
                    .collect();
                format!("{r} {} ({})", of.len(), named.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn write_text(
    w: &mut impl Write,
    game: &str,
    j: &Judgement,
    board: &lanke_board::Board,
) -> io::Result<()> {
    writeln!(
        w,
        "== {game}  (judge: {}, confidence {:.2})",
        j.source, j.confidence
    )?;
    write!(w, "{}", judged_diagram(j, board))?;
    match j.basis {
        Basis::AsJudged => {}
        Basis::GroupsKeptAlive => writeln!(
            w,
            "reading: open chains read for the colour the first reading's filling took a living group from (a finished game's filling takes none); the first reading stays open"
        )?,
        Basis::NoGroupBuilt => writeln!(
            w,
            "reading: open chains read against the colour whose filling built a new group in the first reading (players filling dame build none); the first reading stays open"
        )?,
        Basis::GameKeptClose => writeln!(
            w,
            "reading: open chains read for the trailing colour (the first reading made the game one lost by far, which its players would have resigned rather than played out); the first reading stays open"
        )?,
    }
    let pts = |v: &Vec<Point>| v.iter().map(|p| p.to_sgf()).collect::<Vec<_>>().join(" ");
    writeln!(
        w,
        "dead: B {} [{}]; W {} [{}]",
        j.dead[0].len(),
        pts(&j.dead[0]),
        j.dead[1].len(),
        pts(&j.dead[1])
    )?;
    let open: Vec<String> = open_chains(j)
        .iter()
        .map(|c| {
            format!(
                "{} {} at {} ({} {:.2}, {})",
                c.color, c.stones, c.at, c.status, c.confidence, c.reason
            )
        })
        .collect();
    if !open.is_empty() {
        writeln!(
            w,
            "open (confidence below {}): {}",
            lanke_judge::OPEN_BELOW,
            open.join(", ")
        )?;
    }
    writeln!(w, "decided by: {}", reasons_line(j))?;
    let fills: Vec<String> = j
        .fills
        .iter()
        .map(|f| {
            format!(
                "{}{}{}{}",
                f.color.letter(),
                f.point.to_sgf(),
                if f.kind == FillKind::Protective {
                    "!"
                } else {
                    ""
                },
                if f.prisoners > 0 {
                    format!("(+{})", f.prisoners)
                } else {
                    String::new()
                }
            )
        })
        .collect();
    let by = j.fills_by();
    writeln!(
        w,
        "fills: {} (B {}, W {}; protective B {}, W {}; prisoners B {}, W {}): {}",
        j.fills.len(),
        by[0],
        by[1],
        j.protective()[0],
        j.protective()[1],
        j.fill_prisoners()[0],
        j.fill_prisoners()[1],
        fills.join(" ")
    )?;
    let b = &j.before_fill;
    let a = &j.after_fill;
    writeln!(
        w,
        "before filling: stones B {} W {}; territory B {} W {}{}; seki eyes B {} W {}; shared {}; dame {}",
        b.stones[0], b.stones[1], b.territory[0], b.territory[1], open_border_note(b), b.seki_eyes[0], b.seki_eyes[1], b.shared, b.dame
    )?;
    writeln!(
        w,
        "after filling:  stones B {} W {}; territory B {} W {}{}; seki eyes B {} W {}; shared {}; dame {}",
        a.stones[0], a.stones[1], a.territory[0], a.territory[1], open_border_note(a), a.seki_eyes[0], a.seki_eyes[1], a.shared, a.dame
    )?;
    let e = j.eye_points();
    writeln!(
        w,
        "groups: B {} ({} in seki), W {} ({} in seki); eye points B {}, W {}",
        j.groups[0].len(),
        j.groups[0].iter().filter(|g| g.seki).count(),
        j.groups[1].len(),
        j.groups[1].iter().filter(|g| g.seki).count(),
        e[0],
        e[1]
    )?;
    for g in j.groups.iter().flatten() {
        writeln!(
            w,
            "  group {} at {}: {} stones{}, {} eye points",
            g.color.letter(),
            g.anchor.to_sgf(),
            g.stones,
            if g.seki { " (seki)" } else { "" },
            g.eye_points
        )?;
    }
    writeln!(w)
}

/// Runs the command.
pub(crate) fn run(
    paths: &[PathBuf],
    select: Option<&Selector>,
    json: bool,
    spec: &JudgeSpec,
    overrides: &[Override],
) -> Result<()> {
    let mut engine = start_engine(spec)?;
    write_each_game(paths, select, |w, item| {
        let game = item.id.to_string();
        let result = item
            .game
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|record| judge_record(&game, record, spec, overrides, engine.as_mut()));
        match &result {
            Err(e) => {
                if json {
                    serde_json::to_writer(&mut *w, &JudgedGame::error(game, e.clone()))
                        .map_err(io::Error::from)
                        .and_then(|()| w.write_all(b"\n"))
                } else {
                    writeln!(w, "== {game}\nerror: {e}\n")
                }
            }
            Ok((j, r)) => {
                if json {
                    serde_json::to_writer(&mut *w, &judged(game, j, &r.board))
                        .map_err(io::Error::from)
                        .and_then(|()| w.write_all(b"\n"))
                } else {
                    write_text(w, &game, j, &r.board)
                }
            }
        }
    })?;
    Ok(())
}
