//! Replaying a record's main line: the final position, tallies per colour,
//! the position history and the anomalies found.
//!
//! Documented handling of what real records hold (the replay never aborts):
//! - a move on an occupied point is counted as a move of its colour, listed
//!   as an anomaly, and leaves the board unchanged;
//! - an immediate recapture of a simple ko is listed and played as recorded;
//! - a suicide is listed and played: the stones without liberties are removed
//!   and credited to the opponent's captures (as New Zealand and Ing rules do);
//! - a move off the board is listed and skipped (neither a move nor a pass);
//! - a second move in the same SGF node is listed and played in order;
//! - setup properties (AB/AW/AE) anywhere on the main line are applied before
//!   that node's move, with no captures, and clear the ko point.

use lanke_sgf::{Color, Event, GameRecord, MoveTarget, Point, SetupOp};

use crate::board::{Board, Cell};

/// What went wrong with a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnomalyKind {
    /// The point already held a stone; the move changed nothing.
    Occupied,
    /// Immediate recapture of a simple ko; played as recorded.
    KoRecapture,
    /// The move left its own chain without liberties; those stones were removed.
    Suicide { stones: u16 },
    /// A coordinate off the board; skipped.
    OffBoard(String),
    /// A second move in the same SGF node; played in order.
    SharedNode,
}

impl AnomalyKind {
    /// A stable short name for reports.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        match self {
            AnomalyKind::Occupied => "occupied",
            AnomalyKind::KoRecapture => "ko-recapture",
            AnomalyKind::Suicide { .. } => "suicide",
            AnomalyKind::OffBoard(_) => "off-board",
            AnomalyKind::SharedNode => "shared-node",
        }
    }
}

/// An anomaly and where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anomaly {
    /// 1-based move number (passes count).
    pub move_number: u32,
    /// Main-line node (0 = root).
    pub node: u32,
    pub color: Color,
    pub point: Option<Point>,
    pub kind: AnomalyKind,
}

impl std::fmt::Display for Anomaly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = self.point.map(|p| p.to_sgf()).unwrap_or_default();
        match &self.kind {
            AnomalyKind::OffBoard(raw) => write!(
                f,
                "move {} {}[{raw}]: off the board, skipped",
                self.move_number, self.color
            ),
            AnomalyKind::Occupied => write!(
                f,
                "move {} {}[{at}]: point occupied, move ignored",
                self.move_number, self.color
            ),
            AnomalyKind::KoRecapture => write!(
                f,
                "move {} {}[{at}]: immediate ko recapture",
                self.move_number, self.color
            ),
            AnomalyKind::Suicide { stones } => {
                write!(
                    f,
                    "move {} {}[{at}]: suicide of {stones} stone(s)",
                    self.move_number, self.color
                )
            }
            AnomalyKind::SharedNode => write!(
                f,
                "move {} {}[{at}]: second move in SGF node {}; played in order",
                self.move_number, self.color, self.node
            ),
        }
    }
}

/// Per-colour counts of a replayed game (index 0 Black, 1 White).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Moves on the board (occupied-point moves included).
    pub moves: [u32; 2],
    pub passes: [u32; 2],
    /// Stones each colour captured from the other during play.
    pub captures: [u32; 2],
    /// Stones each colour placed by setup (AB/AW).
    pub setup: [u32; 2],
    /// Colour of the first move (pass included).
    pub first_player: Option<Color>,
    /// Colour of the last move on the board (the one who collected last).
    pub last_mover: Option<Color>,
    /// Colour of the last move, pass included.
    pub last_player: Option<Color>,
    /// Move number of the first of the first two consecutive passes.
    pub first_double_pass: Option<u32>,
}

/// One move as played, for ko and cycle analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub number: u32,
    pub node: u32,
    pub color: Color,
    /// `None` for a pass (and for a skipped off-board move).
    pub point: Option<Point>,
    pub captured: u16,
    /// Zobrist hash of the position after the move.
    pub hash_after: u64,
}

/// The result of replaying a record.
#[derive(Clone, Debug)]
pub struct Replay {
    pub board: Board,
    pub tally: Tally,
    pub anomalies: Vec<Anomaly>,
    /// Every move in order.
    pub moves: Vec<PlayedMove>,
    /// Hash of the position before the first move (after root setup).
    pub start_hash: u64,
    /// The ko the record leaves open: the point the colour may not play at
    /// once, because the last move took one stone there as a ko.
    pub ko_ban: Option<(Point, Color)>,
}

impl Replay {
    /// The point `color` may not play at once at the end of the record (the
    /// last move took a ko there), if any.
    #[must_use]
    pub fn ko_ban_for(&self, color: Color) -> Option<Point> {
        self.ko_ban.filter(|&(_, c)| c == color).map(|(p, _)| p)
    }
}

/// Who is to move after the record's last move: the other colour of the
/// last mover, else the record's `PL`, else Black.
#[must_use]
pub fn next_to_move(record: &GameRecord, replay: &Replay) -> Color {
    replay
        .tally
        .last_player
        .map(Color::opponent)
        .or(record.info.player_to_move)
        .unwrap_or(Color::Black)
}

/// Replays the main line of a record.
#[must_use]
pub fn replay(record: &GameRecord) -> Replay {
    let mut board = Board::with_shape(record.width, record.height);
    let mut tally = Tally::default();
    let mut anomalies = Vec::new();
    let mut moves = Vec::with_capacity(record.events.len());
    let mut ko: Option<(usize, Color)> = None; // point the colour may not retake at once
    let mut number = 0u32;
    let mut previous_was_pass = false;
    let mut start_hash = None;
    let mut last_move_node = None;
    for event in &record.events {
        match event {
            Event::Setup { op, point, .. } => {
                let cell = match op {
                    SetupOp::Add(c) => {
                        tally.setup[c.index()] += 1;
                        Cell::of(*c)
                    }
                    SetupOp::Clear => Cell::Empty,
                };
                board.put(*point, cell);
                ko = None;
            }
            Event::Move {
                node,
                color,
                target,
            } => {
                if start_hash.is_none() {
                    start_hash = Some(board.hash());
                }
                number += 1;
                let c = color.index();
                tally.first_player.get_or_insert(*color);
                tally.last_player = Some(*color);
                let mut played = PlayedMove {
                    number,
                    node: *node,
                    color: *color,
                    point: None,
                    captured: 0,
                    hash_after: 0,
                };
                let mut anomaly = |kind, point| {
                    anomalies.push(Anomaly {
                        move_number: number,
                        node: *node,
                        color: *color,
                        point,
                        kind,
                    });
                };
                if last_move_node == Some(*node) {
                    let point = match target {
                        MoveTarget::Point(p) => Some(*p),
                        _ => None,
                    };
                    anomaly(AnomalyKind::SharedNode, point);
                }
                last_move_node = Some(*node);
                match target {
                    MoveTarget::Pass => {
                        tally.passes[c] += 1;
                        if previous_was_pass && tally.first_double_pass.is_none() {
                            tally.first_double_pass = Some(number - 1);
                        }
                        previous_was_pass = true;
                        ko = None;
                    }
                    MoveTarget::OffBoard(raw) => {
                        anomaly(AnomalyKind::OffBoard(raw.clone()), None);
                        previous_was_pass = false;
                    }
                    MoveTarget::Point(p) => {
                        previous_was_pass = false;
                        tally.moves[c] += 1;
                        tally.last_mover = Some(*color);
                        played.point = Some(*p);
                        let i = Board::idx(*p);
                        if board.cell(i) != Cell::Empty {
                            anomaly(AnomalyKind::Occupied, Some(*p));
                        } else {
                            if ko == Some((i, *color)) {
                                anomaly(AnomalyKind::KoRecapture, Some(*p));
                            }
                            let r = board.play(*color, i);
                            tally.captures[c] += u32::from(r.captured);
                            played.captured = r.captured;
                            if r.suicided > 0 {
                                tally.captures[color.opponent().index()] += u32::from(r.suicided);
                                anomaly(AnomalyKind::Suicide { stones: r.suicided }, Some(*p));
                            }
                            ko = r.ko_point().map(|at| (at, color.opponent()));
                        }
                    }
                }
                played.hash_after = board.hash();
                moves.push(played);
            }
        }
    }
    Replay {
        start_hash: start_hash.unwrap_or_else(|| board.hash()),
        board,
        tally,
        anomalies,
        moves,
        ko_ban: ko.map(|(i, c)| (Board::point(i), c)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lanke_sgf::load_collection;

    fn run(sgf: &str) -> Replay {
        let f = load_collection(sgf.as_bytes(), None);
        replay(f.games[0].as_ref().unwrap())
    }

    #[test]
    fn ko_recapture_is_listed_and_played() {
        // Black takes the ko at cb, White retakes at once at bb.
        let r = run("(;SZ[5]AB[ba][ab][bc]AW[bb][ca][cc][db];B[cb];W[bb])");
        assert_eq!(r.anomalies.len(), 1);
        assert_eq!(r.anomalies[0].kind, AnomalyKind::KoRecapture);
        assert_eq!(r.anomalies[0].move_number, 2);
        assert_eq!(r.tally.captures, [1, 1]);
    }

    #[test]
    fn a_record_ending_on_a_ko_capture_bans_the_retake() {
        // Black takes the ko at cb: White may not retake at bb at once.
        let r = run("(;SZ[5]AB[ba][ab][bc]AW[bb][ca][cc][db];B[cb])");
        let bb = Point::from_sgf("bb").unwrap();
        assert_eq!(r.ko_ban, Some((bb, Color::White)));
        assert_eq!(r.ko_ban_for(Color::White), Some(bb));
        assert_eq!(r.ko_ban_for(Color::Black), None);
        // Any later move lifts the ban.
        let r = run("(;SZ[5]AB[ba][ab][bc]AW[bb][ca][cc][db];B[cb];W[ee])");
        assert_eq!(r.ko_ban, None);
    }

    #[test]
    fn occupied_point_and_suicide_and_passes() {
        let r = run("(;SZ[5]AW[ba][ab];B[aa];W[cc];B[cc];W[];B[];W[dd])");
        let kinds: Vec<_> = r.anomalies.iter().map(|a| a.kind.as_str()).collect();
        assert_eq!(kinds, ["suicide", "occupied"]);
        assert_eq!(r.tally.captures, [0, 1]);
        assert_eq!(r.tally.moves, [2, 2]);
        assert_eq!(r.tally.passes, [1, 1]);
        assert_eq!(r.tally.first_double_pass, Some(4));
        assert_eq!(r.tally.last_mover, Some(Color::White));
        assert_eq!(r.tally.setup, [0, 2]);
    }
}
