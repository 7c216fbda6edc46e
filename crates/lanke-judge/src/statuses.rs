//! Stage 1 of the judgement: each chain's status (alive, dead, seki) with
//! a confidence. Benson's proof settles what it can, seeded playouts judge
//! the rest (run a second time, with the tactical reader's captives given
//! up, where the two disagree), and local reading (its dead verdicts
//! checked against the attacker's chains beside the walls, and read again
//! with the short ones capturable: a seki), double-ko and
//! standoff recognition (the hanezeki, and the playouts' sekis a throw-in
//! breaks), the races between groups (read, or counted when too long
//! to read) and the links of given-up stones to live groups overrule
//! the playouts where they are unsure or blind; a
//! chain alive by Benson's test with big empty eye spaces as two
//! eyes is sure, chains that cannot be cut apart share the surest
//! confidence among them, and stray invaders are as sure as their walls.
//! Given statuses (an overrides file, an engine) are taken as given; the
//! playouts still run for them, for the open borders' estimate alone.
//! No point classes and no filling here.

use lanke_board::{Board, Cell};
use lanke_sgf::{Color, Point};

use crate::benson::{pass_alive_in, sealed_empty_points, PassAlive};
use crate::big_eyes::alive_by_eye_space;
use crate::captives::captive_stones;
use crate::carving::carve;
use crate::contested::{contested_verdict, Contest, Contested};
use crate::double_ko::double_ko_sekis;
use crate::eye_links::break_false_seki;
use crate::group_races::{settle_counted_races, settle_group_races};
use crate::invaders::settle_stray_invaders;
use crate::judgement::{ChainInfo, JudgeOptions, Stage, Status, StatusReason, StatusSource};
use crate::links::settle_links;
use crate::playout::{ownership_until, Masks, Ownership};
use crate::reading::{enclosures_in, read, Enclosure, LocalStatus, MAX_REGION};
use crate::solid::{share_fate, solid_groups};
use crate::standoff::{lost_standoffs_among, standoff_sekis_among};
use crate::wall_neighbours::{forcing_move_escapes, race_saves_walls};

/// Playouts run in batches of this many; after each batch the judge stops
/// early when the playouts so far agree on everything (`playouts_agree`).
/// A stop after 8 playouts would settle White's two inner stones of seed
/// 000's 四气双活图 dead before the local reading that finds the seki runs.
const PLAYOUT_BATCH: u32 = 16;

/// A chain's stones must end on one side this much more often than on the
/// other (as a share of the playouts so far) for an early stop; a lower
/// margin stops sooner but settles chains the full count would not.
const AGREE_MARGIN: f32 = 0.6;

/// After this many playouts a chain whose stones end one colour's at least
/// `SIGN_MARGIN` more often than the other's counts as settled too: its
/// status (the sign of the balance) no longer changes with more playouts
/// (the balance's standard error at 32 playouts is at most 0.18), only its
/// confidence. 0.5 is the confidence below which the reports call a
/// judgement uncertain, so the early stop never settles a chain they
/// would doubt. The open-border estimate reads the balance of empty
/// points, which this does not settle, so a position stopped this way that
/// turns out to have an open border is judged again on the full playouts
/// (without that second judgement seed 001's 1921 game loses its 26
/// dame). A lower margin would call more chains uncertain, since the
/// least confidence over a position's chains, taken from 32 playouts, is
/// the lower estimate.
const SIGN_SETTLED_AFTER: u32 = 32;
const SIGN_MARGIN: f32 = 0.5;

/// Do the playouts so far settle every open chain (its stones end one
/// colour's `AGREE_MARGIN` more often than the other's, or `SIGN_MARGIN`
/// after `SIGN_SETTLED_AFTER` playouts) and leave every open
/// empty point shared between both colours (seki) in under a quarter or
/// over three quarters of them? Then more playouts would not change a
/// status: stopping early makes clear final positions cheaper, while
/// unclear ones get the full count. Playouts are noisy even on finished
/// positions (many chains end on one side in only 60–80% of them), so a
/// much stricter rule would almost never stop.
fn playouts_agree(
    o: &Ownership,
    open_chains: &[&Vec<usize>],
    empties: &[usize],
    sign_settles: bool,
) -> Agreement {
    let n = o.playouts as f32;
    let empties_agree = || {
        empties.iter().all(|&i| {
            let shared = u32::from(o.shared[i]) * 4;
            shared <= o.playouts || shared >= 3 * o.playouts
        })
    };
    let chains_agree = |margin: f32| {
        open_chains.iter().all(|stones| {
            let [b, w] = o.ended(stones);
            (b - w).abs() >= margin * stones.len() as f32 * n
        })
    };
    let agreement = if chains_agree(AGREE_MARGIN) {
        Agreement::Full
    } else if sign_settles && o.playouts >= SIGN_SETTLED_AFTER && chains_agree(SIGN_MARGIN) {
        Agreement::BySign
    } else {
        return Agreement::None;
    };
    if empties_agree() {
        agreement
    } else {
        Agreement::None
    }
}

/// How far the playouts so far settle a position (`playouts_agree`).
enum Agreement {
    /// Every chain by `AGREE_MARGIN`.
    Full,
    /// Some chain only by `SIGN_MARGIN`.
    BySign,
    None,
}

/// Chains the playouts judge with less confidence than this are read out
/// locally when they wall in (or sit inside) a small enclosure.
const READ_BELOW_CONFIDENCE: f32 = 0.6;
/// An attacker chain around an enclosure counts as safe (never captured in
/// the reading) when Benson proves it or the playouts are this sure of it.
const SAFE_CONFIDENCE: f32 = 0.6;

/// Is the stone at `i` one the readings may treat as uncapturable: Benson
/// proves its chain alive, or the playouts are `SAFE_CONFIDENCE` sure of it?
fn safe_stone(infos: &[ChainInfo], chain_of: &[usize], sure: &[PassAlive; 2], i: usize) -> bool {
    let info = &infos[chain_of[i]];
    sure[info.color.index()].alive[i]
        || (info.status == Status::Alive && info.confidence >= SAFE_CONFIDENCE)
}

/// Do the stones (one chain) end `color`'s in at least as many playouts
/// as the other colour's?
fn owned_by(o: &Ownership, stones: &[usize], color: Color) -> bool {
    let ended = o.ended(stones);
    ended[color.index()] >= ended[color.opponent().index()]
}

/// How unsettled the playouts leave `chains`: per stone, one less the
/// chain's balance (how much more often it ends one colour's than the
/// other's), summed.
fn unsettled(o: &Ownership, chains: &[&Vec<usize>]) -> f32 {
    let n = o.playouts.max(1) as f32;
    chains
        .iter()
        .map(|stones| {
            let [b, w] = o.ended(stones);
            stones.len() as f32 - (b - w).abs() / n
        })
        .sum()
}

/// The statuses of a position's chains, with what the later stages read
/// alongside them.
#[derive(Clone)]
pub(crate) struct Statuses {
    /// One per chain, in board order.
    pub infos: Vec<ChainInfo>,
    /// Per grid cell: the index in `infos` of the chain standing there.
    pub chain_of: Vec<usize>,
    /// The playouts' ownership (the built-in judge only).
    pub own: Option<Ownership>,
    /// The same where the statuses are given: read by the open borders'
    /// estimate alone (`classes`), never by a status or a seki.
    pub border_own: Option<Ownership>,
    /// Benson's pass-alive chains and sealed regions, per colour.
    pub sure: [PassAlive; 2],
    /// Empty points the local reading found shared in a seki.
    pub read_shared: Vec<bool>,
    /// The playouts stopped on `SIGN_MARGIN`.
    pub stopped_by_sign: bool,
}

/// Judges every chain of `board` (`to_move` to play); with
/// `sign_settles`, the playouts may stop on `SIGN_MARGIN`.
pub(crate) fn chain_statuses(
    board: &Board,
    to_move: Color,
    source: &StatusSource,
    opts: &JudgeOptions,
    sign_settles: bool,
) -> Statuses {
    let chains = board.chains();
    let cells = board.points().last().map_or(0, |i| i + 1);

    // 1. Chain statuses. Benson's unconditionally alive chains and the
    //    sealed regions around them are settled for certain: playouts never
    //    play there. Every other region stays open to the playouts, whose
    //    tactics (captures and ataris answered first) read invasions out;
    //    freezing single-colour regions would hide those invasions.
    // Each colour's regions, read once for Benson and the enclosures.
    let regions = [Color::Black, Color::White].map(|c| board.regions_without(c));
    let sure = [Color::Black, Color::White]
        .map(|c| pass_alive_in(board, c, &chains, &regions[c.index()].1));
    let frozen = sealed_empty_points(board, &sure);
    let open_chains: Vec<&Vec<usize>> = chains
        .iter()
        .filter(|(c, stones)| {
            !sure[c.index()].alive[stones[0]] && !sure[c.opponent().index()].territory[stones[0]]
        })
        .map(|(_, stones)| stones)
        .collect();
    // The playouts, with the chains in `given_up` never extended out of
    // atari by their owner; also whether they stopped on `SIGN_MARGIN`.
    let empties: Vec<usize> = board
        .points()
        .filter(|&i| board.cell(i) == Cell::Empty && !frozen[i])
        .collect();
    let playouts = |given_up: &[bool]| {
        let stopped_by_sign = std::cell::Cell::new(false);
        let own = ownership_until(
            board,
            to_move,
            opts.playouts,
            PLAYOUT_BATCH,
            // Rotated: the generator forces its lowest bit to 1, so
            // seeds differing only there would play the same
            // playouts; seed 0 is unchanged.
            board.hash() ^ opts.seed.rotate_left(1),
            &Masks {
                frozen: &frozen,
                given_up,
            },
            |o| match playouts_agree(o, &open_chains, &empties, sign_settles) {
                Agreement::Full => true,
                Agreement::BySign => {
                    stopped_by_sign.set(true);
                    true
                }
                Agreement::None => false,
            },
        );
        (own, stopped_by_sign.get())
    };
    let mut stopped_by_sign = false;
    // Chains lost whoever moves first (read by the built-in judge only;
    // see `captives`).
    let mut captive = vec![false; cells];
    // The playouts' ownership: the built-in judge's statuses read it;
    // given statuses keep it for the open borders' estimate alone.
    let (own, border_own) = match source {
        StatusSource::Builtin | StatusSource::Given { .. } => {
            let (plain, stopped) = playouts(&vec![false; cells]);
            stopped_by_sign = stopped;
            // Captives the playouts keep alive: the reader and the
            // playouts disagree. The playouts are run again with every
            // captive given up, and of the two runs the one that leaves
            // the position more settled is kept: a finished game's
            // groups are settled, and the reading under which they are
            // is the likelier one.
            captive = captive_stones(board, &chains, |s| {
                sure.iter().any(|p| p.alive[s] || p.territory[s])
            });
            let disputed = chains
                .iter()
                .any(|(color, stones)| captive[stones[0]] && owned_by(&plain, stones, *color));
            let read = if disputed {
                let (reread, stopped) = playouts(&captive);
                if unsettled(&reread, &open_chains) < unsettled(&plain, &open_chains) {
                    stopped_by_sign = stopped;
                    reread
                } else {
                    plain
                }
            } else {
                plain
            };
            if matches!(source, StatusSource::Builtin) {
                (Some(read), None)
            } else {
                (None, Some(read))
            }
        }
        StatusSource::Marked { .. } => (None, None),
    };
    let mut infos: Vec<ChainInfo> = Vec::with_capacity(chains.len());
    let mut chain_of = vec![usize::MAX; cells];
    for (k, (color, stones)) in chains.iter().enumerate() {
        for &s in stones {
            chain_of[s] = k;
        }
        let (status, confidence, reason) = match (source, &own) {
            (StatusSource::Given { dead, seki, .. }, _) => {
                let listed =
                    |list: &[Point]| stones.iter().any(|&s| list.contains(&Board::point(s)));
                let status = if listed(dead) {
                    Status::Dead
                } else if listed(seki.as_deref().unwrap_or_default()) {
                    Status::Seki
                } else {
                    Status::Alive
                };
                (status, 1.0, StatusReason::Given)
            }
            (StatusSource::Builtin, Some(o)) => {
                let n = stones.len() as f32 * o.playouts.max(1) as f32;
                // Shares of playouts in which the chain's points ended its
                // colour's and the other's.
                let ended = o.ended(stones);
                let (mine, theirs) = (
                    ended[color.index()] / n,
                    ended[color.opponent().index()] / n,
                );
                let first = stones[0];
                if sure[color.index()].alive[first] {
                    (Status::Alive, 1.0, StatusReason::Benson)
                } else if sure[color.opponent().index()].territory[first] {
                    (Status::Dead, 1.0, StatusReason::SureTerritory)
                } else if mine >= theirs {
                    let margin = (mine - theirs).clamp(0.0, 1.0);
                    (Status::Alive, margin, StatusReason::Playouts)
                } else {
                    let margin = (theirs - mine).clamp(0.0, 1.0);
                    (Status::Dead, margin, StatusReason::Playouts)
                }
            }
            (StatusSource::Builtin, None) => unreachable!("builtin always has ownership"),
            (StatusSource::Marked { .. }, _) => {
                unreachable!("marked positions are judged by `marked` alone")
            }
        };
        infos.push(ChainInfo {
            color: *color,
            stones: stones.iter().map(|&s| Board::point(s)).collect(),
            status,
            confidence,
            reason,
        });
    }

    // 1b. Local reading where the playouts are unsure: a small enclosed
    //     group (bent four in the corner, a seki one careless move would
    //     break) is read out exactly; see `reading`.
    let mut read_shared = vec![false; cells];
    // Empty points a given seki list names are the liberties its seki
    // share.
    if let StatusSource::Given { seki, .. } = source {
        for &p in seki.iter().flatten() {
            let i = Board::idx(p);
            if i < cells && board.cell(i) == Cell::Empty {
                read_shared[i] = true;
            }
        }
    }
    let unsure = infos.iter().any(|c| c.confidence < READ_BELOW_CONFIDENCE);
    if own.is_some() && unsure {
        // An enclosure whose walls stand inside the other colour's
        // enclosure (stones thrown into an eye space) is the outer one's
        // business: reading it alone would take the outer group for safe.
        // Large regions are carved against the attacker's safe stones, so
        // a group whose eye space opens onto the attacker's area is read
        // too (see `carving`).
        let all = [Color::Black, Color::White].map(|d| {
            let (region_of, list) = &regions[d.index()];
            let anchor = |i: usize| safe_stone(&infos, &chain_of, &sure, i);
            let carved = carve(board, d, region_of, list, anchor);
            let found = enclosures_in(
                board,
                d,
                &chains,
                &carved.region_of,
                &carved.regions,
                &carved.open,
            );
            (found, carved.connected_out)
        });
        for defender in [Color::Black, Color::White] {
            let attacker = defender.opponent();
            // Attacker stones the reading may treat as uncapturable.
            let safe_attacker = |i: usize| safe_stone(&infos, &chain_of, &sure, i);
            let found: Vec<&Enclosure> = all[defender.index()]
                .0
                .iter()
                .filter(|e| {
                    e.safely_walled(board, |i| safe_attacker(i) || all[defender.index()].1[i])
                })
                .collect();
            for enc in found {
                // A carved eye space (see `carving`) is read with the
                // attacker's chains around it uncapturable only when each
                // has more liberties than the walls: otherwise filling the
                // walls' liberties may cost the attacker its own chain (a
                // seki, or a race the walls win).
                let carved = enc.region.iter().any(|&p| {
                    regions[defender.index()].1[regions[defender.index()].0[p]].len() > MAX_REGION
                });
                if carved
                    && !outlasts_walls(
                        board,
                        enc,
                        |i| sure[attacker.index()].alive[i],
                        &regions[attacker.index()],
                    )
                {
                    continue;
                }
                let nested = all[attacker.index()]
                    .0
                    .iter()
                    .any(|o| enc.walls.iter().any(|w| o.region.binary_search(w).is_ok()));
                if nested {
                    continue;
                }
                let mut involved: Vec<usize> = enc
                    .walls
                    .iter()
                    .chain(enc.region.iter())
                    .filter(|&&s| board.cell(s).color().is_some())
                    .map(|&s| chain_of[s])
                    .collect();
                involved.sort_unstable();
                involved.dedup();
                let settled = involved
                    .iter()
                    .all(|&k| infos[k].confidence >= READ_BELOW_CONFIDENCE);
                if settled || enc.walls.iter().any(|&s| sure[defender.index()].alive[s]) {
                    continue;
                }
                // A status that does not depend on who moves first is
                // taken; so is a group that lives moving first and dies
                // moving second: in a finished position its owner answers
                // the attack (records often stop before that protective
                // move is played, which the dame filling makes). Other
                // outcomes that turn on one move (seki or death) stay with
                // the playouts.
                let Some(status) = read(board, enc, defender) else {
                    continue;
                };
                let second = read(board, enc, attacker);
                let owed = status == LocalStatus::Alive && second == Some(LocalStatus::Dead);
                if second != Some(status) && !owed {
                    continue;
                }
                // The reading holds the attacker's stones outside the
                // enclosure safe; one short of liberties may give the
                // defender a forcing move and with it a second move
                // inside, or lose a race to the walls (see
                // `wall_neighbours`).
                let pass_alive = |i: usize| sure[attacker.index()].alive[i];
                if status == LocalStatus::Dead
                    && (forcing_move_escapes(board, enc, pass_alive)
                        || race_saves_walls(board, enc, pass_alive))
                {
                    continue;
                }
                // The attacker's chains beside the walls may be too short
                // of liberties to fill the walls' (see `contested`).
                let mut status = status;
                let mut contested: Option<Contest> = None;
                if status == LocalStatus::Dead {
                    if let Some(contest) = Contest::around(board, enc, pass_alive, |i| {
                        safe_stone(&infos, &chain_of, &sure, i)
                    }) {
                        match contested_verdict(board, enc, &contest) {
                            Contested::Stands => {}
                            Contested::Dropped => continue,
                            Contested::Seki => {
                                status = LocalStatus::Seki;
                                contested = Some(contest);
                            }
                        }
                    }
                }
                if let Some(contest) = &contested {
                    for &s in &contest.stones {
                        involved.push(chain_of[s]);
                    }
                    involved.sort_unstable();
                    involved.dedup();
                    // The liberties the walls share with the contest.
                    for &l in &enc.outside {
                        let beside = Board::neighbours(l)
                            .iter()
                            .any(|n| contest.stones.binary_search(n).is_ok());
                        read_shared[l] |= beside;
                    }
                }
                for &k in &involved {
                    let wall = infos[k].color == defender;
                    infos[k].confidence = 1.0;
                    infos[k].reason = StatusReason::EnclosureRead;
                    infos[k].status = match (status, wall) {
                        (LocalStatus::Seki, _) => Status::Seki,
                        (LocalStatus::Dead, true) | (LocalStatus::Alive, false) => Status::Dead,
                        (LocalStatus::Dead, false) | (LocalStatus::Alive, true) => Status::Alive,
                    };
                }
                if status == LocalStatus::Seki {
                    for &i in &enc.region {
                        read_shared[i] = board.cell(i) == Cell::Empty;
                    }
                }
            }
        }
    }

    // 1c. Double-ko seki: a shape the playouts cannot judge (they resolve
    //     the kos at random), recognised statically; see `double_ko`.
    if matches!(source, StatusSource::Builtin) {
        for seki in double_ko_sekis(board) {
            for &s in &seki.stones {
                infos[chain_of[s]].status = Status::Seki;
                infos[chain_of[s]].confidence = 1.0;
                infos[chain_of[s]].reason = StatusReason::DoubleKo;
            }
            for &l in &seki.shared {
                read_shared[l] = true;
            }
        }
    }

    // 1d. Standoffs where both colours have a chain in atari (hanezeki):
    //     the playouts capture at random and the enclosure reading sees one
    //     defender only, so the whole area is read jointly for its score;
    //     see `standoff`.
    if matches!(source, StatusSource::Builtin) {
        let safe_wall = |i: usize| safe_stone(&infos, &chain_of, &sure, i);
        for seki in standoff_sekis_among(board, &chains, safe_wall) {
            for &s in &seki.stones {
                infos[chain_of[s]].status = Status::Seki;
                infos[chain_of[s]].confidence = 1.0;
                infos[chain_of[s]].reason = StatusReason::Standoff;
            }
            for &l in &seki.shared {
                read_shared[l] = true;
            }
        }
    }

    // 1e. A chain that passes Benson's test with big empty eye spaces as
    //     two eyes each is alive, however unsure the playouts were (see
    //     `big_eyes`); 1f. chains that cannot be cut apart then share the
    //     confidence of the one the judgement is surest of (see `solid`).
    if matches!(source, StatusSource::Builtin) {
        for color in [Color::Black, Color::White] {
            let alive = alive_by_eye_space(board, color, &chains, &regions[color.index()].1);
            for (k, (c, stones)) in chains.iter().enumerate() {
                if *c == color && alive[stones[0]] && infos[k].status == Status::Alive {
                    infos[k].confidence = 1.0;
                    infos[k].reason = StatusReason::BigEyes;
                }
            }
        }
        share_fate(&solid_groups(board, &chains), &mut infos);
        // 1g. Stray invaders in a finished position are as sure as the
        //     walls around them; see `invaders`.
        if opts.stage == Stage::Final {
            settle_stray_invaders(board, &regions, &chain_of, &mut infos);
        }
    }

    // 1h. Capturing races between groups the playouts read the wrong way
    //     round, in a final position (a mid-game estimate is quick and
    //     rough by design); see `group_races`.
    if matches!(source, StatusSource::Builtin) && opts.stage == Stage::Final {
        settle_group_races(board, &chains, &chain_of, &mut infos, &sure, &captive);
        for l in settle_counted_races(board, &chains, &chain_of, &mut infos, &sure) {
            read_shared[l] = true;
        }
        // 1i. A seki one side breaks by connecting through its own eye to
        //     a live group; see `eye_links`.
        if let Some(o) = &own {
            let shared = |i: usize| read_shared[i] || u32::from(o.shared[i]) * 2 >= o.playouts;
            break_false_seki(board, &chains, &chain_of, &mut infos, &shared);
            // 1j. A seki the playouts alone leave that one side breaks
            //     whoever moves first, by a move their policy never plays;
            //     see `standoff`.
            let playouts_only = |i: usize| !read_shared[i] && shared(i);
            let safe_wall = |i: usize| safe_stone(&infos, &chain_of, &sure, i);
            let lost = lost_standoffs_among(board, &chains, playouts_only, safe_wall);
            for standoff in lost {
                for &s in &standoff.stones {
                    let c = &mut infos[chain_of[s]];
                    c.status = if c.color == standoff.loser {
                        Status::Dead
                    } else {
                        Status::Alive
                    };
                    c.confidence = 1.0;
                    c.reason = StatusReason::Standoff;
                }
            }
        }
        // 1k. Stones the playouts give up that join a live group of their
        //     colour whatever the opponent plays; see `links`.
        settle_links(board, &chains, &chain_of, &mut infos, &sure);
    }

    Statuses {
        infos,
        chain_of,
        own,
        border_own,
        sure,
        read_shared,
        stopped_by_sign,
    }
}

/// Does every attacker chain touching `enc`'s walls from outside its
/// region (unless `pass_alive`) have more liberties than the walls, in a
/// race the walls would have to win to live? The walls count their
/// outside liberties and, where the attacker already stands inside the
/// region (no eye yet), the region's points beside them; an empty region
/// counts whole, as an eye's points all have to be filled. An attacker
/// chain counts its own small eye spaces the same way ([`race_liberties`]).
fn outlasts_walls(
    board: &Board,
    enc: &Enclosure,
    pass_alive: impl Fn(usize) -> bool,
    attacker_regions: &(Vec<usize>, Vec<Vec<usize>>),
) -> bool {
    let occupied = enc.region.iter().any(|&p| board.cell(p) != Cell::Empty);
    let inside = enc
        .region
        .iter()
        .filter(|&&p| {
            board.cell(p) == Cell::Empty
                && (!occupied || Board::neighbours(p).iter().any(|n| enc.walls.contains(n)))
        })
        .count();
    let wall_liberties = enc.outside.len() + inside;
    enc.attackers_beside(board, &enc.walls, pass_alive)
        .iter()
        .all(|a| {
            a.liberties > wall_liberties
                || race_liberties(board, a.stone, enc, attacker_regions) > wall_liberties
        })
}

/// Liberties of the attacker chain at `stone` in a race against eyeless
/// walls: its liberties in one of its own small eye spaces (a region of
/// points without attacker stones, not the enclosure's) count as the
/// liberties that eye space's empty points give a chain (a big eye of
/// four points, five; of five, eight; ...), since the walls must fill it
/// from the inside.
fn race_liberties(
    board: &Board,
    stone: usize,
    enc: &Enclosure,
    (region_of, regions): &(Vec<usize>, Vec<Vec<usize>>),
) -> usize {
    const EYE_LIBERTIES: [usize; 8] = [0, 1, 2, 3, 5, 8, 12, 17];
    let mut eyes: Vec<usize> = Vec::new();
    let mut total = 0;
    for l in board.chain_liberties(stone) {
        let r = region_of[l];
        let eye = r != usize::MAX
            && regions[r].len() < EYE_LIBERTIES.len()
            && !regions[r]
                .iter()
                .any(|p| enc.region.binary_search(p).is_ok());
        if !eye {
            total += 1;
        } else if !eyes.contains(&r) {
            eyes.push(r);
            let empty = regions[r]
                .iter()
                .filter(|&&p| board.cell(p) == Cell::Empty)
                .count();
            total += EYE_LIBERTIES[empty];
        }
    }
    total
}
