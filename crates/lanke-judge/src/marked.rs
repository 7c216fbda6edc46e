//! A position the players marked as finished (SGF `TB`/`TW`), counted as
//! marked: dead stones are the stones standing on the other colour's marks,
//! territory is the marked points, and nothing is filled or captured — the
//! marks are the players' agreement, so the ending is not played again.
//!
//! The marks say nothing of seki, so it is read from the board: the
//! unmarked points between the colours that neither can fill as a dame is
//! filled (keeping two liberties, leaving any chain it ataris a way out),
//! once every point that can be has been filled on a scratch board, are
//! shared liberties; the chains around them are in seki (the
//! seki spreads through small unmarked eyes, as in `classes`), and an
//! unmarked region walled in by seki chains is their seki eye. Every
//! other unmarked empty point is dame. No playouts and no reading here.

use lanke_board::{Board, Cell};
use lanke_sgf::{Color, Point};

use crate::classes::SEKI_LINK_EYE_MAX;
use crate::groups::groups_of;
use crate::judgement::{counts_of, Basis, ChainInfo, Judgement, PointClass, Status, StatusReason};

/// Judges `board` from its territory marks (`marks[0]` Black's, `[1]`
/// White's), `to_move` to play next.
#[must_use]
pub(crate) fn judge_marked(board: &Board, to_move: Color, marks: &[Vec<Point>; 2]) -> Judgement {
    let size = board.size();
    let cells = board.points().last().map_or(0, |i| i + 1);
    let mut by = vec![[false; 2]; cells];
    for color in [Color::Black, Color::White] {
        for &p in &marks[color.index()] {
            if p.x < size && p.y < size {
                by[Board::idx(p)][color.index()] = true;
            }
        }
    }
    // A point both colours marked is nobody's.
    let marked: Vec<Option<Color>> = by
        .iter()
        .map(|b| match b {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        })
        .collect();

    // Dead stones: those on the other colour's marks.
    let chains = board.chains();
    let mut chain_of = vec![usize::MAX; cells];
    let mut status: Vec<Status> = Vec::with_capacity(chains.len());
    for (k, (color, stones)) in chains.iter().enumerate() {
        for &s in stones {
            chain_of[s] = k;
        }
        let on_theirs = stones.iter().any(|&s| marked[s] == Some(color.opponent()));
        status.push(if on_theirs {
            Status::Dead
        } else {
            Status::Alive
        });
    }
    let mut judged = board.clone();
    let mut dead: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    for (k, (color, stones)) in chains.iter().enumerate() {
        if status[k] == Status::Dead {
            for &s in stones {
                judged.put(Board::point(s), Cell::Empty);
                dead[color.index()].push(Board::point(s));
            }
        }
    }
    dead[0].sort_unstable();
    dead[1].sort_unstable();

    // Seki: the unmarked points between the colours that stay empty when
    // every such point either colour can fill as a dame has been filled,
    // on a scratch board (the count fills nothing).
    let mut scratch = judged.clone();
    let touches_both = |b: &Board, i: usize| {
        let mut colours = [false; 2];
        for n in Board::neighbours(i) {
            if let Some(c) = b.cell(n).color() {
                colours[c.index()] = true;
            }
        }
        colours == [true, true]
    };
    loop {
        let fillable = scratch.points().find_map(|i| {
            if scratch.cell(i) != Cell::Empty || marked[i].is_some() || !touches_both(&scratch, i) {
                return None;
            }
            [Color::Black, Color::White]
                .into_iter()
                .find(|&c| fills_as_dame(&scratch, c, i))
                .map(|c| (c, i))
        });
        let Some((c, i)) = fillable else { break };
        scratch.play(c, i);
    }
    let mut shared: Vec<bool> = (0..cells)
        .map(|i| scratch.cell(i) == Cell::Empty && marked[i].is_none() && touches_both(&scratch, i))
        .collect();
    let owns_mark = |k: usize| {
        let (color, stones) = &chains[k];
        stones.iter().any(|&s| {
            Board::neighbours(s)
                .iter()
                .any(|&n| judged.cell(n) == Cell::Empty && marked[n] == Some(*color))
        })
    };
    // The chains next to a region, once per stone beside it.
    let chains_around = |region: &[usize]| -> Vec<usize> {
        region
            .iter()
            .flat_map(|&i| Board::neighbours(i))
            .filter(|&n| judged.cell(n).color().is_some())
            .map(|n| chain_of[n])
            .collect()
    };
    // A point neither can fill is shared only between chains of both
    // colours that own no marked point: next to a chain the players gave
    // territory it is a dame nobody fills. The chains around an unmarked
    // region holding a shared point that own no marked point are in seki;
    // the seki spreads through small unmarked eyes to the chains of its
    // colour that own none.
    // The regions of empty points no colour marked, joined through each
    // other only.
    let unmarked = judged.components_of(|i| judged.cell(i) == Cell::Empty && marked[i].is_none());
    let mut seki_chain = vec![false; chains.len()];
    for region in &unmarked {
        if !region.iter().any(|&i| shared[i]) {
            continue;
        }
        let eyeless: Vec<usize> = chains_around(region)
            .into_iter()
            .filter(|&k| !owns_mark(k))
            .collect();
        let both = [Color::Black, Color::White].map(|c| eyeless.iter().any(|&k| chains[k].0 == c));
        if both == [true, true] {
            for k in eyeless {
                seki_chain[k] = true;
            }
        } else {
            for &i in region.iter() {
                shared[i] = false;
            }
        }
    }
    loop {
        let mut spread = false;
        for region in unmarked.iter().filter(|r| r.len() <= SEKI_LINK_EYE_MAX) {
            let around = chains_around(region);
            let one_colour = around.iter().all(|&k| chains[k].0 == chains[around[0]].0);
            if around.is_empty() || !one_colour || !around.iter().any(|&k| seki_chain[k]) {
                continue;
            }
            for &k in &around {
                if !seki_chain[k] && !owns_mark(k) {
                    seki_chain[k] = true;
                    spread = true;
                }
            }
        }
        if !spread {
            break;
        }
    }

    let idx = |i: usize| {
        let p = Board::point(i);
        p.y as usize * size as usize + p.x as usize
    };
    let mut classes = vec![PointClass::Dame; size as usize * size as usize];
    for i in board.points() {
        classes[idx(i)] = match (board.cell(i).color(), judged.cell(i).color(), marked[i]) {
            (Some(c), None, _) => PointClass::DeadStone(c),
            (Some(c), Some(_), _) => PointClass::LiveStone(c),
            (None, _, Some(c)) => PointClass::Territory(c),
            _ if shared[i] => PointClass::SharedLiberty,
            _ => PointClass::Dame,
        };
    }
    // An unmarked region walled in by seki chains of one colour is their
    // seki eye.
    for region in &unmarked {
        let around = chains_around(region);
        let Some(&first) = around.first() else {
            continue;
        };
        let colour = chains[first].0;
        if around
            .iter()
            .all(|&k| chains[k].0 == colour && seki_chain[k])
        {
            for &i in region {
                classes[idx(i)] = PointClass::SekiEye(colour);
            }
        }
    }

    let infos: Vec<ChainInfo> = chains
        .iter()
        .enumerate()
        .map(|(k, (color, stones))| ChainInfo {
            color: *color,
            stones: stones.iter().map(|&s| Board::point(s)).collect(),
            status: match status[k] {
                Status::Alive if seki_chain[k] => Status::Seki,
                s => s,
            },
            confidence: 1.0,
            reason: StatusReason::Marked,
        })
        .collect();
    let counts = counts_of(&classes, board);
    let groups = groups_of(&judged, &classes, size);
    Judgement {
        size,
        source: "marks".to_string(),
        chains: infos,
        classes,
        dead,
        fills: Vec::new(),
        before_fill: counts.clone(),
        after_fill: counts,
        groups,
        confidence: 1.0,
        filled: judged,
        to_move,
        ending_begun_by: to_move,
        basis: Basis::AsJudged,
        alternatives: Vec::new(),
    }
}

/// Can `color` fill the empty `i` as a dame is filled: capturing nothing,
/// keeping two liberties or more on the chain it joins, and leaving any
/// chain it puts in atari a way out (an extension to two liberties, the
/// protective move a filling may owe)? A fill that leaves a chain caught
/// is a fight, not a count.
fn fills_as_dame(board: &Board, color: Color, i: usize) -> bool {
    let mut b = board.clone();
    let r = b.play(color, i);
    if r.captured > 0 || r.suicided > 0 || b.liberties_at_most::<1>(i).is_some() {
        return false;
    }
    Board::neighbours(i).iter().all(|&n| {
        if b.cell(n) != Cell::of(color.opponent()) {
            return true;
        }
        match b.liberties_at_most::<1>(n) {
            Some(([l], 1)) => {
                let mut t = b.clone();
                let r = t.play(color.opponent(), l);
                r.suicided == 0 && t.liberties_at_most::<1>(l).is_none()
            }
            _ => true,
        }
    })
}
