//! The family table and the one scoring function that reads it.
//!
//! Each row states a family's unit, default komi, handicap compensation, tie
//! rule and ko rule as data; [`Counting`] names the arithmetic, which is the
//! only per-family behaviour. `score` applies a row to a game's quantities.

use lanke_sgf::Color;

use crate::quantities::Quantities;

/// The unit a family reports in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Points (目/点): territory or area.
    Points,
    /// Stones (子) counted against half the board (180.5 on 19x19).
    Stones,
    /// Routes (路).
    Routes,
}

impl Unit {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Points => "points",
            Unit::Stones => "stones",
            Unit::Routes => "routes",
        }
    }

    /// Converts a komi given in points into this unit.
    #[must_use]
    pub fn from_points(self, points: f64) -> f64 {
        match self {
            Unit::Stones => points / 2.0,
            Unit::Points | Unit::Routes => points,
        }
    }
}

/// What Black gives back for handicap stones.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandicapComp {
    None,
    /// Black returns N/2 stones, i.e. N points (Chinese).
    HalfStonePerStone,
    /// White receives N−1 points (AGA).
    NMinusOnePoints,
    /// White receives N points (Ing's default; a parameter).
    NPoints,
    /// Black returns N stones, i.e. 2N points (让几子还几子, Ming/Qing).
    StonePerStone,
}

/// Who wins when the margin after komi is zero.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TieRule {
    Draw,
    BlackWins,
    /// The side that moved first wins a draw (天弈's cup finals: 和棋算执白先行者"和棋胜").
    FirstMoverWins,
}

/// The ko rule a family plays under (checked by the legality pass).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Simple ko only; an unbroken long cycle is no result (Japanese).
    SimpleNoResultCycles,
    /// Simple ko only.
    Simple,
    PositionalSuperko,
    /// Positional superko whose history is cleared at the first two
    /// consecutive passes (seed 000 sub-rules 1-x and 4-x: 两弃为界).
    PhasedPositionalSuperko,
    SituationalSuperko,
    /// Seed 000's generalized superko with virtual stones; its history runs
    /// across the two-pass boundary (勿须两弃为界).
    GeneralizedSuperko,
    /// Ing's hot-stone and disturbing-cycle bans (seed 004).
    IngHotStones,
}

/// The arithmetic of a family.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Territory plus prisoners; seki count nothing (Japanese).
    TerritoryPrisoners,
    /// Stones plus territory plus seki eyes; shared points split.
    Area,
    /// Area with the filled dame shared by turns from the side to move,
    /// protective moves not taking a turn, read in stones against a par
    /// that depends on who collected last (seed 001's 近代数子法 table of
    /// 双方归本子数: 180.5 each, but the side that moved first and also
    /// collected last has one move more and needs 181, the other 180).
    AreaDameByTurns,
    /// Area with every stone on the board alive (Tromp–Taylor): no judgement.
    AreaAllStonesAlive,
    /// Area, minus one point for the side that moved first when it also
    /// made the last on-board move (WMSG 2008's 先下的黑方收后时要贴1点:
    /// the charge is for the one move more, so in a White-first game it
    /// falls on White).
    AreaFirstMoverLastPays,
    /// Black's area with the group tax (还棋头) against half the board.
    GroupTax,
    /// Tang/Song routes: territory + seki eyes − kills suffered − basic eye points, moves balanced.
    Routes,
    /// Seed 000 art version: area as recorded, minus the surplus of play-phase stone-moves.
    ScientificArt(MovesCounted),
    /// Seed 000 legal version: area after filling (reported as 目 at an equal-stone count).
    ScientificLegal,
    /// Seed 002 计活子: routes on the equal-stone position.
    LiveStoneRoutes,
}

/// Which moves seed 000's art versions charge.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MovesCounted {
    /// On-board moves (1-1, 3-1, 4-1).
    OnBoard,
    /// On-board moves plus virtual moves (2-1).
    OnBoardAndVirtual,
}

/// One scoring family.
#[derive(Clone, Debug)]
pub struct Family {
    pub id: &'static str,
    pub aliases: &'static [&'static str],
    pub name: &'static str,
    pub unit: Unit,
    /// Default komi in the family's unit, even game.
    pub komi: f64,
    /// Default komi in the family's unit, handicap game.
    pub komi_handicap: f64,
    pub handicap: HandicapComp,
    pub ties: TieRule,
    pub ko: KoRule,
    /// A move that leaves its own chain without liberties is legal (and
    /// removes that chain).
    pub suicide_legal: bool,
    /// Komi is bid for before play (天弈's 竞子): when a record states the
    /// bids, the winning bid is the komi.
    pub komi_by_bid: bool,
    pub counting: Counting,
}

/// Every family, in the order reports list them.
pub static FAMILIES: [Family; 21] = [
    Family {
        id: "japanese",
        aliases: &["korean"],
        name: "Japanese 1989 / Korean (territory)",
        unit: Unit::Points,
        komi: 6.5,
        komi_handicap: 0.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::SimpleNoResultCycles,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::TerritoryPrisoners,
    },
    Family {
        id: "chinese",
        aliases: &[],
        name: "Chinese 1988/2002 area (数子法)",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 0.0,
        handicap: HandicapComp::HalfStonePerStone,
        ties: TieRule::Draw,
        ko: KoRule::PositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::Area,
    },
    Family {
        id: "chinese-modern-1920s",
        aliases: &[],
        name: "近代数子法 (1920s)",
        unit: Unit::Stones,
        komi: 0.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::HalfStonePerStone,
        ties: TieRule::Draw,
        ko: KoRule::Simple,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::AreaDameByTurns,
    },
    Family {
        id: "aga",
        aliases: &[],
        name: "AGA 1991",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 0.5,
        handicap: HandicapComp::NMinusOnePoints,
        ties: TieRule::Draw,
        ko: KoRule::SituationalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::Area,
    },
    Family {
        id: "ing",
        aliases: &[],
        name: "Ing SST 1996 (應氏)",
        unit: Unit::Points,
        komi: 8.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::NPoints,
        ties: TieRule::BlackWins,
        ko: KoRule::IngHotStones,
        suicide_legal: true,
        komi_by_bid: false,
        counting: Counting::Area,
    },
    Family {
        id: "nz",
        aliases: &[],
        name: "New Zealand",
        unit: Unit::Points,
        komi: 7.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::SituationalSuperko,
        suicide_legal: true,
        komi_by_bid: false,
        counting: Counting::Area,
    },
    Family {
        id: "tromp-taylor",
        aliases: &[],
        name: "Tromp–Taylor",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 7.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::PositionalSuperko,
        suicide_legal: true,
        komi_by_bid: false,
        counting: Counting::AreaAllStonesAlive,
    },
    Family {
        id: "wmsg-2008",
        aliases: &[],
        name: "2008 World Mind Sports Games (黑收后贴1点)",
        unit: Unit::Points,
        komi: 6.5,
        komi_handicap: 0.0,
        handicap: HandicapComp::HalfStonePerStone,
        ties: TieRule::Draw,
        ko: KoRule::PositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::AreaFirstMoverLastPays,
    },
    Family {
        id: "ming-qing",
        aliases: &[],
        name: "Ming/Qing counting with group tax (还棋头)",
        unit: Unit::Stones,
        komi: 0.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::StonePerStone,
        ties: TieRule::Draw,
        ko: KoRule::Simple,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::GroupTax,
    },
    Family {
        id: "tang-song",
        aliases: &[],
        name: "Tang/Song route counting (唐宋数路法)",
        unit: Unit::Routes,
        komi: 0.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::SimpleNoResultCycles,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::Routes,
    },
    Family {
        id: "sci-1-1",
        aliases: &[],
        name: "seed 000 1-1 art (无虚着可放弃)",
        unit: Unit::Points,
        komi: 6.5,
        komi_handicap: 6.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::PhasedPositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificArt(MovesCounted::OnBoard),
    },
    Family {
        id: "sci-1-2",
        aliases: &[],
        name: "seed 000 1-2 legal (无虚着可放弃)",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 7.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::PhasedPositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificLegal,
    },
    Family {
        id: "sci-2-1",
        aliases: &[],
        name: "seed 000 2-1 art (可虚着可放弃)",
        unit: Unit::Points,
        komi: 6.5,
        komi_handicap: 6.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::GeneralizedSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificArt(MovesCounted::OnBoardAndVirtual),
    },
    Family {
        id: "sci-2-2",
        aliases: &[],
        name: "seed 000 2-2 legal (可虚着可放弃)",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 7.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::GeneralizedSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificLegal,
    },
    Family {
        id: "sci-3-1",
        aliases: &[],
        name: "seed 000 3-1 art (以虚着取代放弃)",
        unit: Unit::Points,
        komi: 6.5,
        komi_handicap: 6.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::GeneralizedSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificArt(MovesCounted::OnBoard),
    },
    Family {
        id: "sci-3-2",
        aliases: &[],
        name: "seed 000 3-2 legal (以虚着取代放弃)",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 7.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::GeneralizedSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificLegal,
    },
    Family {
        id: "sci-4-1",
        aliases: &[],
        name: "seed 000 4-1 art (广义等子比目)",
        unit: Unit::Points,
        komi: 6.5,
        komi_handicap: 6.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::PhasedPositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificArt(MovesCounted::OnBoard),
    },
    Family {
        id: "sci-4-2",
        aliases: &[],
        name: "seed 000 4-2 legal (广义等子比目)",
        unit: Unit::Points,
        komi: 7.5,
        komi_handicap: 7.5,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::PhasedPositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::ScientificLegal,
    },
    Family {
        id: "jihuozi",
        aliases: &[],
        name: "seed 002 计活子 equal stones compare routes (等子比路)",
        unit: Unit::Routes,
        komi: 0.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::PositionalSuperko,
        suicide_legal: false,
        komi_by_bid: false,
        counting: Counting::LiveStoneRoutes,
    },
    Family {
        id: "tianyi",
        aliases: &[],
        name: "天弈 2014 (seed 003)",
        unit: Unit::Stones,
        komi: 0.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::None,
        ties: TieRule::Draw,
        ko: KoRule::Simple,
        suicide_legal: false,
        komi_by_bid: true,
        counting: Counting::GroupTax,
    },
    Family {
        id: "tianyi-cup-final",
        aliases: &[],
        name: "天弈 2014 (seed 003), cup final: a draw goes to the first mover",
        unit: Unit::Stones,
        komi: 0.0,
        komi_handicap: 0.0,
        handicap: HandicapComp::None,
        ties: TieRule::FirstMoverWins,
        ko: KoRule::Simple,
        suicide_legal: false,
        komi_by_bid: true,
        counting: Counting::GroupTax,
    },
];

/// Finds a family by id or alias.
#[must_use]
pub fn family(id: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| {
        f.id.eq_ignore_ascii_case(id) || f.aliases.iter().any(|a| a.eq_ignore_ascii_case(id))
    })
}

/// The families `text` names: `all`, or ids (and aliases) separated by
/// commas, in any case.
pub fn families_named(text: &str) -> Result<Vec<&'static Family>, UnknownFamily> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(FAMILIES.iter().collect());
    }
    text.split(',')
        .map(|id| family(id.trim()).ok_or_else(|| UnknownFamily(id.trim().to_string())))
        .collect()
}

/// A family id no family has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFamily(pub String);

impl std::fmt::Display for UnknownFamily {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known: Vec<&str> = FAMILIES.iter().map(|f| f.id).collect();
        write!(
            f,
            "unknown rule family `{}`; known: {}",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownFamily {}

/// Which komi a run applies.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum KomiMode {
    /// Each family's own default.
    Native,
    /// The record's komi (in points), converted to each family's unit.
    Record(f64),
}

/// Who won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Black,
    White,
    Draw,
}

impl Outcome {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Black => "B",
            Outcome::White => "W",
            Outcome::Draw => "draw",
        }
    }
}

/// A family's result for one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub family: &'static str,
    pub unit: Unit,
    /// Komi applied, in the unit.
    pub komi: f64,
    /// Handicap compensation applied to Black, in the unit.
    pub compensation: f64,
    /// Black's figure as the tradition reports it (points, stones, routes).
    pub black: f64,
    /// White's figure.
    pub white: f64,
    /// Black minus White after komi and compensation; for stone counting,
    /// Black's count minus half the board minus komi, as 黑胜1/4子 reads.
    pub margin: f64,
    pub outcome: Outcome,
    /// Extra figures the tradition states (equal-stone 目, moves balanced, ...).
    pub note: String,
}

/// The equal-stone count seed 000 reports at: 160 (20 stones left in each
/// bowl of 180) when both sides' stones and areas allow, else the smallest.
#[must_use]
pub fn equal_stone_count(q: &Quantities) -> u32 {
    let lowest = q.stones[0].max(q.stones[1]);
    let highest = q.area(Color::Black).min(q.area(Color::White));
    if q.points == 361 && (lowest..=highest).contains(&160) {
        160
    } else {
        lowest
    }
}

/// Tang/Song's balancing of moves (各若干着): when one side has made one
/// move more, the other makes one more, on a dame if any is left, else on
/// a point of its own routes. The moves counted are the record's and the
/// protective moves the ending needs; dame are worth no route (无路官子) and
/// need not be filled, so the judgement's dame fills are not moves here but
/// points still open for the balancing move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RouteBalancing {
    /// The side that moved fewer times and makes the extra move.
    pub side: Color,
    /// Moves, Black and White (record plus protective), before the extra move.
    pub moves: [u32; 2],
    /// Routes the extra move costs `side`: 1 inside its own routes, 0 on a dame.
    pub routes_lost: u32,
}

/// The balancing move Tang/Song counting adds to a game, if the moves differ.
#[must_use]
pub fn route_balancing(q: &Quantities) -> Option<RouteBalancing> {
    let moves = [0, 1].map(|c| q.moves[c] + q.protective[c]);
    (moves[0] != moves[1]).then(|| RouteBalancing {
        side: if moves[0] < moves[1] {
            Color::Black
        } else {
            Color::White
        },
        moves,
        routes_lost: u32::from(q.dame + q.dame_fills() == 0),
    })
}

/// Scores one game under one family.
#[must_use]
pub fn score(f: &Family, q: &Quantities, komi: KomiMode) -> Score {
    let (b, w) = (Color::Black, Color::White);
    let n = f64::from(q.handicap);
    let half = f64::from(q.points) / 2.0;
    let komi = match komi {
        KomiMode::Native if q.handicap > 0 => f.komi_handicap,
        KomiMode::Native => f.komi,
        KomiMode::Record(points) => f.unit.from_points(points),
    };
    let compensation_points = if q.handicap == 0 {
        0.0
    } else {
        match f.handicap {
            HandicapComp::None => 0.0,
            HandicapComp::HalfStonePerStone => n,
            HandicapComp::NMinusOnePoints => n - 1.0,
            HandicapComp::NPoints => n,
            HandicapComp::StonePerStone => 2.0 * n,
        }
    };
    let compensation = f.unit.from_points(compensation_points);
    let mut note = String::new();
    // How far Black's par lies above half the board (stone counting).
    let mut par_shift = 0.0;
    // (black, white) in the unit, before komi and compensation.
    let (black, white) = match f.counting {
        Counting::TerritoryPrisoners if q.is_diagram() => {
            // A diagram has no moves, so no prisoners: they follow from the
            // stones on the board if both sides placed equally many after
            // the handicap stones (White moving last) — every stone placed
            // and not alive was taken. Only the difference is known; it is
            // credited to the side that took more.
            let n = i64::from(q.handicap);
            let fills = i64::from(q.fills[0]) - i64::from(q.fills[1]);
            let net = i64::from(q.stones[0]) - i64::from(q.stones[1]) - n - fills;
            note = format!(
                "diagram: prisoners implied by equal moves after {n} handicap stones (net {} to {})",
                net.abs(),
                if net >= 0 { 'B' } else { 'W' }
            );
            (
                f64::from(q.territory[0]) + net.max(0) as f64,
                f64::from(q.territory[1]) + (-net).max(0) as f64,
            )
        }
        Counting::TerritoryPrisoners => (
            f64::from(q.territory[0] + q.kills(b)),
            f64::from(q.territory[1] + q.kills(w)),
        ),
        Counting::Area | Counting::ScientificLegal => (q.area_split(b), q.area_split(w)),
        Counting::AreaDameByTurns => {
            let [black_share, white_share] = q.dame_shares_by_turns();
            note = match q.first_to_fill {
                Some(first) => format!(
                    "filled dame by turns, {} first: B {black_share}, W {white_share}",
                    first.letter()
                ),
                None => format!("filled dame split evenly: B {black_share}, W {white_share}"),
            };
            let last = q.collected_last_by_turns();
            if let Some(first) = q.first_mover.filter(|f| last == Some(*f)) {
                par_shift = if first == b { 0.5 } else { -0.5 };
            }
            if let Some(last) = last {
                let par = half + par_shift;
                note = format!(
                    "{note}; {} collected last: pars B {}, W {}",
                    last.letter(),
                    fmt_num(par),
                    fmt_num(f64::from(q.points) - par)
                );
            }
            (q.area_dame_by_turns(b), q.area_dame_by_turns(w))
        }
        Counting::AreaAllStonesAlive => (
            f64::from(q.all_alive_area[0]),
            f64::from(q.all_alive_area[1]),
        ),
        Counting::AreaFirstMoverLastPays => {
            let mut area = [q.area_split(b), q.area_split(w)];
            if let Some(first) = q.first_mover.filter(|f| q.last_on_board == Some(*f)) {
                area[first.index()] -= 1.0;
                note = format!(
                    "{} moved first and collected last: pays 1 point",
                    first.letter()
                );
            }
            (area[0], area[1])
        }
        Counting::GroupTax => {
            let tax = (f64::from(q.eye_points[0]) - f64::from(q.eye_points[1])) / 2.0;
            let black = q.area_split(b) - tax;
            (black, f64::from(q.points) - black)
        }
        Counting::Routes => {
            let mut routes = [0, 1].map(|c| {
                i64::from(q.territory[c]) + i64::from(q.seki_eyes[c])
                    - i64::from(q.kills(if c == 0 { w } else { b }))
                    - i64::from(q.eye_points[c])
            });
            if let Some(balance) = route_balancing(q) {
                let [mb, mw] = balance.moves;
                routes[balance.side.index()] -= i64::from(balance.routes_lost);
                note = format!(
                    "moves {mb}:{mw}; {} balances with one more move{}",
                    balance.side.letter(),
                    if balance.routes_lost > 0 {
                        " in its own routes (−1)"
                    } else {
                        " on a dame"
                    }
                );
            }
            if q.seki_eyes != [0, 0] {
                let seki = format!(
                    "seki routes B {}, W {}",
                    q.seki_routes(Color::Black),
                    q.seki_routes(Color::White)
                );
                note = if note.is_empty() {
                    seki
                } else {
                    format!("{note}; {seki}")
                };
            }
            (routes[0] as f64, routes[1] as f64)
        }
        Counting::ScientificArt(counted) => {
            let charged = |c: usize| match counted {
                MovesCounted::OnBoard => q.play_phase_moves[c],
                MovesCounted::OnBoardAndVirtual => q.play_phase_moves[c] + q.lone_passes[c],
            };
            // Seed 000 §1-1: the side that made n moves more takes n of its
            // stones off the board, and the n points join the unfilled
            // 单官 split between both (每方得n/2点). The 单官 left at the
            // pause are the points the ending must still fill: the dame and
            // the points of the protective moves (烂柯图: "棋盘上有16个未收的
            // 单官", gp among them), so the figures are those of filling them
            // alternately and always sum to the board.
            let surplus = f64::from(charged(0)) - f64::from(charged(1));
            let protective = [0, 1].map(|c| f64::from(q.protective[c]));
            let split =
                (f64::from(q.shared + q.dame_before_fill) + protective[0] + protective[1]) / 2.0;
            note = format!("play-phase stone-moves {}:{}", charged(0), charged(1));
            (
                f64::from(q.area_before_fill[0]) - protective[0] + split - surplus / 2.0,
                f64::from(q.area_before_fill[1]) - protective[1] + split + surplus / 2.0,
            )
        }
        Counting::LiveStoneRoutes => {
            let placed = q.placed();
            let mut equal = placed;
            if placed[0] == placed[1] + 1 {
                equal[0] = placed[1];
                note = "Black collected last: one B-class negative move turns a stone into a route"
                    .to_string();
            }
            let routes = [0, 1].map(|c| {
                i64::from(q.area([b, w][c])) - i64::from(equal[c]) - i64::from(q.eye_points[c])
            });
            (routes[0] as f64, routes[1] as f64)
        }
    };
    if f.counting == Counting::ScientificLegal {
        let l = equal_stone_count(q);
        note = format!(
            "equal stones at {l}: B {} 目, W {} 目",
            fmt_num(black - f64::from(l)),
            fmt_num(white - f64::from(l))
        );
    }
    let margin = match f.unit {
        Unit::Stones => black - half - par_shift - komi - compensation,
        Unit::Points | Unit::Routes => black - white - komi - compensation,
    };
    if f.counting == Counting::Area && f.unit == Unit::Points {
        // Chinese results are also read in stones: Black's count against
        // half the board, komi halved (黑胜1/4子).
        note = format!(
            "Black's count {} stones against {} + {} komi: {}",
            fmt_num(black - compensation / 2.0),
            fmt_num(half),
            fmt_num(komi / 2.0),
            fmt_num((black - compensation / 2.0) - half - komi / 2.0)
        );
    }
    let outcome = if margin > 0.0 {
        Outcome::Black
    } else if margin < 0.0 {
        Outcome::White
    } else {
        match (f.ties, q.first_mover) {
            (TieRule::BlackWins, _) | (TieRule::FirstMoverWins, Some(Color::Black)) => {
                Outcome::Black
            }
            (TieRule::FirstMoverWins, Some(Color::White)) => Outcome::White,
            _ => Outcome::Draw,
        }
    };
    let (black, white) = if f.unit == Unit::Stones
        && matches!(f.counting, Counting::Area | Counting::AreaDameByTurns)
    {
        (black, f64::from(q.points) - black)
    } else {
        (black, white)
    };
    Score {
        family: f.id,
        unit: f.unit,
        komi,
        compensation,
        black,
        white,
        margin,
        outcome,
        note,
    }
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Users type ids as the rules are printed (`Japanese`, `AGA`): ids
    /// and aliases match whatever their case, and a wrong id still fails.
    #[test]
    fn family_ids_match_in_any_case() {
        for (typed, id) in [
            ("Japanese", "japanese"),
            ("AGA", "aga"),
            ("Tang-Song", "tang-song"),
            ("KOREAN", "japanese"),
        ] {
            assert_eq!(family(typed).map(|f| f.id), Some(id), "{typed}");
        }
        assert!(family("japan").is_none());
    }
}
