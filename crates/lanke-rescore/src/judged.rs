//! A judged game as the judge command shows it and a notebook binding
//! returns it: the dead stones, seki (with the liberties it shares), dame,
//! fills, counts before and after filling and the judged diagram, as plain
//! serializable data (`JudgedGame`); and the judgement a record gets,
//! resigned games their mid-game estimate, as `batch` gives it
//! (`judge_record`).

use lanke_board::{replay, Board, Replay};
use lanke_judge::{ChainInfo, Counts, FillKind, Judgement, PointClass};
use lanke_sgf::{Color, GameRecord};
use serde::Serialize;

use crate::judging::{
    ended_on_the_board, judge_game, judge_name, spec_for_game, JudgeSpec, Override,
};

/// A Black/White pair in JSON: `{"B": .., "W": ..}`.
#[derive(Serialize)]
pub struct PerColor<T> {
    #[serde(rename = "B")]
    pub black: T,
    #[serde(rename = "W")]
    pub white: T,
}

impl<T: Clone> From<&[T; 2]> for PerColor<T> {
    fn from(v: &[T; 2]) -> Self {
        PerColor {
            black: v[0].clone(),
            white: v[1].clone(),
        }
    }
}

fn pc<T: Clone>(v: &[T; 2]) -> PerColor<T> {
    PerColor::from(v)
}

#[derive(Serialize)]
pub struct CountsView {
    pub stones: PerColor<u32>,
    pub territory: PerColor<u32>,
    pub seki_eyes: PerColor<u32>,
    pub shared: u32,
    pub dame: u32,
    /// Of `territory`, the open-border points estimated from the playouts.
    pub open_border: PerColor<u32>,
}

fn counts_view(c: &Counts) -> CountsView {
    CountsView {
        stones: pc(&c.stones),
        territory: pc(&c.territory),
        seki_eyes: pc(&c.seki_eyes),
        shared: c.shared,
        dame: c.dame,
        open_border: pc(&c.open_border),
    }
}

#[derive(Serialize)]
pub struct FillView {
    pub color: char,
    pub point: String,
    pub kind: &'static str,
    /// Live stones the fill captured (prisoners).
    pub prisoners: u16,
}

/// One chain of the judged position: what it is, how sure the judge is,
/// and which stage decided it.
#[derive(Serialize)]
pub struct ChainView {
    pub color: char,
    /// Its first stone in board order.
    pub at: String,
    pub stones: usize,
    /// `alive`, `dead` or `seki` (an open chain is never in seki).
    pub status: &'static str,
    pub confidence: f32,
    /// The stage that decided it (`StatusReason::as_str`).
    pub reason: &'static str,
}

impl ChainView {
    fn of(c: &ChainInfo) -> ChainView {
        ChainView {
            color: c.color.letter(),
            at: c.stones[0].to_sgf(),
            stones: c.stones.len(),
            status: c.status.as_str(),
            confidence: c.confidence,
            reason: c.reason.as_str(),
        }
    }
}

/// Every chain of `j`, in board order.
#[must_use]
pub fn chain_views(j: &Judgement) -> Vec<ChainView> {
    j.chains.iter().map(ChainView::of).collect()
}

/// The chains `j` leaves open (confidence below
/// [`lanke_judge::OPEN_BELOW`], not in seki: read the other way too), in
/// board order.
#[must_use]
pub fn open_chains(j: &Judgement) -> Vec<ChainView> {
    j.chains
        .iter()
        .filter(|c| c.is_open())
        .map(ChainView::of)
        .collect()
}

/// One game's judgement as plain data (`lanke judge --json`'s line).
#[derive(Serialize)]
pub struct JudgedGame {
    pub game_id: String,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f32>,
    /// Why the judgement is the reading it is (`Basis::as_str`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead: Option<PerColor<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seki: Option<Vec<String>>,
    /// The chains left open (`open_chains`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open: Option<Vec<ChainView>>,
    /// Every chain with its status, confidence and reason (`chain_views`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chains: Option<Vec<ChainView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<PerColor<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eye_points: Option<PerColor<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dame: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fills: Option<Vec<FillView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before_fill: Option<CountsView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_fill: Option<CountsView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagram: Option<Vec<String>>,
}

fn points_where(j: &Judgement, board: &Board, f: impl Fn(PointClass) -> bool) -> Vec<String> {
    board
        .points()
        .map(lanke_board::Board::point)
        .filter(|&p| f(j.class(p)))
        .map(|p| p.to_sgf())
        .collect()
}

/// The judged game `game` (its id): `j` on its final `board`.
#[must_use]
pub fn judged(game: String, j: &Judgement, board: &Board) -> JudgedGame {
    // The seki stones, then the liberties they share: the list an
    // overrides file's `seki` takes back.
    let seki: Vec<String> = j
        .chains
        .iter()
        .filter(|c| c.status == lanke_judge::Status::Seki)
        .flat_map(|c| c.stones.iter().map(|p| p.to_sgf()))
        .chain(points_where(j, board, |c| c == PointClass::SharedLiberty))
        .collect();
    JudgedGame {
        game_id: game,
        status: "ok",
        error: None,
        judge: Some(j.source.clone()),
        confidence: Some(j.confidence),
        basis: Some(j.basis.as_str()),
        dead: Some(PerColor {
            black: j.dead[0].iter().map(|p| p.to_sgf()).collect(),
            white: j.dead[1].iter().map(|p| p.to_sgf()).collect(),
        }),
        seki: Some(seki),
        open: Some(open_chains(j)),
        chains: Some(chain_views(j)),
        groups: Some(PerColor {
            black: j.groups[0].len(),
            white: j.groups[1].len(),
        }),
        eye_points: Some(pc(&j.eye_points())),
        dame: Some(points_where(j, board, |c| c == PointClass::Dame)),
        fills: Some(
            j.fills
                .iter()
                .map(|f| FillView {
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
        before_fill: Some(counts_view(&j.before_fill)),
        after_fill: Some(counts_view(&j.after_fill)),
        diagram: Some(
            judged_diagram(j, board)
                .lines()
                .map(str::to_string)
                .collect(),
        ),
    }
}

impl JudgedGame {
    /// The line of a game that could not be judged.
    #[must_use]
    pub fn error(game: String, error: String) -> JudgedGame {
        JudgedGame {
            game_id: game,
            status: "error",
            error: Some(error),
            judge: None,
            confidence: None,
            basis: None,
            dead: None,
            seki: None,
            open: None,
            chains: None,
            groups: None,
            eye_points: None,
            dame: None,
            fills: None,
            before_fill: None,
            after_fill: None,
            diagram: None,
        }
    }
}

/// The judgement `record` (game `game`) gets under `spec`, with its
/// replay: a resigned or stopped game the mid-game estimate `batch` gives
/// it, its judge named as the reports name it.
pub fn judge_record(
    game: &str,
    record: &GameRecord,
    spec: &JudgeSpec,
    overrides: &[Override],
    engine: Option<&mut lanke_gtp::GtpEngine>,
) -> Result<(Judgement, Replay), String> {
    let r = replay(record);
    let finished = ended_on_the_board(record.info.result.as_deref().unwrap_or(""), &r);
    let spec = spec_for_game(spec, finished);
    judge_game(game, record, &r, &spec, overrides, engine).map(|mut j| {
        j.source = judge_name(&spec, &j);
        (j, r)
    })
}

/// The judged diagram: `X O` live, `x o` dead, `+` Black's territory,
/// `-` White's, `#` seki eye, `=` shared seki liberty, `.` dame.
#[must_use]
pub fn judged_diagram(j: &Judgement, board: &Board) -> String {
    board.diagram_with(|p, _| match j.class(p) {
        PointClass::LiveStone(Color::Black) => 'X',
        PointClass::LiveStone(Color::White) => 'O',
        PointClass::DeadStone(Color::Black) => 'x',
        PointClass::DeadStone(Color::White) => 'o',
        PointClass::Territory(Color::Black) => '+',
        PointClass::Territory(Color::White) => '-',
        PointClass::SekiEye(_) => '#',
        PointClass::SharedLiberty => '=',
        PointClass::Dame => '.',
    })
}
