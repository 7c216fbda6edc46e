//! Capturing races counted, not read: two chains without eyes, each
//! with liberties of its own (outside liberties the opponent can fill
//! safely) and liberties they share. A player counts such a race instead
//! of reading it: the attacker fills the other chain's own liberties,
//! then the shared ones, and a shared liberty filled too early puts the
//! filler in atari first. With two shared liberties or more and no side
//! far enough ahead, neither can take the other: seki.
//!
//! The count is exact for that abstraction (a small game over the three
//! numbers); whether a position is such a race is the caller's business
//! (`group_races`). No board here.

use rustc_hash::FxHashMap;

/// How a counted race ends with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counted {
    /// The side moving first takes the other chain.
    FirstTakes,
    /// The side moving second takes the first's chain.
    SecondTakes,
    /// Neither chain can be taken: a seki.
    Neither,
}

/// The race between chains with `own` liberties each (index 0 the side
/// moving first) and `shared` liberties between them, neither with an
/// eye.
pub(crate) fn count_race(own: [u32; 2], shared: u32) -> Counted {
    let mut memo = FxHashMap::default();
    match value(own, shared, false, &mut memo) {
        1 => Counted::FirstTakes,
        -1 => Counted::SecondTakes,
        _ => Counted::Neither,
    }
}

/// The race's value for the side to move (index 0 of `own`): 1 it takes
/// the other chain, -1 its chain is taken, 0 neither; `passed` when the
/// other side has just passed (a second pass ends the race).
fn value(
    own: [u32; 2],
    shared: u32,
    passed: bool,
    memo: &mut FxHashMap<(u32, u32, u32, bool), i8>,
) -> i8 {
    let key = (own[0], own[1], shared, passed);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best: i8 = if passed {
        0
    } else {
        -value([own[1], own[0]], shared, true, memo)
    };
    // Filling one of the other chain's own liberties, which never costs
    // the mover a liberty.
    if own[1] > 0 {
        let v = if own[1] - 1 + shared == 0 {
            1
        } else {
            -value([own[1] - 1, own[0]], shared, false, memo)
        };
        best = best.max(v);
    }
    // Filling a shared liberty: it takes the other chain if that was its
    // last, and is suicide if it was the mover's last too.
    if shared > 0 && best < 1 {
        let v = if own[1] + shared - 1 == 0 {
            1
        } else if own[0] + shared - 1 == 0 {
            -1
        } else {
            -value([own[1], own[0]], shared - 1, false, memo)
        };
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without shared liberties the side with at least as many moving
    /// first wins, and one liberty behind it loses.
    #[test]
    fn without_shared_liberties_the_count_decides() {
        assert_eq!(count_race([3, 3], 0), Counted::FirstTakes);
        assert_eq!(count_race([2, 3], 0), Counted::SecondTakes);
    }

    /// One shared liberty: filling it is the capture for whoever gets
    /// there with the other in atari; the count runs as if it were the
    /// mover's own.
    #[test]
    fn one_shared_liberty_counts_for_the_side_that_fills_last() {
        assert_eq!(count_race([2, 2], 1), Counted::FirstTakes);
        assert_eq!(count_race([1, 3], 1), Counted::SecondTakes);
    }

    /// Two shared liberties and equal own liberties: whoever fills a
    /// shared one puts itself in atari, so neither does: seki.
    #[test]
    fn two_shared_liberties_with_equal_counts_are_seki() {
        assert_eq!(count_race([1, 1], 2), Counted::Neither);
        assert_eq!(count_race([0, 0], 2), Counted::Neither);
    }

    /// Kisei title 2008 game 6: Black's ten stones with two liberties of
    /// their own, White's twelve with three, five shared: seki whoever
    /// moves first.
    #[test]
    fn five_shared_liberties_and_a_liberty_apart_are_seki() {
        assert_eq!(count_race([2, 3], 5), Counted::Neither);
        assert_eq!(count_race([3, 2], 5), Counted::Neither);
    }

    /// A side far enough ahead wins even through shared liberties: with
    /// six of its own against one and two shared, it fills the one, then
    /// the shared, and the other never gets to fill its own six.
    #[test]
    fn a_big_lead_wins_through_shared_liberties() {
        assert_eq!(count_race([6, 1], 2), Counted::FirstTakes);
        assert_eq!(count_race([1, 6], 2), Counted::SecondTakes);
    }
}
