//! Stage 1e's first step: groups the playouts call dead that live by
//! eating a captive — joined through it to a live chain of their colour,
//! or alive by eye space once a big one (a chain `captives` leaves to the
//! playouts as a matter of eyes) is taken, or once the few stones shut
//! in a small region of their own are taken. The races themselves are
//! `group_races`'; this module only turns the statuses of a group and
//! the captive it eats.

use lanke_board::{Board, Cell};

use crate::captives::is_captive;
use crate::group_races::{Chains, GROUP_STONES};
use crate::judgement::{ChainInfo, Status, StatusReason};

/// A live chain the playouts are this sure of can take in a group joined
/// to it through a capture.
const SURE_ENOUGH: f32 = 0.6;

/// The most stones of a chain `captives` reads for the playouts; larger
/// ones are read here (`eat_big_captives`).
const BIG_CAPTIVE_ABOVE: usize = crate::captives::MAX_STONES;

/// A group the playouts call dead that touches a captive (a chain of the
/// other colour lost whoever moves first, `captives`) which also touches
/// a live chain of the group's colour is connected to that chain through
/// the capture: the captured points join them, and the opponent cannot
/// play back into them. The playouts, which save captives at random and
/// fill the group's liberties first, often lose such a group (Go Seigen
/// Cup 7 game 8: White's 54 stones on the left, joined to White's live
/// stones through five Black stones lost either way). The group lives;
/// the captive is dead.
pub(crate) fn connect_through_captives(
    view: &Chains<'_>,
    infos: &mut [ChainInfo],
    captive: &[bool],
    turned: &mut [bool],
) {
    for k in 0..view.list.len() {
        if infos[k].status != Status::Dead || view.list[k].1.len() < GROUP_STONES {
            continue;
        }
        let joins = view.foes_of(k).into_iter().find(|&c| {
            captive[view.list[c].1[0]]
                && view.foes_of(c).into_iter().any(|j| {
                    j != k && infos[j].status == Status::Alive && infos[j].confidence >= SURE_ENOUGH
                })
        });
        if let Some(c) = joins {
            eats(infos, turned, k, &[c]);
        }
    }
}

/// A live chain of more stones than the playouts' captives (`captives`
/// reads a big chain's life as a matter of eyes) left with two liberties
/// or fewer, which the tactical reader takes whoever moves first — a
/// sacrifice and a throw-in are tactics — and whose other neighbours
/// either share every liberty of it or have more than twice as many (a
/// neighbour short of liberties too is a race, which the reader's
/// defence does not read): a group the playouts call dead beside it,
/// alive by eye space once it is taken, eats it. The group lives; the
/// chain is dead (Oteai 1968/257: White's ten stones on the right edge,
/// two liberties beside a lone Black stone, die to a sacrifice and a
/// throw-in, and Black's 27 stones beside them live).
pub(crate) fn eat_big_captives(
    view: &Chains<'_>,
    infos: &mut [ChainInfo],
    liberties: &[usize],
    proven: &impl Fn(usize) -> bool,
    turned: &mut [bool],
) {
    for c in 0..view.list.len() {
        let stones = &view.list[c].1;
        if infos[c].status != Status::Alive
            || stones.len() <= BIG_CAPTIVE_ABOVE
            || liberties[c] > 2
            || proven(c)
        {
            continue;
        }
        let own = view.board.liberties_of(stones);
        let foes = view.foes_of(c);
        let race_free = foes.iter().all(|&j| {
            liberties[j] > 2 * liberties[c]
                || view
                    .board
                    .liberties_of(&view.list[j].1)
                    .iter()
                    .all(|l| own.contains(l))
        });
        if !race_free {
            continue;
        }
        if !is_captive(view.board, stones[0]) {
            continue;
        }
        let eater = foes.into_iter().find(|&x| {
            infos[x].status == Status::Dead
                && view.list[x].1.len() >= GROUP_STONES
                && view.lives_after_taking(x, &[c])
        });
        if let Some(x) = eater {
            eats(infos, turned, x, &[c]);
        }
    }
}

/// Liberties an inner chain may have and still be eaten (`eat_inner_chains`).
const INNER_LIBERTIES: usize = 3;

/// The most stones of an inner chain (`eat_inner_chains`): more, once
/// taken, may leave a shape the other side kills at its vital point.
const INNER_STONES: usize = 3;

/// The most points (empty or the other colour's) of a region a group
/// shuts in around the chains it eats (`eat_inner_chains`).
const INNER_REGION: usize = 12;

/// The playouts' verdict on a group below this confidence is doubted by
/// `eat_inner_chains`.
const DOUBTED_BELOW: f32 = 0.8;

/// `Board::regions_without` a colour: each cell's region, and the regions.
type Regions = (Vec<usize>, Vec<Vec<usize>>);

/// A group the playouts call dead, without being sure, that shuts in a
/// small region holding chains of the other colour — each with few
/// liberties, fewer than the group's — eats them: once they are taken,
/// its eye space makes two eyes (`lives_after_taking`). Random playouts
/// run such inner stones out into a race and fill the group's own eye
/// space; a player takes them.
pub(crate) fn eat_inner_chains(
    view: &Chains<'_>,
    infos: &mut [ChainInfo],
    liberties: &[usize],
    proven: &impl Fn(usize) -> bool,
    turned: &mut [bool],
) {
    let mut regions_of: [Option<Regions>; 2] = [None, None];
    for k in 0..view.list.len() {
        let (color, stones) = &view.list[k];
        if infos[k].status != Status::Dead
            || infos[k].confidence >= DOUBTED_BELOW
            || stones.len() < GROUP_STONES
        {
            continue;
        }
        let (region_of, regions) =
            regions_of[color.index()].get_or_insert_with(|| view.board.regions_without(*color));
        let foe = Cell::of(color.opponent());
        let eatable = |c: usize| {
            infos[c].status == Status::Alive
                && !proven(c)
                && liberties[c] <= INNER_LIBERTIES
                && liberties[c] < liberties[k]
                && view.list[c].1.len() <= INNER_STONES
        };
        let mut inner: Vec<usize> = Vec::new();
        let mut seen_regions: Vec<usize> = Vec::new();
        for n in stones.iter().flat_map(|&s| Board::neighbours(s)) {
            let r = region_of[n];
            if r == usize::MAX || seen_regions.contains(&r) {
                continue;
            }
            seen_regions.push(r);
            let region = &regions[r];
            if region.len() > INNER_REGION {
                continue;
            }
            let chains: Vec<usize> = {
                let mut c: Vec<usize> = region
                    .iter()
                    .filter(|&&p| view.board.cell(p) == foe)
                    .map(|&p| view.chain_of[p])
                    .collect();
                c.sort_unstable();
                c.dedup();
                c
            };
            if !chains.is_empty()
                && chains.iter().all(|&c| eatable(c))
                && walled_by(view, k, region, region_of)
            {
                inner.extend(chains);
            }
        }
        if !inner.is_empty() && view.lives_after_taking(k, &inner) {
            eats(infos, turned, k, &inner);
        }
    }
}

/// Chain `eater` lives and the chains of `eaten` die, each sure and
/// turned by the eating.
fn eats(infos: &mut [ChainInfo], turned: &mut [bool], eater: usize, eaten: &[usize]) {
    let verdicts =
        std::iter::once((eater, Status::Alive)).chain(eaten.iter().map(|&c| (c, Status::Dead)));
    for (k, status) in verdicts {
        infos[k].status = status;
        infos[k].confidence = 1.0;
        infos[k].reason = StatusReason::EatsCaptive;
        turned[k] = true;
    }
}

/// Is `region` (of `region_of`, the regions without chain `k`'s colour)
/// chain `k`'s own: every other chain of `k`'s colour beside it stands
/// inside it, touching nothing but the region, the border and `k`? Such
/// a stone is no way out for the chains inside, whoever takes it; a
/// region walled by chains of their own (dead ones among them) is not a
/// group's eye space.
fn walled_by(view: &Chains<'_>, k: usize, region: &[usize], region_of: &[usize]) -> bool {
    let board = view.board;
    let own = Cell::of(view.list[k].0);
    let r = region_of[region[0]];
    let inside = |j: usize| {
        view.list[j].1.iter().all(|&s| {
            Board::neighbours(s).into_iter().all(|m| {
                region_of[m] == r
                    || board.cell(m) == Cell::Border
                    || (board.cell(m) == own && [j, k].contains(&view.chain_of[m]))
            })
        })
    };
    region.iter().all(|&p| {
        Board::neighbours(p)
            .into_iter()
            .all(|n| board.cell(n) != own || view.chain_of[n] == k || inside(view.chain_of[n]))
    })
}
