//! A parsed game tree → a [`GameRecord`]: normalised game info and the main
//! line as a flat list of events (setup and moves) ready to replay, plus every
//! problem met on the way. [`load_collection`] runs the whole pipeline on one
//! file's bytes.
//!
//! Nothing here plays moves on a board; that is the replay crate's job.

use std::fmt;

use crate::decode::{decode, DecodeStep};
use crate::info::{GameInfo, Handicap, Komi};
use crate::parse::{parse_collection, unescape_simple_text, unescape_text, ParseIssue, SgfTree};
use crate::types::{Color, Point, MAX_BOARD_SIZE, MIN_BOARD_SIZE};

/// What a setup property does to a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupOp {
    /// `AB`, `AW`: place a stone.
    Add(Color),
    /// `AE`: empty the point.
    Clear,
}

/// Where a move goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTarget {
    Pass,
    Point(Point),
    /// A coordinate that is not on the board; kept raw.
    OffBoard(String),
}

/// One event of the main line, in record order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Setup {
        node: u32,
        op: SetupOp,
        point: Point,
    },
    Move {
        node: u32,
        color: Color,
        target: MoveTarget,
    },
}

/// A problem in a record that did not stop it being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordIssue {
    /// A grammar deviation (the game is a lenient parse).
    Parse(ParseIssue),
    /// Main-line node (0 = root) holding more than one move; all are played in order.
    SeveralMovesInNode { node: u32, count: usize },
    /// A setup value that is not a point on the board; skipped.
    BadSetupPoint { node: u32, raw: String },
    /// An `LB` value that is not `point:text` with the point on the board;
    /// skipped.
    BadLabel { node: u32, raw: String },
    /// `HA` and the setup stones disagree.
    HandicapConflict { ha: String, setup_stones: usize },
    /// The record has no moves at all.
    NoMoves,
    /// No `KM`, and the root's `KO` holds a value: read as the komi, as old
    /// tom.com exports write it.
    KomiFromKo { raw: String },
}

impl fmt::Display for RecordIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordIssue::Parse(p) => write!(f, "{p}"),
            RecordIssue::SeveralMovesInNode { node, count } => {
                write!(f, "node {node} holds {count} moves; played in order")
            }
            RecordIssue::BadSetupPoint { node, raw } => write!(
                f,
                "node {node}: setup point [{raw}] is off the board; skipped"
            ),
            RecordIssue::BadLabel { node, raw } => write!(
                f,
                "node {node}: label LB[{raw}] is not a point on the board with its text; skipped"
            ),
            RecordIssue::HandicapConflict { ha, setup_stones } => {
                write!(
                    f,
                    "HA[{ha}] but {setup_stones} black setup stones; the stones are used"
                )
            }
            RecordIssue::NoMoves => write!(f, "the record has no moves"),
            RecordIssue::KomiFromKo { raw } => write!(f, "no KM: KO[{raw}] read as the komi"),
        }
    }
}

/// Why a game (or a whole file) could not be read as a go record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("no SGF game tree found ({0})")]
    NoGameTree(String),
    #[error("empty game tree: no node at all")]
    EmptyTree,
    #[error("not a go record: GM[{0}]")]
    NotGo(String),
    #[error(
        "board size SZ[{0}] is not supported ({MIN_BOARD_SIZE}..={MAX_BOARD_SIZE} points each way)"
    )]
    UnsupportedSize(String),
}

/// One game, ready to replay.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Index of the game within its file's collection (0-based).
    pub index: usize,
    /// The longer side: the size of a square board, and the side of the
    /// square frame a rectangular one lies in (`SZ[19:13]`: 19).
    pub size: u8,
    /// Points across and down (`SZ[19:13]`: 19 and 13; equal on a square
    /// board).
    pub width: u8,
    pub height: u8,
    pub info: GameInfo,
    /// The main line's events in record order (root setup first).
    pub events: Vec<Event>,
    /// Comments of main-line nodes other than the root: (node, text).
    pub comments: Vec<(u32, String)>,
    /// `TB`/`TW` territory marks of the last main-line node that has them.
    pub territory_marks: [Vec<Point>; 2],
    /// `LB` labels (point, text) of the last main-line node that has them:
    /// the letters and signs a diagram prints on its points.
    pub labels: Vec<(Point, String)>,
    /// Number of main-line nodes (root included).
    pub main_line_nodes: u32,
    /// Main-line nodes with more than one child (variations not replayed).
    pub branch_points: u32,
    pub issues: Vec<RecordIssue>,
}

impl GameRecord {
    /// True when the tree needed lenient reading.
    #[must_use]
    pub fn lenient(&self) -> bool {
        self.issues
            .iter()
            .any(|i| matches!(i, RecordIssue::Parse(_)))
    }
}

/// Everything read from one file.
#[derive(Debug, Clone)]
pub struct LoadedFile {
    pub encoding: &'static str,
    pub decode_step: DecodeStep,
    pub declared_charset: Option<String>,
    pub decode_malformed: bool,
    pub decode_note: Option<String>,
    /// Issues outside any game tree (junk before or after).
    pub file_issues: Vec<ParseIssue>,
    /// One entry per game tree; a file with no tree has one error entry.
    pub games: Vec<Result<GameRecord, RecordError>>,
}

/// Decodes, parses and extracts every game of one file.
#[must_use]
pub fn load_collection(bytes: &[u8], vote: Option<&'static encoding_rs::Encoding>) -> LoadedFile {
    let decoded = decode(bytes, vote);
    let parsed = parse_collection(&decoded.text);
    let mut games: Vec<Result<GameRecord, RecordError>> = parsed
        .trees
        .iter()
        .enumerate()
        .map(|(i, t)| extract(i, t))
        .collect();
    if games.is_empty() {
        let why = if bytes.is_empty() {
            "the file is empty".to_string()
        } else if decoded.text.trim().is_empty() {
            "the file holds only white space".to_string()
        } else {
            format!("{} bytes with no `(;`", bytes.len())
        };
        games.push(Err(RecordError::NoGameTree(why)));
    }
    LoadedFile {
        encoding: decoded.encoding.name(),
        decode_step: decoded.step,
        declared_charset: decoded.declared,
        decode_malformed: decoded.malformed,
        decode_note: decoded.note,
        file_issues: parsed.issues,
        games,
    }
}

fn first_value<'a>(tree: &SgfTree<'a>, node: u32, ident: &str) -> Option<&'a str> {
    tree.props(node)
        .iter()
        .find(|p| p.ident == ident)
        .and_then(|p| tree.values(p).first().copied())
}

/// `SZ[n]` or FF[4]'s `SZ[columns:rows]`: the board's width and height.
fn parse_size(raw: &str) -> Result<Shape, RecordError> {
    let bad = || RecordError::UnsupportedSize(raw.to_string());
    let (w, h) = match raw.split_once(':') {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (raw.trim(), raw.trim()),
    };
    let side = |v: &str| -> Result<u8, RecordError> {
        let n: u32 = v.parse().map_err(|_| bad())?;
        if n < u32::from(MIN_BOARD_SIZE) || n > u32::from(MAX_BOARD_SIZE) {
            return Err(bad());
        }
        Ok(n as u8)
    };
    Ok(Shape {
        width: side(w)?,
        height: side(h)?,
    })
}

/// A board's points across and down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    width: u8,
    height: u8,
}

impl Shape {
    fn holds(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }
}

/// Expands a point-list value: a point or an FF[4] rectangle `aa:cc`.
fn expand_points(raw: &str, shape: Shape) -> Option<Vec<Point>> {
    if let Some((a, b)) = raw.split_once(':') {
        let (a, b) = (parse_point(a, shape)?, parse_point(b, shape)?);
        let mut v = Vec::new();
        for y in a.y.min(b.y)..=a.y.max(b.y) {
            for x in a.x.min(b.x)..=a.x.max(b.x) {
                v.push(Point::new(x, y));
            }
        }
        return Some(v);
    }
    parse_point(raw, shape).map(|p| vec![p])
}

/// One point on the board, as a point-list or `LB` value names it.
fn parse_point(raw: &str, shape: Shape) -> Option<Point> {
    Point::from_sgf(raw.trim()).filter(|&p| shape.holds(p))
}

fn move_target(raw: &str, shape: Shape) -> MoveTarget {
    let t = raw.trim();
    if t.is_empty() || (t == "tt" && shape.width <= 19 && shape.height <= 19) {
        return MoveTarget::Pass;
    }
    match Point::from_sgf(t) {
        Some(p) if shape.holds(p) => MoveTarget::Point(p),
        _ => MoveTarget::OffBoard(raw.to_string()),
    }
}

fn extract(index: usize, tree: &SgfTree<'_>) -> Result<GameRecord, RecordError> {
    if tree.nodes.is_empty() {
        return Err(RecordError::EmptyTree);
    }
    if let Some(gm) = first_value(tree, 0, "GM") {
        if gm.trim() != "1" && !gm.trim().is_empty() {
            return Err(RecordError::NotGo(gm.to_string()));
        }
    }
    let shape = match first_value(tree, 0, "SZ") {
        Some(raw) => parse_size(raw)?,
        None => Shape {
            width: 19,
            height: 19,
        },
    };
    let size = shape.width.max(shape.height);
    let mut issues: Vec<RecordIssue> = tree
        .issues
        .iter()
        .cloned()
        .map(RecordIssue::Parse)
        .collect();
    let mut info = GameInfo::default();
    let mut events = Vec::new();
    let mut comments = Vec::new();
    let mut territory_marks: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    let mut labels: Vec<(Point, String)> = Vec::new();
    let (mut km, mut ha, mut ko_komi) = (None, None, None);
    let mut root_stones: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    let mut main_line_nodes = 0u32;
    let mut branch_points = 0u32;
    let mut moves_total = 0usize;
    for n in tree.main_line() {
        main_line_nodes += 1;
        if tree.child_count(n) > 1 {
            branch_points += 1;
        }
        let mut moves_here = 0usize;
        let mut marks_here: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
        let mut labels_here: Vec<(Point, String)> = Vec::new();
        // Setup is applied before the node's move, whatever the order in the file.
        for p in tree.props(n) {
            let op = match p.ident.as_ref() {
                "AB" => SetupOp::Add(Color::Black),
                "AW" => SetupOp::Add(Color::White),
                "AE" => SetupOp::Clear,
                _ => continue,
            };
            for raw in tree.values(p) {
                match expand_points(raw, shape) {
                    Some(points) => {
                        for point in points {
                            if n == 0 {
                                if let SetupOp::Add(c) = op {
                                    root_stones[c.index()].push(point);
                                }
                            }
                            events.push(Event::Setup { node: n, op, point });
                        }
                    }
                    None => issues.push(RecordIssue::BadSetupPoint {
                        node: n,
                        raw: (*raw).to_string(),
                    }),
                }
            }
        }
        for p in tree.props(n) {
            let text = || tree.values(p).first().map(|v| unescape_simple_text(v));
            match p.ident.as_ref() {
                "B" | "W" => {
                    let color = if p.ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let raw = tree.values(p).first().copied().unwrap_or("");
                    events.push(Event::Move {
                        node: n,
                        color,
                        target: move_target(raw, shape),
                    });
                    moves_here += 1;
                }
                "TB" | "TW" => {
                    let c = usize::from(p.ident == "TW");
                    for raw in tree.values(p) {
                        marks_here[c].extend(expand_points(raw, shape).unwrap_or_default());
                    }
                }
                "LB" => {
                    for raw in tree.values(p) {
                        match raw.split_once(':').and_then(|(at, text)| {
                            Some((parse_point(at, shape)?, unescape_simple_text(text)))
                        }) {
                            Some(label) => labels_here.push(label),
                            None => issues.push(RecordIssue::BadLabel {
                                node: n,
                                raw: (*raw).to_string(),
                            }),
                        }
                    }
                }
                "C" => {
                    if let Some(v) = tree.values(p).first() {
                        let t = unescape_text(v).into_owned();
                        if n == 0 {
                            info.root_comment.get_or_insert(t);
                        } else {
                            comments.push((n, t));
                        }
                    }
                }
                "GC" => {
                    if let Some(v) = tree.values(p).first() {
                        info.game_comment
                            .get_or_insert_with(|| unescape_text(v).into_owned());
                    }
                }
                "PB" => set_once(&mut info.black, text()),
                "PW" => set_once(&mut info.white, text()),
                "BR" => set_once(&mut info.black_rank, text()),
                "WR" => set_once(&mut info.white_rank, text()),
                "DT" => set_once(&mut info.date, text()),
                "EV" => set_once(&mut info.event, text()),
                "RO" => set_once(&mut info.round, text()),
                "PC" => set_once(&mut info.place, text()),
                "RE" => set_once(&mut info.result, text()),
                "RU" => set_once(&mut info.rules, text()),
                "GN" => set_once(&mut info.game_name, text()),
                "KM" => set_once(&mut km, text()),
                // FF[4]'s KO takes no value; old tom.com exports write the
                // komi there.
                "KO" if n == 0 => set_once(&mut ko_komi, text()),
                "HA" => set_once(&mut ha, text()),
                "PL" if n == 0 => {
                    info.player_to_move = match text().as_deref().map(str::trim) {
                        Some("B" | "b" | "1") => Some(Color::Black),
                        Some("W" | "w" | "2") => Some(Color::White),
                        _ => None,
                    };
                }
                _ => {}
            }
        }
        if moves_here > 1 {
            issues.push(RecordIssue::SeveralMovesInNode {
                node: n,
                count: moves_here,
            });
        }
        if !marks_here[0].is_empty() || !marks_here[1].is_empty() {
            territory_marks = marks_here;
        }
        if !labels_here.is_empty() {
            labels = labels_here;
        }
        moves_total += moves_here;
    }
    if moves_total == 0 {
        issues.push(RecordIssue::NoMoves);
    }
    if km.is_none() {
        if let Some(raw) = ko_komi.filter(|v| !v.trim().is_empty()) {
            issues.push(RecordIssue::KomiFromKo { raw: raw.clone() });
            km = Some(raw);
        }
    }
    info.komi = Komi::normalise(km.as_deref(), info.rules.as_deref());
    info.handicap = Handicap::normalise(ha.as_deref(), size, &root_stones[0], &root_stones[1]);
    if info.handicap.source == crate::info::HandicapSource::Conflict {
        issues.push(RecordIssue::HandicapConflict {
            ha: ha.clone().unwrap_or_default(),
            setup_stones: root_stones[0].len(),
        });
    }
    Ok(GameRecord {
        index,
        size,
        width: shape.width,
        height: shape.height,
        info,
        events,
        comments,
        territory_marks,
        labels,
        main_line_nodes,
        branch_points,
        issues,
    })
}

fn set_once(slot: &mut Option<String>, value: Option<String>) {
    if slot.is_none() {
        *slot = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> GameRecord {
        load_collection(text.as_bytes(), None)
            .games
            .remove(0)
            .unwrap()
    }

    #[test]
    fn two_moves_in_one_node_are_both_kept() {
        let g = one("(;GM[1]SZ[9];B[aa]W[bb];B[cc])");
        let moves = g
            .events
            .iter()
            .filter(|e| matches!(e, Event::Move { .. }))
            .count();
        assert_eq!(moves, 3);
        assert!(g
            .issues
            .contains(&RecordIssue::SeveralMovesInNode { node: 1, count: 2 }));
    }

    #[test]
    fn labels_are_the_last_labelled_nodes() {
        // The transcription of the seki diagram 图八: its two points
        // labelled A and B.
        let g = crate::load_collection(&lanke_testdata::classic("seki-fig8.sgf"), None)
            .games
            .remove(0)
            .unwrap();
        let text: Vec<(String, &str)> = g
            .labels
            .iter()
            .map(|(p, t)| (p.to_sgf(), t.as_str()))
            .collect();
        assert_eq!(text, [("eb".to_string(), "A"), ("kb".to_string(), "B")]);
        // A later node's labels replace earlier ones; a label off the board
        // or without its text is skipped with an issue naming it.
        let g = one("(;GM[1]SZ[9]LB[aa:1];B[cc]LB[bb:x][zz:y][cc];W[dd])");
        assert_eq!(g.labels, [(Point::new(1, 1), "x".to_string())]);
        assert!(g.issues.contains(&RecordIssue::BadLabel {
            node: 1,
            raw: "zz:y".into()
        }));
        assert!(g.issues.contains(&RecordIssue::BadLabel {
            node: 1,
            raw: "cc".into()
        }));
    }

    #[test]
    fn komi_in_ko_is_read_when_km_is_missing() {
        let g = one("(GM[1]SZ[19]KO[6.5]RE[W+2.5]B[pd]W[dd])");
        assert_eq!(g.info.komi.points, Some(6.5));
        assert!(g
            .issues
            .contains(&RecordIssue::KomiFromKo { raw: "6.5".into() }));
        // KM wins over KO; a KO with no value is FF[4]'s move property.
        let g = one("(;GM[1]SZ[19]KM[5.5]KO[6.5];B[pd])");
        assert_eq!(g.info.komi.points, Some(5.5));
        let g = one("(;GM[1]SZ[19];B[pd]KO[])");
        assert_eq!(g.info.komi.points, None);
    }

    #[test]
    fn passes_and_off_board_moves() {
        let g = one("(;SZ[19];B[];W[tt];B[zz])");
        let targets: Vec<_> = g
            .events
            .iter()
            .map(|e| match e {
                Event::Move { target, .. } => target.clone(),
                Event::Setup { .. } => unreachable!(),
            })
            .collect();
        assert_eq!(
            targets,
            [
                MoveTarget::Pass,
                MoveTarget::Pass,
                MoveTarget::OffBoard("zz".into())
            ]
        );
        // On 21x21 `tt` is a real point.
        let g = one("(;SZ[21];B[tt])");
        assert!(
            matches!(&g.events[0], Event::Move { target: MoveTarget::Point(p), .. } if p.x == 19)
        );
    }

    /// FF[4]'s `SZ[columns:rows]`: a point beyond the rows is off the
    /// board, one within them is played.
    #[test]
    fn a_rectangular_board_is_read_columns_by_rows() {
        let g = one("(;FF[4]SZ[9:5];B[ie];W[af];B[ae])");
        assert_eq!((g.size, g.width, g.height), (9, 9, 5));
        assert!(
            matches!(&g.events[0], Event::Move { target: MoveTarget::Point(p), .. } if (p.x, p.y) == (8, 4))
        );
        assert!(matches!(
            &g.events[1],
            Event::Move {
                target: MoveTarget::OffBoard(_),
                ..
            }
        ));
        let square = one("(;SZ[13];B[aa])");
        assert_eq!((square.size, square.width, square.height), (13, 13, 13));
    }

    #[test]
    fn sizes_out_of_range_are_clear_errors() {
        let f = load_collection(b"(;SZ[37];B[aa])", None);
        assert_eq!(
            f.games[0].as_ref().unwrap_err(),
            &RecordError::UnsupportedSize("37".into())
        );
        let f = load_collection(b"(;SZ[19:26];B[aa])", None);
        assert_eq!(
            f.games[0].as_ref().unwrap_err(),
            &RecordError::UnsupportedSize("19:26".into())
        );
        let f = load_collection(b"(;GM[3];B[aa])", None);
        assert_eq!(
            f.games[0].as_ref().unwrap_err(),
            &RecordError::NotGo("3".into())
        );
    }

    #[test]
    fn empty_and_junk_files_are_errors_not_silence() {
        for bytes in [&b""[..], b"   \n", b"\x00\x01\x02\xff\xfe garbage"] {
            let f = load_collection(bytes, None);
            assert_eq!(f.games.len(), 1);
            assert!(matches!(f.games[0], Err(RecordError::NoGameTree(_))));
        }
    }

    #[test]
    fn compressed_point_lists_expand() {
        let g = one("(;SZ[9]AB[aa:bb]AW[cc];B[dd])");
        let setups = g
            .events
            .iter()
            .filter(|e| matches!(e, Event::Setup { .. }))
            .count();
        assert_eq!(setups, 5);
    }
}
