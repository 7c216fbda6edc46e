//! The judgement's public types: chain statuses and where they come from,
//! the judge's options, point classes, fills, counts and living groups,
//! and the [`Judgement`] that carries them all. No judging here.

use lanke_board::{Board, Cell};
use lanke_sgf::{Color, Point};

/// A chain's status.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

impl Status {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
    }
}

/// Where the dead/alive decisions came from.
#[derive(Clone, Debug, PartialEq)]
pub enum StatusSource {
    /// The built-in judge.
    Builtin,
    /// Given dead stones (from an overrides file or an engine): every
    /// chain holding a listed stone is dead. `seki`, when the giver names
    /// it, lists the seki stones and the liberties they share; when it
    /// does not (`None`: dead stones alone, as players mark them), the
    /// judge finds the sekis among the chains left alive.
    Given {
        origin: String,
        dead: Vec<Point>,
        seki: Option<Vec<Point>>,
    },
    /// A position the players marked as finished: each colour's marked
    /// territory (index 0 Black's), counted as marked with nothing filled
    /// (see `marked`).
    Marked { territory: [Vec<Point>; 2] },
}

/// Options of the built-in judge.
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    /// Monte-Carlo playouts per position.
    pub playouts: u32,
    /// Seed mixed with the position's hash: same seed, same judgement.
    pub seed: u64,
    /// A game's final position or a mid-game one.
    pub stage: Stage,
    /// How the dame and protective moves of a final position are played.
    pub ending: EndingMode,
}

/// How the judge plays the moves a final position leaves (dame, protective
/// moves, boundary moves).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum EndingMode {
    /// The dame filling: protective moves forced by atari and the
    /// shortage-of-liberties check, then a greedy choice among the dame.
    #[default]
    Filler,
    /// The ending played out as a game (`ending`): every save, capture
    /// and threat read out by the tactical reader, boundary moves chosen
    /// by the count they change, dame left empty inside one colour's
    /// area counted as its territory. Not yet as exact as the filler on
    /// the eval samples.
    PlayedOut,
    /// The local fights (chains short of liberties, the dame beside them)
    /// read out by minimax on the Japanese count (`settle`), the regions
    /// whose protective moves do not depend on who moves first played as
    /// read, then the filler for the rest. As exact as the filler within
    /// the samples' noise so far, and slower.
    Read,
}

impl EndingMode {
    /// The names the command line and `run.json` give the modes, in order.
    pub const NAMES: [&'static str; 3] = ["filler", "read", "played"];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EndingMode::Filler => "filler",
            EndingMode::Read => "read",
            EndingMode::PlayedOut => "played",
        }
    }

    /// The mode a name stands for.
    #[must_use]
    pub fn named(name: &str) -> Option<EndingMode> {
        [EndingMode::Filler, EndingMode::Read, EndingMode::PlayedOut]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            playouts: 64,
            seed: 0,
            stage: Stage::Final,
            ending: EndingMode::Filler,
        }
    }
}

/// What kind of position the judge is given: it decides the dame filling
/// and which neutral points count as territory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The final position of a counted game: the dame are filled (with the
    /// protective moves that forces), and the clear points of open borders
    /// count as territory (`OPEN_BORDER_POINTS`: the players closed them).
    Final,
    /// A mid-game position (a game resigned or stopped): a quick estimate
    /// with no filling, in which every point of a neutral region that the
    /// playouts give clearly to one side (as for an open border), or that
    /// its walls close once their one-point gaps count as closed (as in a
    /// final position), counts as that side's territory; the rest stay
    /// dame: a resigned game's neutral points are mostly undecided
    /// boundaries, not dame.
    MidGame,
}

/// One chain of the final position.
#[derive(Clone, Debug)]
pub struct ChainInfo {
    pub color: Color,
    pub stones: Vec<Point>,
    pub status: Status,
    /// 0 (a coin toss) ..= 1 (certain).
    pub confidence: f32,
    /// The last stage that set the status or the confidence.
    pub reason: StatusReason,
}

/// Which stage of the judgement decided a chain's status (or last raised
/// its confidence): what a user asking "why is this group dead?" is told.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StatusReason {
    /// Benson's test: unconditionally alive.
    Benson,
    /// Inside the territory of the opponent's unconditionally alive
    /// chains: dead whatever is played.
    SureTerritory,
    /// The share of random playouts in which the chain's points end its
    /// colour's (the confidence is the margin between the two shares).
    Playouts,
    /// The statuses given from outside (an overrides file, an engine).
    Given,
    /// The record's own territory marks.
    Marked,
    /// A small enclosure read out exactly, with the same status whoever
    /// moves first (`reading`).
    EnclosureRead,
    /// A double-ko seki recognised by its shape.
    DoubleKo,
    /// An area where both colours stand in atari, read out jointly
    /// (`standoff`).
    Standoff,
    /// Two big eye spaces by Benson's test taken as eyes (`big_eyes`).
    BigEyes,
    /// Cannot be cut from a chain the judge is surer of, whose confidence
    /// it shares (`solid`).
    SharedFate,
    /// One or two stones alone in walls the judge is sure of (`invaders`).
    StrayInvader,
    /// Lives by eating a captive, or is the captive eaten (`eating`).
    EatsCaptive,
    /// A capturing race between groups read out (`group_races`).
    GroupRace,
    /// A capturing race too long to read, counted: a seki (`liberty_count`).
    CountedRace,
    /// A seki one side breaks by connecting through its own eye
    /// (`eye_links`).
    FalseSeki,
    /// Joins a live group of its colour whatever the opponent plays
    /// (`links`).
    Links,
    /// In seki through the shared points of a seki beside it.
    SekiSpread,
    /// In seki as the filling left it (`late_seki`).
    LateSeki,
    /// Read in one colour's favour: an open chain's other reading, or the
    /// reading a played-out game or a living group kept calls for.
    OpenReading,
    /// Left as judged and no longer open: the judgement's own ending
    /// confirms it (`confirm`).
    Confirmed,
}

impl StatusReason {
    /// The name the text and JSON outputs give the reason.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            StatusReason::Benson => "benson",
            StatusReason::SureTerritory => "sure_territory",
            StatusReason::Playouts => "playouts",
            StatusReason::Given => "given",
            StatusReason::Marked => "marked",
            StatusReason::EnclosureRead => "enclosure_read",
            StatusReason::DoubleKo => "double_ko",
            StatusReason::Standoff => "standoff",
            StatusReason::BigEyes => "big_eyes",
            StatusReason::SharedFate => "shared_fate",
            StatusReason::StrayInvader => "stray_invader",
            StatusReason::EatsCaptive => "eats_captive",
            StatusReason::GroupRace => "group_race",
            StatusReason::CountedRace => "counted_race",
            StatusReason::FalseSeki => "false_seki",
            StatusReason::Links => "links",
            StatusReason::SekiSpread => "seki_spread",
            StatusReason::LateSeki => "late_seki",
            StatusReason::OpenReading => "open_reading",
            StatusReason::Confirmed => "confirmed",
        }
    }
}

impl ChainInfo {
    /// Is the chain's status open: confidence below [`OPEN_BELOW`], not
    /// in seki? Such a chain is read the other way too.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.confidence < OPEN_BELOW && self.status != Status::Seki
    }
}

/// The lowest confidence among `chains` (1 when there is none): a
/// judgement's own.
pub(crate) fn lowest_confidence(chains: &[ChainInfo]) -> f32 {
    chains.iter().map(|c| c.confidence).fold(1.0, f32::min)
}

/// What a point is in the judged final position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PointClass {
    LiveStone(Color),
    /// A dead stone of the given colour (its point is the opponent's).
    DeadStone(Color),
    Territory(Color),
    /// An eye of a group in seki.
    SekiEye(Color),
    /// A liberty shared in seki (公气).
    SharedLiberty,
    /// A neutral point still to be filled (单官).
    Dame,
}

/// How a filling move is counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FillKind {
    /// A neutral point.
    Dame,
    /// A protective move inside the mover's own territory, forced by the filling.
    Protective,
}

/// One move of the dame-filling sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    pub color: Color,
    pub point: Point,
    pub kind: FillKind,
    /// Live stones the fill captured (a ko taken in the dame phase, or a
    /// live chain taken to save one's own): prisoners. Dead stones it took
    /// are not counted here; they are removed at the end anyway.
    pub prisoners: u16,
}

/// Neutral points left at a record's end beyond which the game was plainly
/// not played out: on eval sample 1 the exactly reproduced records have at
/// most 28 but for one chance match (Oteai 1974 game 185, 144), while 16
/// misses have 41 to 267.
pub const UNFINISHED_DAME: u32 = 40;

/// The RULES.md §1 quantities of one position (index 0 Black, 1 White).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Live stones `S`.
    pub stones: [u32; 2],
    /// Territory `T` (dead stones' points included, seki eyes excluded).
    pub territory: [u32; 2],
    /// Seki eyes `K`.
    pub seki_eyes: [u32; 2],
    /// Shared seki liberties `Q`.
    pub shared: u32,
    /// Dame `D`.
    pub dame: u32,
    /// Of `territory`, the points estimated rather than enclosed: on open
    /// borders, from the playouts (see `OPEN_BORDER_POINTS`), and behind
    /// the gap of a region a wall nearly closes (`Walled`): a record that
    /// stops before its boundaries are closed.
    pub open_border: [u32; 2],
}

impl Counts {
    /// Points neither colour holds for sure: dame and open-border points.
    #[must_use]
    pub fn neutral(&self) -> u32 {
        self.dame + self.open_border[0] + self.open_border[1]
    }

    /// `S + T + K` of a colour.
    #[must_use]
    pub fn area(&self, c: Color) -> u32 {
        let i = c.index();
        self.stones[i] + self.territory[i] + self.seki_eyes[i]
    }
}

/// A living group (块): live chains of one colour linked through that
/// colour's own territory or seki eyes, on the filled board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub color: Color,
    /// The group's first stone in board order (a stable label).
    pub anchor: Point,
    pub stones: u32,
    /// Part of a seki.
    pub seki: bool,
    /// Basic eye points: 2 independent, 1 seki with an eye, 0 seki on shared liberties only.
    pub eye_points: u32,
}

/// The whole judgement of a final position.
#[derive(Clone, Debug)]
pub struct Judgement {
    pub size: u8,
    pub source: String,
    pub chains: Vec<ChainInfo>,
    /// Row-major, `size * size`.
    pub classes: Vec<PointClass>,
    /// Dead stones by the stones' colour.
    pub dead: [Vec<Point>; 2],
    pub fills: Vec<Fill>,
    /// Counts on the judged position as it stands (dead stones removed).
    pub before_fill: Counts,
    /// Counts after the fills.
    pub after_fill: Counts,
    /// Groups per colour on the filled board.
    pub groups: [Vec<Group>; 2],
    /// Lowest chain confidence (1 when there is no chain).
    pub confidence: f32,
    /// The filled board (dead stones removed, dame and protective moves played).
    pub filled: Board,
    /// The side to move after the position (the judge's `to_move`).
    pub to_move: Color,
    /// The colour whose move began this reading's ending: the side to
    /// move, or its opponent where the ending that side began was kept
    /// (see `pipeline`); the side to move where nothing was filled.
    pub ending_begun_by: Color,
    /// Why this reading of the position is the judgement.
    pub basis: Basis,
    /// The other readings of the same position that a record may follow
    /// as well: the ending begun by the other side, and the chains the
    /// judge is unsure of read wholly in one colour's favour. A result
    /// between the least and the greatest of these and this judgement's
    /// own is what the position allows (see `Alternative`). The
    /// alternatives carry none of their own.
    pub alternatives: Vec<Alternative>,
}

/// Why a judgement is the reading it is: the statuses as judged, or one
/// of the readings of its open chains that a finished game's play calls
/// for instead (see `pipeline` and `played_out`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The chains' statuses as the judge (or the given lists) read them.
    AsJudged,
    /// Open chains read in the favour of the colour the first reading's
    /// filling took a living group from: a finished game's dame filling
    /// takes none.
    GroupsKeptAlive,
    /// Open chains read in the trailing colour's favour: the first reading
    /// made the game one lost by far, which its players would have
    /// resigned rather than played out.
    GameKeptClose,
    /// Open chains read against the colour whose filling built a new group
    /// in the first reading: players filling dame build none.
    NoGroupBuilt,
}

impl Basis {
    /// The name the reports and `lanke judge --json` give it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Basis::AsJudged => "as judged",
            Basis::GroupsKeptAlive => "groups kept alive",
            Basis::GameKeptClose => "game kept close",
            Basis::NoGroupBuilt => "no group built",
        }
    }
}

/// Below this confidence a chain's status is open: the judgement is also
/// read with it the other way (`Alternative`). The reports call a
/// judgement below it uncertain.
pub const OPEN_BELOW: f32 = 0.5;

/// Why an alternative reading of a position differs from the judgement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AlternativeKind {
    /// Same statuses; the ending begun by the side the judgement did not
    /// keep (which side fills first is not in the record).
    OtherOrder,
    /// Every open chain (confidence below [`OPEN_BELOW`]) read in this
    /// colour's favour: its own alive, the other colour's dead; the ending
    /// played in either order. Where the judgement is itself such a
    /// reading (its `basis` is not `AsJudged`), the reading it replaced
    /// stands here under the colour it favoured.
    OpenFor(Color),
}

/// One alternative reading of a judged position.
#[derive(Clone, Debug)]
pub struct Alternative {
    pub kind: AlternativeKind,
    pub judgement: Judgement,
}

impl Judgement {
    /// Does any alternative come from open chains (not only the move
    /// order)?
    #[must_use]
    pub fn has_open_chains(&self) -> bool {
        self.alternatives
            .iter()
            .any(|a| matches!(a.kind, AlternativeKind::OpenFor(_)))
    }

    /// Class of a point.
    #[must_use]
    pub fn class(&self, p: Point) -> PointClass {
        self.classes[p.y as usize * self.size as usize + p.x as usize]
    }

    /// Protective moves each colour had to make.
    #[must_use]
    pub fn protective(&self) -> [u32; 2] {
        protective_moves(&self.fills)
    }

    /// Live stones each colour captured while filling (prisoners).
    #[must_use]
    pub fn fill_prisoners(&self) -> [u32; 2] {
        let mut n = [0; 2];
        for f in &self.fills {
            n[f.color.index()] += u32::from(f.prisoners);
        }
        n
    }

    /// Filling moves each colour made (dame and protective).
    #[must_use]
    pub fn fills_by(&self) -> [u32; 2] {
        let mut n = [0; 2];
        for f in &self.fills {
            n[f.color.index()] += 1;
        }
        n
    }

    /// Basic eye points per colour.
    #[must_use]
    pub fn eye_points(&self) -> [u32; 2] {
        [0, 1].map(|c| self.groups[c].iter().map(|g| g.eye_points).sum())
    }

    /// Basic eye points of the seki groups alone (index 0 Black).
    #[must_use]
    pub fn seki_eye_points(&self) -> [u32; 2] {
        [0, 1].map(|c| {
            self.groups[c]
                .iter()
                .filter(|g| g.seki)
                .map(|g| g.eye_points)
                .sum()
        })
    }
}

/// Protective moves each colour makes in `fills`.
pub(crate) fn protective_moves(fills: &[Fill]) -> [u32; 2] {
    let mut n = [0; 2];
    for f in fills {
        if f.kind == FillKind::Protective {
            n[f.color.index()] += 1;
        }
    }
    n
}

/// `board` with the chains `infos` judge dead lifted, and those dead
/// stones by colour (each list sorted).
pub(crate) fn lift_dead(board: &Board, infos: &[ChainInfo]) -> (Board, [Vec<Point>; 2]) {
    let mut judged = board.clone();
    let mut dead: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    for c in infos.iter().filter(|c| c.status == Status::Dead) {
        for &p in &c.stones {
            judged.put(p, Cell::Empty);
            dead[c.color.index()].push(p);
        }
    }
    dead[0].sort_unstable();
    dead[1].sort_unstable();
    (judged, dead)
}

/// The counts of `board`'s points by their row-major classes (a table
/// `board.size()` wide); a `Dame` point counts as dame only while it is
/// empty on `board` (a fill may have taken it). Only the board's points
/// are counted: a rectangular board's frame beyond it holds none.
pub(crate) fn counts_of(classes: &[PointClass], board: &Board) -> Counts {
    let size = usize::from(board.size());
    let mut n = Counts::default();
    for i in board.points() {
        let p = Board::point(i);
        match classes[usize::from(p.y) * size + usize::from(p.x)] {
            PointClass::LiveStone(c) => n.stones[c.index()] += 1,
            PointClass::DeadStone(c) => n.territory[c.opponent().index()] += 1,
            PointClass::Territory(c) => n.territory[c.index()] += 1,
            PointClass::SekiEye(c) => n.seki_eyes[c.index()] += 1,
            PointClass::SharedLiberty => n.shared += 1,
            PointClass::Dame => n.dame += u32::from(board.cell(i) == Cell::Empty),
        }
    }
    n
}
