//! The RULES.md §1 quantities of one game, and the arithmetic on them the
//! families share. They are read once from the replay and the judgement by
//! the rescoring (`lanke-rescore`); this crate knows no judge.

use lanke_board::{Board, EmptyRegion, Replay};
use lanke_sgf::Color;

/// Per-colour arrays are indexed 0 Black, 1 White.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Quantities {
    /// Board points.
    pub points: u32,
    /// `S`: live stones after filling.
    pub stones: [u32; 2],
    /// `T`: territory after filling (protective moves already cost).
    pub territory: [u32; 2],
    /// `K`: seki eyes.
    pub seki_eyes: [u32; 2],
    /// `Q`: shared seki liberties.
    pub shared: u32,
    /// `D`: dame nobody could fill.
    pub dame: u32,
    /// Area before filling (`S + T + K` on the judged position as it stands).
    pub area_before_fill: [u32; 2],
    /// Dame before filling.
    pub dame_before_fill: u32,
    /// Points of an open border (a boundary the record left unclosed) that
    /// the judge estimated as territory, both colours, before filling; with
    /// `dame_before_fill`, what the record left neutral.
    pub open_border: u32,
    /// `C`: stones captured during play.
    pub captured: [u32; 2],
    /// Live stones captured by the judgement's fills (an open ko taken in
    /// the dame phase, or a live chain taken to save one's own): prisoners,
    /// like `C`.
    pub fill_captured: [u32; 2],
    /// `X`: dead stones of the other colour removed at the end.
    pub dead_removed: [u32; 2],
    /// `M`: on-board moves in the record.
    pub moves: [u32; 2],
    /// Passes in the record.
    pub passes: [u32; 2],
    /// Passes in the play phase (before the first two consecutive passes)
    /// that are not one of two consecutive passes: seed 000 §2's virtual
    /// moves, which the art versions charge only in the play phase.
    pub lone_passes: [u32; 2],
    /// On-board moves before the first two consecutive passes (play phase).
    pub play_phase_moves: [u32; 2],
    /// Filling moves (dame and protective) the judgement added.
    pub fills: [u32; 2],
    /// Who is to move after the record (fills first when the dame are
    /// split by turns); `None` when unknown (quantities built by hand):
    /// the filled dame are then split evenly.
    pub first_to_fill: Option<Color>,
    /// The colour whose move began the judge's ending of this reading:
    /// the side to move, or its opponent where the judge kept the ending
    /// that began with it; `None` when unknown.
    pub ending_begun_by: Option<Color>,
    /// Protective moves among the fills.
    pub protective: [u32; 2],
    /// `G`: independent and seki living groups.
    pub groups: [u32; 2],
    /// `BE`: basic eye points.
    pub eye_points: [u32; 2],
    /// The part of `BE` kept by seki groups (1 per seki group owning an eye).
    pub seki_eye_points: [u32; 2],
    /// `N`: handicap stones.
    pub handicap: u32,
    /// Who made the last on-board move of the completed game (fills included).
    pub last_on_board: Option<Color>,
    /// Who made the first move on the board: White in a handicap game (the
    /// handicap stones are set, not played), else the colour of the
    /// record's first move; `None` for a diagram.
    pub first_mover: Option<Color>,
    /// Stones on the board at the end of the record, dead ones included.
    pub on_board_at_end: [u32; 2],
    /// Tromp–Taylor area: every stone alive, empty regions reaching one colour only.
    pub all_alive_area: [u32; 2],
}

impl Quantities {
    /// Neutral points the record left before filling: dame plus the
    /// open-border points the judge estimated as territory.
    #[must_use]
    pub fn neutral_before_fill(&self) -> u32 {
        self.dame_before_fill + self.open_border
    }

    /// The moves of each colour in the play phase (on the board, before
    /// the first two consecutive passes) and its lone passes there (a pass
    /// not next to another: the virtual moves the scientific sub-rules
    /// count), from the replay. Index 0 Black.
    #[must_use]
    pub fn play_phase(replay: &Replay) -> ([u32; 2], [u32; 2]) {
        let mut lone = [0u32; 2];
        let mut play_phase = [0u32; 2];
        let boundary = replay.tally.first_double_pass;
        for (k, m) in replay.moves.iter().enumerate() {
            let c = m.color.index();
            let before_boundary = boundary.is_none_or(|n| m.number < n);
            if m.point.is_some() {
                if before_boundary {
                    play_phase[c] += 1;
                }
            } else {
                let prev_pass = k > 0 && replay.moves[k - 1].point.is_none();
                let next_pass = replay.moves.get(k + 1).is_some_and(|n| n.point.is_none());
                if !prev_pass && !next_pass && before_boundary {
                    lone[c] += 1;
                }
            }
        }
        (play_phase, lone)
    }

    /// Stones each side placed in the completed game: on the board at the
    /// end (dead included) plus those the opponent captured, plus fills.
    #[must_use]
    pub fn placed(&self) -> [u32; 2] {
        [0, 1].map(|c| self.on_board_at_end[c] + self.captured[1 - c] + self.fills[c])
    }

    /// A diagram: stones set up, no move played (so no prisoners known).
    #[must_use]
    pub fn is_diagram(&self) -> bool {
        self.moves == [0, 0] && self.passes == [0, 0] && self.on_board_at_end != [0, 0]
    }

    /// `P`: all kills, captures (in play and in the filling) plus dead
    /// stones removed.
    #[must_use]
    pub fn kills(&self, c: Color) -> u32 {
        let i = c.index();
        self.captured[i] + self.fill_captured[i] + self.dead_removed[i]
    }

    /// Routes a colour's seki groups hold under route counting: their seki
    /// eyes less the one basic eye point each keeps (seed 001 图八, 图十:
    /// "左、右两块各有一路", "白有六路").
    #[must_use]
    pub fn seki_routes(&self, c: Color) -> u32 {
        let i = c.index();
        self.seki_eyes[i].saturating_sub(self.seki_eye_points[i])
    }

    /// `S + T + K` after filling.
    #[must_use]
    pub fn area(&self, c: Color) -> u32 {
        let i = c.index();
        self.stones[i] + self.territory[i] + self.seki_eyes[i]
    }

    /// Area with shared points and unfillable dame split evenly (points).
    #[must_use]
    pub fn area_split(&self, c: Color) -> f64 {
        f64::from(self.area(c)) + f64::from(self.shared + self.dame) / 2.0
    }

    /// Area with the filled dame shared by turns, the side to move first
    /// (so it takes the odd one), protective moves outside the turns; the
    /// shared points and unfillable dame split evenly (seed 001's modern
    /// counting: "白先黑收后", 26 dame at 13 each).
    #[must_use]
    pub fn area_dame_by_turns(&self, c: Color) -> f64 {
        let filled = self.fills[c.index()] - self.protective[c.index()];
        self.area_split(c) - f64::from(filled) + self.dame_shares_by_turns()[c.index()]
    }

    /// The filled dame (fills less protective moves) shared by turns from
    /// `first_to_fill`, which takes the odd one; split evenly when it is
    /// unknown. Index 0 Black.
    #[must_use]
    pub fn dame_shares_by_turns(&self) -> [f64; 2] {
        let total = self.dame_fills();
        let (more, fewer) = (f64::from(total.div_ceil(2)), f64::from(total / 2));
        match self.first_to_fill {
            Some(Color::Black) => [more, fewer],
            Some(Color::White) => [fewer, more],
            None => [f64::from(total) / 2.0; 2],
        }
    }

    /// Dame the judgement filled, both colours: its fills less the
    /// protective moves among them.
    #[must_use]
    pub fn dame_fills(&self) -> u32 {
        (0..2).map(|c| self.fills[c] - self.protective[c]).sum()
    }

    /// Who collected last when the filled dame go by turns from
    /// `first_to_fill` (protective moves outside the turns): the first to
    /// fill after an odd number, the other after an even one; with no dame
    /// filled, the last on-board move's colour.
    #[must_use]
    pub fn collected_last_by_turns(&self) -> Option<Color> {
        let total = self.dame_fills();
        if total == 0 {
            return self.last_on_board;
        }
        self.first_to_fill.map(|first| {
            if total % 2 == 1 {
                first
            } else {
                first.opponent()
            }
        })
    }

    /// All moves of a colour in the completed game (record plus fills).
    #[must_use]
    pub fn total_moves(&self, c: Color) -> u32 {
        self.moves[c.index()] + self.fills[c.index()]
    }
}

/// Tromp–Taylor area of a board: stones plus empty points that reach only one colour.
#[must_use]
pub fn all_alive_area(board: &Board) -> [u32; 2] {
    let mut area = board.stone_counts();
    for EmptyRegion {
        points: pts,
        touches_black: reach_b,
        touches_white: reach_w,
    } in board.empty_regions()
    {
        match (reach_b, reach_w) {
            (true, false) => area[0] += pts.len() as u32,
            (false, true) => area[1] += pts.len() as u32,
            _ => {}
        }
    }
    area
}
