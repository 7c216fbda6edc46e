//! `lanke judge`: the judged final position of every game (dead stones, seki,
//! territory, dame, the filling sequence, groups and eye points), as text or
//! JSON Lines.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use lanke_board::replay;
use lanke_judge::{Counts, FillKind, Judgement, PointClass};
use lanke_sgf::Point;
use serde::Serialize;

use crate::output::{judged_diagram, write_each_game, PerColor};
use lanke_games::Selector;
use lanke_rescore::judging::{
    ended_on_the_board, judge_game, judge_name, spec_for_game, start_engine, JudgeSpec, Override,
};

fn pc<T: Clone>(v: &[T; 2]) -> PerColor<T> {
    PerColor::from(v)
}

#[derive(Serialize)]
struct CountsJson {
    stones: PerColor<u32>,
    territory: PerColor<u32>,
    seki_eyes: PerColor<u32>,
    shared: u32,
    dame: u32,
    /// Of `territory`, the open-border points estimated from the playouts.
    open_border: PerColor<u32>,
}

fn counts_json(c: &Counts) -> CountsJson {
    CountsJson {
        stones: pc(&c.stones),
        territory: pc(&c.territory),
        seki_eyes: pc(&c.seki_eyes),
        shared: c.shared,
        dame: c.dame,
        open_border: pc(&c.open_border),
    }
}

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

#[derive(Serialize)]
struct FillJson {
    color: char,
    point: String,
    kind: &'static str,
    /// Live stones the fill captured (prisoners).
    prisoners: u16,
}

#[derive(Serialize)]
struct JudgeJson {
    game_id: String,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    judge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead: Option<PerColor<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seki: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    groups: Option<PerColor<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eye_points: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dame: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fills: Option<Vec<FillJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    before_fill: Option<CountsJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    after_fill: Option<CountsJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diagram: Option<Vec<String>>,
}

fn points_where(
    j: &Judgement,
    board: &lanke_board::Board,
    f: impl Fn(PointClass) -> bool,
) -> Vec<String> {
    board
        .points()
        .map(lanke_board::Board::point)
        .filter(|&p| f(j.class(p)))
        .map(|p| p.to_sgf())
        .collect()
}

fn judge_json(game: String, j: &Judgement, board: &lanke_board::Board) -> JudgeJson {
    // The seki stones, then the liberties they share: the list an
    // overrides file's `seki` takes back.
    let seki: Vec<String> = j
        .chains
        .iter()
        .filter(|c| c.status == lanke_judge::Status::Seki)
        .flat_map(|c| c.stones.iter().map(|p| p.to_sgf()))
        .chain(points_where(j, board, |c| c == PointClass::SharedLiberty))
        .collect();
    JudgeJson {
        game_id: game,
        status: "ok",
        error: None,
        judge: Some(j.source.clone()),
        confidence: Some(j.confidence),
        dead: Some(PerColor {
            black: j.dead[0].iter().map(|p| p.to_sgf()).collect(),
            white: j.dead[1].iter().map(|p| p.to_sgf()).collect(),
        }),
        seki: Some(seki),
        groups: Some(PerColor {
            black: j.groups[0].len(),
            white: j.groups[1].len(),
        }),
        eye_points: Some(pc(&j.eye_points())),
        dame: Some(points_where(j, board, |c| c == PointClass::Dame)),
        fills: Some(
            j.fills
                .iter()
                .map(|f| FillJson {
                    color: f.color.letter(),
                    point: f.point.to_sgf(),
                    kind: match f.kind {
                        FillKind::Dame => "dame",
                        FillKind::Protective => "protective",
                    },
                    prisoners: f.prisoners,
                })
                .collect(),
        ),
        before_fill: Some(counts_json(&j.before_fill)),
        after_fill: Some(counts_json(&j.after_fill)),
        diagram: Some(
            judged_diagram(j, board)
                .lines()
                .map(str::to_string)
                .collect(),
        ),
    }
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
    let pts = |v: &Vec<Point>| v.iter().map(|p| p.to_sgf()).collect::<Vec<_>>().join(" ");
    writeln!(
        w,
        "dead: B {} [{}]; W {} [{}]",
        j.dead[0].len(),
        pts(&j.dead[0]),
        j.dead[1].len(),
        pts(&j.dead[1])
    )?;
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
        let judged = item.game.as_ref().map_err(Clone::clone).and_then(|record| {
            let r = replay(record);
            // A resigned or stopped game gets the batch's mid-game estimate.
            let finished = ended_on_the_board(record.info.result.as_deref().unwrap_or(""), &r);
            let spec = spec_for_game(spec, finished);
            judge_game(&game, record, &r, &spec, overrides, engine.as_mut()).map(|mut j| {
                j.source = judge_name(&spec, &j);
                (j, r)
            })
        });
        match &judged {
            Err(e) => {
                if json {
                    let row = JudgeJson {
                        game_id: game,
                        status: "error",
                        error: Some(e.clone()),
                        judge: None,
                        confidence: None,
                        dead: None,
                        seki: None,
                        groups: None,
                        eye_points: None,
                        dame: None,
                        fills: None,
                        before_fill: None,
                        after_fill: None,
                        diagram: None,
                    };
                    serde_json::to_writer(&mut *w, &row)
                        .map_err(io::Error::from)
                        .and_then(|()| w.write_all(b"\n"))
                } else {
                    writeln!(w, "== {game}\nerror: {e}\n")
                }
            }
            Ok((j, r)) => {
                if json {
                    serde_json::to_writer(&mut *w, &judge_json(game, j, &r.board))
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
