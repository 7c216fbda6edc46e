//! Ko and legality verdicts: a replayed record checked against each
//! family's ko rule ([`KoRule`]) and suicide rule, from the position history
//! the replay keeps (one Zobrist hash per move).
//!
//! What each rule forbids, as checked here (docs/RULES.md §5):
//! - every family: a move on an occupied point or off the board;
//! - suicide, unless the family allows it;
//! - `Simple`: the immediate recapture of a simple ko;
//! - `SimpleNoResultCycles` (Japanese, Tang/Song): as `Simple`; a whole-board
//!   position that comes back with the same player to move is a cycle (triple
//!   ko, eternal life, sending two returning one) and the game is *no result*;
//! - `PositionalSuperko`: a board move that recreates any earlier board;
//! - `PhasedPositionalSuperko`: the same, with the history cleared at the
//!   first two consecutive passes (seed 000's 两弃为界);
//! - `SituationalSuperko`: a board move that recreates an earlier board with
//!   the same player to move;
//! - `GeneralizedSuperko` (seed 000 sub-rules 2-x and 3-x): a position is the
//!   board plus the virtual stones (passes that are not one of two
//!   consecutive passes); a board move may not recreate a position, a
//!   virtual move may not make a board appear a fourth time; the history
//!   runs across the two-pass boundary (广义禁全同规则勿须两弃为界: after
//!   the pause, a ko taken before it may not be retaken at once);
//! - `IngHotStones` (seed 004): the hot-stone ban is the simple-ko recapture
//!   (a hot stone may be taken back only after an intervening real or
//!   virtual move); the disturbing-cycle ban (越環禁攪) is applied to the move
//!   that completes a cycle, i.e. recreates an earlier board with the same
//!   player to move. Double and twin hot stones (eternal life, triple ko)
//!   are covered by that cycle check, not told apart.
//!
//! No I/O; the replay is the input.

use rustc_hash::FxHashMap;

use lanke_board::{AnomalyKind, Replay};

use crate::families::KoRule;

/// A family's verdict on a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Legal,
    /// The first move the family forbids.
    Illegal {
        move_number: u32,
        reason: String,
    },
    /// The record runs into a cycle the family ends without a result.
    NoResult {
        move_number: u32,
        reason: String,
    },
}

impl Verdict {
    /// The report form: `legal`, `illegal at move N (reason)`, `no result at move N (reason)`.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Verdict::Legal => "legal".to_string(),
            Verdict::Illegal {
                move_number,
                reason,
            } => format!("illegal at move {move_number} ({reason})"),
            Verdict::NoResult {
                move_number,
                reason,
            } => format!("no result at move {move_number} ({reason})"),
        }
    }
}

/// Checks `replay` against a ko rule and a suicide rule. For several
/// rules on one record, [`History`] reads the history once.
#[must_use]
pub fn verdict(rule: KoRule, suicide_legal: bool, replay: &Replay) -> Verdict {
    History::new(replay).verdict(rule, suicide_legal)
}

/// A replayed record's position history, read once for the verdicts of
/// any number of rules.
pub struct History<'a> {
    replay: &'a Replay,
    /// Does any board (after the start or a move, passes included) come
    /// back? Every repetition any rule forbids needs one; most records have
    /// none, and one sort of the hashes tells it faster than each rule
    /// building its own maps (legality was 5% of a batch run's
    /// instructions on resigned games).
    board_repeats: bool,
}

impl<'a> History<'a> {
    #[must_use]
    pub fn new(replay: &'a Replay) -> History<'a> {
        let mut hashes: Vec<u64> = std::iter::once(replay.start_hash)
            .chain(replay.moves.iter().map(|m| m.hash_after))
            .collect();
        hashes.sort_unstable();
        let board_repeats = hashes.windows(2).any(|w| w[0] == w[1]);
        History {
            replay,
            board_repeats,
        }
    }

    /// The verdict of a ko rule and a suicide rule.
    #[must_use]
    pub fn verdict(&self, rule: KoRule, suicide_legal: bool) -> Verdict {
        let replay = self.replay;
        // Replay anomalies every family forbids, and the ones some do.
        let mut first: Option<(u32, String)> = None;
        for a in &replay.anomalies {
            let reason = match &a.kind {
                AnomalyKind::Occupied => Some("point occupied"),
                AnomalyKind::OffBoard(_) => Some("off the board"),
                AnomalyKind::Suicide { .. } if !suicide_legal => Some("suicide"),
                // Ing: 顆、塊子自提，有變可著 … 顆子自攪，變窮禁著 — a suicide that
                // changes the board is a move, one of a lone stone changes
                // nothing and is forbidden.
                AnomalyKind::Suicide { stones: 1 } if rule == KoRule::IngHotStones => {
                    Some("single-stone suicide changes nothing")
                }
                AnomalyKind::KoRecapture
                    if matches!(
                        rule,
                        KoRule::Simple | KoRule::SimpleNoResultCycles | KoRule::IngHotStones
                    ) =>
                {
                    Some(if rule == KoRule::IngHotStones {
                        "hot stone taken back at once"
                    } else {
                        "immediate ko recapture"
                    })
                }
                _ => None,
            };
            if let Some(r) = reason {
                first = Some((a.move_number, r.to_string()));
                break;
            }
        }
        let repetition = if self.board_repeats {
            repetition(rule, replay)
        } else {
            None
        };
        match (first, repetition) {
            (Some((n, _)), Some(rep)) if rep.move_number() < n => rep,
            (Some((move_number, reason)), _) => Verdict::Illegal {
                move_number,
                reason,
            },
            (None, Some(rep)) => rep,
            (None, None) => Verdict::Legal,
        }
    }
}

impl Verdict {
    fn move_number(&self) -> u32 {
        match self {
            Verdict::Legal => u32::MAX,
            Verdict::Illegal { move_number, .. } | Verdict::NoResult { move_number, .. } => {
                *move_number
            }
        }
    }
}

/// The first whole-board repetition the rule forbids, if any.
fn repetition(rule: KoRule, replay: &Replay) -> Option<Verdict> {
    if rule == KoRule::Simple {
        return None;
    }
    let phased = rule == KoRule::PhasedPositionalSuperko;
    // Key → move number that produced it (0 = the start).
    // Keys are Zobrist hashes already: a fast non-cryptographic hasher and
    // room for every move up front (the maps were a tenth of a batch run).
    let cap = replay.moves.len() + 1;
    let mut seen: FxHashMap<(u64, u8, u32, u32), u32> =
        FxHashMap::with_capacity_and_hasher(cap, Default::default());
    // Board hash → times it appeared (generalized superko's virtual-move
    // limit; only that rule keeps it).
    let counts_appearances = rule == KoRule::GeneralizedSuperko;
    let mut appearances: FxHashMap<u64, u32> = FxHashMap::default();
    if counts_appearances {
        appearances.reserve(cap);
    }
    let mut virtual_stones = [0u32; 2];
    let key = |hash: u64, mover: u8, v: [u32; 2]| -> (u64, u8, u32, u32) {
        match rule {
            KoRule::SituationalSuperko | KoRule::SimpleNoResultCycles | KoRule::IngHotStones => {
                (hash, mover, 0, 0)
            }
            KoRule::GeneralizedSuperko => (hash, 0, v[0], v[1]),
            _ => (hash, 0, 0, 0),
        }
    };
    // The start position: the player to move is the first mover, so the
    // "mover" of the start is the other colour.
    let first_mover = replay.moves.first().map_or(0, |m| m.color.index() as u8);
    seen.insert(key(replay.start_hash, 1 - first_mover, [0, 0]), 0);
    appearances.insert(replay.start_hash, 1);
    // Rules under which a pass lifts the ban on a retake (弃后可提, 提取熱子須
    // 間隔一實手或虛手): a repetition whose loop contains a pass is a
    // retake after a pass, not a cycle.
    let pass_breaks_cycles = matches!(rule, KoRule::SimpleNoResultCycles | KoRule::IngHotStones);
    let mut last_pass = 0u32;
    let mut previous_pass = false;
    let mut phase_over = false;
    for (k, m) in replay.moves.iter().enumerate() {
        let mover = m.color.index() as u8;
        let is_pass = m.point.is_none();
        if is_pass {
            last_pass = m.number;
            let next_is_pass = replay.moves.get(k + 1).is_some_and(|n| n.point.is_none());
            if previous_pass && phased && !phase_over {
                // Two consecutive passes: the play phase ends, history clears.
                phase_over = true;
                seen.clear();
                appearances.clear();
                virtual_stones = [0, 0];
                seen.insert(key(m.hash_after, mover, virtual_stones), m.number);
                appearances.insert(m.hash_after, 1);
                previous_pass = true;
                continue;
            }
            let is_virtual = rule == KoRule::GeneralizedSuperko && !previous_pass && !next_is_pass;
            previous_pass = true;
            if is_virtual {
                virtual_stones[usize::from(mover)] += 1;
                let n = appearances.entry(m.hash_after).or_insert(0);
                *n += 1;
                if *n >= 4 {
                    return Some(Verdict::Illegal {
                        move_number: m.number,
                        reason: "virtual move makes a board appear a fourth time".to_string(),
                    });
                }
                seen.insert(key(m.hash_after, mover, virtual_stones), m.number);
            }
            // A plain pass repeats the position; it is never forbidden.
            continue;
        }
        previous_pass = false;
        let kk = key(m.hash_after, mover, virtual_stones);
        if let Some(&earlier) = seen
            .get(&kk)
            .filter(|&&e| !(pass_breaks_cycles && last_pass > e))
        {
            let what = if earlier == 0 {
                "the starting position".to_string()
            } else {
                format!("the position after move {earlier}")
            };
            return Some(match rule {
                KoRule::SimpleNoResultCycles => Verdict::NoResult {
                    move_number: m.number,
                    reason: format!("cycle: {what} recurs with the same player to move"),
                },
                KoRule::IngHotStones => Verdict::Illegal {
                    move_number: m.number,
                    reason: format!("disturbing cycle: completes a loop back to {what}"),
                },
                KoRule::SituationalSuperko => Verdict::Illegal {
                    move_number: m.number,
                    reason: format!("situational superko: recreates {what}"),
                },
                _ => Verdict::Illegal {
                    move_number: m.number,
                    reason: format!("superko: recreates {what}"),
                },
            });
        }
        seen.insert(kk, m.number);
        if counts_appearances {
            *appearances.entry(m.hash_after).or_insert(0) += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use lanke_board::replay;
    use lanke_sgf::load_collection;

    fn run(sgf: &str) -> Replay {
        let f = load_collection(sgf.as_bytes(), None);
        replay(f.games[0].as_ref().unwrap())
    }

    // A ko on a 5x5 board: Black takes at cb, White retakes at bb.
    const KO: &str = "(;SZ[5]AB[ba][ab][bc]AW[bb][ca][cc][db]";

    #[test]
    fn immediate_ko_recapture() {
        let r = run(&format!("{KO};B[cb];W[bb])"));
        for rule in [KoRule::Simple, KoRule::SimpleNoResultCycles] {
            assert_eq!(
                verdict(rule, false, &r).label(),
                "illegal at move 2 (immediate ko recapture)"
            );
        }
        assert_eq!(
            verdict(KoRule::PositionalSuperko, false, &r).label(),
            "illegal at move 2 (superko: recreates the starting position)"
        );
    }

    #[test]
    fn ko_fight_with_threats_then_a_pass_cycle() {
        // Black takes, White passes, Black passes, White retakes: the
        // board after the retake equals the start. Positional superko
        // forbids the retake; situational superko too (same player to
        // move as at the start); a phased rule has cleared its history at
        // the two passes, so the retake is legal there; simple ko allows
        // it, and so do the rules whose cycles are loops of board moves
        // (Japanese and Tang/Song 弃后可提, Ing 隔虛回提).
        let r = run(&format!("{KO};B[cb];W[];B[];W[bb])"));
        assert_eq!(verdict(KoRule::Simple, false, &r), Verdict::Legal);
        assert!(matches!(
            verdict(KoRule::PositionalSuperko, false, &r),
            Verdict::Illegal { move_number: 4, .. }
        ));
        assert!(matches!(
            verdict(KoRule::SituationalSuperko, false, &r),
            Verdict::Illegal { move_number: 4, .. }
        ));
        assert_eq!(
            verdict(KoRule::PhasedPositionalSuperko, false, &r),
            Verdict::Legal
        );
        for rule in [KoRule::SimpleNoResultCycles, KoRule::IngHotStones] {
            assert_eq!(verdict(rule, true, &r), Verdict::Legal, "{rule:?}");
        }
    }

    /// Seed 004: 顆、塊子自提，有變可著 … 顆子自攪，變窮禁著. Under Ing a
    /// suicide of two stones is a move; that of a lone stone changes
    /// nothing and is forbidden.
    #[test]
    fn ing_allows_a_group_suicide_and_forbids_a_lone_stone_one() {
        let group = run("(;SZ[5]AB[ba]AW[ca][bb][ab];B[aa])");
        assert_eq!(verdict(KoRule::IngHotStones, true, &group), Verdict::Legal);
        let lone = run("(;SZ[5]AW[ba][ab];B[aa])");
        assert_eq!(
            verdict(KoRule::IngHotStones, true, &lone).label(),
            "illegal at move 1 (single-stone suicide changes nothing)"
        );
    }

    #[test]
    fn positional_and_situational_differ_on_whose_turn() {
        // White passes first, so the start has Black to move. After White's
        // retake the board is the start's again, now with Black to move
        // after a White move... the start was reached after no move, with
        // Black to move; the retake leaves Black to move too, but the start
        // key counts the start as reached by Black's opponent only when
        // Black moves first. Here White moved first: the keys differ and
        // only positional superko forbids the retake.
        let r = run(&format!("{KO};W[];B[cb];W[];B[];W[bb])"));
        assert!(matches!(
            verdict(KoRule::PositionalSuperko, false, &r),
            Verdict::Illegal { move_number: 5, .. }
        ));
        assert_eq!(
            verdict(KoRule::SituationalSuperko, false, &r),
            Verdict::Legal
        );
    }

    /// The shortcut of records whose boards never repeat gives the verdict
    /// the full history maps give, under every rule, on real records: the
    /// first 3,000 CWI files. Some of them do repeat a board (passes, long
    /// kos), so both paths are exercised.
    #[test]
    fn the_no_repetition_shortcut_changes_no_verdict_on_real_records() {
        const RULES: [KoRule; 7] = [
            KoRule::SimpleNoResultCycles,
            KoRule::Simple,
            KoRule::PositionalSuperko,
            KoRule::PhasedPositionalSuperko,
            KoRule::SituationalSuperko,
            KoRule::GeneralizedSuperko,
            KoRule::IngHotStones,
        ];
        let (mut games, mut repeating, mut shortcut) = (0, 0, 0);
        for bytes in lanke_testdata::cwi().values().take(3000) {
            for g in load_collection(bytes, None).games.iter().flatten() {
                let r = replay(g);
                let history = History::new(&r);
                let full = History {
                    replay: &r,
                    board_repeats: true,
                };
                games += 1;
                if history.board_repeats {
                    repeating += 1;
                } else {
                    shortcut += 1;
                }
                for rule in RULES {
                    for suicide_legal in [false, true] {
                        assert_eq!(
                            history.verdict(rule, suicide_legal),
                            full.verdict(rule, suicide_legal),
                            "{rule:?} on {}",
                            g.info.event.as_deref().unwrap_or("?")
                        );
                    }
                }
            }
        }
        assert_eq!(games, repeating + shortcut);
        assert!(
            repeating > 0 && shortcut > games / 2,
            "{repeating} of {games}"
        );
    }

    #[test]
    fn suicide_is_legal_only_where_the_family_says() {
        // Black's aa kills its own two stones aa+ba.
        let r = run("(;SZ[5]AB[ba]AW[ca][bb][ab];B[aa])");
        assert_eq!(
            verdict(KoRule::Simple, false, &r).label(),
            "illegal at move 1 (suicide)"
        );
        assert_eq!(verdict(KoRule::PositionalSuperko, true, &r), Verdict::Legal);
        // A one-stone suicide recreates the board: positional superko
        // forbids it even where suicide is legal (Tromp–Taylor).
        let r = run("(;SZ[5]AW[ba][ab];B[aa])");
        assert!(matches!(
            verdict(KoRule::PositionalSuperko, true, &r),
            Verdict::Illegal { move_number: 1, .. }
        ));
    }

    /// Seed 000 §十一: 甲 takes the last ko, 乙 passes, 甲 passes (the
    /// pause); play resumes with 乙, who "不得立即回提那个劫" under the
    /// generalized superko, whose history the pause does not clear
    /// (勿须两弃为界). The phased rule of 1-x and 4-x clears it.
    #[test]
    fn generalized_superko_keeps_its_history_across_two_passes() {
        let r = run(&format!("{KO};B[cb];W[];B[];W[bb])"));
        assert_eq!(
            verdict(KoRule::GeneralizedSuperko, false, &r).label(),
            "illegal at move 4 (superko: recreates the starting position)"
        );
        assert_eq!(
            verdict(KoRule::PhasedPositionalSuperko, false, &r),
            Verdict::Legal
        );
    }
}
